"""A modern Bouillotte session around its betting: the first record, the start of a
deal (rebuys, antes), its end (fold-out or showdown), the next deal, the session's end
and the results (M-2.1, M-3.7, M-6, X-4 – X-8).

Every function takes a record and returns the next one; none changes its argument.

>>> from .rules import Rules
>>> record = first_record(Rules(players=3), (100, 0, 100), 0)
>>> record.stacks, record.deal.rebuys, returns(record)
((99, 99, 99), (0, 1, 0), (Fraction(-1, 1), Fraction(-1, 1), Fraction(-1, 1)))
"""

from __future__ import annotations

from fractions import Fraction
from operator import sub

from cardrules._fast import constructor, copier
from cardrules.actions import Action
from cardrules.caching import BoundedCache
from cardrules.chance import CHANCE
from cardrules.events import (
    AntePaid,
    Event,
    ExcessReturned,
    PotWon,
    Rebuy,
    SessionEnded,
    deal_started,
)
from cardrules.game import Log
from cardrules.pots import (
    betting_pots,
    side_pots_of,
    split_pot_unchecked,
    uncalled_excess_unchecked,
)

from .events import HandShown
from .hands import values_of
from .phase import Phase
from .record import BY_SEATS, IN_PLAY_ORDER, Cards, Deal, Record, mask, seats_from, seats_in
from .rules import Rules

__all__ = [
    "end_deal",
    "first_record",
    "fold_out",
    "pots_of",
    "returns",
    "showdown",
    "start_deal",
]

_new_ante = constructor(AntePaid, ("seat", "amount"))
_new_excess = constructor(ExcessReturned, ("seat", "amount"))
_new_rebuy = constructor(Rebuy, ("seat", "amount"))
_new_shown = constructor(HandShown, ("seat", "cards", "hand"))
_new_pot_won = constructor(PotWon, ("amount", "winners", "shares", "pot", "hand"))
"""The events of every deal, built without their attrs ``__init__`` (the values passed
are of the right types)."""


def first_record(rules: Rules, stacks: tuple[int, ...], dealer: int) -> Record:
    """The record of a new session: the first deal begun, at its chance node.

    :param rules: the options.
    :param stacks: each seat's starting stack (checked).
    :param dealer: the first dealer (checked).
    :returns: the record, antes paid (and a rebuy for an empty seat, X-6).

    >>> first_record(Rules(), (5, 5, 5, 5), 3).to_act
    CHANCE
    """
    n = rules.players
    zeros = (0,) * n
    deal = Deal(
        rules=rules,
        phase=Phase.DEAL,
        dealer=dealer,
        deal_number=0,
        betting_round=0,
        retournes=(),
        dead_retournes=(),
        shown=((),) * n,
        announced=(None,) * n,
        waiting=0,
        rebuys=zeros,
        totals=stacks,
        initial_stacks=stacks,
        initial_dealer=dealer,
        old_events=Log(),
        new_events=(),
        past=(),
    )
    cards = Cards(
        deck=(),
        hands=((),) * n,
        brelans=0,
        shuffles=Log(),
        newest_shuffles=(),
        received=(Log(),) * n,
        dealt=((),) * n,
    )
    return start_deal(deal, cards, (), stacks, [], dealer, 0)


def start_deal(
    old: Deal,
    cards: Cards,
    recent: tuple[Action, ...],
    stacks: tuple[int, ...],
    events: list[Event],
    dealer: int,
    deal_number: int,
) -> Record:
    """A deal begins after the deal ``old`` (which left ``cards``, the public log's
    ``recent`` actions, ``stacks`` and the ``events`` of its end): rebuys of empty seats
    (X-6), antes (M-2.1, X-3), then the chance node of the shuffle (X-7).

    >>> record = first_record(Rules(ante=2), (100, 100, 100, 100), 0)
    >>> start_deal(record.deal, record.cards, (), (10, 0, 10, 10), [], 1, 1).contributions
    (2, 2, 2, 2)
    """
    rules = old.rules
    n = rules.players
    ante = rules.ante
    rebuys = old.rebuys
    events.append(deal_started(deal_number, dealer))
    if ante < min(stacks):  # the common case: every seat antes in full, none rebuys
        totals = stacks
        chips = tuple(map(sub, stacks, (ante,) * n))  # in C: no comprehension
        key = (dealer, n, ante)
        events += _FULL_ANTES.lookup(key) or _full_antes(key)
        largest = ante
    else:
        chips, totals, rebuys, largest = _antes(rules, stacks, rebuys, events, dealer)
    # the events join the newest with one tuple join, moved into the log once they are
    # Log.CHUNK or more (each join copies a bounded tuple; the move depends only on the
    # events, so equal events keep equal deals)
    old_events, new_events = old.old_events, old.new_events + tuple(events)
    if len(new_events) >= _CHUNK:
        old_events, new_events = old_events.extend(new_events), ()
    deal = _opened(
        old,
        _DEAL,
        dealer,
        deal_number,
        0,
        (),
        (),
        _NO_HANDS[n],
        _NO_ANNOUNCEMENT[n],
        0,
        rebuys,
        totals,
        old_events,
        new_events,
    )
    return _new_record(
        deal,
        chips,
        CHANCE,
        mask(n),
        recent,
        _cards_between(cards, (), _NO_HANDS[n], 0),
        largest,
        0,
    )


