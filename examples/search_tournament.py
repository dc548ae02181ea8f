"""SearchBot against the heuristic bots and against random play, in every game.

One seat is played by ``SearchBot(game)``, the others by ``HeuristicBot(game)`` or by
``RandomBot()``; the heuristic bot against random play is shown for reference. Each
match is a :func:`cardrules.simulate` run on duplicate deals (``rotate=True``: every
deal sequence is played once per seat, the policies rotated round the table), so the
luck of the cards cancels out. It prints the first policy's mean result per session
with its 95% confidence interval, and the search's median and slowest move.

Usage: ``python examples/search_tournament.py [--sessions N] [--simulations N]
[--seed S] [--deals N]`` — a few sessions by default, so that the test suite runs it in
seconds; the documentation gives the results of
``python examples/search_tournament.py --sessions 1200``.
"""

from __future__ import annotations

import argparse
import random
import statistics
import time
from typing import Any

from cardrules import simulate
from cardrules.bots import HeuristicBot, RandomBot, SearchBot
from cardrules.registry import get_game

GAMES = ("bouillotte-modern", "bouillotte-historic", "bourre")


class Timed:
    """A policy that times another's moves with more than one legal action."""

    def __init__(self, policy: Any) -> None:
        self.policy = policy
        self.seconds: list[float] = []

    def __call__(self, view: Any, rng: random.Random) -> Any:
        started = time.perf_counter()
        action = self.policy(view, rng)
        if view.legal().count > 1:
            self.seconds.append(time.perf_counter() - started)
        return action


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--sessions", type=int, default=8, help="sessions per match")
    parser.add_argument("--simulations", type=int, default=None, help="SearchBot's worlds")
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--deals", type=int, default=1, help="deals per session")
    parser.add_argument("--games", nargs="*", default=GAMES)
    args = parser.parse_args()
    budget = {} if args.simulations is None else {"simulations": args.simulations}
    print(f"{args.sessions} sessions of {args.deals} deal(s) per match, seed {args.seed}")
    print(f"{'game':20} {'match':24} {'mean':>8}  95% interval")
    for game_id in args.games:
        game = get_game(game_id)
        rules = game.Rules(deals=args.deals)
        players = len(game.new_game(rules).stacks)
        search = Timed(SearchBot(game_id, **budget))
        heuristic = HeuristicBot(game_id)
        matches = (
            ("search vs heuristic", search, heuristic),
            ("search vs random", search, RandomBot()),
            ("heuristic vs random", heuristic, RandomBot()),
        )
        for name, bot, others in matches:
            result = simulate(
                game_id,
                [bot] + [others] * (players - 1),
                sessions=args.sessions,
                seed=args.seed,
                rotate=True,
                rules=rules,
            )
            low, high = result.ci95[0]
            print(
                f"{game_id:20} {name:24} {float(result.mean[0]):+8.3f}  [{low:+.3f}, {high:+.3f}]"
            )
        moves = search.seconds
        if moves:
            median, slowest = statistics.median(moves) * 1000, max(moves) * 1000
            print(
                f"{game_id:20} {'search move time':24} median {median:.1f} ms, "
                f"slowest {slowest:.1f} ms over {len(moves)} moves"
            )


if __name__ == "__main__":
    main()
