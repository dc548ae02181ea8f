"""The transitions of Bourré: pure functions from a state and an action to the next state.

Each deal begins as soon as the previous one ends (X-7): :func:`start_deal` pays
rebuys and antes and stops at the deal's chance node; the ``apply_*`` functions
handle one kind of action each; :func:`settle` ends a played deal (B-6).

>>> from cardrules.bourre import new_game
>>> new_game().pot
4
"""

from __future__ import annotations

from fractions import Fraction
from typing import TYPE_CHECKING, Any

from cardrules.actions import Action
from cardrules.bourre.actions import DROP, STAY_IN, Exchange, Play
from cardrules.bourre.events import Bourre, Exchanged, PotCapped, Restocked, TrickWon, TrumpTurned
from cardrules.bourre.rules import Rules
from cardrules.bourre.table import TABLE_FIELDS, Table, evolve_table
from cardrules.bourre.tricks import trick_winner
from cardrules.bourre.view import Phase
from cardrules.cards import STANDARD_DECK
from cardrules.chance import CHANCE, Shuffle
from cardrules.events import (
    AntePaid,
    DealStarted,
    Event,
    PotCarried,
    PotShared,
    PotWon,
    Rebuy,
    SessionEnded,
)
from cardrules.game import Log
from cardrules.pots import apportion, share_exactly

if TYPE_CHECKING:
    from cardrules.bourre.state import State

__all__ = [
    "apply_deal",
    "apply_exchange",
    "apply_play",
    "apply_restock",
    "apply_stay",
    "settle",
    "start_deal",
]

UNDECIDED, IN, DROPPED = 0, 1, 2
"""A seat's status in the stay phase (B-3.1)."""
_ZERO = Fraction(0)
_new = object.__new__
_set = object.__setattr__


def evolve(state: State, **changes: Any) -> State:
    """A copy of ``state`` with ``changes`` to its own or its table's fields (a fast
    ``attrs.evolve``; the legal-actions cache starts empty)."""
    table = state.table
    table_changes = {name: value for name, value in changes.items() if name in TABLE_FIELDS}
    if table_changes:
        table = evolve_table(table, table_changes)
    get = changes.get
    return state.__class__(
        table,
        get("to_act", state.to_act),
        get("hand_ix", state.hand_ix),
        get("trick_ix", state.trick_ix),
        get("leader", state.leader),
        get("tricks_won", state.tricks_won),
        get("log", state.log),
        get("event_log", state.event_log),
        get("status", state.status),
    )


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
    cls: type[State],
    rules: Rules,
    *,
    dealer: int,
    deal_number: int,
    stacks: tuple[int, ...],
    pot: int,
    rebuys: tuple[int, ...],
    ante_level: int,
    exempt: frozenset[int],
    log: Log[Action],
    events: Log[Event],
    start_stacks: tuple[int, ...],
    start_dealer: int,
) -> State:
    """Rebuys (X-6), antes (B-2.1, B-6.3, V-B.5, V-B.6): the deal's chance node."""
    n = rules.players
    deal_events_from = len(events)
    events = events.append(DealStarted(deal_number, dealer))
    stack_list = list(stacks)
    rebuy_list = list(rebuys)
    eldest = (dealer + 1) % n
    for k in range(n):
        seat = (eldest + k) % n
        if stack_list[seat] == 0:
            stack_list[seat] = rules.stack
            rebuy_list[seat] += 1
            events = events.append(Rebuy(seat, rules.stack))
    antes = [0 if seat in exempt else min(ante_level, stack_list[seat]) for seat in range(n)]
    antes, refunds = _cap(rules, pot, antes, eldest)
    for k in range(n):
        seat = (eldest + k) % n
        if antes[seat]:
            stack_list[seat] -= antes[seat]
            events = events.append(AntePaid(seat, antes[seat]))
    if refunds is not None:
        events = events.append(PotCapped(rules.pot_cap or 0, refunds))
    table = Table(
        rules=rules,
        phase=Phase.DEAL,
        dealer=dealer,
        deal_number=deal_number,
        ante_level=ante_level,
        stacks=tuple(stack_list),
        pot=pot + sum(antes),
        contributions=tuple(antes),
        rebuys=tuple(rebuy_list),
        shares=(_ZERO,) * n,
        order=(),
        trump_ix=-1,
        trump_out=False,
        stock_ix=(),
        muck_ix=(),
        discarded=(None,) * n,
        pending=None,
        deal_events_from=deal_events_from,
        deal_actions_from=len(log),
        start_stacks=start_stacks,
        start_dealer=start_dealer,
    )
    return cls(
        table,
        to_act=CHANCE,
        hand_ix=((),) * n,
        trick_ix=(),
        leader=-1,
        tricks_won=(0,) * n,
        log=log,
        event_log=events,
        status=(UNDECIDED,) * n,
    )


