"""The fields of a modern Bouillotte state, and how they are represented.

A state holds one :class:`Record`, in the three levels every game has:

* :class:`Record`: what a betting action changes: the ``stacks``, the seat to act,
  the per-seat flags and the session's :class:`~cardrules.sessionlog.SessionLog`;
* :class:`Deal`: what every seat sees that changes only between phases, rounds or
  deals: the ``phase``, the retournés, the cards face up, the announcements, each
  seat's chips in the deal;
* :class:`Hidden`: who holds which card, the part of the state that views hide.

A view holds a :class:`SeatRecord`: the record's public fields, the seat's own hand and
its part of the log. Every change is ``record._replace(field=value, ...)``.

The representation, once for every module of the game:

* **seats** are ints ``0 … players-1`` in the direction of play; eldest is
  ``(dealer + 1) % players``;
* **per-seat flags are seat masks**: an int whose bit ``s`` (``1 << s``) is seat ``s``.
  ``live`` is "still in this deal" (not folded), ``acted`` "acted since the last raise
  in this round", ``Deal.waiting`` "has not yet taken a betting action while the
  retourné change waits for it" (V-M.4), ``Hidden.brelans`` "holds a brelan with the
  retournés now" (hidden, for M-4.1);
* **cards** are the interned :class:`~cardrules.cards.Card` values, in the order dealt;
  hand values are computed from their ``card.index`` (:mod:`.hands`);
* **amounts** are ints: ``stacks`` one per seat, ``largest`` the largest contribution
  of the deal; the contributions are each seat's :attr:`Deal.totals` (its stack and
  contribution together, which betting leaves as they are) less its stack, so that a
  betting action builds one tuple of amounts;
* **the log** (:class:`~cardrules.sessionlog.SessionLog`) holds every action (each
  shuffle masked for the seats, whole in the history), every event and the cards each
  seat received, and shares its structure between states.

>>> mask(3), seats_in(0b1010, 4), able((5, 0, 3), 0b011)
(7, (1, 3), 1)
"""

from __future__ import annotations

from operator import sub
from typing import ClassVar

import attrs

from cardrules import shell
from cardrules.bouillotte.modern.phase import Phase
from cardrules.bouillotte.modern.rules import Rules
from cardrules.cards import Card
from cardrules.chance import Chance
from cardrules.seating import seats_from
from cardrules.sessionlog import LoggedRecord, SeatLog, SeatLoggedRecord, SessionLog


@attrs.frozen(slots=True, weakref_slot=False)
class Deal(shell.Record):
    """What every seat sees that changes only between phases, betting rounds or deals."""

    rules: Rules
    """The options of the session."""
    phase: Phase
    """Chance node of a deal, betting, or over."""
    dealer: int
    """The dealer's seat."""
    deal_number: int
    """The deal's index from 0."""
    betting_round: int
    """The betting round from 0 (V-M.3)."""
    retournes: tuple[Card, ...]
    """The community cards face up now (``()`` before the deal)."""
    dead_retournes: tuple[Card, ...]
    """Retournés replaced by the retourné change, still face up (V-M.4)."""
    shown: tuple[tuple[Card, ...], ...]
    """Each seat's cards face up: its first-dealt cards turned by the open card (V-M.2)
    and between rounds (V-M.3); ``()`` for each seat before the deal."""
    announced: tuple[str | None, ...]
    """The class of brelan each seat announced this deal, ``None`` if it did not."""
    waiting: int
    """Seat mask: the seats whose first betting action the retourné change still waits
    for (V-M.4); 0 when no change is pending (off, done, or no deal under way)."""
    rebuys: tuple[int, ...]
    """How many times each seat has rebought (X-6)."""
    totals: tuple[int, ...]
    """Each seat's chips in this deal, its stack and its contribution together: a
    betting action only moves chips between the two (an announcement's fees change it),
    so :attr:`Record.contributions` is ``totals`` less the stacks, and a step copies
    one tuple of amounts, not two."""
    initial_stacks: tuple[int, ...]
    """The stacks given to ``new_game``."""
    initial_dealer: int
    """The dealer given to ``new_game``."""


