"""The conformance harness: one test that any game plugs into with one line.

    test_conformance = conformance_test(GameCase(name=..., module=..., rules=..., unseen=...))

Hypothesis draws the rules (from the case's strategy) and a seed; the harness plays a
random legal game from ``new_game`` and checks, after every ``apply``:

* conservation: ``sum(returns()) + pot == 0`` (and primes sum to 0 where a game has them);
* the receiver is unchanged by ``apply`` (every field is the very same object);
* every listed legal action applies, ``is_legal`` agrees, and the list has no duplicate;
* a pool of illegal and ill-typed actions raises ``IllegalActionError`` with a rule id,
  ``is_legal`` says ``False`` for each, and the state is unchanged;
* every seat's view holds no card the seat cannot see (the case's ``unseen`` oracle),
  and ``View.legal_actions()`` is the state's for the seat to act, ``()`` otherwise;

and at the end (and at a sampled midpoint): replaying ``history`` from ``new_game``
gives an equal state, records round-trip, pickling round-trips, the game ended within
``max_steps``, and two states a seat cannot tell apart (two unseen cards of one deal
swapped) give that seat equal views at every step.
"""

from __future__ import annotations

import pickle
import random
import re
from collections.abc import Callable, Iterable, Iterator
from typing import Any

import attrs
import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

import cardrules
from cardrules import CHANCE, Card, IllegalActionError, Shuffle, dumps, loads, sample_chance
from cardrules.actions import Action, Raise
from cardrules.cards import STANDARD_DECK
from cardrules.game import Log
from cardrules.shell import StateShell, fresh_legal
from cardrules.viewing import ViewBase
from helpers import snapshot

RULE_ID = re.compile(r"^(?:[XMHB]-\d+(?:\.\d+)?|V-[MB]\.\d+)$")


@attrs.frozen
class GameCase:
    """How the harness drives one game."""

    name: str
    """A label for messages."""
    module: Any
    """The game module: ``GAME_ID``, ``Rules``, ``new_game``, ``ACTIONS``."""
    rules: st.SearchStrategy[Any]
    """Hypothesis strategy of ``Rules`` values (draw every option)."""
    unseen: Callable[[Any, int], frozenset[Card]]
    """Test-side oracle: the cards of the deal that ``seat`` cannot see in ``state``."""
    setup: Callable[[Any], st.SearchStrategy[dict[str, Any]]] = lambda rules: st.just({})
    """Strategy of extra ``new_game`` keyword arguments (stacks, dealer) for a rules value."""
    max_steps: int = 20_000
    """A playout longer than this fails: the game must end."""
    extra_illegal: Callable[[Any], Iterable[object]] = lambda state: ()
    """More candidate actions for the illegal pool (a game's own tricky cases)."""
    policy_bias: Callable[[Any, tuple[Action, ...], random.Random], Action] | None = None
    """Choose among the legal actions (default: uniformly)."""


def conformance_test(case: GameCase, max_examples: int | None = None) -> Callable[..., None]:
    """The hypothesis test for ``case``, to assign to a ``test_…`` name."""

    @given(data=st.data())
    @settings(
        max_examples=max_examples if max_examples is not None else settings().max_examples,
        deadline=None,
        suppress_health_check=[HealthCheck.too_slow, HealthCheck.data_too_large],
    )
    def test(data: st.DataObject) -> None:
        rules = data.draw(case.rules, label="rules")
        kwargs = data.draw(case.setup(rules), label="new_game kwargs")
        seed = data.draw(st.integers(0, 2**32 - 1), label="seed")
        check_playout(case, rules, kwargs, seed)

    test.__name__ = f"test_conformance_{case.name}"
    return test


