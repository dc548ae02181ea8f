"""Ill-typed and hostile arguments to every public function (issue: bad input).

Hypothesis throws values of every kind at the public functions of the core and of each
game; every failure must be a ``ValueError`` raised on purpose by the library (a
:class:`~cardrules.CardRulesError`, or ``ValueError`` where API.md says so) with a
message, never a raw ``TypeError``/``AttributeError``/``IndexError``/``KeyError``, and
a state the call was made on is unchanged.
"""

from __future__ import annotations

import random
from collections.abc import Callable
from typing import Any

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

import cardrules
from cardrules import CardRulesError, Raise, bourre, cards, piquet_deck, play, random_policy
from cardrules.bouillotte import historic, modern
from cardrules.cards import STANDARD_DECK, Card
from helpers import snapshot

GAMES = (modern, historic, bourre)

JUNK = st.one_of(
    st.none(),
    st.booleans(),
    st.integers(-(10**6), 10**6),
    st.sampled_from([10**40, -(10**5000), 2**64]),
    st.floats(allow_nan=True),
    st.text(max_size=12),
    st.sampled_from(["As", "9h", "Qs Ks", "♠", "10h", "", "stay in", "check"]),
    st.sampled_from(STANDARD_DECK),
    st.builds(object),
    st.lists(st.sampled_from(STANDARD_DECK), max_size=6).map(tuple),
    st.lists(st.sampled_from([None, 1, "As", Card.parse("As")]), max_size=4),
    st.dictionaries(st.integers(-2, 6), st.sampled_from([None, (), "As", 3]), max_size=3),
    st.sampled_from([b"As", bytearray(b"x"), iter([1, 2]), {1, 2}, frozenset()]),
)


def _fails_cleanly(call: Callable[[], object]) -> None:
    """Call; accept success, or a ValueError of the library with a message."""
    error = _error_of(call)
    if error is not None:
        assert str(error), "an error without a message"
        assert type(error).__module__.startswith("cardrules") or type(error) is ValueError


def _error_of(call: Callable[[], object]) -> ValueError | None:
    try:
        call()
    except ValueError as error:  # anything else propagates and fails the test
        return error
    return None


def _midgame(game: Any, seed: int) -> Any:
    return play(game.new_game(), [random_policy] * 4, random.Random(seed), max_steps=seed % 12)


@settings(max_examples=150, deadline=None)
@given(game=st.sampled_from(GAMES), seed=st.integers(0, 40), action=JUNK)
def test_apply_is_legal_and_view_refuse_junk_without_change(
    game: Any, seed: int, action: object
) -> None:
    state = _midgame(game, seed)
    before = snapshot(state)
    assert state.is_legal(action) in (True, False)
    _fails_cleanly(lambda: state.apply(action))  # type: ignore[arg-type]
    _fails_cleanly(lambda: state.view(action))  # type: ignore[arg-type]
    for cls in game.ACTIONS:
        for value in (action, None):
            try:
                candidate = cls(value) if cls.__attrs_attrs__ else cls()
            except (TypeError, ValueError):
                continue
            assert state.is_legal(candidate) in (True, False)
            _fails_cleanly(lambda candidate=candidate: state.apply(candidate))
    assert all(a is b for a, b in zip(before, snapshot(state), strict=True))


@pytest.mark.parametrize("game", GAMES)
@pytest.mark.parametrize("digits", [5000, 12, -30])
def test_huge_raises_are_judged_at_once(game: Any, digits: int) -> None:
    """Judging a Raise costs the same whatever the amount; messages shorten the value."""
    amount = 10 ** abs(digits) * (1 if digits > 0 else -1)
    state = _midgame(game, 3)
    assert state.is_legal(Raise(to=amount)) is False
    with pytest.raises(CardRulesError) as info:
        state.apply(Raise(to=amount))
    assert len(str(info.value)) < 2000


@settings(max_examples=120, deadline=None)
@given(game=st.sampled_from(GAMES), rules=JUNK, stacks=JUNK, dealer=JUNK, field=st.data())
def test_new_game_and_rules_refuse_junk(
    game: Any, rules: object, stacks: object, dealer: object, field: st.DataObject
) -> None:
    _fails_cleanly(lambda: game.new_game(rules))
    _fails_cleanly(lambda: game.new_game(stacks=stacks))
    _fails_cleanly(lambda: game.new_game(dealer=dealer))
    name = field.draw(st.sampled_from([f.name for f in game.Rules.__attrs_attrs__] + ["bogus"]))
    _fails_cleanly(lambda: game.Rules(**{name: rules}))
    _fails_cleanly(lambda: game.Rules(rules))


