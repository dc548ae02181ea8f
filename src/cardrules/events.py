"""Typed records of what happened, in ``state.events`` (newest last).

Every event is a frozen value with a readable ``str``. The events here are shared
by the games; each game adds its own (fees, primes, bourrés, …) in its module.

>>> str(PotWon(amount=12, winners=(0,), shares=(12, 0, 0, 0), pot=0, hand="brelan carré of 9s"))
'seat 0 wins the main pot of 12 with brelan carré of 9s'
"""

from __future__ import annotations

from fractions import Fraction

import attrs

__all__ = [
    "AntePaid",
    "DealStarted",
    "Event",
    "ExcessReturned",
    "PotCarried",
    "PotShared",
    "PotWon",
    "Rebuy",
    "SessionEnded",
    "deal_started",
    "signed",
]


@attrs.frozen(slots=True)
class Event:
    """Base class of every event."""


def _seats(seats: tuple[int, ...]) -> str:
    if len(seats) == 1:
        return f"seat {seats[0]}"
    return "seats " + ", ".join(str(s) for s in seats[:-1]) + f" and {seats[-1]}"


@attrs.frozen(slots=True)
class DealStarted(Event):
    """A deal began."""

    deal_number: int
    """The deal's index from 0."""
    dealer: int
    """The dealer's seat."""

    def __str__(self) -> str:
        return f"deal {self.deal_number + 1} begins, seat {self.dealer} deals"


_STARTED = tuple(tuple(DealStarted(number, dealer) for dealer in range(7)) for number in range(64))
"""``_STARTED[deal_number][dealer]``: the events of the first 64 deals, every dealer of
up to seven seats, made once at import."""


def deal_started(deal_number: int, dealer: int) -> DealStarted:
    """The event of a deal's start, for every game: made once for the first 64 deals
    (events are values, so every session shares them), built afresh for a later one.

    >>> deal_started(3, 1) is deal_started(3, 1), deal_started(99, 1) == DealStarted(99, 1)
    (True, True)
    """
    if deal_number < 64 and dealer < 7:
        return _STARTED[deal_number][dealer]
    return DealStarted(deal_number, dealer)


@attrs.frozen(slots=True)
class Rebuy(Event):
    """A seat with an empty stack bought a new one (X-6)."""

    seat: int
    amount: int

    def __str__(self) -> str:
        return f"seat {self.seat} rebuys {self.amount}"


@attrs.frozen(slots=True)
class AntePaid(Event):
    """A seat put its ante in the pot."""

    seat: int
    amount: int

    def __str__(self) -> str:
        return f"seat {self.seat} antes {self.amount}"


@attrs.frozen(slots=True)
class ExcessReturned(Event):
    """The uncalled part of the largest contribution went back to its owner (X-4)."""

    seat: int
    amount: int

    def __str__(self) -> str:
        return f"{self.amount} uncalled returned to seat {self.seat}"


@attrs.frozen(slots=True)
class PotWon(Event):
    """A pot went to one seat, or was divided among tied seats (X-5)."""

    amount: int
    """The chips in the pot."""
    winners: tuple[int, ...]
    """The seats that won it (more than one when tied)."""
    shares: tuple[int, ...]
    """What each seat received from it."""
    pot: int = 0
    """0 for the main pot, 1 for the first side pot, …"""
    hand: str | None = None
    """The winning hand as words, or ``None`` when it was not shown."""

    def __str__(self) -> str:
        name = "the main pot" if self.pot == 0 else f"side pot {self.pot}"
        verb = "wins" if len(self.winners) == 1 else "share"
        text = f"{_seats(self.winners)} {verb} {name} of {self.amount}"
        return text + (f" with {self.hand}" if self.hand else "")


@attrs.frozen(slots=True)
class PotCarried(Event):
    """Nobody won the pot: it stays in the middle for the next deal."""

    amount: int

    def __str__(self) -> str:
        return f"the pot of {self.amount} is carried to the next deal"


@attrs.frozen(slots=True)
class PotShared(Event):
    """After the last deal a pot left in the middle is shared equally (X-7)."""

    amount: int
    shares: tuple[Fraction, ...]

    def __str__(self) -> str:
        return f"the pot of {self.amount} left after the last deal is shared: " + ", ".join(
            f"seat {seat} {share}" for seat, share in enumerate(self.shares)
        )


@attrs.frozen(slots=True)
class SessionEnded(Event):
    """The session is over."""

    results: tuple[Fraction, ...]
    """Each seat's ``returns()``."""

    def __str__(self) -> str:
        return "the session is over: results " + ", ".join(
            f"seat {seat} {signed(result)}" for seat, result in enumerate(self.results)
        )


def signed(value: Fraction | int) -> str:
    """A result with its sign: ``+5``, ``-3``, ``0``, ``+5/2``.

    >>> signed(Fraction(5, 2)), signed(-3), signed(0)
    ('+5/2', '-3', '0')
    """
    return f"+{value}" if value > 0 else str(value)
