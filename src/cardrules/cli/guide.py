"""``cardrules rules GAME``: the rule book as a player's guide.

The rules come from the package's rule book (:mod:`cardrules.rulebook`), written for
implementers: this module prints them for players, wrapped to the terminal, without
Markdown marks, with a few phrases an implementer would use put in a player's words
(:data:`PLAYER_WORDS`), each rule under its id (the id refusals cite) and its title.
Each option is shown with the values it takes and its default, read from the option's
own validation (the message of :class:`~cardrules.RulesError`), so the guide never
disagrees with what ``--rules`` accepts.

>>> from cardrules import bourre
>>> lines = guide(bourre, 60)
>>> lines[0]
'Bourré (bourre): the rules'
>>> max(map(len, lines)) <= 60, any("`" in line for line in lines)
(True, False)
"""

from __future__ import annotations

import re
import textwrap
from typing import Any

import attrs

from cardrules.errors import RulesError
from cardrules.rulebook import RULES, TITLES, rules_of

__all__ = ["PLAYER_WORDS", "allowed_values", "guide", "player_text"]

PLAYER_WORDS: tuple[tuple[str, str], ...] = (
    ("(`Shuffle.order[0]` first)", "(the top card first)"),
    (
        "Every random event is a chance node answered by a `Shuffle` of exactly the cards "
        "the state names in `chance_cards`. Nothing else is random.",
        "The only chance in the game is the shuffle of the cards still to be dealt; "
        "nothing else is random.",
    ),
    (" (chance node)", ""),
    ("chance node", "shuffle"),
    ("raises `IllegalActionError` naming", "is refused, naming"),
    (" (`returns()`)", ""),
    (
        "At every moment `sum(returns()) + pot == 0`.",
        "The results and the pot always add up to zero.",
    ),
    ("(as given to `new_game`)", ""),
    ("Chance nodes", "The shuffle"),
    ("since `new_game`", "since the session began"),
    ("`Rules.deals`", "`deals`"),
    ("(another game's action, `None`, a string)", ""),
    (", `deal_number` and `dealer` moved on", ", the dealer moved on"),
)
"""Phrases of the rule book and the words a player reads instead (applied in order)."""

_CALL = re.compile(r"`([A-Z][A-Za-z]*)\(([^`]*)\)`")
_MARKS = re.compile(r"[`*]")


def _words(name: str) -> str:
    """``StayIn`` → ``stay in``."""
    return re.sub(r"(?<!^)(?=[A-Z])", " ", name).lower()


def player_text(text: str) -> str:
    """A rule's text for a player: :data:`PLAYER_WORDS` put in, an action written as
    words (``StayIn()`` → "stay in", ``Exchange(discards)`` → "exchange"), and no
    Markdown marks.

    >>> player_text("each seat says `StayIn()` or `Drop()`; `Raise(to)` above `ante`")
    'each seat says stay in or drop; raise above ante'
    """
    for implementer, player in PLAYER_WORDS:
        text = text.replace(implementer, player)
    text = _CALL.sub(lambda match: _words(match[1]), text)
    return _MARKS.sub("", text).replace("  ", " ").replace(" ,", ",")


_MUST = re.compile(r"must be (?P<allowed>.+?) \((?P<rules>[^)]*)\), not ")


def allowed_values(rules: type, name: str) -> str:
    """The values option ``name`` of ``rules`` takes, as its validation says them.

    >>> from cardrules.bouillotte import modern
    >>> allowed_values(modern.Rules, "favori")
    "one of 'above_simple', 'below_simple', 'off'"
    >>> allowed_values(modern.Rules, "target")
    'a whole number >= 1, or none'
    """
    try:
        rules(**{name: _Probe()})
    except RulesError as error:
        found = _MUST.search(str(error))
        if found is not None:
            allowed = found["allowed"].replace("an int", "a whole number")
            allowed = allowed.replace("True or False", "true or false")
            optional = "or None" in found["rules"] or _default_of(rules, name) is None
            return allowed + (", or none" if optional else "")
    return "see the rule reference"


def _default_of(rules: type, name: str) -> object:
    field = attrs.fields_dict(rules).get(name)
    return None if field is None else field.default


class _Probe:
    """A value no option takes: its refusal says what the option takes."""

    def __repr__(self) -> str:
        return "?"


def _default(value: object) -> str:
    if value is None:
        return "none"
    if isinstance(value, bool):
        return "true" if value else "false"
    return str(value)


def guide(game: Any, width: int) -> list[str]:
    """The lines of ``cardrules rules`` for ``game`` (a game module), none longer than
    ``width`` (at least 40)."""
    from cardrules.transcript import title_of

    width = max(width, 40)
    lines = [f"{title_of(game.GAME_ID)} ({game.GAME_ID}): the rules"]
    body = textwrap.TextWrapper(width=width, initial_indent="    ", subsequent_indent="    ")
    for rule in rules_of(game.GAME_ID):
        lines.append("")
        lines.extend(textwrap.wrap(f"{rule}  {player_text(TITLES.get(rule, ''))}", width))
        lines.extend(body.wrap(player_text(RULES[rule])))
    lines += [
        "",
        *textwrap.wrap(
            "Options (--rules KEY=VALUE ...), the values they take, their default:", width
        ),
    ]
    defaults = game.Rules()
    for field in attrs.fields(game.Rules):
        if field.init:
            values = allowed_values(game.Rules, field.name)
            text = f"{field.name}: {values} (default {_default(getattr(defaults, field.name))})"
            lines.extend(
                textwrap.wrap(text, width, initial_indent="  ", subsequent_indent="      ")
            )
    return lines
