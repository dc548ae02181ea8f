"""The integer encodings (cardrules.encodings): the action bijection on random legal
games of every game and several rules, the masks, the tensors' shapes, the strings.
"""

from __future__ import annotations

import itertools
import random
from types import ModuleType
from typing import Any

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from cardrules import CHANCE, bourre, sample_chance
from cardrules.bouillotte import historic, modern
from cardrules.cards import cards
from cardrules.encodings import Encoding, encoding_for

VARIANTS: list[tuple[ModuleType, Any]] = [
    (modern, modern.Rules()),
    (modern, modern.Rules(players=3, max_raise=2, deals=2, stack=6)),
    (modern, modern.Rules(players=5, retournes=2, betting_rounds=2, open_card=True)),
    (modern, modern.Rules(retourne_change=True, announce_fee=None, favori="off")),
    (historic, historic.Rules(cave=8, deals=3)),
    (historic, historic.Rules()),
    (bourre, bourre.Rules()),
    (bourre, bourre.Rules(players=3, hand_size=7, deals=2, stack=10)),
    (bourre, bourre.Rules(players=7, exchange=False)),
    (bourre, bourre.Rules(players=2, ante=3, stack=9, deals=3)),
]
"""Games and rules the properties run over."""


def decisions(module: ModuleType, rules: Any, seed: int, steps: int) -> list[Any]:
    """The views of the seat to act along a random legal game (at most ``steps``
    decisions), chance resolved with the same seeded generator."""
    rng = random.Random(seed)
    state = module.new_game(rules)
    views = []
    while not state.is_terminal and len(views) < steps:
        if state.to_act is CHANCE:
            state = state.apply(sample_chance(state, rng))
            continue
        views.append(state.view(state.to_act))
        state = state.apply(rng.choice(state.legal_actions()))
    return views


def check_view(encoding: Encoding, view: Any, rng: random.Random) -> None:
    """Every property of one decision view."""
    legal = view.legal_actions()
    ids = encoding.legal_action_ids(view)
    assert ids == tuple(sorted(ids)) and len(set(ids)) == len(legal)
    assert all(0 <= i < encoding.num_actions for i in ids)
    for action in legal:
        action_id = encoding.action_id(action, view)
        assert encoding.action_of(action_id, view) == action
    mask = encoding.legal_action_mask(view)
    assert len(mask) == encoding.num_actions
    assert tuple(i for i, bit in enumerate(mask) if bit) == ids
    illegal = [i for i in range(min(encoding.num_actions, 200)) if i not in ids]
    for action_id in rng.sample(illegal, min(4, len(illegal))):
        with pytest.raises(ValueError, match="not legal"):
            encoding.action_of(action_id, view)
    assert len(encoding.observation_tensor(view)) == encoding.observation_shape[0]
    assert len(encoding.information_state_tensor(view)) == encoding.information_state_shape[0]


@settings(max_examples=25)
@given(variant=st.sampled_from(range(len(VARIANTS))), seed=st.integers(0, 2**32))
def test_bijection_on_random_games(variant: int, seed: int) -> None:
    """For every legal action of random legal games: ``action_of(action_id(a)) == a``,
    ids in range, the mask equals the ids, other ids raise, tensors have their shape."""
    module, rules = VARIANTS[variant]
    encoding = encoding_for(module, rules)
    rng = random.Random(seed)
    for view in decisions(module, rules, seed, steps=60):
        check_view(encoding, view, rng)


@pytest.mark.parametrize(("module", "rules"), VARIANTS)
def test_history_length_is_within_max_game_length(module: ModuleType, rules: Any) -> None:
    """A whole random session has at most ``max_game_length`` actions, and its results
    lie within the utility bounds."""
    encoding = encoding_for(module, rules)
    rng = random.Random(7)
    state = module.new_game(rules)
    while not state.is_terminal:
        actions = state.legal_actions()
        state = state.apply(rng.choice(actions) if actions else sample_chance(state, rng))
    assert len(state.history) <= encoding.max_game_length
    assert all(encoding.min_utility <= r <= encoding.max_utility for r in state.returns())


def test_ids_out_of_range_and_not_ints_raise() -> None:
    """An id outside ``0 … N-1`` (or not an int) raises ValueError naming the range."""
    encoding = encoding_for("bourre")
    view = bourre.new_game().view(0)
    for bad in (-1, encoding.num_actions, True, 1.0):
        with pytest.raises(ValueError, match="not an int from 0 to 85"):
            encoding.action_of(bad, view)  # type: ignore[arg-type]


def test_actions_of_another_game_raise() -> None:
    """An action of another game has no id (X-9)."""
    view = bourre.new_game().view(0)
    with pytest.raises(ValueError, match="not an action of 'bourre'"):
        encoding_for("bourre").action_id(modern.Announce(), view)
    with pytest.raises(ValueError, match="not an action of 'bouillotte-modern'"):
        encoding_for("bouillotte-modern").action_id(bourre.StayIn(), view)


