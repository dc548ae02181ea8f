"""The JSON forms of actions and views, for every game (the schema is in the docs'
*JSON forms* page).

:func:`action_to_json` / :func:`action_from_json` use the form game records use
(``{"action": "Raise", "to": 4}``, cards as their codes ``"As"``); :func:`view_to_json`
holds exactly what a seat's view holds, so that a game server can send each seat its
view and read back its choice. :mod:`cardrules.notation` re-exports them.

>>> from cardrules.bourre import Play
>>> from cardrules.cards import Card
>>> action_to_json(Play(Card.parse("Q♥")))
{'action': 'Play', 'card': 'Qh'}
"""

from __future__ import annotations

import enum
import json
from collections.abc import Callable, Mapping
from fractions import Fraction
from types import ModuleType
from typing import Any

import attrs

from cardrules.actions import Action
from cardrules.cards import Card
from cardrules.chance import Shuffle
from cardrules.errors import shorten
from cardrules.events import Event
from cardrules.game import Log
from cardrules.registry import get_game

__all__ = [
    "action_from_json",
    "action_to_json",
    "decode_action",
    "field_kind",
    "game_module",
    "json_kind",
    "to_json_value",
    "unique_keys",
    "view_to_json",
]

_MOST_CARDS = 52
"""The most cards an action holds (a shuffle of the largest deck)."""
_MAX_JSON = 64_000
"""The longest JSON text of one action."""


def game_module(game: ModuleType | str | Any) -> Any:
    """The game module of ``game`` (a module, or its ``GAME_ID``).

    >>> game_module("bourre").GAME_ID
    'bourre'
    """
    if isinstance(game, str):
        return get_game(game)
    if not hasattr(game, "ACTIONS") or not hasattr(game, "GAME_ID"):
        raise ValueError(
            f"{shorten(game, repr)} is not a game module (it needs GAME_ID and ACTIONS)"
        )
    return game


def to_json_value(value: object) -> Any:
    """``value`` as plain JSON data: cards as codes (``"As"``), enums by value
    (``CHANCE`` as ``"chance"``), fractions as text (``"5/2"``), tuples as lists,
    actions as :func:`action_to_json`, events as ``{"event": name, fields…}``, other
    attrs values (rules) as an object of their fields.

    >>> from fractions import Fraction
    >>> from cardrules import CHANCE
    >>> from cardrules.cards import Suit
    >>> to_json_value((Card.parse("Th"), Suit.SPADES, Fraction(5, 2), None, CHANCE))
    ['Th', 's', '5/2', None, 'chance']
    """
    if value is None or isinstance(value, bool | str):
        return value
    if isinstance(value, Card):
        return value.code
    if isinstance(value, enum.Enum):
        return value.value if not isinstance(value, int) else int(value)
    if isinstance(value, int):
        return value
    if isinstance(value, Fraction):
        return str(value)
    if isinstance(value, tuple | list | Log):
        return [to_json_value(item) for item in value]
    if isinstance(value, Action):
        return action_to_json(value)
    if attrs.has(type(value)):
        data: dict[str, Any] = {}
        if isinstance(value, Event):
            data["event"] = type(value).__name__
        for field in attrs.fields(type(value)):  # type: ignore[arg-type]
            if field.init or isinstance(value, Event):
                data[field.name.lstrip("_")] = to_json_value(getattr(value, field.name))
        return data
    raise ValueError(f"no JSON form for {type(value).__name__} {value!r}")


def action_to_json(action: Action) -> dict[str, Any]:
    """The JSON form of an action: ``{"action": class name, field: value…}``, the form
    game records use (cards as codes, tuples of cards as lists).

    :param action: any action of any game, ``Shuffle`` and masked actions included.
    :returns: a dict ready for :func:`json.dumps`.
    :raises ValueError: if ``action`` is not an action.

    >>> from cardrules import Raise
    >>> action_to_json(Raise(to=4))
    {'action': 'Raise', 'to': 4}
    """
    if not isinstance(action, Action) or not attrs.has(type(action)):
        raise ValueError(f"action_to_json needs an action, not {action!r}")
    data: dict[str, Any] = {"action": type(action).__name__}
    for field in attrs.fields(type(action)):
        data[field.name] = to_json_value(getattr(action, field.name))
    return data


