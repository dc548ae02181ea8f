"""The actions of the historic game.

The blind stake before the cards are seen is :class:`Carre` or :class:`Decline`
(H-2.2, H-2.3); the betting uses the shared :class:`~cardrules.actions.Check`
("passer" before the opening, "plus rien" after it), :class:`~cardrules.actions.Call`,
:class:`~cardrules.actions.Fold` and :class:`~cardrules.actions.Raise`.

>>> Carre(), str(Carre()), str(Decline())
(Carre(), 'carre', 'decline the carre')
"""

from __future__ import annotations

import attrs

from cardrules.actions import Action, Call, Check, Fold, Raise


@attrs.frozen(slots=True)
class Carre(Action):
    """Stake the whole pot blind, before any card is dealt (H-2.2).

    >>> Carre() == CARRE
    True
    """

    def __str__(self) -> str:
        return "carre"


@attrs.frozen(slots=True)
class Decline(Action):
    """Refuse to carre; the first refusal ends the carre phase (H-2.3).

    >>> str(DECLINE)
    'decline the carre'
    """

    def __str__(self) -> str:
        return "decline the carre"


CARRE = Carre()
"""The interned :class:`Carre`."""
DECLINE = Decline()
"""The interned :class:`Decline`."""

ACTIONS: tuple[type[Action], ...] = (Carre, Decline, Check, Call, Fold, Raise)
"""Every action class of the game (records use it; ``Shuffle`` is added by them)."""
