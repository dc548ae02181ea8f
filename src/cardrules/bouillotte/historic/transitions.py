"""The transitions of the historic game: one small pure function per kind of action,
``on_<action>(record, action) -> Step``, each a copy of the record with the fields that
change; the ends of a deal are :mod:`.session`'s. When the next node is a decision of
the betting or of the carre ladder, a transition returns the next record with its legal
set, computed while the record is at hand: a step of the betting calls
:func:`.legality.betting_legal` with the largest contribution, and tells it when a seat
still in beside the next one is known to have chips.

The shell has checked the action against the legal set before it calls one of these.

>>> from cardrules.bouillotte.historic import DECLINE, new_game
>>> record = on_decline(new_game()._record, DECLINE)
>>> record.to_act, record.phase
(CHANCE, Phase.DEAL)
"""

from __future__ import annotations

from cardrules.actions import Call, Check, Fold, Raise
from cardrules.bouillotte.historic.actions import Carre, Decline
from cardrules.bouillotte.historic.events import CarreStaked
from cardrules.bouillotte.historic.legality import betting_legal, carre_legal
from cardrules.bouillotte.historic.phase import Phase
from cardrules.bouillotte.historic.record import Hidden, Record, with_chips
from cardrules.bouillotte.historic.rules import PLAYERS
from cardrules.bouillotte.historic.session import general_pass, showdown, win_alone
from cardrules.chance import CHANCE, HIDDEN_SHUFFLE, Shuffle
from cardrules.seating import next_in, replaced
from cardrules.shell import Step, Transition


def _put_in(record: Record, seat: int, amount: int) -> Record:
    """``record`` with ``amount`` chips of ``seat`` moved from its stack into the pot."""
    return record._replace(
        stacks=replaced(record.stacks, seat, record.stacks[seat] - amount),
        contributions=replaced(record.contributions, seat, record.contributions[seat] + amount),
    )


# --- the carre ladder (H-2.2, H-2.3) ---------------------------------------------------------


def on_carre(record: Record, action: Carre) -> Step[Record]:
    """The seat stakes the whole pot; the next seat may carre, at most once round (H-2.2)."""
    seat: int = record.to_act  # type: ignore[assignment]
    deal = record.deal
    stake = record.pot
    carres = deal.carres + 1
    last = carres == PLAYERS  # the dealer carred: the ladder went once round
    following = (seat + 1) % PLAYERS
    record = _put_in(record, seat, stake)._replace(
        deal=deal._replace(
            phase=Phase.DEAL if last else Phase.CARRE, carres=carres, last_carreur=seat
        ),
        largest=record.contributions[seat] + stake,  # a carre stakes the whole pot
        to_act=CHANCE if last else following,
        log=record.log.logged(action).noted(CarreStaked(seat, stake, 2 * stake)),
    )
    return record if last else (record, carre_legal(record.stacks[following], 2 * stake))


def on_decline(record: Record, action: Decline) -> Step[Record]:
    """The first refusal ends the carre phase: the deck is shuffled next (H-2.3, H-3.1)."""
    return record._replace(
        deal=record.deal._replace(phase=Phase.DEAL), to_act=CHANCE, log=record.log.logged(action)
    )


# --- the deal (X-1, H-3.1) -------------------------------------------------------------------


def on_shuffle(record: Record, shuffle: Shuffle) -> Step[Record]:
    """Deal 3 cards to each seat one at a time from eldest, then turn up the retourné
    (X-1, H-3.1); the seat after the last carreur, or eldest, speaks first (H-4.1)."""
    deck = shuffle.order
    deal = record.deal
    eldest = (deal.dealer + 1) % PLAYERS
    # the k-th seat from eldest gets the cards k, k + 4 and k + 8 of the deck
    hands = tuple(deck[(seat - eldest) % PLAYERS : 3 * PLAYERS : PLAYERS] for seat in range(4))
    carreur = deal.last_carreur
    first = eldest if carreur is None else (carreur + 1) % PLAYERS
    pending = with_chips(record.stacks)  # an all-in seat no longer speaks
    to_act = next_in(pending, (first - 1) % PLAYERS, PLAYERS)  # -1 when nobody may speak
    record = record._replace(
        deal=deal._replace(phase=Phase.BETTING, retourne=deck[3 * PLAYERS], showdown=None),
        pending=pending,
        to_act=to_act,
        hidden=Hidden(hands=hands),
        log=record.log.logged_masked(shuffle, HIDDEN_SHUFFLE).dealt(hands),
    )
    if not pending:
        return general_pass(record)
    # every seat is still in: with two or more that have chips, one beside to_act has
    others = bin(pending).count("1") - 1
    return record, betting_legal(record, to_act, record.largest, others)