def test_raises_are_encoded_by_what_they_add() -> None:
    """M-3.3: a modern raise adds 1 to ``max_raise``; its id is 3 + what it adds, and a
    raise adding more has no id."""
    state = modern.new_game()
    state = state.apply(sample_chance(state, random.Random(3)))
    view = state.view(state.to_act)
    encoding = encoding_for(modern)
    assert [encoding.action_id(modern.Raise(to=1 + k), view) for k in (1, 5)] == [4, 8]
    with pytest.raises(ValueError, match="from 1 to 5"):
        encoding.action_id(modern.Raise(to=7), view)


def test_exchange_is_a_bitmask_over_the_sorted_hand() -> None:
    """An exchange's id is 54 plus the mask of its discards over ``sorted(view.hand)``."""
    state = bourre.new_game()
    hands = {0: cards("2c 3c 4c 5c 6c"), 1: cards("2d 3d 4d 5d 6d")}
    hands |= {2: cards("2h 3h 4h 5h 6h"), 3: cards("2s 3s 4s 5s 6s")}
    state = state.apply(bourre.arrange_deck(state, hands, trump_card=cards("6c")[0]))
    for _ in range(4):
        state = state.apply(bourre.StayIn())
    view = state.view(state.to_act)
    encoding = encoding_for(bourre)
    assert view.seat == 1  # eldest exchanges first (B-4.1)
    exchange = bourre.Exchange(cards("4d 2d"))
    assert encoding.action_id(exchange, view) == 54 + 0b101
    assert encoding.action_of(54, view) == bourre.Exchange(())
    for odd in (cards("2c"), cards("2d 2d"), ([1],)):
        with pytest.raises(ValueError, match="hand is 2♦ 3♦ 4♦ 5♦ 6♦"):
            encoding.action_id(bourre.Exchange(odd), view)  # type: ignore[arg-type]
    with pytest.raises(ValueError, match="a play names a card of the deck"):
        encoding.action_id(bourre.Play([1]), view)  # type: ignore[arg-type]


def all_views(module: ModuleType, rules: Any, seed: int, steps: int) -> list[list[Any]]:
    """Every seat's view after each of the first ``steps`` actions of a random game."""
    rng = random.Random(seed)
    state = module.new_game(rules)
    seats = range(len(state.stacks))
    views = [[state.view(seat) for seat in seats]]
    while not state.is_terminal and len(views) <= steps:
        actions = state.legal_actions()
        state = state.apply(rng.choice(actions) if actions else sample_chance(state, rng))
        views.append([state.view(seat) for seat in seats])
    return views


@settings(max_examples=15)
@given(
    variant=st.sampled_from(range(len(VARIANTS))),
    seeds=st.tuples(st.integers(0, 2**32), st.integers(0, 2**32)),
)
def test_strings_are_equal_exactly_when_views_are(variant: int, seeds: tuple[int, int]) -> None:
    """X-10 (perfect recall): along two random games, the views of a seat after the same
    number of actions are equal exactly when their information-state strings are."""
    module, rules = VARIANTS[variant]
    encoding = encoding_for(module, rules)
    one, two = (all_views(module, rules, seed, steps=25) for seed in seeds)
    for first, second in zip(one, two, strict=False):
        for a, b in zip(first, second, strict=True):
            same = encoding.information_state_string(a) == encoding.information_state_string(b)
            assert same == (a == b)
            if a == b:
                assert encoding.information_state_tensor(a) == encoding.information_state_tensor(b)


def dealt_view(module: ModuleType, seed: int) -> Any:
    """The first decision view of a random game in which the seat holds cards."""
    return next(v for v in decisions(module, module.Rules(), seed, steps=20) if v.hand)


@pytest.mark.parametrize("module", [modern, historic, bourre])
def test_strings_differ_when_views_differ(module: ModuleType) -> None:
    """Two seats of one state, and one seat in two deals, give different strings (and
    equal views give equal strings)."""
    encoding = encoding_for(module)
    first, other = dealt_view(module, 1), dealt_view(module, 2)
    state = module.new_game()
    rng = random.Random(5)
    while state.to_act is CHANCE or not state.view(0).hand:
        actions = state.legal_actions()
        state = state.apply(rng.choice(actions) if actions else sample_chance(state, rng))
    for a, b in ((state.view(0), state.view(1)), (first, other)):
        assert a != b
        assert encoding.information_state_string(a) != encoding.information_state_string(b)
        assert encoding.observation_string(a) != encoding.observation_string(b)
        assert encoding.information_state_tensor(a) != encoding.information_state_tensor(b)
    again = dealt_view(module, 1)
    assert encoding.information_state_string(again) == encoding.information_state_string(first)


@pytest.mark.parametrize("module", [modern, historic, bourre])
def test_strings_differ_between_the_deals_of_a_session(module: ModuleType) -> None:
    """One seat's first decision views in deal 0 and in deal 1 of a session differ, and so
    do their strings and tensors."""
    rules = module.Rules(deals=2)
    encoding = encoding_for(module, rules)
    views = decisions(module, rules, seed=4, steps=10**4)
    seat = views[0].seat
    firsts = [next(v for v in views if v.seat == seat and v.deal_number == d) for d in (0, 1)]
    assert firsts[0] != firsts[1]
    strings = [encoding.information_state_string(view) for view in firsts]
    assert strings[0] != strings[1]
    tensors = [encoding.information_state_tensor(view) for view in firsts]
    assert tensors[0] != tensors[1]


