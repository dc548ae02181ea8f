"""Load a game record and print it move by move, as each seat saw it.

Usage: ``python examples/replay_record.py [RECORD.json] [--seat N]``. Without a file,
it records a seeded Bourré deal between bots first, then replays that record.
"""

from __future__ import annotations

import argparse
import random
from typing import Any

from cardrules import CHANCE, Shuffle, dumps, loads, play, random_policy
from cardrules.bourre import Rules, new_game
from cardrules.registry import get_game


def sample_record() -> str:
    """A record of a seeded two-deal Bourré session between random bots."""
    final = play(new_game(Rules(players=4, deals=2)), [random_policy] * 4, random.Random(11))
    return dumps(final)


def seat_line(view: Any) -> str:
    """What the seat holds, as its view shows it."""
    hand = getattr(view, "hand", ())
    return " ".join(str(card) for card in hand) or "-"


def replay(text: str, seats: list[int]) -> None:
    """Replay a record action by action, showing each seat's view after each step."""
    final = loads(text)
    game = get_game(final.GAME_ID)
    state = game.new_game(final.rules, stacks=final.initial_stacks, dealer=final.initial_dealer)
    print(f"{final.GAME_ID}: {len(final.history)} actions, {len(final.stacks)} seats")
    for number, action in enumerate(final.history, 1):
        actor = state.to_act
        state = state.apply(action)
        who = "chance" if actor is CHANCE else f"seat {actor}"
        what = "shuffles and deals" if isinstance(action, Shuffle) else str(action)
        print(f"{number:3}. {who}: {what}")
        for seat in seats:
            print(f"       seat {seat} sees: {seat_line(state.view(seat))}")
    assert state == final
    print("results:", ", ".join(f"seat {s} {r}" for s, r in enumerate(final.returns())))


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0] if __doc__ else None)
    parser.add_argument("record", nargs="?", help="a record written by cardrules.dumps")
    parser.add_argument("--seat", type=int, action="append", help="seat(s) to follow")
    args = parser.parse_args()
    if args.record:
        with open(args.record, encoding="utf-8") as file:
            text = file.read()
    else:
        text = sample_record()
    replay(text, args.seat or [0, 1])


if __name__ == "__main__":
    main()
