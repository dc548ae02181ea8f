"""The transitions of Bourré: one small function per action kind, from a record and an
action (already found legal) to the next record.

A transition that already knows the next state's legal set returns it beside the
record (``(record, legal)``): the deal hands over the stay phase's set, the end of
the stay phase and an exchange served from the stock the next seat's exchanges (or
the leader's plays), a played card the next seat's plays. The conformance tests
check each against a fresh :func:`~cardrules.bourre.legality.legal`.

>>> from cardrules.bourre.rules import Rules
>>> from cardrules.bourre.session import first_deal
>>> record, legal = on_shuffle(first_deal(Rules(), (100,) * 4, 0), Shuffle(STANDARD_DECK))
>>> record.to_act, legal.actions()
(1, (StayIn(), Drop()))
"""

from __future__ import annotations

from typing import TypeVar

import attrs

from cardrules._fast import constructor, copier
from cardrules.actions import Action
from cardrules.bourre.actions import Drop, Exchange, Play, StayIn, hidden_exchange
from cardrules.bourre.events import Exchanged, Restocked, TrickWon, TrumpTurned
from cardrules.bourre.legality import STAY_OR_DROP, legal_exchanges, plays
from cardrules.bourre.phase import Phase
from cardrules.bourre.record import BITS, Hidden, Record, Table, card_bit
from cardrules.bourre.session import deal_hidden, is_last_deal, seats_from, settle, settle_stay
from cardrules.bourre.tricks import RANKS, narrow
from cardrules.cards import STANDARD_DECK, Card
from cardrules.chance import CHANCE, HIDDEN_SHUFFLE, Chance, Shuffle
from cardrules.game import Log, SplitLog
from cardrules.legal import Legal

__all__ = ["on_drop", "on_exchange", "on_play", "on_shuffle", "on_stay_in"]

T = TypeVar("T")
_DEAL, _STAY, _EXCHANGE, _RESTOCK, _PLAY = (
    Phase.DEAL,
    Phase.STAY,
    Phase.EXCHANGE,
    Phase.RESTOCK,
    Phase.PLAY,
)
"""The phases as module constants (an enum member lookup costs more in a hot path)."""
_CHUNK = Log.CHUNK
"""How many deals :attr:`Hidden.dealt` holds, and how many actions at least
:attr:`Hidden.newest_secret`, before a deal's shuffle moves them into their logs."""
_trick_won = constructor(TrickWon, ("seat", "cards"))
"""Build a ``TrickWon`` without its attrs ``__init__`` (once per trick)."""
_TURNED = tuple({card: TrumpTurned(dealer, card) for card in STANDARD_DECK} for dealer in range(7))
"""Dealer → card → the ``TrumpTurned`` event (events are values: every deal shares
them, made once at import, none built per deal)."""
_EXCHANGED = tuple(tuple(Exchanged(seat, count) for count in range(8)) for seat in range(7))
"""Seat → count → the ``Exchanged`` event (shared by every exchange, as
:data:`_TURNED`)."""
_MASKED = tuple(map(hidden_exchange, range(8)))
"""Count → the interned ``HiddenExchange`` that stands for an exchange of that many
cards in the public log."""
_SEATS_IN = {
    n: tuple(
        tuple(tuple(s for s in seats_from(n, eldest) if live >> s & 1) for live in range(1 << n))
        for eldest in range(n)
    )
    for n in range(2, 8)
}
"""Seats → eldest → seat mask of the seats still in → those seats in order from
eldest: the order of the exchange and of play (B-3.2), made once at import (1,536
small tuples) instead of at every deal."""
_ROUND = tuple(
    tuple(tuple(s for s in (*range(seat, 7), *range(seat)) if live >> s & 1) for seat in range(7))
    for live in range(1 << 7)
)
"""Seat mask of the seats still in → seat → the seats in going round the table from it
(itself first when it is in: in a trick, the seat ``k`` places after the leader played
its ``k``-th card, and the trick's winner is read in one step)."""
_NEXT_IN = tuple(
    tuple(next((s for s in rounds[seat] if s != seat), -1) for seat in range(7))
    for rounds in _ROUND
)
"""Seat mask of the seats still in → seat → the next seat in after it, going round the
table (the seat after ``seat`` in :attr:`Table.order`, which goes round from eldest;
-1 when no other seat is in): the seat to play next in a trick, read in one step."""


def _replaced(values: tuple[T, ...], index: int, value: T) -> tuple[T, ...]:
    """``values`` with the item at ``index`` replaced by ``value``.

    >>> _replaced((1, 2, 3), 1, 9)
    (1, 9, 3)
    """
    items = list(values)
    items[index] = value
    return tuple(items)


