"""The session around the deals: a deal's start (rebuys, antes), its settlement, the
next deal, the session's end and its results.

Each deal begins as soon as the previous one ends (X-7): :func:`open_deal` pays
rebuys and antes and stops at the deal's chance node; :func:`settle` ends a played
deal (B-6), :func:`settle_stay` one that the stay phase ended (B-3.2);
:func:`end_deal` starts the next deal or ends the session.

>>> record = first_deal(Rules(players=3, ante=2), (10, 0, 30), 2)
>>> record.deal.stacks, record.deal.pot, record.deal.rebuys
((8, 98, 28), 6, (0, 1, 0))
"""

from __future__ import annotations

from fractions import Fraction
from operator import sub
from typing import Any

import attrs

from cardrules._fast import constructor, copier
from cardrules.actions import Action
from cardrules.bourre.events import Bourre, PotCapped
from cardrules.bourre.phase import Phase
from cardrules.bourre.record import Deal, Hidden, Record, Table, seats_of
from cardrules.bourre.rules import Rules
from cardrules.caching import BoundedCache
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
from cardrules.game import Log
from cardrules.pots import apportion, share_exactly

__all__ = [
    "deal_hidden",
    "end_deal",
    "first_deal",
    "is_last_deal",
    "open_deal",
    "pots_of",
    "returns",
    "settle",
    "settle_stay",
]

_ZERO = Fraction(0)
_NO_SEATS: frozenset[int] = frozenset()
_SEATS_FROM = {
    n: tuple(tuple((first + k) % n for k in range(n)) for first in range(n)) for n in range(2, 8)
}
"""For each number of seats and each first seat, every seat in order from it."""
_pot_won = constructor(PotWon, ("amount", "winners", "shares", "pot", "hand"))
"""Build a ``PotWon`` without its attrs ``__init__`` (once per deal)."""
_ante_paid = constructor(AntePaid, ("seat", "amount"))
"""Build an ``AntePaid`` without its attrs ``__init__`` (every seat, every deal)."""
_pot_carried = constructor(PotCarried, ("amount",))
"""Build a ``PotCarried`` without its attrs ``__init__`` (one deal in three or so)."""
_bourre = constructor(Bourre, ("seat", "amount"))
"""Build a ``Bourre`` without its attrs ``__init__`` (a seat is bourré at most deals)."""
_RECORD_ORDER = (
    *("table", "to_act", "hands", "trick", "top", "leader", "tricks_won"),
    *("recent", "new_events", "hidden"),
)
if sorted(_RECORD_ORDER) != sorted(field.name for field in attrs.fields(Record)):
    raise TypeError("bourre.session: _RECORD_ORDER must name every field of Record")
_new_record = constructor(Record, _RECORD_ORDER)
_new_table = constructor(Table, tuple(field.name for field in attrs.fields(Table)))
"""``Record(...)`` (its fields in the order of ``_RECORD_ORDER``, checked at import
to be all of them) and ``Table(...)`` (every field, positionally in the class's order:
a field added to the class and not given is a ``TypeError``) of a new deal without
their attrs ``__init__``."""
_opened = copier(
    Deal,
    (
        *("dealer", "deal_number", "ante_level", "stacks", "pot", "contributions", "rebuys"),
        "event_log",
    ),
)
"""A deal once its antes are paid (from the deal before it), these fields given in
this order."""
_ZEROS = {n: (0,) * n for n in range(2, 8)}
_NONES = {n: (None,) * n for n in range(2, 8)}
"""For each number of seats, a zero and a ``None`` per seat (shared by every deal)."""
_DEAL = Phase.DEAL
deal_hidden = copier(Hidden, ("stock", "muck", "up_discarded", "pending"))
"""``hidden`` with the fields of one deal given, in this order (emptied at each deal's
start, changed by an exchange and a restock)."""
_ANTE_EVENTS = BoundedCache[tuple[int, tuple[int, ...]], tuple[Event, ...]](1 << 16)
"""(eldest, antes per seat) → the antes' events (immutable: shared by every deal)."""
_TRICKS_TEXT = tuple(f"{k} trick{'s' if k != 1 else ''}" for k in range(8))
"""The reason a pot is won, by trick count."""


def seats_from(n: int, first: int) -> tuple[int, ...]:
    """The ``n`` seats in order from ``first``.

    >>> seats_from(4, 3)
    (3, 0, 1, 2)
    """
    return _SEATS_FROM[n][first]


