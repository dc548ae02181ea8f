"""One transition per action of modern Bouillotte: ``on_<action>(record, action)``
returns the next record, or ``(record, legal)`` when the betting goes on and the next
legal set is at hand (a :data:`~cardrules.shell.Step`). Each is called with a legal
action only.

The deal (X-1, M-2.2, V-M.1, V-M.2), betting (M-3, X-3, X-4), announcements (M-4),
the retourné change (V-M.4) and the cards turned between rounds (V-M.3); the end of a
deal is :mod:`.session`'s.

>>> from cardrules import Shuffle
>>> from cardrules.actions import CHECK
>>> from cardrules.bouillotte.modern.rules import Rules
>>> from cardrules.bouillotte.modern.session import first_deal
>>> record = first_deal(Rules(), (100,) * 4, 0)
>>> record, legal = on_shuffle(record, Shuffle(Rules().deck))
>>> record.to_act, legal.describe()
(1, 'check, raise to 2…6')
>>> on_check(record, CHECK)[0].to_act
2
"""

from __future__ import annotations

from cardrules.actions import Call, Check, Fold, Raise
from cardrules.bouillotte.modern.actions import Announce
from cardrules.bouillotte.modern.events import (
    Announced,
    CardsTurned,
    FeePaid,
    RetourneChanged,
    RetournesTurned,
)
from cardrules.bouillotte.modern.hands import brelans_of, value_of
from cardrules.bouillotte.modern.legality import legal, legal_of
from cardrules.bouillotte.modern.phase import Phase
from cardrules.bouillotte.modern.record import Hidden, Record, able, mask
from cardrules.bouillotte.modern.rules import Rules
from cardrules.bouillotte.modern.session import fold_out, showdown
from cardrules.cards import Card
from cardrules.chance import HIDDEN_SHUFFLE, Shuffle
from cardrules.events import Event
from cardrules.seating import next_in, replaced, seats_from
from cardrules.shell import Step, Transition


def on_shuffle(record: Record, shuffle: Shuffle) -> Step[Record]:
    """Deal the shuffled deck (X-1, M-2.2), turn up the retourné(s) (V-M.1) and the
    open cards (V-M.2), and open the first betting round."""
    deal = record.deal
    rules = deal.rules
    n = rules.players
    deck = shuffle.order
    eldest = (deal.dealer + 1) % n
    # X-1, M-2.2: three cards each, one at a time from eldest: the k-th seat from eldest
    # gets the cards k, k + n and k + 2n of the deck
    hands = tuple(deck[(seat - eldest) % n : 3 * n : n] for seat in range(n))
    retournes = deck[3 * n : 3 * n + rules.retournes]  # V-M.1: the next card(s), face up
    events: list[Event] = [RetournesTurned(retournes)]
    shown = deal.shown
    if rules.open_card:  # V-M.2: each seat's first card face up
        shown = tuple(hand[:1] for hand in hands)
        events += [CardsTurned(seat, shown[seat]) for seat in seats_from(eldest, n)]
    log = record.log.logged_masked(shuffle, HIDDEN_SHUFFLE).dealt(hands).noted(*events)
    deal = deal._replace(
        phase=Phase.BETTING,
        retournes=retournes,
        shown=shown,
        waiting=mask(n) if rules.retourne_change else 0,  # V-M.4
    )
    hidden = Hidden(deck=deck, hands=hands, brelans=_brelans(rules, hands, retournes))
    return _open_round(record._replace(deal=deal, hidden=hidden, log=log), 0)


def _brelans(rules: Rules, hands: tuple[tuple[Card, ...], ...], retournes: tuple[Card, ...]) -> int:
    """Who holds a brelan now, when announcements are on (else nothing needs it)."""
    return 0 if rules.announce_fee is None else brelans_of(rules, hands, retournes)


def _open_round(record: Record, number: int) -> Step[Record]:
    """Betting round ``number`` begins (M-3.1, V-M.3), or, with fewer than two seats
    still in with chips, the showdown (after the retourné change that the first round
    would have brought, V-M.4)."""
    deal = record.deal
    if deal.betting_round != number:
        deal = deal._replace(betting_round=number)
    ready = able(record.stacks, record.live)
    if ready & (ready - 1) == 0:  # fewer than two seats can bet
        record = record._replace(deal=deal)
        if deal.waiting:  # the first round is not played: the change comes at once
            record = _change_retourne(record)
        return showdown(record)
    first = next_in(ready, deal.dealer, deal.rules.players)  # M-3.1: eldest first
    record = record._replace(deal=deal, to_act=first, acted=0)
    return record, legal_of(record, first)


def _change_retourne(record: Record) -> Record:
    """V-M.4: the next card(s) of the stock replace the retourné(s), which stay face up."""
    deal, hidden = record.deal, record.hidden
    rules = deal.rules
    start = 3 * rules.players + rules.retournes
    new = hidden.deck[start : start + rules.retournes]
    brelans = _brelans(rules, hidden.hands, new)
    return record._replace(
        deal=deal._replace(retournes=new, dead_retournes=deal.retournes, waiting=0),
        hidden=hidden if brelans == hidden.brelans else hidden._replace(brelans=brelans),
        log=record.log.noted(RetourneChanged(deal.retournes, new)),
    )


def _waited(record: Record, seat: int) -> Record:
    """The record once ``seat`` has taken its first betting action (or announced,
    ``seat`` -1) while the retourné change waits: the change comes when no seat still
    in with chips is waited for any more (V-M.4)."""
    deal = record.deal
    waiting = deal.waiting & ~(1 << seat) if seat >= 0 else deal.waiting
    if waiting & able(record.stacks, record.live):
        return (
            record
            if waiting == deal.waiting
            else record._replace(deal=deal._replace(waiting=waiting))
        )
    return _change_retourne(record)


