"""The actions of modern Bouillotte: the shared betting actions and ``Announce``.

>>> str(Announce()), ANNOUNCE == Announce()
('announce a brelan', True)
"""

from __future__ import annotations

import attrs

from cardrules.actions import Action, Call, Check, Fold, Raise


@attrs.frozen(slots=True)
class Announce(Action):
    """Declare a brelan for the side fee (M-4.1); the seat keeps its turn."""

    def __str__(self) -> str:
        return "announce a brelan"


ANNOUNCE = Announce()
"""The interned :class:`Announce`."""

ACTIONS: tuple[type[Action], ...] = (Check, Call, Fold, Raise, Announce)
"""Every action class of the game (records use it; ``Shuffle`` is added by them)."""
