"""The transitions of the historic game: small pure functions from a state to the
next, one per kind of action, plus the end of a deal and the start of the next.

``State.apply`` checks legality once (:mod:`.legality`) and dispatches here. Each
transition builds the next state in one call of a positional constructor; the
per-deal :class:`~.table.Deal` is shared by every state of a betting round and
rebuilt only when a deal begins, at a carre and at the shuffle.
"""

from __future__ import annotations

import itertools
from collections.abc import Callable, Sequence
from fractions import Fraction
from typing import TYPE_CHECKING, Any

from cardrules._fast import constructor, interned
from cardrules.actions import Action
from cardrules.bouillotte.historic.events import (
    CarreStaked,
    CollectivePoint,
    PotToCarreur,
    PrimesPaid,
    ShowdownHands,
)
from cardrules.bouillotte.historic.hands import Brelan, card_points
from cardrules.bouillotte.historic.phase import Phase
from cardrules.bouillotte.historic.rules import DECK_SET, PLAYERS
from cardrules.bouillotte.historic.table import Deal, make_deal
from cardrules.cards import STANDARD_DECK, Card, Rank, Suit
from cardrules.chance import CHANCE, Shuffle
from cardrules.events import (
    AntePaid,
    DealStarted,
    Event,
    ExcessReturned,
    PotCarried,
    PotShared,
    PotWon,
    Rebuy,
    SessionEnded,
)
from cardrules.game import Log
from cardrules.pots import share_exactly

if TYPE_CHECKING:
    from cardrules.bouillotte.historic.state import State

__all__ = [
    "begin_deal",
    "on_call",
    "on_carre",
    "on_check",
    "on_decline",
    "on_fold",
    "on_raise",
    "on_shuffle",
    "showdown_pots",
]

_NO_HANDS: tuple[tuple[Card, ...], ...] = ((),) * PLAYERS
_NOT_FOLDED = (False,) * PLAYERS
_ZEROS = (0,) * PLAYERS
_DEALT = tuple(tuple((seat - eldest) % PLAYERS for seat in range(PLAYERS)) for eldest in range(4))
"""``_DEALT[eldest][seat]``: the position in the order of the seat's first card; its
second and third come one and two rounds later (X-1, H-3.1: one card at a time from
eldest)."""
_LIVE = {
    folded: tuple(seat for seat in range(PLAYERS) if not folded[seat])
    for folded in itertools.product((False, True), repeat=PLAYERS)
}
"""The seats still in, by ``folded``."""
_OTHERS = tuple(
    tuple(other for other in range(PLAYERS) if other != seat) for seat in range(PLAYERS)
)
_SEATS = tuple(
    tuple(seat for seat in range(PLAYERS) if mask >> seat & 1) for mask in range(1 << PLAYERS)
)
"""``_SEATS[mask]``: the seats of a bit mask, in seat order."""
_CARRE, _DEAL, _BETTING, _PLUS_RIEN, _OVER = (
    Phase.CARRE,
    Phase.DEAL,
    Phase.BETTING,
    Phase.PLUS_RIEN,
    Phase.OVER,
)


def _not_ready(*fields: Any) -> State:
    raise NotImplementedError("cardrules.bouillotte.historic.state sets flow.new_state")


new_state: Callable[..., State] = _not_ready
"""``State(deal, phase, stacks, contributions, folded, last_raiser, pending, to_act,
history)`` without validation; :mod:`.state` sets it once the class exists."""


def _next_in(mask: int, start: int) -> int:
    """The first seat of ``mask`` (a bit per seat) in seat order from ``start``; -1 if none."""
    for k in range(PLAYERS):
        seat = (start + k) % PLAYERS
        if mask >> seat & 1:
            return seat
    return -1


_AFTER: tuple[tuple[int, ...], ...] = tuple(
    tuple(_next_in(mask, (seat + 1) % PLAYERS) for seat in range(PLAYERS))
    for mask in range(1 << PLAYERS)
)
"""``_AFTER[mask][seat]``: the first seat of ``mask`` after ``seat`` in seat order."""


def _with(values: tuple[int, ...], seat: int, change: int) -> tuple[int, ...]:
    """``values`` with ``change`` added at ``seat``."""
    changed = list(values)
    changed[seat] += change
    return tuple(changed)


# --- the carre ladder (H-2.2, H-2.3) ---------------------------------------------------------


