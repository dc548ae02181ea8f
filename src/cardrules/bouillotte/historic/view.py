"""What one seat may see (X-10): :class:`View`.

A view holds the seat's own cards, the retourné, every chip count, the public
actions (a shuffle shows without its order), the events and the hands shown at the
last showdown — never another seat's hidden card or the deck order. Folded hands
become public only when the collective point exposes them (H-5.3).

The history and events are those of the current deal. Between deals — from the end
of a deal until the next deal's shuffle, its carre phase included — they still begin
with those of the deal just finished (its last action, its pots and primes), followed
by the new deal's own so far.

>>> from cardrules.bouillotte.historic import new_game
>>> view = new_game().view(1)
>>> view.seat, view.hand, view.legal_actions()
(1, (), (Carre(), Decline()))
"""

from __future__ import annotations

from fractions import Fraction

import attrs

from cardrules.actions import Action
from cardrules.bouillotte.historic.events import ShowdownHands
from cardrules.bouillotte.historic.legality import legal
from cardrules.bouillotte.historic.phase import Phase
from cardrules.bouillotte.historic.record import Record
from cardrules.bouillotte.historic.session import folded_of, pots_of, returns
from cardrules.cards import Card
from cardrules.chance import HIDDEN_SHUFFLE, Chance, Shuffle
from cardrules.events import Event
from cardrules.legal import NOTHING, Legal
from cardrules.shell import ViewBase

__all__ = ["View", "view_of"]


@attrs.frozen(slots=True)
class View(ViewBase):
    """All that :attr:`seat` may see of a state, and nothing more.

    Two states that the seat cannot tell apart give equal views.
    """

    seat: int
    """The seat whose view this is."""
    phase: Phase
    """Where the deal stands."""
    to_act: int | Chance | None
    """The seat to act, ``CHANCE`` or ``None`` (as :attr:`State.to_act`)."""
    dealer: int
    """The dealer's seat."""
    deal_number: int
    """The deal's index from 0."""
    hand: tuple[Card, ...]
    """The seat's own cards (``()`` before the deal)."""
    retourne: Card | None
    """The card turned up, ``None`` before the deal."""
    stacks: tuple[int, ...]
    """Every seat's chips outside the pot."""
    contributions: tuple[int, ...]
    """What every seat has put in this deal."""
    carried: int
    """Dead money carried from the previous deal."""
    pots: tuple[tuple[int, tuple[int, ...]], ...]
    """The pots as they stand (X-4)."""
    folded: tuple[bool, ...]
    """Which seats have folded."""
    primes: tuple[int, ...]
    """Every seat's primes account."""
    rebuys: tuple[int, ...]
    """How many caves each seat has rebought."""
    results: tuple[Fraction, ...]
    """Every seat's ``returns()``."""
    carres: int
    """How many carres were staked this deal."""
    last_carreur: int | None
    """The last seat to carre this deal."""
    opened: bool
    """Whether the betting has been opened."""
    last_raiser: int | None
    """The last seat to open or raise."""
    showdown: ShowdownHands | None
    """The hands shown at the last showdown, until the next shuffle."""
    history: tuple[Action, ...] = attrs.field(repr=False)
    """This deal's public actions, oldest first; a shuffle shows as ``Shuffle(order=())``.

    Before this deal's shuffle (carre phase and chance node), those of the deal just
    finished come first. Earlier deals show in :attr:`stacks`, :attr:`primes`,
    :attr:`rebuys` and the last :attr:`showdown`.
    """
    events: tuple[Event, ...] = attrs.field(repr=False)
    """This deal's events from its ``DealStarted``, oldest first; before this deal's
    shuffle, those of the deal just finished come first (its showdown, pots, primes)."""
    _legal: Legal = attrs.field(repr=False)
    """The legal set when this seat is to act, else the empty one."""

    @property
    def pot(self) -> int:
        """Every chip in the middle."""
        return self.carried + sum(self.contributions)

    def legal_actions(self) -> tuple[Action, ...]:
        """The state's legal actions when this seat is to act, else ``()``."""
        return self._legal.actions()


_BEFORE_SHUFFLE = frozenset((Phase.CARRE, Phase.DEAL))


def view_of(record: Record, seat: int) -> View:
    """``seat``'s view of the state of ``record`` (``seat`` already checked).

    >>> from cardrules.bouillotte.historic import new_game
    >>> new_game().view(3).stacks
    (99, 100, 100, 100)
    """
    phase = record.phase
    deal = record.deal
    acting = record.to_act == seat and record.to_act.__class__ is int
    if phase in _BEFORE_SHUFFLE:  # between deals: the deal just finished, then this one
        actions, events = deal.last_actions_from, deal.last_events_from
    else:
        actions, events = deal.deal_actions_from, deal.deal_events_from
    return View(
        seat=seat,
        phase=phase,
        to_act=record.to_act,
        dealer=deal.dealer,
        deal_number=deal.deal_number,
        hand=deal.hands[seat],
        retourne=deal.retourne,
        stacks=record.stacks,
        contributions=record.contributions,
        carried=deal.carried,
        pots=pots_of(record),
        folded=folded_of(record.live),
        primes=deal.primes,
        rebuys=deal.rebuys,
        results=returns(record),
        carres=deal.carres,
        last_carreur=deal.last_carreur,
        opened=record.last_raiser is not None,
        last_raiser=record.last_raiser,
        showdown=deal.showdown,
        history=tuple(
            HIDDEN_SHUFFLE if action.__class__ is Shuffle else action
            for action in record.log.since(actions)
        ),
        events=deal.event_log.since(events),
        legal=legal(record) if acting else NOTHING,
    )
