"""The actions of Bourré: ``StayIn``, ``Drop``, ``Exchange(discards)``, ``Play(card)``.

Actions accept any value at construction; ``State.apply`` rejects what is not
legal. ``Exchange`` keeps its discards in canonical order when they are all cards,
so the order in which they are given never matters.

>>> from cardrules.cards import cards
>>> Exchange(cards("Kh 2c")) == Exchange(cards("2c Kh"))
True
>>> str(Exchange(cards("Kh 2c"))), str(Play(cards("Q♥")[0])), str(StayIn())
('exchange 2♣ K♥', 'play Q♥', 'stay in')
"""

from __future__ import annotations

from typing import Any

import attrs

from cardrules.actions import Action
from cardrules.cards import STANDARD_DECK, Card


@attrs.frozen(slots=True)
class StayIn(Action):
    """Stay in the deal: play every trick, and risk being bourré (B-3.1)."""

    def __str__(self) -> str:
        return "stay in"


@attrs.frozen(slots=True)
class Drop(Action):
    """Drop out of the deal, losing only the ante already paid (B-3.1)."""


def _canonical(value: Any) -> Any:
    """Sort a tuple or list of cards; leave anything else as it is (never raises)."""
    if isinstance(value, tuple | list) and all(item.__class__ is Card for item in value):
        return tuple(sorted(value))
    return value


@attrs.frozen(slots=True)
class Exchange(Action):
    """Discard ``discards`` and draw as many from the stock (B-4.1).

    The empty exchange stands pat. The discards are kept in canonical order.

    >>> from cardrules.cards import cards
    >>> Exchange(cards("As 3d")).discards == cards("3d As")
    True
    """

    discards: tuple[Card, ...] = attrs.field(converter=_canonical)
    """The cards discarded, in canonical order."""

    def __str__(self) -> str:
        if not isinstance(self.discards, tuple | list):
            return "exchange ? cards"
        if not self.discards:
            return "stand pat"
        return "exchange " + " ".join(str(card) for card in self.discards)


@attrs.frozen(slots=True)
class Play(Action):
    """Play ``card`` to the trick (B-5.1–B-5.5).

    >>> Play(Card.parse("Q♥"))
    Play(card=Card.parse('Q♥'))
    """

    card: Card
    """The card played."""

    def __str__(self) -> str:
        return f"play {self.card}"


@attrs.frozen(slots=True)
class HiddenExchange(Action):
    """How another seat's exchange shows in a view: the count, never the cards.

    Never applied to a state; it only appears in :attr:`View.history`.

    >>> str(HiddenExchange(3))
    'exchange 3 cards'
    """

    count: int
    """How many cards the seat exchanged."""

    def __str__(self) -> str:
        if self.count == 0:
            return "stand pat"
        return f"exchange {self.count} card{'s' if self.count != 1 else ''}"


STAY_IN = StayIn()
"""The interned :class:`StayIn`."""
DROP = Drop()
"""The interned :class:`Drop`."""
_PLAYS = tuple(Play(card) for card in STANDARD_DECK)
_HIDDEN = tuple(HiddenExchange(count) for count in range(8))


def play_of(index: int) -> Play:
    """The interned ``Play`` of the card with canonical index ``index``.

    >>> play_of(51)
    Play(card=Card.parse('A♠'))
    """
    return _PLAYS[index]


def hidden_exchange(count: int) -> HiddenExchange:
    """The interned ``HiddenExchange(count)``.

    >>> hidden_exchange(2) is hidden_exchange(2) == HiddenExchange(2)
    True
    """
    return _HIDDEN[count]


ACTIONS: tuple[type[Action], ...] = (StayIn, Drop, Exchange, Play)
"""The action classes of Bourré (records use them)."""
