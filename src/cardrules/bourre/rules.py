"""The options of Bourré (rules B and V-B of the rule reference) as one validated record.

>>> Rules().players, Rules(hand_size=7).hand_size
(4, 7)
>>> Rules(players=8)
Traceback (most recent call last):
...
cardrules.errors.RulesError: Rules.players must be an int from 2 to 7 (B-1.1), not 8
"""

from __future__ import annotations

from typing import Literal

import attrs

from cardrules.options import RulesBase, require_bool, require_choice, require_int

GAME_ID = "bourre"
"""The game's id in records."""


@attrs.frozen(slots=True, kw_only=True)
class Rules(RulesBase):
    """Every option of Bourré, with the defaults of the rule reference.

    Options combine freely; invalid values raise :class:`~cardrules.RulesError`
    naming the field, the value and what is allowed.

    >>> Rules(exchange=False, min_tricks=3, pot_cap=50).pot_cap
    50
    """

    players: int = 4
    """Number of seats, 2–7 (B-1.1)."""
    hand_size: Literal[5, 7] = 5
    """Cards per hand and tricks per deal: 5, or 7 for seven-card Bourré (B-2.2, V-B.2)."""
    ante: int = 1
    """Chips each seat antes before every deal (B-2.1); the base of a rising ante (V-B.5)."""
    stack: int = 100
    """The starting stack, and the amount of every automatic rebuy (X-6)."""
    deals: int = 1
    """Deals in the session (X-7)."""
    exchange: bool = True
    """Whether seats still in may exchange cards (B-4.1); ``False`` is Reno Bourré (V-B.3)."""
    must_head_following: bool = True
    """Whether a seat following a non-trump lead must beat the trick (B-5.5, V-B.1)."""
    min_tricks: int = 1
    """Tricks the sole leader needs to take the pot, 1–3 (B-6.1, V-B.4)."""
    rising_ante: bool = False
    """Double the ante after every carried pot, back to ``ante`` after a won pot (V-B.5)."""
    ante_exemptions: bool = False
    """Seats that tied for most tricks or were bourré skip the next ante (B-6.3)."""
    pot_cap: int | None = None
    """The largest pot allowed, or ``None`` for no cap (V-B.6)."""

    def __attrs_post_init__(self) -> None:
        require_int("players", self.players, 2, 7, "B-1.1")
        require_choice("hand_size", self.hand_size, (5, 7), "B-2.2, V-B.2")
        require_int("ante", self.ante, 1, None, "B-2.1")
        require_int("stack", self.stack, 1, None, "X-6")
        require_int("deals", self.deals, 1, None, "X-7")
        require_bool("exchange", self.exchange, "V-B.3")
        require_bool("must_head_following", self.must_head_following, "V-B.1")
        require_int("min_tricks", self.min_tricks, 1, 3, "V-B.4")
        require_bool("rising_ante", self.rising_ante, "V-B.5")
        require_bool("ante_exemptions", self.ante_exemptions, "B-6.3")
        if self.pot_cap is not None:
            require_int("pot_cap", self.pot_cap, 1, None, "V-B.6")
