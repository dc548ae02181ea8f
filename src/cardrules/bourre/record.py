"""The fields of a Bourré state: :class:`Record` (what one action changes),
:class:`Table` (what changes only between phases), :class:`Deal` (what changes only
between deals) and :class:`Hidden` (what no seat sees whole); what one seat sees of a
record (:class:`SeatRecord`); and their representation.

The representation, once for the whole game:

* a card is its canonical index ``card.index`` (0 … 51): its suit is ``index & 3``
  (0 clubs … 3 spades), and within a suit a larger index is a higher card;
* a set of cards (a hand, the muck, a seat's discards) is an int *card mask*: bit ``i``
  set = the card of index ``i`` is in it, so its cards in canonical order are its bits
  from the lowest (:func:`indices_of`, :func:`cards_of`);
* the trick is a tuple of cards in play order (its ``TrickWon`` event's cards, with no
  card looked up), and its top card (:attr:`Record.top`) a position in it; the stock
  is a tuple of cards, top card first (a slice of the shuffle's order: a deal reads
  no card index, its hands' masks found by card through :data:`card_bit`);
* a set of seats is an int *seat mask*: bit ``s`` set = seat ``s`` is in it.
  :attr:`Table.live` holds the seats that have not dropped (B-3.1); which seats have
  said stay in or drop follows from the phase and the seat to act (the stay phase
  goes round once from eldest).

What a seat may not see is kept apart: the hands in :attr:`Record.hands`, everything
else in one :class:`Hidden` (the stock, the muck, whether the dealer discarded the
trump up-card, the shuffles' orders, each seat's cards and exchanges); the
:class:`Table` holds only public values (the stock's and the muck's sizes, how many
cards each seat exchanged). So what one seat
sees of a record (:class:`SeatRecord`) is the record's public fields, shared, and that
seat's own items of the hidden ones: one small object per view.

Records are frozen; every change is ``record._replace(field=value, ...)``, built
through the receiver. A played card or a seat staying in copies a small
:class:`Record` and shares its :class:`Table` and :class:`Hidden`; a drop or an
exchange copies the table and the hidden part and shares the :class:`Deal`.

The session's logs are kept as parts to which a step adds with one tuple join, no
:class:`~cardrules.game.Log` built: the public log's newest actions
(:attr:`Record.recent`; its full chunks in the table), the deal's events
(:attr:`Record.new_events`; the log up to the deal's start in the :class:`Deal`),
the newest hidden actions and each seat's cards of the newest deals (in
:class:`Hidden`, moved into their logs once they hold ``Log.CHUNK``); the members
that read a log join its parts when asked.

>>> from cardrules.cards import cards
>>> mask = mask_of(c.index for c in cards("As 2c 3d"))
>>> indices_of(mask), [str(c) for c in cards_of(mask)]
((0, 5, 51), ['2♣', '3♦', 'A♠'])
"""

from __future__ import annotations

from collections.abc import Iterable
from fractions import Fraction

import attrs

from cardrules.actions import Action
from cardrules.bourre.actions import Exchange, HiddenExchange
from cardrules.bourre.phase import Phase
from cardrules.bourre.rules import Rules
from cardrules.cards import STANDARD_DECK, Card
from cardrules.chance import Chance, whole_log
from cardrules.events import Event
from cardrules.game import Log, SplitLog, seat_only
from cardrules.shell import DealFacts
from cardrules.shell import Record as ShellRecord

__all__ = [
    "BITS",
    "Deal",
    "Hidden",
    "Record",
    "SeatRecord",
    "Table",
    "card_bit",
    "cards_of",
    "indices_of",
    "mask_of",
    "seats_of",
]


@attrs.frozen(slots=True, weakref_slot=False)
class Deal(ShellRecord):
    """What changes only between deals: the rules, the dealer, money, where the deal
    begins in the logs."""

    rules: Rules
    """The rules of the session."""
    dealer: int
    """The dealer's seat."""
    deal_number: int
    """The deal's index from 0."""
    ante_level: int
    """The ante of this deal (doubles after carried pots with ``rising_ante``, V-B.5)."""
    stacks: tuple[int, ...]
    """Chips each seat holds outside the pot."""
    pot: int
    """Every chip in the middle: this deal's antes and anything carried over."""
    contributions: tuple[int, ...]
    """Chips each seat put in the pot during this deal (its ante)."""
    rebuys: tuple[int, ...]
    """How many times each seat rebought (X-6)."""
    shares: tuple[Fraction, ...]
    """Each seat's share of the pot left after the last deal (X-7); 0 before the end."""
    initial_stacks: tuple[int, ...]
    """The stacks given to ``new_game``."""
    initial_dealer: int
    """The dealer given to ``new_game``."""
    event_log: Log[Event]
    """Every event since ``new_game`` up to this deal's start (its ``DealStarted``,
    rebuys and antes), built once per deal: the deal's later events are the record's
    :attr:`~_Public.new_events`."""


