"""A modern Bouillotte session around its betting: the first deal, the start of a
deal (rebuys, antes), its settlement (fold-out or showdown), the end of a deal (the
next deal or the session's end) and the results (M-2.1, M-3.7, M-6, X-4 – X-8).

Every function takes a record and returns the next one; none changes its argument.

>>> from cardrules.bouillotte.modern.rules import Rules
>>> record = first_deal(Rules(players=3), (100, 0, 100), 0)
>>> record.stacks, record.deal.rebuys, returns(record)
((99, 99, 99), (0, 1, 0), (Fraction(-1, 1), Fraction(-1, 1), Fraction(-1, 1)))
"""

from __future__ import annotations

from fractions import Fraction

from cardrules.bouillotte.modern.events import HandShown
from cardrules.bouillotte.modern.hands import values_of
from cardrules.bouillotte.modern.phase import Phase
from cardrules.bouillotte.modern.record import (
    Deal,
    Hidden,
    Record,
    in_play_order,
    mask,
    seats_in,
)
from cardrules.bouillotte.modern.rules import Rules
from cardrules.cards import canonical
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
from cardrules.pots import (
    betting_pots,
    side_pots_of,
    split_pot_unchecked,
    uncalled_excess_unchecked,
)
from cardrules.seating import seats_from
from cardrules.sessionlog import SessionLog


def first_deal(rules: Rules, stacks: tuple[int, ...], dealer: int) -> Record:
    """The record of a new session: the first deal begun, at its chance node.

    :param rules: the options.
    :param stacks: each seat's starting stack (checked).
    :param dealer: the first dealer (checked).
    :returns: the record, antes paid (and a rebuy for an empty seat, X-6).

    >>> first_deal(Rules(), (5, 5, 5, 5), 3).to_act
    CHANCE
    """
    n = rules.players
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
        rebuys=(0,) * n,
        totals=stacks,
        initial_stacks=stacks,
        initial_dealer=dealer,
    )
    record = Record(
        deal=deal,
        stacks=stacks,
        to_act=CHANCE,
        live=mask(n),
        hidden=Hidden(deck=(), hands=((),) * n, brelans=0),
        largest=0,
        acted=0,
        log=SessionLog.start(n),
    )
    return start_deal(record, dealer, 0)


def start_deal(record: Record, dealer: int, deal_number: int) -> Record:
    """Deal ``deal_number`` begins with ``dealer`` after ``record`` (the session's
    start, or the end of the deal before): rebuys of empty seats (X-6), antes (M-2.1,
    X-3), then the chance node of the shuffle (X-7).

    >>> record = first_deal(Rules(ante=2), (100, 100, 100, 100), 0)
    >>> start_deal(record._replace(stacks=(10, 0, 10, 10)), 1, 1).contributions
    (2, 2, 2, 2)
    """
    rules = record.deal.rules
    n = rules.players
    events: list[Event] = [deal_started(deal_number, dealer)]
    stacks = list(record.stacks)
    rebuys = list(record.deal.rebuys)
    order = seats_from((dealer + 1) % n, n)  # from eldest
    for seat in order:
        if stacks[seat] == 0:  # an empty seat rebuys
            stacks[seat] = rules.stack
            rebuys[seat] += 1
            events.append(Rebuy(seat, rules.stack))
    totals = tuple(stacks)
    antes = [0] * n
    for seat in order:
        antes[seat] = min(rules.ante, stacks[seat])  # M-2.1, X-3: all it has when short
        stacks[seat] -= antes[seat]
        events.append(AntePaid(seat, antes[seat]))
    deal = record.deal._replace(
        phase=Phase.DEAL,
        dealer=dealer,
        deal_number=deal_number,
        betting_round=0,
        retournes=(),
        dead_retournes=(),
        shown=((),) * n,
        announced=(None,) * n,
        waiting=0,
        rebuys=tuple(rebuys),
        totals=totals,
    )
    return record._replace(
        deal=deal,
        stacks=tuple(stacks),
        to_act=CHANCE,
        live=mask(n),
        hidden=Hidden(deck=(), hands=((),) * n, brelans=0),
        largest=max(antes),
        acted=0,
        log=record.log.noted(*events),
    )


