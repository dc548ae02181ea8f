"""What one seat may see (X-10): its own cards, the cards face up, every public
action and event since ``new_game``.

A view holds the seat and the state's record with what the seat may not see taken
out (:func:`view_of`); every member is computed from it when asked (see
:mod:`cardrules.viewing`).

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

from typing import Any, ClassVar

from cardrules._fast import copier
from cardrules.cards import Card
from cardrules.game import Log
from cardrules.legal import Legal
from cardrules.viewing import ViewBase

from .phase import Phase
from .record import Deal, Record
from .session import pots_of, returns

__all__ = ["View", "view_of"]


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
        return self._public.deal.hands[self.seat]

    @property
    def face_up(self) -> tuple[tuple[Card, ...], ...]:
        """Each seat's cards face up on the table (open card, reveals, V-M.2, V-M.3)."""
        deal = self._public.deal
        return tuple(hand[:up] for hand, up in zip(deal.hands, deal.face_up, strict=True))

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
_NO_HANDS: tuple[tuple[tuple[Card, ...], ...], ...] = tuple(((),) * n for n in range(9))
_NOTHING_UP = tuple((0,) * n for n in range(9))
_NO_LOGS = tuple((_EMPTY,) * n for n in range(9))
_public_deal = copier(Deal, ("deck", "hands", "brelans"))
_public_record = copier(Record, ("deal", "shuffles", "received"))


def view_of(record: Record, seat: int, legal: Legal) -> View:
    """The view of ``seat`` (already checked) in the state of ``record``, with ``legal``
    the state's legal set when ``seat`` is to act: the record without the deck, the
    other seats' face-down cards, who holds a brelan, the shuffles' orders and the
    other seats' cards of earlier deals.

    >>> from cardrules.legal import NOTHING
    >>> from .rules import Rules
    >>> from .session import first_record
    >>> view_of(first_record(Rules(), (100,) * 4, 0), 1, NOTHING).contributions
    (1, 1, 1, 1)
    """
    deal = record.deal
    n = len(record.stacks)
    if deal.face_up == _NOTHING_UP[n]:
        shown = list(_NO_HANDS[n])
        shown[seat] = deal.hands[seat]
    else:  # open cards (V-M.2, V-M.3): the others' face-up cards too
        shown = [hand[:up] for hand, up in zip(deal.hands, deal.face_up, strict=True)]
        shown[seat] = deal.hands[seat]
    received = list(_NO_LOGS[n])
    received[seat] = record.received[seat]
    public = _public_record(
        record, _public_deal(deal, (), tuple(shown), 0), _EMPTY, tuple(received)
    )
    return View._make(seat, public, legal)  # type: ignore[no-any-return]