@attrs.frozen(slots=True, weakref_slot=False)
class Table(ShellRecord):
    """What changes only between phases (or when a seat drops or exchanges), all of it
    public: the phase, the seats in, the trump up-card, the sizes of the stock and the
    muck, the public log's full chunks; and the deal's :class:`Deal`."""

    deal: Deal
    """What changes only between deals."""
    phase: Phase
    """Where the deal stands."""
    order: tuple[int, ...]
    """The seats still in after the stay phase, in seat order from eldest (a table of
    the seats of :attr:`live`, built once when the stay phase ends)."""
    trump: int
    """The trump up-card's index, -1 before the deal."""
    stock_size: int
    """Cards left in the stock."""
    muck_size: int
    """Cards in the muck as every seat counts them: a discarded trump up-card counts
    once its dealer is served (which cards a seat discarded is hidden, X-10)."""
    exchanged: tuple[int | None, ...]
    """Per seat: how many cards it exchanged this deal, ``None`` before its exchange."""
    pending: tuple[int, int] | None
    """At a restock: (seat, cards still to draw)."""
    live: int
    """Seat mask: the seats that have not dropped out of this deal (B-3.1)."""
    past: tuple[tuple[Action, ...], ...]
    """The full chunks of the public log (:attr:`~_Public.public_log`, shared by the
    states of a session): here, not in the record, since only a shuffle changes them
    and a shuffle copies the table anyway (a record and a view copy one field less)."""


@attrs.frozen(slots=True, weakref_slot=False)
class Hidden(ShellRecord):
    """What no seat sees whole (X-10), but the hands: the stock's order, the muck,
    whether the dealer discarded the trump up-card, and for the whole session the
    shuffles' orders and each seat's cards and exchanges (which hold its discards).
    Changes at a deal, a drop, an exchange and a restock only."""

    stock: tuple[Card, ...]
    """The stock, top card first: cards, a slice of the shuffle's order."""
    muck: int
    """Card mask: the restockable cards (served seats' discards and dropped hands)."""
    up_discarded: int
    """1 once the dealer discarded the trump up-card this deal (B-4.3), else 0: only
    the dealer holds it, so any discard that holds it is the dealer's."""
    pending: int
    """At a restock: the card mask of the drawing seat's discards; 0 otherwise."""
    secret: Log[Action]
    """The actions of :attr:`Record.public_log` that show masked there, whole and in
    order (every shuffle with its order, every exchange with its cards), before those
    of :attr:`newest_secret`."""
    newest_secret: tuple[Action, ...]
    """The newest of those actions: one adds itself to this tuple, with no log built;
    a deal's shuffle moves them into :attr:`secret` once they are ``Log.CHUNK`` or
    more (:meth:`~cardrules.game.Log.extend`, the layout of one append each)."""
    received: tuple[Log[tuple[Card, ...]], ...]
    """Per seat: the cards it received (dealt, then drawn) in each deal before those of
    :attr:`dealt`."""
    dealt: tuple[tuple[tuple[Card, ...], ...], ...]
    """Per seat: the cards it received in each of the newest deals (at most
    ``Log.CHUNK`` of them, and the deal under way), one tuple of deals per seat: a
    deal adds each seat's hand with one tuple join and a draw replaces the newest, no
    log built; a deal's shuffle moves them into :attr:`received` once they hold
    ``Log.CHUNK`` deals (:meth:`~cardrules.game.Log.extend`, the layout of one append
    per deal)."""
    own_actions: tuple[Log[tuple[int, Action]], ...]
    """Per seat: ``(index in the public log, exchange)`` of each of its own exchanges."""