_CHUNK = Log.CHUNK
_DEAL = Phase.DEAL
"""The phase of a deal about to begin (a global: reading an enum's member from its class
costs about ten times as much)."""
_NO_ANNOUNCEMENT = tuple((None,) * n for n in BY_SEATS)
_NO_HANDS = tuple(((),) * n for n in BY_SEATS)
"""Per number of seats: the values of a deal about to begin (shared tuples)."""


def _antes(
    rules: Rules, stacks: tuple[int, ...], rebuys: tuple[int, ...], events: list[Event], dealer: int
) -> tuple[tuple[int, ...], tuple[int, ...], tuple[int, ...], int]:
    """The stacks once empty seats have rebought (X-6) and every seat has anted what it
    can (M-2.1, X-3), each seat's chips in the deal (:attr:`.Deal.totals`: its stack
    after rebuys), the rebuys and the largest ante; their events added to ``events``."""
    n = rules.players
    chips = list(stacks)
    contributions = [0] * n
    rebought = list(rebuys)
    order = seats_from((dealer + 1) % n, n)
    if 0 in chips:
        for seat in order:
            if chips[seat] == 0:
                chips[seat] = rules.stack
                rebought[seat] += 1
                events.append(_new_rebuy(seat, rules.stack))
    totals = tuple(chips)
    ante = rules.ante
    for seat in order:
        amount = ante if ante < chips[seat] else chips[seat]
        chips[seat] -= amount
        contributions[seat] = amount
        events.append(_new_ante(seat, amount))
    return tuple(chips), totals, tuple(rebought), max(contributions)


_FULL_ANTES = BoundedCache[tuple[int, int, int], tuple[Event, ...]](max_bytes=1 << 18)
"""The ante events of a deal in which every seat antes in full, by dealer, seats and
ante (events are values: the deals share them; a key holds no deal number, so a long
session keeps hitting the few it has)."""


def _full_antes(key: tuple[int, int, int]) -> tuple[Event, ...]:
    """The events of every seat anteing ``ante`` in full, eldest first, for ``key =
    (dealer, players, ante)`` (made once, kept in :data:`_FULL_ANTES`)."""
    dealer, players, ante = key
    eldest = (dealer + 1) % players
    antes = tuple([_new_ante(seat, ante) for seat in seats_from(eldest, players)])
    return _FULL_ANTES.put(key, antes)


_new_record = constructor(
    Record,
    ("deal", "stacks", "to_act", "live", "recent", "cards", "largest", "acted"),
)
"""A record, every field given in this order (a deal's end builds the next deal's first
record from the parts it has at hand, with no record in between)."""
_opened = copier(
    Deal,
    (
        "phase",
        "dealer",
        "deal_number",
        "betting_round",
        "retournes",
        "dead_retournes",
        "shown",
        "announced",
        "waiting",
        "rebuys",
        "totals",
        "old_events",
        "new_events",
    ),
)
"""The deal record of a deal about to begin (or of the session's end): every field
given but the session's own (rules, initial stacks and dealer)."""
_cards_between = copier(Cards, ("deck", "hands", "brelans"))
"""A copy of the cards with these fields (the logs kept): between deals, no deck, no
hand and no brelan."""


def fold_out(
    deal: Deal,
    cards: Cards,
    recent: tuple[Action, ...],
    chips: tuple[int, ...],
    winner: int,
) -> Record:
    """M-3.7: the last seat in takes the whole pot without showing; the deal ends (the
    deal, cards, public log's ``recent`` actions and stacks ``chips`` as the last action
    left them: the record that ends the deal is never built)."""
    amount = sum(deal.totals) - sum(chips)
    n = len(chips)
    stacks = [*chips]  # a display, not list(): no call
    stacks[winner] += amount
    shares = [0] * n
    shares[winner] = amount
    event = _new_pot_won(amount, (winner,), tuple(shares), 0, None)
    return end_deal(deal, cards, recent, tuple(stacks), [event])


