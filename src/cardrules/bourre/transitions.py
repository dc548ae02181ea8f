"""The transitions of Bourré: one small function per action kind, from a record and an
action (already found legal) to the next record, ``on_<action>(record, action) ->
Step``.

A transition that already knows the next state's legal set returns it beside the
record (``(record, legal)``): the deal hands over the stay phase's set, the end of
the stay phase and an exchange served from the stock the next seat's exchanges (or
the leader's plays), a played card the next seat's plays. The conformance tests
check each against a fresh :func:`~cardrules.bourre.legality.legal`.

>>> from cardrules import STANDARD_DECK
>>> from cardrules.bourre.rules import Rules
>>> from cardrules.bourre.session import first_deal
>>> record, legal = on_shuffle(first_deal(Rules(), (100,) * 4, 0), Shuffle(STANDARD_DECK))
>>> record.to_act, legal.actions()
(1, (StayIn(), Drop()))
"""

from __future__ import annotations

from cardrules.bourre.actions import Drop, Exchange, Play, StayIn, hidden_exchange
from cardrules.bourre.events import Exchanged, Restocked, TrickWon, TrumpTurned
from cardrules.bourre.legality import STAY_OR_DROP, legal_exchanges, plays
from cardrules.bourre.phase import Phase
from cardrules.bourre.record import Deal, Hidden, Record, cards_mask
from cardrules.bourre.session import settle, settle_stay
from cardrules.bourre.tricks import RANKS, narrow
from cardrules.cards import Card
from cardrules.chance import CHANCE, HIDDEN_SHUFFLE, Shuffle
from cardrules.seating import next_in, replaced, seats_from
from cardrules.shell import Step, Transition


def _in_order(live: int, first: int, players: int) -> tuple[int, ...]:
    """The seats of the seat mask ``live``, going round the table from ``first``."""
    return tuple(seat for seat in seats_from(first, players) if live >> seat & 1)


def on_shuffle(record: Record, shuffle: Shuffle) -> Step[Record]:
    """The deal's shuffle: deal one card at a time from eldest (X-1); the dealer's last
    card is trump (B-2.2). A restock's shuffle goes to :func:`_restock`."""
    deal = record.deal
    if deal.phase is not Phase.DEAL:
        return _restock(record, shuffle)
    n, size = deal.rules.players, deal.rules.hand_size
    cards = shuffle.order
    eldest = (deal.dealer + 1) % n
    dealt = n * size
    # the k-th seat from eldest gets cards k, k + n, k + 2n, ...
    hands: list[tuple[Card, ...]] = [()] * n
    for k, seat in enumerate(seats_from(eldest, n)):
        hands[seat] = cards[k:dealt:n]
    up = cards[dealt - 1]  # B-2.2: the dealer's last card, face up
    stock = cards[dealt:]
    return record._replace(
        deal=deal._replace(phase=Phase.STAY, trump=up.index, stock_size=len(stock)),
        to_act=eldest,
        hands=tuple(map(cards_mask, hands)),
        hidden=record.hidden._replace(stock=stock),
        log=record.log.logged_masked(shuffle, HIDDEN_SHUFFLE)
        .dealt(hands)
        .noted(TrumpTurned(deal.dealer, up)),
    ), STAY_OR_DROP


def on_stay_in(record: Record, action: StayIn) -> Step[Record]:
    """B-3.1: the seat to act stays in."""
    seat: int = record.to_act  # type: ignore[assignment]
    return _said(record._replace(log=record.log.logged(action)), seat)


def on_drop(record: Record, action: Drop) -> Step[Record]:
    """B-3.1, B-4.3: the seat to act drops; its hand goes to the muck, the trump
    up-card out of play (a dealer who drops takes it out)."""
    seat: int = record.to_act  # type: ignore[assignment]
    deal, hidden = record.deal, record.hidden
    muck = hidden.muck | record.hands[seat] & ~(1 << deal.trump)
    record = record._replace(
        deal=deal._replace(muck_size=muck.bit_count(), live=deal.live & ~(1 << seat)),
        hands=replaced(record.hands, seat, 0),
        hidden=hidden._replace(muck=muck),
        log=record.log.logged(action),
    )
    return _said(record, seat)