def fold_out(record: Record, winner: int) -> Record:
    """M-3.7: the last seat in takes the whole pot without showing; the deal ends."""
    amount = record.pot
    shares = [0] * record.players
    shares[winner] = amount
    return settle(record, tuple(shares), [PotWon(amount, (winner,), tuple(shares), 0, None)])


def showdown(record: Record) -> Record:
    """The uncalled excess back (X-4), every seat still in shows (M-6.1), and each pot
    goes to the best hand eligible for it, ties split (X-5); the deal ends."""
    deal = record.deal
    rules = deal.rules
    n = rules.players
    contributions = list(record.contributions)
    won = [0] * n
    events: list[Event] = []
    excess = uncalled_excess_unchecked(contributions)
    if excess is not None:  # what no other seat matched goes back
        seat, amount = excess
        contributions[seat] -= amount
        won[seat] += amount
        events.append(ExcessReturned(seat, amount))
    eldest = (deal.dealer + 1) % n
    hands = record.hidden.hands
    order = in_play_order(record.live, eldest, n)  # M-6.1: the seats still in show
    keys, texts = values_of(rules, hands, deal.retournes, order)
    for seat in order:
        # the hand shown in canonical order (not the order its cards arrived)
        events.append(HandShown(seat, canonical(hands[seat]), texts[seat]))
    pots = side_pots_of(contributions, seats_in(record.live, n))
    for index, (amount, eligible) in enumerate(pots):
        if not amount:
            continue
        best = max(keys[seat] for seat in eligible)  # the best hand, ties split
        winners = tuple(seat for seat in eligible if keys[seat] == best)
        shares = split_pot_unchecked(amount, winners, eldest, n)
        won = [mine + share for mine, share in zip(won, shares, strict=True)]
        events.append(PotWon(amount, winners, shares, index, texts[winners[0]]))
    return settle(record, tuple(won), events)


def settle(record: Record, won: tuple[int, ...], events: list[Event]) -> Record:
    """Each seat's winnings ``won`` (its shares of the pots, the uncalled excess) go to
    its stack, with the ``events`` that say why; the deal ends."""
    stacks = tuple(map(sum, zip(record.stacks, won, strict=True)))
    return end_deal(record._replace(stacks=stacks, log=record.log.noted(*events)))


def _results(stacks: tuple[int, ...], deal: Deal) -> tuple[int, ...]:
    """Each seat's net result in chips with these stacks (X-8)."""
    stack = deal.rules.stack
    return tuple(
        chips - start - rebuys * stack
        for chips, start, rebuys in zip(stacks, deal.initial_stacks, deal.rebuys, strict=True)
    )


def end_deal(record: Record) -> Record:
    """After the pot is won: the session ends (M-6.2, X-7) or the next deal begins at
    once."""
    deal = record.deal
    rules = deal.rules
    n = rules.players
    results = _results(record.stacks, deal)
    over = deal.deal_number + 1 >= rules.deals or (
        rules.target is not None and max(results) >= rules.target
    )
    if not over:
        return start_deal(record, (deal.dealer + 1) % n, deal.deal_number + 1)
    # Every deal awards its whole pot, so no pot is ever left to share.
    return record._replace(
        deal=deal._replace(
            phase=Phase.OVER,
            retournes=(),
            dead_retournes=(),
            shown=((),) * n,
            totals=record.stacks,  # nothing in the pot
        ),
        to_act=None,
        live=mask(n),
        hidden=Hidden(deck=(), hands=((),) * n, brelans=0),
        largest=0,
        acted=0,
        log=record.log.noted(SessionEnded(tuple(map(Fraction, results)))),
    )


def pots_of(record: Record) -> tuple[tuple[int, tuple[int, ...]], ...]:
    """The pots as they stand, main pot first: ``(amount, eligible seats)`` (X-4).

    Split only where a seat still in is all-in: a seat with chips can still call, so
    it is eligible for every pot. Once the betting closes this is the showdown's
    split (before the uncalled excess goes back).

    >>> pots_of(first_deal(Rules(players=3), (10, 20, 30), 0))
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

    >>> returns(first_deal(Rules(players=3), (10, 20, 30), 0))
    (Fraction(-1, 1), Fraction(-1, 1), Fraction(-1, 1))
    """
    return tuple(map(Fraction, _results(record.stacks, record.deal)))
