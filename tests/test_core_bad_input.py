"""Bad input at the core's boundary: records, the drivers, messages (X-9, X-2).

Every failure is a documented error (a ``ValueError`` subclass of the library) whose
message names what was wrong, never a raw ``TypeError``/``AttributeError``, a hang or
unbounded memory.
"""

from __future__ import annotations

import json
import random
import time
from typing import Any

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

import cardrules
from cardrules import (
    CardRulesError,
    RecordError,
    bourre,
    dumps,
    loads,
    play,
    random_policy,
    sample_chance,
)
from cardrules.bouillotte import historic, modern
from cardrules.errors import shorten
from cardrules.records import MAX_CHIPS

GAMES = (modern, historic, bourre)


def _record(game: Any = bourre, seed: int = 3, steps: int = 30) -> dict[str, Any]:
    state = play(game.new_game(), [random_policy] * 4, random.Random(seed), max_steps=steps)
    data: dict[str, Any] = json.loads(dumps(state))
    return data


# -- the drivers (issue: sample_chance, random_policy, play with foreign arguments) ----


@pytest.mark.parametrize(
    "call",
    [
        lambda: sample_chance(None, random.Random(1)),  # type: ignore[arg-type]
        lambda: sample_chance(bourre.new_game(), None),  # type: ignore[arg-type]
        lambda: random_policy(None, random.Random(1)),  # type: ignore[arg-type]
        lambda: play(None, [random_policy] * 4, random.Random(1)),  # type: ignore[type-var]
        lambda: play(bourre.new_game(), None, random.Random(1)),  # type: ignore[arg-type]
        lambda: play(bourre.new_game(), [None] * 4, random.Random(1)),  # type: ignore[list-item]
        lambda: play(bourre.new_game(), [random_policy] * 4, None),  # type: ignore[arg-type]
        lambda: play(bourre.new_game(), "abcd", random.Random(1)),  # type: ignore[arg-type]
        lambda: play(bourre.new_game(), [random_policy] * 4, random.Random(1), chance_rng=3),  # type: ignore[arg-type]
        lambda: dumps(object()),  # type: ignore[arg-type]
        lambda: dumps(None),  # type: ignore[arg-type]
    ],
)
def test_drivers_refuse_foreign_arguments_with_library_errors(call: Any) -> None:
    with pytest.raises(CardRulesError) as info:
        call()
    assert "not" in str(info.value)


def test_play_chance_rng_gives_both_policies_the_same_deals() -> None:
    """play(..., chance_rng=...): chance from its own stream, so two policies meet the
    same first deal."""

    def first_policy(view: Any, rng: random.Random) -> Any:
        return view.legal_actions()[0]

    def last_policy(view: Any, rng: random.Random) -> Any:
        return view.legal_actions()[-1]

    deals = []
    for policy in (first_policy, last_policy, random_policy):
        state = play(
            modern.new_game(),
            [policy] * 4,
            random.Random(99),
            max_steps=1,
            chance_rng=random.Random(5),
        )
        deals.append(state.hands)
    assert deals[0] == deals[1] == deals[2]


# -- records --------------------------------------------------------------------------


def test_record_with_duplicate_keys_is_refused() -> None:
    """A first "game": "chess" must not hide behind a second, valid one."""
    text = dumps(bourre.new_game())
    text = text.replace('"game": "bourre"', '"game": "chess", "game": "bourre"')
    with pytest.raises(RecordError, match=r"^record: the key 'game' appears twice"):
        loads(text)


@pytest.mark.parametrize("game", [[], ["bourre"], {"id": "bourre"}, 3, None, True])
def test_record_game_of_the_wrong_type_names_the_field(game: object) -> None:
    data = _record()
    data["game"] = game
    with pytest.raises(RecordError, match=r"^record\.game: expected a game id"):
        loads(json.dumps(data))


@pytest.mark.parametrize("where", ["stacks", "dealer", "rules", "raise"])
def test_record_numbers_beyond_the_bound_are_refused_at_once(where: str) -> None:
    """A 430-byte record may not make one step cost seconds: numbers are bounded."""
    data = _record(historic)
    huge = 10**40
    if where == "stacks":
        data["stacks"][0] = huge
    elif where == "dealer":
        data["dealer"] = huge
    elif where == "rules":
        data["rules"]["stack"] = huge
    else:
        data["actions"].append({"action": "Raise", "to": huge})
    text = json.dumps(data)
    start = time.process_time()
    with pytest.raises(RecordError, match=r"^record: the number .* is beyond the 1000000000000000"):
        loads(text)
    assert time.process_time() - start < 5  # a bound on hanging, not a timing test
    data["stacks"] = [MAX_CHIPS + 1] * 4
    with pytest.raises(RecordError):
        loads(json.dumps(data))


def test_record_shuffle_of_millions_of_cards_is_refused_before_reading_them() -> None:
    data = _record()
    data["actions"][0] = {"action": "Shuffle", "order": ["As"] * 200_000}
    with pytest.raises(RecordError, match=r"actions\[0\]\.order: 200000 cards is more than"):
        loads(json.dumps(data))


