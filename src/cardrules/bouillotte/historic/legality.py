"""The one source of truth for what a seat may do: :func:`legal_of` computes the legal
set of a state, and :func:`reason_not_legal` explains, with the rule id, why an
action is not in it. ``State.legal_actions``, ``State.is_legal`` and ``State.apply``
all go through :func:`legal_of`, so they can never disagree.

>>> from cardrules.bouillotte.historic import new_game
>>> legal_of(new_game()).actions
(Carre(), Decline())
"""

from __future__ import annotations

from collections.abc import Callable
from typing import TYPE_CHECKING

import attrs

from cardrules.actions import CALL, CHECK, FOLD, Action, Call, Check, Fold, Raise, raise_to
from cardrules.bouillotte.historic.actions import ACTIONS, CARRE, DECLINE, Carre, Decline
from cardrules.bouillotte.historic.phase import Phase
from cardrules.bouillotte.historic.table import fast_maker
from cardrules.chance import Shuffle
from cardrules.errors import IllegalActionError
from cardrules.game import describe_actions

if TYPE_CHECKING:
    from cardrules.bouillotte.historic.state import State

__all__ = ["Legal", "describe_legal", "illegal_action_error", "legal_of", "reason_not_legal"]

_ACTION_TYPES = frozenset(ACTIONS)
_RAISES: tuple[Raise, ...] = tuple(raise_to(n) for n in range(4096))
"""The interned raises 0 … 4095, in order: a range of raises is one slice."""


def _raises(low: int, high: int) -> tuple[Raise, ...]:
    """The interned raises ``low`` … ``high`` (empty when ``low > high``)."""
    if low > high:
        return ()
    if high < len(_RAISES):
        return _RAISES[low : high + 1]
    return tuple(raise_to(n) for n in range(low, high + 1))


@attrs.frozen(slots=True)
class Legal:
    """The legal set of one state, in a form that answers membership in O(1)."""

    actions: tuple[Action, ...]
    """Every legal action, amounts spelled out, in a fixed order."""
    simple: frozenset[type[Action]]
    """The legal action classes without fields (``Check``, ``Call``, …)."""
    low: int
    """The smallest legal ``Raise(to)`` (``low > high`` when no raise is legal)."""
    high: int
    """The largest legal ``Raise(to)``."""

    def __contains__(self, action: object) -> bool:
        cls = type(action)
        if cls is Raise:
            to = action.to  # type: ignore[attr-defined]
            return type(to) is int and self.low <= to <= self.high
        return cls in self.simple


NOTHING = Legal((), frozenset(), 1, 0)
"""The legal set at a chance node and at the end."""

_CARRE_OR_DECLINE = Legal((CARRE, DECLINE), frozenset((Carre, Decline)), 1, 0)
_DECLINE_ONLY = Legal((DECLINE,), frozenset((Decline,)), 1, 0)
_CHECK_SET = frozenset((Check,))
_CALL_FOLD_SET = frozenset((Call, Fold))
_CHECK_ONLY: tuple[Action, ...] = (CHECK,)
_CALL_HEAD: tuple[Action, ...] = (CALL,)
_FOLD_TAIL: tuple[Action, ...] = (FOLD,)
_RUN = 512
"""Legal sets whose raises stay below this are slices of a run built once per ``low``."""
_CHECK_RUNS: list[tuple[Action, ...] | None] = [None] * _RUN
"""``_CHECK_RUNS[low]``: ``(Check, Raise(low), …, Raise(_RUN - 1))``, built on first use."""
_CALL_RUNS: list[tuple[Action, ...] | None] = [None] * _RUN
"""``_CALL_RUNS[low]``: ``(Call, Raise(low), …, Raise(_RUN - 1))``, built on first use."""
_CALL_OR_FOLD = Legal((CALL, FOLD), _CALL_FOLD_SET, 1, 0)
_CHECK_ALONE = Legal((CHECK,), _CHECK_SET, 1, 0)


