"""Draws per second of ``cardrules.determinize`` at mid-deal, per game, and at the
worst positions known.

For each game (and a few rules variants), sessions are played by the heuristic bots
with a fixed seed; each is cut in the middle of a deal (half-way between the deal's
shuffle and its last action), and the view of a seat still in the deal is
determinized over and over. The worst cases are positions where a random deal almost
never fits the view: modern Bouillotte with every seat but the dealer announcing a
brelan (five seats, four announcers; four seats, three), and seven seats of seven
Bourré cards standing pat, a few tricks played at random (many seats void in suits
or barred from heading). Prints one JSON object: per case, the positions, the draws,
the draws per second and the slowest draw in milliseconds::

    python benchmarks/determinize.py
    python benchmarks/determinize.py --positions 5 --seconds 0.2
"""

from __future__ import annotations

import argparse
import json
import random
import time
from typing import Any

from cardrules import Shuffle, bourre, determinize, play, sample_chance
from cardrules.bots import HeuristicBot
from cardrules.bouillotte import historic, modern
from cardrules.cards import cards

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

WORST: dict[str, tuple[str, Any, Any]] = {
    "bouillotte-modern (5 seats, 4 announcers)": ("bouillotte-modern", modern, 5),
    "bouillotte-modern (4 seats, 3 announcers)": ("bouillotte-modern", modern, 4),
    "bourre (7 seats, 7 cards, all stand pat)": ("bourre", bourre, 7),
}
"""The worst positions: name → (game id, game module, seats)."""

_BRELANS = ("8c 8d 8h", "9c 9d 9h", "Qc Qd Qh", "Jc Jd Jh")


def announcers(players: int, seed: int) -> tuple[Any, int]:
    """Modern Bouillotte, ``players`` seats: every seat but the dealer holds a brelan
    simple and announces it, then checks; the dealer's view (to act)."""
    rules = modern.Rules(players=players)
    state = modern.new_game(rules, dealer=0)
    brelans = _BRELANS[: players - 1]
    order = random.Random(seed).sample(brelans, len(brelans))
    hands = {seat: cards(text) for seat, text in zip(range(1, players), order, strict=True)}
    hands[0] = cards("Ac Kd As")
    state = state.apply(modern.arrange_deck(state, hands, retourne=cards("Ks")[0]))
    while state.to_act != 0:
        state = state.apply(modern.Announce()).apply(modern.Check())
    return state, 0


def stood_pat(seed: int) -> tuple[Any, int]:
    """Seven seats of seven Bourré cards, all in and standing pat, three tricks played
    at random; the view of the seat to act."""
    rng = random.Random(seed)
    state = bourre.new_game(bourre.Rules(players=7, hand_size=7), dealer=0)
    state = state.apply(sample_chance(state, rng))
    for _ in range(7):
        state = state.apply(bourre.StayIn())
    for _ in range(7):
        state = state.apply(bourre.Exchange(()))
    for _ in range(21):
        state = state.apply(rng.choice(state.legal_actions()))
    return state, state.to_act


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
    """Determinize ``positions`` views of case ``name`` for ``seconds`` each."""
    draws = 0
    spent = slowest = 0.0
    for seed in range(positions):
        if name in WORST:
            _, _, seats = WORST[name]
            state, seat = stood_pat(seed) if seats == 7 else announcers(seats, seed)
        else:
            game, module, rules = CASES[name]
            state, seat = mid_deal(game, module, rules, seed)
        view = state.view(seat)
        rng = random.Random(seed)
        begin = time.perf_counter()
        while True:
            start = time.perf_counter()
            determinize(view, rng)
            draws += 1
            now = time.perf_counter()
            slowest = max(slowest, now - start)
            elapsed = now - begin
            if elapsed >= seconds:
                break
        spent += elapsed
    return {
        "case": name,
        "positions": positions,
        "draws": draws,
        "seconds": round(spent, 3),
        "draws_per_second": round(draws / spent, 1),
        "slowest_ms": round(1000 * slowest, 2),
    }


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--positions", type=int, default=20, help="positions per case")
    parser.add_argument("--seconds", type=float, default=0.5, help="seconds per position")
    args = parser.parse_args()
    results = [measure(name, args.positions, args.seconds) for name in (*CASES, *WORST)]
    print(json.dumps({"determinize": results}, indent=2))


if __name__ == "__main__":
    main()
