"""The transitions of the historic game: one small pure function per kind of action,
``on_<action>(record, action)``, each a copy of the record with the fields that change;
the ends of a deal are :mod:`.session`'s. When the next node is a decision of the
betting or of the carre ladder, a transition returns the next record with its legal set
(:func:`.legality.legal`), computed while the record is at hand: a step of the betting
calls :func:`.legality.betting_legal` with the largest contribution, and tells it when
a seat still in beside the next one is known to have chips.

The shell has checked the action against the legal set before it calls one of these.
"""

from __future__ import annotations

from collections.abc import Callable

from cardrules._fast import constructor, copier
from cardrules.actions import Action, Call, Check, Fold, Raise
from cardrules.bouillotte.historic.events import CarreStaked
from cardrules.bouillotte.historic.legality import betting_legal, carre_legal
from cardrules.bouillotte.historic.phase import Phase
from cardrules.bouillotte.historic.record import (
    AFTER,
    BOTH,
    MOVED_AT,
    NEXT,
    PREVIOUS,
    SEATS,
    WITHOUT,
    Deal,
    Hidden,
    Record,
    with_chips,
)
from cardrules.bouillotte.historic.rules import PLAYERS
from cardrules.bouillotte.historic.session import Step, general_pass, showdown, win_alone
from cardrules.chance import CHANCE, HIDDEN_SHUFFLE, Shuffle
from cardrules.game import Log, SplitLog

__all__ = ["on_call", "on_carre", "on_check", "on_decline", "on_fold", "on_raise", "on_shuffle"]


_DEALT = tuple(tuple((seat - eldest) % PLAYERS for seat in range(PLAYERS)) for eldest in range(4))
"""``_DEALT[eldest][seat]``: the place in the order of the seat's first card; its second
and third come one and two rounds later (X-1, H-3.1: one card at a time from eldest)."""
_CARRE, _DEAL, _BETTING, _PLUS_RIEN = Phase.CARRE, Phase.DEAL, Phase.BETTING, Phase.PLUS_RIEN
_COUNT = tuple(len(seats) for seats in SEATS)
"""``_COUNT[mask]``: how many seats a mask holds."""
_CHUNK = Log.CHUNK
"""How many deals :attr:`.Hidden.dealt` and :attr:`.Hidden.newest_shuffles` hold before
a shuffle moves them to :attr:`.Hidden.received` and :attr:`.Hidden.shuffles`."""
_FOLD_AT = SplitLog.FOLD_AT
"""How many newest actions a raise lets the record keep before it folds them into the
deal's past (a module global: read through a record, the class attribute costs a type
lookup at every raise)."""


_carre_staked = copier(Deal, ("carres", "last_carreur", "new_events"))
"""The deal after a carre."""
_new_carre: Callable[[int, int, int], CarreStaked] = constructor(
    CarreStaked, ("seat", "amount", "pot")
)
"""``CarreStaked(seat, amount, pot)`` without its checks."""
_STAKES_MADE = 64
"""The carres that stake less than this have their events made once, at import."""
_CARRED = tuple(
    tuple(_new_carre(seat, stake, 2 * stake) for stake in range(_STAKES_MADE))
    for seat in range(PLAYERS)
)
"""``_CARRED[seat][stake]``: the event of a carre of ``stake`` chips, made once (events
are values: the sessions share them); a larger one is made when staked."""


# --- the carre ladder (H-2.2, H-2.3) ---------------------------------------------------------


def on_carre(record: Record, action: Action) -> Step:
    """The seat stakes the whole pot; the next seat may carre, at most once round."""
    seat: int = record.to_act  # type: ignore[assignment]
    deal = record.deal
    stake = record.pot
    carres = deal.carres + 1
    staked = _CARRED[seat][stake] if stake < _STAKES_MADE else _new_carre(seat, stake, 2 * stake)
    deal = _carre_staked(deal, carres, seat, deal.new_events + (staked,))
    last = carres == PLAYERS  # the dealer carred: the ladder went once round
    following = NEXT[seat]
    stacks, contributions = MOVED_AT[seat](record.stacks, record.contributions, stake)
    record = _carred(
        record,
        deal,
        _DEAL if last else _CARRE,
        stacks,
        contributions,
        contributions[seat],  # the largest: a carre stakes the whole pot
        CHANCE if last else following,
        record.recent + (action,),
    )
    return record if last else (record, carre_legal(stacks[following], 2 * stake))


