"""Long sessions stay flat values: equality, hashing, pickling and records work after
many deals without deep nesting (the history shares structure in two levels)."""

from __future__ import annotations

import pickle
import random
import sys
from typing import Any

import pytest

from cardrules import bourre, dumps, loads, play, random_policy
from cardrules.bouillotte import historic, modern

SESSIONS = [
    (modern, modern.Rules(deals=60, stack=500)),
    (historic, historic.Rules(deals=60)),
    (bourre, bourre.Rules(deals=60)),
]


@pytest.mark.parametrize(("game", "rules"), SESSIONS, ids=lambda v: getattr(v, "GAME_ID", ""))
def test_X_7_long_session_pickles_flat_and_replays(game: Any, rules: Any) -> None:
    """X-7: a 60-deal session ends, and its state pickles under a small recursion limit."""
    start = game.new_game(rules)
    final = play(start, [random_policy] * len(start.stacks), random.Random(8))
    assert final.is_terminal and final.deal_number == 59
    assert len(final.history) > 8 * 60  # several chunks of the log
    limit = sys.getrecursionlimit()
    sys.setrecursionlimit(200)
    try:
        copy = pickle.loads(pickle.dumps(final))
    finally:
        sys.setrecursionlimit(limit)
    assert copy == final and hash(copy) == hash(final)
    assert loads(dumps(final)) == final
    assert sum(final.returns()) + final.pot == 0