def first_deal(rules: Rules, stacks: tuple[int, ...], dealer: int) -> Record:
    """The first deal's chance node, its rebuys and antes paid (``new_game``).

    >>> first_deal(Rules(players=2), (5, 5), 0).deal.contributions
    (1, 1)
    """
    n = rules.players
    empty: Log[Any] = Log()
    deal = Deal(
        rules=rules,
        dealer=dealer,
        deal_number=0,
        ante_level=rules.ante,
        stacks=stacks,
        pot=0,
        contributions=(0,) * n,
        rebuys=(0,) * n,
        shares=(_ZERO,) * n,
        initial_stacks=stacks,
        initial_dealer=dealer,
        event_log=empty,
    )
    hidden = Hidden(
        stock=(),
        muck=0,
        up_discarded=0,
        pending=0,
        secret=empty,
        newest_secret=(),
        received=(empty,) * n,
        dealt=((),) * n,
        own_actions=(empty,) * n,
    )
    return open_deal(deal, dealer, 0, rules.ante, stacks, 0, _NO_SEATS, (), (), [], hidden)


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


def _ante_events(eldest: int, antes: tuple[int, ...]) -> tuple[Event, ...]:
    """The ``AntePaid`` events of the antes ``antes`` (per seat), in seat order from
    ``eldest``: the same values at most deals, so shared through a cache.

    >>> _ante_events(1, (2, 0, 2))
    (AntePaid(seat=2, amount=2), AntePaid(seat=0, amount=2))
    """
    key = (eldest, antes)
    found = _ANTE_EVENTS.lookup(key)
    if found is None:
        seats = _SEATS_FROM[len(antes)][eldest]
        found = tuple([_ante_paid(seat, antes[seat]) for seat in seats if antes[seat]])
        _ANTE_EVENTS.put(key, found)
    return found


def open_deal(
    deal: Deal,
    dealer: int,
    number: int,
    level: int,
    stacks: tuple[int, ...],
    pot: int,
    exempt: frozenset[int],
    past: tuple[tuple[Action, ...], ...],
    recent: tuple[Action, ...],
    logged: list[Event],
    hidden: Hidden,
) -> Record:
    """Rebuys (X-6), antes (B-2.1, B-6.3, V-B.5, V-B.6) of the deal ``number`` dealt by
    ``dealer`` at ante ``level``, the money before them ``stacks`` and ``pot`` (the
    rest of the session's facts from ``deal``, the previous deal: one ``Deal`` built):
    the record of the deal's chance node, with the session's logs so far (the public
    log's two parts ``past`` and ``recent``; the event log of ``deal`` and ``logged``,
    the previous deal's events not in it yet, to which this list adds the new deal's
    first: one extension of the log per deal) and ``hidden``'s (the deal's own hidden
    fields emptied).

    >>> first = first_deal(Rules(), (3,) * 4, 0)
    >>> exempt, hidden = frozenset({1}), first.hidden
    >>> opened = open_deal(first.deal, 1, 1, 1, (3,) * 4, 3, exempt, (), (), [], hidden)
    >>> opened.deal.pot, opened.deal.stacks, opened.deal.dealer
    (6, (2, 3, 2, 2), 1)
    """
    rules = deal.rules
    n = rules.players
    eldest = (dealer + 1) % n
    logged.append(deal_started(number, dealer))
    rebuys = deal.rebuys
    if 0 in stacks:
        stacks, rebuys = _rebuys(rules, stacks, rebuys, _SEATS_FROM[n][eldest], logged)
    # every seat pays the whole ante, usually
    full = not exempt and min(stacks) >= level
    antes = [level] * n if full else _antes(level, stacks, exempt)
    refunds = None
    if rules.pot_cap is not None:
        antes, refunds = _cap(rules, pot, antes, eldest)
    contributions = tuple(antes)
    logged += _ante_events(eldest, contributions)
    if refunds is not None:
        logged.append(PotCapped(rules.pot_cap or 0, refunds))
    stacks = tuple(map(sub, stacks, antes))
    events = deal.event_log.extend(logged)
    pot += sum(antes)
    deal = _opened(deal, dealer, number, level, stacks, pot, contributions, rebuys, events)
    zeros = _ZEROS[n]
    return _new_record(
        _new_table(deal, _DEAL, (), -1, 0, 0, _NONES[n], None, (1 << n) - 1, past),
        CHANCE,
        zeros,
        (),
        -1,
        -1,
        zeros,
        recent,
        (),
        deal_hidden(hidden, (), 0, 0, 0),
    )


