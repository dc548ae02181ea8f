"""What one seat may see (X-10): its own cards, the cards face up, public actions.

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

import attrs

from cardrules.actions import Action
from cardrules.cards import Card
from cardrules.chance import Chance
from cardrules.events import Event
from cardrules.game import Log
from cardrules.shell import ViewBase

from .legality import legal
from .phase import Phase
from .record import Record

__all__ = ["View", "view_of"]


@attrs.frozen(slots=True)
class View(ViewBase):
    """All that one seat may see now, nothing more.

    Two states the seat cannot tell apart give equal views.
    """

    seat: int
    """The seat whose view this is."""
    to_act: int | Chance | None
    """Whose turn it is (as ``State.to_act``)."""
    phase: Phase
    """Chance node of a deal, betting, or over."""
    dealer: int
    """The dealer's seat."""
    deal_number: int
    """The deal's index from 0."""
    betting_round: int
    """The betting round from 0."""
    hand: tuple[Card, ...]
    """The seat's own cards, in the order dealt."""
    face_up: tuple[tuple[Card, ...], ...]
    """Each seat's cards face up on the table (open card, reveals)."""
    retournes: tuple[Card, ...]
    """The community cards face up now."""
    dead_retournes: tuple[Card, ...]
    """Retournés replaced by the retourné change (V-M.4)."""
    stacks: tuple[int, ...]
    """Every seat's stack."""
    contributions: tuple[int, ...]
    """What each seat has put in this deal."""
    folded: tuple[bool, ...]
    """Which seats have folded."""
    announced: tuple[str | None, ...]
    """The class of brelan each seat announced (not its cards), or ``None``."""
    rebuys: tuple[int, ...]
    """Each seat's rebuys."""
    _history: Log[Action] = attrs.field(repr=False)
    """Every public action since the start, shared with the state (see :attr:`history`)."""
    events: tuple[Event, ...] = attrs.field(repr=False)
    """The events of this deal; between deals (at the chance node and at the end), those
    of the deal just finished too: hands shown at its showdown, fees, pots won…"""
    legal: tuple[Action, ...] = attrs.field(repr=False)
    """The seat's legal actions (``()`` when it is not its turn)."""

    @property
    def history(self) -> tuple[Action, ...]:
        """Every public action since the start; shuffles show without their order."""
        return self._history.as_tuple()

    @property
    def pot(self) -> int:
        """The chips in the middle."""
        return sum(self.contributions)

    def legal_actions(self) -> tuple[Action, ...]:
        """The seat's legal actions now, ``()`` when it is not its turn.

        >>> from cardrules import Shuffle
        >>> from .state import new_game
        >>> state = new_game()
        >>> state = state.apply(Shuffle(state.chance_cards))
        >>> state.view(1).legal_actions() == state.legal_actions(), state.view(2).legal_actions()
        (True, ())
        """
        return self.legal


def view_of(record: Record, seat: int) -> View:
    """The view of ``seat`` (already checked) in the state of ``record``.

    >>> from .rules import Rules
    >>> from .session import first_record
    >>> view_of(first_record(Rules(), (100,) * 4, 0), 1).contributions
    (1, 1, 1, 1)
    """
    deal = record.deal
    to_act = record.to_act
    phase = deal.phase
    actions = legal(record).actions() if to_act == seat and phase is Phase.BETTING else ()
    start = deal.previous_deal_events_from if phase is Phase.DEAL else deal.deal_events_from
    events = deal.event_log.since(start)
    face_up = tuple(hand[:up] for hand, up in zip(deal.hands, deal.face_up, strict=True))
    live = record.live
    return View(
        seat,
        to_act,
        phase,
        deal.dealer,
        deal.deal_number,
        deal.betting_round,
        deal.hands[seat],
        face_up,
        deal.retournes,
        deal.dead_retournes,
        record.stacks,
        record.contributions,
        tuple(not live >> other & 1 for other in range(len(record.stacks))),
        deal.announced,
        deal.rebuys,
        record.public_log,
        events,
        actions,
    )