def on_carre(state: State, seat: int, action: Action) -> State:
    """The seat stakes the whole pot; the next seat may carre, at most once round."""
    deal = state.deal
    contributions = state.contributions
    stake = deal.carried + sum(contributions)
    carres = deal.carres + 1
    deal = make_deal(
        (
            deal.rules,
            deal.dealer,
            deal.deal_number,
            deal.hands,
            deal.retourne,
            deal.carried,
            deal.primes,
            deal.rebuys,
            carres,
            seat,
            deal.showdown,
            deal.leftover,
            deal.initial_stacks,
            deal.initial_dealer,
            deal.deal_start,
            deal.events_start,
            deal.last_deal_start,
            deal.last_events_start,
            deal.events.append(_new_carre(seat, stake, 2 * stake)),
        )
    )
    last = carres == PLAYERS  # the dealer carred: the ladder went once round
    return new_state(
        deal,
        _DEAL if last else _CARRE,
        _with(state.stacks, seat, -stake),
        _with(contributions, seat, stake),
        state.folded,
        None,
        0,
        CHANCE if last else (seat + 1) % PLAYERS,
        state._history.append(action),
    )


def on_decline(state: State, seat: int, action: Action) -> State:
    """The first refusal ends the carre phase: the deck is shuffled next (H-2.3, H-3.1)."""
    return new_state(
        state.deal,
        _DEAL,
        state.stacks,
        state.contributions,
        state.folded,
        None,
        0,
        CHANCE,
        state._history.append(action),
    )


# --- the deal (X-1, H-3.1) -------------------------------------------------------------------


def on_shuffle(state: State, shuffle: Shuffle) -> State:
    """Deal 3 cards to each seat one at a time from eldest, then turn up the retourné."""
    order = shuffle.order
    deal = state.deal
    eldest = (deal.dealer + 1) % PLAYERS
    a, b, c, d = _DEALT[eldest]
    hands = (
        (order[a], order[a + 4], order[a + 8]),
        (order[b], order[b + 4], order[b + 8]),
        (order[c], order[c + 4], order[c + 8]),
        (order[d], order[d + 4], order[d + 8]),
    )
    carreur = deal.last_carreur
    first = eldest if carreur is None else (carreur + 1) % PLAYERS
    stacks = state.stacks
    pending = 0
    for seat in range(PLAYERS):
        if stacks[seat]:  # an all-in seat no longer speaks
            pending |= 1 << seat
    deal = make_deal(
        (
            deal.rules,
            deal.dealer,
            deal.deal_number,
            hands,
            order[3 * PLAYERS],
            deal.carried,
            deal.primes,
            deal.rebuys,
            deal.carres,
            carreur,
            None,
            deal.leftover,
            deal.initial_stacks,
            deal.initial_dealer,
            deal.deal_start,
            deal.events_start,
            deal.last_deal_start,
            deal.last_events_start,
            deal.events,
        )
    )
    history = state._history.append(shuffle)
    if not pending:
        return _general_pass(deal, history, stacks, state.contributions, state.folded, None)
    return new_state(
        deal,
        _BETTING,
        stacks,
        state.contributions,
        state.folded,
        None,
        pending,
        _AFTER[pending][(first - 1) % PLAYERS],
        history,
    )


# --- betting (H-4) ---------------------------------------------------------------------------


def _turn_done(
    state: State,
    seat: int,
    history: Log[Action],
    stacks: tuple[int, ...],
    contributions: tuple[int, ...],
    folded: tuple[bool, ...],
) -> State:
    """Pass the turn to the next pending seat, or close the cycle."""
    pending = state.pending & ~(1 << seat)
    raiser = state.last_raiser
    if pending:
        return new_state(
            state.deal,
            state.phase,
            stacks,
            contributions,
            folded,
            raiser,
            pending,
            _AFTER[pending][seat],
            history,
        )
    if raiser is None:
        return _general_pass(state.deal, history, stacks, contributions, folded, None)
    if state.phase is _PLUS_RIEN:
        return _showdown(state.deal, history, stacks, contributions, folded, raiser)
    return _count(state.deal, history, stacks, contributions, folded, raiser)


def on_check(state: State, seat: int, action: Action) -> State:
    """A pass before the opening (H-4.2), the option after it (H-4.4), or plus rien (H-4.8)."""
    return _turn_done(
        state,
        seat,
        state._history.append(action),
        state.stacks,
        state.contributions,
        state.folded,
    )