_carred = copier(
    Record, ("deal", "phase", "stacks", "contributions", "largest", "to_act", "recent")
)
"""The record after a carre."""


def on_decline(record: Record, action: Action) -> Step:
    """The first refusal ends the carre phase: the deck is shuffled next (H-2.3, H-3.1)."""
    return _declined(record, _DEAL, CHANCE, record.recent + (action,))


_declined = copier(Record, ("phase", "to_act", "recent"))
"""The record after the refusal of the carre."""


# --- the deal (X-1, H-3.1) -------------------------------------------------------------------


def on_shuffle(record: Record, shuffle: Shuffle) -> Step:
    """Deal 3 cards to each seat one at a time from eldest, then turn up the retourné."""
    order = shuffle.order
    deal = record.deal
    eldest = NEXT[deal.dealer]
    a, b, c, d = _DEALT[eldest]
    hand0 = order[a], order[a + 4], order[a + 8]
    hand1 = order[b], order[b + 4], order[b + 8]
    hand2 = order[c], order[c + 4], order[c + 8]
    hand3 = order[d], order[d + 4], order[d + 8]
    carreur = deal.last_carreur
    first = eldest if carreur is None else NEXT[carreur]
    pending = with_chips(record.stacks)  # an all-in seat no longer speaks
    hidden = record.hidden
    received, shuffles = hidden.received, hidden.shuffles
    seen0, seen1, seen2, seen3 = hidden.dealt
    if len(seen0) < _CHUNK:
        dealt = (seen0 + (hand0,), seen1 + (hand1,), seen2 + (hand2,), seen3 + (hand3,))
        newest = hidden.newest_shuffles + (shuffle,)
    else:  # Log.CHUNK deals: they move to the logs
        received = tuple(map(Log.extend, received, hidden.dealt))
        shuffles = shuffles.extend(hidden.newest_shuffles)
        dealt, newest = ((hand0,), (hand1,), (hand2,), (hand3,)), (shuffle,)
    past, recent = record.logged_folding(HIDDEN_SHUFFLE)
    to_act = AFTER[pending][PREVIOUS[first]]  # -1 when nobody may speak
    record = _shuffled(
        record,
        _turned_up(deal, order[3 * PLAYERS], None, past),
        _BETTING,
        pending,
        to_act,
        (hand0, hand1, hand2, hand3),
        recent,
        _new_hidden(shuffles, received, dealt, newest),
    )
    if not pending:
        return general_pass(record)
    # every seat is still in: with two or more that have chips, one beside to_act has
    return record, betting_legal(record, to_act, record.largest, _COUNT[pending] - 1)


_turned_up = copier(Deal, ("retourne", "showdown", "past"))
"""The deal once shuffled: the retourné up, the last showdown's hands put away, the
public log's full chunks moved to :attr:`.Deal.past`."""
_shuffled = copier(
    Record,
    (
        "deal",
        "phase",
        "pending",
        "to_act",
        "hands",
        "recent",
        "hidden",
    ),
)
_new_hidden: Callable[..., Hidden] = constructor(
    Hidden, ("shuffles", "received", "dealt", "newest_shuffles")
)
"""The record once shuffled and dealt."""


# --- betting (H-4) ---------------------------------------------------------------------------


# the copies of the commonest steps, fields given in this order (no keyword parsing)
_passed = copier(Record, ("pending", "to_act", "recent"))
_called = copier(Record, ("stacks", "contributions", "pending", "to_act", "recent"))
_folded = copier(Record, ("live", "pending", "to_act", "recent"))
_raised = copier(
    Record,
    ("phase", "stacks", "contributions", "last_raiser", "pending", "largest", "to_act", "recent"),
)
# and of the steps that close a cycle (the deal's end or the count reads them)
_logged = copier(Record, ("recent",))
_chipped = copier(Record, ("stacks", "contributions", "recent"))
_folded_last = copier(Record, ("live", "recent"))
_counted = copier(Record, ("phase", "pending", "to_act"))


def _cycle_closed(record: Record, changed: Record) -> Step:
    """``changed``: ``record`` after the action of the last seat pending in the cycle,
    which closes it (a general pass, the count, or the showdown)."""
    raiser = record.last_raiser
    if raiser is None:
        return general_pass(changed)
    if record.phase is _PLUS_RIEN:
        return showdown(changed)
    return _count(changed, raiser)


