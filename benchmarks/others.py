"""Other engines measured the way the cardrules loops are: one measurement per process.

``run.py`` starts this script once per measurement and reads the one JSON line it
prints; by hand::

    python benchmarks/others.py --engine pokerkit --observe --seconds 1
    python benchmarks/others.py --engine openspiel --game python_kuhn_poker --no-observe

``pokerkit``
    No-limit Texas hold'em for 4 players (blinds 1-2, stacks of 200), every chance
    event and every chip movement automated, so that the only operations left are the
    players' decisions. A random decision picks uniformly among the kinds of action
    that are legal (fold, check or call, bet or raise) and, for a raise, uniformly
    among the legal amounts. PokerKit has no per-seat view object; the observation is
    what a seat may see, gathered from its public getters: its own hole cards and the
    other seats' censored, the board, the stacks and the bets.
``openspiel``
    An OpenSpiel game through ``pyspiel`` (``python_*`` games are written in Python):
    chance nodes sampled from ``chance_outcomes()``, a decision is ``legal_actions()``,
    a uniform choice, ``apply_action``; the observation is
    ``information_state_string(player)``.

A deal is one hand or episode. When the package is not installed, the script prints
``{"missing": "..."}`` and exits normally, so that a run without the ``bench`` extra
still works.
"""

from __future__ import annotations

import argparse
import gc
import json
import random
import sys
import time
from collections.abc import Callable


def pokerkit_hand(observe: bool, seed: int) -> Callable[[random.Random], int] | str:
    """A function playing one random hand and returning its number of decisions, or
    the reason PokerKit cannot be used."""
    try:
        import pokerkit
    except ImportError as error:
        return f"pokerkit is not installed ({error}); pip install 'cardrules[bench]'"
    from pokerkit import Automation, NoLimitTexasHoldem

    automations = tuple(Automation)
    # PokerKit shuffles its deck with the module-level generator
    random.seed(seed)

    def play_one(rng: random.Random) -> int:
        state = NoLimitTexasHoldem.create_state(
            automations, True, 0, (1, 2), 2, (200, 200, 200, 200), 4
        )
        randrange = rng.randrange
        decisions = 0
        while state.status:
            actor = state.actor_index
            if actor is None:  # nothing left to decide (all in): automations finish
                break
            if observe:
                (
                    tuple(state.get_censored_hole_cards(actor)),
                    tuple(state.board_cards),
                    tuple(state.stacks),
                    tuple(state.bets),
                )
            kinds = []
            if state.can_fold():
                kinds.append(0)
            if state.can_check_or_call():
                kinds.append(1)
            if state.can_complete_bet_or_raise_to():
                kinds.append(2)
            kind = kinds[randrange(len(kinds))]
            if kind == 0:
                state.fold()
            elif kind == 1:
                state.check_or_call()
            else:
                low = state.min_completion_betting_or_raising_to_amount
                high = state.max_completion_betting_or_raising_to_amount
                state.complete_bet_or_raise_to(low + randrange(high - low + 1))
            decisions += 1
        return decisions

    play_one.version = pokerkit.__version__ if hasattr(pokerkit, "__version__") else ""  # type: ignore[attr-defined]
    return play_one


def openspiel_episode(game_name: str, observe: bool) -> Callable[[random.Random], int] | str:
    """A function playing one random episode and returning its number of decisions, or
    the reason OpenSpiel cannot be used."""
    try:
        import open_spiel.python.games  # noqa: F401 - registers the python_* games
        import pyspiel
    except ImportError as error:
        return f"open_spiel is not installed ({error}); pip install 'cardrules[bench]'"
    game = pyspiel.load_game(game_name)

    def play_one(rng: random.Random) -> int:
        state = game.new_initial_state()
        randrange = rng.randrange
        decisions = 0
        while not state.is_terminal():
            if state.is_chance_node():
                outcomes = state.chance_outcomes()
                pick = rng.random()
                for action, probability in outcomes:  # noqa: B007 - the one picked
                    pick -= probability
                    if pick <= 0:
                        break
                state.apply_action(action)
                continue
            player = state.current_player()
            if observe:
                state.information_state_string(player)
            legal = state.legal_actions()
            state.apply_action(legal[randrange(len(legal))])
            decisions += 1
        return decisions

    return play_one


def main(argv: list[str] | None = None) -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0] if __doc__ else "")
    parser.add_argument("--engine", choices=("pokerkit", "openspiel"), required=True)
    parser.add_argument("--game", default="python_kuhn_poker", help="OpenSpiel game name")
    parser.add_argument("--observe", action=argparse.BooleanOptionalAction, default=True)
    parser.add_argument("--seconds", type=float, default=1.0)
    parser.add_argument("--seed", type=int, default=1)
    args = parser.parse_args(argv)
    game = "nlhe-4" if args.engine == "pokerkit" else args.game
    if args.engine == "pokerkit":
        play_one = pokerkit_hand(args.observe, args.seed)
    else:
        play_one = openspiel_episode(args.game, args.observe)
    if isinstance(play_one, str):
        print(json.dumps({"engine": args.engine, "game": game, "missing": play_one}))
        return
    rng = random.Random(-args.seed - 1)
    for _ in range(20):  # warm-up
        play_one(rng)
    rng = random.Random(args.seed)
    deals = decisions = 0
    gc.collect()
    clock = time.perf_counter
    start = clock()
    while True:
        decisions += play_one(rng)
        deals += 1
        wall = clock() - start
        if wall >= args.seconds:
            break
    print(
        json.dumps(
            {
                "engine": args.engine,
                "game": game,
                "views": args.observe,
                "seed": args.seed,
                "deals": deals,
                "decisions": decisions,
                "seconds": wall,
                "us_per_deal": 1e6 * wall / deals,
                "us_per_decision": 1e6 * wall / max(decisions, 1),
                "decisions_per_deal": decisions / deals,
                "python": sys.version.split()[0],
            }
        )
    )


if __name__ == "__main__":
    main()