def on_call(state: State, seat: int, action: Action) -> State:
    """Match the largest contribution, or put in the whole stack (tapis, H-4.5)."""
    contributions = state.contributions
    stacks = state.stacks
    amount = min(max(contributions) - contributions[seat], stacks[seat])
    return _turn_done(
        state,
        seat,
        state._history.append(action),
        _with(stacks, seat, -amount),
        _with(contributions, seat, amount),
        state.folded,
    )


def on_raise(state: State, seat: int, action: Action) -> State:
    """Open or raise: every other seat still in and not all-in must answer (H-4.3, H-4.4)."""
    to: int = action.to  # type: ignore[attr-defined]
    contributions = list(state.contributions)
    stacks = list(state.stacks)
    stacks[seat] -= to - contributions[seat]
    contributions[seat] = to
    folded = state.folded
    pending = 0  # every other seat still in and not all-in answers
    for other in _OTHERS[seat]:
        if stacks[other] and not folded[other]:
            pending |= 1 << other
    history = state._history.append(action)
    if pending:
        return new_state(
            state.deal,
            _BETTING,
            tuple(stacks),
            tuple(contributions),
            folded,
            seat,
            pending,
            _AFTER[pending][seat],
            history,
        )
    return _count(state.deal, history, tuple(stacks), tuple(contributions), folded, seat)


def on_fold(state: State, seat: int, action: Action) -> State:
    """Give up; with one seat left it takes the pot without showing (H-4.6)."""
    folded_list = list(state.folded)
    folded_list[seat] = True
    folded = tuple(folded_list)
    history = state._history.append(action)
    live = _LIVE[folded]
    if len(live) == 1:
        deal = state.deal
        contributions = state.contributions
        winner = live[0]
        pot = deal.carried + sum(contributions)
        shares = tuple(pot if s == winner else 0 for s in range(PLAYERS))
        return _end_deal(
            deal,
            history,
            _with(state.stacks, winner, pot),
            folded,
            state.last_raiser,
            [_new_pot_won(pot, _ALONE[winner], shares, 0, None)],
            0,
            None,
            deal.primes,
        )
    return _turn_done(state, seat, history, state.stacks, state.contributions, folded)


def _count(
    deal: Deal,
    history: Log[Action],
    stacks: tuple[int, ...],
    contributions: tuple[int, ...],
    folded: tuple[bool, ...],
    raiser: int,
) -> State:
    """Every seat still in has matched or is all-in: count them (H-4.7)."""
    live = _LIVE[folded]
    if len(live) <= 2:
        return _showdown(deal, history, stacks, contributions, folded, raiser)
    pending = 0
    for seat in live:
        if seat != raiser and stacks[seat] > 0:  # all-in seats say plus rien by themselves
            pending |= 1 << seat
    if not pending:
        return _showdown(deal, history, stacks, contributions, folded, raiser)
    return new_state(
        deal,
        _PLUS_RIEN,
        stacks,
        contributions,
        folded,
        raiser,
        pending,
        _AFTER[pending][raiser],
        history,
    )


def _general_pass(
    deal: Deal,
    history: Log[Action],
    stacks: tuple[int, ...],
    contributions: tuple[int, ...],
    folded: tuple[bool, ...],
    raiser: int | None,
) -> State:
    """Every seat passed: carry the pot (H-4.9) or give it to the last carreur (H-4.10)."""
    pot = deal.carried + sum(contributions)
    carreur = deal.last_carreur
    if carreur is None:
        return _end_deal(
            deal,
            history,
            stacks,
            folded,
            raiser,
            [PotCarried(pot)],
            pot,
            None,
            deal.primes,
        )
    return _end_deal(
        deal,
        history,
        _with(stacks, carreur, pot),
        folded,
        raiser,
        [PotToCarreur(carreur, pot)],
        0,
        None,
        deal.primes,
    )


# --- the showdown (H-5, H-6) -----------------------------------------------------------------

_COLLECTIVE_TEXT = tuple(f"the collective point in {suit.symbol}" for suit in Suit)
_SUITS = tuple(Suit)
_POINTS = tuple(card_points(card) if card in DECK_SET else 0 for card in STANDARD_DECK)
"""Each card's value in the collective point, by ``card.index`` (H-5.3)."""
_BRELANS = {
    (carre, int(rank)): Brelan("carre" if carre else "simple", rank)
    for carre in (False, True)
    for rank in (Rank.EIGHT, Rank.NINE, Rank.QUEEN, Rank.KING, Rank.ACE)
}
"""The ten brelans, interned: ``(carre?, rank) → Brelan``."""


