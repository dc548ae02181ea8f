"""Records: dumps/loads round-trip, and every kind of broken record raises RecordError."""

from __future__ import annotations

import json
import random
import time

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

import toy_game
from cardrules import RecordError, dumps, loads, play, random_policy
from cardrules.registry import game_ids, get_game, register_game

register_game(toy_game)


def _record(seed: int = 4, deals: int = 3) -> str:
    state = play(
        toy_game.new_game(toy_game.Rules(deals=deals)), [random_policy] * 2, random.Random(seed)
    )
    return dumps(state)


def _edit(text: str, change: object) -> str:
    data = json.loads(text)
    change(data)  # type: ignore[operator]
    return json.dumps(data)


def test_round_trip_and_fields() -> None:
    text = _record()
    data = json.loads(text)
    assert list(data) == [
        "format",
        "version",
        "game",
        "rules",
        "stacks",
        "dealer",
        "actions",
        "final",
    ]
    assert data["game"] == toy_game.GAME_ID and data["rules"] == {"deals": 3, "stack": 10}
    assert data["actions"][0]["action"] == "Shuffle"
    assert all(isinstance(c, str) for c in data["actions"][0]["order"])
    state = loads(text)
    assert dumps(state) == text
    assert loads(text.encode()) == state
    assert loads(dumps(state, indent=2)) == state


