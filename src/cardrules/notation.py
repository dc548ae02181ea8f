"""Actions and views as text and JSON, for every game.

Text: :func:`parse_action` reads back what ``str(action)`` prints (``"raise to 4"``,
``"play Q♥"``, ``"exchange 9♠ K♥"``, ``"stand pat"``) and what ``repr`` prints
(``"Raise(to=4)"``, ``"Play(card=Card.parse('Q♥'))"``), through a small parser that
never evaluates code. :func:`action_text` is the complete text of an action (an
``Exchange`` names its cards).

JSON: :func:`action_to_json` / :func:`action_from_json` (the form game records use:
``{"action": "Raise", "to": 4}``, cards as their codes ``"As"``) and
:func:`view_to_json`, so that a game server can send each
seat its view and read back its choice. The schema is in the docs (*JSON forms*).

>>> from cardrules.bourre import Play, new_game
>>> from cardrules.cards import Card
>>> import cardrules.bourre as bourre
>>> parse_action(bourre, "play Q♥") == Play(Card.parse("Q♥"))
True
>>> action_to_json(Play(Card.parse("Q♥")))
{'action': 'Play', 'card': 'Qh'}
"""

from __future__ import annotations

import ast
import io
import re
import string
import tokenize
from collections.abc import Callable, Mapping, Sequence
from types import ModuleType

import attrs

from cardrules.actions import Action
from cardrules.cards import Card, cards
from cardrules.errors import shorten
from cardrules.jsonforms import (
    action_from_json,
    action_to_json,
    decode_action,
    field_kind,
    game_module,
    json_kind,
    to_json_value,
    view_to_json,
)

__all__ = [
    "action_from_json",
    "action_text",
    "action_to_json",
    "decode_action",
    "json_kind",
    "parse_action",
    "parser_for",
    "to_json_value",
    "view_to_json",
]

_MAX_TEXT = 1000
_SAMPLE_INT = 7_654_321
_SAMPLE_CARD = Card.parse("A♠")
_SAMPLE_CARDS = (Card.parse("9♠"), Card.parse("K♥"))


def _kind(cls: type[Action]) -> tuple[str | None, str]:
    """``(field name, kind)`` of an action class: kind is ``none``, ``int``, ``card``
    or ``cards``."""
    fields = attrs.fields(cls)
    if not fields:
        return None, "none"
    if len(fields) > 1:
        raise ValueError(f"{cls.__name__} has more than one field: no text form")
    return fields[0].name, field_kind(fields[0])


_ASCII_LOWER = str.maketrans(string.ascii_uppercase, string.ascii_lowercase)
"""Letter case is ASCII's only: no other letter lowers onto an action's (the Kelvin
sign onto ``k``), and the text keeps its length."""


def _normal(text: str) -> str:
    return " ".join(text.strip().translate(_ASCII_LOWER).split())


def action_text(action: Action) -> str:
    """The complete text of ``action``: ``str(action)``, except that an exchange of
    cards names them (``"exchange 9♠ K♥"``, ``"stand pat"`` for none).

    :param action: any action of any game.
    :returns: text that :func:`parse_action` reads back.

    >>> from cardrules.bourre import Exchange
    >>> action_text(Exchange(cards("K♥ 9♠"))), action_text(Exchange(()))
    ('exchange 9♠ K♥', 'stand pat')
    """
    if attrs.has(type(action)):
        _, kind = _kind(type(action))
        if kind == "cards":
            items = getattr(action, attrs.fields(type(action))[0].name)
            if not items:
                return str(action)
            verb = str(action).split()[0]
            return f"{verb} " + " ".join(str(card) for card in items)
    return str(action)


@attrs.frozen
class _Form:
    cls: type[Action]
    kind: str
    name: str | None
    prefix: str
    suffix: str
    example: str


def _forms(classes: Sequence[type[Action]]) -> list[_Form]:
    forms = []
    for cls in classes:
        name, kind = _kind(cls)
        if kind == "none":
            text = _normal(str(cls()))
            forms.append(_Form(cls, kind, None, text, "", str(cls())))
        elif kind == "int":
            text = _normal(str(cls(**{name: _SAMPLE_INT})))  # type: ignore[arg-type]
            prefix, _, suffix = text.partition(str(_SAMPLE_INT))
            forms.append(_Form(cls, kind, name, prefix, suffix, f"{prefix}4{suffix}"))
        elif kind == "card":
            text = _normal(str(cls(**{name: _SAMPLE_CARD})))  # type: ignore[arg-type]
            prefix, _, suffix = text.partition(_normal(str(_SAMPLE_CARD)))
            forms.append(_Form(cls, kind, name, prefix, suffix, f"{prefix}Q♥{suffix}"))
        else:
            empty = _normal(str(cls(**{name: ()})))  # type: ignore[arg-type]
            verb = _normal(str(cls(**{name: _SAMPLE_CARDS}))).split()[0]  # type: ignore[arg-type]
            forms.append(_Form(cls, "empty", name, empty, "", str(cls(**{name: ()}))))  # type: ignore[arg-type]
            forms.append(_Form(cls, kind, name, f"{verb} ", "", f"{verb} 9♠ K♥"))
    return forms