@attrs.frozen(slots=True, weakref_slot=False)
class Hidden(shell.Record):
    """Who holds which card in the deal (what the cards face up are is public:
    :attr:`Deal.shown`). A view keeps its own seat's hand."""

    deck: tuple[Card, ...]
    """The deal's shuffled deck, top first (``()`` before the shuffle)."""
    hands: tuple[tuple[Card, ...], ...]
    """Each seat's cards in the order dealt (``()`` between deals)."""
    brelans: int
    """Seat mask: who holds a brelan with the retournés now (only kept when announcements
    are on: nothing else needs it before the showdown)."""


@attrs.frozen(slots=True, weakref_slot=False)
class _Public(shell.Record, shell.DealFacts):
    """The fields and members of a state's :class:`Record` that a seat's
    :class:`SeatRecord` shares (all public), declared once for both."""

    deal: Deal
    """The retournés, cards face up, announcements and chips of the deal."""
    stacks: tuple[int, ...]
    """Chips each seat holds outside the pot."""
    to_act: int | Chance | None
    """The seat to act, ``CHANCE``, or ``None`` when the session is over."""
    live: int
    """Seat mask: who is still in the deal (has not folded)."""

    own_actions: ClassVar[tuple[()]] = ()
    """No action of modern Bouillotte is private (views show every action whole)."""

    @property
    def players(self) -> int:
        """The number of seats."""
        return len(self.stacks)

    @property
    def contributions(self) -> tuple[int, ...]:
        """Chips each seat has put in the pot this deal (ante included): its
        :attr:`Deal.totals` less its stack."""
        return tuple(map(sub, self.deal.totals, self.stacks))

    @property
    def pot(self) -> int:
        """Every chip in the middle."""
        return sum(self.deal.totals) - sum(self.stacks)


@attrs.frozen(slots=True, weakref_slot=False)
class Record(_Public, LoggedRecord):
    """The fields of a state: what a betting action changes, the :class:`Deal`, the
    :class:`Hidden` cards and the log (the public ones declared in :class:`_Public`)."""

    hidden: Hidden
    """Who holds which card (what views hide)."""
    largest: int
    """The largest contribution of this deal."""
    acted: int
    """Seat mask: who has acted since the last raise in this betting round."""
    log: SessionLog
    """Every action, event and card received since ``new_game``."""


@attrs.frozen(slots=True, weakref_slot=False)
class SeatRecord(_Public, SeatLoggedRecord):
    """What one seat sees of a :class:`Record` (X-10): its public fields and its
    :class:`Deal`, shared, the seat's own hand and its part of the log (the public
    record of a view, :mod:`.view`)."""

    seat: int
    """The seat that sees."""
    hand: tuple[Card, ...]
    """The seat's own cards (``()`` between deals)."""
    log: SeatLog
    """What the seat may see of the log: every action as it saw it, every event, the
    cards it received."""


def mask(players: int) -> int:
    """The seat mask of every seat.

    >>> bin(mask(4))
    '0b1111'
    """
    return (1 << players) - 1


def seats_in(seats: int, players: int) -> tuple[int, ...]:
    """The seats of the mask ``seats``, in seat order."""
    return tuple(seat for seat in range(players) if seats >> seat & 1)


def in_play_order(seats: int, first: int, players: int) -> tuple[int, ...]:
    """The seats of the mask ``seats`` in play order from ``first``.

    >>> in_play_order(0b1011, 2, 4)
    (3, 0, 1)
    """
    return tuple(seat for seat in seats_from(first, players) if seats >> seat & 1)


def able(stacks: tuple[int, ...], seats: int) -> int:
    """The seats of the mask ``seats`` that have chips left (the others are all-in)."""
    if 0 in stacks:  # some seat is all-in
        for seat, stack in enumerate(stacks):
            if not stack:
                seats &= ~(1 << seat)
    return seats
