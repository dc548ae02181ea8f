"""The transitions of Bourré: pure functions from a state and an action to the next state.

Each deal begins as soon as the previous one ends (X-7): :func:`start_deal` pays
rebuys and antes and stops at the deal's chance node; the ``apply_*`` functions
handle one kind of action each; :func:`settle` ends a played deal (B-6).

>>> from cardrules.bourre import new_game
>>> new_game().pot
4
"""

from __future__ import annotations

from collections.abc import Callable
from fractions import Fraction
from typing import TYPE_CHECKING, Any, TypeVar

from cardrules._fast import constructor, interned
from cardrules.actions import Action
from cardrules.bourre.actions import DROP, STAY_IN, Exchange, Play
from cardrules.bourre.events import Bourre, Exchanged, PotCapped, Restocked, TrickWon, TrumpTurned
from cardrules.bourre.legality import STAY_OR_DROP, leads, plays
from cardrules.bourre.rules import Rules
from cardrules.bourre.table import TABLE_FIELDS, evolve_table, make_deal, make_table
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
T = TypeVar("T")
_DEAL, _STAY, _EXCHANGE, _RESTOCK, _PLAY, _OVER = (
    Phase.DEAL,
    Phase.STAY,
    Phase.EXCHANGE,
    Phase.RESTOCK,
    Phase.PLAY,
    Phase.OVER,
)
"""The phases as module constants (an enum member lookup costs more in a hot path)."""
_NO_SEATS: frozenset[int] = frozenset()
_new = object.__new__
_set = object.__setattr__


STATE_FIELDS = (
    "table",
    "to_act",
    "hand_ix",
    "trick_ix",
    "leader",
    "tricks_won",
    "log",
    "event_log",
    "status",
)
"""The fields of a state, in the order :func:`make_state` takes them."""


def _unbound(*values: Any) -> State:
    raise RuntimeError("cardrules.bourre.state has not been imported")


make_state: Callable[..., State] = _unbound
"""Build a state from :data:`STATE_FIELDS` in order, with an empty legal-actions cache
(no checks: the hot path). Set by :func:`use_state_class`."""


make_state_legal: Callable[..., State] = _unbound
"""Like :func:`make_state`, with one more argument: the new state's legal actions,
already known to the transition (they must be exactly what ``legal_actions`` gives)."""


def use_state_class(cls: type[State]) -> None:
    """Make :func:`make_state` build instances of ``cls`` (called once by the state module)."""
    global make_state, make_state_legal
    make_state = constructor(cls, STATE_FIELDS, _legal=None)
    make_state_legal = constructor(cls, (*STATE_FIELDS, "_legal"))


def evolve(state: State, **changes: Any) -> State:
    """A copy of ``state`` with ``changes`` to its own or its table's fields (a fast
    ``attrs.evolve`` for the rare transitions; the legal-actions cache starts empty)."""
    table = state.table
    table_changes = {name: value for name, value in changes.items() if name in TABLE_FIELDS}
    if table_changes:
        table = evolve_table(table, table_changes)
    get = changes.get
    return make_state(
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
    shown_events_from: int | None = None,
    shown_actions_from: int | None = None,
) -> State:
    """Rebuys (X-6), antes (B-2.1, B-6.3, V-B.5, V-B.6): the deal's chance node.

    ``shown_events_from`` and ``shown_actions_from`` are where the previous deal's
    events and actions begin (``None`` for the first deal): views at this chance node
    still show that deal (X-10).
    """
    n = rules.players
    blank = _blank(n)
    eldest = (dealer + 1) % n
    seats = blank.seats_from[eldest]
    new_events: list[Event] = [_deal_started(deal_number, dealer)]
    stack_list = list(stacks)
    if 0 in stack_list:
        rebuy_list = list(rebuys)
        for seat in seats:
            if stack_list[seat] == 0:
                stack_list[seat] = rules.stack
                rebuy_list[seat] += 1
                new_events.append(Rebuy(seat, rules.stack))
        rebuys = tuple(rebuy_list)
    if exempt:
        antes = [0 if seat in exempt else min(ante_level, stack_list[seat]) for seat in range(n)]
    else:
        antes = [ante_level if ante_level <= stack else stack for stack in stack_list]
    refunds = None
    if rules.pot_cap is not None:
        antes, refunds = _cap(rules, pot, antes, eldest)
    for seat in seats:
        stack_list[seat] -= antes[seat]
    new_events += _antes_paid(eldest, tuple(antes))
    if refunds is not None:
        new_events.append(PotCapped(rules.pot_cap or 0, refunds))
    deal = make_deal(
        rules,
        dealer,
        deal_number,
        ante_level,
        tuple(stack_list),
        pot + sum(antes),
        tuple(antes),
        rebuys,
        blank.shares,
        len(events),
        len(log),
        start_stacks,
        start_dealer,
        len(events) if shown_events_from is None else shown_events_from,
        len(log) if shown_actions_from is None else shown_actions_from,
    )
    table = make_table(deal, _DEAL, (), -1, False, (), (), blank.discarded, None)
    return make_state(
        table,
        CHANCE,
        blank.hands,
        (),
        -1,
        blank.tricks,
        log,
        events.extend(new_events),
        blank.status,
    )


