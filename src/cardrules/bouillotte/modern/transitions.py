"""One transition per action of modern Bouillotte: ``on_<action>(record, action)``
returns the next record, or ``(record, legal)`` when the betting goes on and the next
legal set is at hand. Each is called with a legal action only.

The deal (X-1, M-2.2, V-M.1, V-M.2), betting (M-3, X-3, X-4), announcements (M-4),
the retourné change (V-M.4) and the cards turned between rounds (V-M.3); the end of a
deal is :mod:`.session`'s.

>>> from cardrules import Shuffle
>>> from cardrules.actions import CHECK
>>> from .rules import Rules
>>> from .session import first_record
>>> record = first_record(Rules(), (100,) * 4, 0)
>>> record, legal = on_shuffle(record, Shuffle(Rules().deck))
>>> record.to_act, legal.describe()
(1, 'check, raise to 2…6')
>>> on_check(record, CHECK)[0].to_act
2
"""

from __future__ import annotations

from operator import add, itemgetter

from cardrules._fast import constructor, copier
from cardrules.actions import Action, Call, Check, Fold, Raise
from cardrules.cards import Card
from cardrules.chance import HIDDEN_SHUFFLE, Shuffle
from cardrules.events import Event
from cardrules.game import Log
from cardrules.legal import Legal
from cardrules.shell import Transition

from .actions import Announce
from .events import Announced, CardsTurned, FeePaid, RetourneChanged, RetournesTurned
from .hands import brelans_of, value_of
from .legality import legal, legal_of
from .phase import Phase
from .record import BY_SEATS, FIRST_IN, Cards, Deal, Record, able, mask, received_of, seats_from
from .rules import LARGEST_DECK, Rules
from .session import fold_out, showdown

__all__ = ["on_announce", "on_call", "on_check", "on_fold", "on_raise", "on_shuffle"]

Next = Record | tuple[Record, Legal]
"""What a transition returns: the record, with its legal set when it is known."""


_DEALT = tuple(
    tuple(
        itemgetter(*[slice((seat - eldest) % n, 3 * n, n) for seat in range(n)])
        for eldest in range(n)
    )
    for n in BY_SEATS
)
"""Per number of seats and eldest: each seat's three cards, dealt one at a time from
eldest (X-1, M-2.2), as a slice of the shuffled deck (the k-th seat from eldest gets
cards k, k + players, k + 2 * players), all taken by one call, with no function around
it: ``_DEALT[3][1](tuple(range(9)))`` is ``((2, 5, 8), (0, 3, 6), (1, 4, 7))``."""
_new_turned = constructor(RetournesTurned, ("cards",))
_TURNED = {card: _new_turned((card,)) for card in LARGEST_DECK}
"""The event of each single retourné turned up, made once (events are values: the
deals share them); its ``cards`` are the deal's retournés."""
_new_cards = constructor(
    Cards, ("deck", "hands", "brelans", "shuffles", "newest_shuffles", "received", "dealt")
)
_dealt_deal = copier(Deal, ("phase", "retournes", "shown", "waiting", "new_events", "past"))
"""The cards and the deal once dealt."""
_DEALT_AT_MOST = 3 * Log.CHUNK
"""How many cards :attr:`.Cards.dealt` holds per seat before a shuffle moves them to
:attr:`.Cards.received` (``Log.CHUNK`` deals of three)."""
_BETTING = Phase.BETTING
"""The phase of a dealt deal (a global: reading an enum's member from its class costs
about ten times as much)."""


def on_shuffle(record: Record, shuffle: Shuffle) -> Next:
    """Deal the shuffled deck (X-1, M-2.2), turn up the retourné(s) (V-M.1) and the
    open cards (V-M.2), and open the first betting round."""
    deal = record.deal
    rules = deal.rules
    n = rules.players
    order = shuffle.order
    eldest = (deal.dealer + 1) % n
    hands: tuple[tuple[Card, ...], ...] = _DEALT[n][eldest](order)
    at = 3 * n  # the retourné(s) come right after the hands
    turned = _TURNED[order[at]] if rules.retournes == 1 else _new_turned(order[at : at + 2])
    retournes = turned.cards
    cards = record.cards
    shown = deal.shown
    if rules.open_card:
        shown = tuple([hand[:1] for hand in hands])
        events: list[Event] = [turned]
        events.extend(CardsTurned(seat, shown[seat]) for seat in seats_from(eldest, n))
        new_events = deal.new_events + tuple(events)
    else:
        new_events = deal.new_events + (turned,)
    past, recent = record.logged_folding(HIDDEN_SHUFFLE)
    deal = _dealt_deal(
        deal, _BETTING, retournes, shown, mask(n) if rules.retourne_change else 0, new_events, past
    )
    shuffles, received, dealt = cards.shuffles, cards.received, cards.dealt
    if len(dealt[0]) < _DEALT_AT_MOST:
        newest = cards.newest_shuffles + (shuffle,)
        dealt = tuple(map(add, dealt, hands))
    else:  # Log.CHUNK deals: they move to the logs
        shuffles, newest = shuffles.extend(cards.newest_shuffles), (shuffle,)
        received, dealt = tuple(map(received_of, received, dealt)), hands
    cards = _new_cards(
        order,
        hands,
        _brelans(rules, hands, retournes),
        shuffles,
        newest,
        received,
        dealt,
    )
    return _open_round(record, deal, cards, 0, recent)


