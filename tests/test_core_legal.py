"""The legal set (:class:`cardrules.legal.Legal`): its actions spelled out once and kept
by a set that many states share (X-9: ``legal_actions()``, ``is_legal()`` and a refusal
come from this one value)."""

from __future__ import annotations

import random

from cardrules import CHANCE, sample_chance
from cardrules.actions import CHECK, Raise
from cardrules.bouillotte import modern
from cardrules.legal import Legal


def test_X_9_spelled_actions_are_returned_as_kept_and_take_no_part_in_equality() -> None:
    plain = Legal((CHECK,), low=2, high=4, at=1)
    spelled = plain.actions()
    kept = Legal((CHECK,), low=2, high=4, at=1, spelled=spelled)
    assert spelled == (CHECK, Raise(2), Raise(3), Raise(4))
    assert kept.actions() is spelled
    assert kept == plain and hash(kept) == hash(plain)
    assert kept.spelled is spelled and plain.spelled is None


def test_X_9_modern_views_list_the_shared_legal_sets_spelled_actions() -> None:
    state = modern.new_game()
    rng = random.Random(7)
    seen = 0
    while not state.is_terminal and seen < 20:
        if state.to_act is CHANCE:
            state = state.apply(sample_chance(state, rng))
            continue
        legal = state.legal()
        view = state.view(state.to_act)  # type: ignore[arg-type]
        if legal.low <= legal.high:  # raises: a few, spelled once when the set was made
            assert legal.spelled is not None
            assert view.legal_actions() is legal.spelled
            assert state.legal_actions() == legal.spelled
            seen += 1
        actions = state.legal_actions()
        state = state.apply(actions[rng.randrange(len(actions))])
    assert seen == 20
