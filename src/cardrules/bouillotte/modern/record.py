"""The fields of a modern Bouillotte state, and how they are represented.

A state holds one :class:`Record`: what a betting action changes (stacks, the seat to
act, the per-seat flags, the log of actions; the contributions follow from the stacks),
a :class:`Deal`: what every seat sees that changes only between phases, rounds or deals
(the retournés, the cards face up, the announcements, each seat's chips in the deal,
the events), and :class:`Cards`:
who holds which card, the part of the state that views hide. A view holds a
:class:`SeatRecord`: the record's public fields and the seat's own cards. Every change is
``record._replace(field=value, ...)``, or, on the commonest steps, a positional copier
of :mod:`cardrules._fast` that names the fields it gives.

The representation, once for every module of the game:

* **seats** are ints ``0 … players-1`` in the direction of play; eldest is
  ``(dealer + 1) % players``;
* **per-seat flags are seat masks**: an int whose bit ``s`` (``1 << s``) is seat ``s``.
  ``live`` is "still in this deal" (not folded), ``acted`` "acted since the last raise
  in this round", ``Deal.waiting`` "has not yet taken a betting action while the
  retourné change waits for it" (V-M.4), ``Cards.brelans`` "holds a brelan with the
  retournés now" (hidden, for M-4.1);
* **cards** are the interned :class:`~cardrules.cards.Card` values, in the order dealt;
  hand values are computed from their ``card.index`` (:mod:`.hands`);
* **amounts** are ints: ``stacks`` one per seat, ``largest`` the largest contribution
  of the deal; the contributions are each seat's :attr:`Deal.totals` (its stack and
  contribution together, which betting leaves as they are) less its stack, so that a
  betting action builds one tuple of amounts;
* **logs** (:class:`~cardrules.game.Log`) share structure between states: the
  shuffles and each seat's cards received (but those of the newest deals, up to
  ``Log.CHUNK`` of them, kept as a tuple of shuffles, :attr:`Cards.newest_shuffles`,
  and one tuple of cards per seat, :attr:`Cards.dealt`, so that a deal adds to
  tuples and builds no log) and the events (but the newest, up to ``Log.CHUNK``
  of them at a deal's start, kept as a tuple, :attr:`Deal.new_events`); the public
  log of actions is
  kept as a log's two parts, its full chunks (``past``, in the :class:`Deal`: they
  change only at a shuffle) and its newest actions
  (``recent``, a tuple of the record itself: a betting action adds itself to it,
  ``recent + (action,)``, with no log built and no call, for the whole deal; the
  deal's shuffle folds its full chunks into ``past``,
  :meth:`~cardrules.game.SplitLog.logged_folding`), and :attr:`Record.public_log` puts
  them together when asked (a view shows the whole session, so no offset into them is
  kept);
* **what a seat may see** is a :class:`SeatRecord` (:mod:`.view`): the record's public
  fields and the :class:`Deal` shared as they are (nothing in them is hidden: the
  cards face up are the deal's :attr:`Deal.shown`), and the seat's own cards received
  read from the :class:`Cards` (its hand the newest three while a deal is under way);
  nothing is computed per seat beforehand.

>>> from .rules import Rules
>>> mask(3), seats_in(0b1010, 4), FIRST_IN[4][2][0b1010], able((5, 0, 3), 0b011)
(7, (1, 3), 3, 1)
"""

from __future__ import annotations

from itertools import chain
from operator import sub
from typing import ClassVar

import attrs

from cardrules import shell
from cardrules.actions import Action
from cardrules.cards import Card
from cardrules.chance import Chance, Shuffle, whole_log
from cardrules.events import Event
from cardrules.game import Log, SplitLog, seat_only

from .phase import Phase
from .rules import Rules

__all__ = [
    "BY_SEATS",
    "FIRST_IN",
    "IN_PLAY_ORDER",
    "Cards",
    "Deal",
    "Record",
    "SeatRecord",
    "able",
    "mask",
    "received_of",
    "seats_from",
    "seats_in",
]


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
    old_events: Log[Event]
    """The events since ``new_game`` before those of :attr:`new_events` (betting steps
    add none; :attr:`Record.event_log` joins the two)."""
    new_events: tuple[Event, ...]
    """The newest events: a deal's start, its shuffle, its rounds and its end add theirs
    with one tuple join (no log built), and a deal's start moves them into
    :attr:`old_events` once they are ``Log.CHUNK`` or more."""
    past: tuple[tuple[Action, ...], ...]
    """The full chunks of the public log (:attr:`Record.public_log`): they change only
    when a shuffle folds :attr:`Record.recent` (or a hundred raises do), so they are
    kept here, with what changes only between rounds, not copied by every step."""