def _action_classes(module: Any) -> dict[str, type[Action]]:
    classes = {cls.__name__: cls for cls in module.ACTIONS}
    classes["Shuffle"] = Shuffle
    for name in dir(module):  # masked forms a view shows (Bourré's HiddenExchange)
        item = getattr(module, name)
        if (
            isinstance(item, type)
            and issubclass(item, Action)
            and attrs.has(item)
            and name.startswith("Hidden")
        ):
            classes[name] = item
    return classes


def action_from_json(data: object, game: ModuleType | str) -> Action:
    """Read an action of ``game`` from its JSON form (a dict, or JSON text).

    :param data: ``{"action": "Raise", "to": 4}`` or the same as text.
    :param game: the game module or its ``GAME_ID``.
    :returns: the action (``Shuffle`` and the masked forms of a view are read too).
    :raises ValueError: saying what is wrong and what is allowed.

    >>> action_from_json('{"action": "Play", "card": "Qh"}', "bourre")
    Play(card=Card.parse('Q♥'))
    >>> action_from_json({"action": "Play"}, "bourre")
    Traceback (most recent call last):
    ...
    ValueError: action: Play takes the fields card, not none
    """
    module = game_module(game)
    if isinstance(data, str | bytes):
        if len(data) > _MAX_JSON:
            raise ValueError("an action's JSON text is at most 64,000 characters")
        try:
            data = json.loads(data, object_pairs_hook=_unique_keys)
        except RecursionError:
            raise ValueError(
                "an action's JSON text is nested too deeply: an action is one object "
                "whose values are numbers, card codes or one list of card codes"
            ) from None
        except ValueError as error:
            raise ValueError(f"an action's JSON text is not valid JSON: {error}") from None
    return decode_action(data, _action_classes(module), "action", game=module.GAME_ID)


def field_kind(field: attrs.Attribute[Any]) -> str:
    """What an action's field holds: ``"int"``, ``"card"`` or ``"cards"`` (a tuple of
    cards), read from its annotation.

    >>> from cardrules.bourre import Exchange
    >>> field_kind(attrs.fields(Exchange).discards)
    'cards'
    """
    text = str(field.type)
    if "tuple" in text and "Card" in text:
        return "cards"
    if "Card" in text:
        return "card"
    return "int"


_KIND_NAMES = {"int": "a whole number", "card": "a card code", "cards": "a list of card codes"}


def unique_keys(
    refuse: Callable[[str], Exception],
) -> Callable[[list[tuple[str, Any]]], dict[str, Any]]:
    """A ``json.loads`` ``object_pairs_hook`` that builds each object and raises
    ``refuse(key)`` (the key quoted, shortened) for a key given twice in one object.

    >>> import json
    >>> hook = unique_keys(lambda key: ValueError(f"{key} twice"))
    >>> json.loads('{"to": 4, "to": 5}', object_pairs_hook=hook)
    Traceback (most recent call last):
    ...
    ValueError: 'to' twice
    """

    def hook(pairs: list[tuple[str, Any]]) -> dict[str, Any]:
        found = dict(pairs)
        if len(found) != len(pairs):
            seen: set[str] = set()
            for key, _ in pairs:
                if key in seen:
                    raise refuse(shorten(key, repr, 40))
                seen.add(key)
        return found

    return hook


_unique_keys = unique_keys(
    lambda key: ValueError(
        f"the key {key} appears twice in one object (an action has each field once)"
    )
)


