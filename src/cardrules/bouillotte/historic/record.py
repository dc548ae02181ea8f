"""The frozen fields of a historic state (:class:`Record`) and of its deal
(:class:`Deal`), and the representation they use, documented once here.

Representation:

* **seats** are ints ``0 … 3`` in the direction of play; eldest is ``(dealer + 1) % 4``;
* **seat masks** are ints with bit ``s`` set for seat ``s``: :attr:`Record.live` (the
  seats that have not folded this deal) and :attr:`Record.pending` (the seats that
  still have to speak in the current cycle of the betting); :data:`SEATS` and
  :data:`AFTER` read them;
* **cards** are the interned :class:`~cardrules.cards.Card` values; the evaluation of
  :mod:`.hands` reads their ``card.index`` (``(rank - 2) * 4 + suit``: rank ``>> 2``,
  suit ``& 3``);
* **chips** are ints, per seat in tuples of four: ``stacks`` (outside the pot) and
  ``contributions`` (put in this deal); the pot is ``carried`` + the contributions;
* **logs** are :class:`~cardrules.game.Log` values shared between states: the
  shuffles and each seat's cards received (but those of the newest deals, up to
  ``Log.CHUNK`` of them, are tuples, :attr:`Hidden.newest_shuffles` and one tuple of
  hands per seat, :attr:`Hidden.dealt`, so that a deal adds to five tuples and builds
  no log), and the events (views share them: they show the whole session; the
  newest, up to ``Log.CHUNK``, a tuple, :attr:`Deal.new_events`); the public
  log of actions (shuffles without their order) is kept as a log's full chunks
  (:attr:`Deal.past`) and the tuple of the newest actions (:attr:`Record.recent`), to
  which a step adds its action without building a log
  (:class:`~cardrules.game.SplitLog`).

A :class:`Record` holds what an action of the betting changes, the hands, and the
logs of hidden cards as one :class:`Hidden` value (the shuffles, the cards each seat
received), which only a shuffle changes; a seat's view reads its :class:`SeatRecord`,
the public fields and its own hand and cards received. Everything else lives in its
:class:`Deal`, shared by every state of a betting round and rebuilt only when a deal
begins, at a carre, at the shuffle and when a deal ends: so a step of the betting
copies few fields.
Every change is ``record._replace(field=value, ...)``.

>>> SEATS[0b1010], AFTER[0b1010][3]
((1, 3), 1)
"""

from __future__ import annotations

from collections.abc import Callable
from typing import ClassVar

import attrs

from cardrules import shell
from cardrules.actions import Action
from cardrules.bouillotte.historic.events import ShowdownHands
from cardrules.bouillotte.historic.phase import Phase
from cardrules.bouillotte.historic.rules import PLAYERS, Rules
from cardrules.cards import Card
from cardrules.chance import Chance, Shuffle, whole_log
from cardrules.events import Event
from cardrules.game import Log, SplitLog, seat_only

__all__ = [
    "AFTER",
    "ALL",
    "BOTH",
    "HAS",
    "MOVED_AT",
    "NEXT",
    "PREVIOUS",
    "SEATS",
    "SET_AT",
    "WITHOUT",
    "Deal",
    "Hidden",
    "Record",
    "SeatRecord",
    "largest_of",
    "with_chips",
]

ALL = (1 << PLAYERS) - 1
"""The mask of every seat."""

SEATS: tuple[tuple[int, ...], ...] = tuple(
    tuple(seat for seat in range(PLAYERS) if mask >> seat & 1) for mask in range(1 << PLAYERS)
)
"""``SEATS[mask]``: the seats of a mask, in seat order."""


def largest_of(contributions: tuple[int, ...]) -> int:
    """The largest of the four seats' contributions: what ``max(contributions)`` gives,
    without the builtin's argument parsing (it costs twice as much on four ints, and
    the legal set of every decision asks).

    >>> largest_of((3, 9, 4, 7))
    9
    """
    c0, c1, c2, c3 = contributions
    largest = c0 if c0 > c1 else c1
    if c2 > largest:
        largest = c2
    return c3 if c3 > largest else largest


def _next_in(mask: int, start: int) -> int:
    """The first seat of ``mask`` in seat order from ``start``; -1 if none."""
    for k in range(PLAYERS):
        seat = (start + k) % PLAYERS
        if mask >> seat & 1:
            return seat
    return -1


AFTER: tuple[tuple[int, ...], ...] = tuple(
    tuple(_next_in(mask, (seat + 1) % PLAYERS) for seat in range(PLAYERS))
    for mask in range(1 << PLAYERS)
)
"""``AFTER[mask][seat]``: the first seat of ``mask`` after ``seat`` in seat order (-1 if
the mask is empty)."""


