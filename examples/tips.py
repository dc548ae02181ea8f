"""Do the sources' strategy tips hold? Measure each one, and the sources' odds.

For each tip of the seeds, the heuristic bot with the tip plays against three copies
of the same bot without it, on duplicate deals (every deal sequence is played once
per seat, the bots rotated round the table), so the luck of the cards cancels out.
The with-tip bot's mean result per deal, with its 95% confidence interval, is the
tip's effect: above zero, the tip wins chips. Then each heuristic bot against three
random players, and the brelan odds the modern texts state against those measured
and the exact ones.

Run it with ``python examples/tips.py`` (a quick run of 400 deals per line); the
docs page *Do the tips hold?* shows ``python examples/tips.py --deals 10000``.
"""

from __future__ import annotations

import argparse
import math
import sys
from concurrent.futures import Executor, ProcessPoolExecutor
from typing import Any

from cardrules import Simulation, simulate
from cardrules.bots import HeuristicBot, RandomBot
from cardrules.bouillotte import historic
from cardrules.simulation import brelan_odds

TIPS = [
    ("bouillotte-modern", "announce", "announce a brelan for the side fee"),
    ("bouillotte-modern", "bet_hard", "bet hard with a brelan"),
    ("bouillotte-modern", "fold_weak", "fold weak point hands against a raise"),
    ("bouillotte-modern", "bluff", "bluff now and then in the retourné's suit"),
    ("bouillotte-historic", "carre", "carre when it is cheap"),
    ("bouillotte-historic", "by_strength", "open, raise and fold by strength"),
    ("bouillotte-historic", "collective_point", "judge a point by the collective point"),
    ("bourre", "stay_rule", "stay in only with a reliable trick winner"),
    ("bourre", "keep_trumps", "keep trumps and aces in the exchange"),
    ("bourre", "lead_trumps", "lead trumps when long in them"),
    ("bourre", "avoid_crowds", "do not stay in weak behind two seats already in"),
]
"""(game, tip switch, the tip in short)."""


def deals_per_session(game: str) -> int:
    """Deals in one session with the default rules (the historic game plays 12)."""
    return historic.Rules().deals if game == "bouillotte-historic" else 1


def sessions_for(game: str, deals: int, players: int = 4) -> int:
    """The fewest sessions, a multiple of the seats, that play at least ``deals`` deals."""
    per = deals_per_session(game)
    sessions = math.ceil(deals / per)
    return math.ceil(sessions / players) * players


def run(
    game: str, policies: list[Any], deals: int, seed: str, executor: Executor | None
) -> Simulation:
    """Seeded duplicate-deal simulation of at least ``deals`` deals."""
    return simulate(
        game,
        policies,
        sessions=sessions_for(game, deals),
        seed=seed,
        rotate=True,
        executor=executor,
        chunk_size=50,
    )


def per_deal(result: Simulation, game: str) -> tuple[float, float, float]:
    """Seat 0's mean result per deal and its 95% interval."""
    per = deals_per_session(game)
    low, high = result.ci95[0]
    return float(result.mean[0]) / per, low / per, high / per


def verdict(low: float, high: float) -> str:
    """Whether the interval says the tip wins, loses, or cannot tell."""
    if low > 0:
        return "holds"
    if high < 0:
        return "costs chips"
    return "no clear effect"


def main(argv: list[str] | None = None) -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--deals", type=int, default=400, help="deals per line (default 400)")
    parser.add_argument("--workers", type=int, default=1, help="processes (default 1)")
    parser.add_argument("--seed", default="tips", help="seed (default 'tips')")
    args = parser.parse_args(argv)
    executor = ProcessPoolExecutor(args.workers) if args.workers > 1 else None
    try:
        print(
            f"Each line: at least {args.deals} deals, duplicated over the 4 seats, seed "
            f"{args.seed!r}. Effect: the with-tip bot's mean result per deal, in chips, "
            "[95% interval]."
        )
        print()
        print("The tips, a bot with the tip against three copies of it without:")
        for game, tip, text in TIPS:
            with_tip = HeuristicBot(game)
            without = HeuristicBot(game, **{tip: 0.0 if tip == "bluff" else False})
            result = run(game, [with_tip] + [without] * 3, args.deals, args.seed, executor)
            mean, low, high = per_deal(result, game)
            print(
                f"  {game:19} {tip:16} {text:48} {mean:+8.3f} [{low:+.3f}, {high:+.3f}] "
                f"{verdict(low, high)} ({result.deals} deals)"
            )
        print()
        print("Each heuristic bot against three random players:")
        measured: dict[str, Simulation] = {}
        for game in ("bouillotte-modern", "bouillotte-historic", "bourre"):
            result = run(
                game, [HeuristicBot(game)] + [RandomBot()] * 3, args.deals, args.seed, executor
            )
            measured[game] = result
            mean, low, high = per_deal(result, game)
            print(
                f"  {game:19} {mean:+8.3f} [{low:+.3f}, {high:+.3f}] {verdict(low, high)} "
                f"({result.deals} deals)"
            )
        print()
        print(
            "The sources' odds against the measured and the exact ones (one hand of 3 "
            "from 20 cards, one retourné):"
        )
        odds = brelan_odds(5)
        frequencies = measured["bouillotte-modern"].frequencies
        for name, label in (
            ("brelan", "brelan (three of a rank in hand)"),
            ("favori", "brelan favori (a pair and the retourné)"),
            ("carre", "brelan carré (three and the retourné)"),
        ):
            frequency = frequencies[name]
            print(
                f"  {label:42} measured {float(frequency.rate):.4f} "
                f"({frequency.count}/{frequency.out_of}), exact {float(odds[name]):.4f} "
                f"= {odds[name]}"
            )
        wide = odds["favori_or_brelan"]
        print(
            "  the modern texts' 'about 4% per opponent': 0.04; "
            f"brelan {float(odds['brelan']):.4f}, brelan or favori {float(wide):.4f} = {wide}; "
            "neither reading gives 4%"
        )
        unseen = 20 - 3 - 1
        print(
            f"  their '14 unseen cards': a seat sees its 3 cards and the retourné, so "
            f"{unseen} are unseen, not 14"
        )
        frequencies = measured["bouillotte-historic"].frequencies
        for name in ("brelan", "carre"):
            frequency = frequencies[name]
            print(
                f"  historic {name:33} measured {float(frequency.rate):.4f} "
                f"({frequency.count}/{frequency.out_of}), exact {float(odds[name]):.4f}"
            )
        for name, frequency in measured["bourre"].frequencies.items():
            print(
                f"  Bourré, heuristic against random: {name} {frequency.count} in "
                f"{frequency.out_of} deals = {float(frequency.rate):.4f}"
            )
    finally:
        if executor is not None:
            executor.shutdown()


if __name__ == "__main__":
    main(sys.argv[1:])