def check_playout(case: GameCase, rules: Any, kwargs: dict[str, Any], seed: int) -> None:
    """Play one random game under ``rules`` and check every invariant on the way."""
    rng = random.Random(seed)
    state = case.module.new_game(rules, **kwargs)
    states = [state]
    check_state(case, state, rng)
    steps = 0
    while not state.is_terminal:
        assert steps < case.max_steps, f"{case.name}: no end after {steps} actions"
        if state.to_act is CHANCE:
            action: Action = sample_chance(state, rng)
        else:
            legal = state.legal_actions()
            assert legal, f"{case.name}: seat {state.to_act} to act with no legal action"
            action = (
                case.policy_bias(state, legal, rng)
                if case.policy_bias
                else legal[rng.randrange(len(legal))]
            )
        before = snapshot(state)
        state_next = state.apply(action)
        assert all(a is b for a, b in zip(before, snapshot(state), strict=True)), (
            "apply changed its receiver"
        )
        state = state_next
        states.append(state)
        steps += 1
        check_state(case, state, rng)
        if steps == len(states) // 2 == 40:
            check_replay(case, state)
    check_replay(case, state)
    midpoint = states[len(states) // 2]
    check_replay(case, midpoint)
    assert state.legal_actions() == ()
    assert state.to_act is None
    check_indistinguishable(case, states, rng)


def check_state(case: GameCase, state: Any, rng: random.Random) -> None:
    """The per-step checks."""
    returns = state.returns()
    assert sum(returns) + state.pot == 0, f"conservation broken: {returns} + pot {state.pot}"
    assert all(s >= 0 for s in state.stacks), f"negative stack: {state.stacks}"
    primes = getattr(state, "primes", None)
    if primes is not None:
        assert sum(primes) == 0, f"primes do not sum to 0: {primes}"
    assert sum(amount for amount, _ in state.pots) <= state.pot
    assert state.is_terminal == (state.to_act is None)
    legal = state.legal_actions()
    assert len(set(legal)) == len(legal), f"duplicate legal actions: {legal}"
    if isinstance(state, StateShell):  # what a transition handed over is what it should be
        assert fresh_legal(state) == state.legal(), "a handed-over legal set is not fresh"
        largest = getattr(state._record, "largest", None)  # kept beside the contributions
        if largest is not None:
            assert largest == max(state.contributions), f"largest {largest} is stale"
        assert state.legal().count == len(legal)
    assert legal is state.legal_actions() or legal == state.legal_actions()
    if state.to_act is CHANCE:
        assert legal == ()
        assert sorted(state.chance_cards) == list(state.chance_cards)
        assert state.is_legal(Shuffle(state.chance_cards)), "is_legal says no to a true Shuffle"
    else:
        assert state.chance_cards == ()
    for action in legal:
        assert isinstance(action, Action)
        assert state.is_legal(action), f"listed {action!r} but is_legal says no"
        state.apply(action)
    fields_before = snapshot(state)
    for candidate in illegal_pool(case, state, legal, rng):
        if _in(candidate, legal):
            continue
        assert state.is_legal(candidate) is False, f"is_legal({candidate!r}) is not False"
        with pytest.raises(IllegalActionError) as info:
            state.apply(candidate)
        error = info.value
        assert RULE_ID.match(error.rule or ""), f"bad rule id {error.rule!r} for {candidate!r}"
        assert str(error), "empty error message"
    assert all(a is b for a, b in zip(fields_before, snapshot(state), strict=True)), (
        "a rejected action changed the state"
    )
    players = len(state.stacks)
    for seat in range(players):
        view = state.view(seat)
        hidden = case.unseen(state, seat)
        leaked = hidden & set(_cards_in_view(view))
        assert not leaked, f"seat {seat}'s view shows hidden cards {sorted(leaked)}"
        expected = legal if state.to_act == seat and state.to_act is not CHANCE else ()
        assert view.legal_actions() == expected, "view.legal_actions() disagrees with the state"
    for bad_seat in (-1, players, "0", None):
        try:
            state.view(bad_seat)
        except ValueError:
            pass
        else:
            raise AssertionError(f"view({bad_seat!r}) did not raise ValueError")
    for event in state.events:
        assert str(event)


def _in(candidate: object, legal: tuple[Action, ...]) -> bool:
    try:
        return candidate in legal
    except TypeError:
        return False


def illegal_pool(
    case: GameCase, state: Any, legal: tuple[Action, ...], rng: random.Random
) -> Iterator[object]:
    """Candidates that may or may not be legal: garbage, every action class with
    ordinary and broken field values, and a shuffle where none is due."""
    yield from (None, "check", 3, 2.5, Card.parse("As"), object(), cardrules.Check)
    yield Shuffle(())
    if state.to_act is CHANCE:
        cards = list(state.chance_cards)
        yield Shuffle(tuple(cards[:-1]))
        if len(cards) > 1:  # with one card, this would be the true shuffle
            yield Shuffle(tuple(cards[:-1] + cards[:1]))
        yield Shuffle([*cards[1:], "As"])  # type: ignore[list-item]
        yield Shuffle(None)  # type: ignore[arg-type]
        if len(cards) < len(STANDARD_DECK):
            yield Shuffle(tuple(reversed(STANDARD_DECK)))  # more cards than the node has
    raises = [a.to for a in legal if isinstance(a, Raise)]
    ints = {-1, 0, 1, 10**9, *(r + d for r in raises[:1] + raises[-1:] for d in (-1, 1))}
    bad_values: list[object] = [True, 2.0, "3", None]
    some_cards = rng.sample(STANDARD_DECK, 6)
    for cls in (*case.module.ACTIONS, Shuffle):
        fields = attrs.fields(cls)
        if not fields:
            yield cls()
            continue
        if cls is Shuffle:
            continue
        (field,) = fields
        type_text = str(field.type)
        if "int" in type_text:
            values: list[object] = [*sorted(ints), *bad_values]
        elif "tuple" in type_text:
            values = [
                (),
                tuple(some_cards[:2]),
                (some_cards[0], some_cards[0]),
                tuple(STANDARD_DECK[:8]),
                [some_cards[0]],
                ("As",),
                None,
                5,
            ]
            hand = _seat_hand(state)
            if hand:
                values += [tuple(hand[:1]), tuple(hand), tuple(reversed(hand))]
        else:
            values = [*some_cards, "As", None, 7]
            hand = _seat_hand(state)
            values += list(hand)
        for value in values:
            yield cls(value)
    yield from case.extra_illegal(state)


def _seat_hand(state: Any) -> tuple[Card, ...]:
    seat = state.to_act
    if isinstance(seat, int) and not isinstance(seat, bool):
        return tuple(state.hands[seat])
    return ()


def _cards_in_view(view: Any) -> Iterator[Card]:
    """Every card a view holds of the current deal: all it holds (what it pickles),
    less the session's logs, which show earlier deals too (perfect recall, X-10: a
    card seen then may be hidden now); of those, this deal's cards received and
    events. What the logs hold is proven by the indistinguishability check."""
    if not isinstance(view, ViewBase):  # a view of its own (the toy game's): all of it
        yield from _cards_in(view)
        return
    _, (_, seat, public, legal) = view.__reduce__()
    assert seat == view.seat
    yield from _cards_in((public, legal), skip_logs=True)
    if view.hand:  # a deal in progress: what the seat received in it
        yield from view.received[-1]
    events = view.events
    starts = [i for i, event in enumerate(events) if type(event).__name__ == "DealStarted"]
    yield from _cards_in(events[starts[-1] if starts else 0 :])


def _cards_in(value: object, depth: int = 0, *, skip_logs: bool = False) -> Iterator[Card]:
    """Every card reachable from ``value`` through attrs fields and containers (with
    ``skip_logs``, not through a :class:`~cardrules.game.Log`)."""
    if depth > 12 or (skip_logs and isinstance(value, Log)):
        return
    if isinstance(value, Card):
        yield value
    elif isinstance(value, tuple | list | frozenset | set):
        for item in value:
            yield from _cards_in(item, depth + 1, skip_logs=skip_logs)
    elif isinstance(value, dict):
        for item in value.items():
            yield from _cards_in(item, depth + 1, skip_logs=skip_logs)
    elif attrs.has(type(value)):
        for field in attrs.fields(type(value)):
            if skip_logs and field.name in _LOG_PARTS:
                continue
            yield from _cards_in(getattr(value, field.name), depth + 1, skip_logs=skip_logs)


_LOG_PARTS = ("past", "recent", "own_dealt", "new_events")
"""The fields of a record that hold a log's parts instead of a
:class:`~cardrules.game.Log`: a log all the same (its public log's full chunks and
newest actions; modern's and historic's seat records' cards received in the newest
deals, beside the log of the earlier ones; modern's newest events, beside the log of
the earlier ones)."""


def check_replay(case: GameCase, state: Any) -> None:
    """Replay ``history`` from ``new_game``; round-trip the record and pickle."""
    replayed = case.module.new_game(
        state.rules, stacks=state.initial_stacks, dealer=state.initial_dealer
    )
    for action in state.history:
        replayed = replayed.apply(action)
    assert replayed == state, "replaying history gave another state"
    assert hash(replayed) == hash(state)
    assert loads(dumps(state)) == state, "the record did not round-trip"
    assert pickle.loads(pickle.dumps(state)) == state, "pickle did not round-trip"


def _swap_cards(value: Any, a: Card, b: Card) -> Any:
    if isinstance(value, Card):
        return b if value == a else a if value == b else value
    if isinstance(value, tuple):
        return tuple(_swap_cards(item, a, b) for item in value)
    if isinstance(value, Action):
        cls = type(value)
        return cls(*(_swap_cards(getattr(value, f.name), a, b) for f in attrs.fields(cls)))
    return value


def check_indistinguishable(case: GameCase, states: list[Any], rng: random.Random) -> None:
    """Swap two cards one seat never sees during one deal; its views must not change."""
    history = states[-1].history
    players = len(states[0].stacks)
    deals = sorted({s.deal_number for s in states[:-1]})
    for seat in range(players):
        deal = rng.choice(deals)
        steps = [i for i in range(len(states) - 1) if states[i].deal_number == deal]
        if not steps:
            continue
        hidden = frozenset.intersection(*(case.unseen(states[i], seat) for i in steps))
        hidden = hidden & case.unseen(states[steps[-1] + 1], seat)
        if len(hidden) < 2:
            continue
        a, b = rng.sample(sorted(hidden), 2)
        actions = list(history)
        for i in steps:
            actions[i] = _swap_cards(actions[i], a, b)
        other = states[0]
        try:
            for i, action in enumerate(actions):
                assert other.view(seat) == states[i].view(seat), (
                    f"seat {seat} can tell apart two states that differ only in unseen "
                    f"cards {a} and {b} (deal {deal}, step {i})"
                )
                other = other.apply(action)
        except IllegalActionError:
            continue  # the swap changed what another seat may do: not a twin game
        assert other.view(seat) == states[-1].view(seat)
