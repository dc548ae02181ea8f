"""The shared core: chance, driving games, errors, the log, helpers (X-2, X-9)."""

from __future__ import annotations

import copy
import pickle
import random
from collections import Counter
from fractions import Fraction

import pytest
from hypothesis import given
from hypothesis import strategies as st

import cardrules
import toy_game
from cardrules import (
    CHANCE,
    CardRulesError,
    IllegalActionError,
    Raise,
    RecordError,
    RulesError,
    Shuffle,
    bourre,
    play,
    random_policy,
    sample_chance,
)
from cardrules.actions import CALL, CHECK, FOLD, Call, Check, Fold, raise_to
from cardrules.bouillotte import historic, modern
from cardrules.cards import STANDARD_DECK, cards
from cardrules.chance import HIDDEN_SHUFFLE, check_shuffle, shuffled
from cardrules.events import PotCarried, PotShared, PotWon, SessionEnded, signed
from cardrules.game import Log, describe_actions, standings_of


def test_chance_is_a_singleton() -> None:
    assert copy.copy(CHANCE) is CHANCE and copy.deepcopy(CHANCE) is CHANCE
    assert pickle.loads(pickle.dumps(CHANCE)) is CHANCE
    assert repr(CHANCE) == "CHANCE"


def test_error_hierarchy() -> None:
    for error in (IllegalActionError, RulesError, RecordError):
        assert issubclass(error, CardRulesError) and issubclass(error, ValueError)
    error = IllegalActionError("seat 1 cannot x (M-4.3)", rule="M-4.3", seat=1, action=FOLD)
    again = pickle.loads(pickle.dumps(error))
    assert (again.rule, again.seat, again.action, str(again)) == ("M-4.3", 1, FOLD, str(error))


def test_actions_are_values() -> None:
    assert Check() == CHECK and Call() == CALL and Fold() == FOLD
    assert raise_to(4) == Raise(to=4) and hash(raise_to(4)) == hash(Raise(4))
    assert repr(Raise(to=4)) == "Raise(to=4)" and str(Raise(to=4)) == "raise to 4"
    assert (str(CHECK), str(CALL), str(FOLD)) == ("check", "call", "fold")
    assert Raise(to=-1).to == -1  # builds; apply rejects it
    with pytest.raises(AttributeError):
        Raise(to=3).to = 4  # type: ignore[misc]
    assert Check() != Call() and Raise(0) != CHECK


DECK = cards("Qh Qs Kh Ks Ah As")


@pytest.mark.parametrize(
    "bad",
    [
        None,
        CHECK,
        Shuffle(DECK[:-1]),
        Shuffle(DECK + DECK[:1]),
        Shuffle((*DECK[:-1], DECK[0])),
        Shuffle(cards("Qh Qs Kh Ks Ah Ac")),
        Shuffle(None),
        Shuffle("QhQs"),  # type: ignore[arg-type]
        Shuffle((*DECK[:-1], "As")),  # type: ignore[arg-type]
        Shuffle([[1], 2]),  # type: ignore[arg-type]
    ],
)
def test_X_2_shuffle_must_permute_the_chance_cards(bad: object) -> None:
    """X-2: only a Shuffle of exactly chance_cards answers a chance node."""
    with pytest.raises(IllegalActionError) as info:
        check_shuffle(bad, DECK, frozenset(DECK))
    assert info.value.rule == "X-2" and "(X-2)" in str(info.value)


def test_X_2_shuffle_accepts_any_permutation_and_a_list() -> None:
    """X-2: any order of the chance cards is legal; a list is normalised to a tuple."""
    order = tuple(reversed(DECK))
    assert check_shuffle(Shuffle(order), DECK, frozenset(DECK)).order == order
    assert check_shuffle(Shuffle(list(order)), DECK, frozenset(DECK)) == Shuffle(order)  # type: ignore[arg-type]
    assert str(HIDDEN_SHUFFLE) == "shuffle" and HIDDEN_SHUFFLE.order == ()


def test_X_2_sample_chance_is_uniform_and_seeded() -> None:
    """X-2: sample_chance draws every order from the rng it is given, nothing else."""
    state = toy_game.new_game()
    first = Counter(sample_chance(state, random.Random(seed)).order[0] for seed in range(3000))
    assert set(first) == set(DECK)
    assert all(350 < n < 650 for n in first.values())
    assert sample_chance(state, random.Random(9)) == sample_chance(state, random.Random(9))
    dealt = state.apply(sample_chance(state, random.Random(1)))
    with pytest.raises(ValueError, match="chance node"):
        sample_chance(dealt, random.Random(1))
    with pytest.raises(ValueError, match=r"random\.Random"):
        sample_chance(state, 3)  # type: ignore[arg-type]