_Codes = tuple[tuple[int, int, int], ...]
"""Each seat's three cards as ``card.index`` values (rank ``>> 2``, suit ``& 3``)."""


def _codes(hands: tuple[tuple[Card, ...], ...]) -> _Codes:
    """The hands as card indices, read once per showdown."""
    return tuple([(first.index, second.index, third.index) for first, second, third in hands])


def _brelans(
    hands: tuple[tuple[Card, ...], ...], turned: int, live: tuple[int, ...]
) -> list[Brelan | None] | None:
    """Each live seat's brelan (H-5.1), as :func:`~.hands.brelan_of` finds it, or
    ``None`` when no live seat holds one; ``turned`` is the retourné's index."""
    brelans: list[Brelan | None] | None = None
    turned_rank = turned >> 2
    for seat in live:
        first, second, third = hands[seat]
        rank = first.index >> 2
        if rank == second.index >> 2 == third.index >> 2:
            if brelans is None:
                brelans = [None, None, None, None]
            brelans[seat] = _BRELANS[rank == turned_rank, rank + 2]
    return brelans


def _point(codes: _Codes, turned: int) -> tuple[int, int, int, int]:
    """The suit totals over the 13 exposed cards, by suit index (H-5.3)."""
    points = _POINTS
    totals = [0, 0, 0, 0]
    totals[turned & 3] = points[turned]
    for hand in codes:
        for index in hand:
            totals[index & 3] += points[index]
    return totals[0], totals[1], totals[2], totals[3]


def _point_winner(
    codes: _Codes, totals: tuple[int, int, int, int], eligible: tuple[int, ...], eldest: int
) -> tuple[int, int]:
    """The seat and suit index that win a pot by the collective point, as
    :func:`~.hands.collective_point` decides it: the richest suit with an eligible
    owner (H-5.4, H-5.5); among suits that tie, the owner first from eldest, then the
    lower suit (H-5.6)."""
    best = [-1, -1, -1, -1]
    owner = [-1, -1, -1, -1]
    for seat in eligible:
        for index in codes[seat]:
            suit = index & 3
            if index > best[suit]:
                best[suit] = index
                owner[suit] = seat
    found_total = found_place = found_suit = -1
    for suit in range(4):  # ascending: a full tie keeps the lower suit
        seat = owner[suit]
        if seat >= 0:
            total = totals[suit]
            place = (seat - eldest) % PLAYERS
            if total > found_total or (total == found_total and place < found_place):
                found_total, found_place, found_suit = total, place, suit
    return owner[found_suit], found_suit


def showdown_pots(
    contributions: Sequence[int], live: tuple[int, ...], dead: int
) -> tuple[tuple[int, tuple[int, ...]], ...]:
    """The pots at a showdown, as :func:`cardrules.pots.side_pots` splits them (X-4),
    written for the few seats of this game: each level of a live seat's contribution
    closes a pot; folded chips above the highest live level join the last pot.

    :param contributions: each seat's chips this deal.
    :param live: the seats still in, in seat order (at least one).
    :param dead: chips carried from an earlier deal, for the main pot.
    :returns: ``(amount, eligible seats)`` pairs, main pot first.

    >>> showdown_pots([10, 4, 10, 2], (0, 1, 2), dead=0)
    ((14, (0, 1, 2)), (12, (0, 2)))
    """
    first = contributions[live[0]]
    for seat in live:
        if contributions[seat] != first:
            break
    else:  # every seat still in put in as much: one pot
        return ((dead + sum(contributions), live),)
    levels = []
    for seat in live:
        chips = contributions[seat]
        if chips not in levels:
            levels.append(chips)
    levels.sort()
    last = levels[-1]
    pots: list[tuple[int, tuple[int, ...]]] = []
    below = 0
    for level in levels:
        amount = 0 if pots else dead
        if level == last:
            for chips in contributions:
                if chips > below:
                    amount += chips - below
        else:
            for chips in contributions:
                if chips > below:
                    amount += (chips if chips < level else level) - below
        if amount or not pots:
            mask = 0
            for seat in live:
                if contributions[seat] >= level:
                    mask |= 1 << seat
            pots.append((amount, _SEATS[mask]))
        below = level
    return tuple(pots)


