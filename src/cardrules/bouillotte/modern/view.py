"""What one seat may see (X-10): its own cards, the cards face up, every public
action and event since ``new_game``.

A view holds the seat and its :class:`~.record.SeatRecord`: the state's record
without what the seat may not see (:func:`view_of`); every member is computed from it
when asked (see :mod:`cardrules.viewing`). What is hidden is all in the record's
:class:`~.record.Hidden`, of which the seat's record keeps the seat's own hand; it
shares the rest (the :class:`~.record.Deal`, the seat's part of the log), so a view
costs one small record.

>>> import random
>>> from cardrules import sample_chance
>>> from cardrules.bouillotte.modern.state import new_game
>>> state = new_game()
>>> state = state.apply(sample_chance(state, random.Random(2)))
>>> view = state.view(1)
>>> view.hand == tuple(sorted(state.hands[1])), view.retournes == state.retournes, view.history
(True, True, (Shuffle(order=()),))
"""

from __future__ import annotations

from typing import ClassVar

from cardrules.bouillotte.modern.phase import Phase
from cardrules.bouillotte.modern.record import Record, SeatRecord
from cardrules.bouillotte.modern.rules import GAME_ID
from cardrules.bouillotte.modern.session import pots_of, returns
from cardrules.cards import Card
from cardrules.legal import Legal
from cardrules.viewing import ViewBase


class View(ViewBase):
    """All that one seat may see, nothing more: two states the seat cannot tell apart
    give equal views (X-10)."""

    __slots__ = ()

    GAME_ID: ClassVar[str] = GAME_ID
    GAME_NAME: ClassVar[str] = "modern Bouillotte"
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
    _public: SeatRecord
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
        """The seat's own cards, in canonical order (``()`` between deals, X-10)."""
        return self._public.hand

    @property
    def face_up(self) -> tuple[tuple[Card, ...], ...]:
        """Each seat's cards face up on the table (open card, reveals, V-M.2, V-M.3)."""
        return self._public.deal.shown

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


def view_of(record: Record, seat: int, legal: Legal) -> View:
    """The view of ``seat`` (already checked) in the state of ``record``, with ``legal``
    the state's legal set when ``seat`` is to act: the record's public fields and the
    seat's own hand and cards received (a :class:`~.record.SeatRecord`).

    >>> from cardrules.legal import NOTHING
    >>> from cardrules.bouillotte.modern.rules import Rules
    >>> from cardrules.bouillotte.modern.session import first_deal
    >>> view_of(first_deal(Rules(), (100,) * 4, 0), 1, NOTHING).contributions
    (1, 1, 1, 1)
    """
    # the hand is the deal's batch of cards received, in canonical order (no card
    # is drawn in Bouillotte), not the order the cards were dealt in
    log = record.log.seat_part(seat)
    public = SeatRecord._make(
        deal=record.deal,
        stacks=record.stacks,
        to_act=record.to_act,
        live=record.live,
        seat=seat,
        hand=log.own_received.last() if record.hidden.hands[seat] else (),
        log=log,
    )
    view: View = View._make(seat, public, legal)
    return view