def _brelans(rules: Rules, hands: tuple[tuple[Card, ...], ...], retournes: tuple[Card, ...]) -> int:
    """Who holds a brelan now, when announcements are on (else nothing needs it)."""
    return 0 if rules.announce_fee is None else brelans_of(rules, hands, retournes)


_opened_round = copier(Record, ("deal", "cards", "to_act", "acted", "recent"))
"""``record`` as a betting round opens."""


def _open_round(
    record: Record,
    deal: Deal,
    cards: Cards,
    number: int,
    recent: tuple[Action, ...],
) -> Next:
    """Betting round ``number`` begins (M-3.1, V-M.3) with ``deal``, ``cards`` and
    the log's ``recent`` (its ``past`` is in ``deal``), or, with fewer than two seats
    still in with chips, the showdown (after the retourné change that the first round
    would have brought, V-M.4)."""
    stacks, live = record.stacks, record.live
    ready = able(stacks, live)
    if ready & (ready - 1) == 0:  # fewer than two
        if deal.waiting:  # the first round is not played: the change comes at once
            deal, cards = _change_retourne(deal, cards)
        deal = deal._replace(betting_round=number)
        return showdown(deal, cards, recent, stacks, live)
    if deal.betting_round != number:
        deal = deal._replace(betting_round=number)
    n = deal.rules.players
    first = _FOLLOWING[n][deal.dealer][ready]  # the first from eldest
    record = _opened_round(record, deal, cards, first, 0, recent)
    return record, legal_of(deal, cards, first, stacks, record.largest, live)


def _change_retourne(deal: Deal, cards: Cards) -> tuple[Deal, Cards]:
    """V-M.4: the next card(s) of the stock replace the retourné(s), which stay face up."""
    rules = deal.rules
    count = rules.retournes
    start = 3 * rules.players + count
    new = cards.deck[start : start + count]
    deal = deal._replace(
        retournes=new,
        dead_retournes=deal.retournes,
        waiting=0,
        new_events=deal.new_events + (RetourneChanged(deal.retournes, new),),
    )
    brelans = _brelans(rules, cards.hands, new)
    return deal, cards if brelans == cards.brelans else cards._replace(brelans=brelans)


def _waited(
    deal: Deal, cards: Cards, seat: int, stacks: tuple[int, ...], live: int
) -> tuple[Deal, Cards]:
    """The deal and cards once ``seat`` has taken its first betting action (or
    announced, ``seat`` -1) while the retourné change waits: the change comes when no
    seat still in with chips is waited for any more (V-M.4)."""
    waiting = deal.waiting & ~(1 << seat) if seat >= 0 else deal.waiting
    if waiting & able(stacks, live):
        return deal if waiting == deal.waiting else deal._replace(waiting=waiting), cards
    return _change_retourne(deal, cards)


_FOLLOWING = tuple(tuple(FIRST_IN[n][(seat + 1) % n] for seat in range(n)) for n in BY_SEATS)
"""``_FOLLOWING[players][seat][seats]``: the first seat of the mask ``seats`` after
``seat`` in play order (``seat`` itself last; -1 if the mask is empty)."""


_FOLD_AT = Record.FOLD_AT
"""How many actions :attr:`.Record.recent` holds before a betting action folds it (a
global: reading a class attribute from an instance costs a type lookup)."""


_after_bet = constructor(
    Record,
    ("deal", "stacks", "to_act", "live", "recent", "cards", "largest", "acted"),
)
"""The record after a betting action, every field given in this order (every betting
action that does not end the deal comes here: no keyword parsing)."""


def _betted(
    record: Record,
    action: Action,
    seat: int,
    stacks: tuple[int, ...],
    largest: int,
    live: int,
    acted: int,
) -> Next:
    """The record after a betting action of ``seat`` that leaves these amounts and
    masks (``seat`` marked as acted): the retourné change when due (V-M.4), then the
    next seat to act, or the end of the round.

    M-3.5: the next seat still in, with chips, that must act, is the first after
    ``seat`` not marked as acted: a seat that acted since the last raise has matched
    the largest contribution (a check, a call, the raise itself) or is all-in (a short
    call), since a raise clears every other seat's mark. (The first such seat with
    chips: when the first not marked is all-in, it is looked for again among those
    with chips; no search for empty stacks at every step.)"""
    first_of = _FOLLOWING[len(stacks)][seat]
    following = first_of[live & ~acted]
    if following >= 0 and not stacks[following]:
        following = first_of[able(stacks, live & ~acted)]
    recent = record.recent + (action,)
    deal = record.deal
    cards = record.cards
    if len(recent) > _FOLD_AT:  # raises without end: each step stays bounded
        past, recent = record.logged_folding(action)
        deal = deal._replace(past=past)
    if deal.waiting:
        deal, cards = _waited(deal, cards, seat, stacks, live)
    if following < 0:
        return _close_round(deal, cards, recent, stacks, largest, live)
    record = _after_bet(deal, stacks, following, live, recent, cards, largest, acted)
    return record, legal_of(
        deal,
        cards,
        following,
        stacks,
        largest,
        live,
        live >> seat & 1 and stacks[seat],  # the seat that bet, if still in with chips
    )


