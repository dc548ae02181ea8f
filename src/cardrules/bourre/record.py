"""The fields of a Bourré state, in the three levels every game has: :class:`Record`
(what one action changes: the seat to act, the stacks, the hands, the trick, the log),
:class:`Deal` (what every seat sees that changes only between phases, or when a seat
drops or exchanges: the phase, the trump up-card, the seats in, the pot) and
:class:`Hidden` (what no seat sees whole, but the hands: the stock, the muck); what
one seat sees of a record (:class:`SeatRecord`); and their representation.

The representation, once for the whole game:

* a card is its canonical index ``card.index`` (0 … 51): its suit is ``index & 3``
  (0 clubs … 3 spades), and within a suit a larger index is a higher card;
* a set of cards (a hand, the muck, a seat's discards) is an int *card mask*: bit ``i``
  set = the card of index ``i`` is in it, so its cards in canonical order are its bits
  from the lowest (:func:`indices_of`, :func:`cards_of`);
* the trick is a tuple of cards in play order (its ``TrickWon`` event's cards), and its
  top card (:attr:`Record.top`) a position in it; the stock is a tuple of cards, top
  card first (a slice of the shuffle's order);
* a set of seats is an int *seat mask*: bit ``s`` set = seat ``s`` is in it.
  :attr:`Deal.live` holds the seats that have not dropped (B-3.1); which seats have
  said stay in or drop follows from the phase and the seat to act (the stay phase
  goes round once from eldest);
* the log (:class:`~cardrules.sessionlog.SessionLog`) holds every action (a shuffle
  without its order and an exchange as its count for the seats, each seat's own
  exchanges whole for it), every event and the cards each seat received.

What a seat may not see is kept apart: the hands in :attr:`Record.hands`, everything
else in one :class:`Hidden`; the :class:`Deal` holds only public values (the stock's
and the muck's sizes, how many cards each seat exchanged). So what one seat sees of a
record (:class:`SeatRecord`) is the record's public fields, shared, its own hand and
its part of the log. Every change is ``record._replace(field=value, ...)``.

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
from cardrules.bourre.actions import Exchange
from cardrules.bourre.phase import Phase
from cardrules.bourre.rules import Rules
from cardrules.cards import STANDARD_DECK, Card
from cardrules.chance import Chance
from cardrules.game import Log, seat_only
from cardrules.sessionlog import LoggedRecord, SeatLog, SeatLoggedRecord, SessionLog
from cardrules.shell import DealFacts
from cardrules.shell import Record as ShellRecord


@attrs.frozen(slots=True, weakref_slot=False)
class Deal(ShellRecord):
    """What every seat sees that changes only between phases, or when a seat drops or
    exchanges: the rules, the dealer, the phase, the seats in, the trump up-card, the
    sizes of the stock and the muck, the money in the middle."""

    rules: Rules
    """The rules of the session."""
    phase: Phase
    """Where the deal stands."""
    dealer: int
    """The dealer's seat."""
    deal_number: int
    """The deal's index from 0."""
    ante_level: int
    """The ante of this deal (doubles after carried pots with ``rising_ante``, V-B.5)."""
    pot: int
    """Every chip in the middle: this deal's antes and anything carried over."""
    contributions: tuple[int, ...]
    """Chips each seat put in the pot during this deal (its ante)."""
    rebuys: tuple[int, ...]
    """How many times each seat rebought (X-6)."""
    shares: tuple[Fraction, ...]
    """Each seat's share of the pot left after the last deal (X-7); 0 before the end."""
    order: tuple[int, ...]
    """The seats still in after the stay phase, in seat order from eldest."""
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
    initial_stacks: tuple[int, ...]
    """The stacks given to ``new_game``."""
    initial_dealer: int
    """The dealer given to ``new_game``."""


@attrs.frozen(slots=True, weakref_slot=False)
class Hidden(ShellRecord):
    """What no seat sees whole (X-10), but the hands: the stock's order, the muck,
    whether the dealer discarded the trump up-card, the discards waiting for a restock.
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


@attrs.frozen(slots=True, weakref_slot=False)
class _Public(ShellRecord, DealFacts):
    """The fields and members of a state's :class:`Record` that a seat's
    :class:`SeatRecord` shares (all public), declared once for both."""

    deal: Deal
    """What changes only between phases (all public)."""
    stacks: tuple[int, ...]
    """Chips each seat holds outside the pot."""
    to_act: int | Chance | None
    """The seat to act, ``CHANCE`` at a chance node, ``None`` when the session is over."""
    trick: tuple[Card, ...]
    """The current trick's cards in play order (as its ``TrickWon`` event names them)."""
    leader: int
    """The seat that leads (or led) the current trick; -1 outside trick play."""
    tricks_won: tuple[int, ...]
    """Tricks won by each seat in this deal."""

    @property
    def contributions(self) -> tuple[int, ...]:
        """Chips each seat put in the pot during this deal."""
        return self.deal.contributions

    @property
    def pot(self) -> int:
        """Every chip in the middle."""
        return self.deal.pot

    @property
    def players(self) -> int:
        """The number of seats."""
        return len(self.tricks_won)


