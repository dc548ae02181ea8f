"""The actions of modern Bouillotte: the shared betting actions and ``Announce``.

>>> str(Announce()), ANNOUNCE == Announce()
('announce a brelan', True)
"""

from __future__ import annotations

import attrs

from cardrules.actions import CALL, CHECK, FOLD, Action, Call, Check, Fold, Raise, raise_to

__all__ = [
    "ACTIONS",
    "ANNOUNCE",
    "CALL",
    "CHECK",
    "FOLD",
    "Announce",
    "Call",
    "Check",
    "Fold",
    "Raise",
    "raise_to",
]


@attrs.frozen(slots=True)
class Announce(Action):
    """Declare a brelan for the side fee (M-4.1); the seat keeps its turn."""

    def __str__(self) -> str:
        return "announce a brelan"


ANNOUNCE = Announce()
"""The interned :class:`Announce`."""

ACTIONS: tuple[type[Action], ...] = (Check, Call, Fold, Raise, Announce)
"""Every action class of the game (records use it; ``Shuffle`` is added by them)."""