def on_shuffle(record: Record, shuffle: Shuffle) -> Record | tuple[Record, Legal]:
    """The deal's shuffle: deal one card at a time from eldest (X-1); the dealer's last
    card is trump (B-2.2). A restock's shuffle goes to :func:`_restock`."""
    table = record.table
    if table.phase is not _DEAL:
        return _restock(record, shuffle)
    deal = table.deal
    rules = deal.rules
    n, size = rules.players, rules.hand_size
    cards = shuffle.order
    eldest = (deal.dealer + 1) % n
    dealt = n * size
    # the k-th seat from eldest gets cards k, k + n, k + 2n, ...
    hands = [0] * n
    hidden = record.hidden
    received, newest = hidden.received, hidden.dealt
    if len(newest[0]) >= _CHUNK:  # the newest deals move into the logs
        received, newest = tuple(map(Log.extend, received, newest)), ((),) * n
    got = list(newest)
    secret, hid = hidden.secret, hidden.newest_secret
    if len(hid) >= _CHUNK:  # the newest hidden actions move into the log
        secret, hid = secret.extend(hid), ()
    for k, seat in enumerate(seats_from(n, eldest)):
        mine = cards[k:dealt:n]
        hands[seat] = sum(map(card_bit, mine))  # no card index read
        got[seat] = got[seat] + (mine,)
    trump = cards[dealt - 1].index
    stock = cards[dealt:]
    past, recent = record.logged_folding(HIDDEN_SHUFFLE)
    return _dealt(
        record,
        _dealt_table(table, _STAY, trump, len(stock), past),
        eldest,
        tuple(hands),
        recent,
        (_TURNED[deal.dealer][cards[dealt - 1]],),  # the deal's first event after its start
        _dealt_hidden(hidden, stock, secret, hid + (shuffle,), received, tuple(got)),
    ), STAY_OR_DROP


_dealt = copier(Record, ("table", "to_act", "hands", "recent", "new_events", "hidden"))
_dealt_table = copier(Table, ("phase", "trump", "stock_size", "past"))
_dealt_hidden = copier(Hidden, ("stock", "secret", "newest_secret", "received", "dealt"))
"""The record, its table and its hidden part once the cards are dealt, these fields
given in this order (no keyword parsing, every deal)."""


def on_stay_in(record: Record, action: StayIn) -> Record | tuple[Record, Legal]:
    """B-3.1: the seat to act stays in."""
    seat: int = record.to_act  # type: ignore[assignment]
    return _said(record, seat, record.table, record.hands, record.hidden, action)


def on_drop(record: Record, action: Drop) -> Record | tuple[Record, Legal]:
    """B-3.1, B-4.3: the seat to act drops; its hand goes to the muck, the trump
    up-card out of play (a dealer who drops takes it out)."""
    seat: int = record.to_act  # type: ignore[assignment]
    table = record.table
    hidden = record.hidden
    muck = hidden.muck | record.hands[seat] & ~(1 << table.trump)
    live = table.live & ~(1 << seat)
    table = _dropped(table, muck.bit_count(), live)
    hands = list(record.hands)  # the hands with the seat's replaced (no helper call)
    hands[seat] = 0
    return _said(record, seat, table, tuple(hands), _mucked(hidden, muck), action)


_dropped = copier(Table, ("muck_size", "live"))
_mucked = copier(Hidden, ("muck",))
"""``table`` and ``hidden`` after a drop, these fields given in this order."""


def _said(
    record: Record,
    seat: int,
    table: Table,
    hands: tuple[int, ...],
    hidden: Hidden,
    action: Action,
) -> Record | tuple[Record, Legal]:
    """After ``seat`` said stay in or drop (``table``, ``hands`` and ``hidden`` as they
    are now):
    the next seat speaks; after the dealer, the seats in exchange or play (B-3.2), or
    the deal ends without play."""
    deal = table.deal
    n = deal.rules.players
    recent = record.recent + (action,)
    if seat != deal.dealer:
        return _spoke(record, table, (seat + 1) % n, hands, recent, hidden), STAY_OR_DROP
    order = _SEATS_IN[n][(seat + 1) % n][table.live]
    if len(order) < 2:
        if is_last_deal(deal):  # the session ends: its last record holds the deal as it ended
            record = _stay_ended(record, _ordered(table, order), hands, recent, hidden)
        return settle_stay(record, order, recent)
    first = order[0]
    if deal.rules.exchange:
        phase, leader = _EXCHANGE, record.leader
        legal = legal_exchanges(hands[first], table.stock_size, hidden.muck)
    else:
        phase, leader, legal = _PLAY, first, plays(hands[first])
    table = _stayed(table, phase, order)
    return _after_stay(record, table, first, hands, leader, recent, hidden), legal


