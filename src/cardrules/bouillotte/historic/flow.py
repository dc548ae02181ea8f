"""The transitions of the historic game: small pure functions from a state to the
next, one per kind of action, plus the end of a deal and the start of the next.

``State.apply`` checks legality once (:mod:`.legality`) and dispatches here.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from cardrules.actions import Action
from cardrules.bouillotte.historic.events import (
    CarreStaked,
    CollectivePoint,
    PotToCarreur,
    PrimesPaid,
    ShowdownHands,
)
from cardrules.bouillotte.historic.hands import _owners_winner, _ranking, _totals, brelan_of
from cardrules.bouillotte.historic.phase import Phase
from cardrules.bouillotte.historic.rules import PLAYERS
from cardrules.cards import Card, Suit
from cardrules.chance import Shuffle
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
from cardrules.pots import share_exactly, side_pots, uncalled_excess

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
]

_NO_HANDS: tuple[tuple[Card, ...], ...] = ((),) * PLAYERS
_NOT_FOLDED = (False,) * PLAYERS
_ZEROS = (0,) * PLAYERS


def _next_in(mask: int, start: int) -> int:
    """The first seat of ``mask`` (a bit per seat) in seat order from ``start``; -1 if none."""
    for k in range(PLAYERS):
        seat = (start + k) % PLAYERS
        if mask >> seat & 1:
            return seat
    return -1


def _logged(state: State, action: Action) -> dict[str, Any]:
    """The change of the history for ``action``."""
    return {"_history": state._history.append(action)}


# --- the carre ladder (H-2.2, H-2.3) ---------------------------------------------------------


def on_carre(state: State, seat: int, action: Action) -> State:
    """The seat stakes the whole pot; the next seat may carre, at most once round."""
    stake = state.pot
    stacks = list(state.stacks)
    contributions = list(state.contributions)
    stacks[seat] -= stake
    contributions[seat] += stake
    carres = state.carres + 1
    changes = _logged(state, action)
    changes["_events"] = state._events.append(CarreStaked(seat, stake, 2 * stake))
    changes.update(
        stacks=tuple(stacks), contributions=tuple(contributions), carres=carres, last_carreur=seat
    )
    if carres == PLAYERS:  # the dealer carred: the ladder went once round
        changes.update(phase=Phase.DEAL, actor=-1)
    else:
        changes["actor"] = (seat + 1) % PLAYERS
    return state._derive(changes)


def on_decline(state: State, seat: int, action: Action) -> State:
    """The first refusal ends the carre phase: the deck is shuffled next (H-2.3, H-3.1)."""
    changes = _logged(state, action)
    changes.update(phase=Phase.DEAL, actor=-1)
    return state._derive(changes)


# --- the deal (X-1, H-3.1) -------------------------------------------------------------------


def on_shuffle(state: State, shuffle: Shuffle) -> State:
    """Deal 3 cards to each seat one at a time from eldest, then turn up the retourné."""
    order = shuffle.order
    eldest = (state.dealer + 1) % PLAYERS
    hands: list[tuple[Card, ...]] = [()] * PLAYERS
    for k in range(PLAYERS):
        hands[(eldest + k) % PLAYERS] = (order[k], order[k + PLAYERS], order[k + 2 * PLAYERS])
    first = eldest if state.last_carreur is None else (state.last_carreur + 1) % PLAYERS
    pending = 0
    for seat in range(PLAYERS):
        if state.stacks[seat] > 0:  # an all-in seat no longer speaks
            pending |= 1 << seat
    changes: dict[str, Any] = {
        "_history": state._history.append(shuffle),
        "hands": tuple(hands),
        "retourne": order[3 * PLAYERS],
        "showdown": None,
        "phase": Phase.BETTING,
        "pending": pending,
        "actor": _next_in(pending, first),
    }
    if not pending:
        return _general_pass(state, changes)
    return state._derive(changes)


# --- betting (H-4) ---------------------------------------------------------------------------


def _after_turn(state: State, seat: int, changes: dict[str, Any]) -> State:
    """Pass the turn to the next pending seat, or close the cycle."""
    pending = changes.get("pending", state.pending) & ~(1 << seat)
    changes["pending"] = pending
    if pending:
        changes["actor"] = _next_in(pending, (seat + 1) % PLAYERS)
        return state._derive(changes)
    if not changes.get("opened", state.opened):
        return _general_pass(state, changes)
    if changes.get("phase", state.phase) is Phase.PLUS_RIEN:
        return _showdown(state, changes)
    return _count(state, changes)


def on_check(state: State, seat: int, action: Action) -> State:
    """A pass before the opening (H-4.2), the option after it (H-4.4), or plus rien (H-4.8)."""
    return _after_turn(state, seat, _logged(state, action))


def on_call(state: State, seat: int, action: Action) -> State:
    """Match the largest contribution, or put in the whole stack (tapis, H-4.5)."""
    contributions = list(state.contributions)
    stacks = list(state.stacks)
    amount = min(max(contributions) - contributions[seat], stacks[seat])
    stacks[seat] -= amount
    contributions[seat] += amount
    changes = _logged(state, action)
    changes.update(stacks=tuple(stacks), contributions=tuple(contributions))
    return _after_turn(state, seat, changes)


def on_raise(state: State, seat: int, action: Action) -> State:
    """Open or raise: every other seat still in and not all-in must answer (H-4.3, H-4.4)."""
    to: int = action.to  # type: ignore[attr-defined]
    contributions = list(state.contributions)
    stacks = list(state.stacks)
    stacks[seat] -= to - contributions[seat]
    contributions[seat] = to
    folded = state.folded
    pending = 0
    for other in range(PLAYERS):
        if other != seat and not folded[other] and stacks[other] > 0:
            pending |= 1 << other
    changes = _logged(state, action)
    changes.update(
        stacks=tuple(stacks),
        contributions=tuple(contributions),
        opened=True,
        last_raiser=seat,
        phase=Phase.BETTING,
        pending=pending,
    )
    if pending:
        changes["actor"] = _next_in(pending, (seat + 1) % PLAYERS)
        return state._derive(changes)
    return _count(state, changes)


def on_fold(state: State, seat: int, action: Action) -> State:
    """Give up; with one seat left it takes the pot without showing (H-4.6)."""
    folded = list(state.folded)
    folded[seat] = True
    changes = _logged(state, action)
    changes["folded"] = tuple(folded)
    live = [s for s in range(PLAYERS) if not folded[s]]
    if len(live) == 1:
        winner = live[0]
        pot = state.pot
        stacks = list(state.stacks)
        stacks[winner] += pot
        shares = tuple(pot if s == winner else 0 for s in range(PLAYERS))
        changes.update(stacks=tuple(stacks), pending=0)
        return _end_deal(state, changes, [PotWon(pot, (winner,), shares)], carried=0, showdown=None)
    return _after_turn(state, seat, changes)


def _count(state: State, changes: dict[str, Any]) -> State:
    """Every seat still in has matched or is all-in: count them (H-4.7)."""
    folded = changes.get("folded", state.folded)
    stacks = changes.get("stacks", state.stacks)
    live = [s for s in range(PLAYERS) if not folded[s]]
    if len(live) <= 2:
        return _showdown(state, changes)
    raiser = changes.get("last_raiser", state.last_raiser)
    assert raiser is not None  # the betting was opened
    pending = 0
    for seat in live:
        if seat != raiser and stacks[seat] > 0:  # all-in seats say plus rien by themselves
            pending |= 1 << seat
    if not pending:
        return _showdown(state, changes)
    changes.update(
        phase=Phase.PLUS_RIEN, pending=pending, actor=_next_in(pending, (raiser + 1) % PLAYERS)
    )
    return state._derive(changes)


def _general_pass(state: State, changes: dict[str, Any]) -> State:
    """Every seat passed: carry the pot (H-4.9) or give it to the last carreur (H-4.10)."""
    pot = state.pot
    carreur = state.last_carreur
    changes["pending"] = 0
    if carreur is None:
        return _end_deal(state, changes, [PotCarried(pot)], carried=pot, showdown=None)
    stacks = list(changes.get("stacks", state.stacks))
    stacks[carreur] += pot
    changes["stacks"] = tuple(stacks)
    return _end_deal(state, changes, [PotToCarreur(carreur, pot)], carried=0, showdown=None)


# --- the showdown (H-5, H-6) -----------------------------------------------------------------


def _showdown(state: State, changes: dict[str, Any]) -> State:
    """Return the uncalled excess, then award each pot and pay the primes."""
    folded: tuple[bool, ...] = changes.get("folded", state.folded)
    stacks = list(changes.get("stacks", state.stacks))
    contributions = list(changes.get("contributions", state.contributions))
    hands, retourne = state.hands, state.retourne
    assert retourne is not None
    eldest = (state.dealer + 1) % PLAYERS
    events: list[Event] = []
    excess = uncalled_excess(contributions)
    if excess is not None:
        seat, amount = excess
        stacks[seat] += amount
        contributions[seat] -= amount
        events.append(ExcessReturned(seat, amount))
    live = [not f for f in folded]
    brelans = [brelan_of(hands[s], retourne) if live[s] else None for s in range(PLAYERS)]
    awards: list[Event] = []
    exposed_all = False
    point: tuple[tuple[int, int, int, int], tuple[tuple[Suit, ...], ...]] | None = None
    for index, (amount, eligible) in enumerate(side_pots(contributions, live, state.carried)):
        best = None
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
                counted = _totals([*(c for h in hands for c in h), retourne])
                point = (counted[0], counted[1], counted[2], counted[3]), _ranking(counted)
            found = _owners_winner(hands, point[1], eligible, eldest)
            assert found is not None  # every eligible seat holds three cards
            winner, suit = found
            awards.append(CollectivePoint(point[0], suit, winner, index))
            hand = f"the collective point in {suit.symbol}"
        stacks[winner] += amount
        awards.append(
            PotWon(
                amount,
                (winner,),
                tuple(amount if s == winner else 0 for s in range(PLAYERS)),
                index,
                hand,
            )
        )
    shown = tuple(hands[s] if (exposed_all or live[s]) else () for s in range(PLAYERS))
    showdown = ShowdownHands(retourne, shown)
    events.append(showdown)
    events.extend(awards)
    primes = list(state.primes)  # H-6.1: shown brelans collect from every other seat
    delta = [0] * PLAYERS
    receivers = []
    for seat, brelan in enumerate(brelans):
        if brelan is not None:
            receivers.append(seat)
            for other in range(PLAYERS):
                if other != seat:
                    delta[seat] += brelan.prime
                    delta[other] -= brelan.prime
    if receivers:
        primes = [p + d for p, d in zip(primes, delta, strict=True)]
        events.append(PrimesPaid(tuple(receivers), tuple(delta)))
        changes["primes"] = tuple(primes)
    changes.update(stacks=tuple(stacks), pending=0)
    return _end_deal(state, changes, events, carried=0, showdown=showdown)


# --- deals and the session (H-2.1, H-7) ------------------------------------------------------


def _end_deal(
    state: State,
    changes: dict[str, Any],
    events: list[Event],
    *,
    carried: int,
    showdown: ShowdownHands | None,
) -> State:
    """Close the deal; begin the next one at once, or end the session (X-7)."""
    changes.update(contributions=_ZEROS, carried=carried, showdown=showdown)
    log = state._events.extend(events)
    if state.deal_number + 1 < state.rules.deals:
        changes["_events"] = log
        return begin_deal(
            state._derive(changes), (state.dealer + 1) % PLAYERS, state.deal_number + 1
        )
    end: list[Event] = []
    if carried:  # H-7.2: a pot left after the last deal is shared exactly
        end.append(PotShared(carried, share_exactly(carried, PLAYERS)))
    changes.update(phase=Phase.OVER, actor=-1, carried=0, leftover=carried, pending=0)
    over = state._derive(changes)
    end.append(SessionEnded(over.returns()))
    return over._derive({"_events": log.extend(end)})


def begin_deal(state: State, dealer: int, deal_number: int) -> State:
    """Rebuys, the dealer's ante, and the carre phase of a new deal (X-6, X-7, H-2.1).

    ``state`` has no chips in this deal's contributions; a carried pot stays.
    """
    cave = state.rules.cave
    stacks = list(state.stacks)
    rebuys = list(state.rebuys)
    events: list[Event] = [DealStarted(deal_number, dealer)]
    for seat in range(PLAYERS):
        if stacks[seat] == 0:  # X-6, H-7.1
            stacks[seat] = cave
            rebuys[seat] += 1
            events.append(Rebuy(seat, cave))
    ante = min(state.rules.ante, stacks[dealer])
    stacks[dealer] -= ante
    events.append(AntePaid(dealer, ante))
    contributions = [0] * PLAYERS
    contributions[dealer] = ante
    return state._derive(
        {
            "phase": Phase.CARRE,
            "dealer": dealer,
            "deal_number": deal_number,
            "stacks": tuple(stacks),
            "contributions": tuple(contributions),
            "rebuys": tuple(rebuys),
            "folded": _NOT_FOLDED,
            "hands": _NO_HANDS,
            "retourne": None,
            "carres": 0,
            "last_carreur": None,
            "opened": False,
            "last_raiser": None,
            "pending": 0,
            "actor": (dealer + 1) % PLAYERS,
            "deal_start": len(state._history),
            "_events": state._events.extend(events),
        }
    )
