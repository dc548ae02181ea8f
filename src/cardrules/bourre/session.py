"""The session around the deals: the first deal, a deal's start (rebuys, antes), its
settlement, the end of a deal (the next deal or the session's end) and the results.

Each deal begins as soon as the previous one ends (X-7): :func:`start_deal` pays
rebuys and antes and stops at the deal's chance node; :func:`settle` settles a played
deal (B-6), :func:`settle_stay` one that the stay phase ended (B-3.2);
:func:`end_deal` starts the next deal or ends the session.

>>> record = first_deal(Rules(players=3, ante=2), (10, 0, 30), 2)
>>> record.stacks, record.deal.pot, record.deal.rebuys
((8, 98, 28), 6, (0, 1, 0))
"""

from __future__ import annotations

from fractions import Fraction

from cardrules.bourre.events import Bourre, PotCapped
from cardrules.bourre.phase import Phase
from cardrules.bourre.record import Deal, Hidden, Record, seats_of
from cardrules.bourre.rules import Rules
from cardrules.chance import CHANCE
from cardrules.events import (
    AntePaid,
    Event,
    PotCarried,
    PotShared,
    PotWon,
    Rebuy,
    SessionEnded,
    deal_started,
)
from cardrules.pots import apportion, share_exactly
from cardrules.seating import seats_from
from cardrules.sessionlog import SessionLog

_NO_SEATS: frozenset[int] = frozenset()
_NO_STOCK = Hidden(stock=(), muck=0, up_discarded=0, pending=0)
"""The hidden part of a deal before its shuffle."""


def first_deal(rules: Rules, stacks: tuple[int, ...], dealer: int) -> Record:
    """The first deal's chance node, its rebuys and antes paid (``new_game``).

    >>> first_deal(Rules(players=2), (5, 5), 0).deal.contributions
    (1, 1)
    """
    n = rules.players
    deal = Deal(
        rules=rules,
        phase=Phase.DEAL,
        dealer=dealer,
        deal_number=0,
        ante_level=rules.ante,
        pot=0,
        contributions=(0,) * n,
        rebuys=(0,) * n,
        shares=(Fraction(0),) * n,
        order=(),
        trump=-1,
        stock_size=0,
        muck_size=0,
        exchanged=(None,) * n,
        pending=None,
        live=(1 << n) - 1,
        initial_stacks=stacks,
        initial_dealer=dealer,
    )
    record = Record(
        deal=deal,
        stacks=stacks,
        to_act=CHANCE,
        trick=(),
        leader=-1,
        tricks_won=(0,) * n,
        hands=(0,) * n,
        top=-1,
        hidden=_NO_STOCK,
        log=SessionLog.start(n),
    )
    return start_deal(record, dealer=dealer, number=0, level=rules.ante, exempt=_NO_SEATS)


def _cap(
    rules: Rules, pot: int, payments: list[int], first: int
) -> tuple[list[int], tuple[int, ...] | None]:
    """Net payments under the pot cap and the chips not taken (V-B.6)."""
    cap = rules.pot_cap
    total = sum(payments)
    if cap is None or pot + total <= cap:
        return payments, None
    excess = min(total, pot + total - cap)
    refunds = apportion(excess, payments, first)
    return [p - r for p, r in zip(payments, refunds, strict=True)], refunds