@attrs.frozen(slots=True, weakref_slot=False)
class Cards(shell.Record):
    """Who holds which card: the deal's deck and hands, and every seat's cards since
    ``new_game`` (what the cards face up are is public: :attr:`Deal.shown`). A view
    keeps its own seat's hand and cards received."""

    deck: tuple[Card, ...]
    """The deal's shuffled deck, top first (hidden; ``()`` before the shuffle)."""
    hands: tuple[tuple[Card, ...], ...]
    """Each seat's cards in the order dealt."""
    brelans: int
    """Seat mask: who holds a brelan with the retournés now (only kept when announcements
    are on: nothing else needs it before the showdown)."""
    shuffles: Log[Shuffle]
    """The shuffles of the session's deals before those of :attr:`newest_shuffles`, in
    order (their orders are hidden)."""
    newest_shuffles: tuple[Shuffle, ...]
    """The shuffles of the deals of :attr:`dealt`: a shuffle adds itself with one tuple
    join (no log built per deal), and they move into :attr:`shuffles` with the cards."""
    received: tuple[Log[tuple[Card, ...]], ...]
    """Per seat: its cards in each deal before those of :attr:`dealt`, in the order
    dealt (hidden from the others; a view keeps its own seat's; :func:`received_of`
    joins the two)."""
    dealt: tuple[tuple[Card, ...], ...]
    """Per seat: its cards in the newest deals, three a deal, in the order dealt: a
    shuffle adds each seat's hand with one tuple join (no log built per seat and deal),
    and moves them into :attr:`received` once they hold ``Log.CHUNK`` deals."""


@attrs.frozen(slots=True, weakref_slot=False)
class _Public(shell.Record, shell.DealFacts, SplitLog):
    """The fields and members of a state's :class:`Record` that a seat's
    :class:`SeatRecord` shares (all public), declared once for both; the public log
    (each shuffle without its order) is kept as two fields
    (:class:`~cardrules.game.SplitLog`)."""

    deal: Deal
    """The retournés, cards face up, announcements and events of the deal."""
    stacks: tuple[int, ...]
    """Chips each seat holds outside the pot."""
    to_act: int | Chance | None
    """The seat to act, ``CHANCE``, or ``None`` when the session is over."""
    live: int
    """Seat mask: who is still in the deal (has not folded)."""
    recent: tuple[Action, ...]
    """The newest actions of :attr:`public_log`, after its full chunks: held in the
    record itself, so that a betting action adds one to a tuple and builds no log (it
    may grow past ``Log.CHUNK`` during a deal; the next shuffle folds it)."""

    own_actions: ClassVar[tuple[()]] = ()
    """No action of modern Bouillotte is private (views show every action whole)."""

    @property
    def past(self) -> tuple[tuple[Action, ...], ...]:
        """The full chunks of :attr:`public_log` (shared by the states of a session;
        kept in the :class:`Deal`)."""
        return self.deal.past

    @property
    def players(self) -> int:
        """The number of seats."""
        return len(self.stacks)

    @property
    def event_log(self) -> Log[Event]:
        """Every event since ``new_game`` (:attr:`Deal.old_events`, then
        :attr:`Deal.new_events`)."""
        deal = self.deal
        return deal.old_events.extend(deal.new_events)

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
class Record(_Public):
    """The fields of a state: what a betting action changes, the :class:`Deal` and the
    :class:`Cards` (the public ones declared in :class:`_Public`)."""

    cards: Cards
    """Who holds which card (what views hide)."""
    largest: int
    """The largest contribution of this deal."""
    acted: int
    """Seat mask: who has acted since the last raise in this betting round."""

    @property
    def log(self) -> Log[Action]:
        """Every action applied since ``new_game``, shuffles with their order."""
        cards = self.cards
        return whole_log(self.public_log, chain(cards.shuffles, cards.newest_shuffles))

    @property
    def received(self) -> tuple[Log[tuple[Card, ...]], ...]:
        """Per seat: its cards in each deal so far (:attr:`Cards.received` and
        :attr:`Cards.dealt` joined)."""
        cards = self.cards
        return tuple(map(received_of, cards.received, cards.dealt))