# --- betting (H-4) ---------------------------------------------------------------------------


def _cycle_closed(before: Record, record: Record) -> Step[Record]:
    """``record``: ``before`` after the action of the last seat pending in the cycle,
    which closes it: a general pass (H-4.9), the showdown after plus rien (H-4.8), or
    the count (H-4.7)."""
    raiser = before.last_raiser
    if raiser is None:
        return general_pass(record)
    if before.phase is Phase.PLUS_RIEN:
        return showdown(record)
    return _count(record, raiser)


def _spoke(before: Record, record: Record, seat: int, others_have_chips: int) -> Step[Record]:
    """``record``: ``before`` after ``seat`` spoke (its action logged): the next seat
    pending in the cycle speaks, or the cycle closes (``others_have_chips`` nonzero when
    ``seat``, still in, is known to have chips, X-4)."""
    pending = record.pending & ~(1 << seat)
    if not pending:
        return _cycle_closed(before, record)
    following = next_in(pending, seat, PLAYERS)
    record = record._replace(pending=pending, to_act=following)
    return record, betting_legal(record, following, record.largest, others_have_chips)


def on_check(record: Record, action: Check) -> Step[Record]:
    """A pass before the opening (H-4.2), the option after it (H-4.4), or plus rien (H-4.8)."""
    seat: int = record.to_act  # type: ignore[assignment]
    # the seat that checked, still in, has chips: all-in seats never speak
    return _spoke(record, record._replace(log=record.log.logged(action)), seat, record.stacks[seat])


def on_call(record: Record, action: Call) -> Step[Record]:
    """Match the largest contribution, or put in the whole stack (tapis, H-4.5)."""
    seat: int = record.to_act  # type: ignore[assignment]
    stack = record.stacks[seat]
    amount = min(record.largest - record.contributions[seat], stack)  # H-4.5: tapis
    changed = _put_in(record, seat, amount)._replace(log=record.log.logged(action))
    # the caller, still in, has chips if it was not all-in
    return _spoke(record, changed, seat, stack - amount)


def on_raise(record: Record, action: Raise) -> Step[Record]:
    """Open or raise: every other seat still in and not all-in must answer (H-4.3, H-4.4)."""
    seat: int = record.to_act  # type: ignore[assignment]
    to = action.to
    # the others still in with chips answer (an all-in seat no longer speaks; a raise
    # changes only the raiser's stack, and the raiser is not among them)
    pending = with_chips(record.stacks) & record.live & ~(1 << seat)
    deal = record.deal
    record = _put_in(record, seat, to - record.contributions[seat])._replace(
        deal=deal if deal.phase is Phase.BETTING else deal._replace(phase=Phase.BETTING),
        last_raiser=seat,
        pending=pending,
        largest=to,
        log=record.log.logged(action),
    )
    # someone must answer: a seat may raise only while another seat still in has chips
    # (X-4, legality), and a raise does not change the others' stacks
    following = next_in(pending, seat, PLAYERS)
    record = record._replace(to_act=following)
    # the raiser, still in, has chips unless all-in
    return record, betting_legal(record, following, to, record.stacks[seat])


def on_fold(record: Record, action: Fold) -> Step[Record]:
    """Give up; with one seat left it takes the pot without showing (H-4.6)."""
    seat: int = record.to_act  # type: ignore[assignment]
    live = record.live & ~(1 << seat)
    changed = record._replace(live=live, log=record.log.logged(action))
    if live & (live - 1) == 0:  # H-4.6: one seat left in
        return win_alone(changed)
    return _spoke(record, changed, seat, 0)


def _count(record: Record, raiser: int) -> Step[Record]:
    """Every seat still in has matched or is all-in: count them (H-4.7); with three or
    four, the others may raise or say plus rien (H-4.8)."""
    live = record.live
    if bin(live).count("1") <= 2:
        return showdown(record)
    # all-in seats say plus rien by themselves
    pending = with_chips(record.stacks) & live & ~(1 << raiser)
    if not pending:
        return showdown(record)
    following = next_in(pending, raiser, PLAYERS)
    record = record._replace(
        deal=record.deal._replace(phase=Phase.PLUS_RIEN), pending=pending, to_act=following
    )
    # the raiser, still in, has chips unless all-in
    return record, betting_legal(record, following, record.largest, record.stacks[raiser])


TRANSITIONS: dict[type, Transition] = {
    Shuffle: on_shuffle,
    Carre: on_carre,
    Decline: on_decline,
    Check: on_check,
    Call: on_call,
    Raise: on_raise,
    Fold: on_fold,
}
"""Each action class's transition."""