def parser_for(classes: Sequence[type[Action]], game_name: str) -> Callable[[str], Action]:
    """A ``parse_action`` function for a game whose action classes are ``classes``.

    :param classes: the game's action classes (its ``ACTIONS``).
    :param game_name: the game's name, for error messages.
    :returns: a function reading one action from its text or its ``repr``.

    >>> from cardrules.bouillotte import modern
    >>> parse = parser_for(modern.ACTIONS, modern.GAME_ID)
    >>> parse("raise to 4"), parse("Raise(to=4)"), parse("  Announce a BRELAN ")
    (Raise(to=4), Raise(to=4), Announce())
    """
    forms = _forms(classes)
    by_name = {cls.__name__: cls for cls in classes}
    expected = ", ".join(repr(form.example) for form in forms)

    def parse_action(text: str) -> Action:
        """Read an action of the game from ``str(action)`` or ``repr(action)``.

        :raises ValueError: saying what was expected.
        """
        if not isinstance(text, str):
            raise ValueError(
                f"parse_action reads a str, not {type(text).__name__}; expected one of {expected}"
            )
        if len(text) > _MAX_TEXT:
            raise ValueError(
                f"cannot read a text of {len(text)} characters as an action of "
                f"{game_name}: an action is at most {_MAX_TEXT} characters"
            )
        stripped = text.strip()
        if re.match(r"^\w+\s*\(", stripped):
            return _parse_repr(stripped, by_name, game_name, expected)
        spaced = " ".join(stripped.split())
        normal = spaced.translate(_ASCII_LOWER)
        for form in forms:
            try:
                found = _read_form(form, normal, spaced)
            except ValueError as error:
                raise ValueError(
                    f"cannot read {shorten(text, repr)} as an action of {game_name}: {error}"
                ) from None
            if found is not None:
                return found
        raise ValueError(
            f"cannot read {shorten(text, repr)} as an action of {game_name}: expected one of "
            f"{expected} (or an action's repr, such as {_repr_example(forms)})"
        )

    parse_action.__qualname__ = "parse_action"
    example = forms[-1].example
    parse_action.__doc__ = (
        f"Read an action of {game_name} from ``str(action)`` or ``repr(action)``.\n\n"
        f"Expected: {expected}; or an action's repr. Letter case does not matter.\n\n"
        ":param text: the action's text.\n"
        ":returns: the action.\n"
        ":raises ValueError: saying what was expected.\n\n"
        f">>> parse_action({example!r})\n{parse_action(example)!r}\n"
    )
    return parse_action


def _read_form(form: _Form, normal: str, spaced: str) -> Action | None:
    """The action of ``form`` that the text reads as (``normal``: lower case,
    ``spaced``: as given, single spaces), or ``None`` when it is not of this form.

    :raises ValueError: when the text is of this form but its value cannot be read.
    """
    if form.kind in ("none", "empty"):
        if normal == form.prefix:
            return form.cls(**({str(form.name): ()} if form.kind == "empty" else {}))
        return None
    if not (normal.startswith(form.prefix) and normal.endswith(form.suffix)):
        return None
    middle = spaced[len(form.prefix) : len(spaced) - len(form.suffix)].strip()
    if not middle:
        return None
    if form.kind == "int":
        if not re.fullmatch(r"-?[0-9]+", middle):  # ASCII digits only, as str prints them
            return None
        value: object = int(middle)
    elif form.kind == "card":
        value = Card.parse(middle)
    else:
        value = cards(middle)
    return form.cls(**{str(form.name): value})


def _repr_example(forms: list[_Form]) -> str:
    for form in forms:
        if form.kind == "int":
            return f"'{form.cls.__name__}({form.name}=4)'"
        if form.kind == "card":
            return f"\"{form.cls.__name__}({form.name}=Card.parse('Q♥'))\""
    return f"'{forms[0].cls.__name__}()'"


def _parse_repr(
    text: str, by_name: Mapping[str, type[Action]], game_name: str, expected: str
) -> Action:
    def fail(why: str) -> ValueError:
        return ValueError(
            f"cannot read {shorten(text, repr)} as an action of {game_name}: {why}; expected "
            f"one of {expected}, or a repr such as 'Raise(to=4)' or "
            "\"Play(card=Card.parse('Q♥'))\""
        )

    _check_names(text, fail)
    try:
        node = ast.parse(text, mode="eval").body
        return _build(node, by_name, fail)
    except SyntaxError:
        raise fail("not a valid repr") from None
    except (RecursionError, MemoryError):
        raise fail("nested too deeply for an action's repr") from None