_stayed = copier(Table, ("phase", "order"))
_ordered = copier(Table, ("order",))
_stay_ended = copier(Record, ("table", "hands", "recent", "hidden"))
_after_stay = copier(Record, ("table", "to_act", "hands", "leader", "recent", "hidden"))
"""The table and the record once the stay phase is over (``_stayed`` and
``_after_stay`` when it leaves two seats or more in), these fields given in this order."""


_spoke = copier(Record, ("table", "to_act", "hands", "recent", "hidden"))
"""``record`` after a seat before the dealer said stay in or drop, these fields given
in this order."""


def _after_exchange(table: Table, seat: int) -> tuple[Phase, int, int]:
    """The phase, seat to act and trick leader after ``seat``, a seat in (of
    ``table.order``, from eldest), has been served: the next seat in exchanges, and
    once eldest's turn comes round again, eldest leads (B-4.1, B-5.1).

    >>> from cardrules.bourre.rules import Rules
    >>> from cardrules.bourre.session import first_deal
    >>> table = first_deal(Rules(), (100,) * 4, 0).table._replace(order=(1, 3), live=0b1010)
    >>> _after_exchange(table, 1), _after_exchange(table, 3)
    ((Phase.EXCHANGE, 3, -1), (Phase.PLAY, 1, 1))
    """
    after, first = _NEXT_IN[table.live][seat], table.order[0]
    if after != first:
        return _EXCHANGE, after, -1
    return _PLAY, first, first


def on_exchange(record: Record, action: Exchange) -> Record | tuple[Record, Legal]:
    """B-4.1–B-4.3: discard and draw from the stock; a short stock asks for a restock.
    A discarded trump up-card is out of play, never restocked. Served from the stock,
    the next seat's legal set is handed over (its exchanges, or the leader's plays)."""
    seat: int = record.to_act  # type: ignore[assignment]
    table = record.table
    hidden = record.hidden
    cards = action.discards
    count = len(cards)
    discards = sum(map(card_bit, cards))
    stock = hidden.stock
    exchanged = list(table.exchanged)  # per-seat items replaced in place: no helper call
    exchanged[seat] = count
    up_discarded = hidden.up_discarded | discards >> table.trump & 1
    if count <= len(stock):
        phase, to_act, leader = _after_exchange(table, seat)
        after: int | Chance = to_act
        muck = hidden.muck | discards & ~(1 << table.trump)
        size = _muck_size(muck, up_discarded)
        table = _exchanged_table(table, phase, len(stock) - count, size, tuple(exchanged))
        drawn, stock, pending = stock[:count], stock[count:], 0
    else:
        table = table._replace(
            phase=_RESTOCK,
            stock_size=0,
            muck_size=hidden.muck.bit_count(),  # its discards wait: not in the muck yet
            exchanged=tuple(exchanged),
            pending=(seat, count - len(stock)),
        )
        after, leader, drawn = CHANCE, record.leader, stock
        muck, stock, pending = hidden.muck, (), discards
    recent = record.recent + (_MASKED[count],)
    # the exchange whole in the secret log and in the seat's own (with its index in
    # the public log), the cards drawn added to what the seat received this deal
    own = list(hidden.own_actions)
    own[seat] = own[seat].append((SplitLog.length(table.past, recent) - 1, action))
    hands = list(record.hands)
    hands[seat] = hands[seat] & ~discards | sum(map(card_bit, drawn))
    record = _exchanged_record(
        record,
        table,
        after,
        tuple(hands),
        leader,
        recent,
        record.new_events + (_EXCHANGED[seat][count],),
        _hidden(
            stock,
            muck,
            up_discarded,
            pending,
            hidden.secret,
            hidden.newest_secret + (action,),
            hidden.received,
            _drew(hidden.dealt, seat, drawn),
            tuple(own),
        ),
    )
    if after is CHANCE:
        return record
    hand = hands[after]
    if table.phase is _EXCHANGE:
        return record, legal_exchanges(hand, table.stock_size, muck)
    return record, plays(hand)


_exchanged_record = copier(
    Record, ("table", "to_act", "hands", "leader", "recent", "new_events", "hidden")
)
"""``record`` after an exchange, these fields given in this order."""


_exchanged_table = copier(Table, ("phase", "stock_size", "muck_size", "exchanged"))
"""``table`` after an exchange served from the stock, these fields given in this order."""


def _muck_size(muck: int, up_discarded: int) -> int:
    """The muck's size as every seat counts it (:attr:`Table.muck_size`) once the seat
    exchanging is served: the cards of ``muck``, and the trump up-card when its dealer
    discarded it (``up_discarded``, :attr:`Hidden.up_discarded`)."""
    return muck.bit_count() + up_discarded