_new_pot_won: Callable[..., PotWon] = constructor(
    PotWon, ("amount", "winners", "shares", "pot", "hand")
)
_new_point: Callable[..., CollectivePoint] = constructor(
    CollectivePoint, ("totals", "suit", "seat", "pot")
)
_new_shown: Callable[..., ShowdownHands] = constructor(ShowdownHands, ("retourne", "hands"))
_new_carre: Callable[..., CarreStaked] = constructor(CarreStaked, ("seat", "amount", "pot"))
_new_excess: Callable[..., ExcessReturned] = constructor(ExcessReturned, ("seat", "amount"))
_ALONE = tuple((seat,) for seat in range(PLAYERS))
"""``(seat,)``, the winners of a pot taken by one seat."""


def _showdown(
    deal: Deal,
    history: Log[Action],
    stacks: tuple[int, ...],
    contributions: tuple[int, ...],
    folded: tuple[bool, ...],
    raiser: int | None,
) -> State:
    """Return the uncalled excess, then award each pot and pay the primes."""
    hands, retourne = deal.hands, deal.retourne
    assert retourne is not None
    events: list[Event] = []
    ordered = sorted(contributions)
    largest = ordered[-1]
    excess = largest - ordered[-2]
    if excess:  # X-4, as uncalled_excess: to the first seat with the largest contribution
        seat = contributions.index(largest)
        stacks = _with(stacks, seat, excess)
        contributions = _with(contributions, seat, -excess)
        events.append(_new_excess(seat, excess))
    live = _LIVE[folded]
    pots = showdown_pots(contributions, live, deal.carried)
    turned = retourne.index
    brelans = _brelans(hands, turned, live)
    awards: list[Event] = []
    exposed_all = False
    eldest = (deal.dealer + 1) % PLAYERS
    point: tuple[int, int, int, int] | None = None
    won = list(stacks)
    for index, (amount, eligible) in enumerate(pots):
        best = None
        if brelans is not None:
            for seat in eligible:
                brelan = brelans[seat]
                if brelan is not None and (best is None or brelan > best[0]):
                    best = (brelan, seat)
        hand: str | None
        if best is not None:  # H-5.1, H-5.2
            winner, hand = best[1], str(best[0])
        elif len(eligible) == 1:  # a pot nobody else may win is not contested
            winner, hand = eligible[0], None
        else:  # H-5.3 to H-5.7
            exposed_all = True
            if point is None:  # the suit order is the same for every pot (H-5.7)
                codes = _codes(hands)
                point = _point(codes, turned)
            winner, suit = _point_winner(codes, point, eligible, eldest)
            awards.append(_new_point(point, _SUITS[suit], winner, index))
            hand = _COLLECTIVE_TEXT[suit]
        won[winner] += amount
        shares = [0, 0, 0, 0]
        shares[winner] = amount
        awards.append(_new_pot_won(amount, _ALONE[winner], tuple(shares), index, hand))
    if exposed_all:
        shown = hands
    else:
        shown = tuple([() if folded[seat] else hands[seat] for seat in range(PLAYERS)])
    showdown = _new_shown(retourne, shown)
    events.append(showdown)
    events.extend(awards)
    primes = deal.primes  # H-6.1: shown brelans collect from every other seat
    if brelans is not None:
        delta = [0] * PLAYERS
        receivers = []
        for seat, brelan in enumerate(brelans):
            if brelan is not None:
                receivers.append(seat)
                for other in range(PLAYERS):
                    if other != seat:
                        delta[seat] += brelan.prime
                        delta[other] -= brelan.prime
        primes = tuple([p + d for p, d in zip(primes, delta, strict=True)])
        events.append(PrimesPaid(tuple(receivers), tuple(delta)))
    return _end_deal(deal, history, tuple(won), folded, raiser, events, 0, showdown, primes)


# --- deals and the session (H-2.1, H-7) ------------------------------------------------------


def session_results(
    stacks: tuple[int, ...],
    primes: tuple[int, ...],
    initial: tuple[int, ...],
    rebuys: tuple[int, ...],
    cave: int,
    leftover: int,
) -> tuple[Fraction, ...]:
    """Each seat's net result (H-7.3): cave + primes + an equal share of ``leftover``
    − its initial cave − its rebuys; one exact fraction each.

    >>> session_results((90, 110, 100, 100), (2, -2, 0, 0), (100,) * 4, (0, 0, 0, 1), 100, 2)
    (Fraction(-15, 2), Fraction(17, 2), Fraction(1, 2), Fraction(-199, 2))
    """
    return tuple(
        [
            Fraction(leftover + PLAYERS * (stack + prime - start - cave * bought), PLAYERS)
            for stack, prime, start, bought in zip(stacks, primes, initial, rebuys, strict=True)
        ]
    )