_make_legal: Callable[..., Legal] = fast_maker(Legal)
_OTHERS = tuple(tuple(other for other in range(4) if other != seat) for seat in range(4))


def _can_raise(state: State, seat: int) -> bool:
    """X-4: a seat may raise only if some other seat still in is not all-in."""
    stacks, folded = state.stacks, state.folded
    for other in range(4):  # noqa: SIM110 - a plain loop is faster on this hot path
        if other != seat and stacks[other] and not folded[other]:
            return True
    return False


_CARRE, _DEAL, _BETTING, _OVER = Phase.CARRE, Phase.DEAL, Phase.BETTING, Phase.OVER


def legal_of(state: State) -> Legal:
    """The legal set of ``state`` (computed here, cached by the state).

    :param state: any state.
    :returns: the :class:`Legal` set; :data:`NOTHING` at a chance node or the end.
    """
    phase = state.phase
    if phase is _DEAL or phase is _OVER:
        return NOTHING
    seat: int = state.to_act  # type: ignore[assignment]
    contributions = state.contributions
    stacks = state.stacks
    if phase is _CARRE:
        pot = state.deal.carried + sum(contributions)
        return _CARRE_OR_DECLINE if stacks[seat] >= pot else _DECLINE_ONLY
    own = contributions[seat]
    largest = max(contributions)
    folded = state.folded
    top = 0  # no raise unless some other seat still in is not all-in
    for other in _OTHERS[seat]:
        if stacks[other] and not folded[other]:
            top = own + stacks[seat]
            break
    if state.last_raiser is None:  # H-4.2, H-4.3, H-4.5: pass, or open to low … top
        facing, low = False, (largest if largest > own else own + 1)
    elif phase is _BETTING and own < largest:  # H-4.4, H-4.5: call, raise or fold
        facing, low = True, largest + 1
    else:  # H-4.4 option, H-4.8 plus rien
        facing, low = False, largest + 1
    # (Check or Call, Raise(low) … Raise(top), [Fold]): built afresh from one slice of
    # the interned raises; random play rarely meets the same (low, top) twice, so a
    # shared cache cost more than it saved. Without a raise, the sets are constants.
    if low > top:
        return _CALL_OR_FOLD if facing else _CHECK_ALONE
    if top < _RUN:  # one slice of a prebuilt run (Check or Call, Raise(low), …)
        runs = _CALL_RUNS if facing else _CHECK_RUNS
        run = runs[low]
        if run is None:
            run = runs[low] = (CALL if facing else CHECK, *_RAISES[low:_RUN])
        if facing:
            return _make_legal(run[: top - low + 2] + _FOLD_TAIL, _CALL_FOLD_SET, low, top)
        return _make_legal(run[: top - low + 2], _CHECK_SET, low, top)
    raises = _raises(low, top)
    if facing:
        return _make_legal(_CALL_HEAD + raises + _FOLD_TAIL, _CALL_FOLD_SET, low, top)
    return _make_legal(_CHECK_ONLY + raises, _CHECK_SET, low, top)