@attrs.frozen(slots=True, weakref_slot=False)
class SeatRecord(_Public):
    """What one seat sees of a :class:`Record` (X-10): its public fields and its
    :class:`Deal`, shared, and the seat's own cards received, its hand the newest (the
    public record of a view, :mod:`.view`; the public fields are declared in
    :class:`_Public`)."""

    seat: int
    """The seat that sees."""
    own_received: Log[tuple[Card, ...]]
    """The seat's :attr:`Cards.received`: its cards in each deal before the newest."""
    own_dealt: tuple[Card, ...]
    """The seat's :attr:`Cards.dealt`: its cards in the newest deals, three a deal
    (the deal under way's last: :attr:`hand`)."""

    @property
    def hand(self) -> tuple[Card, ...]:
        """The seat's own cards in the order dealt (``()`` between deals): the last
        three of :attr:`own_dealt` while a deal is under way (no field of its own, so
        a view copies one field less)."""
        return self.own_dealt[-3:] if self.deal.phase is _BETTING else ()

    @property
    def received(self) -> tuple[Log[tuple[Card, ...]], ...]:
        """Per seat: the cards it received in each deal so far, as this seat knows
        them (its own log; the others' empty)."""
        own = received_of(self.own_received, self.own_dealt)
        return seat_only(len(self.stacks), self.seat, own)


_BETTING = Phase.BETTING
"""The phase of a deal under way (a global: reading an enum's member from its class
costs about ten times as much)."""


def received_of(past: Log[tuple[Card, ...]], dealt: tuple[Card, ...]) -> Log[tuple[Card, ...]]:
    """A seat's cards received in each deal: the deals of ``past``, then those of
    ``dealt``, three cards each (a :class:`Cards`' ``received`` and ``dealt`` of the
    seat).

    >>> received_of(Log().append((1, 2, 3)), (4, 5, 6, 7, 8, 9)).as_tuple()
    ((1, 2, 3), (4, 5, 6), (7, 8, 9))
    """
    return past.extend([dealt[at : at + 3] for at in range(0, len(dealt), 3)])


_MASKS = (0, 1, 3, 7, 15, 31)


def mask(players: int) -> int:
    """The seat mask of every seat."""
    return _MASKS[players]


BY_SEATS = range(6)
"""The numbers of seats a table is made for: the tables by number of seats are tuples
indexed by the number itself (an int subscript of a tuple costs less than a dict's
lookup; the entries below three are never read)."""
_ORDERS = tuple(
    tuple(tuple((first + k) % n for k in range(n)) for first in range(n)) for n in BY_SEATS
)


def seats_from(first: int, players: int) -> tuple[int, ...]:
    """Every seat in play order from ``first``.

    >>> seats_from(2, 4)
    (2, 3, 0, 1)
    """
    return _ORDERS[players][first]


def seats_in(seats: int, players: int) -> tuple[int, ...]:
    """The seats of the mask ``seats``, in seat order."""
    return _SEATS_IN[players][seats]


_SEATS_IN = tuple(
    tuple(tuple(s for s in range(n) if seats >> s & 1) for seats in range(1 << n)) for n in BY_SEATS
)


IN_PLAY_ORDER = tuple(
    tuple(
        tuple(tuple(s for s in _ORDERS[n][first] if seats >> s & 1) for seats in range(1 << n))
        for first in range(n)
    )
    for n in BY_SEATS
)
"""``IN_PLAY_ORDER[players][first][seats]``: the seats of the mask ``seats`` in play
order from ``first`` (a table: the showdown reads it)."""


FIRST_IN = tuple(
    tuple(
        tuple(next((s for s in _ORDERS[n][first] if seats >> s & 1), -1) for seats in range(1 << n))
        for first in range(n)
    )
    for n in BY_SEATS
)
"""``FIRST_IN[players][first][seats]``: the first seat of the mask ``seats`` in play
order from ``first``; ``-1`` if none (a table: the betting reads it at every step)."""


def able(stacks: tuple[int, ...], seats: int) -> int:
    """The seats of the mask ``seats`` that have chips left (the others are all-in)."""
    if 0 not in stacks:
        return seats
    at = stacks.index(0)  # each empty stack found in C: usually one or two
    seats &= ~(1 << at)
    while 0 in stacks[at + 1 :]:
        at = stacks.index(0, at + 1)
        seats &= ~(1 << at)
    return seats
