"""What one seat may see (X-10): its own cards, the cards face up, every public
action and event since ``new_game``.

A view holds the seat and the state's record with what the seat may not see taken
out (:func:`view_of`); every member is computed from it when asked (see
:mod:`cardrules.viewing`). What is hidden is all in the record's
:class:`~.record.Cards`; what each seat may see of a ``Cards`` value is computed once,
for every seat, and kept with it, so the views of a deal share it and a view costs
one copy of the record.

>>> import random
>>> from cardrules import sample_chance
>>> from .state import new_game
>>> state = new_game()
>>> state = state.apply(sample_chance(state, random.Random(2)))
>>> view = state.view(1)
>>> view.hand == state.hands[1], view.retournes == state.retournes, view.history
(True, True, (Shuffle(order=()),))
"""

from __future__ import annotations

from typing import Any, ClassVar, cast

from cardrules._fast import cache_setter, copier, part_viewer
from cardrules.cards import Card
from cardrules.game import Log
from cardrules.legal import Legal
from cardrules.viewing import SeatViewer, ViewBase

from .phase import Phase
from .record import Cards, Record
from .session import pots_of, returns

__all__ = ["View", "seat_view", "view_of"]


class View(ViewBase):
    """All that one seat may see, nothing more: two states the seat cannot tell apart
    give equal views (X-10)."""

    __slots__ = ()

    MEMBERS: ClassVar[tuple[str, ...]] = (
        *ViewBase.SHARED_FIRST,
        "betting_round",
        "face_up",
        "retournes",
        "dead_retournes",
        "folded",
        "announced",
        "rebuys",
        *ViewBase.SHARED_LAST,
    )
    _public: Record
    _pots = staticmethod(pots_of)
    _returns = staticmethod(returns)

    @property
    def phase(self) -> Phase:
        """Chance node of a deal, betting, or over."""
        return self._public.deal.phase

    @property
    def betting_round(self) -> int:
        """The betting round from 0 (V-M.3)."""
        return self._public.deal.betting_round

    @property
    def hand(self) -> tuple[Card, ...]:
        """The seat's own cards, in the order dealt (``()`` between deals)."""
        return self._public.cards.hands[self.seat]

    @property
    def face_up(self) -> tuple[tuple[Card, ...], ...]:
        """Each seat's cards face up on the table (open card, reveals, V-M.2, V-M.3)."""
        cards = self._public.cards
        return tuple(hand[:up] for hand, up in zip(cards.hands, cards.face_up, strict=True))

    @property
    def retournes(self) -> tuple[Card, ...]:
        """The community cards face up now."""
        return self._public.deal.retournes

    @property
    def dead_retournes(self) -> tuple[Card, ...]:
        """Retournés replaced by the retourné change (V-M.4)."""
        return self._public.deal.dead_retournes

    @property
    def folded(self) -> tuple[bool, ...]:
        """Which seats have folded this deal."""
        live = self._public.live
        return tuple(not live >> seat & 1 for seat in range(len(self._public.stacks)))

    @property
    def announced(self) -> tuple[str | None, ...]:
        """The class of brelan each seat announced this deal (not its cards), or ``None``."""
        return self._public.deal.announced

    @property
    def rebuys(self) -> tuple[int, ...]:
        """Each seat's rebuys (X-6)."""
        return self._public.deal.rebuys


_EMPTY: Log[Any] = Log()
_NO_LOGS = tuple((_EMPTY,) * n for n in range(9))
_set_seen = cache_setter(Cards, "_seen")
_seen_part = copier(Cards, ("deck", "hands", "brelans", "shuffles", "received", "_seen"))
"""``cards`` with these fields given: what one seat may see of them."""


def seen_by_each(cards: Cards) -> tuple[Cards, ...]:
    """What each seat may see of ``cards``: its own hand and its own cards received,
    the others' face-up cards (V-M.2, V-M.3); no deck, no brelans, no shuffle orders.

    >>> from .rules import Rules
    >>> from .session import first_record
    >>> seen_by_each(first_record(Rules(), (100,) * 4, 0).cards)[1].hands
    ((), (), (), ())
    """
    hands, received = cards.hands, cards.received
    shown = [hand[:up] for hand, up in zip(hands, cards.face_up, strict=True)]
    seen = []
    for seat, hand in enumerate(hands):
        theirs = shown.copy()
        theirs[seat] = hand
        logs = list(_NO_LOGS[len(hands)])
        logs[seat] = received[seat]
        seen.append(_seen_part(cards, (), tuple(theirs), 0, _EMPTY, tuple(logs), None))
    return tuple(seen)


def _seen_of(cards: Cards) -> tuple[Cards, ...]:
    """:func:`seen_by_each` of ``cards``, kept with them (the views of a deal share it)."""
    seen = seen_by_each(cards)
    _set_seen(cards, seen)
    return seen


seat_view = cast(SeatViewer[View], part_viewer(Record, "cards", "_seen", _seen_of, View._make))
"""What :func:`view_of` returns, as one generated function (the record copied with the
seat's part of its :class:`~.record.Cards`, and the view made): the state's view hook."""


def view_of(record: Record, seat: int, legal: Legal) -> View:
    """The view of ``seat`` (already checked) in the state of ``record``, with ``legal``
    the state's legal set when ``seat`` is to act: the record with the seat's part of
    its :class:`~.record.Cards` (:func:`seen_by_each`, computed once per ``Cards``).

    >>> from cardrules.legal import NOTHING
    >>> from .rules import Rules
    >>> from .session import first_record
    >>> view_of(first_record(Rules(), (100,) * 4, 0), 1, NOTHING).contributions
    (1, 1, 1, 1)
    """
    return seat_view(record, seat, legal)
