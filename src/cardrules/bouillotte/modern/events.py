"""The events of modern Bouillotte beyond the shared ones of :mod:`cardrules.events`.

Every event here is public: what it names, every seat has seen.

>>> from cardrules.cards import cards
>>> str(FeePaid(payer=2, announcer=0, amount=1))
'seat 2 pays seat 0 an announcement fee of 1'
>>> str(RetourneChanged(dead=cards("Kh"), new=cards("8s")))
'the retourné K♥ is dead; the new retourné is 8♠'
"""

from __future__ import annotations

import attrs

from cardrules.cards import Card
from cardrules.events import Event


def _cards(cards: tuple[Card, ...]) -> str:
    return " ".join(str(c) for c in cards)


@attrs.frozen(slots=True)
class RetournesTurned(Event):
    """The retourné (or both, V-M.1) turned face up after the deal (M-2.2)."""

    cards: tuple[Card, ...]

    def __str__(self) -> str:
        word = "retourné is" if len(self.cards) == 1 else "retournés are"
        return f"the {word} {_cards(self.cards)}"


@attrs.frozen(slots=True)
class CardsTurned(Event):
    """A seat's card dealt or turned face up (V-M.2, V-M.3)."""

    seat: int
    cards: tuple[Card, ...]

    def __str__(self) -> str:
        return f"seat {self.seat} shows {_cards(self.cards)}"


@attrs.frozen(slots=True)
class Announced(Event):
    """A seat announced a brelan of this class (M-4.1, M-4.3)."""

    seat: int
    category: str
    """``"carre"``, ``"favori"`` or ``"simple"``."""

    def __str__(self) -> str:
        name = {"carre": "carré"}.get(self.category, self.category)
        return f"seat {self.seat} announces a brelan {name}"


@attrs.frozen(slots=True)
class FeePaid(Event):
    """A seat paid an announcer its fee (M-4.2)."""

    payer: int
    announcer: int
    amount: int

    def __str__(self) -> str:
        return f"seat {self.payer} pays seat {self.announcer} an announcement fee of {self.amount}"


@attrs.frozen(slots=True)
class RetourneChanged(Event):
    """The retourné was replaced by the next card(s) of the stock (V-M.4)."""

    dead: tuple[Card, ...]
    new: tuple[Card, ...]

    def __str__(self) -> str:
        word = "retourné" if len(self.dead) == 1 else "retournés"
        verb = "is" if len(self.dead) == 1 else "are"
        return (
            f"the {word} {_cards(self.dead)} {verb} dead; the new {word} {verb} {_cards(self.new)}"
        )


@attrs.frozen(slots=True)
class HandShown(Event):
    """A seat still in showed its hand at the showdown (M-6.1)."""

    seat: int
    cards: tuple[Card, ...]
    hand: str
    """The hand's value in words (``"brelan simple of kings"``)."""

    def __str__(self) -> str:
        return f"seat {self.seat} shows {_cards(self.cards)}: {self.hand}"
