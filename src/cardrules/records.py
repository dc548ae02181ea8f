"""Game records: a state as JSON text, and back.

A record holds a format version, the game id, every field of the rules, the
``new_game`` arguments (stacks and dealer), every action since ``new_game`` and a
short summary of where they lead. :func:`loads` replays the actions and returns a
state equal to the one saved; text that is truncated, tampered with, from another
program or hostile raises :class:`~cardrules.RecordError` saying where and why.

>>> import random
>>> from cardrules import dumps, loads, play, random_policy
>>> from cardrules.bourre import new_game
>>> state = play(new_game(), [random_policy] * 4, random.Random(5), max_steps=8)
>>> loads(dumps(state)) == state
True
>>> loads('{"format": "cardrules-record", "version": 1}')
Traceback (most recent call last):
...
cardrules.errors.RecordError: record: the field 'game' is missing
"""

from __future__ import annotations

import json
import re
from typing import Any

import attrs

from cardrules.actions import Action
from cardrules.cards import Card
from cardrules.chance import Shuffle
from cardrules.errors import CardRulesError, RecordError, shorten
from cardrules.game import GameModule, GameState
from cardrules.jsonforms import decode_action, json_kind, unique_keys
from cardrules.registry import get_game

__all__ = ["FORMAT", "MAX_ACTIONS", "MAX_CHIPS", "MAX_TEXT", "VERSION", "dumps", "loads"]

FORMAT = "cardrules-record"
"""The value of a record's ``format`` field."""
VERSION = 1
"""The record format version this library writes and reads."""

_KEYS = ("format", "version", "game", "rules", "stacks", "dealer", "actions", "final")

MAX_TEXT = 64 * 1024 * 1024
"""The longest record text :func:`loads` reads, in characters (64 MiB)."""
MAX_ACTIONS = 1_000_000
"""The most actions a record may hold."""
MAX_CHIPS = 10**15
"""The largest whole number (in absolute value) a record may hold: stacks, amounts and
rules fields alike. Larger numbers are refused before anything is replayed, so no
record can make one step cost more than its answer needs."""
_MAX_DIGITS = len(str(MAX_CHIPS))
_FIRST_CHARACTER = re.compile(r"[ \t\n\r]*")
"""The whitespace JSON allows before a value."""
_MAX_ORDER = 52
"""The most cards a ``Shuffle`` of any game holds (checked before the cards are read)."""


def dumps(state: GameState, *, indent: int | None = None) -> str:
    """The record of ``state`` as JSON text.

    :param state: any state of any game.
    :param indent: pretty-print with this indentation (``None``: one line).
    :returns: the record.
    :raises ValueError: if ``state`` is not a game state.

    >>> from cardrules.bouillotte import historic
    >>> text = dumps(historic.new_game())
    >>> text[:60]
    '{"format": "cardrules-record", "version": 1, "game": "bouill'
    """
    if not isinstance(getattr(state, "GAME_ID", None), str) or not all(
        hasattr(state, name) for name in ("rules", "initial_stacks", "history", "stacks", "pot")
    ):
        raise CardRulesError(f"dumps needs a game state, not {shorten(state, repr)}")
    record = {
        "format": FORMAT,
        "version": VERSION,
        "game": state.GAME_ID,
        "rules": attrs.asdict(state.rules),
        "stacks": list(state.initial_stacks),
        "dealer": state.initial_dealer,
        "actions": [_encode_action(action) for action in state.history],
        "final": _summary(state),
    }
    return json.dumps(record, ensure_ascii=False, indent=indent)


def _summary(state: GameState) -> dict[str, Any]:
    return {"actions": len(state.history), "stacks": list(state.stacks), "pot": state.pot}


def _encode_action(action: Action) -> dict[str, Any]:
    encoded: dict[str, Any] = {"action": type(action).__name__}
    for field in attrs.fields(type(action)):
        encoded[field.name] = _encode_value(getattr(action, field.name))
    return encoded


def _encode_value(value: object) -> Any:
    if isinstance(value, Card):
        return value.code
    if isinstance(value, tuple):
        return [_encode_value(item) for item in value]
    return value


def loads(text: str | bytes) -> Any:
    """Read a record written by :func:`dumps` and replay it.

    :param text: the record's JSON text.
    :returns: the state it records, equal to the one saved.
    :raises RecordError: if the text is not a readable, consistent record; the
        message says where (``actions[12]``, ``rules.players``, …) and why.

    >>> loads("{")
    Traceback (most recent call last):
    ...
    cardrules.errors.RecordError: record: not valid JSON (truncated?): Expecting property ...
    """
    try:
        return _loads(text)
    except RecordError:
        raise
    except (RecursionError, MemoryError) as error:
        raise RecordError(
            f"record: too deeply nested or too large to read ({type(error).__name__})"
        ) from None
    except Exception as error:  # the boundary: nothing else may escape a bad record
        raise RecordError(f"record: unreadable ({type(error).__name__}: {error})") from error


