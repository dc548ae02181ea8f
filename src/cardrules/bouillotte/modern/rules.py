"""The options of modern Bouillotte (RULES.md, "Options at a glance").

>>> Rules().players, Rules(players=5).deck[0]
(4, Card.parse('8♣'))
>>> Rules(players=6)
Traceback (most recent call last):
...
cardrules.errors.RulesError: Rules.players must be an int from 3 to 5, not 6 (M-1.1)
"""

from __future__ import annotations

from typing import Literal

import attrs

from cardrules.cards import Card, piquet_deck
from cardrules.errors import RulesError

__all__ = ["FavoriRule", "PointTiebreak", "PointValues", "Rules"]

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


def _fail(name: str, allowed: str, value: object) -> RulesError:
    return RulesError(f"Rules.{name} must be {allowed}, not {value!r} ({_RULE_OF[name]})")


def _int_in(name: str, value: object, low: int, high: int | None = None) -> None:
    if type(value) is not int or value < low or (high is not None and value > high):
        allowed = f"from {low} to {high}" if high is not None else f">= {low}"
        raise _fail(name, f"an int {allowed}", value)


def _bool(name: str, value: object) -> None:
    if type(value) is not bool:
        raise _fail(name, "True or False", value)


def _choice(name: str, value: object, allowed: tuple[str, ...]) -> None:
    if not isinstance(value, str) or value not in allowed:
        raise _fail(name, f"one of {', '.join(map(repr, allowed))}", value)


@attrs.frozen(slots=True, kw_only=True)
class Rules:
    """The options of a modern Bouillotte session, with the defaults of RULES.md.

    Invalid values raise :class:`~cardrules.RulesError` naming the field, the value and
    what is allowed.

    >>> Rules(retournes=2, betting_rounds=3).retournes
    2
    >>> Rules(ante=True)
    Traceback (most recent call last):
    ...
    cardrules.errors.RulesError: Rules.ante must be an int >= 1, not True (M-2.1)
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
        _int_in("players", self.players, 3, 5)
        _int_in("ante", self.ante, 1)
        _int_in("max_raise", self.max_raise, 1)
        _int_in("stack", self.stack, 1)
        _int_in("deals", self.deals, 1)
        if self.target is not None and (type(self.target) is not int or self.target < 1):
            raise _fail("target", "None or an int >= 1", self.target)
        if self.announce_fee is not None and (
            type(self.announce_fee) is not int or self.announce_fee < 1
        ):
            raise _fail("announce_fee", "None or an int >= 1", self.announce_fee)
        _choice("favori", self.favori, _FAVORI)
        _choice("point_values", self.point_values, _POINT_VALUES)
        _choice("point_tiebreak", self.point_tiebreak, _TIEBREAKS)
        _int_in("retournes", self.retournes, 1, 2)
        _bool("open_card", self.open_card)
        _int_in("betting_rounds", self.betting_rounds, 1, 3)
        _bool("retourne_change", self.retourne_change)

    @property
    def deck(self) -> tuple[Card, ...]:
        """The deck for ``players`` seats, in canonical order (M-1.2)."""
        return _DECKS[self.players]


_DECKS = {players: piquet_deck(players) for players in (3, 4, 5)}
