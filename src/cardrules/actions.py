"""The betting actions shared by the games, and the base class of every action.

Amounts are always totals: ``Raise(to=n)`` makes the acting seat's contribution to
this deal ``n``. Action classes accept any value at construction; ``State.apply``
rejects what is not legal.

>>> from cardrules.actions import Raise, Check
>>> Raise(to=4), str(Raise(to=4)), str(Check())
(Raise(to=4), 'raise to 4', 'check')
"""

from __future__ import annotations

import attrs

__all__ = [
    "CALL",
    "CHECK",
    "FOLD",
    "Action",
    "Call",
    "Check",
    "Fold",
    "Raise",
    "raise_to",
    "raises_between",
]


@attrs.frozen(slots=True)
class Action:
    """Base class of every action, chance actions included."""

    def __str__(self) -> str:
        return type(self).__name__.lower()


@attrs.frozen(slots=True)
class Check(Action):
    """Pass without staking more (a check; "passer" or "plus rien" in the historic game)."""


@attrs.frozen(slots=True)
class Call(Action):
    """Match the largest contribution, or put in the whole stack when that is less."""


@attrs.frozen(slots=True)
class Fold(Action):
    """Give up the deal and everything already put in."""


@attrs.frozen(slots=True)
class Raise(Action):
    """Bring the acting seat's contribution to this deal up to ``to`` chips.

    An opening bet is a raise too.

    >>> Raise(to=6)
    Raise(to=6)
    """

    to: int
    """The seat's total contribution after the raise (antes and blind stakes included)."""

    def __str__(self) -> str:
        return f"raise to {self.to}"


CHECK = Check()
"""The interned :class:`Check`."""
CALL = Call()
"""The interned :class:`Call`."""
FOLD = Fold()
"""The interned :class:`Fold`."""

_RAISES: tuple[Raise, ...] = tuple(Raise(to=n) for n in range(4096))


def raise_to(to: int) -> Raise:
    """``Raise(to=to)``, interned for amounts below 4096; equal to a freshly built one,
    only cheaper.

    >>> raise_to(5) is raise_to(5) and raise_to(5) == Raise(to=5)
    True
    """
    if 0 <= to < 4096:
        return _RAISES[to]
    return Raise(to=to)


def raises_between(low: int, high: int) -> tuple[Raise, ...]:
    """``Raise(to)`` for every ``to`` from ``low`` to ``high``, in order: a slice of the
    interned raises when they are all below 4096 (no call per raise).

    >>> raises_between(3, 5) == (Raise(to=3), Raise(to=4), Raise(to=5))
    True
    >>> raises_between(4095, 4096)[1] == Raise(to=4096), raises_between(5, 4)
    (True, ())
    """
    if low >= 0 and high < 4096:
        return _RAISES[low : high + 1]
    return tuple(map(raise_to, range(low, high + 1)))