def _said(record: Record, seat: int) -> Step[Record]:
    """After ``seat`` said stay in or drop: the next seat speaks; after the dealer,
    the seats in exchange or play (B-3.2), or the deal ends without play."""
    deal = record.deal
    n = deal.rules.players
    if seat != deal.dealer:
        return record._replace(to_act=(seat + 1) % n), STAY_OR_DROP
    order = _in_order(deal.live, (seat + 1) % n, n)  # B-3.2: from eldest
    if len(order) < 2:
        return settle_stay(record._replace(deal=deal._replace(order=order)), order)
    first = order[0]
    if deal.rules.exchange:  # B-4.1
        phase, leader = Phase.EXCHANGE, record.leader
        legal = legal_exchanges(record.hands[first], deal.stock_size, record.hidden.muck)
    else:  # V-B.3: no exchange, eldest leads
        phase, leader, legal = Phase.PLAY, first, plays(record.hands[first])
    record = record._replace(
        deal=deal._replace(phase=phase, order=order), to_act=first, leader=leader
    )
    return record, legal


def _after_exchange(deal: Deal, seat: int) -> tuple[Phase, int, int]:
    """The phase, seat to act and trick leader after ``seat``, a seat in (of
    ``deal.order``, from eldest), has been served: the next seat in exchanges, and
    once eldest's turn comes round again, eldest leads (B-4.1, B-5.1).

    >>> from cardrules.bourre.rules import Rules
    >>> from cardrules.bourre.session import first_deal
    >>> deal = first_deal(Rules(), (100,) * 4, 0).deal._replace(order=(1, 3), live=0b1010)
    >>> _after_exchange(deal, 1), _after_exchange(deal, 3)
    ((Phase.EXCHANGE, 3, -1), (Phase.PLAY, 1, 1))
    """
    after, first = next_in(deal.live, seat, deal.rules.players), deal.order[0]
    if after != first:
        return Phase.EXCHANGE, after, -1
    return Phase.PLAY, first, first


def _muck_size(muck: int, up_discarded: int) -> int:
    """The muck's size as every seat counts it (:attr:`Deal.muck_size`) once the seat
    exchanging is served: the cards of ``muck``, and the trump up-card when its dealer
    discarded it (``up_discarded``, :attr:`Hidden.up_discarded`)."""
    return muck.bit_count() + up_discarded


def on_exchange(record: Record, action: Exchange) -> Step[Record]:
    """B-4.1–B-4.3: discard and draw from the stock; a short stock asks for a restock.
    A discarded trump up-card is out of play, never restocked. Served from the stock,
    the next seat's legal set is handed over (its exchanges, or the leader's plays)."""
    seat: int = record.to_act  # type: ignore[assignment]
    deal, hidden = record.deal, record.hidden
    count = len(action.discards)
    discards = cards_mask(action.discards)
    stock = hidden.stock
    exchanged = replaced(deal.exchanged, seat, count)
    up_discarded = hidden.up_discarded | discards >> deal.trump & 1  # B-4.3
    if count <= len(stock):
        phase, after, leader = _after_exchange(deal, seat)
        muck = hidden.muck | discards & ~(1 << deal.trump)
        deal = deal._replace(
            phase=phase,
            stock_size=len(stock) - count,
            muck_size=_muck_size(muck, up_discarded),
            exchanged=exchanged,
        )
        drawn = stock[:count]
        hidden = Hidden(stock=stock[count:], muck=muck, up_discarded=up_discarded, pending=0)
        to_act: int | None = after
    else:  # B-4.2: the stock is short, the muck is shuffled for the rest
        deal = deal._replace(
            phase=Phase.RESTOCK,
            stock_size=0,
            muck_size=hidden.muck.bit_count(),  # its discards wait: not in the muck yet
            exchanged=exchanged,
            pending=(seat, count - len(stock)),
        )
        drawn, leader, to_act = stock, record.leader, None
        hidden = hidden._replace(stock=(), up_discarded=up_discarded, pending=discards)
    # the exchange masked for the others, whole in the seat's own history
    log = record.log.logged_masked(action, hidden_exchange(count), seat=seat)
    if drawn:
        log = log.drew(seat, drawn)
    record = record._replace(
        deal=deal,
        to_act=CHANCE if to_act is None else to_act,
        hands=replaced(record.hands, seat, record.hands[seat] & ~discards | cards_mask(drawn)),
        leader=leader,
        hidden=hidden,
        log=log.noted(Exchanged(seat, count)),
    )
    if to_act is None:
        return record
    hand = record.hands[to_act]
    if deal.phase is Phase.EXCHANGE:
        return record, legal_exchanges(hand, deal.stock_size, hidden.muck)
    return record, plays(hand)


