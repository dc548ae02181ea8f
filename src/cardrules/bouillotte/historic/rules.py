"""The options of the historic game (the options of the rule reference) and its fixed facts.

>>> Rules()
Rules(cave=100, ante=1, deals=12)
>>> Rules(cave=0)
Traceback (most recent call last):
...
cardrules.errors.RulesError: Rules.cave must be an int >= 1 (H-1.2), not 0
"""

from __future__ import annotations

from typing import Final

import attrs

from cardrules.cards import Card, piquet_deck
from cardrules.options import RulesBase, require_int

GAME_ID: Final = "bouillotte-historic"
"""The game's id in records and in the registry."""

PLAYERS: Final = 4
"""The historic system is for exactly four players (H-1.1)."""

DECK: Final[tuple[Card, ...]] = piquet_deck(PLAYERS)
"""The 20 cards, A K Q 9 8 of each suit, in canonical order (H-1.1)."""

DECK_SET: Final[frozenset[Card]] = frozenset(DECK)
"""The 20 cards as a set."""

_FIELD_RULES = {"cave": "H-1.2", "ante": "H-2.1", "deals": "H-7.1"}


@attrs.frozen(slots=True, kw_only=True)
class Rules(RulesBase):
    """The rules of a historic Bouillotte session.

    Every field is an ``int`` ``>= 1``; anything else raises
    :class:`~cardrules.RulesError` naming the field.

    >>> Rules(deals=4).deals
    4
    """

    cave: int = 100
    """The chips of a cave: each seat's starting stack and the amount of a rebuy (H-1.2, H-7.1)."""
    ante: int = 1
    """What the dealer alone puts in before every deal (H-2.1)."""
    deals: int = 12
    """The number of deals in a session (H-7.1)."""

    @property
    def players(self) -> int:
        """The number of seats: always 4 (H-1.1)."""
        return PLAYERS

    @property
    def stack(self) -> int:
        """Each seat's starting stack: one cave (H-1.2)."""
        return self.cave

    def __attrs_post_init__(self) -> None:
        for name, rule in _FIELD_RULES.items():
            require_int(name, getattr(self, name), 1, None, rule)
