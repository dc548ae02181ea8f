"""What one seat may see (X-10): :class:`View`.

A view holds the seat's own cards, the retourné, every chip count, every public
action since ``new_game`` (a shuffle shows without its order), every event (the hands
shown at each showdown among them) and the seat's own cards of every deal — never
another seat's hidden card or the deck order. Folded hands become public only when
the collective point exposes them (H-5.3).

A view holds the seat and its :class:`~.record.SeatRecord`: the state's record's
public fields, shared, with the seat's own hand and its part of the log (:func:`view_of`);
every member is computed from it when asked (see :mod:`cardrules.viewing`).

>>> from cardrules.bouillotte.historic import new_game
>>> view = new_game().view(1)
>>> view.seat, view.hand, view.legal_actions()
(1, (), (Carre(), Decline()))
"""

from __future__ import annotations

from fractions import Fraction
from typing import ClassVar

from cardrules.bouillotte.historic.events import ShowdownHands
from cardrules.bouillotte.historic.phase import Phase
from cardrules.bouillotte.historic.record import Record, SeatRecord
from cardrules.bouillotte.historic.rules import GAME_ID
from cardrules.bouillotte.historic.session import folded_of, pots_of, returns
from cardrules.cards import Card
from cardrules.legal import Legal
from cardrules.viewing import ViewBase


class View(ViewBase):
    """All that :attr:`seat` may see of a state, and nothing more: two states the seat
    cannot tell apart give equal views (X-10)."""

    __slots__ = ()

    GAME_ID: ClassVar[str] = GAME_ID
    GAME_NAME: ClassVar[str] = "historic Bouillotte"
    MEMBERS: ClassVar[tuple[str, ...]] = (
        *ViewBase.SHARED_FIRST,
        "retourne",
        "carried",
        "folded",
        "primes",
        "rebuys",
        "carres",
        "last_carreur",
        "opened",
        "last_raiser",
        "showdown",
        *ViewBase.SHARED_LAST,
    )
    _public: SeatRecord
    _pots = staticmethod(pots_of)
    _returns = staticmethod(returns)

    @property
    def phase(self) -> Phase:
        """Where the deal stands."""
        return self._public.phase

    @property
    def hand(self) -> tuple[Card, ...]:
        """The seat's own cards, in canonical order (``()`` before the deal, X-10)."""
        return self._public.hand

    @property
    def retourne(self) -> Card | None:
        """The card turned up, ``None`` before the deal."""
        return self._public.deal.retourne

    @property
    def carried(self) -> int:
        """Dead money carried from the previous deal."""
        return self._public.deal.carried

    @property
    def folded(self) -> tuple[bool, ...]:
        """Which seats have folded this deal."""
        return folded_of(self._public.live)

    @property
    def primes(self) -> tuple[int, ...]:
        """Every seat's primes account (H-6.2)."""
        return self._public.deal.primes

    @property
    def rebuys(self) -> tuple[int, ...]:
        """How many caves each seat has rebought (H-7.1)."""
        return self._public.deal.rebuys

    @property
    def results(self) -> tuple[Fraction, ...]:
        """Every seat's :meth:`returns` (kept under its earlier name)."""
        return self.returns()

    @property
    def carres(self) -> int:
        """How many carres were staked this deal."""
        return self._public.deal.carres

    @property
    def last_carreur(self) -> int | None:
        """The last seat to carre this deal."""
        return self._public.deal.last_carreur

    @property
    def opened(self) -> bool:
        """Whether the betting has been opened."""
        return self._public.last_raiser is not None

    @property
    def last_raiser(self) -> int | None:
        """The last seat to open or raise."""
        return self._public.last_raiser

    @property
    def showdown(self) -> ShowdownHands | None:
        """The hands shown at the last showdown, until the next shuffle (every
        showdown stays in :attr:`events`)."""
        return self._public.deal.showdown


def view_of(record: Record, seat: int, legal: Legal) -> View:
    """``seat``'s view of the state of ``record`` (``seat`` already checked; ``legal``
    the state's legal set when it is to act): the record without the other seats'
    cards, of this deal or earlier ones, and without the shuffles' orders.

    >>> from cardrules.bouillotte.historic import new_game
    >>> new_game().view(3).stacks
    (99, 100, 100, 100)
    """
    # the hand is the deal's batch of cards received, in canonical order (no card
    # is drawn in Bouillotte), not the order the cards were dealt in
    log = record.log.seat_part(seat)
    public = SeatRecord._make(
        deal=record.deal,
        stacks=record.stacks,
        contributions=record.contributions,
        live=record.live,
        last_raiser=record.last_raiser,
        to_act=record.to_act,
        seat=seat,
        hand=log.own_received.last() if record.hidden.hands[seat] else (),
        log=log,
    )
    view: View = View._make(seat, public, legal)
    return view