@attrs.frozen(slots=True, weakref_slot=False)
class _Public(ShellRecord, DealFacts, SplitLog):
    """The fields and members of a state's :class:`Record` that a seat's
    :class:`SeatRecord` shares (all public), declared once for both, and the members
    read from its :class:`Table` and its :class:`Deal`; the public log (a shuffle
    without its order, an exchange as its count) is kept as two parts
    (:class:`~cardrules.game.SplitLog`), its full chunks in the table and its newest
    actions here; the event log likewise, the deal's log and the newest events."""

    table: Table
    """What changes only between phases (all public)."""
    to_act: int | Chance | None
    """The seat to act, ``CHANCE`` at a chance node, ``None`` when the session is over."""
    trick: tuple[Card, ...]
    """The current trick's cards in play order (as its ``TrickWon`` event names them)."""
    leader: int
    """The seat that leads (or led) the current trick; -1 outside trick play."""
    tricks_won: tuple[int, ...]
    """Tricks won by each seat in this deal."""
    recent: tuple[Action, ...]
    """The newest actions of :attr:`public_log`, after its full chunks: held in the
    record itself, so that an action adds itself to it, ``recent + (action,)``, with
    no log built and no call, for the whole deal (it may grow past ``Log.CHUNK``
    during a deal; the next shuffle folds its full chunks into the table's
    :attr:`~Table.past`, :meth:`~cardrules.game.SplitLog.logged_folding`)."""
    new_events: tuple[Event, ...]
    """The events of this deal after its first (the trump turned, exchanges, tricks),
    not in :attr:`Deal.event_log` yet: an event adds itself to this tuple, with no
    log built, and the next deal's start moves them into its log."""

    @property
    def past(self) -> tuple[tuple[Action, ...], ...]:
        """The full chunks of :attr:`public_log` (:attr:`Table.past`)."""
        return self.table.past

    @property
    def event_log(self) -> Log[Event]:
        """Every event since ``new_game`` (the deal's log and :attr:`new_events`)."""
        return self.table.deal.event_log.extend(self.new_events)

    @property
    def stacks(self) -> tuple[int, ...]:
        """Chips each seat holds outside the pot."""
        return self.table.deal.stacks

    @property
    def contributions(self) -> tuple[int, ...]:
        """Chips each seat put in the pot during this deal."""
        return self.table.deal.contributions

    @property
    def pot(self) -> int:
        """Every chip in the middle."""
        return self.table.deal.pot

    @property
    def players(self) -> int:
        """The number of seats."""
        return len(self.tricks_won)

    @property
    def deal(self) -> Deal:
        """What changes only between deals (``table.deal``)."""
        return self.table.deal


@attrs.frozen(slots=True, weakref_slot=False)
class Record(_Public):
    """The fields of a state: what one action changes, its :class:`Table` and its
    :class:`Hidden` (the public ones declared in :class:`_Public`)."""

    hands: tuple[int, ...]
    """Per seat: the card mask of its hand."""
    top: int
    """The position in :attr:`trick` of its top card, the one winning it so far (B-5.6,
    by :data:`~cardrules.bourre.tricks.RANKS`), kept as each card comes so that
    neither the legal plays nor the trick's winner pass over the trick (the winner is
    the seat that far from the leader); -1 with no trick begun. Public (it follows
    from the trick), so a seat's record leaves it out."""
    hidden: Hidden
    """What no seat sees whole, but the hands."""

    @property
    def log(self) -> Log[Action]:
        """Every action since ``new_game``, whole."""
        hidden = self.hidden
        secret = hidden.secret.extend(hidden.newest_secret)
        return whole_log(self.public_log, secret, (HiddenExchange,))

    @property
    def received(self) -> tuple[Log[tuple[Card, ...]], ...]:
        """Per seat: the cards it received in each deal so far (:attr:`Hidden.received`
        and :attr:`Hidden.dealt` joined)."""
        hidden = self.hidden
        return tuple(map(Log.extend, hidden.received, hidden.dealt))

    @property
    def own_actions(self) -> tuple[Log[tuple[int, Action]], ...]:
        """Per seat: its own exchanges, with their places in :attr:`public_log`."""
        return self.hidden.own_actions

    @property
    def trump_out(self) -> bool:
        """Whether the trump up-card is out of play: its dealer dropped, or discarded it
        (B-4.3; only the dealer holds it)."""
        table = self.table
        dealer = table.deal.dealer
        if not table.live >> dealer & 1:
            return True
        return bool(self.hidden.up_discarded)