BROKEN = {
    "empty": "",
    "truncated": lambda t: t[: len(t) // 2],
    "not an object": "[1, 2]",
    "NaN": '{"format": NaN}',
    "deep nesting": "[" * 100_000 + "]" * 100_000,
    "huge number": '{"version": ' + "9" * 5000 + "}",
    "foreign json": '{"hello": "world"}',
    "wrong format": lambda t: _edit(t, lambda d: d.update(format="pgn")),
    "wrong version": lambda t: _edit(t, lambda d: d.update(version=2)),
    "bool version": lambda t: _edit(t, lambda d: d.update(version=True)),
    "unknown game": lambda t: _edit(t, lambda d: d.update(game="chess")),
    "game not str": lambda t: _edit(t, lambda d: d.update(game=["bourre"])),
    "extra field": lambda t: _edit(t, lambda d: d.update(extra=1)),
    "missing actions": lambda t: _edit(t, lambda d: d.pop("actions")),
    "rules not object": lambda t: _edit(t, lambda d: d.update(rules=[3])),
    "unknown rules field": lambda t: _edit(t, lambda d: d["rules"].update(colour="red")),
    "missing rules field": lambda t: _edit(t, lambda d: d["rules"].pop("deals")),
    "invalid rules value": lambda t: _edit(t, lambda d: d["rules"].update(deals=0)),
    "rules value wrong type": lambda t: _edit(t, lambda d: d["rules"].update(deals="3")),
    "stacks wrong": lambda t: _edit(t, lambda d: d.update(stacks=[10])),
    "stacks not ints": lambda t: _edit(t, lambda d: d.update(stacks=[10.5, 10])),
    "dealer out of range": lambda t: _edit(t, lambda d: d.update(dealer=7)),
    "dealer not int": lambda t: _edit(t, lambda d: d.update(dealer="0")),
    "actions not list": lambda t: _edit(t, lambda d: d.update(actions={})),
    "action not object": lambda t: _edit(t, lambda d: d["actions"].insert(1, "check")),
    "unknown action": lambda t: _edit(t, lambda d: d["actions"].insert(1, {"action": "Jump"})),
    "action extra field": lambda t: _edit(t, lambda d: d["actions"][1].update(to=3)),
    "action missing field": lambda t: _edit(t, lambda d: d["actions"][0].pop("order")),
    "bad card": lambda t: _edit(t, lambda d: d["actions"][0]["order"].__setitem__(0, "Zz")),
    "float field": lambda t: _edit(
        t, lambda d: d["actions"].insert(2, {"action": "Raise", "to": 2.0})
    ),
    "dict field": lambda t: _edit(
        t, lambda d: d["actions"].insert(2, {"action": "Raise", "to": {"a": 1}})
    ),
    "illegal action": lambda t: _edit(t, lambda d: d["actions"].insert(1, {"action": "Call"})),
    "duplicate shuffle": lambda t: _edit(t, lambda d: d["actions"].insert(1, d["actions"][0])),
    "tampered final": lambda t: _edit(t, lambda d: d["final"].update(pot=99)),
    "actions removed": lambda t: _edit(t, lambda d: d["actions"].pop()),
}


@pytest.mark.parametrize("name", sorted(BROKEN))
def test_broken_records_raise_record_error(name: str) -> None:
    change = BROKEN[name]
    text = change(_record()) if callable(change) else change
    with pytest.raises(RecordError) as info:
        loads(text)
    assert str(info.value).startswith("record")


@pytest.mark.parametrize("value", [None, 3, ["{}"], b"\xff\xfe"])
def test_non_text_raises_record_error(value: object) -> None:
    with pytest.raises(RecordError):
        loads(value)  # type: ignore[arg-type]


def test_record_error_says_where() -> None:
    text = _edit(_record(), lambda d: d["actions"].insert(1, {"action": "Call"}))
    with pytest.raises(RecordError, match=r"record\.actions\[1\]"):
        loads(text)
    text = _edit(_record(), lambda d: d["rules"].update(deals=0))
    with pytest.raises(RecordError, match=r"record\.rules: .*deals"):
        loads(text)


@settings(max_examples=150)
@given(st.data())
def test_any_mangled_record_raises_only_record_error(data: st.DataObject) -> None:
    """Truncation, byte flips and splices give RecordError or an equal replay, nothing else."""
    text = _record(seed=data.draw(st.integers(0, 50)), deals=2)
    kind = data.draw(st.sampled_from(["cut", "flip", "splice"]))
    if kind == "cut":
        mangled = text[: data.draw(st.integers(0, len(text) - 1))]
    elif kind == "flip":
        i = data.draw(st.integers(0, len(text) - 1))
        mangled = text[:i] + data.draw(st.characters()) + text[i + 1 :]
    else:
        i = data.draw(st.integers(0, len(text)))
        mangled = text[:i] + data.draw(st.text(max_size=20)) + text[i:]
    try:
        state = loads(mangled)
    except RecordError:
        return
    # a change that keeps the record meaning the same (a spelling of a card, white
    # space) replays; what it replays to round-trips like any state
    assert loads(dumps(state)) == state


def test_registry() -> None:
    assert {"bouillotte-modern", "bouillotte-historic", "bourre"} <= set(game_ids())
    with pytest.raises(ValueError, match="no game has the id"):
        get_game("chess")
    with pytest.raises(ValueError, match="lacks"):
        register_game(object())  # type: ignore[arg-type]


def test_dumps_needs_a_state() -> None:
    with pytest.raises(ValueError, match="dumps needs a game state"):
        dumps("state")  # type: ignore[arg-type]


def test_a_text_that_is_no_object_is_refused_at_its_first_character() -> None:
    """Issue 34, item 16: a 60 MiB JSON list of zeros took 15 s to refuse (the number
    hook ran on every element) although its first character says it is no record."""
    text = "[" + "0," * (30 * 1024 * 1024 - 1) + "0]"
    started = time.perf_counter()
    with pytest.raises(RecordError, match=r"expected a JSON object .* begins with '\[0,0,"):
        loads(text)
    assert time.perf_counter() - started < 0.5
    for other in ("", " \n\t", "7", '"{"', "null"):
        with pytest.raises(RecordError, match="expected a JSON object"):
            loads(other)


def test_a_json_error_names_its_place_once() -> None:
    """Issue 35: "Unterminated string starting at at line 77" read "at" twice."""
    with pytest.raises(RecordError) as error:
        loads('{"format": "cardrules-record",\n "game": "bourre')
    assert str(error.value).endswith("Unterminated string starting at line 2, column 10")
    assert " at at " not in str(error.value)