def _end_deal(
    deal: Deal,
    history: Log[Action],
    stacks: tuple[int, ...],
    folded: tuple[bool, ...],
    raiser: int | None,
    events: list[Event],
    carried: int,
    showdown: ShowdownHands | None,
    primes: tuple[int, ...],
) -> State:
    """Close the deal with ``carried`` chips left in the pot; begin the next one at
    once, or end the session (X-7)."""
    if deal.deal_number + 1 < deal.rules.deals:
        return begin_deal(
            deal,
            history,
            stacks,
            primes,
            deal.rebuys,
            carried,
            showdown,
            (deal.dealer + 1) % PLAYERS,
            deal.deal_number + 1,
            events,
        )
    if carried:  # H-7.2: a pot left after the last deal is shared exactly
        events.append(PotShared(carried, share_exactly(carried, PLAYERS)))
    events.append(
        SessionEnded(
            session_results(
                stacks, primes, deal.initial_stacks, deal.rebuys, deal.rules.cave, carried
            )
        )
    )
    return new_state(
        make_deal(
            (
                deal.rules,
                deal.dealer,
                deal.deal_number,
                deal.hands,
                deal.retourne,
                0,
                primes,
                deal.rebuys,
                deal.carres,
                deal.last_carreur,
                showdown,
                carried,
                deal.initial_stacks,
                deal.initial_dealer,
                deal.deal_start,
                deal.events_start,
                deal.last_deal_start,
                deal.last_events_start,
                deal.events.extend(events),
            )
        ),
        _OVER,
        stacks,
        _ZEROS,
        folded,
        raiser,
        0,
        None,
        history,
    )


_deal_started: Callable[[int, int], DealStarted] = interned(DealStarted)
_rebuy: Callable[[int, int], Rebuy] = interned(Rebuy)
_ante_paid: Callable[[int, int], AntePaid] = interned(AntePaid)
"""Events that repeat every deal, each built once."""


_ANTES: dict[tuple[int, int], tuple[int, ...]] = {}
"""The contributions after the ante, by ``(dealer, ante)``."""


def begin_deal(
    deal: Deal,
    history: Log[Action],
    stacks: tuple[int, ...],
    primes: tuple[int, ...],
    rebuys: tuple[int, ...],
    carried: int,
    showdown: ShowdownHands | None,
    dealer: int,
    deal_number: int,
    events: list[Event],
) -> State:
    """Rebuys, the dealer's ante, and the carre phase of a new deal (X-6, X-7, H-2.1).

    ``deal`` is the previous deal (or the template of :func:`~.state.new_game`); its
    events log gets ``events`` (what ended it) and the new deal's first events.
    """
    rules = deal.rules
    log = deal.events
    events_start = len(log) + len(events)
    events.append(_deal_started(deal_number, dealer))
    if 0 in stacks:  # X-6, H-7.1
        cave = rules.cave
        bought = list(rebuys)
        refilled = list(stacks)
        for seat in range(PLAYERS):
            if refilled[seat] == 0:
                refilled[seat] = cave
                bought[seat] += 1
                events.append(_rebuy(seat, cave))
        stacks, rebuys = tuple(refilled), tuple(bought)
    ante = rules.ante
    if ante > stacks[dealer]:
        ante = stacks[dealer]
    events.append(_ante_paid(dealer, ante))
    contributions = _ANTES.get((dealer, ante))
    if contributions is None:
        contributions = _with(_ZEROS, dealer, ante)
        if len(_ANTES) < 4096:
            _ANTES[dealer, ante] = contributions
    table = make_deal(
        (
            rules,
            dealer,
            deal_number,
            _NO_HANDS,
            None,
            carried,
            primes,
            rebuys,
            0,
            None,
            showdown,
            0,
            deal.initial_stacks,
            deal.initial_dealer,
            len(history),
            events_start,
            deal.deal_start,
            deal.events_start,
            log.extend(events),
        )
    )
    return new_state(
        table,
        _CARRE,
        _with(stacks, dealer, -ante),
        contributions,
        _NOT_FOLDED,
        None,
        0,
        (dealer + 1) % PLAYERS,
        history,
    )