def test_X_2_sample_chance_draws_what_rng_shuffle_draws() -> None:
    """X-2: a seeded shuffle is the one ``random.Random.shuffle`` makes (a seed means the
    same deals across versions), for a plain Random and for a subclass, and the rng is
    left in the same state."""

    class Counted(random.Random):
        pass

    for game in (bourre, modern):
        state = game.new_game()
        for seed in range(40):
            for kind in (random.Random, Counted):
                mine, theirs = kind(seed), kind(seed)
                order = list(state.chance_cards)
                theirs.shuffle(order)
                assert sample_chance(state, mine).order == tuple(order)
                assert mine.random() == theirs.random()


@given(st.integers(0, 70), st.integers(0, 2**64))
def test_X_2_shuffled_draws_what_rng_shuffle_draws_for_every_length(length: int, seed: int) -> None:
    """X-2: ``chance.shuffled`` (what ``sample_chance`` and ``play`` draw) puts any
    number of cards in the order ``random.Random.shuffle`` gives, by the very same
    draws: a whole deck and the last steps of a long shuffle run as straight-line code,
    the rest as a loop, and every length below, at and above those bounds agrees."""
    deck = list(STANDARD_DECK) + list(range(max(0, length - len(STANDARD_DECK))))
    mine, theirs = random.Random(seed), random.Random(seed)
    order = deck[:length]
    theirs.shuffle(order)
    assert shuffled(deck[:length], mine).order == tuple(order)  # type: ignore[arg-type]
    assert mine.random() == theirs.random()


def test_random_policy_draws_what_randrange_draws() -> None:
    """random_policy picks ``actions[rng.randrange(len(actions))]``, the same draw."""
    state = bourre.new_game()
    state = state.apply(sample_chance(state, random.Random(2)))
    for seed in range(60):
        mine, theirs = random.Random(seed), random.Random(seed)
        actions = state.legal_actions()
        assert random_policy(state.view(state.to_act), mine) is actions[theirs.randrange(2)]
        assert mine.random() == theirs.random()


def test_play_and_random_policy() -> None:
    state = toy_game.new_game(toy_game.Rules(deals=5))
    final = play(state, [random_policy, random_policy], random.Random(3))
    assert final.is_terminal and final.to_act is None and final.deal_number == 4
    assert play(state, [random_policy] * 2, random.Random(3)) == final
    partial = play(state, [random_policy] * 2, random.Random(3), max_steps=2)
    assert len(partial.history) == 2
    assert play(state, [random_policy] * 2, random.Random(3), max_steps=0) is state
    with pytest.raises(ValueError, match="one policy per seat"):
        play(state, [random_policy], random.Random(3))
    with pytest.raises(ValueError, match="max_steps"):
        play(state, [random_policy] * 2, random.Random(3), max_steps=-1)
    with pytest.raises(ValueError, match="no legal action"):
        random_policy(final.view(0), random.Random(0))
    with pytest.raises(IllegalActionError):
        play(state, [lambda view, rng: Raise(to=99)] * 2, random.Random(3))


@pytest.mark.parametrize("game", [modern, historic, bourre], ids=lambda g: g.GAME_ID)
def test_X_2_play_applies_the_shuffles_it_draws_as_apply_would(game: object) -> None:
    """X-2: ``play`` applies a shuffle that ``sample_chance`` drew with a plain Random
    without checking it again, and reaches the very states ``apply`` reaches; a
    shuffle drawn by a subclass's own ``shuffle`` is checked, and refused when it is
    not a permutation of the chance cards."""
    state = game.new_game(game.Rules(deals=3))  # type: ignore[attr-defined]
    for seed in range(3):
        rng = random.Random(seed)
        stepped = state
        while not stepped.is_terminal:
            if stepped.to_act is CHANCE:
                stepped = stepped.apply(sample_chance(stepped, rng))
            else:
                stepped = stepped.apply(random_policy(stepped.view(stepped.to_act), rng))
        assert play(state, [random_policy] * len(state.stacks), random.Random(seed)) == stepped

    class Careless(random.Random):
        def shuffle(self, x: list[object]) -> None:  # type: ignore[override]
            x[0] = x[1]  # a card twice, another missing

    with pytest.raises(IllegalActionError, match="permutation") as refused:
        play(state, [random_policy] * len(state.stacks), Careless(1))
    assert refused.value.rule == "X-2"


