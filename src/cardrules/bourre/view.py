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

import enum
from typing import TYPE_CHECKING

import attrs

from cardrules.actions import Action
from cardrules.cards import Card, Suit
from cardrules.chance import Chance
from cardrules.events import Event

if TYPE_CHECKING:
    from cardrules.bourre.rules import Rules

__all__ = ["Phase", "View"]


class Phase(enum.Enum):
    """Where a deal of Bourré stands."""

    DEAL = "deal"
    """Chance node: the deck is shuffled and dealt (B-2.2)."""
    STAY = "stay"
    """Seats say stay in or drop, from eldest (B-3.1)."""
    EXCHANGE = "exchange"
    """Seats still in exchange, from eldest (B-4.1)."""
    RESTOCK = "restock"
    """Chance node: the muck is shuffled into a new stock (B-4.2)."""
    PLAY = "play"
    """Trick play (B-5)."""
    OVER = "over"
    """The session is over (X-7)."""

    def __repr__(self) -> str:
        return f"Phase.{self.name}"


@attrs.frozen(slots=True)
class View:
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
