"""The phases of a historic deal (STYLE.md 3: phases are explicit).

>>> Phase.PLUS_RIEN.value
'plus rien'
"""

from __future__ import annotations

import enum


class Phase(enum.Enum):
    """Where a state stands in its deal."""

    CARRE = "carre"
    """The blind carre ladder, before the shuffle (H-2.2, H-2.3)."""
    DEAL = "deal"
    """The chance node: the deck is shuffled and dealt (H-3.1)."""
    BETTING = "betting"
    """Passing before the opening, then calling, raising and folding (H-4.1 to H-4.5)."""
    PLUS_RIEN = "plus rien"
    """The turn where each seat but the last raiser raises or says plus rien (H-4.8)."""
    OVER = "over"
    """The session is over (H-7.1)."""

    def __repr__(self) -> str:
        return f"Phase.{self.name}"
