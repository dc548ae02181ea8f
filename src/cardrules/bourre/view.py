"""What one seat of Bourré may see: :class:`View`.

A view holds the seat's own cards and discards, everything face up (the trump
up-card, the trick, the tricks won), the public history (a shuffle without its
order, another seat's exchange as a count) and the public events; never another
seat's hand, a discard of another seat, or the order of the stock (X-10).

The history and events are those of the current deal; between deals, at the next
deal's chance node, they still hold the deal just finished (its last card, last
trick, pot and bourré payments) followed by the new deal's opening events.

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

import attrs

from cardrules.actions import Action
from cardrules.bourre.actions import Exchange, hidden_exchange
from cardrules.bourre.legality import legal
from cardrules.bourre.phase import Phase
from cardrules.bourre.record import Record, cards_of
from cardrules.bourre.rules import Rules
from cardrules.cards import STANDARD_DECK, Card, Suit
from cardrules.chance import HIDDEN_SHUFFLE, Chance, Shuffle
from cardrules.events import Event
from cardrules.shell import ViewBase

__all__ = ["Phase", "View", "view_of"]


@attrs.frozen(slots=True)
class View(ViewBase):
    """Everything ``seat`` may know now, and nothing more (X-10)."""

    seat: int
    """The seat whose view this is."""
    rules: Rules
    """The rules."""
    phase: Phase
    """The phase."""
    to_act: int | Chance | None
    """The seat to act, ``CHANCE`` or ``None`` (public)."""
    dealer: int
    """The dealer's seat."""
    deal_number: int
    """The deal's index from 0."""
    stacks: tuple[int, ...]
    """Every seat's stack."""
    pot: int
    """Every chip in the middle."""
    contributions: tuple[int, ...]
    """What each seat put in during this deal."""
    rebuys: tuple[int, ...]
    """Rebuys per seat."""
    hand: tuple[Card, ...]
    """The seat's own cards, in canonical order."""
    discards: tuple[Card, ...]
    """The seat's own discards of this deal."""
    trump_card: Card | None
    """The dealer's face-up card (public even after the dealer discards it)."""
    trump_card_out: bool
    """Whether this seat knows the trump up-card is out of play (B-4.3): every seat
    once the dealer drops; only the dealer when the dealer discards it (a discard is
    hidden, X-10)."""
    stayed_in: tuple[bool | None, ...]
    """Per seat: ``True`` stayed in, ``False`` dropped, ``None`` not yet said."""
    exchanged: tuple[int | None, ...]
    """Per seat: how many cards it exchanged, ``None`` before its exchange (public)."""
    stock_size: int
    """Cards left in the stock."""
    muck_size: int
    """Cards in the muck: the discards of the seats already served and the dropped
    hands. A discarded trump up-card counts (which cards a seat discarded is hidden,
    X-10), though no restock uses it; one taken out by a dropping dealer does not."""
    trick: tuple[Card, ...]
    """The cards of the current trick, in play order."""
    trick_leader: int | None
    """The seat that led the current trick, during trick play."""
    tricks_won: tuple[int, ...]
    """Tricks won per seat in this deal."""
    history: tuple[Action, ...] = attrs.field(repr=False)
    """This deal's actions as every seat saw them: a ``Shuffle`` without its order, every
    ``Exchange`` as a ``HiddenExchange(count)`` (the seat's own discards are in
    :attr:`discards`). At the chance node of a deal after the first, those of the deal
    just finished (X-10). Earlier deals are summed up in the stacks and the pot."""
    events: tuple[Event, ...] = attrs.field(repr=False)
    """The events since this deal began (its ``DealStarted``), newest last. At the
    chance node of a deal after the first, from the previous deal's ``DealStarted``:
    the deal just finished, its settlement, then the new deal's rebuys and antes. At the
    end of the session they include the pot sharing and the results."""
    legal: tuple[Action, ...] = attrs.field(repr=False)
    """The seat's legal actions (use :meth:`legal_actions`)."""

    @property
    def trump(self) -> Suit | None:
        """The trump suit, or ``None`` before the deal."""
        return None if self.trump_card is None else self.trump_card.suit

    def legal_actions(self) -> tuple[Action, ...]:
        """The state's legal actions when this seat is to act, else ``()``."""
        return self.legal


def _public(action: Action) -> Action:
    """An action as every seat sees it: a shuffle without its order, an exchange as a count."""
    cls = action.__class__
    if cls is Shuffle:
        return HIDDEN_SHUFFLE
    if cls is Exchange:
        return hidden_exchange(len(action.discards))  # type: ignore[attr-defined]
    return action


def _stayed_in(record: Record) -> tuple[bool | None, ...]:
    """Per seat: whether it stayed in, ``None`` before it has said (the stay phase goes
    round once from eldest, B-3.1; a new deal starts with nobody having said)."""
    table = record.table
    n, live, phase = len(record.hands), table.live, table.phase
    if phase is Phase.DEAL:
        return (None,) * n
    if phase is not Phase.STAY:
        return tuple(bool(live >> s & 1) for s in range(n))
    eldest = (table.deal.dealer + 1) % n
    said = (record.to_act - eldest) % n  # type: ignore[operator]
    return tuple(bool(live >> s & 1) if (s - eldest) % n < said else None for s in range(n))


def view_of(record: Record, seat: int) -> View:
    """What ``seat`` (a valid seat) may see in ``record`` (X-10). At a deal's chance
    node the view's history and events still hold the deal just finished (its last
    trick, its settlement).

    >>> from cardrules.bourre.session import first_deal
    >>> view_of(first_deal(Rules(), (100,) * 4, 0), 2).hand
    ()
    """
    table = record.table
    deal = table.deal
    mine = table.discarded[seat]
    live = table.live
    dealer_dropped = not live >> deal.dealer & 1
    # B-4.3 / X-10: a dealer who drops takes the up-card out in public; one who
    # discards it does so face down, so only the dealer's own view knows, and the
    # public muck count still counts the up-card among the dealer's discards (once
    # they are in the muck, i.e. not while the dealer's restock is pending)
    discarded_up = table.trump_out and not dealer_dropped
    if table.phase is Phase.DEAL:
        # between deals a view still shows the deal just finished
        actions_from, events_from = deal.shown_actions_from, deal.shown_events_from
    else:
        actions_from, events_from = deal.deal_actions_from, deal.deal_events_from
    trump_card = STANDARD_DECK[table.trump] if table.trump >= 0 else None
    return View(
        seat=seat,
        rules=deal.rules,
        phase=table.phase,
        to_act=record.to_act,
        dealer=deal.dealer,
        deal_number=deal.deal_number,
        stacks=deal.stacks,
        pot=deal.pot,
        contributions=deal.contributions,
        rebuys=deal.rebuys,
        hand=cards_of(record.hands[seat]),
        discards=cards_of(mine) if mine else (),
        trump_card=trump_card,
        trump_card_out=dealer_dropped or (discarded_up and seat == deal.dealer),
        stayed_in=_stayed_in(record),
        exchanged=tuple(None if d is None else d.bit_count() for d in table.discarded),
        stock_size=len(table.stock),
        muck_size=table.muck.bit_count() + (1 if discarded_up and table.pending is None else 0),
        trick=tuple(map(STANDARD_DECK.__getitem__, record.trick)),
        trick_leader=record.leader if record.leader >= 0 else None,
        tricks_won=record.tricks_won,
        history=tuple(map(_public, record.log.since(actions_from))),
        events=record.event_log.since(events_from),
        legal=legal(record).actions() if record.to_act == seat else (),
    )
