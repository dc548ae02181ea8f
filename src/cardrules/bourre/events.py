"""The events of Bourré beyond the shared ones of :mod:`cardrules.events`.

Every event here is public: it names cards only when every seat has seen them.

>>> str(Bourre(seat=2, amount=9))
'seat 2 is bourré and pays 9 into the next pot'
"""

from __future__ import annotations

import attrs

from cardrules.cards import Card
from cardrules.events import Event


@attrs.frozen(slots=True)
class TrumpTurned(Event):
    """The dealer's last card was turned face up: its suit is trump (B-2.2)."""

    dealer: int
    """The dealer's seat."""
    card: Card
    """The face-up card, which stays in the dealer's hand."""

    def __str__(self) -> str:
        return f"seat {self.dealer} turns up {self.card}: {self.card.suit} is trump"


@attrs.frozen(slots=True)
class Exchanged(Event):
    """A seat exchanged cards (B-4.1); only the count is public (X-10): not which
    cards, so not whether the dealer discarded the trump up-card (B-4.3) either.

    >>> str(Exchanged(seat=0, count=2)), str(Exchanged(seat=3, count=0))
    ('seat 0 exchanges 2 cards', 'seat 3 stands pat')
    """

    seat: int
    """The seat."""
    count: int
    """How many cards it discarded and drew (the trump up-card counts like any other)."""

    def __str__(self) -> str:
        if self.count == 0:
            return f"seat {self.seat} stands pat"
        return f"seat {self.seat} exchanges {self.count} card{'s' if self.count != 1 else ''}"


@attrs.frozen(slots=True)
class Restocked(Event):
    """The stock ran short: discards and dropped hands were shuffled into a new stock (B-4.2)."""

    cards: int
    """How many cards the new stock has."""

    def __str__(self) -> str:
        return f"the stock is short: {self.cards} mucked cards are shuffled into a new stock"


@attrs.frozen(slots=True)
class TrickWon(Event):
    """A trick was completed (B-5.6)."""

    seat: int
    """The winner, who leads next."""
    cards: tuple[Card, ...]
    """The trick's cards in play order."""

    def __str__(self) -> str:
        return f"seat {self.seat} wins the trick " + " ".join(str(c) for c in self.cards)


@attrs.frozen(slots=True)
class Bourre(Event):
    """A seat stayed in and took no trick: it pays into the next pot (B-6.2)."""

    seat: int
    """The bourré seat."""
    amount: int
    """What it paid (after any refund of the pot cap, V-B.6)."""

    def __str__(self) -> str:
        return f"seat {self.seat} is bourré and pays {self.amount} into the next pot"


@attrs.frozen(slots=True)
class PotCapped(Event):
    """Chips that would lift the pot above ``pot_cap`` were not taken (V-B.6)."""

    cap: int
    """The cap."""
    refunds: tuple[int, ...]
    """Per seat, the chips not taken from it."""

    def __str__(self) -> str:
        parts = ", ".join(
            f"seat {seat} {amount}" for seat, amount in enumerate(self.refunds) if amount
        )
        return f"the pot is capped at {self.cap}: not taken {parts}"
