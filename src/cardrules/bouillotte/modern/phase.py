"""Where a modern Bouillotte session stands.

>>> Phase.BETTING.value
'betting'
"""

from __future__ import annotations

import enum


class Phase(enum.Enum):
    """Where a session stands."""

    DEAL = "deal"
    """The chance node of a deal: antes are in, the cards are to be shuffled."""
    BETTING = "betting"
    """A seat is to act in a betting round."""
    OVER = "over"
    """The session is over."""