def _end_deal(
    state: State,
    *,
    stacks: tuple[int, ...],
    pot: int,
    carried: bool,
    exempt: frozenset[int],
    log: Log[Action],
    events: Log[Event],
    **deal: Any,
) -> State:
    """The deal is over: start the next one, or end the session (X-7).

    ``deal`` holds final per-deal fields to keep when the session ends (hands, tricks).
    """
    rules = state.rules
    n = rules.players
    if state.deal_number + 1 < rules.deals:
        if not rules.rising_ante:
            ante_level = rules.ante
        else:
            ante_level = state.ante_level * 2 if carried else rules.ante
        return start_deal(
            state.__class__,
            rules,
            dealer=(state.dealer + 1) % n,
            deal_number=state.deal_number + 1,
            stacks=stacks,
            pot=pot,
            rebuys=state.rebuys,
            ante_level=ante_level,
            exempt=exempt if rules.ante_exemptions else frozenset(),
            log=log,
            events=events,
            start_stacks=state.start_stacks,
            start_dealer=state.start_dealer,
        )
    shares = (_ZERO,) * n
    if pot:
        shares = share_exactly(pot, n)
        events = events.append(PotShared(pot, shares))
    final = evolve(
        state,
        phase=Phase.OVER,
        to_act=None,
        stacks=stacks,
        pot=0,
        shares=shares,
        log=log,
        event_log=events,
        pending=None,
        **deal,
    )
    results = final.returns()
    return evolve(final, event_log=events.append(SessionEnded(results)))


# ---------------------------------------------------------------------- transitions


def apply_deal(state: State, shuffle: Shuffle) -> State:
    """Deal one card at a time from eldest (X-1); the dealer's last card is trump (B-2.2)."""
    rules = state.rules
    n, size = rules.players, rules.hand_size
    order = [card._index for card in shuffle.order]
    eldest = (state.dealer + 1) % n
    dealt = n * size
    # the k-th seat from eldest gets cards k, k + n, k + 2n, ...
    hands = [tuple(sorted(order[(seat - eldest) % n : dealt : n])) for seat in range(n)]
    trump = order[dealt - 1]
    return evolve(
        state,
        phase=Phase.STAY,
        to_act=eldest,
        hand_ix=tuple(hands),
        trump_ix=trump,
        stock_ix=tuple(order[n * size :]),
        log=state.log.append(shuffle),
        event_log=state.event_log.append(TrumpTurned(state.dealer, STANDARD_DECK[trump])),
    )


def apply_stay(state: State, stays: bool) -> State:
    """B-3.1 / B-3.2: one seat says stay in or drop; after the dealer, resolve."""
    seat = state.to_act
    assert isinstance(seat, int)
    action = STAY_IN if stays else DROP
    status = list(state.status)
    status[seat] = IN if stays else DROPPED
    log = state.log.append(action)
    changes: dict[str, Any] = {}
    if not stays:
        hand = state.hand_ix[seat]
        hands = list(state.hand_ix)
        hands[seat] = ()
        changes["hand_ix"] = tuple(hands)
        trump = state.trump_ix
        changes["muck_ix"] = tuple(sorted((*state.muck_ix, *(c for c in hand if c != trump))))
        if trump in hand:
            changes["trump_out"] = True
    n = state.rules.players
    if seat != state.dealer:
        return evolve(
            state,
            to_act=(seat + 1) % n,
            status=tuple(status),
            log=log,
            **changes,
        )
    order = tuple(
        (state.dealer + 1 + k) % n for k in range(n) if status[(state.dealer + 1 + k) % n] == IN
    )
    moved = evolve(state, status=tuple(status), order=order, log=log, **changes)
    events = state.event_log
    if not order:
        events = events.append(PotCarried(state.pot))
        return _end_deal(
            moved,
            stacks=state.stacks,
            pot=state.pot,
            carried=True,
            exempt=frozenset(),
            log=log,
            events=events,
        )
    if len(order) == 1:
        winner = order[0]
        stacks = list(state.stacks)
        stacks[winner] += state.pot
        shares = tuple(state.pot if s == winner else 0 for s in range(n))
        events = events.append(PotWon(state.pot, (winner,), shares, 0, "the only seat in"))
        return _end_deal(
            moved,
            stacks=tuple(stacks),
            pot=0,
            carried=False,
            exempt=frozenset(),
            log=log,
            events=events,
        )
    if state.rules.exchange:
        return evolve(moved, phase=Phase.EXCHANGE, to_act=order[0])
    return evolve(moved, phase=Phase.PLAY, to_act=order[0], leader=order[0])


def _after_exchange(state: State, seat: int) -> tuple[Phase, int, int]:
    """The phase, seat to act and trick leader after ``seat`` has been served."""
    order = state.order
    position = order.index(seat)
    if position + 1 < len(order):
        return Phase.EXCHANGE, order[position + 1], -1
    return Phase.PLAY, order[0], order[0]


