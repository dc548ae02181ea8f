"""The events of the historic game, beside the shared ones of :mod:`cardrules.events`.

>>> str(CarreStaked(seat=1, amount=2, pot=4))
'seat 1 carres 2: the pot is now 4'
>>> str(PrimesPaid(receivers=(0, 1), amounts=(5, 1, -3, -3)))
'primes: seat 0 +5, seat 1 +1, seat 2 -3, seat 3 -3'
"""

from __future__ import annotations

import attrs

from cardrules.cards import Card, Suit
from cardrules.events import Event, signed


@attrs.frozen(slots=True)
class CarreStaked(Event):
    """A seat carred: it staked the whole pot blind (H-2.2)."""

    seat: int
    """The carreur."""
    amount: int
    """The stake: the whole pot before it."""
    pot: int
    """The pot after the stake."""

    def __str__(self) -> str:
        return f"seat {self.seat} carres {self.amount}: the pot is now {self.pot}"


@attrs.frozen(slots=True)
class PotToCarreur(Event):
    """Every seat passed after a carre: the last carreur takes the pot (H-4.10)."""

    seat: int
    amount: int

    def __str__(self) -> str:
        return (
            f"every seat passed: seat {self.seat}, the last carreur, takes the pot of {self.amount}"
        )


@attrs.frozen(slots=True)
class ShowdownHands(Event):
    """The hands shown at a showdown: the seats still in, or every hand when the
    collective point was counted (H-5.3)."""

    retourne: Card
    """The retourné."""
    hands: tuple[tuple[Card, ...], ...]
    """Each seat's cards as shown; ``()`` for a hand that stayed hidden."""

    def __str__(self) -> str:
        shown = "; ".join(
            f"seat {seat} " + " ".join(str(c) for c in hand)
            for seat, hand in enumerate(self.hands)
            if hand
        )
        return f"showdown, retourné {self.retourne}: {shown}"


@attrs.frozen(slots=True)
class CollectivePoint(Event):
    """The suits were totalled for a pot that no eligible brelan took (H-5.3)."""

    totals: tuple[int, int, int, int]
    """The totals of clubs, diamonds, hearts and spades over the 13 exposed cards."""
    suit: Suit
    """The suit that won the pot."""
    seat: int
    """Its owner, who took the pot."""
    pot: int = 0
    """0 for the main pot, 1 for the first side pot, …"""

    def __str__(self) -> str:
        totals = ", ".join(
            f"{suit.symbol} {total}" for suit, total in zip(Suit, self.totals, strict=True)
        )
        name = "the main pot" if self.pot == 0 else f"side pot {self.pot}"
        return f"collective point ({totals}): {self.suit.symbol} wins {name} for seat {self.seat}"


@attrs.frozen(slots=True)
class PrimesPaid(Event):
    """The primes of a showdown (H-6.1), as net changes of each seat's account."""

    receivers: tuple[int, ...]
    """The seats that showed a brelan."""
    amounts: tuple[int, ...]
    """Each seat's net change of its primes account (they sum to 0)."""

    def __str__(self) -> str:
        return "primes: " + ", ".join(
            f"seat {seat} {signed(amount)}" for seat, amount in enumerate(self.amounts)
        )