def showdown(
    deal: Deal,
    cards: Cards,
    recent: tuple[Action, ...],
    chips: tuple[int, ...],
    live: int,
) -> Record:
    """The uncalled excess back (X-4), every seat still in shows (M-6.1), and each pot
    goes to the best hand eligible for it, ties split (X-5); the deal ends (the deal,
    cards, public log's ``recent`` actions, stacks ``chips`` and seats still in as the
    last action left them: the record that ends the deal is never built)."""
    rules = deal.rules
    n = rules.players
    stacks = [*chips]  # a display, not list(): no call
    contributions = list(map(sub, deal.totals, chips))
    events: list[Event] = []
    excess = uncalled_excess_unchecked(contributions)
    if excess is not None:
        seat, amount = excess
        contributions[seat] -= amount
        stacks[seat] += amount
        events.append(_new_excess(seat, amount))
    eldest = (deal.dealer + 1) % n
    hands = cards.hands
    order = IN_PLAY_ORDER[n][eldest][live]  # the seats still in, from eldest
    keys, texts = values_of(rules, hands, deal.retournes, order)
    for seat in order:
        events.append(_new_shown(seat, hands[seat], texts[seat]))
    index = -1  # each pot's index (a counter costs less than enumerate's object)
    for amount, eligible in side_pots_of(contributions, seats_in(live, n)):
        index += 1
        if not amount:
            continue
        best = None  # the best key among the eligible seats, and the seats that hold it
        winners: tuple[int, ...] = ()
        for seat in eligible:  # one loop, no comprehension (each is a function in 3.11)
            key = keys[seat]
            if best is None or key > best:
                best, winners = key, (seat,)
            elif key == best:
                winners += (seat,)
        shares = split_pot_unchecked(amount, winners, eldest, n)
        for seat in winners:
            stacks[seat] += shares[seat]
        events.append(_new_pot_won(amount, winners, shares, index, texts[winners[0]]))
    return end_deal(deal, cards, recent, tuple(stacks), events)


def _results(stacks: tuple[int, ...], deal: Deal) -> tuple[int, ...]:
    """Each seat's net result in chips with these stacks (X-8)."""
    stack = deal.rules.stack
    return tuple(
        chips - start - rebuys * stack
        for chips, start, rebuys in zip(stacks, deal.initial_stacks, deal.rebuys, strict=True)
    )


def end_deal(
    deal: Deal,
    cards: Cards,
    recent: tuple[Action, ...],
    stacks: tuple[int, ...],
    events: list[Event],
) -> Record:
    """After the pot is won (``stacks`` and ``events`` say how) in ``deal``, which left
    ``cards`` and the public log's ``recent`` actions: the session ends (M-6.2, X-7) or
    the next deal begins at once."""
    rules = deal.rules
    n = rules.players
    over = deal.deal_number + 1 >= rules.deals or (
        rules.target is not None and max(_results(stacks, deal)) >= rules.target
    )
    if not over:
        dealer, number = (deal.dealer + 1) % n, deal.deal_number + 1
        return start_deal(deal, cards, recent, stacks, events, dealer, number)
    # Every deal awards its whole pot, so no pot is ever left to share.
    results = tuple(Fraction(r) for r in _results(stacks, deal))
    events.append(SessionEnded(results))
    deal = deal._replace(
        phase=Phase.OVER,
        retournes=(),
        dead_retournes=(),
        shown=_NO_HANDS[n],
        totals=stacks,  # nothing in the pot
        new_events=deal.new_events + tuple(events),
    )
    cards = _cards_between(cards, (), _NO_HANDS[n], 0)
    return _new_record(deal, stacks, None, mask(n), recent, cards, 0, 0)


def pots_of(record: Record) -> tuple[tuple[int, tuple[int, ...]], ...]:
    """The pots as they stand, main pot first: ``(amount, eligible seats)`` (X-4).

    Split only where a seat still in is all-in: a seat with chips can still call, so
    it is eligible for every pot. Once the betting closes this is the showdown's
    split (before the uncalled excess goes back).

    >>> pots_of(first_record(Rules(players=3), (10, 20, 30), 0))
    ((3, (0, 1, 2)),)
    """
    live = record.live
    stacks = record.stacks
    return betting_pots(
        record.contributions,
        tuple(bool(live >> seat & 1) for seat in range(len(stacks))),
        tuple(stack == 0 for stack in stacks),
    )


def returns(record: Record) -> tuple[Fraction, ...]:
    """Each seat's result: stack − starting stack − rebuys (X-8); every pot is won at
    the end of its deal, so nothing is left to share.

    >>> returns(first_record(Rules(players=3), (10, 20, 30), 0))
    (Fraction(-1, 1), Fraction(-1, 1), Fraction(-1, 1))
    """
    return tuple(map(Fraction, _results(record.stacks, record.deal)))
