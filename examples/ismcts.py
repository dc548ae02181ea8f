"""OpenSpiel's information-set MCTS against random play and against our heuristic bot.

On Bourré and on modern Bouillotte (as registered by ``cardrules.adapters.openspiel``),
one seat is played by OpenSpiel's ``ISMCTSBot`` (random rollouts), the others by random
play or by ``cardrules.bots.HeuristicBot``; the search seat moves round the table from
game to game. It prints the search seat's mean result per game with a 95% confidence
interval.

ISMCTS needs full states drawn among those the searching seat cannot tell from the real
one. The adapter's ``resample_from_infostate`` draws them with
:func:`cardrules.determinize`: uniformly among the deals consistent with everything the
seat has seen, legality included (a seat that did not follow suit is void in it). The
script hands it its own random source, so a run is reproducible from its seed.

Usage: ``python examples/ismcts.py [GAMES] [SIMULATIONS] [SEED] [NAME ...]`` (the
OpenSpiel names of the games to play: both by default) — small numbers by
default, so that the test suite runs it in seconds; the documentation gives the results
of ``python examples/ismcts.py 200 50 1``.
"""

from __future__ import annotations

import math
import random
import statistics
import sys
from collections.abc import Callable
from typing import Any

try:
    import numpy as np
    import pyspiel
    from open_spiel.python.algorithms import ismcts, mcts
except ImportError:
    print("this example needs OpenSpiel: pip install 'cardrules[openspiel]'")
    sys.exit(0)


import cardrules.adapters.openspiel  # noqa: F401  (importing it registers the games)
from cardrules.bots import HeuristicBot

GAMES = ("cardrules_bourre", "cardrules_bouillotte_modern")


def opponent(kind: str, game: Any) -> Callable[[Any, int, random.Random], int]:
    """Random play, or the heuristic bot of the game, as a chooser of action ids."""
    if kind == "random":
        return lambda state, seat, rng: rng.choice(state.legal_actions())
    bot = HeuristicBot(game.game_id)

    def heuristic(state: Any, seat: int, rng: random.Random) -> int:
        view = state.view(seat)
        return int(game.encoding.action_id(bot(view, rng), view))

    return heuristic


def match(name: str, kind: str, games: int, simulations: int, seed: int) -> list[float]:
    """The search seat's result in each of ``games`` games against ``kind``."""
    game = pyspiel.load_game(name)
    rng = random.Random(seed)
    search = ismcts.ISMCTSBot(
        game=game,
        evaluator=mcts.RandomRolloutEvaluator(1, np.random.RandomState(seed)),
        uct_c=5.0,
        max_simulations=simulations,
        max_world_samples=max(1, simulations // 10),
        random_state=np.random.RandomState(seed),
    )
    draws = random.Random(seed + 1)  # the determinizations' own random source
    search.set_resampler(lambda state, player: state.resample_from_infostate(player, draws.random))
    other = opponent(kind, game)
    results = []
    for number in range(games):
        seat = number % game.num_players()
        state = game.new_initial_state()
        while not state.is_terminal():
            if state.is_chance_node():
                state.apply_action(rng.choice(state.legal_actions()))
            elif state.current_player() == seat:
                state.apply_action(search.step(state))
            else:
                state.apply_action(other(state, state.current_player(), rng))
        results.append(state.returns()[seat])
    return results


def main(argv: list[str]) -> None:
    defaults = [3, 10, 1]  # games per match, simulations a move, seed
    games, simulations, seed = ([int(a) for a in argv[:3]] + defaults[len(argv) :])[:3]
    names = argv[3:] or GAMES  # optionally, the games to play
    print(f"ISMCTS ({simulations} simulations a move), {games} games per match")
    for name in names:
        for kind in ("random", "heuristic"):
            results = match(name, kind, games, simulations, seed)
            mean = statistics.fmean(results)
            half = 1.96 * statistics.stdev(results) / math.sqrt(len(results))
            print(
                f"{name:28} vs {kind:9}: mean {mean:+7.2f} a game, "
                f"95% CI [{mean - half:+.2f}, {mean + half:+.2f}]"
            )


if __name__ == "__main__":
    main(sys.argv[1:])