def _close_round(
    deal: Deal,
    cards: Cards,
    recent: tuple[Action, ...],
    stacks: tuple[int, ...],
    largest: int,
    live: int,
) -> Next:
    """After a round but the last, each seat still in turns up a card (V-M.3) and the
    next round opens; after the last, or with fewer than two seats able to bet, the
    showdown (the parts of the record as the round's last action left them: no record
    is built before the next round's or the next deal's)."""
    if deal.betting_round + 1 >= deal.rules.betting_rounds:
        return showdown(deal, cards, recent, stacks, live)
    ready = able(stacks, live)
    if ready & (ready - 1) == 0:
        return showdown(deal, cards, recent, stacks, live)
    n = deal.rules.players
    hands = cards.hands
    shown = list(deal.shown)
    events: list[Event] = []
    for seat in seats_from((deal.dealer + 1) % n, n):
        up = len(shown[seat])
        if live >> seat & 1 and up < 3:
            shown[seat] = hands[seat][: up + 1]
            events.append(CardsTurned(seat, hands[seat][up : up + 1]))
    deal = deal._replace(shown=tuple(shown), new_events=deal.new_events + tuple(events))
    record = _after_bet(deal, stacks, -1, live, recent, cards, largest, 0)
    return _open_round(record, deal, cards, deal.betting_round + 1, recent)


def on_check(record: Record, action: Check) -> Next:
    """A check (M-3.2): nothing to pay."""
    seat: int = record.to_act  # type: ignore[assignment]
    return _betted(
        record,
        action,
        seat,
        record.stacks,
        record.largest,
        record.live,
        record.acted | 1 << seat,
    )


def on_call(record: Record, action: Call) -> Next:
    """A call: match the largest contribution, or put in the whole stack when that is
    less (all-in, M-3.4, X-3)."""
    seat: int = record.to_act  # type: ignore[assignment]
    largest = record.largest
    stacks = [*record.stacks]  # a display, not list(): no call
    left = record.deal.totals[seat] - largest  # what a full call leaves the seat
    stacks[seat] = left if left > 0 else 0  # short: all-in (no max() call)
    return _betted(
        record,
        action,
        seat,
        tuple(stacks),
        largest,
        record.live,
        record.acted | 1 << seat,
    )


def on_raise(record: Record, action: Raise) -> Next:
    """A raise to ``action.to`` (M-3.3, X-3): every other seat must act again."""
    seat: int = record.to_act  # type: ignore[assignment]
    to = action.to
    stacks = [*record.stacks]  # a display, not list(): no call
    stacks[seat] = record.deal.totals[seat] - to  # its contribution becomes ``to``
    return _betted(record, action, seat, tuple(stacks), to, record.live, 1 << seat)


def on_fold(record: Record, action: Fold) -> Next:
    """A fold (M-3.2); when one seat is left in, it takes the pot (M-3.7)."""
    seat: int = record.to_act  # type: ignore[assignment]
    live = record.live & ~(1 << seat)
    if live & (live - 1) == 0:  # the deal ends: its last record is never built
        recent = record.recent + (action,)
        winner = live.bit_length() - 1
        return fold_out(record.deal, record.cards, recent, record.stacks, winner)
    return _betted(
        record,
        action,
        seat,
        record.stacks,
        record.largest,
        live,
        record.acted | 1 << seat,
    )


def on_announce(record: Record, action: Announce) -> Next:
    """M-4.1, M-4.2: announce the class of one's brelan; every other seat pays the fee
    at once (all it has when short); the announcer keeps the turn."""
    seat: int = record.to_act  # type: ignore[assignment]
    deal = record.deal
    rules = deal.rules
    fee: int = rules.announce_fee  # type: ignore[assignment]
    category = value_of(rules, record.cards.hands[seat], deal.retournes).category
    events: list[Event] = [Announced(seat, category)]
    stacks = list(record.stacks)
    totals = list(deal.totals)  # fees move chips between stacks, not into the pot
    for payer in seats_from(seat, rules.players)[1:]:
        amount = min(fee, stacks[payer])
        if amount:
            stacks[payer] -= amount
            stacks[seat] += amount
            totals[payer] -= amount
            totals[seat] += amount
            events.append(FeePaid(payer, seat, amount))
    announced = list(deal.announced)
    announced[seat] = category
    deal = deal._replace(
        announced=tuple(announced),
        totals=tuple(totals),
        new_events=deal.new_events + tuple(events),
    )
    record = record._replace(stacks=tuple(stacks), recent=record.recent + (action,))
    cards = record.cards
    if deal.waiting:  # fees may have left the seats still waited for all-in
        deal, cards = _waited(deal, cards, -1, record.stacks, record.live)
    record = record._replace(deal=deal, cards=cards)
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