@pytest.mark.parametrize("game", [modern, historic, bourre], ids=lambda g: g.GAME_ID)
def test_X_9_play_takes_a_policys_action_as_apply_takes_it(game: object) -> None:
    """X-9: ``play`` applies the legal set's own actions straight away and hands any
    other to ``apply``: an equal action built afresh plays as the interned one, and
    an action that is not legal (a raise out of range, a raise whose amount is not an
    int, a value that is no action) raises ``apply``'s very error, at the same step."""
    import attrs

    state = game.new_game(game.Rules(deals=3))  # type: ignore[attr-defined]
    seats = len(state.stacks)

    def afresh(view: object, rng: random.Random) -> object:
        action = random_policy(view, rng)  # type: ignore[arg-type]
        copied = attrs.evolve(action)
        assert copied == action and copied is not action
        return copied

    for seed in range(3):
        played = play(state, [random_policy] * seats, random.Random(seed))
        assert play(state, [afresh] * seats, random.Random(seed)) == played  # type: ignore[list-item]
    for wrong in (Raise(to=10**9), Raise(to=True), Raise(to=2.0), "fold", None):  # type: ignore[arg-type]
        stepped = state
        while stepped.to_act is CHANCE or not stepped.legal_actions():
            stepped = stepped.apply(sample_chance(stepped, random.Random(4)))
        with pytest.raises(IllegalActionError) as expected:
            stepped.apply(wrong)  # type: ignore[arg-type]
        with pytest.raises(IllegalActionError) as refused:
            play(state, [lambda view, rng, wrong=wrong: wrong] * seats, random.Random(4))
        assert str(refused.value) == str(expected.value)
        assert refused.value.rule == expected.value.rule


@given(st.lists(st.integers(), max_size=300), st.integers(0, 300))
def test_log_shares_structure_and_compares_by_value(items: list[int], cut: int) -> None:
    log = Log[int]().extend(items)
    assert tuple(log) == log.as_tuple() == tuple(items) and len(log) == len(items)
    assert log == Log[int]().extend(items[:cut]).extend(items[cut:])
    assert hash(log) == hash(Log[int]().extend(items))
    assert pickle.loads(pickle.dumps(log)) == log
    assert log.last() == (items[-1] if items else None)
    longer = log.append(7)
    assert tuple(log) == tuple(items) and tuple(longer) == (*items, 7)
    assert all(len(chunk) == 32 for chunk in log.chunks)  # the documented chunk size


def test_standings_share_places() -> None:
    assert standings_of([Fraction(5), Fraction(-3), Fraction(5), Fraction(-7)]) == (1, 3, 1, 4)
    assert standings_of([0, 0, 0]) == (1, 1, 1)


def test_describe_actions() -> None:
    assert describe_actions([CHECK, raise_to(2), raise_to(3)]) == "check, raise to 2…3"
    assert describe_actions([raise_to(2), raise_to(5)]) == "raise to 2, 5"


def test_events_read_well() -> None:
    won = PotWon(amount=9, winners=(1, 3), shares=(0, 5, 0, 4), pot=1, hand="point 31")
    assert str(won) == "seats 1 and 3 share side pot 1 of 9 with point 31"
    assert str(PotCarried(5)) == "the pot of 5 is carried to the next deal"
    assert "seat 0 5/2" in str(PotShared(5, (Fraction(5, 2), Fraction(5, 2))))
    assert str(SessionEnded((Fraction(3), Fraction(-3)))).endswith("seat 0 +3, seat 1 -3")
    assert signed(Fraction(-1, 2)) == "-1/2"


def test_version() -> None:
    assert isinstance(cardrules.__version__, str) and cardrules.__version__.count(".") == 2


@given(
    st.lists(st.integers(), max_size=200),
    st.lists(st.integers(), max_size=200),
    st.integers(0, 400),
)
def test_log_extend_matches_append_and_since_slices(
    first: list[int], second: list[int], start: int
) -> None:
    stepwise = Log[int]()
    for item in first + second:
        stepwise = stepwise.append(item)
    assert Log[int]().extend(first).extend(second) == stepwise
    assert stepwise.since(start) == tuple(first + second)[start:]


def test_raise_to_beyond_the_interned_range() -> None:
    assert raise_to(10**6) == Raise(to=10**6)
    assert raise_to(-1) == Raise(to=-1)
