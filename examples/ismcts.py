"""OpenSpiel's information-set MCTS against random play and against our heuristic bot.

On Bourré and on modern Bouillotte (as registered by ``cardrules.adapters.openspiel``),
one seat is played by OpenSpiel's ``ISMCTSBot`` (random rollouts), the others by random
play or by ``cardrules.bots.HeuristicBot``; the search seat moves round the table from
game to game. It prints the search seat's mean result per game with a 95% confidence
interval.

ISMCTS needs full states drawn among those the searching seat cannot tell from the real
one (``cardrules.determinize`` will provide them; until then this script draws its
own). It replays the game's OpenSpiel history through the card-by-card chance layer,
keeps every card the seat has seen where it was dealt, deals every other card at random
among the cards the seat has not seen (another seat's hidden Bourré exchange discards
cards drawn at random among those it holds that the seat has not seen), and keeps the
draw only if the seat's view of the result equals its real view: rejection sampling,
so every consistent deal is equally likely. After 3000 rejected draws (a position
that almost no deal explains) it uses the real state, and says how often it did.

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

import attrs

import cardrules.adapters.openspiel  # noqa: F401  (importing it registers the games)
from cardrules.bots import HeuristicBot
from cardrules.bourre import Exchange
from cardrules.cards import Card

GAMES = ("cardrules_bourre", "cardrules_bouillotte_modern")


def known_cards(value: Any, found: set[Card] | None = None) -> set[Card]:
    """Every card in a view's public members (its hand, the cards face up, the cards
    shown, the cards played), found by walking them."""
    found = set() if found is None else found
    if isinstance(value, Card):
        found.add(value)
    elif isinstance(value, tuple | list | frozenset | set):
        for item in value:
            known_cards(item, found)
    elif attrs.has(type(value)):
        for field in attrs.fields(type(value)):
            known_cards(getattr(value, field.name), found)
    elif hasattr(value, "legal_actions"):  # a view: its public members
        for name in dir(value):
            member = None if name.startswith("_") else getattr(value, name)
            if not callable(member):
                known_cards(member, found)
    return found


class Resampler:
    """The ISMCTS resampler: a state ``player`` cannot tell from ``state``.

    After ``tries`` rejected draws (a position whose constraints almost no deal meets)
    it hands back the real state and counts it in ``fallbacks``, printed with the
    results."""

    def __init__(self, rng: random.Random, tries: int = 3000) -> None:
        self.rng, self.tries = rng, tries
        self.samples = self.fallbacks = 0

    def __call__(self, state: Any, player: int) -> Any:
        game = state.get_game()
        view = state.view(player)
        seen = known_cards(view)
        history = state.history()
        self.samples += 1
        for _ in range(self.tries):
            sample = _draw(game, history, seen, self.rng)
            if sample is not None and sample.view(player) == view:
                return sample
        self.fallbacks += 1
        return state.clone()


def _draw(game: Any, history: list[int], seen: set[Card], rng: random.Random) -> Any:
    """Replay ``history`` with every card not in ``seen`` dealt at random; ``None``
    when an action of the history is not legal in the replay.

    Another seat's Bourré exchange keeps its number of cards but discards cards drawn
    at random among those of its new hand that the searching seat has not seen (a card
    it saw that seat play later was kept)."""
    deck = game.deck
    sample = game.new_initial_state()
    for action in history:
        if sample.is_chance_node():
            if deck[action] not in seen:
                unseen = [a for a, _ in sample.chance_outcomes() if deck[a] not in seen]
                action = rng.choice(unseen)
        elif action not in sample.legal_actions():
            return None
        else:
            action = _hidden_exchange(game, sample, action, seen, rng)
        sample.apply_action(action)
    return sample


def _hidden_exchange(
    game: Any, sample: Any, action: int, seen: set[Card], rng: random.Random
) -> int:
    """``action``, or for a hidden exchange of another seat, discards of the same count
    drawn among its cards the searching seat has not seen."""
    view = sample.view(sample.current_player())
    chosen = game.encoding.action_of(action, view)
    if not isinstance(chosen, Exchange) or set(chosen.discards) <= seen:
        return action
    free = [card for card in view.hand if card not in seen]
    if len(free) < len(chosen.discards):
        return action
    discards = tuple(sorted(rng.sample(free, len(chosen.discards))))
    return int(game.encoding.action_id(Exchange(discards), view))


def opponent(kind: str, game: Any) -> Callable[[Any, int, random.Random], int]:
    """Random play, or the heuristic bot of the game, as a chooser of action ids."""
    if kind == "random":
        return lambda state, seat, rng: rng.choice(state.legal_actions())
    bot = HeuristicBot(game.game_id)

    def heuristic(state: Any, seat: int, rng: random.Random) -> int:
        view = state.view(seat)
        return int(game.encoding.action_id(bot(view, rng), view))

    return heuristic


def match(
    name: str, kind: str, games: int, simulations: int, seed: int
) -> tuple[list[float], Resampler]:
    """The search seat's result in each of ``games`` games against ``kind``, and the
    resampler (with its counts)."""
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
    resampler = Resampler(rng)
    search.set_resampler(resampler)
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
    return results, resampler


def main(argv: list[str]) -> None:
    defaults = [3, 10, 1]  # games per match, simulations a move, seed
    games, simulations, seed = ([int(a) for a in argv[:3]] + defaults[len(argv) :])[:3]
    names = argv[3:] or GAMES  # optionally, the games to play
    print(f"ISMCTS ({simulations} simulations a move), {games} games per match")
    for name in names:
        for kind in ("random", "heuristic"):
            results, resampler = match(name, kind, games, simulations, seed)
            mean = statistics.fmean(results)
            half = 1.96 * statistics.stdev(results) / math.sqrt(len(results))
            print(
                f"{name:28} vs {kind:9}: mean {mean:+7.2f} a game, "
                f"95% CI [{mean - half:+.2f}, {mean + half:+.2f}]; "
                f"{resampler.fallbacks} of {resampler.samples} world samples fell back"
            )


if __name__ == "__main__":
    main(sys.argv[1:])
