"""Play a seeded game between random bots and print its transcript.

python -m cardrules [bouillotte-modern | bouillotte-historic | bourre] [--seed N]
                    [--deals N] [--players N] [--record FILE]
"""

from __future__ import annotations

import argparse
import random
import sys
from collections.abc import Sequence

from cardrules.chance import play, random_policy
from cardrules.errors import CardRulesError
from cardrules.records import dumps
from cardrules.registry import get_game
from cardrules.transcript import transcript

GAMES = ("bouillotte-modern", "bouillotte-historic", "bourre")


def main(argv: Sequence[str] | None = None) -> int:
    """Run the command line; returns the exit status."""
    parser = argparse.ArgumentParser(
        prog="python -m cardrules",
        description="Play a seeded game between random bots and print what happened.",
    )
    parser.add_argument("game", nargs="?", default="bouillotte-modern", choices=GAMES)
    parser.add_argument("--seed", type=int, default=1, help="random seed (default 1)")
    parser.add_argument("--deals", type=int, help="number of deals (default: the rules')")
    parser.add_argument("--players", type=int, help="number of players (modern, bourre)")
    parser.add_argument("--record", metavar="FILE", help="also save the game record here")
    args = parser.parse_args(argv)
    game = get_game(args.game)
    changes = {}
    if args.deals is not None:
        changes["deals"] = args.deals
    if args.players is not None:
        changes["players"] = args.players
    try:
        rules = game.Rules(**changes)
    except (CardRulesError, TypeError) as error:
        parser.error(str(error))
    state = game.new_game(rules)
    players = len(state.stacks)
    final = play(state, [random_policy] * players, random.Random(args.seed))
    try:
        for line in transcript(final):
            print(line)
    except BrokenPipeError:  # the reader stopped early (``| head``): not an error
        sys.stderr.close()
        return 0
    if args.record:
        with open(args.record, "w", encoding="utf-8") as file:
            file.write(dumps(final, indent=1))
        print(f"record saved to {args.record}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