_hidden = constructor(Hidden, tuple(field.name for field in attrs.fields(Hidden)))
"""``Hidden(...)`` without its attrs ``__init__``: every field, in the class's order."""
_privately = copier(Hidden, ("newest_secret", "dealt"))
"""``hidden`` with the newest hidden actions and cards received given, in this order."""


def _drew(
    dealt: tuple[tuple[tuple[Card, ...], ...], ...], seat: int, drawn: tuple[Card, ...]
) -> tuple[tuple[tuple[Card, ...], ...], ...]:
    """``dealt`` (:attr:`Hidden.dealt`) with the cards ``drawn`` (in order) added to
    ``seat``'s cards of this deal, the newest of its deals.

    >>> _drew(((("a",), ("b",)), ()), 0, ("c",))
    ((('a',), ('b', 'c')), ())
    """
    if not drawn:
        return dealt
    mine = dealt[seat]
    newest = list(dealt)
    newest[seat] = mine[:-1] + (mine[-1] + drawn,)
    return tuple(newest)


def _restock(record: Record, shuffle: Shuffle) -> Record:
    """B-4.2 / B-4.3: the muck becomes the new stock; the seat draws the rest of its
    cards; its own discards (less the up-card) are the new muck."""
    table = record.table
    hidden = record.hidden
    assert table.pending is not None
    seat, need = table.pending
    discards = hidden.pending
    cards = shuffle.order
    drawn = cards[:need]
    kept = discards & ~(1 << table.trump)
    phase, to_act, leader = _after_exchange(table, seat)
    stock = cards[need:]
    hidden = deal_hidden(hidden, stock, kept, hidden.up_discarded, 0)
    past, recent = record.logged_folding(HIDDEN_SHUFFLE)
    return record._replace(
        table=table._replace(
            phase=phase,
            stock_size=len(stock),
            muck_size=_muck_size(kept, hidden.up_discarded),
            pending=None,
            past=past,
        ),
        to_act=to_act,
        leader=leader,
        hands=_replaced(record.hands, seat, record.hands[seat] | sum(map(card_bit, drawn))),
        recent=recent,
        new_events=record.new_events + (Restocked(len(cards)),),
        hidden=_privately(
            hidden,
            hidden.newest_secret + (shuffle,),
            _drew(hidden.dealt, seat, drawn),
        ),
    )


_next_card = copier(Record, ("to_act", "hands", "trick", "top", "recent"))
"""``record`` after a card that does not end the trick, these fields given in this
order (most plays come here: a copy without keyword parsing)."""


def on_play(record: Record, action: Play) -> Record | tuple[Record, Legal]:
    """B-5.1–B-5.6: play a card; a full trick goes to its winner, who leads next; after
    the last trick, settle (B-6)."""
    seat: int = record.to_act  # type: ignore[assignment]
    played = action.card
    card = played.index
    hands = list(record.hands)
    hands[seat] ^= BITS[card]
    before = record.trick
    trick = before + (played,)
    table = record.table
    trump = table.trump & 3
    if before:  # the card tops the trick if it ranks above its top card (B-5.6)
        led, at = before[0].index & 3, record.top
        top = before[at].index
        ranks = RANKS[trump][led]
        if ranks[card] > ranks[top]:
            at, top = len(before), card
    else:
        led, at, top = card & 3, 0, card
    order = table.order
    recent = record.recent + (action,)
    if len(trick) < len(order):
        # the hot path: the table is shared, and the next seat's legal plays are found
        # here, where everything they need is at hand
        after = _NEXT_IN[table.live][seat]
        must_head = table.deal.rules.must_head_following
        legal = plays(narrow(hands[after], led, top, trump, must_head))
        return _next_card(record, after, tuple(hands), trick, at, recent), legal
    winner = _ROUND[table.live][record.leader][at]  # the top card's seat
    tricks = list(record.tricks_won)
    tricks[winner] += 1
    won = _trick_won(winner, trick)
    events = record.new_events
    if hands[winner]:
        return _trick_taken(
            record,
            winner,
            tuple(hands),
            (),
            -1,
            winner,
            tuple(tricks),
            recent,
            events + (won,),
        ), plays(hands[winner])
    # the last trick: its event is logged with the settlement's; the session's last
    # record holds the deal as it ended (a next deal is built from the logs alone)
    taken = tuple(tricks)
    if is_last_deal(table.deal):
        record = _trick_taken(
            record, seat, tuple(hands), (), -1, record.leader, taken, recent, events
        )
    return settle(record, taken, recent, won)


_trick_taken = copier(
    Record,
    ("to_act", "hands", "trick", "top", "leader", "tricks_won", "recent", "new_events"),
)
"""``record`` after a card that ends a trick, these fields given in this order."""