NEXT = tuple((seat + 1) % PLAYERS for seat in range(PLAYERS))
"""``NEXT[seat]``: the seat after ``seat`` in the direction of play."""
PREVIOUS = tuple((seat - 1) % PLAYERS for seat in range(PLAYERS))
"""``PREVIOUS[seat]``: the seat before ``seat``."""

HAS: tuple[tuple[bool, ...], ...] = tuple(
    tuple(bool(mask >> seat & 1) for seat in range(PLAYERS)) for mask in range(1 << PLAYERS)
)
"""``HAS[mask][seat]``: whether ``seat`` is in ``mask``. These tables answer with index
lookups, which CPython specialises, where ``&``, ``>>``, ``<<``, ``~`` and ``%`` on ints
take its generic path (up to three times the cost of a lookup, each, in 3.11)."""

WITHOUT: tuple[tuple[int, ...], ...] = tuple(
    tuple(mask & ~(1 << seat) for seat in range(PLAYERS)) for mask in range(1 << PLAYERS)
)
"""``WITHOUT[mask][seat]``: ``mask`` without ``seat``."""

BOTH: tuple[tuple[int, ...], ...] = tuple(
    tuple(mask & other for other in range(1 << PLAYERS)) for mask in range(1 << PLAYERS)
)
"""``BOTH[mask][other]``: the seats of both masks (``mask & other``)."""


def with_chips(stacks: tuple[int, ...]) -> int:
    """The mask of the seats whose stack is not empty (stacks are never negative).

    >>> with_chips((5, 0, 1, 0))
    5
    """
    s0, s1, s2, s3 = stacks
    return (1 if s0 else 0) + (2 if s1 else 0) + (4 if s2 else 0) + (8 if s3 else 0)


SET_AT: tuple[Callable[[tuple[int, ...], int], tuple[int, ...]], ...] = (
    lambda values, value: (value, values[1], values[2], values[3]),
    lambda values, value: (values[0], value, values[2], values[3]),
    lambda values, value: (values[0], values[1], value, values[3]),
    lambda values, value: (values[0], values[1], values[2], value),
)
"""``SET_AT[seat](values, value)``: the four ``values`` with ``value`` at ``seat`` (one
tuple built, no list to copy)."""

_Chips = tuple[int, ...]
MOVED_AT: tuple[Callable[[_Chips, _Chips, int], tuple[_Chips, _Chips]], ...] = (
    lambda stacks, contributions, amount: (
        (stacks[0] - amount, stacks[1], stacks[2], stacks[3]),
        (contributions[0] + amount, contributions[1], contributions[2], contributions[3]),
    ),
    lambda stacks, contributions, amount: (
        (stacks[0], stacks[1] - amount, stacks[2], stacks[3]),
        (contributions[0], contributions[1] + amount, contributions[2], contributions[3]),
    ),
    lambda stacks, contributions, amount: (
        (stacks[0], stacks[1], stacks[2] - amount, stacks[3]),
        (contributions[0], contributions[1], contributions[2] + amount, contributions[3]),
    ),
    lambda stacks, contributions, amount: (
        (stacks[0], stacks[1], stacks[2], stacks[3] - amount),
        (contributions[0], contributions[1], contributions[2], contributions[3] + amount),
    ),
)
"""``MOVED_AT[seat](stacks, contributions, amount)``: the four stacks and contributions
after ``seat`` put ``amount`` chips in the pot (a call, a raise, a carre): both tuples
built in one call."""


@attrs.frozen(slots=True, weakref_slot=False)
class Deal(shell.Record):
    """The facts of one deal that checks, calls, raises and folds leave unchanged."""

    rules: Rules
    """The rules of the session."""
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
    old_events: Log[Event] = attrs.field(repr=False)
    """The events since ``new_game`` before those of :attr:`new_events`
    (:attr:`Record.event_log` joins the two)."""
    new_events: tuple[Event, ...] = attrs.field(repr=False)
    """The newest events: a carre and a deal's end add theirs with one tuple join (no
    log built), and a deal's end moves them into :attr:`old_events` once they are
    ``Log.CHUNK`` or more (the move depends only on the events, so equal events keep
    equal deals)."""
    past: tuple[tuple[Action, ...], ...] = attrs.field(repr=False)
    """The full chunks of the public log of actions up to the last shuffle (the
    records' :attr:`~_Public.past`): only the shuffle changes them, or a raise once the
    newest actions reach :attr:`~cardrules.game.SplitLog.FOLD_AT`."""


