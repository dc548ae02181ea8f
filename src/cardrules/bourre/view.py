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

from typing import Any, ClassVar

from cardrules._fast import copier
from cardrules.bourre.phase import Phase
from cardrules.bourre.record import Private, Record, Table, cards_of
from cardrules.bourre.session import pots_of, returns
from cardrules.cards import STANDARD_DECK, Card, Suit
from cardrules.game import Log
from cardrules.legal import Legal
from cardrules.viewing import ViewBase

__all__ = ["Phase", "View", "view_of"]


class View(ViewBase):
    """Everything ``seat`` may know now, and nothing more: two states the seat cannot
    tell apart give equal views (X-10)."""

    __slots__ = ()

    MEMBERS: ClassVar[tuple[str, ...]] = (
        *ViewBase.SHARED_FIRST,
        "rebuys",
        "discards",
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
    _public: Record
    _pots = staticmethod(pots_of)
    _returns = staticmethod(returns)

    @property
    def phase(self) -> Phase:
        """Where the deal stands."""
        return self._public.table.phase

    @property
    def rebuys(self) -> tuple[int, ...]:
        """Rebuys per seat (X-6)."""
        return self._public.table.deal.rebuys

    @property
    def hand(self) -> tuple[Card, ...]:
        """The seat's own cards, in canonical order."""
        return cards_of(self._public.hands[self.seat])

    @property
    def discards(self) -> tuple[Card, ...]:
        """The seat's own discards of this deal."""
        mine = self._public.table.discarded[self.seat]
        return cards_of(mine) if mine else ()

    @property
    def trump_card(self) -> Card | None:
        """The dealer's face-up card (public even after the dealer discards it)."""
        trump = self._public.table.trump
        return STANDARD_DECK[trump] if trump >= 0 else None

    @property
    def trump(self) -> Suit | None:
        """The trump suit, or ``None`` before the deal."""
        trump = self._public.table.trump
        return STANDARD_DECK[trump].suit if trump >= 0 else None

    @property
    def trump_card_out(self) -> bool:
        """Whether this seat knows the trump up-card is out of play (B-4.3): every seat
        once the dealer drops; only the dealer when the dealer discards it (a discard
        is hidden, X-10)."""
        return self._public.table.trump_out

    @property
    def stayed_in(self) -> tuple[bool | None, ...]:
        """Per seat: ``True`` stayed in, ``False`` dropped, ``None`` not yet said (the
        stay phase goes round once from eldest, B-3.1)."""
        public = self._public
        table = public.table
        n, live, phase = len(public.hands), table.live, table.phase
        if phase is Phase.DEAL:
            return (None,) * n
        if phase is not Phase.STAY:
            return tuple(bool(live >> s & 1) for s in range(n))
        eldest = (table.deal.dealer + 1) % n
        said = (public.to_act - eldest) % n  # type: ignore[operator]
        return tuple(bool(live >> s & 1) if (s - eldest) % n < said else None for s in range(n))

    @property
    def exchanged(self) -> tuple[int | None, ...]:
        """Per seat: how many cards it exchanged, ``None`` before its exchange."""
        return tuple(None if d is None else d.bit_count() for d in self._public.table.discarded)

    @property
    def stock_size(self) -> int:
        """Cards left in the stock."""
        return len(self._public.table.stock)

    @property
    def muck_size(self) -> int:
        """Cards in the muck: the discards of the seats already served and the dropped
        hands. A discarded trump up-card counts (which cards a seat discarded is
        hidden, X-10), though no restock uses it; one taken out by a dropping dealer
        does not."""
        return self._public.table.muck.bit_count()

    @property
    def trick(self) -> tuple[Card, ...]:
        """The cards of the current trick, in play order."""
        return tuple(map(STANDARD_DECK.__getitem__, self._public.trick))

    @property
    def trick_leader(self) -> int | None:
        """The seat that led the current trick, during trick play."""
        leader = self._public.leader
        return leader if leader >= 0 else None

    @property
    def tricks_won(self) -> tuple[int, ...]:
        """Tricks won per seat in this deal."""
        return self._public.tricks_won


_EMPTY: Log[Any] = Log()
_UNKNOWN = tuple((-1,) * size for size in range(53))
"""A stock of each size whose cards are unknown."""
_COUNTED = tuple((1 << size) - 1 for size in range(53))
"""A card mask standing for ``size`` unknown cards."""
_NO_HANDS = tuple((0,) * n for n in range(9))
_NO_LOGS = tuple((_EMPTY,) * n for n in range(9))
_NONE_YET = tuple((None,) * n for n in range(9))
_public_table = copier(Table, ("trump_out", "stock", "muck", "discarded", "pending"))
_public_record = copier(Record, ("table", "hands", "private"))
_public_private = copier(Private, ("secret", "received", "own_actions"))


def view_of(record: Record, seat: int, legal: Legal) -> View:
    """What ``seat`` (a valid seat) may see in ``record`` (X-10), with ``legal`` the
    state's legal set when it is to act: the record without the other hands, the
    stock's order, which cards were discarded by others or are in the muck (their
    counts stay), whether the dealer discarded the up-card (for the other seats),
    the shuffles' orders and the other seats' exchanges and cards of earlier deals.

    >>> from cardrules.legal import NOTHING
    >>> from cardrules.bourre.rules import Rules
    >>> from cardrules.bourre.session import first_deal
    >>> view_of(first_deal(Rules(), (100,) * 4, 0), 2, NOTHING).hand
    ()
    """
    table = record.table
    dealer = table.deal.dealer
    dealer_dropped = not table.live >> dealer & 1
    # B-4.3 / X-10: a dealer who drops takes the up-card out in public; one who
    # discards it does so face down, so only the dealer's own view knows, and the
    # public muck count still counts the up-card among the dealer's discards (once
    # they are in the muck, i.e. not while the dealer's restock is pending)
    discarded_up = table.trump_out and not dealer_dropped
    pending = table.pending
    muck = table.muck.bit_count() + (1 if discarded_up and pending is None else 0)
    n = len(record.hands)
    hands = list(_NO_HANDS[n])
    hands[seat] = record.hands[seat]
    private = record.private
    received, own = list(_NO_LOGS[n]), list(_NO_LOGS[n])
    received[seat], own[seat] = private.received[seat], private.own_actions[seat]
    discarded = table.discarded
    if discarded != _NONE_YET[n]:  # others' discards: their counts only
        discarded = tuple(
            d if d is None or other == seat else _COUNTED[d.bit_count()]
            for other, d in enumerate(discarded)
        )
    public_table = _public_table(
        table,
        dealer_dropped or (discarded_up and seat == dealer),
        _UNKNOWN[len(table.stock)],
        _COUNTED[muck],
        discarded,
        None if pending is None else (pending[0], pending[1], 0),
    )
    public = _public_record(
        record,
        public_table,
        tuple(hands),
        _public_private(private, _EMPTY, tuple(received), tuple(own)),
    )
    return View._make(seat, public, legal)  # type: ignore[no-any-return]