def reason_not_legal(state: State, action: Action) -> tuple[str, str]:
    """Why ``action`` (a well-typed action of the game) is not legal in ``state``.

    :returns: ``(rule id, reason)``.
    """
    phase = state.phase
    seat = state.actor
    kind = type(action)
    if phase is Phase.CARRE:
        if kind is Carre:
            return "H-2.3", (
                f"a carre stakes the whole pot, {state.pot}, and the seat has only "
                f"{state.stacks[seat]}: it can only decline"
            )
        return "H-2.2", "before any card is dealt a seat may only carre or decline"
    if kind is Carre or kind is Decline:
        return "H-2.2", "the carre is offered only before any card is dealt"
    contributions = state.contributions
    own = contributions[seat]
    largest = max(contributions)
    stack = state.stacks[seat]
    top = own + stack
    if not state.opened:
        if kind is not Raise:
            return "H-4.2", (
                "before the opening a seat passes (check) or opens (raise); there "
                "is nothing to call or fold yet"
            )
        low = max(largest, own + 1)
        if not _can_raise(state, seat):
            return "X-4", "every other seat still in is all-in, so nobody may open or raise"
        if top < low:
            return "H-4.5", (
                f"the opening must reach {low} and the seat can stake only {top} in "
                "all: it may only pass"
            )
        if action.to < low:  # type: ignore[attr-defined]
            return "H-4.3", (
                f"an opening reaches at least the largest contribution and 1 more "
                f"than the seat's own: at least {low}"
            )
        return "H-1.2", (
            f"the seat can stake at most {top} in all (its contribution {own} plus "
            f"its stack {stack})"
        )
    if phase is Phase.PLUS_RIEN and kind is not Raise:
        return "H-4.8", "in the plus rien turn a seat may only raise or say plus rien (check)"
    if phase is Phase.BETTING and kind is not Raise:
        if own < largest:
            return "H-4.4", (
                f"after the opening a seat facing {largest} may call, raise or fold; "
                "a pass is no longer possible"
            )
        return "H-4.4", (
            f"the seat's contribution already equals the largest, {largest}: it may check or raise"
        )
    if not _can_raise(state, seat):
        return "X-4", "every other seat still in is all-in, so nobody may raise"
    if stack <= largest - own:
        return "H-4.5", (
            "a seat that cannot put in more than the largest contribution may only "
            "call all-in (tapis) or fold"
        )
    if action.to <= largest:  # type: ignore[attr-defined]
        rule = "H-4.8" if phase is Phase.PLUS_RIEN else "H-4.4"
        return (
            rule,
            f"a raise must reach at least {largest + 1}, 1 more than the largest contribution",
        )
    return "H-1.2", (
        f"the seat can stake at most {top} in all (its contribution {own} plus its stack {stack})"
    )


def describe_legal(legal: Legal) -> str:
    """A short list of the legal actions, raises as one range (as ``describe_actions``).

    >>> from cardrules.bouillotte.historic import new_game
    >>> describe_legal(legal_of(new_game()))
    'carre, decline the carre'
    """
    if legal.low > legal.high:
        return describe_actions(legal.actions)
    span = f"{legal.low}" if legal.low == legal.high else f"{legal.low}…{legal.high}"
    parts = [str(legal.actions[0]), f"raise to {span}"]
    if type(legal.actions[-1]) is not Raise:
        parts.append(str(legal.actions[-1]))
    return ", ".join(parts)


def _describe(action: object) -> str:
    if isinstance(action, Action) and type(action) in _ACTION_TYPES:
        return str(action)
    return f"play {action!r}"


def illegal_action_error(state: State, action: object, legal: Legal) -> IllegalActionError:
    """The error for ``action``, which is not in ``legal`` (X-9).

    :returns: the :class:`~cardrules.IllegalActionError` to raise.
    """
    seat = state.actor
    legal_text = describe_legal(legal)
    if not isinstance(action, Action):
        rule, reason = "X-9", f"{type(action).__name__} is not an action"
    elif isinstance(action, Shuffle):
        rule, reason = "X-2", "a Shuffle is applied only at a chance node"
    elif type(action) not in _ACTION_TYPES:
        rule, reason = (
            "X-9",
            (
                f"{type(action).__name__} is not an action of this game (its "
                "actions are Carre, Decline, Check, Call, Fold and Raise)"
            ),
        )
    elif type(action) is Raise and type(action.to) is not int:
        rule, reason = "X-9", f"a raise amount must be an int, not {type(action.to).__name__}"
    else:
        rule, reason = reason_not_legal(state, action)
    return IllegalActionError(
        f"seat {seat} cannot {_describe(action)}: {reason} ({rule}); legal now: {legal_text}",
        rule=rule,
        seat=seat,
        action=action,
    )