@attrs.frozen(slots=True, weakref_slot=False)
class _Public(shell.Record, shell.DealFacts, SplitLog):
    """The fields and members of a state's :class:`Record` that a seat's
    :class:`SeatRecord` shares (all public), declared once for both."""

    deal: Deal
    """The facts of this deal that the betting does not change."""
    phase: Phase
    """Where the deal stands."""
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
    recent: tuple[Action, ...] = attrs.field(repr=False)
    """The actions of :attr:`public_log` after :attr:`past`: a step adds its action to
    this tuple and builds no log; the shuffle moves its full chunks to :attr:`past`
    (:meth:`~cardrules.game.SplitLog.logged_folding`)."""

    own_actions: ClassVar[tuple[()]] = ()
    """No action of historic Bouillotte is private (views show every action whole)."""

    @property  # SplitLog's chunks, read from the deal here
    def past(self) -> tuple[tuple[Action, ...], ...]:
        """The full chunks of :attr:`public_log` up to the last shuffle (kept in the
        deal, shared by the states of a session and by their views)."""
        return self.deal.past

    @property
    def pot(self) -> int:
        """Every chip in the middle: this deal's and what was carried over."""
        return self.deal.carried + sum(self.contributions)

    @property
    def players(self) -> int:
        """The number of seats: always 4."""
        return PLAYERS

    @property
    def event_log(self) -> Log[Event]:
        """Every event since ``new_game`` (kept in the deal)."""
        deal = self.deal
        return deal.old_events.extend(deal.new_events)


@attrs.frozen(slots=True, weakref_slot=False)
class Hidden(shell.Record):
    """The logs of cards no seat sees whole (X-10): the shuffles' orders and each seat's
    cards of every deal. Only a shuffle changes them, so a state's :class:`Record` holds
    them as this one value, which every other step shares."""

    shuffles: Log[Shuffle] = attrs.field(repr=False)
    """The shuffles of the session's deals before those of :attr:`newest_shuffles`, in
    order (their orders are hidden)."""
    received: tuple[Log[tuple[Card, ...]], ...] = attrs.field(repr=False)
    """Per seat: its three cards in each deal before those of :attr:`dealt` (hidden
    from the others; a view keeps its own seat's)."""
    dealt: tuple[tuple[tuple[Card, ...], ...], ...] = attrs.field(repr=False)
    """Per seat: its three cards in each of the newest deals (at most ``Log.CHUNK`` of
    them), one tuple of hands per seat: a shuffle adds each seat's hand with one tuple
    join and builds no log, and moves them into :attr:`received` once they hold
    ``Log.CHUNK`` deals (:meth:`~cardrules.game.Log.extend` gives the layout of one
    append per deal)."""
    newest_shuffles: tuple[Shuffle, ...] = attrs.field(repr=False)
    """The shuffles of the deals of :attr:`dealt`, in order: a shuffle adds itself to
    this tuple and moves them into :attr:`shuffles` with the hands."""


@attrs.frozen(slots=True, weakref_slot=False)
class Record(_Public):
    """The fields of one state: what an action changes, its :class:`Deal` and its
    :class:`Hidden` cards (the public ones declared in :class:`_Public`)."""

    pending: int
    """Seat mask of the seats that still have to speak in the current cycle."""
    largest: int
    """The largest of :attr:`contributions` (:func:`largest_of`), kept beside them:
    only the deal's start, a carre and a raise change it, and the betting's steps and
    legal sets read it instead of computing it again."""
    hands: tuple[tuple[Card, ...], ...]
    """Each seat's three cards (``()`` before the shuffle): here rather than in the
    :class:`Deal`, so that a view leaves out the others' cards by replacing this field
    of its record copy alone."""
    hidden: Hidden = attrs.field(repr=False)
    """The logs of hidden cards: a view keeps its own seat's items alone."""

    @property
    def log(self) -> Log[Action]:
        """Every action since ``new_game``, shuffles with their order."""
        hidden = self.hidden
        return whole_log(self.public_log, hidden.shuffles.extend(hidden.newest_shuffles))


@attrs.frozen(slots=True, weakref_slot=False)
class SeatRecord(_Public):
    """What one seat sees of a :class:`Record` (X-10), the public record of its view:
    the record's public fields, shared, and the seat's own hand and cards received
    (never the other seats' cards or the shuffles' orders). What the view does not
    read (the seats still to speak in the cycle) is left out; the public fields are
    declared in :class:`_Public`."""

    seat: int
    """The seat that sees."""
    hand: tuple[Card, ...]
    """The seat's own cards (``()`` before the shuffle)."""
    own_received: Log[tuple[Card, ...]] = attrs.field(repr=False)
    """The seat's :attr:`Hidden.received`: its cards of each deal before the newest."""
    own_dealt: tuple[tuple[Card, ...], ...] = attrs.field(repr=False)
    """The seat's :attr:`Hidden.dealt`: its cards of each of the newest deals."""

    @property
    def received(self) -> tuple[Log[tuple[Card, ...]], ...]:
        """Per seat: the cards it received in each deal so far, as this seat knows them
        (its own log, the newest deals joined to it; the others' empty)."""
        return seat_only(PLAYERS, self.seat, self.own_received.extend(self.own_dealt))