def on_check(record: Record, action: Check) -> Step:
    """A pass before the opening (H-4.2), the option after it (H-4.4), or plus rien (H-4.8)."""
    seat: int = record.to_act  # type: ignore[assignment]
    pending = WITHOUT[record.pending][seat]
    if pending:
        following = AFTER[pending][seat]
        changed = _passed(record, pending, following, record.recent + (action,))
        # the seat that checked, still in, has chips: all-in seats never speak
        return changed, betting_legal(changed, following, record.largest, record.stacks[seat])
    return _cycle_closed(record, _logged(record, record.recent + (action,)))


def on_call(record: Record, action: Call) -> Step:
    """Match the largest contribution, or put in the whole stack (tapis, H-4.5)."""
    seat: int = record.to_act  # type: ignore[assignment]
    contributions = record.contributions
    stacks = record.stacks
    own, stack = contributions[seat], stacks[seat]
    largest = record.largest  # a call leaves it the largest
    amount = largest - own
    if amount > stack:
        amount = stack
    stacks, contributions = MOVED_AT[seat](stacks, contributions, amount)
    pending = WITHOUT[record.pending][seat]
    if pending:
        following = AFTER[pending][seat]
        changed = _called(
            record, stacks, contributions, pending, following, record.recent + (action,)
        )
        # the caller, still in, has chips if it was not all-in
        return changed, betting_legal(changed, following, largest, stack - amount)
    changed = _chipped(record, stacks, contributions, record.recent + (action,))
    return _cycle_closed(record, changed)


def on_raise(record: Record, action: Raise) -> Step:
    """Open or raise: every other seat still in and not all-in must answer (H-4.3, H-4.4)."""
    seat: int = record.to_act  # type: ignore[assignment]
    to = action.to
    contributions = record.contributions
    stacks, contributions = MOVED_AT[seat](record.stacks, contributions, to - contributions[seat])
    # the others still in with chips (an all-in seat no longer speaks; a raise changes
    # only the raiser's stack, and the raiser is not among them)
    s0, s1, s2, s3 = record.stacks  # with_chips inline
    chips = (1 if s0 else 0) + (2 if s1 else 0) + (4 if s2 else 0) + (8 if s3 else 0)
    pending = WITHOUT[BOTH[chips][record.live]][seat]
    recent = record.recent + (action,)
    if len(recent) > _FOLD_AT:  # raises without end: each step stays bounded
        past, recent = record.logged_folding(action)
        record = record._replace(deal=record.deal._replace(past=past))
    # someone must answer: a seat may raise only while another seat still in has chips
    # (X-4, legality), and a raise does not change the others' stacks
    following = AFTER[pending][seat]
    changed = _raised(record, _BETTING, stacks, contributions, seat, pending, to, following, recent)
    # ``to``: now the largest; the raiser, still in, has chips unless all-in
    return changed, betting_legal(changed, following, to, stacks[seat])


def on_fold(record: Record, action: Fold) -> Step:
    """Give up; with one seat left it takes the pot without showing (H-4.6)."""
    seat: int = record.to_act  # type: ignore[assignment]
    live = WITHOUT[record.live][seat]
    log = record.recent + (action,)
    if _COUNT[live] == 1:
        return win_alone(_folded_last(record, live, log))
    pending = WITHOUT[record.pending][seat]
    if pending:
        following = AFTER[pending][seat]
        changed = _folded(record, live, pending, following, log)
        return changed, betting_legal(changed, following, record.largest)
    return _cycle_closed(record, _folded_last(record, live, log))


def _count(record: Record, raiser: int) -> Step:
    """Every seat still in has matched or is all-in: count them (H-4.7); with three or
    four, the others may raise or say plus rien (H-4.8)."""
    live = record.live
    if _COUNT[live] <= 2:
        return showdown(record)
    # all-in seats say plus rien by themselves
    pending = WITHOUT[BOTH[with_chips(record.stacks)][live]][raiser]
    if not pending:
        return showdown(record)
    following = AFTER[pending][raiser]
    record = _counted(record, _PLUS_RIEN, pending, following)
    # the raiser, still in, has chips unless all-in
    return record, betting_legal(record, following, record.largest, record.stacks[raiser])
