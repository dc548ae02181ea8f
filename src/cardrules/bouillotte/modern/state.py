"""The state of a modern Bouillotte session, and ``new_game``.

>>> import random
>>> from cardrules import sample_chance
>>> state = new_game(Rules(players=3))
>>> state.to_act, state.pot, state.stacks
(CHANCE, 3, (99, 99, 99))
>>> state = state.apply(sample_chance(state, random.Random(0)))
>>> state.to_act, len(state.retournes)
(1, 1)
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import ClassVar

import attrs

from cardrules.actions import Action
from cardrules.bouillotte.modern import legality, session, view
from cardrules.bouillotte.modern.actions import ACTIONS
from cardrules.bouillotte.modern.phase import Phase
from cardrules.bouillotte.modern.record import Record
from cardrules.bouillotte.modern.rules import GAME_ID, Rules
from cardrules.bouillotte.modern.transitions import TRANSITIONS
from cardrules.caching import BoundedCache
from cardrules.cards import Card
from cardrules.game import check_new_game
from cardrules.shell import StateShell, Transition


def _deck_of(record: Record) -> tuple[Card, ...]:
    """The deck to shuffle at a deal's chance node (M-1.2)."""
    return record.deal.rules.deck


@attrs.frozen(slots=True)
class State(StateShell[Record]):
    """A moment of a modern Bouillotte session (immutable; ``apply`` returns a new one).

    Build the first with :func:`new_game`. Seats are numbered in the direction of play;
    eldest, ``(dealer + 1) % players``, gets the first card and speaks first.

    >>> from cardrules.actions import CHECK, FOLD
    >>> from cardrules import Shuffle
    >>> state = new_game()
    >>> state.phase, state.contributions
    (<Phase.DEAL: 'deal'>, (1, 1, 1, 1))
    >>> state = state.apply(Shuffle(state.chance_cards))
    >>> state.apply(CHECK).to_act
    2
    >>> state.apply(FOLD)
    Traceback (most recent call last):
    ...
    cardrules.errors.IllegalActionError: seat 1 cannot fold: there is no bet to fold to;
    check or raise (M-3.2); legal now: check, raise to 2…6
    """

    GAME_ID: ClassVar[str] = GAME_ID
    GAME_NAME: ClassVar[str] = "modern Bouillotte"
    ACTIONS: ClassVar[tuple[type[Action], ...]] = ACTIONS
    _TRANSITIONS: ClassVar[dict[type, Transition]] = TRANSITIONS

    _legal_of = staticmethod(legality.legal)
    _why_not = staticmethod(legality.why_not)
    _chance_cards = staticmethod(_deck_of)
    _view_of = staticmethod(view.view_of)
    _returns = staticmethod(session.returns)
    _pots = staticmethod(session.pots_of)

    @property
    def rules(self) -> Rules:
        """The options of the session."""
        return self._record.deal.rules

    @property
    def phase(self) -> Phase:
        """Chance node of a deal, betting, or over."""
        return self._record.deal.phase

    @property
    def largest(self) -> int:
        """The largest contribution of this deal: what a call matches."""
        return self._record.largest

    @property
    def hands(self) -> tuple[tuple[Card, ...], ...]:
        """Each seat's cards in the order dealt (the whole truth: use :meth:`view`)."""
        return self._record.hidden.hands

    @property
    def retournes(self) -> tuple[Card, ...]:
        """The community cards face up now (``()`` before the deal)."""
        return self._record.deal.retournes

    @property
    def dead_retournes(self) -> tuple[Card, ...]:
        """Retournés replaced by the retourné change, still face up (V-M.4)."""
        return self._record.deal.dead_retournes

    @property
    def betting_round(self) -> int:
        """The betting round from 0 (V-M.3)."""
        return self._record.deal.betting_round

    @property
    def face_up(self) -> tuple[int, ...]:
        """How many of each seat's first-dealt cards are face up (V-M.2, V-M.3)."""
        return tuple(map(len, self._record.deal.shown))

    @property
    def folded(self) -> tuple[bool, ...]:
        """Which seats have folded this deal."""
        live = self._record.live
        return tuple(not live >> seat & 1 for seat in range(len(self._record.stacks)))

    @property
    def announced(self) -> tuple[str | None, ...]:
        """The class of brelan each seat announced this deal, ``None`` if it did not."""
        return self._record.deal.announced

    @property
    def rebuys(self) -> tuple[int, ...]:
        """How many times each seat has rebought (X-6)."""
        return self._record.deal.rebuys


_DEFAULT_RULES = Rules()
"""The rules of ``new_game()`` without rules (made once: ``Rules`` values are immutable)."""


def new_game(
    rules: Rules | None = None, *, stacks: Sequence[int] | None = None, dealer: int = 0
) -> State:
    """The first state of a session: the first deal has begun and waits for its shuffle.

    :param rules: the options (default ``Rules()``).
    :param stacks: each seat's starting stack, a tuple or list of ints >= 0 (default
        ``rules.stack`` each); a seat starting at 0 rebuys ``rules.stack`` before the
        first deal (X-6).
    :param dealer: the first dealer's seat.
    :returns: the state at the first deal's chance node, antes paid.
    :raises RulesError: for rules, stacks or a dealer that are not valid.

    >>> new_game(stacks=(10, 0, 5, 5)).stacks
    (9, 99, 4, 4)
    """
    checked, start, first = check_new_game(rules, Rules, stacks, dealer, _DEFAULT_RULES)
    key = (checked, start, first)
    found = _NEW_GAMES.lookup(key)
    if found is None:
        found = _NEW_GAMES.put(key, State(record=session.first_deal(checked, start, first)))
    return found


_NEW_GAMES = BoundedCache[tuple[Rules, tuple[int, ...], int], State](max_bytes=1 << 16)
"""The first states made so far, by rules, stacks and dealer: a state is a value, so
the same ``new_game`` twice is one object (an episode loop calls it once a deal)."""