def test_deeply_nested_record_is_a_record_error() -> None:
    with pytest.raises(RecordError):
        loads("[" * 100_000 + "]" * 100_000)
    data = _record()
    data["rules"] = json.loads("[" * 50 + "]" * 50)
    with pytest.raises(RecordError, match=r"record\.rules: expected an object, found a list"):
        loads(json.dumps(data))


# -- messages -------------------------------------------------------------------------


def test_messages_shorten_numbers_too_long_to_print() -> None:
    """Issue item 10: an int of 5,000 digits must not break the message itself."""
    assert shorten(10**5000) == "an int of about 5001 digits"
    assert shorten(-(10**5000)) == "an int of about 5001 digits"
    assert len(shorten("x" * 10_000)) <= 120


# -- a fuzz of hostile records ----------------------------------------------------------

_JSON_LEAF = st.one_of(
    st.none(),
    st.booleans(),
    st.integers(-(10**20), 10**20),
    st.floats(allow_nan=False, allow_infinity=False),
    st.text(max_size=30),
    st.sampled_from(["As", "Th", "Raise", "Call", "Shuffle", "bourre", "chess"]),
)
_JSON = st.recursive(
    _JSON_LEAF,
    lambda children: (
        st.lists(children, max_size=5) | st.dictionaries(st.text(max_size=8), children, max_size=5)
    ),
    max_leaves=20,
)
_FIELDS = ("format", "version", "game", "rules", "stacks", "dealer", "actions", "final")


@settings(max_examples=200, deadline=None)
@given(
    game=st.sampled_from(GAMES),
    seed=st.integers(0, 30),
    field=st.sampled_from(_FIELDS),
    value=_JSON,
    path=st.lists(st.integers(0, 40), max_size=3),
)
def test_hostile_records_raise_only_record_error(
    game: Any, seed: int, field: str, value: object, path: list[int]
) -> None:
    """Wrong types in every field (and inside actions and rules): RecordError naming
    the field, or a replay equal to what the text says; nothing else."""
    data = _record(game, seed=seed, steps=20)
    target: Any = data
    key: Any = field
    for step in path:  # go down into a list or object of the record, if there is one
        inner = target[key]
        if isinstance(inner, list) and inner:
            target, key = inner, step % len(inner)
        elif isinstance(inner, dict) and inner:
            target, key = inner, sorted(inner)[step % len(inner)]
        else:
            break
    target[key] = value
    outcome = _load_or_error(json.dumps(data))
    if isinstance(outcome, RecordError):
        assert str(outcome).startswith("record"), str(outcome)
    else:
        assert json.loads(dumps(outcome))["actions"] == data["actions"]


def _load_or_error(text: str) -> Any:
    try:
        return loads(text)
    except RecordError as error:
        return error


@settings(max_examples=60, deadline=None)
@given(order=st.lists(st.sampled_from(["As", "Kd", "9h", 5, None, [], "zz"]), max_size=60))
def test_hostile_shuffles_in_records(order: list[object]) -> None:
    data = _record(modern, steps=0)
    data["actions"] = [{"action": "Shuffle", "order": order}]
    data["final"] = {"actions": 1, "stacks": [99] * 4, "pot": 4}
    with pytest.raises(RecordError, match=r"record\.actions\[0\]"):
        loads(json.dumps(data))


def _view_bytes(state: Any, seat: int) -> int:
    """Bytes allocated (and kept) by making one view of ``state``."""
    import gc
    import tracemalloc

    gc.collect()
    tracemalloc.start()
    try:
        before = tracemalloc.get_traced_memory()[0]
        view = state.view(seat)
        after = tracemalloc.get_traced_memory()[0]
    finally:
        tracemalloc.stop()
    assert view.seat == seat
    return after - before


@pytest.mark.parametrize("game", GAMES)
def test_a_view_late_in_a_long_session_costs_what_an_early_one_does(game: Any) -> None:
    """Issue item 8 (X-10): making a view shares what the state holds (the public log)
    instead of copying the session's history, so the memory it allocates does not grow
    with the session (a measure of work done, not a timing)."""
    rules = game.Rules(deals=300)
    rng = random.Random(8)
    state = game.new_game(rules)
    early = late = None
    while not state.is_terminal:
        if state.to_act is cardrules.CHANCE:
            state = state.apply(cardrules.sample_chance(state, rng))
            continue
        if early is None and state.deal_number == 0:
            early = _view_bytes(state, state.to_act)
        if late is None and state.deal_number == 250:
            late = _view_bytes(state, state.to_act)
            break
        state = state.apply(random_policy(state.view(state.to_act), rng))
    assert early is not None and late is not None
    assert len(state.history) > 2000
    assert late < 2 * early + 2048, f"a view at deal 250 allocated {late} bytes, at deal 1 {early}"