def _antes_paid(eldest: int, antes: tuple[int, ...]) -> tuple[AntePaid, ...]:
    """The interned ``AntePaid`` events of ``antes`` (per seat), in seat order from
    ``eldest``, skipping the seats that pay nothing (antes repeat every deal)."""
    key = (eldest, antes)
    events = _ANTES.get(key)
    if events is None:
        if len(_ANTES) >= 4096:
            _ANTES.clear()
        n = len(antes)
        seats = [(eldest + k) % n for k in range(n)]
        events = _ANTES[key] = tuple(AntePaid(s, antes[s]) for s in seats if antes[s])
    return events


_deal_started: Callable[[int, int], DealStarted] = interned(DealStarted)
"""The interned ``DealStarted(deal_number, dealer)``."""


_ANTES: dict[tuple[int, tuple[int, ...]], tuple[AntePaid, ...]] = {}
_trick_won = constructor(TrickWon, ("seat", "cards"))
"""Build a ``TrickWon`` without its attrs ``__init__`` (once per trick)."""
_TRUMP_TURNED = tuple(
    tuple(TrumpTurned(dealer, card) for card in STANDARD_DECK) for dealer in range(7)
)
"""The interned ``TrumpTurned`` events, by dealer and card index."""
_EXCHANGED = tuple(tuple(Exchanged(seat, count) for count in range(8)) for seat in range(7))
"""The interned ``Exchanged`` events, by seat and count (never which cards, X-10)."""


class _Blank:
    """The per-seat tuples a deal starts with, for ``n`` seats (shared, immutable)."""

    __slots__ = ("discarded", "hands", "seats_from", "shares", "status", "tricks")

    def __init__(self, n: int) -> None:
        self.hands: tuple[tuple[int, ...], ...] = ((),) * n
        self.tricks: tuple[int, ...] = (0,) * n
        self.status: tuple[int, ...] = (UNDECIDED,) * n
        self.shares: tuple[Fraction, ...] = (_ZERO,) * n
        self.discarded: tuple[tuple[int, ...] | None, ...] = (None,) * n
        self.seats_from = tuple(tuple((first + k) % n for k in range(n)) for first in range(n))
        """For each first seat, every seat in order from it."""


