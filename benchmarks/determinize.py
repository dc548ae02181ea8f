"""Draws per second of ``cardrules.determinize`` at mid-deal, per game.

For each game (and a few rules variants), sessions are played by the heuristic bots
with a fixed seed; each is cut in the middle of a deal (half-way between the deal's
shuffle and its last action), and the view of a seat still in the deal is
determinized over and over. Prints one JSON object: per case, the positions, the
draws and the draws per second::

    python benchmarks/determinize.py
    python benchmarks/determinize.py --positions 5 --seconds 0.2
"""

from __future__ import annotations

import argparse
import json
import random
import time
from typing import Any

from cardrules import Shuffle, bourre, determinize, play
from cardrules.bots import HeuristicBot
from cardrules.bouillotte import historic, modern

CASES: dict[str, tuple[str, Any, Any]] = {
    "bouillotte-modern": ("bouillotte-modern", modern, modern.Rules()),
    "bouillotte-modern (2 retournés, change)": (
        "bouillotte-modern",
        modern,
        modern.Rules(retournes=2, retourne_change=True),
    ),
    "bouillotte-historic": ("bouillotte-historic", historic, historic.Rules()),
    "bourre": ("bourre", bourre, bourre.Rules()),
    "bourre (3 seats, 7 cards)": ("bourre", bourre, bourre.Rules(players=3, hand_size=7)),
    "bourre (7 seats, 7 cards: restocks)": (
        "bourre",
        bourre,
        bourre.Rules(players=7, hand_size=7),
    ),
}
"""The cases measured: name → (game id, game module, rules)."""


def mid_deal(game: str, module: Any, rules: Any, seed: int) -> tuple[Any, int]:
    """A position half-way through the first deal of a session played by the
    heuristic bots, and a seat to view it from (the seat to act)."""
    start = module.new_game(rules)
    seats = len(start.stacks)
    final = play(start, [HeuristicBot(game)] * seats, random.Random(seed))
    history = final.history
    shuffle = next(i for i, a in enumerate(history) if isinstance(a, Shuffle))
    end = next(
        (i for i in range(shuffle + 1, len(history)) if _deal_shuffle(history, i)),
        len(history),
    )
    state = start
    for action in history[: (shuffle + 1 + end) // 2]:
        state = state.apply(action)
    seat = state.to_act if isinstance(state.to_act, int) else (state.dealer + 1) % seats
    return state, seat


def _deal_shuffle(history: tuple[Any, ...], index: int) -> bool:
    """Whether ``history[index]`` is a deal's shuffle (not a Bourré restock)."""
    if not isinstance(history[index], Shuffle):
        return False
    return not isinstance(history[index - 1], bourre.Exchange)


def measure(name: str, positions: int, seconds: float) -> dict[str, Any]:
    """Determinize ``positions`` mid-deal views of case ``name`` for ``seconds`` each."""
    game, module, rules = CASES[name]
    draws = 0
    spent = 0.0
    for seed in range(positions):
        state, seat = mid_deal(game, module, rules, seed)
        view = state.view(seat)
        rng = random.Random(seed)
        begin = time.perf_counter()
        while True:
            determinize(view, rng)
            draws += 1
            elapsed = time.perf_counter() - begin
            if elapsed >= seconds:
                break
        spent += elapsed
    return {
        "case": name,
        "positions": positions,
        "draws": draws,
        "seconds": round(spent, 3),
        "draws_per_second": round(draws / spent, 1),
    }


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--positions", type=int, default=20, help="positions per case")
    parser.add_argument("--seconds", type=float, default=0.5, help="seconds per position")
    args = parser.parse_args()
    results = [measure(name, args.positions, args.seconds) for name in CASES]
    print(json.dumps({"determinize": results}, indent=2))


if __name__ == "__main__":
    main()
