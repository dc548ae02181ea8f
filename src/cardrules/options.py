"""What every game's ``Rules`` shares: keyword-only construction that names the
allowed options, and the checks of an option's value (STYLE lesson 6).

A game's ``Rules`` is a frozen, keyword-only attrs class that derives from
:class:`RulesBase` and checks each field in ``__attrs_post_init__`` with
:func:`require_int`, :func:`require_bool` and :func:`require_choice`, so that every
invalid value raises :class:`~cardrules.RulesError` naming the field, the rule, the
value (shortened when it is too long to print) and what is allowed.

>>> @attrs.frozen(slots=True, kw_only=True)
... class Rules(RulesBase):
...     players: int = 4
...     deals: int = 1
...     def __attrs_post_init__(self) -> None:
...         require_int("players", self.players, 2, 7, "B-1.1")
>>> Rules(4)
Traceback (most recent call last):
...
cardrules.errors.RulesError: Rules takes keyword arguments only (players, deals), not 1 ...
>>> Rules(bogus=1)
Traceback (most recent call last):
...
cardrules.errors.RulesError: Rules has no option 'bogus'; the options are players, deals
>>> Rules(players=10**5000)
Traceback (most recent call last):
...
cardrules.errors.RulesError: Rules.players must be an int from 2 to 7 (B-1.1), not an int of ...
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

import attrs

from cardrules.errors import RulesError, shorten

__all__ = ["LARGEST", "RulesBase", "require_bool", "require_choice", "require_int"]


class RulesBase:
    """Base of every game's ``Rules``: positional arguments and unknown keywords raise
    :class:`~cardrules.RulesError` naming the allowed options (not Python's own
    ``TypeError``)."""

    __slots__ = ()

    def __new__(cls, *args: Any, **kwargs: Any) -> Any:
        names = [field.name for field in attrs.fields(cls)] if attrs.has(cls) else []
        if args:
            raise RulesError(
                f"Rules takes keyword arguments only ({', '.join(names)}), "
                f"not {len(args)} positional argument(s)"
            )
        for name in kwargs:
            if name not in names:
                raise RulesError(
                    f"Rules has no option {shorten(name, repr, 40)}; the options are "
                    + ", ".join(names)
                )
        return super().__new__(cls)


LARGEST = 10**15
"""The largest number an option may hold when its rule sets no bound (what a game
record may hold, :data:`cardrules.records.MAX_CHIPS`)."""


def require_int(name: str, value: object, low: int, high: int | None, rule: str) -> None:
    """Raise :class:`~cardrules.RulesError` unless ``value`` is an int (not a bool) from
    ``low`` to ``high`` (``None``: up to :data:`LARGEST`).

    >>> require_int("ante", 10**5000, 1, 10, "B-2.1")
    Traceback (most recent call last):
    ...
    cardrules.errors.RulesError: Rules.ante must be an int from 1 to 10 (B-2.1), not an int of ...
    """
    top = LARGEST if high is None else high
    if type(value) is not int or not low <= value <= top:
        if high is not None:
            allowed = f"from {low} to {high}"
        elif type(value) is int and value > top:
            allowed = f"from {low} to 10**15"
        else:
            allowed = f">= {low}"
        raise RulesError(
            f"Rules.{name} must be an int {allowed} ({rule}), not {shorten(value, repr, 40)}"
        )


def require_bool(name: str, value: object, rule: str) -> None:
    """Raise :class:`~cardrules.RulesError` unless ``value`` is ``True`` or ``False``.

    >>> require_bool("exchange", 1, "V-B.3")
    Traceback (most recent call last):
    ...
    cardrules.errors.RulesError: Rules.exchange must be True or False (V-B.3), not 1
    """
    if type(value) is not bool:
        raise RulesError(
            f"Rules.{name} must be True or False ({rule}), not {shorten(value, repr, 40)}"
        )


def require_choice(name: str, value: object, allowed: Sequence[object], rule: str) -> None:
    """Raise :class:`~cardrules.RulesError` unless ``value`` is one of ``allowed``
    (compared with its type, so ``True`` is not ``1``).

    >>> require_choice("hand_size", 6, (5, 7), "B-2.2")
    Traceback (most recent call last):
    ...
    cardrules.errors.RulesError: Rules.hand_size must be one of 5, 7 (B-2.2), not 6
    """
    if not any(type(value) is type(choice) and value == choice for choice in allowed):
        raise RulesError(
            f"Rules.{name} must be one of {', '.join(map(repr, allowed))} ({rule}), "
            f"not {shorten(value, repr, 40)}"
        )