def _betted(record: Record, seat: int) -> Step[Record]:
    """The record after a betting action of ``seat`` (stacks, largest contribution,
    seats still in and ``acted`` already set, the action logged): the retourné change
    when due (V-M.4), then the next seat to act, or the end of the round.

    M-3.5: the next seat still in, with chips, that must act, is the first after
    ``seat`` not marked as acted: a seat that acted since the last raise has matched
    the largest contribution (a check, a call, the raise itself) or is all-in (a short
    call), since a raise clears every other seat's mark."""
    if record.deal.waiting:
        record = _waited(record, seat)
    stacks, live = record.stacks, record.live
    following = next_in(able(stacks, live & ~record.acted), seat, len(stacks))
    if following < 0:
        return _close_round(record)
    record = record._replace(to_act=following)
    # the seat that bet may be re-raised only while it is in with chips (M-3.3)
    return record, legal_of(record, following, bool(live >> seat & 1 and stacks[seat]))


def _close_round(record: Record) -> Step[Record]:
    """After a round but the last, each seat still in turns up a card (V-M.3) and the
    next round opens; after the last, or with fewer than two seats able to bet, the
    showdown."""
    deal = record.deal
    ready = able(record.stacks, record.live)
    if deal.betting_round + 1 >= deal.rules.betting_rounds or ready & (ready - 1) == 0:
        return showdown(record)
    n = deal.rules.players
    hands = record.hidden.hands
    shown = list(deal.shown)
    events: list[Event] = []
    for seat in seats_from((deal.dealer + 1) % n, n):
        up = len(shown[seat])
        if record.live >> seat & 1 and up < 3:  # V-M.3: the next card of each seat still in
            shown[seat] = hands[seat][: up + 1]
            events.append(CardsTurned(seat, hands[seat][up : up + 1]))
    record = record._replace(
        deal=deal._replace(shown=tuple(shown)), to_act=-1, log=record.log.noted(*events)
    )
    return _open_round(record, deal.betting_round + 1)


def on_check(record: Record, action: Check) -> Step[Record]:
    """A check (M-3.2): nothing to pay."""
    seat: int = record.to_act  # type: ignore[assignment]
    record = record._replace(acted=record.acted | 1 << seat, log=record.log.logged(action))
    return _betted(record, seat)


def on_call(record: Record, action: Call) -> Step[Record]:
    """A call: match the largest contribution, or put in the whole stack when that is
    less (all-in, M-3.4, X-3)."""
    seat: int = record.to_act  # type: ignore[assignment]
    left = record.deal.totals[seat] - record.largest  # what a full call leaves the seat
    record = record._replace(
        stacks=replaced(record.stacks, seat, max(left, 0)),  # short: all-in (M-3.4)
        acted=record.acted | 1 << seat,
        log=record.log.logged(action),
    )
    return _betted(record, seat)


def on_raise(record: Record, action: Raise) -> Step[Record]:
    """A raise to ``action.to`` (M-3.3, X-3): every other seat must act again."""
    seat: int = record.to_act  # type: ignore[assignment]
    record = record._replace(
        stacks=replaced(record.stacks, seat, record.deal.totals[seat] - action.to),
        largest=action.to,
        acted=1 << seat,  # M-3.5: a raise clears every other seat's mark
        log=record.log.logged(action),
    )
    return _betted(record, seat)


def on_fold(record: Record, action: Fold) -> Step[Record]:
    """A fold (M-3.2); when one seat is left in, it takes the pot (M-3.7)."""
    seat: int = record.to_act  # type: ignore[assignment]
    live = record.live & ~(1 << seat)
    record = record._replace(
        live=live, acted=record.acted | 1 << seat, log=record.log.logged(action)
    )
    if live & (live - 1) == 0:  # M-3.7: one seat left in
        return fold_out(record, live.bit_length() - 1)
    return _betted(record, seat)


def on_announce(record: Record, action: Announce) -> Step[Record]:
    """M-4.1, M-4.2: announce the class of one's brelan; every other seat pays the fee
    at once (all it has when short); the announcer keeps the turn."""
    seat: int = record.to_act  # type: ignore[assignment]
    deal = record.deal
    rules = deal.rules
    fee: int = rules.announce_fee  # type: ignore[assignment]
    category = value_of(rules, record.hidden.hands[seat], deal.retournes).category
    events: list[Event] = [Announced(seat, category)]
    stacks = list(record.stacks)
    totals = list(deal.totals)  # fees move chips between stacks, not into the pot
    for payer in seats_from(seat, rules.players)[1:]:
        amount = min(fee, stacks[payer])  # M-4.2: all it has when short
        if amount:
            stacks[payer] -= amount
            stacks[seat] += amount
            totals[payer] -= amount
            totals[seat] += amount
            events.append(FeePaid(payer, seat, amount))
    record = record._replace(
        deal=deal._replace(
            announced=replaced(deal.announced, seat, category), totals=tuple(totals)
        ),
        stacks=tuple(stacks),
        log=record.log.logged(action).noted(*events),
    )
    if record.deal.waiting:  # fees may have left the seats still waited for all-in
        record = _waited(record, -1)
    return record, legal(record)


TRANSITIONS: dict[type, Transition] = {
    Shuffle: on_shuffle,
    Check: on_check,
    Call: on_call,
    Raise: on_raise,
    Fold: on_fold,
    Announce: on_announce,
}
"""Each action class's transition."""