@attrs.frozen(slots=True, weakref_slot=False)
class Record(_Public, LoggedRecord):
    """The fields of a state: what one action changes, its :class:`Deal`, its
    :class:`Hidden` part and the log (the public ones declared in :class:`_Public`)."""

    hands: tuple[int, ...]
    """Per seat: the card mask of its hand."""
    top: int
    """The position in :attr:`trick` of its top card, the one winning it so far (B-5.6,
    by :data:`~cardrules.bourre.tricks.RANKS`), kept as each card comes; -1 with no
    trick begun. Public (it follows from the trick), so a seat's record leaves it out."""
    hidden: Hidden
    """What no seat sees whole, but the hands."""
    log: SessionLog
    """Every action, event and card received since ``new_game``."""

    @property
    def own_actions(self) -> tuple[Log[tuple[int, Action]], ...]:
        """Per seat: its own exchanges, with their places in :attr:`public_log`."""
        return self.log.own_actions

    @property
    def trump_out(self) -> bool:
        """Whether the trump up-card is out of play: its dealer dropped, or discarded it
        (B-4.3; only the dealer holds it)."""
        deal = self.deal
        if not deal.live >> deal.dealer & 1:
            return True
        return bool(self.hidden.up_discarded)


@attrs.frozen(slots=True, weakref_slot=False)
class SeatRecord(_Public, SeatLoggedRecord):
    """What one seat sees of a :class:`Record` (X-10): its public fields, shared, and
    the seat's own hand and part of the log (the public record of a view,
    :mod:`cardrules.bourre.view`); its discards follow from its exchanges
    (:attr:`discards`)."""

    seat: int
    """The seat that sees."""
    hand: int
    """Card mask: the seat's hand."""
    log: SeatLog
    """What the seat may see of the log: its own exchanges whole."""

    @property
    def discards(self) -> int:
        """Card mask: the seat's discards of this deal (0 before its exchange): those of
        its newest own exchange once the deal counts an exchange of this deal for it
        (:attr:`Deal.exchanged`), read when asked, not copied into every view."""
        if self.deal.exchanged[self.seat] is None:
            return 0
        newest = self.log.own_actions.last()
        exchange = None if newest is None else newest[1]
        return cards_mask(exchange.discards) if isinstance(exchange, Exchange) else 0

    @property
    def own_actions(self) -> tuple[Log[tuple[int, Action]], ...]:
        """Per seat: its own exchanges as this seat knows them (its own; the others'
        empty)."""
        return seat_only(self.players, self.seat, self.log.own_actions)


def mask_of(indices: Iterable[int]) -> int:
    """The card mask of the card indices ``indices``.

    >>> mask_of((0, 3))
    9
    """
    mask = 0
    for index in indices:
        mask |= 1 << index
    return mask


def card_bit(card: Card) -> int:
    """The card mask of one card.

    >>> card_bit(STANDARD_DECK[3])
    8
    """
    return 1 << card.index


def cards_mask(cards: Iterable[Card]) -> int:
    """The card mask of ``cards``.

    >>> cards_mask(STANDARD_DECK[:2])
    3
    """
    return mask_of(card.index for card in cards)


_BYTE_INDICES = tuple(
    tuple(tuple(8 * chunk + bit for bit in range(8) if byte >> bit & 1) for byte in range(256))
    for chunk in range(7)
)
"""For each byte of a mask (chunk ``k``: bits ``8k`` … ``8k+7``) and each value of that
byte, the indices of its bits: a mask is read a byte at a time."""


def indices_of(mask: int) -> tuple[int, ...]:
    """The card indices of the card mask ``mask``, ascending (canonical order).

    >>> indices_of(0b1010), indices_of(1 << 51 | 1)
    ((1, 3), (0, 51))
    """
    found: tuple[int, ...] = ()
    for chunk, byte in enumerate(mask.to_bytes(7, "little")):
        if byte:
            found += _BYTE_INDICES[chunk][byte]
    return found


def cards_of(mask: int) -> tuple[Card, ...]:
    """The cards of the card mask ``mask``, in canonical order.

    >>> cards_of(1 << 51)
    (Card.parse('A♠'),)
    """
    return tuple(STANDARD_DECK[index] for index in indices_of(mask))


def seats_of(mask: int) -> tuple[int, ...]:
    """The seats of the seat mask ``mask``, ascending.

    >>> seats_of(0b1101)
    (0, 2, 3)
    """
    return indices_of(mask)