def _antes(level: int, stacks: tuple[int, ...], exempt: frozenset[int]) -> list[int]:
    """Each seat's ante at ``level`` from ``stacks`` (all it has when short), none for
    a seat of ``exempt`` (a function of its own: a comprehension in :func:`open_deal`
    would make cells of its variables at every deal).

    >>> _antes(2, (5, 1, 5), frozenset({2}))
    [2, 1, 0]
    """
    return [0 if seat in exempt else min(level, stack) for seat, stack in enumerate(stacks)]


def _rebuys(
    rules: Rules,
    stacks: tuple[int, ...],
    rebuys: tuple[int, ...],
    seats: tuple[int, ...],
    logged: list[Event],
) -> tuple[tuple[int, ...], tuple[int, ...]]:
    """X-6: each seat of ``stacks`` with no chip rebuys a full stack (``seats``, every
    seat in order from eldest, orders their events, added to ``logged``): the stacks
    and rebuy counts after."""
    stacks_list, rebuy_list = list(stacks), list(rebuys)
    for seat in seats:
        if stacks_list[seat] == 0:
            stacks_list[seat] = rules.stack
            rebuy_list[seat] += 1
            logged.append(Rebuy(seat, rules.stack))
    return tuple(stacks_list), tuple(rebuy_list)


def is_last_deal(deal: Deal) -> bool:
    """Whether ``deal`` is the session's last: its end ends the session (X-7).

    >>> is_last_deal(first_deal(Rules(deals=1), (5, 5, 5, 5), 0).deal)
    True
    """
    return deal.deal_number + 1 >= deal.rules.deals


def end_deal(
    record: Record,
    recent: tuple[Action, ...],
    logged: list[Event],
    *,
    stacks: tuple[int, ...],
    pot: int,
    carried: bool,
    exempt: frozenset[int],
) -> Record:
    """The deal of ``record`` is over, ``recent`` the public log's newest actions with
    the deal's last, ``logged`` its last events, not in the record's event log yet
    (they follow its :attr:`~cardrules.bourre.record.Record.new_events`):
    start the next deal, or end the session and share a pot left over (X-7). At the
    session's end (:func:`is_last_deal`) ``record`` is the record as the deal ended;
    otherwise it may be one from before the deal's last action (only its deal, its
    logs but ``recent``, and its hidden logs are read: the next deal empties the rest)."""
    deal = record.table.deal
    rules = deal.rules
    n = rules.players
    if not is_last_deal(deal):
        if not rules.rising_ante:
            level = rules.ante
        else:
            level = deal.ante_level * 2 if carried else rules.ante
        exempt = exempt if rules.ante_exemptions else _NO_SEATS
        logged[:0] = record.new_events  # the deal's events, then its last
        return open_deal(
            deal,
            (deal.dealer + 1) % n,
            deal.deal_number + 1,
            level,
            stacks,
            pot,
            exempt,
            record.table.past,
            recent,
            logged,
            record.hidden,
        )
    shares = (_ZERO,) * n
    if pot:
        shares = share_exactly(pot, n)
        logged.append(PotShared(pot, shares))
    events = record.new_events + tuple(logged)
    final = record._replace(
        table=record.table._replace(
            deal=deal._replace(stacks=stacks, pot=0, shares=shares), phase=Phase.OVER, pending=None
        ),
        to_act=None,
        new_events=events,
    )
    return final._replace(new_events=events + (SessionEnded(returns(final)),))


def settle_stay(record: Record, order: tuple[int, ...], recent: tuple[Action, ...]) -> Record:
    """B-3.2: the stay phase left fewer than two seats in, ``order`` (``recent`` the
    public log's newest actions; ``record`` as :func:`end_deal` takes it). With none,
    the pot carries; with one, it takes the pot without play."""
    deal = record.table.deal
    pot = deal.pot
    if not order:
        logged: list[Event] = [_pot_carried(pot)]
        return end_deal(
            record, recent, logged, stacks=deal.stacks, pot=pot, carried=True, exempt=_NO_SEATS
        )
    winner = order[0]
    stacks = list(deal.stacks)
    stacks[winner] += pot
    shares = [0] * len(stacks)
    shares[winner] = pot
    won = _pot_won(pot, (winner,), tuple(shares), 0, "the only seat in")
    return end_deal(
        record, recent, [won], stacks=tuple(stacks), pot=0, carried=False, exempt=_NO_SEATS
    )


