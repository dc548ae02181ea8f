"""The frozen fields of a historic state, in the three levels every game has, and the
representation they use, documented once here.

* :class:`Record`: what an action of the betting changes: the stacks and
  contributions, the seat masks, the seat to act and the session's
  :class:`~cardrules.sessionlog.SessionLog`;
* :class:`Deal`: the facts of the deal that the betting's steps leave as they are:
  the ``phase``, the dealer, the retourné, the pot carried over, the primes, the
  carres;
* :class:`Hidden`: the seats' hands, what views hide.

A seat's view reads its :class:`SeatRecord`: the public fields, its own hand and its
part of the log. Every change is ``record._replace(field=value, ...)``.

Representation:

* **seats** are ints ``0 … 3`` in the direction of play; eldest is ``(dealer + 1) % 4``;
* **seat masks** are ints with bit ``s`` set for seat ``s``: :attr:`Record.live` (the
  seats that have not folded this deal) and :attr:`Record.pending` (the seats that
  still have to speak in the current cycle of the betting);
* **cards** are the interned :class:`~cardrules.cards.Card` values; the evaluation of
  :mod:`.hands` reads their ``card.index`` (``(rank - 2) * 4 + suit``: rank ``>> 2``,
  suit ``& 3``);
* **chips** are ints, per seat in tuples of four: ``stacks`` (outside the pot) and
  ``contributions`` (put in this deal); the pot is ``carried`` + the contributions;
* **the log** (:class:`~cardrules.sessionlog.SessionLog`) holds every action (each
  shuffle masked for the seats), every event and the cards each seat received, and
  shares its structure between states.

>>> seats_in(0b1010), with_chips((5, 0, 1, 0))
((1, 3), 5)
"""

from __future__ import annotations

from typing import ClassVar

import attrs

from cardrules import shell
from cardrules.bouillotte.historic.events import ShowdownHands
from cardrules.bouillotte.historic.phase import Phase
from cardrules.bouillotte.historic.rules import PLAYERS, Rules
from cardrules.cards import Card
from cardrules.chance import Chance
from cardrules.sessionlog import LoggedRecord, SeatLog, SeatLoggedRecord, SessionLog

ALL = (1 << PLAYERS) - 1
"""The mask of every seat."""


def seats_in(mask: int) -> tuple[int, ...]:
    """The seats of a mask, in seat order."""
    return tuple(seat for seat in range(PLAYERS) if mask >> seat & 1)


def with_chips(stacks: tuple[int, ...]) -> int:
    """The mask of the seats whose stack is not empty (stacks are never negative)."""
    mask = 0
    for seat, stack in enumerate(stacks):
        if stack:
            mask |= 1 << seat
    return mask


@attrs.frozen(slots=True, weakref_slot=False)
class Deal(shell.Record):
    """The facts of one deal that checks, calls and folds leave unchanged."""

    rules: Rules
    """The rules of the session."""
    phase: Phase
    """Where the deal stands."""
    dealer: int
    """The dealer's seat; eldest is the next seat."""
    deal_number: int
    """The deal's index from 0."""
    retourne: Card | None
    """The card turned up (H-3.1), ``None`` before the shuffle."""
    carried: int
    """Dead money carried over from the previous deal (H-2.1, H-4.9)."""
    primes: tuple[int, ...]
    """Each seat's signed primes account (H-6.2)."""
    rebuys: tuple[int, ...]
    """How many caves each seat has rebought (H-7.1)."""
    carres: int
    """How many carres were staked this deal (H-2.2)."""
    last_carreur: int | None
    """The seat that carred last this deal, or ``None``."""
    showdown: ShowdownHands | None
    """The hands shown at the last showdown; public until the next shuffle."""
    leftover: int
    """The pot left after the last deal, shared equally (H-7.2); 0 until the end."""
    initial_stacks: tuple[int, ...]
    """The stacks given to ``new_game``."""
    initial_dealer: int
    """The dealer given to ``new_game``."""


@attrs.frozen(slots=True, weakref_slot=False)
class Hidden(shell.Record):
    """What no other seat sees (X-10): the hands of the deal."""

    hands: tuple[tuple[Card, ...], ...]
    """Each seat's three cards (``()`` before the shuffle)."""


@attrs.frozen(slots=True, weakref_slot=False)
class _Public(shell.Record, shell.DealFacts):
    """The fields and members of a state's :class:`Record` that a seat's
    :class:`SeatRecord` shares (all public), declared once for both."""

    deal: Deal
    """The facts of this deal that the betting does not change."""
    stacks: tuple[int, ...]
    """Each seat's chips outside the pot."""
    contributions: tuple[int, ...]
    """What each seat has put in during this deal (ante and carres included, H-2.1)."""
    live: int
    """Seat mask of the seats that have not folded this deal."""
    last_raiser: int | None
    """The last seat to open or raise this deal, or ``None`` before the opening."""
    to_act: int | Chance | None
    """The seat to act, ``CHANCE`` at the shuffle, ``None`` at the end."""

    own_actions: ClassVar[tuple[()]] = ()
    """No action of historic Bouillotte is private (views show every action whole)."""

    @property
    def phase(self) -> Phase:
        """Where the deal stands (:attr:`Deal.phase`)."""
        return self.deal.phase

    @property
    def pot(self) -> int:
        """Every chip in the middle: this deal's and what was carried over."""
        return self.deal.carried + sum(self.contributions)

    @property
    def players(self) -> int:
        """The number of seats: always 4."""
        return PLAYERS


@attrs.frozen(slots=True, weakref_slot=False)
class Record(_Public, LoggedRecord):
    """The fields of one state: what an action changes, its :class:`Deal`, its
    :class:`Hidden` hands and the log (the public ones declared in :class:`_Public`)."""

    pending: int
    """Seat mask of the seats that still have to speak in the current cycle."""
    largest: int
    """The largest of :attr:`contributions`, kept beside them: only the deal's start,
    a carre and a raise change it."""
    hidden: Hidden
    """The hands (what views hide)."""
    log: SessionLog
    """Every action, event and card received since ``new_game``."""

    @property
    def hands(self) -> tuple[tuple[Card, ...], ...]:
        """Each seat's three cards (``()`` before the shuffle)."""
        return self.hidden.hands


@attrs.frozen(slots=True, weakref_slot=False)
class SeatRecord(_Public, SeatLoggedRecord):
    """What one seat sees of a :class:`Record` (X-10), the public record of its view:
    the record's public fields, shared, the seat's own hand and its part of the log
    (never the other seats' cards or the shuffles' orders)."""

    seat: int
    """The seat that sees."""
    hand: tuple[Card, ...]
    """The seat's own cards (``()`` before the shuffle)."""
    log: SeatLog = attrs.field(repr=False)
    """What the seat may see of the log."""