_BLANKS = {n: _Blank(n) for n in range(2, 8)}
_blank = _BLANKS.__getitem__


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
    table = state.table
    rules = table.deal.rules
    n = rules.players
    if table.deal.deal_number + 1 < rules.deals:
        if not rules.rising_ante:
            ante_level = rules.ante
        else:
            ante_level = table.deal.ante_level * 2 if carried else rules.ante
        return start_deal(
            state.__class__,
            rules,
            dealer=(table.deal.dealer + 1) % n,
            deal_number=table.deal.deal_number + 1,
            stacks=stacks,
            pot=pot,
            rebuys=table.deal.rebuys,
            ante_level=ante_level,
            exempt=exempt if rules.ante_exemptions else _NO_SEATS,
            log=log,
            events=events,
            start_stacks=table.deal.start_stacks,
            start_dealer=table.deal.start_dealer,
            shown_events_from=table.deal.deal_events_from,
            shown_actions_from=table.deal.deal_actions_from,
        )
    shares = (_ZERO,) * n
    if pot:
        shares = share_exactly(pot, n)
        events = events.append(PotShared(pot, shares))
    final = evolve(
        state,
        phase=_OVER,
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


def _replaced(values: tuple[T, ...], index: int, value: T) -> tuple[T, ...]:
    """``values`` with the item at ``index`` replaced by ``value`` (a list copy is the
    cheapest way in CPython).

    >>> _replaced((1, 2, 3), 1, 9)
    (1, 9, 3)
    """
    items = list(values)
    items[index] = value
    return tuple(items)


def apply_deal(state: State, shuffle: Shuffle) -> State:
    """Deal one card at a time from eldest (X-1); the dealer's last card is trump (B-2.2)."""
    table = state.table
    rules = table.deal.rules
    n, size = rules.players, rules.hand_size
    order = [card.index for card in shuffle.order]
    eldest = (table.deal.dealer + 1) % n
    dealt = n * size
    # the k-th seat from eldest gets cards k, k + n, k + 2n, ...
    # (by position from eldest first, then rotated to seat order)
    by_position = [tuple(sorted(order[k:dealt:n])) for k in range(n)]
    hands = by_position[n - eldest :] + by_position[: n - eldest]
    trump = order[dealt - 1]
    # Table fields: deal, phase, order, trump_ix, trump_out, stock_ix, muck_ix, discarded, pending
    table = make_table(
        table.deal, _STAY, (), trump, False, tuple(order[dealt:]), (), table.discarded, None
    )
    return make_state_legal(
        table,
        eldest,
        tuple(hands),
        state.trick_ix,
        state.leader,
        state.tricks_won,
        state.log.append(shuffle),
        state.event_log.append(_TRUMP_TURNED[table.deal.dealer][trump]),
        state.status,
        STAY_OR_DROP,
    )


def apply_stay(state: State, stays: bool) -> State:
    """B-3.1 / B-3.2: one seat says stay in or drop; after the dealer, resolve."""
    seat: int = state.to_act  # type: ignore[assignment]
    table = state.table
    old_status = state.status
    status_list = list(old_status)
    status_list[seat] = IN if stays else DROPPED
    status = tuple(status_list)
    log = state.log.append(STAY_IN if stays else DROP)
    hand_ix = state.hand_ix
    if not stays:
        hand = hand_ix[seat]
        hand_ix = _replaced(hand_ix, seat, ())
        trump = table.trump_ix
        table = make_table(
            table.deal,
            table.phase,
            table.order,
            trump,
            table.trump_out or trump in hand,
            table.stock_ix,
            _mucked(table.muck_ix, hand, trump),
            table.discarded,
            table.pending,
        )
    dealer = table.deal.dealer
    n = table.deal.rules.players
    if seat != dealer:
        return make_state_legal(
            table,
            (seat + 1) % n,
            hand_ix,
            state.trick_ix,
            state.leader,
            state.tricks_won,
            log,
            state.event_log,
            status,
            STAY_OR_DROP,
        )
    order = tuple([s for s in _blank(n).seats_from[(dealer + 1) % n] if status[s] == IN])
    events = state.event_log
    pot = table.deal.pot
    if len(order) < 2:
        moved = make_state(
            evolve_table(table, {"order": order}),
            state.to_act,
            hand_ix,
            state.trick_ix,
            state.leader,
            state.tricks_won,
            log,
            events,
            status,
        )
        if not order:
            return _end_deal(
                moved,
                stacks=table.deal.stacks,
                pot=pot,
                carried=True,
                exempt=frozenset(),
                log=log,
                events=events.append(PotCarried(pot)),
            )
        winner = order[0]
        stacks = list(table.deal.stacks)
        stacks[winner] += pot
        shares = tuple(pot if s == winner else 0 for s in range(n))
        return _end_deal(
            moved,
            stacks=tuple(stacks),
            pot=0,
            carried=False,
            exempt=frozenset(),
            log=log,
            events=events.append(PotWon(pot, (winner,), shares, 0, "the only seat in")),
        )
    first = order[0]
    if table.deal.rules.exchange:
        phase, leader = _EXCHANGE, state.leader
    else:
        phase, leader = _PLAY, first
    table = make_table(
        table.deal,
        phase,
        order,
        table.trump_ix,
        table.trump_out,
        table.stock_ix,
        table.muck_ix,
        table.discarded,
        table.pending,
    )
    return make_state(
        table, first, hand_ix, state.trick_ix, leader, state.tricks_won, log, events, status
    )


def _after_exchange(order: tuple[int, ...], seat: int) -> tuple[Phase, int, int]:
    """The phase, seat to act and trick leader after ``seat`` of ``order`` (the seats
    in) has been served."""
    position = order.index(seat)
    if position + 1 < len(order):
        return _EXCHANGE, order[position + 1], -1
    return _PLAY, order[0], order[0]


def _mucked(muck: tuple[int, ...], cards: tuple[int, ...], trump: int) -> tuple[int, ...]:
    """``muck`` with ``cards`` added, in ascending order, except the trump up-card,
    which is out of play once discarded (B-4.3).

    >>> _mucked((3, 9), (12, 5), 12)
    (3, 5, 9)
    """
    merged = sorted(muck + cards)
    if trump in cards:
        merged.remove(trump)
    return tuple(merged)


def apply_exchange(state: State, action: Exchange) -> State:
    """B-4.1 / B-4.2: discard and draw from the stock; a short stock asks for a restock."""
    seat: int = state.to_act  # type: ignore[assignment]
    table = state.table
    discards = tuple([card.index for card in action.discards])
    count = len(discards)
    hand_ix = state.hand_ix
    kept = [c for c in hand_ix[seat] if c not in discards]
    stock = table.stock_ix
    trump = table.trump_ix
    old_discarded = table.discarded
    discarded = _replaced(old_discarded, seat, discards)
    log = state.log.append(action)
    trump_gone = trump in discards
    events = state.event_log.append(_EXCHANGED[seat][count])
    if count <= len(stock):
        if count:
            kept += stock[:count]
            kept.sort()
        hand_ix = _replaced(hand_ix, seat, tuple(kept))
        phase, to_act, leader = _after_exchange(state.table.order, seat)
        table = make_table(
            table.deal,
            phase,
            table.order,
            trump,
            table.trump_out or trump_gone,
            stock[count:],
            _mucked(table.muck_ix, discards, trump) if count else table.muck_ix,
            discarded,
            table.pending,
        )
        return make_state(
            table,
            to_act,
            hand_ix,
            state.trick_ix,
            leader,
            state.tricks_won,
            log,
            events,
            state.status,
        )
    hand_ix = _replaced(hand_ix, seat, (*kept, *stock))
    table = evolve_table(
        table,
        {
            "phase": _RESTOCK,
            "stock_ix": (),
            "pending": (seat, count - len(stock), discards),
            "discarded": discarded,
            "trump_out": table.trump_out or trump_gone,
        },
    )
    return make_state(
        table,
        CHANCE,
        hand_ix,
        state.trick_ix,
        state.leader,
        state.tricks_won,
        log,
        events,
        state.status,
    )


def apply_restock(state: State, shuffle: Shuffle) -> State:
    """B-4.2 / B-4.3: the muck becomes the new stock; the seat draws the rest of its cards."""
    assert state.pending is not None
    seat, need, discards = state.pending
    order = tuple([card.index for card in shuffle.order])
    hands = list(state.hand_ix)
    hands[seat] = tuple(sorted((*hands[seat], *order[:need])))
    trump = state.trump_ix
    phase, to_act, leader = _after_exchange(state.table.order, seat)
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
    card = action.card.index
    hands = list(state.hand_ix)
    hand = hands[seat]
    at = hand.index(card)
    hands[seat] = hand[:at] + hand[at + 1 :]
    trick = (*state.trick_ix, card)
    table = state.table
    order = table.order
    log = state.log.append(action)
    if len(trick) < len(order):
        # the hot path: the table is shared, only the small state is new; the next
        # seat's legal plays are found here, where everything they need is at hand
        after = order[(order.index(seat) + 1) % len(order)]
        return make_state_legal(
            table,
            after,
            tuple(hands),
            trick,
            state.leader,
            state.tricks_won,
            log,
            state.event_log,
            state.status,
            plays(hands[after], trick, table.trump_ix & 3, table.deal.rules.must_head_following),
        )
    start = order.index(state.leader)
    winner = order[(start + trick_winner(trick, table.trump_ix & 3)) % len(order)]
    tricks = list(state.tricks_won)
    tricks[winner] += 1
    events = state.event_log.append(
        _trick_won(winner, tuple(map(STANDARD_DECK.__getitem__, trick)))
    )
    if hands[winner]:
        return make_state_legal(
            table,
            winner,
            tuple(hands),
            (),
            winner,
            tuple(tricks),
            log,
            events,
            state.status,
            leads(hands[winner]),
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
    table = state.table
    rules = table.deal.rules
    n = rules.players
    order = table.order
    before = table.deal.pot
    counts = [tricks[s] for s in order]
    most = max(counts)
    stacks = list(table.deal.stacks)
    carried = most < rules.min_tricks or counts.count(most) > 1
    new_events: list[Event] = []
    if carried:
        pot = before
        new_events.append(PotCarried(before))
    else:
        winner = order[counts.index(most)]
        stacks[winner] += before
        pot = 0
        shares = [0] * n
        shares[winner] = before
        new_events.append(_pot_won(before, (winner,), tuple(shares), 0, _TRICKS_TEXT[most]))
    bourres = [s for s in order if tricks[s] == 0] if 0 in counts else None
    if bourres:
        payments = [0] * n
        for seat in bourres:
            payments[seat] = min(before, stacks[seat])
        refunds = None
        if rules.pot_cap is not None:
            payments, refunds = _cap(rules, pot, payments, (table.deal.dealer + 1) % n)
        for seat in bourres:
            paid = payments[seat]
            stacks[seat] -= paid
            pot += paid
            new_events.append(_bourre(seat, paid))
        if refunds is not None:
            new_events.append(PotCapped(rules.pot_cap or 0, refunds))
    if not rules.ante_exemptions:
        exempt = _NO_SEATS  # the next deal's antes ignore it
    elif carried:
        exempt = frozenset((*(bourres or ()), *(s for s in order if tricks[s] == most)))
    else:
        exempt = frozenset(bourres or ())
    return _end_deal(
        state,
        stacks=tuple(stacks),
        pot=pot,
        carried=carried,
        exempt=exempt,
        log=log,
        events=events.extend(new_events),
        hand_ix=hands,
        trick_ix=(),
        tricks_won=tricks,
    )


_pot_won = constructor(PotWon, ("amount", "winners", "shares", "pot", "hand"))
"""Build a ``PotWon`` without its attrs ``__init__`` (once per deal)."""


_bourre: Callable[[int, int], Bourre] = interned(Bourre)
"""The interned ``Bourre(seat, amount)`` (the same few repeat every deal)."""
_TRICKS_TEXT = tuple(f"{k} trick{'s' if k != 1 else ''}" for k in range(8))
"""The reason a pot is won, by trick count."""