def _check_names(text: str, fail: Callable[[str], ValueError]) -> None:
    """Refuse names that are not ASCII: Python reads ``Raiſe`` as ``Raise`` (NFKC),
    but no repr prints it."""
    try:
        for token in tokenize.generate_tokens(io.StringIO(text).readline):
            if token.type == tokenize.NAME and not token.string.isascii():
                raise fail(f"{shorten(token.string, repr, 40)} is not a name of an action")
    except (tokenize.TokenError, SyntaxError):
        raise fail("not a valid repr") from None


def _build(
    node: ast.expr, by_name: Mapping[str, type[Action]], fail: Callable[[str], ValueError]
) -> Action:
    if not isinstance(node, ast.Call) or not isinstance(node.func, ast.Name):
        raise fail("not a call of an action class")
    cls = by_name.get(node.func.id)
    if cls is None:
        raise fail(
            f"{shorten(node.func.id, most=40)} is not an action of this game (its actions "
            f"are {', '.join(by_name)})"
        )
    fields = {field.name: field for field in attrs.fields(cls)}
    names = list(fields)
    if len(node.args) > len(names):
        raise fail(f"{cls.__name__} takes {len(names)} argument(s)")
    values: dict[str, object] = {}
    for name, arg in zip(names, node.args, strict=False):
        values[name] = _literal(arg, fail)
    for keyword in node.keywords:
        if keyword.arg not in names or keyword.arg in values:
            raise fail(f"{cls.__name__} has no argument {shorten(keyword.arg, repr, 40)} here")
        values[str(keyword.arg)] = _literal(keyword.value, fail)
    if set(values) != set(names):
        raise fail(f"{cls.__name__} needs {', '.join(names)}")
    for name, value in values.items():
        kind = field_kind(fields[name])
        if kind != (
            "cards" if isinstance(value, tuple) else "card" if isinstance(value, Card) else "int"
        ):
            raise fail(f"{cls.__name__}'s {name} is {_KINDS[kind]}, not {shorten(value, repr, 40)}")
    return cls(**values)


_KINDS = {"int": "a whole number", "card": "one card", "cards": "a tuple of cards"}


def _literal(node: ast.expr, fail: Callable[[str], ValueError]) -> object:
    """An int, a ``Card.parse('..')`` or a tuple/list of cards: nothing else is read."""
    if isinstance(node, ast.Constant) and type(node.value) is int:
        return node.value
    if (
        isinstance(node, ast.UnaryOp)
        and isinstance(node.op, ast.USub)
        and isinstance(node.operand, ast.Constant)
        and type(node.operand.value) is int
    ):
        return -node.operand.value
    if _is_card(node):
        try:
            return Card.parse(node.args[0].value)  # type: ignore[attr-defined]
        except ValueError as error:
            raise fail(str(error)) from None
    if isinstance(node, ast.Tuple | ast.List):
        if not all(_is_card(item) for item in node.elts):
            raise fail("a tuple in an action holds cards only (Card.parse('..'))")
        return tuple(_literal(item, fail) for item in node.elts)
    raise fail(
        f"{shorten(ast.unparse(node), repr, 60)} is not an int, a Card.parse('..') or a "
        "tuple of cards"
    )


def _is_card(node: ast.expr) -> bool:
    return (
        isinstance(node, ast.Call)
        and isinstance(node.func, ast.Attribute)
        and isinstance(node.func.value, ast.Name)
        and node.func.value.id == "Card"
        and node.func.attr == "parse"
        and len(node.args) == 1
        and not node.keywords
        and isinstance(node.args[0], ast.Constant)
        and isinstance(node.args[0].value, str)
    )


_PARSERS: dict[str, Callable[[str], Action]] = {}


def parse_action(game: ModuleType | str, text: str) -> Action:
    """Read an action of ``game`` from its text (``str(action)``) or its ``repr``.

    The inverse of ``str`` and ``repr``: ``parse_action(game, str(a)) == a`` for
    every action ``a`` of the game (an exchange written as :func:`action_text`
    writes it). Letter case and extra spaces do not matter.

    :param game: the game module or its ``GAME_ID``.
    :param text: the action's text.
    :returns: the action.
    :raises ValueError: saying what was expected.

    >>> parse_action("bouillotte-historic", "decline the carre")
    Decline()
    >>> parse_action("bourre", "exchange 9♠ K♥")
    Exchange(discards=(Card.parse('9♠'), Card.parse('K♥')))
    >>> parse_action("bourre", "raise to 4")
    Traceback (most recent call last):
    ...
    ValueError: cannot read 'raise to 4' as an action of bourre: expected one of 'stay in', ...
    """
    module = game_module(game)
    parse = _PARSERS.get(module.GAME_ID)
    if parse is None:
        parse = _PARSERS[module.GAME_ID] = parser_for(module.ACTIONS, module.GAME_ID)
    return parse(text)


# -- JSON ------------------------------------------------------------------------------
