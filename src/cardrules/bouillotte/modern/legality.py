"""What the seat to act may do (M-3.2, M-3.3, X-3, X-4, M-4.1, M-4.3), as one
:class:`~cardrules.legal.Legal` value, and why an action outside it is refused.

Raises are a range: judging ``Raise(to=10**6)`` costs what judging ``Raise(to=3)``
does, and the amounts are spelled out only when ``legal_actions()`` is asked.

>>> from cardrules import Shuffle
>>> from cardrules.bouillotte.modern.state import new_game
>>> state = new_game()
>>> state = state.apply(Shuffle(state.chance_cards))
>>> state.legal()
BettingLegal(listed=(Check(),), low=2, high=6, at=1)
"""

from __future__ import annotations

import attrs

from cardrules.actions import CALL, CHECK, FOLD, Action, Call, Check, Fold, Raise
from cardrules.bouillotte.modern.actions import ANNOUNCE, Announce
from cardrules.bouillotte.modern.hands import value_of
from cardrules.bouillotte.modern.record import Record, able
from cardrules.caching import BoundedCache
from cardrules.errors import shorten
from cardrules.legal import Legal

_LISTED: tuple[tuple[tuple[Action, ...], int], ...] = (
    ((CHECK,), 1),
    ((CALL, FOLD), 1),
    ((CALL,), 1),  # facing a bet after announcing: no fold (M-4.3)
    ((ANNOUNCE, CHECK), 2),
    ((ANNOUNCE, CALL, FOLD), 2),
)
"""The actions listed beside the raises, by kind, and where the raises stand."""


_SPELL_AT_ONCE = 64
"""A legal set with at most this many raises is spelled out once, when it is made."""


@attrs.frozen(slots=True, weakref_slot=False)
class BettingLegal(Legal):
    """A betting state's :class:`~cardrules.legal.Legal`. One value serves every state
    with the same listed actions and raise range, so one with a few raises keeps its
    actions spelled out for all of them (:attr:`~cardrules.legal.Legal.spelled`; its
    size counts them)."""


_LEGALS = BoundedCache[tuple[int, int, int], BettingLegal](max_bytes=1 << 22)
"""The legal sets by (kind, largest, highest raise): few, and shared by many states."""


def _make_legal(kind: int, largest: int, high: int) -> BettingLegal:
    """The legal set of this kind and raise range, its actions spelled out if few (and
    kept in the cache)."""
    listed, at = _LISTED[kind]
    made = BettingLegal(listed=listed, low=largest + 1, high=high, at=at)
    if high - largest <= _SPELL_AT_ONCE:
        made = attrs.evolve(made, spelled=made.actions())
    return _LEGALS.put((kind, largest, high), made)


def others_can_bet(record: Record, seat: int) -> bool:
    """Whether some seat still in other than ``seat`` has chips (X-4: else no raise).

    >>> from cardrules.bouillotte.modern.state import new_game
    >>> others_can_bet(new_game()._record, 0)
    True
    """
    return able(record.stacks, record.live & ~(1 << seat)) != 0


def legal(record: Record) -> Legal:
    """The legal set of the seat to act (``record.to_act`` an int).

    :param record: a betting state's record.
    :returns: the checks, calls, folds and announcements listed, raises as a range:
        ``Raise(to)`` from the largest contribution + 1 to + ``max_raise``, within the
        stack (X-3), none when every other seat still in is all-in (X-4).

    >>> from cardrules import Shuffle
    >>> from cardrules.bouillotte.modern.state import new_game
    >>> state = new_game()
    >>> legal(state.apply(Shuffle(state.chance_cards))._record).describe()
    'check, raise to 2…6'
    """
    return legal_of(record, record.to_act)  # type: ignore[arg-type]


def legal_of(record: Record, seat: int, others_have_chips: bool = False) -> Legal:
    """What :func:`legal` returns for ``seat`` to act in ``record`` (a transition calls
    it with the seat it found); ``others_have_chips`` when another seat still in is
    known to have chips (the one that just bet: X-4 then needs no search)."""
    deal = record.deal
    rules = deal.rules
    largest = record.largest
    cap = deal.totals[seat]  # the most the seat can put in: its stack and contribution
    kind = 0 if cap - record.stacks[seat] == largest else 1  # check, or call and fold
    if rules.announce_fee is not None:
        if deal.announced[seat] is not None:
            kind = kind << 1  # M-4.3: 0 stays 0, check; 1 becomes 2, call and no fold
        elif record.hidden.brelans >> seat & 1:
            kind += 3  # M-4.1: a brelan may be announced
    high = min(largest + rules.max_raise, cap)  # M-3.3, X-3
    # no raise when every other seat still in is all-in (when nobody is all-in,
    # another seat still in has chips: a deal with one seat left is over)
    if (
        high > largest
        and not others_have_chips
        and 0 in record.stacks
        and not able(record.stacks, record.live & ~(1 << seat))
    ):
        high = largest
    found = _LEGALS.lookup((kind, largest, high))
    return _make_legal(kind, largest, high) if found is None else found


def why_not(record: Record, action: Action, legal: Legal) -> tuple[str, str]:
    """Why ``action`` (an action of the game) is not in ``legal``: ``(rule id, reason)``.

    >>> from cardrules import Shuffle
    >>> from cardrules.bouillotte.modern.state import new_game
    >>> state = new_game()
    >>> state = state.apply(Shuffle(state.chance_cards))
    >>> why_not(state._record, Raise(to=9), state.legal())
    ('M-3.3', 'a raise adds at most max_raise=5 to the largest contribution 1, so at most 6')
    """
    seat: int = record.to_act  # type: ignore[assignment]
    cls = action.__class__
    if cls is Raise:
        return _why_not_raise(record, action, legal)  # type: ignore[arg-type]
    deal = record.deal
    rules = deal.rules
    if cls is Announce:
        if rules.announce_fee is None:
            return "M-4.1", "announcements are off (announce_fee=None)"
        if deal.announced[seat] is not None:
            return "M-4.1", "a seat announces at most once per deal"
        value = value_of(rules, record.hidden.hands[seat], deal.retournes)
        return "M-4.1", f"only a brelan can be announced, and the seat holds {value}"
    owed = record.largest - record.contributions[seat]
    if cls is Fold:
        if deal.announced[seat] is not None:
            return "M-4.3", "a seat that announced a brelan may not fold"
        return "M-3.2", "there is no bet to fold to; check or raise"
    if cls is Check:
        return "M-3.2", f"facing a bet ({owed} more to call), a seat calls, raises or folds"
    assert cls is Call
    return "M-3.2", "there is no bet to call; check or raise"


def _why_not_raise(record: Record, action: Raise, legal: Legal) -> tuple[str, str]:
    """Why a raise is outside ``legal``'s range."""
    to = action.to
    if to.__class__ is not int:
        return "X-9", f"a raise needs an int amount, not {shorten(to, repr)}"
    seat: int = record.to_act  # type: ignore[assignment]
    largest = legal.low - 1
    if legal.low > legal.high and not others_can_bet(record, seat):
        return "X-4", "every other seat still in is all-in, so nobody may raise"
    if to <= largest:
        return "M-3.3", f"a raise must bring the contribution above the largest, {largest}"
    max_raise = record.deal.rules.max_raise
    if to > largest + max_raise:
        return "M-3.3", (
            f"a raise adds at most max_raise={max_raise} to the largest contribution "
            f"{largest}, so at most {largest + max_raise}"
        )
    stake = to - record.contributions[seat]
    return "X-3", f"it would stake {shorten(stake)} with a stack of {record.stacks[seat]}"