@settings(max_examples=120, deadline=None)
@given(game=st.sampled_from(GAMES), hands=JUNK, up=JUNK, seed=st.integers(0, 5))
def test_arrange_deck_refuses_junk(game: Any, hands: object, up: object, seed: int) -> None:
    state = _midgame(game, 0)
    name = {modern: "retourne", historic: "retourne", bourre: "trump_card"}[game]
    _fails_cleanly(lambda: game.arrange_deck(state, hands))
    _fails_cleanly(lambda: game.arrange_deck(state, {}, **{name: up}))
    _fails_cleanly(lambda: game.arrange_deck(state, {seed % 4: up}))
    _fails_cleanly(lambda: game.arrange_deck(hands, {}))


@settings(max_examples=150, deadline=None)
@given(a=JUNK, b=JUNK, c=JUNK)
def test_helpers_refuse_junk(a: object, b: object, c: object) -> None:
    calls: list[Callable[[], object]] = [
        lambda: Card.parse(a),  # type: ignore[arg-type]
        lambda: cards(a),  # type: ignore[arg-type]
        lambda: piquet_deck(a),  # type: ignore[arg-type]
        lambda: modern.evaluate(a, b),  # type: ignore[arg-type]
        lambda: modern.evaluate(cards("As Ks Qs"), b, c),  # type: ignore[arg-type]
        lambda: modern.card_value(a),  # type: ignore[arg-type]
        lambda: historic.card_points(a),  # type: ignore[arg-type]
        lambda: historic.winning_suit(a),  # type: ignore[arg-type]
        lambda: historic.winning_suit(cards("As Kh"), eligible=b),  # type: ignore[arg-type]
        lambda: historic.winning_suit(cards("As Kh"), eldest=b),  # type: ignore[arg-type]
        lambda: historic.collective_point(a, b, c, 0),  # type: ignore[arg-type]
        lambda: historic.brelan_of(a, b),  # type: ignore[arg-type]
        lambda: historic.suit_totals(a),  # type: ignore[arg-type]
        lambda: bourre.trick_winner(a, b),  # type: ignore[arg-type]
        lambda: bourre.playable(a, b, c, True),  # type: ignore[arg-type]
        lambda: cardrules.pots.side_pots(a, b),  # type: ignore[arg-type]
        lambda: cardrules.pots.split_pot(a, b, c, 4),  # type: ignore[arg-type]
        lambda: cardrules.pots.share_exactly(a, b),  # type: ignore[arg-type]
        lambda: cardrules.loads(a),  # type: ignore[arg-type]
        lambda: cardrules.dumps(a),  # type: ignore[arg-type]
    ]
    for call in calls:
        _fails_cleanly(call)


def test_historic_helpers_refuse_cards_outside_the_deck_and_bad_seats() -> None:
    """Issue items 2 and 6: the historic helpers name the bad argument."""
    with pytest.raises(ValueError, match="2♣"):
        historic.winning_suit(cards("2c As"))
    with pytest.raises(ValueError, match="eldest"):
        historic.winning_suit(cards("As Kh"), eldest=99)
    state = historic.new_game()
    while state.to_act is not cardrules.CHANCE:  # decline the carre: the deal's chance node
        state = state.apply(state.legal_actions()[-1])
    with pytest.raises(ValueError, match=r"hands\[0\]"):
        historic.arrange_deck(state, {0: None})  # type: ignore[dict-item]


def test_modern_evaluate_refuses_cards_outside_the_piquet_deck() -> None:
    with pytest.raises(ValueError, match="2♣"):
        modern.evaluate(cards("2c As Ks"), cards("9s"))


def test_modern_new_game_refuses_a_dict_of_stacks() -> None:
    """Issue item 3: a dict's keys are not stacks."""
    with pytest.raises(CardRulesError, match="stacks"):
        modern.new_game(stacks={0: 100, 1: 100, 2: 100, 3: 100})  # type: ignore[arg-type]
    with pytest.raises(CardRulesError, match="stacks"):
        modern.new_game(stacks=b"abcd")  # type: ignore[arg-type]
    with pytest.raises(CardRulesError, match="stacks"):
        modern.new_game(stacks=iter([100] * 4))  # type: ignore[arg-type]


@pytest.mark.parametrize("game", GAMES)
def test_rules_positional_and_unknown_keywords_are_rules_errors(game: Any) -> None:
    with pytest.raises(cardrules.RulesError, match="keyword"):
        game.Rules(4)
    with pytest.raises(cardrules.RulesError, match="bogus"):
        game.Rules(bogus=1)
    first = game.Rules.__attrs_attrs__[0].name
    with pytest.raises(cardrules.RulesError, match="digits"):
        game.Rules(**{first: 10**5000})


def test_foreign_actions_name_x9_in_every_game() -> None:
    """X-9: another game's action is not an action of this game, in every phase."""
    for game, foreign in (
        (bourre, modern.Announce()),
        (modern, bourre.StayIn()),
        (historic, bourre.Drop()),
    ):
        state = _midgame(game, 5)
        if isinstance(state.to_act, int):
            with pytest.raises(cardrules.IllegalActionError) as info:
                state.apply(foreign)
            assert info.value.rule == "X-9"