def test_encoding_for_rejects_unknown_games_and_wrong_rules() -> None:
    """Unknown games: ValueError naming the known ones; rules of another game: TypeError."""
    with pytest.raises(ValueError, match="known games: bouillotte-historic"):
        encoding_for("poker")
    with pytest.raises(TypeError, match=r"cardrules\.bourre\.rules\.Rules"):
        encoding_for("bourre", modern.Rules())


def test_equal_rules_give_equal_encodings() -> None:
    """Encodings are values: equal game and rules, equal and hashable encodings."""
    assert encoding_for("bourre") == encoding_for(bourre, bourre.Rules())
    assert hash(encoding_for("bourre")) == hash(encoding_for("bourre"))
    assert encoding_for("bourre") != encoding_for("bourre", bourre.Rules(hand_size=7))


def test_layout_covers_the_information_state() -> None:
    """The layout's parts tile the information-state tensor, the observation first."""
    for module in (modern, historic, bourre):
        encoding = encoding_for(module)
        layout = encoding.layout()
        assert layout[0][1] == 0
        for (_, start, size), (_, nxt, _) in itertools.pairwise(layout):
            assert start + size == nxt
        assert layout[-1][1] + layout[-1][2] == encoding.information_state_shape[0]
        names = [name for name, _, _ in layout]
        received = layout[names.index("received")][1]
        assert received == encoding.observation_shape[0]


def _announcing_deal(hand: str) -> Any:
    """A two-deal modern session at deal 1's first chance node, after a deal 0 in which
    seat 1 held ``hand`` (the retourné A♣), announced, raised, and won when the others
    folded: seat 0 saw the class announced, never the cards."""
    rules = modern.Rules(deals=2)
    state = modern.new_game(rules)
    state = state.apply(modern.arrange_deck(state, {0: "8c 9d Qs", 1: hand}, retourne="Ac"))
    while state.to_act is not CHANCE:
        legal = state.legal_actions()
        kinds = {type(action).__name__: action for action in reversed(legal)}
        if state.to_act == 1:
            choice = kinds.get("Announce") or kinds.get("Raise") or kinds.get("Call")
        else:
            choice = kinds.get("Fold") or kinds.get("Check")
        state = state.apply(choice)
    return state


def test_the_tensor_keeps_an_earlier_deals_announced_class() -> None:
    """M-4.3 (the class is revealed to every seat) and X-10: seat 1 announced a favori
    of aces in one session, a simple of kings in the other, then won without a
    showdown. At the next deal seat 0's views differ, and so must its tensors: the
    history slots say only "Announce", so the ``announced_by_deal`` part keeps each
    deal's announced classes."""
    favori, simple = _announcing_deal("As Ah Kd"), _announcing_deal("Ks Kh Kd")
    assert favori.deal_number == simple.deal_number == 1
    one, two = favori.view(0), simple.view(0)
    assert one != two and one.history == two.history
    encoding = encoding_for(modern, modern.Rules(deals=2))
    first, second = encoding.information_state_tensor(one), encoding.information_state_tensor(two)
    assert first != second
    _, start, size = next(part for part in encoding.layout() if part[0] == "announced_by_deal")
    assert size == 2 * 4 * 3
    # deal 0, seat 1: favori is class 1, simple class 2
    assert [i for i in range(size) if first[start + i]] == [1 * 3 + 1]
    assert [i for i in range(size) if second[start + i]] == [1 * 3 + 2]


@settings(max_examples=10, deadline=None)
@given(variant=st.sampled_from(range(len(VARIANTS))), seed=st.integers(0, 2**32))
def test_unequal_views_have_unequal_tensors(variant: int, seed: int) -> None:
    """X-10: the information-state tensor tells apart what the view tells apart, over
    every decision of several random sessions (a tensor seen twice is the same view)."""
    module, rules = VARIANTS[variant]
    encoding = encoding_for(module, rules)
    seen: dict[tuple[float, ...], Any] = {}
    for offset in range(4):
        for view in decisions(module, rules, seed + offset, steps=60):
            assert seen.setdefault(encoding.information_state_tensor(view), view) == view


@settings(max_examples=10, deadline=None)
@given(variant=st.sampled_from(range(len(VARIANTS))), seed=st.integers(0, 2**32))
def test_every_section_marks_only_its_own_floats(variant: int, seed: int) -> None:
    """A section gives ``(offset, value)`` pairs for its nonzero floats: every offset
    lies within the section (else it would write over the next one) and every value
    is a nonzero float, at every decision of a random session."""
    module, rules = VARIANTS[variant]
    encoding = encoding_for(module, rules)
    sections = encoding._codec.sections
    for view in decisions(module, rules, seed, steps=60):
        for section in sections:
            for offset, value in section.marks(view):
                assert 0 <= offset < section.size, (section.name, offset)
                assert isinstance(value, float) and value != 0.0, (section.name, value)