@attrs.frozen(slots=True, weakref_slot=False)
class SeatRecord(_Public):
    """What one seat sees of a :class:`Record` (X-10): its public fields, shared, and
    the seat's own hand, cards received and exchanges (the public record of a view,
    :mod:`cardrules.bourre.view`; the public fields are declared in :class:`_Public`);
    its discards follow from its exchanges (:attr:`discards`)."""

    seat: int
    """The seat that sees."""
    hand: int
    """Card mask: the seat's hand."""
    own_received: Log[tuple[Card, ...]]
    """The seat's :attr:`Hidden.received`: the cards it received in each deal before
    those of :attr:`own_dealt`."""
    own_dealt: tuple[tuple[Card, ...], ...]
    """The seat's :attr:`Hidden.dealt`: the cards it received in each of the newest
    deals."""
    own_exchanges: Log[tuple[int, Action]]
    """``(index in the public log, exchange)`` of each of the seat's own exchanges."""

    @property
    def discards(self) -> int:
        """Card mask: the seat's discards of this deal (0 before its exchange): those of
        its newest own exchange once the table counts an exchange of this deal for it
        (:attr:`Table.exchanged`), read when asked, not copied into every view."""
        if self.table.exchanged[self.seat] is None:
            return 0
        newest = self.own_exchanges.last()
        exchange = None if newest is None else newest[1]
        return sum(map(card_bit, exchange.discards)) if isinstance(exchange, Exchange) else 0

    @property
    def received(self) -> tuple[Log[tuple[Card, ...]], ...]:
        """Per seat: the cards it received in each deal so far, as this seat knows
        them (its own log, :attr:`own_received` and :attr:`own_dealt` joined; the others'
        empty)."""
        own = self.own_received.extend(self.own_dealt)
        return seat_only(self.players, self.seat, own)

    @property
    def own_actions(self) -> tuple[Log[tuple[int, Action]], ...]:
        """Per seat: its own exchanges as this seat knows them (its own; the others'
        empty)."""
        return seat_only(self.players, self.seat, self.own_exchanges)


BITS = tuple(1 << index for index in range(52))
"""The card mask of each card index alone."""


def mask_of(indices: Iterable[int]) -> int:
    """The card mask of the card indices ``indices``.

    >>> mask_of((0, 3))
    9
    """
    return sum(map(_bit_of, indices))


_bit_of = BITS.__getitem__
"""The card mask of one card index, bound once (not a method wrapper per call)."""
card_bit = {card: 1 << card.index for card in STANDARD_DECK}.__getitem__
"""The card mask of one card, found by the card itself (cards hash by identity): the
mask of cards given as cards is ``sum(map(card_bit, cards))``, all in C, with no
index read (a deal's hands, an exchange's discards and draw)."""


_BYTE_INDICES = tuple(
    tuple(tuple(8 * chunk + bit for bit in range(8) if byte >> bit & 1) for byte in range(256))
    for chunk in range(7)
)
"""For each byte of a mask (chunk ``k``: bits ``8k`` … ``8k+7``) and each value of that
byte, the indices of its bits: a mask is read a byte at a time (an operation on a
52-bit int allocates, a byte of its ``to_bytes`` does not)."""
_B0, _B1, _B2, _B3, _B4, _B5, _B6 = _BYTE_INDICES
"""The tables of :data:`_BYTE_INDICES` one by one, as module globals (one specialised
load each, no subscript of the outer table)."""


def indices_of(mask: int) -> tuple[int, ...]:
    """The card indices of the card mask ``mask``, ascending (canonical order).

    >>> indices_of(0b1010), indices_of(1 << 51 | 1)
    ((1, 3), (0, 51))
    """
    b0, b1, b2, b3, b4, b5, b6 = mask.to_bytes(7, "little")  # unpacked: no subscript
    return _B0[b0] + _B1[b1] + _B2[b2] + _B3[b3] + _B4[b4] + _B5[b5] + _B6[b6]


def cards_of(mask: int) -> tuple[Card, ...]:
    """The cards of the card mask ``mask``, in canonical order.

    >>> cards_of(1 << 51)
    (Card.parse('A♠'),)
    """
    return tuple(map(STANDARD_DECK.__getitem__, indices_of(mask)))


def seats_of(mask: int) -> tuple[int, ...]:
    """The seats of the seat mask ``mask``, ascending.

    >>> seats_of(0b1101)
    (0, 2, 3)
    """
    return indices_of(mask)