def start_deal(
    record: Record, *, dealer: int, number: int, level: int, exempt: frozenset[int]
) -> Record:
    """Deal ``number``, dealt by ``dealer`` at ante ``level``, begins after ``record``
    (the session's start, or the deal before, settled): rebuys (X-6), antes (B-2.1),
    none for the seats of ``exempt`` (B-6.3), within the pot cap (V-B.6); the record
    of the deal's chance node.

    >>> first = first_deal(Rules(), (3,) * 4, 0)
    >>> first = first._replace(deal=first.deal._replace(pot=3), stacks=(3,) * 4)
    >>> opened = start_deal(first, dealer=1, number=1, level=1, exempt=frozenset({1}))
    >>> opened.deal.pot, opened.stacks, opened.deal.dealer
    (6, (2, 3, 2, 2), 1)
    """
    rules = record.deal.rules
    n = rules.players
    eldest = (dealer + 1) % n
    order = seats_from(eldest, n)
    events: list[Event] = [deal_started(number, dealer)]
    stacks = list(record.stacks)
    rebuys = list(record.deal.rebuys)
    for seat in order:
        if stacks[seat] == 0:  # an empty seat rebuys a full stack
            stacks[seat] = rules.stack
            rebuys[seat] += 1
            events.append(Rebuy(seat, rules.stack))
    # B-2.1: every seat antes (all it has when short), but the exempt (B-6.3)
    antes = [0 if seat in exempt else min(level, stacks[seat]) for seat in range(n)]
    pot = record.deal.pot
    refunds = None
    if rules.pot_cap is not None:  # V-B.6
        antes, refunds = _cap(rules, pot, antes, eldest)
    events += [AntePaid(seat, antes[seat]) for seat in order if antes[seat]]
    if refunds is not None:
        events.append(PotCapped(rules.pot_cap or 0, refunds))
    deal = record.deal._replace(
        phase=Phase.DEAL,
        dealer=dealer,
        deal_number=number,
        ante_level=level,
        pot=pot + sum(antes),
        contributions=tuple(antes),
        rebuys=tuple(rebuys),
        order=(),
        trump=-1,
        stock_size=0,
        muck_size=0,
        exchanged=(None,) * n,
        pending=None,
        live=(1 << n) - 1,
    )
    return record._replace(
        deal=deal,
        stacks=tuple(stack - ante for stack, ante in zip(stacks, antes, strict=True)),
        to_act=CHANCE,
        trick=(),
        leader=-1,
        tricks_won=(0,) * n,
        hands=(0,) * n,
        top=-1,
        hidden=_NO_STOCK,
        log=record.log.noted(*events),
    )


def is_last_deal(deal: Deal) -> bool:
    """Whether ``deal`` is the session's last: its end ends the session (X-7).

    >>> is_last_deal(first_deal(Rules(deals=1), (5, 5, 5, 5), 0).deal)
    True
    """
    return deal.deal_number + 1 >= deal.rules.deals


def end_deal(
    record: Record,
    events: list[Event],
    *,
    stacks: tuple[int, ...],
    pot: int,
    carried: bool,
    exempt: frozenset[int],
) -> Record:
    """The deal of ``record`` is settled, ``events`` saying how, with ``stacks`` and
    ``pot`` left: start the next deal (the ante rising after a carried pot, V-B.5; the
    seats of ``exempt`` skipping it, B-6.3), or end the session and share a pot left
    over (X-7)."""
    deal = record.deal
    rules = deal.rules
    n = rules.players
    record = record._replace(
        deal=deal._replace(pot=pot), stacks=stacks, log=record.log.noted(*events)
    )
    if not is_last_deal(deal):
        if not rules.rising_ante:
            level = rules.ante
        else:
            level = deal.ante_level * 2 if carried else rules.ante  # V-B.5
        return start_deal(
            record,
            dealer=(deal.dealer + 1) % n,
            number=deal.deal_number + 1,
            level=level,
            exempt=exempt if rules.ante_exemptions else _NO_SEATS,
        )
    shares = (Fraction(0),) * n
    ended: list[Event] = []
    if pot:  # a pot left after the last deal is shared exactly
        shares = share_exactly(pot, n)
        ended.append(PotShared(pot, shares))
    final = record._replace(
        deal=record.deal._replace(pot=0, shares=shares, phase=Phase.OVER, pending=None),
        to_act=None,
        log=record.log.noted(*ended),
    )
    return final._replace(log=final.log.noted(SessionEnded(returns(final))))


