"""Why an action is not legal: the rule that forbids it, in words (X-9).

Only called once the legal set (``engine.legal_set``) has said no, so it decides the
wording, never the legality.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from cardrules.actions import Action, Call, Check, Fold, Raise
from cardrules.chance import Shuffle

from .actions import Announce
from .engine import others_can_bet, value_of

if TYPE_CHECKING:
    from .state import State

__all__ = ["why_illegal"]

_KNOWN = frozenset({Check, Call, Fold, Raise, Announce, Shuffle})


def why_illegal(state: State, action: object) -> tuple[str, str]:
    """Why a betting-phase ``action`` is not legal: (rule id, words)."""
    cls = action.__class__
    if not isinstance(action, Action):
        return "X-9", f"{action!r} is not an action"
    if cls not in _KNOWN:
        return "X-9", f"{cls.__name__} is not an action of modern Bouillotte"
    if cls is Shuffle:
        return "X-2", "a shuffle belongs to the chance node of a deal, not to the betting"
    seat = state.actor
    owed = state.largest - state.contributions[seat]
    rules = state.rules
    if cls is Raise:
        to = action.to  # type: ignore[attr-defined]
        if type(to) is not int:
            return "X-9", f"a raise needs an int amount, not {to!r}"
        if not others_can_bet(state.marks, state.stacks, seat):
            return "X-4", "every other seat still in is all-in, so nobody may raise"
        high = state.largest + rules.max_raise
        if to <= state.largest:
            return "M-3.3", (
                f"a raise must bring the contribution above the largest, {state.largest}"
            )
        if to > high:
            return "M-3.3", (
                f"a raise adds at most max_raise={rules.max_raise} to the "
                f"largest contribution {state.largest}, so at most {high}"
            )
        return "X-3", (
            f"it would stake {to - state.contributions[seat]} with a stack of {state.stacks[seat]}"
        )
    if cls is Announce:
        if rules.announce_fee is None:
            return "M-4.1", "announcements are off (announce_fee=None)"
        if state.announced[seat] is not None:
            return "M-4.1", "a seat announces at most once per deal"
        return "M-4.1", (
            f"only a brelan can be announced, and the seat holds "
            f"{value_of(rules, state.hands[seat], state.retournes)}"
        )
    if cls is Fold:
        if state.announced[seat] is not None:
            return "M-4.3", "a seat that announced a brelan may not fold"
        return "M-3.2", "there is no bet to fold to; check or raise"
    if cls is Check:
        return "M-3.2", f"facing a bet ({owed} more to call), a seat calls, raises or folds"
    return "M-3.2", "there is no bet to call; check or raise"