def apply_exchange(state: State, action: Exchange) -> State:
    """B-4.1 / B-4.2: discard and draw from the stock; a short stock asks for a restock."""
    seat = state.to_act
    assert isinstance(seat, int)
    discards = tuple(card.index for card in action.discards)
    count = len(discards)
    kept = tuple(c for c in state.hand_ix[seat] if c not in discards)
    stock = state.stock_ix
    trump = state.trump_ix
    discarded = list(state.discarded)
    discarded[seat] = discards
    hands = list(state.hand_ix)
    log = state.log.append(action)
    trump_gone = trump in discards
    events = state.event_log.append(Exchanged(seat, count, trump_gone))
    if count <= len(stock):
        hands[seat] = tuple(sorted((*kept, *stock[:count])))
        phase, to_act, leader = _after_exchange(state, seat)
        return evolve(
            state,
            phase=phase,
            to_act=to_act,
            leader=leader,
            hand_ix=tuple(hands),
            stock_ix=stock[count:],
            muck_ix=tuple(sorted((*state.muck_ix, *(c for c in discards if c != trump)))),
            trump_out=state.trump_out or trump_gone,
            discarded=tuple(discarded),
            log=log,
            event_log=events,
        )
    hands[seat] = (*kept, *stock)
    return evolve(
        state,
        phase=Phase.RESTOCK,
        to_act=CHANCE,
        hand_ix=tuple(hands),
        stock_ix=(),
        pending=(seat, count - len(stock), discards),
        discarded=tuple(discarded),
        log=log,
        event_log=events,
    )


def apply_restock(state: State, shuffle: Shuffle) -> State:
    """B-4.2 / B-4.3: the muck becomes the new stock; the seat draws the rest of its cards."""
    assert state.pending is not None
    seat, need, discards = state.pending
    order = tuple(card.index for card in shuffle.order)
    hands = list(state.hand_ix)
    hands[seat] = tuple(sorted((*hands[seat], *order[:need])))
    trump = state.trump_ix
    phase, to_act, leader = _after_exchange(state, seat)
    return evolve(
        state,
        phase=phase,
        to_act=to_act,
        leader=leader,
        hand_ix=tuple(hands),
        stock_ix=order[need:],
        muck_ix=tuple(sorted(c for c in discards if c != trump)),
        trump_out=state.trump_out or trump in discards,
        pending=None,
        log=state.log.append(shuffle),
        event_log=state.event_log.append(Restocked(len(order))),
    )


def apply_play(state: State, action: Play) -> State:
    """B-5.1–B-5.6: play a card; a full trick goes to its winner, who leads next."""
    seat: int = state.to_act  # type: ignore[assignment]
    card = action.card._index
    hands = list(state.hand_ix)
    hands[seat] = tuple([c for c in hands[seat] if c != card])
    trick = (*state.trick_ix, card)
    table = state.table
    order = table.order
    log = state.log.append(action)
    if len(trick) < len(order):
        # the hot path: the table is shared, only the small state is new
        return state.__class__(
            table,
            order[(order.index(seat) + 1) % len(order)],
            tuple(hands),
            trick,
            state.leader,
            state.tricks_won,
            log,
            state.event_log,
            state.status,
        )
    start = order.index(state.leader)
    winner = order[(start + trick_winner(trick, table.trump_ix & 3)) % len(order)]
    tricks = list(state.tricks_won)
    tricks[winner] += 1
    events = state.event_log.append(TrickWon(winner, tuple(STANDARD_DECK[c] for c in trick)))
    if hands[winner]:
        return evolve(
            state,
            to_act=winner,
            leader=winner,
            hand_ix=tuple(hands),
            trick_ix=(),
            tricks_won=tuple(tricks),
            log=log,
            event_log=events,
        )
    return settle(state, tuple(hands), tuple(tricks), log, events)


def settle(
    state: State,
    hands: tuple[tuple[int, ...], ...],
    tricks: tuple[int, ...],
    log: Log[Action],
    events: Log[Event],
) -> State:
    """B-6.1–B-6.3: the sole leader takes the pot; bourrés pay into the next pot."""
    rules = state.rules
    n = rules.players
    order = state.order
    before = state.pot
    most = max(tricks[s] for s in order)
    top = tuple(s for s in order if tricks[s] == most)
    stacks = list(state.stacks)
    carried = len(top) > 1 or most < rules.min_tricks
    if carried:
        pot = before
        events = events.append(PotCarried(before))
    else:
        winner = top[0]
        stacks[winner] += before
        pot = 0
        events = events.append(
            PotWon(
                before,
                (winner,),
                tuple(before if s == winner else 0 for s in range(n)),
                0,
                f"{most} trick{'s' if most != 1 else ''}",
            )
        )
    bourres = tuple(s for s in order if tricks[s] == 0)
    payments = [min(before, stacks[s]) if s in bourres else 0 for s in range(n)]
    payments, refunds = _cap(rules, pot, payments, (state.dealer + 1) % n)
    for seat in bourres:
        stacks[seat] -= payments[seat]
        pot += payments[seat]
        events = events.append(Bourre(seat, payments[seat]))
    if refunds is not None:
        events = events.append(PotCapped(rules.pot_cap or 0, refunds))
    exempt = frozenset((*bourres, *(top if carried else ())))
    return _end_deal(
        state,
        stacks=tuple(stacks),
        pot=pot,
        carried=carried,
        exempt=exempt,
        log=log,
        events=events,
        hand_ix=hands,
        trick_ix=(),
        tricks_won=tricks,
    )
