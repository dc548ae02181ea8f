"""What a seat may do: :func:`legal` computes the one legal set of a decision node, and
:func:`why_not` explains, with the rule id, why an action of the game is not in it.

``legal_actions()``, ``is_legal()`` and the refusal of ``apply`` all come from that one
:class:`~cardrules.legal.Legal` value, so they never disagree; raises are a range.

>>> from cardrules.bouillotte.historic import new_game
>>> from cardrules.shell import fresh_legal
>>> fresh_legal(new_game())
Legal(listed=(Carre(), Decline()), low=1, high=0, at=0)
"""

from __future__ import annotations

from cardrules.actions import CALL, CHECK, FOLD, Action, Raise
from cardrules.bouillotte.historic.actions import CARRE, DECLINE, Carre, Decline
from cardrules.bouillotte.historic.phase import Phase
from cardrules.bouillotte.historic.record import Record
from cardrules.legal import Legal

_CARRE_OR_DECLINE = Legal((CARRE, DECLINE))
_DECLINE_ONLY = Legal((DECLINE,))
_CHECK_ALONE = Legal((CHECK,))
_CALL_OR_FOLD = Legal((CALL, FOLD))
_CHECK_LISTED: tuple[Action, ...] = (CHECK,)
_CALL_LISTED: tuple[Action, ...] = (CALL, FOLD)


def _can_raise(record: Record, seat: int) -> bool:
    """X-4: a seat may raise only if some other seat still in is not all-in."""
    live = record.live & ~(1 << seat)
    return any(stack and live >> other & 1 for other, stack in enumerate(record.stacks))


def legal(record: Record) -> Legal:
    """The legal set of a decision node (``record.to_act`` is a seat).

    :param record: the state's record.
    :returns: the :class:`~cardrules.legal.Legal` set.

    >>> from cardrules.bouillotte.historic import new_game
    >>> from cardrules.shell import fresh_legal
    >>> fresh_legal(new_game(stacks=[100, 0, 100, 100], dealer=3)).describe()
    'carre, decline the carre'
    """
    seat: int = record.to_act  # type: ignore[assignment]
    if record.phase is Phase.CARRE:
        return carre_legal(record.stacks[seat], record.pot)
    return betting_legal(record, seat, record.largest)


def carre_legal(stack: int, pot: int) -> Legal:
    """What :func:`legal` returns in the carre phase (H-2.2, H-2.3) to a seat with
    ``stack`` chips facing a pot of ``pot``, which a carre or the deal's start hands over
    as it knows them: carre or decline, or only decline when the stack cannot stake the
    whole pot.

    >>> carre_legal(5, 4).describe(), carre_legal(3, 4).describe()
    ('carre, decline the carre', 'decline the carre')
    """
    return _CARRE_OR_DECLINE if stack >= pot else _DECLINE_ONLY


def betting_legal(record: Record, seat: int, largest: int, chips_elsewhere: int = 0) -> Legal:
    """What :func:`legal` returns at a decision of the betting (``record.phase`` is
    ``BETTING`` or ``PLUS_RIEN``): ``seat`` is ``record.to_act`` and ``largest`` the
    largest contribution, which a raise or a call hands over as it knows them;
    ``chips_elsewhere`` nonzero when another seat still in is known to have chips (the
    one that just raised or called: X-4 then needs no search).

    >>> from cardrules import Shuffle
    >>> from cardrules.bouillotte.historic import new_game
    >>> state = new_game().apply(DECLINE)
    >>> record = state.apply(Shuffle(state.chance_cards))._record
    >>> betting_legal(record, record.to_act, 1) == legal(record)
    True
    """
    contributions = record.contributions
    stacks = record.stacks
    own = contributions[seat]
    # no raise unless some other seat still in is not all-in
    top = own + stacks[seat] if chips_elsewhere or _can_raise(record, seat) else 0
    if record.last_raiser is None:  # H-4.2, H-4.3, H-4.5: pass, or open to low … top
        facing, low = False, (largest if largest > own else own + 1)
    elif record.phase is Phase.BETTING and own < largest:  # H-4.4, H-4.5: call, raise or fold
        facing, low = True, largest + 1
    else:  # H-4.4 option, H-4.8 plus rien
        facing, low = False, largest + 1
    if low > top:
        return _CALL_OR_FOLD if facing else _CHECK_ALONE
    listed = _CALL_LISTED if facing else _CHECK_LISTED
    return Legal._make(listed=listed, low=low, high=top, at=1, spelled=None)


def why_not(record: Record, action: Action, legal: Legal) -> tuple[str, str]:
    """Why ``action`` (an action of the game) is not in ``legal``, the legal set of
    ``record``: ``(rule id, reason)``, the reason naming what would be allowed.

    >>> from cardrules.actions import FOLD
    >>> from cardrules.bouillotte.historic import new_game
    >>> new_game().apply(FOLD)
    Traceback (most recent call last):
    ...
    cardrules.errors.IllegalActionError: seat 1 cannot fold: ... (H-2.2); legal now: ...
    """
    seat: int = record.to_act  # type: ignore[assignment]
    kind = action.__class__
    if kind is Raise and action.to.__class__ is not int:  # type: ignore[attr-defined]
        to = action.to  # type: ignore[attr-defined]
        return "X-9", f"a raise amount must be an int, not {type(to).__name__}"
    if record.phase is Phase.CARRE:
        if kind is Carre:
            pot = record.pot
            return "H-2.3", (
                f"a carre stakes the whole pot, {pot}, and the seat has only "
                f"{record.stacks[seat]}: it can only decline"
            )
        return "H-2.2", "before any card is dealt a seat may only carre or decline"
    if kind is Carre or kind is Decline:
        return "H-2.2", "the carre is offered only before any card is dealt"
    if record.last_raiser is None:
        return _why_not_before_opening(record, seat, action)
    return _why_not_after_opening(record, seat, action)


def _why_not_before_opening(record: Record, seat: int, action: Action) -> tuple[str, str]:
    """H-4.2, H-4.3, H-4.5, X-4 and H-1.2 before the opening."""
    own = record.contributions[seat]
    stack = record.stacks[seat]
    top = own + stack
    if action.__class__ is not Raise:
        return "H-4.2", (
            "before the opening a seat passes (check) or opens (raise); there "
            "is nothing to call or fold yet"
        )
    low = max(max(record.contributions), own + 1)
    if not _can_raise(record, seat):
        return "X-4", "every other seat still in is all-in, so nobody may open or raise"
    if top < low:
        return "H-4.5", (
            f"the opening must reach {low} and the seat can stake only {top} in all: "
            "it may only pass"
        )
    if action.to < low:
        return "H-4.3", (
            f"an opening reaches at least the largest contribution and 1 more "
            f"than the seat's own: at least {low}"
        )
    return "H-1.2", (
        f"the seat can stake at most {top} in all (its contribution {own} plus its stack {stack})"
    )


def _why_not_after_opening(record: Record, seat: int, action: Action) -> tuple[str, str]:
    """H-4.4, H-4.5, H-4.8, X-4 and H-1.2 after the opening."""
    phase = record.phase
    contributions = record.contributions
    own = contributions[seat]
    largest = max(contributions)
    stack = record.stacks[seat]
    top = own + stack
    kind = action.__class__
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
    if not _can_raise(record, seat):
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
