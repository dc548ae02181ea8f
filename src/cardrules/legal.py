"""The legal set of one state: :class:`Legal`, the single value behind
``legal_actions()``, ``is_legal()`` and the reason an action is refused.

Raise amounts are a range (``low`` … ``high``), spelled out only when
:meth:`Legal.actions` is asked, so judging an action costs the same whatever the
amounts at stake.

>>> from cardrules.actions import CHECK, FOLD, CALL, Raise
>>> legal = Legal((CALL, FOLD), low=4, high=10**9, at=1)
>>> Raise(to=10**6) in legal, Raise(to=3) in legal, FOLD in legal, CHECK in legal
(True, False, True, False)
>>> legal.describe()
'call, raise to 4…1000000000, fold'
>>> Legal((CHECK,), low=2, high=4, at=1).actions()
(Check(), Raise(to=2), Raise(to=3), Raise(to=4))
"""

from __future__ import annotations

import sys
from typing import Any

import attrs

from cardrules._fast import keyword_constructor
from cardrules.actions import Action, Raise, raise_to, raises_between
from cardrules.errors import CardRulesError, shorten

__all__ = ["NOTHING", "Legal", "legal_of"]

_MOST_LISTED = 12
"""How many single actions :meth:`Legal.describe` names before it counts the rest."""


@attrs.frozen(slots=True, weakref_slot=False)
class Legal:
    """Every legal action of one state: actions listed one by one, and an optional
    range of raises (``Raise(to)`` for ``low <= to <= high``; none when
    ``low > high``) that stands after the first ``at`` listed actions.
    """

    listed: tuple[Action, ...] = ()
    """The legal actions other than raises, in their order (each usually interned)."""
    low: int = 1
    """The smallest legal ``Raise(to)``."""
    high: int = 0
    """The largest legal ``Raise(to)`` (``low > high``: no raise is legal)."""
    at: int = 0
    """Where the raises stand in :meth:`actions`: after ``listed[:at]``."""
    spelled: tuple[Action, ...] | None = attrs.field(default=None, eq=False, repr=False)
    """Every legal action spelled out, kept by a legal set that many states share (a
    function of the other fields, so it takes no part in equality); ``None``: spelled
    out by :meth:`actions` when asked."""

    @staticmethod
    def _make(**fields: Any) -> Legal:
        """A legal set of the class from every one of its fields, by keyword, without
        running ``__init__`` (installed per class: most decisions build one)."""
        raise NotImplementedError  # pragma: no cover - replaced in every class

    def __init_subclass__(cls, **kwargs: Any) -> None:
        super().__init_subclass__(**kwargs)
        if "__attrs_attrs__" in cls.__dict__ and "__slots__" in cls.__dict__:
            cls._make = staticmethod(keyword_constructor(cls))  # type: ignore[method-assign]

    def __sizeof__(self) -> int:
        spelled = self.spelled  # kept actions count towards a cache's size
        return object.__sizeof__(self) + (0 if spelled is None else sys.getsizeof(spelled))

    def __contains__(self, action: object) -> bool:
        """Whether ``action`` is legal: O(1) for raises, a short scan otherwise; never
        raises, whatever ``action`` is."""
        if action.__class__ is Raise:
            to = action.to
            return to.__class__ is int and self.low <= to <= self.high
        return self.find(action) is not None

    def find(self, action: object) -> Action | None:
        """The listed action equal to ``action`` (the interned one), else ``None``.

        >>> from cardrules.actions import CHECK, Check
        >>> Legal((CHECK,)).find(Check()) is CHECK
        True
        """
        listed = self.listed
        for candidate in listed:
            if candidate is action:
                return candidate
        for candidate in listed:
            try:
                if candidate.__class__ is action.__class__ and candidate == action:
                    return candidate
            except Exception:  # an odd field value: not equal
                continue
        return None

    @property
    def count(self) -> int:
        """How many legal actions there are (raises included), without listing them.

        >>> Legal((), low=2, high=10**12).count
        999999999999
        """
        raises = self.high - self.low + 1
        return len(self.listed) + raises if raises > 0 else len(self.listed)

    def nth(self, index: int) -> Action:
        """``actions()[index]`` without spelling the raises out: O(1) at any stack,
        so a bot drawing one legal action pays the same for three as for a million.

        >>> from cardrules.actions import CALL, FOLD
        >>> legal = Legal((CALL, FOLD), low=4, high=10**9, at=1)
        >>> legal.nth(0), legal.nth(1), legal.nth(legal.count - 1)
        (Call(), Raise(to=4), Fold())
        >>> legal.nth(legal.count)
        Traceback (most recent call last):
        ...
        IndexError: legal action 999999999 of 999999999 (indices 0 to 999999998)
        """
        spelled = self.spelled  # a shared set keeps its few actions spelled out
        if spelled is not None and index.__class__ is int and -len(spelled) <= index < len(spelled):
            return spelled[index]
        listed, low, high = self.listed, self.low, self.high
        raises = high - low + 1 if low <= high else 0
        count = len(listed) + raises
        if index.__class__ is not int or not -count <= index < count:
            raise IndexError(
                f"legal action {shorten(index, repr)} of {count} (indices 0 to {count - 1})"
            )
        if index < 0:
            index += count
        at = self.at
        if index < at or not raises:
            return listed[index]
        if index < at + raises:
            return raise_to(low + index - at)
        return listed[index - raises]

    def actions(self) -> tuple[Action, ...]:
        """Every legal action, raise amounts spelled out, in order."""
        if self.low > self.high:
            return self.listed
        if self.spelled is not None:
            return self.spelled
        at, listed = self.at, self.listed
        raises = raises_between(self.low, self.high)
        return listed[:at] + raises + listed[at:]

    def describe(self) -> str:
        """The legal actions in a few words, raises as a range ("nothing" when none).

        >>> NOTHING.describe()
        'nothing'
        """
        names = [str(action) for action in self.listed[:_MOST_LISTED]]
        more = len(self.listed) - len(names)
        if self.low <= self.high:
            span = f"{self.low}" if self.low == self.high else f"{self.low}…{self.high}"
            names.insert(min(self.at, len(names)), f"raise to {span}")
        if more:
            names.append(f"… ({more} more)")
        return ", ".join(names) if names else "nothing"


Legal._make = staticmethod(keyword_constructor(Legal))  # type: ignore[method-assign]
NOTHING = Legal()
"""The legal set at a chance node and at the end of the session."""


def legal_of(view: Any, who: str) -> Legal:
    """The legal set of ``view``: its ``legal()``, else its ``legal_actions()`` listed
    (a view of a game from another package that has no ``legal()``).

    :param who: the caller's name, for the error message.
    :raises CardRulesError: if ``view`` has neither.

    >>> from cardrules.bouillotte import historic
    >>> legal_of(historic.new_game().view(1), "a bot").describe()
    'carre, decline the carre'
    >>> legal_of(None, "a bot")
    Traceback (most recent call last):
    ...
    cardrules.errors.CardRulesError: a bot needs a seat's view, not None
    """
    try:
        found = view.legal()
    except (AttributeError, TypeError):  # no legal(): read legal_actions() below
        found = None
    if isinstance(found, Legal):
        return found
    try:
        actions = tuple(view.legal_actions())
    except (AttributeError, TypeError):
        if callable(getattr(view, "legal_actions", None)):
            raise  # the view's own failure, not a missing member
        raise CardRulesError(f"{who} needs a seat's view, not {shorten(view, repr)}") from None
    return Legal(actions)
