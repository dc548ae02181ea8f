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

from typing import TYPE_CHECKING

import attrs

from cardrules.actions import Action
from cardrules.cards import Card
from cardrules.chance import HIDDEN_SHUFFLE, Chance, Shuffle
from cardrules.events import Event

from .engine import P_BETTING, P_DEAL, Phase

if TYPE_CHECKING:
    from .state import State

__all__ = ["View", "make_view"]


@attrs.frozen(slots=True)
class View:
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
    history: tuple[Action, ...] = attrs.field(repr=False)
    """Every public action since the start; shuffles show without their order."""
    events: tuple[Event, ...] = attrs.field(repr=False)
    """The events of this deal; between deals (at the chance node and at the end), those
    of the deal just finished too: hands shown at its showdown, fees, pots won…"""
    legal: tuple[Action, ...] = attrs.field(repr=False)
    """The seat's legal actions (``()`` when it is not its turn)."""

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


def make_view(state: State, seat: int) -> View:
    """The view of ``seat`` (already checked) in ``state``."""
    to_act = state.to_act
    legal = state.legal_actions() if to_act == seat and state.phase is P_BETTING else ()
    history = tuple(HIDDEN_SHUFFLE if a.__class__ is Shuffle else a for a in state.log)
    start = state.last_deal_events if state.phase is P_DEAL else state.deal_events
    events = state.event_log.as_tuple()[start:]
    face_up = tuple(hand[:up] for hand, up in zip(state.hands, state.face_up, strict=True))
    return View(
        seat,
        to_act,
        state.phase,
        state.dealer,
        state.deal_number,
        state.betting_round,
        state.hands[seat],
        face_up,
        state.retournes,
        state.dead_retournes,
        state.stacks,
        state.contributions,
        state.folded,
        state.announced,
        state.rebuys,
        history,
        events,
        legal,
    )
