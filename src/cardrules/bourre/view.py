"""What one seat of Bourré may see: :class:`View`.

A view holds the seat's own cards and discards, everything face up (the trump
up-card, the trick, the tricks won), every action since ``new_game`` as the seat saw
it (a shuffle without its order, another seat's exchange as a count, its own whole),
every event, and the cards the seat received in each deal; never another seat's
hand, a discard of another seat, or the order of the stock (X-10).

A view holds the seat and the state's record with what the seat may not see taken
out (:func:`view_of`); every member is computed from it when asked (see
:mod:`cardrules.viewing`).

>>> import random
>>> from cardrules import sample_chance
>>> from cardrules.bourre import new_game
>>> state = new_game()
>>> state = state.apply(sample_chance(state, random.Random(2)))
>>> view = state.view(1)
>>> len(view.hand), view.legal_actions()
(5, (StayIn(), Drop()))
"""

from __future__ import annotations

from typing import ClassVar

from cardrules.bourre.phase import Phase
from cardrules.bourre.record import Record, SeatRecord, cards_of
from cardrules.bourre.rules import GAME_ID
from cardrules.bourre.session import pots_of, returns
from cardrules.cards import STANDARD_DECK, Card, Suit
from cardrules.legal import Legal
from cardrules.viewing import ViewBase


class View(ViewBase):
    """Everything ``seat`` may know now, and nothing more: two states the seat cannot
    tell apart give equal views (X-10)."""

    __slots__ = ()

    GAME_ID: ClassVar[str] = GAME_ID
    GAME_NAME: ClassVar[str] = "Bourré"
    MEMBERS: ClassVar[tuple[str, ...]] = (
        *ViewBase.SHARED_FIRST,
        "rebuys",
        "discards",
        "trump",
        "trump_card",
        "trump_card_out",
        "stayed_in",
        "exchanged",
        "stock_size",
        "muck_size",
        "trick",
        "trick_leader",
        "tricks_won",
        *ViewBase.SHARED_LAST,
    )
    _public: SeatRecord
    _pots = staticmethod(pots_of)
    _returns = staticmethod(returns)

    @property
    def phase(self) -> Phase:
        """Where the deal stands."""
        return self._public.deal.phase

    @property
    def rebuys(self) -> tuple[int, ...]:
        """Rebuys per seat (X-6)."""
        return self._public.deal.rebuys

    @property
    def hand(self) -> tuple[Card, ...]:
        """The seat's own cards, in canonical order."""
        return cards_of(self._public.hand)

    @property
    def discards(self) -> tuple[Card, ...]:
        """The seat's own discards of this deal."""
        mine = self._public.discards
        return cards_of(mine) if mine else ()

    @property
    def trump_card(self) -> Card | None:
        """The dealer's face-up card (public even after the dealer discards it)."""
        trump = self._public.deal.trump
        return STANDARD_DECK[trump] if trump >= 0 else None

    @property
    def trump(self) -> Suit | None:
        """The trump suit, or ``None`` before the deal."""
        trump = self._public.deal.trump
        return STANDARD_DECK[trump].suit if trump >= 0 else None

    @property
    def trump_card_out(self) -> bool:
        """Whether this seat knows the trump up-card is out of play (B-4.3): every seat
        once the dealer drops; only the dealer when the dealer discards it (a discard
        is hidden, X-10)."""
        public = self._public
        deal = public.deal
        if not deal.live >> deal.dealer & 1:
            return True
        discards = public.discards  # a seat's own: 0 before its exchange
        return bool(discards) and self.seat == deal.dealer and bool(discards >> deal.trump & 1)

    @property
    def stayed_in(self) -> tuple[bool | None, ...]:
        """Per seat: ``True`` stayed in, ``False`` dropped, ``None`` not yet said (the
        stay phase goes round once from eldest, B-3.1)."""
        public = self._public
        deal = public.deal
        n, live, phase = public.players, deal.live, deal.phase
        if phase is Phase.DEAL:
            return (None,) * n
        if phase is not Phase.STAY:
            return tuple(bool(live >> s & 1) for s in range(n))
        eldest = (deal.dealer + 1) % n
        said = (public.to_act - eldest) % n  # type: ignore[operator]
        return tuple(bool(live >> s & 1) if (s - eldest) % n < said else None for s in range(n))

    @property
    def exchanged(self) -> tuple[int | None, ...]:
        """Per seat: how many cards it exchanged, ``None`` before its exchange."""
        return self._public.deal.exchanged

    @property
    def stock_size(self) -> int:
        """Cards left in the stock."""
        return self._public.deal.stock_size

    @property
    def muck_size(self) -> int:
        """Cards in the muck: the discards of the seats already served and the dropped
        hands. A discarded trump up-card counts (which cards a seat discarded is
        hidden, X-10), though no restock uses it; one taken out by a dropping dealer
        does not."""
        return self._public.deal.muck_size

    @property
    def trick(self) -> tuple[Card, ...]:
        """The cards of the current trick, in play order."""
        return self._public.trick

    @property
    def trick_leader(self) -> int | None:
        """The seat that led the current trick, during trick play."""
        leader = self._public.leader
        return leader if leader >= 0 else None

    @property
    def tricks_won(self) -> tuple[int, ...]:
        """Tricks won per seat in this deal."""
        return self._public.tricks_won


def view_of(record: Record, seat: int, legal: Legal) -> View:
    """What ``seat`` (a valid seat) may see in ``record`` (X-10), with ``legal`` the
    state's legal set when it is to act: the record's public fields (the table holds
    only public values: the sizes of the stock and the muck, how many cards each seat
    exchanged) and the seat's own hand, discards, cards received and exchanges; never
    the other hands, the stock's order, the muck, the others' discards or the
    shuffles' orders (all in :class:`~cardrules.bourre.record.Hidden`).

    >>> from cardrules.legal import NOTHING
    >>> from cardrules.bourre.rules import Rules
    >>> from cardrules.bourre.session import first_deal
    >>> view_of(first_deal(Rules(), (100,) * 4, 0), 2, NOTHING).hand
    ()
    """
    public = SeatRecord._make(
        deal=record.deal,
        stacks=record.stacks,
        to_act=record.to_act,
        trick=record.trick,
        leader=record.leader,
        tricks_won=record.tricks_won,
        seat=seat,
        hand=record.hands[seat],
        log=record.log.seat_part(seat),
    )
    view: View = View._make(seat, public, legal)
    return view
