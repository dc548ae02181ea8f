"""Where a deal of Bourré stands: :class:`Phase`, defined once.

>>> Phase.STAY, Phase("play")
(Phase.STAY, Phase.PLAY)
"""

from __future__ import annotations

import enum


class Phase(enum.Enum):
    """Where a deal of Bourré stands."""

    DEAL = "deal"
    """Chance node: the deck is shuffled and dealt (B-2.2)."""
    STAY = "stay"
    """Seats say stay in or drop, from eldest (B-3.1)."""
    EXCHANGE = "exchange"
    """Seats still in exchange, from eldest (B-4.1)."""
    RESTOCK = "restock"
    """Chance node: the muck is shuffled into a new stock (B-4.2)."""
    PLAY = "play"
    """Trick play (B-5)."""
    OVER = "over"
    """The session is over (X-7)."""

    def __repr__(self) -> str:
        return f"Phase.{self.name}"