def decode_action(
    item: object,
    classes: Mapping[str, type[Action]],
    where: str,
    error: type[ValueError] = ValueError,
    game: str = "this game",
) -> Action:
    """The action of the JSON form ``item`` (``{"action": "Raise", "to": 4}``), one of
    ``classes`` (name → class); anything else raises ``error`` with a message that
    begins with ``where``. Records and :func:`action_from_json` read actions with it.
    Each field holds what its action's field is: a whole number, a card code, or a
    list of at most 52 card codes (never a card where a list is meant, nor lists in
    lists).

    >>> from cardrules.actions import Raise
    >>> decode_action({"action": "Raise", "to": 4}, {"Raise": Raise}, "here")
    Raise(to=4)
    >>> decode_action({"action": "Raise"}, {"Raise": Raise}, "here")
    Traceback (most recent call last):
    ...
    ValueError: here: Raise takes the fields to, not none
    """
    if not isinstance(item, dict) or not isinstance(item.get("action"), str):
        raise error(f"{where}: expected an object with an 'action' name, found {json_kind(item)}")
    cls = classes.get(item["action"])
    if cls is None:
        raise error(
            f"{where}: {shorten(item['action'], repr, 40)} is not an action of {game}; the "
            f"actions are {', '.join(sorted(classes))}"
        )
    fields = attrs.fields(cls)
    names = [field.name for field in fields]
    given = set(item) - {"action"}
    if given != set(names):
        unexpected = sorted(shorten(name, most=40) for name in given)
        raise error(
            f"{where}: {cls.__name__} takes the fields "
            f"{', '.join(names) or 'none'}, not {', '.join(unexpected) or 'none'}"
        )
    values = {
        field.name: _decode_value(
            item[field.name], field_kind(field), f"{where}.{field.name}", error
        )
        for field in fields
    }
    return cls(**values)


def _decode_value(value: object, kind: str, where: str, error: type[ValueError]) -> Any:
    if kind == "int" and type(value) is int:
        return value
    if kind == "card" and isinstance(value, str):
        try:
            return Card.parse(value)
        except ValueError as problem:
            raise error(f"{where}: {problem}") from None
    if kind == "cards" and isinstance(value, list):
        if len(value) > _MOST_CARDS:
            raise error(f"{where}: {len(value)} cards is more than the {_MOST_CARDS} a deck holds")
        return tuple(
            _decode_value(item, "card", f"{where}[{i}]", error) for i, item in enumerate(value)
        )
    raise error(f"{where}: expected {_KIND_NAMES[kind]}, found {json_kind(value)}")


def json_kind(value: object) -> str:
    """A JSON value described for an error message: its kind, and the value itself when
    short (``a list of 3 item(s)``, ``a string ("As")``).

    >>> json_kind([1, 2]), json_kind("As")
    ('a list of 2 item(s)', 'a string ("As")')
    """
    if isinstance(value, list | dict):
        kind = "a list" if isinstance(value, list) else "an object"
        return f"{kind} of {len(value)} item(s)"
    names = {
        dict: "an object",
        list: "a list",
        str: "a string",
        bool: "a boolean",
        int: "a number",
        float: "a number",
        type(None): "null",
    }
    return f"{names.get(type(value), type(value).__name__)} ({shorten(value, json.dumps, 40)})"


def view_to_json(view: Any) -> dict[str, Any]:
    """The JSON form of a seat's view: one key per member of the ``View`` (its
    ``MEMBERS``: all it holds), the legal actions under ``"legal_actions"``.

    :param view: a ``View`` of any game.
    :returns: a dict ready for :func:`json.dumps`.
    :raises ValueError: if ``view`` is not a view.

    >>> import random
    >>> from cardrules import sample_chance
    >>> from cardrules.bourre import new_game
    >>> state = new_game()
    >>> state = state.apply(sample_chance(state, random.Random(2)))
    >>> data = view_to_json(state.view(1))
    >>> data["seat"], len(data["hand"]), data["legal_actions"]
    (1, 5, [{'action': 'StayIn'}, {'action': 'Drop'}])
    """
    members = getattr(type(view), "MEMBERS", None)
    if not isinstance(members, tuple) or not hasattr(view, "legal_actions"):
        raise ValueError(f"view_to_json needs a seat's view, not {view!r:.80}")
    data = {}
    for name in members:
        value = getattr(view, name)
        data[name] = to_json_value(value() if callable(value) else value)
    data["legal_actions"] = to_json_value(view.legal_actions())
    return data