def _loads(text: str | bytes) -> Any:
    data = _read_json(text)
    game = _read_header(data)
    rules = _read_rules(game, data["rules"])
    stacks = data["stacks"]
    if not isinstance(stacks, list) or not all(type(s) is int for s in stacks):
        raise RecordError(
            f"record.stacks: expected a list of whole numbers, found {json_kind(stacks)}"
        )
    if type(data["dealer"]) is not int:
        raise RecordError(
            f"record.dealer: expected a whole number, found {json_kind(data['dealer'])}"
        )
    try:
        state = game.new_game(rules, stacks=tuple(stacks), dealer=data["dealer"])
    except CardRulesError as error:
        raise RecordError(f"record.stacks/dealer: {error}") from None
    state = _replay(game, state, data["actions"])
    if data["final"] != _summary(state):
        raise RecordError(
            f"record.final: the actions lead to {json.dumps(_summary(state))}, but the record "
            f"says {json.dumps(data['final'])}: the record was changed after it was written"
        )
    return state


def _read_json(text: object) -> dict[str, Any]:
    """The record's JSON object, read within the bounds (sizes, numbers, unique keys)."""
    if isinstance(text, bytes | bytearray):
        try:
            text = bytes(text).decode("utf-8")
        except UnicodeDecodeError as error:
            raise RecordError(f"record: not UTF-8 text ({error})") from None
    if not isinstance(text, str):
        raise RecordError(f"record: expected JSON text (str or bytes), not {type(text).__name__}")
    if len(text) > MAX_TEXT:
        raise RecordError(f"record: {len(text)} characters is more than the {MAX_TEXT} allowed")
    start = _FIRST_CHARACTER.match(text)
    if start is None or text[start.end() : start.end() + 1] != "{":
        # a record is one JSON object: refuse a list, a number or garbage at its first
        # character, before the parser and its number hook read megabytes of it
        first = text[start.end() : start.end() + 12] if start else text[:12]
        raise RecordError(
            "record: expected a JSON object (text that begins with '{'), found text that "
            f"begins with {shorten(first, repr, 20) if first else 'nothing'}"
        )
    try:
        data = json.loads(
            text,
            parse_constant=_reject_constant,
            parse_int=_read_int,
            object_pairs_hook=_unique_keys,
        )
    except RecordError:
        raise
    except json.JSONDecodeError as error:
        where = error.msg.removesuffix(" at")  # "Unterminated string starting at"
        raise RecordError(
            f"record: not valid JSON (truncated?): {where} at line {error.lineno}, "
            f"column {error.colno}"
        ) from None
    except ValueError as error:
        raise RecordError(f"record: not valid JSON: {error}") from None
    if not isinstance(data, dict):
        raise RecordError(f"record: expected a JSON object, found {json_kind(data)}")
    return data


def _read_header(data: dict[str, Any]) -> GameModule:
    """Check the record's fields, format and version; the game it names."""
    for key in _KEYS:
        if key not in data:
            raise RecordError(f"record: the field {key!r} is missing")
    unknown = sorted(set(data) - set(_KEYS))
    if unknown:
        raise RecordError(
            f"record: unknown field(s) {', '.join(map(repr, unknown))}; a record "
            f"has {', '.join(_KEYS)}"
        )
    if data["format"] != FORMAT:
        raise RecordError(
            f"record.format: {data['format']!r} is not {FORMAT!r}: not a cardrules record"
        )
    if data["version"] != VERSION or type(data["version"]) is not int:
        raise RecordError(
            f"record.version: this library reads version {VERSION}, not {data['version']!r}"
        )
    if not isinstance(data["game"], str):
        raise RecordError(
            f"record.game: expected a game id (a string), found {json_kind(data['game'])}"
        )
    try:
        return get_game(data["game"])
    except CardRulesError as error:
        raise RecordError(f"record.game: {error}") from None


def _replay(game: GameModule, state: Any, actions: object) -> Any:
    """``state`` after the record's actions, each checked and applied in turn."""
    if not isinstance(actions, list):
        raise RecordError(f"record.actions: expected a list, found {json_kind(actions)}")
    if len(actions) > MAX_ACTIONS:
        raise RecordError(
            f"record.actions: {len(actions)} actions is more than the {MAX_ACTIONS} a record "
            "may hold"
        )
    classes = {cls.__name__: cls for cls in (*game.ACTIONS, Shuffle)}
    for index, item in enumerate(actions):
        action = decode_action(item, classes, f"record.actions[{index}]", RecordError)
        try:
            state = state.apply(action)
        except CardRulesError as error:
            raise RecordError(
                f"record.actions[{index}]: {shorten(action)} cannot be replayed: {error}"
            ) from None
    return state


def _reject_constant(name: str) -> None:
    raise RecordError(f"record: {name} is not allowed in a record")


def _read_int(text: str) -> int:
    if len(text.lstrip("-")) > _MAX_DIGITS or abs(int(text)) > MAX_CHIPS:
        raise RecordError(
            f"record: the number {shorten(text, most=24)} is beyond the {MAX_CHIPS} (10**15) a "
            "record may hold"
        )
    return int(text)


_unique_keys = unique_keys(
    lambda key: RecordError(
        f"record: the key {key} appears twice in one object (a record has each field once)"
    )
)


def _read_rules(game: GameModule, fields: object) -> Any:
    if not isinstance(fields, dict):
        raise RecordError(f"record.rules: expected an object, found {json_kind(fields)}")
    known = {field.name for field in attrs.fields(game.Rules)}
    for name in fields:
        if name not in known:
            raise RecordError(
                f"record.rules: {name!r} is not a rules field of "
                f"{game.GAME_ID}; the fields are {', '.join(sorted(known))}"
            )
    for name in known:
        if name not in fields:
            raise RecordError(f"record.rules: the field {name!r} is missing")
    try:
        return game.Rules(**fields)
    except CardRulesError as error:
        raise RecordError(f"record.rules: {error}") from None
