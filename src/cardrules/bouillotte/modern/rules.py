"""The options of modern Bouillotte (the rule reference's options at a glance).

>>> Rules().players, Rules(players=5).deck[0]
(4, Card.parse('8♣'))
>>> Rules(players=6)
Traceback (most recent call last):
...
cardrules.errors.RulesError: Rules.players must be an int from 3 to 5 (M-1.1), not 6
"""

from __future__ import annotations

from typing import Literal

import attrs

from cardrules.cards import Card, piquet_deck
from cardrules.options import RulesBase, require_bool, require_choice, require_int

GAME_ID = "bouillotte-modern"
"""The game's id in records and the registry."""

FavoriRule = Literal["above_simple", "below_simple", "off"]
"""Where the brelan favori ranks (M-5.2)."""
PointValues = Literal["flat", "pip"]
"""The scale of card values for the point (M-1.4)."""
PointTiebreak = Literal["seed", "kickers"]
"""How equal points are separated (M-5.6)."""

_FAVORI = ("above_simple", "below_simple", "off")
_POINT_VALUES = ("flat", "pip")
_TIEBREAKS = ("seed", "kickers")


_RULE_OF = {
    "players": "M-1.1",
    "ante": "M-2.1",
    "max_raise": "M-3.3",
    "stack": "X-6",
    "deals": "M-6.2",
    "target": "M-6.2",
    "announce_fee": "M-4.2",
    "favori": "M-5.2",
    "point_values": "M-1.4",
    "point_tiebreak": "M-5.6",
    "retournes": "V-M.1",
    "open_card": "V-M.2",
    "betting_rounds": "V-M.3",
    "retourne_change": "V-M.4",
}


@attrs.frozen(slots=True, kw_only=True)
class Rules(RulesBase):
    """The options of a modern Bouillotte session, with the defaults of the rule reference.

    Invalid values raise :class:`~cardrules.RulesError` naming the field, the value and
    what is allowed.

    >>> Rules(retournes=2, betting_rounds=3).retournes
    2
    >>> Rules(ante=True)
    Traceback (most recent call last):
    ...
    cardrules.errors.RulesError: Rules.ante must be an int >= 1 (M-2.1), not True
    """

    players: int = 4
    """Number of seats, 3 to 5 (M-1.1); it fixes the deck (M-1.2)."""
    ante: int = 1
    """What each seat antes before every deal (M-2.1)."""
    max_raise: int = 5
    """The most a raise may add above the largest contribution (M-3.3)."""
    stack: int = 100
    """The starting stack, and the rebuy of an empty seat (X-6)."""
    deals: int = 1
    """The number of deals in a session (M-6.2, X-7)."""
    target: int | None = None
    """End the session after the deal in which some result reaches this (M-6.2)."""
    announce_fee: int | None = 1
    """The fee every other seat pays an announced brelan; ``None``: no announcing (M-4)."""
    favori: FavoriRule = "above_simple"
    """Where the brelan favori ranks, or ``"off"`` (M-5.2)."""
    point_values: PointValues = "flat"
    """``"flat"``: A 11, all else 10; ``"pip"``: 9 and 8 count 9 and 8 (M-1.4)."""
    point_tiebreak: PointTiebreak = "seed"
    """``"seed"``: highest card then retourné suit; ``"kickers"``: every card (M-5.6)."""
    retournes: int = 1
    """The number of retournés, 1 or 2 (V-M.1)."""
    open_card: bool = False
    """Deal each seat's first card face up (V-M.2)."""
    betting_rounds: int = 1
    """Betting rounds, 1 to 3, with a card turned up between them (V-M.3)."""
    retourne_change: bool = False
    """Replace the retourné once every seat has acted in the first round (V-M.4)."""

    def __attrs_post_init__(self) -> None:
        rule = _RULE_OF
        require_int("players", self.players, 3, 5, rule["players"])
        for name in ("ante", "max_raise", "stack", "deals"):
            require_int(name, getattr(self, name), 1, None, rule[name])
        for name in ("target", "announce_fee"):
            if getattr(self, name) is not None:
                require_int(name, getattr(self, name), 1, None, f"{rule[name]}; or None")
        require_choice("favori", self.favori, _FAVORI, rule["favori"])
        require_choice("point_values", self.point_values, _POINT_VALUES, rule["point_values"])
        require_choice("point_tiebreak", self.point_tiebreak, _TIEBREAKS, rule["point_tiebreak"])
        require_int("retournes", self.retournes, 1, 2, rule["retournes"])
        require_bool("open_card", self.open_card, rule["open_card"])
        require_int("betting_rounds", self.betting_rounds, 1, 3, rule["betting_rounds"])
        require_bool("retourne_change", self.retourne_change, rule["retourne_change"])

    @property
    def deck(self) -> tuple[Card, ...]:
        """The deck for ``players`` seats, in canonical order (M-1.2)."""
        return _DECKS[self.players]


_DECKS = {players: piquet_deck(players) for players in (3, 4, 5)}
LARGEST_DECK = _DECKS[5]
"""The deck of five seats, which holds every other: every card a hand or a retourné
can be, whatever the rules (the tables of the hands and the deal are built over it)."""