def settle(
    record: Record, tricks: tuple[int, ...], recent: tuple[Action, ...], won: Event
) -> Record:
    """B-6.1–B-6.3: the last trick is taken (``tricks`` the tricks won with it,
    ``recent`` the public log's newest actions, ``won`` its event, not yet in the
    record's event log: the deal's last events are logged at once; ``record`` as
    :func:`end_deal` takes it): the sole leader takes the pot; bourrés pay into the
    next pot."""
    table = record.table
    deal = table.deal
    rules = deal.rules
    n = rules.players
    order = table.order
    before = deal.pot
    # the seats' counts are read from ``tricks`` itself, no list made of the seats in:
    # a seat out took no trick, and the seats in took them all (``most`` is positive)
    most = max(tricks)
    stacks = list(deal.stacks)
    carried = most < rules.min_tricks or tricks.count(most) > 1
    logged: list[Event] = [won]
    if carried:
        pot = before
        logged.append(_pot_carried(before))
    else:
        winner = tricks.index(most)
        stacks[winner] += before
        pot = 0
        shares = [0] * n
        shares[winner] = before
        logged.append(_pot_won(before, (winner,), tuple(shares), 0, _TRICKS_TEXT[most]))
    # a seat in took no trick when more seats than those out took none
    bourres = _seats_with(order, tricks, 0) if tricks.count(0) > n - len(order) else []
    if bourres:
        payments = [0] * n
        for seat in bourres:
            payments[seat] = min(before, stacks[seat])
        refunds = None
        if rules.pot_cap is not None:
            payments, refunds = _cap(rules, pot, payments, (deal.dealer + 1) % n)
        for seat in bourres:
            paid = payments[seat]
            stacks[seat] -= paid
            pot += paid
            logged.append(_bourre(seat, paid))
        if refunds is not None:
            logged.append(PotCapped(rules.pot_cap or 0, refunds))
    if not rules.ante_exemptions:
        exempt = _NO_SEATS  # the next deal's antes ignore it
    elif carried:
        exempt = frozenset((*bourres, *_seats_with(order, tricks, most)))
    else:
        exempt = frozenset(bourres)
    return end_deal(
        record, recent, logged, stacks=tuple(stacks), pot=pot, carried=carried, exempt=exempt
    )


def _seats_with(order: tuple[int, ...], tricks: tuple[int, ...], count: int) -> list[int]:
    """The seats of ``order`` that took ``count`` tricks of ``tricks``, in its order (a
    function of its own: a comprehension in :func:`settle` would make cells of its
    variables at every call).

    >>> _seats_with((2, 0, 1), (0, 3, 0), 0)
    [2, 0]
    """
    return [seat for seat in order if tricks[seat] == count]


def pots_of(record: Record) -> tuple[tuple[int, tuple[int, ...]], ...]:
    """The single pot and the seats that can still win it (Bourré has no side pots).

    >>> pots_of(first_deal(Rules(players=2), (5, 5), 0))
    ((2, (0, 1)),)
    """
    table = record.table
    if table.phase is Phase.OVER:
        return ((table.deal.pot, ()),)
    return ((table.deal.pot, seats_of(table.live)),)


def returns(record: Record) -> tuple[Fraction, ...]:
    """Each seat's net result (X-8): stack + share of a leftover pot − starting stack −
    rebuys.

    >>> returns(first_deal(Rules(players=2), (5, 0), 0))
    (Fraction(-1, 1), Fraction(-1, 1))
    """
    deal = record.deal
    stack = deal.rules.stack
    chips = [
        held - start - rebuys * stack
        for held, start, rebuys in zip(deal.stacks, deal.initial_stacks, deal.rebuys, strict=True)
    ]
    shares = deal.shares
    if any(shares):  # a pot shared at the end: exact fractions
        # whole chips plus p/q in lowest terms is (chips * q + p)/q, in lowest terms too:
        # one Fraction each, not a Fraction added to another
        return tuple(
            [
                Fraction(mine * share.denominator + share.numerator, share.denominator)
                for mine, share in zip(chips, shares, strict=True)
            ]
        )
    return tuple(map(Fraction, chips))  # whole chips: no fraction arithmetic