def _restock(record: Record, shuffle: Shuffle) -> Record:
    """B-4.2 / B-4.3: the muck becomes the new stock; the seat draws the rest of its
    cards; its own discards (less the up-card) are the new muck."""
    deal, hidden = record.deal, record.hidden
    assert deal.pending is not None
    seat, need = deal.pending
    cards = shuffle.order
    drawn = cards[:need]
    kept = hidden.pending & ~(1 << deal.trump)
    phase, to_act, leader = _after_exchange(deal, seat)
    stock = cards[need:]
    log = record.log.logged_masked(shuffle, HIDDEN_SHUFFLE)
    if drawn:
        log = log.drew(seat, drawn)
    return record._replace(
        deal=deal._replace(
            phase=phase,
            stock_size=len(stock),
            muck_size=_muck_size(kept, hidden.up_discarded),
            pending=None,
        ),
        to_act=to_act,
        leader=leader,
        hands=replaced(record.hands, seat, record.hands[seat] | cards_mask(drawn)),
        hidden=hidden._replace(stock=stock, muck=kept, pending=0),
        log=log.noted(Restocked(len(cards))),
    )


def on_play(record: Record, action: Play) -> Step[Record]:
    """B-5.1–B-5.6: play a card; a full trick goes to its winner, who leads next; after
    the last trick, settle (B-6)."""
    seat: int = record.to_act  # type: ignore[assignment]
    played = action.card
    card = played.index
    hands = replaced(record.hands, seat, record.hands[seat] & ~(1 << card))
    before = record.trick
    trick = (*before, played)
    deal = record.deal
    trump = deal.trump & 3
    if before:  # B-5.6: the card tops the trick if it ranks above its top card
        led, at = before[0].index & 3, record.top
        top = before[at].index
        ranks = RANKS[trump][led]
        if ranks[card] > ranks[top]:
            at, top = len(before), card
    else:
        led, at, top = card & 3, 0, card
    log = record.log.logged(action)
    n = deal.rules.players
    if len(trick) < len(deal.order):  # the next seat in plays, under B-5.2 – B-5.5
        after = next_in(deal.live, seat, n)
        legal = plays(narrow(hands[after], led, top, trump, deal.rules.must_head_following))
        return record._replace(to_act=after, hands=hands, trick=trick, top=at, log=log), legal
    winner = _in_order(deal.live, record.leader, n)[at]  # the top card's seat
    tricks = replaced(record.tricks_won, winner, record.tricks_won[winner] + 1)
    won = TrickWon(winner, trick)
    if hands[winner]:  # B-5.1: the winner leads the next trick
        record = record._replace(
            to_act=winner,
            hands=hands,
            trick=(),
            top=-1,
            leader=winner,
            tricks_won=tricks,
            log=log.noted(won),
        )
        return record, plays(hands[winner])
    # the last trick: its event is logged with the settlement's (B-6)
    record = record._replace(hands=hands, trick=(), top=-1, tricks_won=tricks, log=log)
    return settle(record, won)


TRANSITIONS: dict[type, Transition] = {
    Shuffle: on_shuffle,
    StayIn: on_stay_in,
    Drop: on_drop,
    Exchange: on_exchange,
    Play: on_play,
}
"""Each action class's transition."""
