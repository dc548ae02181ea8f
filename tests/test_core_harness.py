"""The conformance harness on the toy game: the harness itself must pass a correct
game and catch broken ones."""

from __future__ import annotations

import attrs
import pytest
from hypothesis import strategies as st

import toy_game
from cardrules import Shuffle, dumps, loads
from cardrules.game import check_seat
from cardrules.registry import register_game
from harness import GameCase, check_playout, conformance_test

register_game(toy_game)

TOY = GameCase(
    name="toy",
    module=toy_game,
    rules=st.builds(toy_game.Rules, deals=st.integers(1, 6), stack=st.integers(1, 5)),
    unseen=toy_game.unseen,
    setup=lambda rules: st.fixed_dictionaries({"dealer": st.integers(0, 1)}),
)

test_conformance_toy = conformance_test(TOY, max_examples=60)


def test_X_8_harness_catches_broken_conservation(monkeypatch: pytest.MonkeyPatch) -> None:
    """X-8: a game that loses a chip fails the harness."""
    original = toy_game.State.returns
    monkeypatch.setattr(
        toy_game.State, "returns", lambda self: tuple(r + 1 for r in original(self))
    )
    with pytest.raises(AssertionError, match="conservation"):
        check_playout(TOY, toy_game.Rules(), {}, seed=1)


def test_X_10_harness_catches_a_leaking_view(monkeypatch: pytest.MonkeyPatch) -> None:
    """X-10: a view that shows the other seat's card fails the harness."""

    def leaky(self: toy_game.State, seat: int) -> toy_game.View:
        check_seat(seat, 2)
        view = toy_game.View(
            seat,
            None,
            tuple(h[0] for h in self.hands) if self.hands else (None, None),
            self.stacks,
            self.contributions,
            (),
            self.events,
            (),
        )
        return attrs.evolve(view, legal=self.legal_actions() if self.to_act == seat else ())

    monkeypatch.setattr(toy_game.State, "view", leaky)
    with pytest.raises(AssertionError, match="hidden cards"):
        check_playout(TOY, toy_game.Rules(deals=3), {}, seed=2)


def test_X_9_harness_catches_an_unlisted_legal_action(monkeypatch: pytest.MonkeyPatch) -> None:
    """X-9: legal_actions and is_legal must agree; a game where they differ fails."""
    monkeypatch.setattr(toy_game.State, "is_legal", lambda self, action: False)
    with pytest.raises(AssertionError, match="is_legal says no"):
        check_playout(TOY, toy_game.Rules(deals=3), {}, seed=3)


def test_X_2_toy_record_round_trip() -> None:
    """X-2: a record replays its shuffle and actions to an equal state."""
    state = toy_game.new_game(toy_game.Rules(deals=2))
    state = state.apply(Shuffle(toy_game.DECK))
    state = state.apply(state.legal_actions()[0])
    assert loads(dumps(state)) == state
