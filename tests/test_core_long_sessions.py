"""Long sessions stay flat values: equality, hashing, pickling and records work after
many deals without deep nesting (the history shares structure in two levels)."""

from __future__ import annotations

import pickle
import random
import sys
from itertools import pairwise
from typing import Any

import pytest

from cardrules import CHANCE, Raise, bourre, dumps, loads, play, random_policy, sample_chance
from cardrules.bouillotte import historic, modern
from cardrules.game import Log

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


def _raised_long(game: Any, rules: Any, raises: int) -> tuple[list[Any], list[Raise]]:
    """Every state of ``game`` through ``raises`` smallest raises in one deal (the first
    deal where a raise is legal), and those raises."""
    rng = random.Random(3)
    state = game.new_game(rules)
    while state.to_act is CHANCE or state.legal().low > state.legal().high:
        if state.to_act is CHANCE:
            state = state.apply(sample_chance(state, rng))
        else:
            actions = state.legal_actions()
            state = state.apply(actions[-1] if len(actions) < 5 else actions[0])
    states, applied = [state], []
    for _ in range(raises):
        applied.append(Raise(to=state.legal().low))
        state = state.apply(applied[-1])
        states.append(state)
    return states, applied


@pytest.mark.parametrize(
    ("game", "rules"),
    [(modern, modern.Rules(stack=10**6, max_raise=10**6)), (historic, historic.Rules(cave=10**6))],
    ids=["bouillotte-modern", "bouillotte-historic"],
)
def test_M_3_3_H_4_4_raises_without_end_keep_each_step_bounded(game: Any, rules: Any) -> None:
    """M-3.3 and H-4.4 set no limit on raises but the stacks: in a deal of a thousand
    raises the newest actions that each state copies stay bounded (they fold into the
    shared log at ``Log.CHUNK``), while its history, views (X-10) and record
    stay whole."""
    states, applied = _raised_long(game, rules, 1000)
    state = states[-1]
    # the session log's newest actions, then a full chunk shared by every later state
    lengths = [len(one._record.log.public_actions.tail) for one in states]
    assert max(lengths) == Log.CHUNK  # the newest actions grow to the bound,
    assert any(after < before for before, after in pairwise(lengths))  # then fold
    assert state.history[-1000:] == tuple(applied)
    assert state.deal_number == states[0].deal_number and not state.is_terminal
    seat = state.to_act
    view = state.view(seat)
    assert len(view.history) == len(state.history) and view.history[-1000:] == tuple(applied)
    assert view == state.view(seat)
    assert pickle.loads(pickle.dumps(view)) == view
    again = loads(dumps(state))
    assert again == state and again.view(seat) == view