def settle_stay(record: Record, order: tuple[int, ...]) -> Record:
    """B-3.2: the stay phase left fewer than two seats in, ``order``. With none, the pot
    carries; with one, it takes the pot without play."""
    deal = record.deal
    pot = deal.pot
    if not order:
        return end_deal(
            record,
            [PotCarried(pot)],
            stacks=record.stacks,
            pot=pot,
            carried=True,
            exempt=_NO_SEATS,
        )
    winner = order[0]
    stacks = list(record.stacks)
    stacks[winner] += pot
    shares = [0] * len(stacks)
    shares[winner] = pot
    won = PotWon(pot, (winner,), tuple(shares), 0, "the only seat in")
    return end_deal(record, [won], stacks=tuple(stacks), pot=0, carried=False, exempt=_NO_SEATS)


def settle(record: Record, won: Event) -> Record:
    """B-6.1–B-6.3: the last trick is taken (``won`` its event): the sole leader takes
    the pot; bourrés pay into the next pot."""
    deal = record.deal
    rules = deal.rules
    n = rules.players
    tricks = record.tricks_won
    before = deal.pot
    # a seat out took no trick, and the seats in took them all (``most`` is positive)
    most = max(tricks)
    stacks = list(record.stacks)
    carried = most < rules.min_tricks or tricks.count(most) > 1  # B-6.1
    events: list[Event] = [won]
    if carried:
        pot = before
        events.append(PotCarried(before))
    else:
        winner = tricks.index(most)
        stacks[winner] += before
        pot = 0
        shares = [0] * n
        shares[winner] = before
        text = f"{most} trick{'s' if most != 1 else ''}"
        events.append(PotWon(before, (winner,), tuple(shares), 0, text))
    # B-6.2: every seat in that took no trick is bourré
    bourres = [seat for seat in deal.order if tricks[seat] == 0]
    if bourres:
        payments = [0] * n
        for seat in bourres:
            payments[seat] = min(before, stacks[seat])
        refunds = None
        if rules.pot_cap is not None:  # V-B.6
            payments, refunds = _cap(rules, pot, payments, (deal.dealer + 1) % n)
        for seat in bourres:
            paid = payments[seat]
            stacks[seat] -= paid
            pot += paid
            events.append(Bourre(seat, paid))
        if refunds is not None:
            events.append(PotCapped(rules.pot_cap or 0, refunds))
    if not rules.ante_exemptions:
        exempt = _NO_SEATS  # the next deal's antes ignore it
    elif carried:  # B-6.3: the tied leaders and the bourrés skip the next ante
        exempt = frozenset((*bourres, *(seat for seat in deal.order if tricks[seat] == most)))
    else:
        exempt = frozenset(bourres)
    return end_deal(record, events, stacks=tuple(stacks), pot=pot, carried=carried, exempt=exempt)


def pots_of(record: Record) -> tuple[tuple[int, tuple[int, ...]], ...]:
    """The single pot and the seats that can still win it (Bourré has no side pots).

    >>> pots_of(first_deal(Rules(players=2), (5, 5), 0))
    ((2, (0, 1)),)
    """
    deal = record.deal
    if deal.phase is Phase.OVER:
        return ((deal.pot, ()),)
    return ((deal.pot, seats_of(deal.live)),)


def returns(record: Record) -> tuple[Fraction, ...]:
    """Each seat's net result (X-8): stack + share of a leftover pot − starting stack −
    rebuys.

    >>> returns(first_deal(Rules(players=2), (5, 0), 0))
    (Fraction(-1, 1), Fraction(-1, 1))
    """
    deal = record.deal
    stack = deal.rules.stack
    return tuple(
        held - start - rebuys * stack + share
        for held, start, rebuys, share in zip(
            record.stacks, deal.initial_stacks, deal.rebuys, deal.shares, strict=True
        )
    )
