"""The state of a Bourré session: :class:`State` and :func:`new_game`.

:class:`State` is the shared state shell (:class:`cardrules.shell.StateShell`) over
Bourré's record (:mod:`cardrules.bourre.record`) and hooks: the one legal set of
:mod:`cardrules.bourre.legality`, the transitions of
:mod:`cardrules.bourre.transitions`, the views of :mod:`cardrules.bourre.view`.

>>> import random
>>> from cardrules import play, random_policy
>>> final = play(new_game(Rules(deals=3)), [random_policy] * 4, random.Random(1))
>>> final.is_terminal, final.pot, sum(final.returns())
(True, 0, Fraction(0, 1))
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import TYPE_CHECKING, ClassVar

import attrs

from cardrules.actions import Action
from cardrules.bourre import legality
from cardrules.bourre.actions import ACTIONS
from cardrules.bourre.phase import Phase
from cardrules.bourre.record import Record, cards_of
from cardrules.bourre.rules import GAME_ID, Rules
from cardrules.bourre.session import first_deal, pots_of, returns
from cardrules.bourre.transitions import TRANSITIONS
from cardrules.bourre.view import View, view_of
from cardrules.caching import BoundedCache
from cardrules.cards import STANDARD_DECK, Card, Suit
from cardrules.game import check_new_game
from cardrules.shell import StateShell, Transition


def _chance_cards(record: Record) -> tuple[Card, ...]:
    """The cards of a chance node: the deck at a deal, the muck at a restock (B-4.2)."""
    return STANDARD_DECK if record.deal.phase is Phase.DEAL else cards_of(record.hidden.muck)


@attrs.frozen(slots=True, init=False)  # the shell's __init__: State adds no field
class State(StateShell[Record]):
    """A Bourré session at one moment. Build the first one with :func:`new_game`.

    >>> from cardrules import Shuffle
    >>> state = new_game()
    >>> state.legal_actions(), state.apply(Shuffle(state.chance_cards)).legal_actions()
    ((), (StayIn(), Drop()))
    """

    GAME_ID: ClassVar[str] = GAME_ID
    GAME_NAME: ClassVar[str] = "Bourré"
    ACTIONS: ClassVar[tuple[type[Action], ...]] = ACTIONS
    _TRANSITIONS: ClassVar[Mapping[type, Transition]] = TRANSITIONS
    _legal_of = staticmethod(legality.legal)
    _why_not = staticmethod(legality.why_not)
    _describe_legal = staticmethod(legality.describe)
    _chance_cards = staticmethod(_chance_cards)
    _view_of = staticmethod(view_of)
    _returns = staticmethod(returns)
    _pots = staticmethod(pots_of)

    if TYPE_CHECKING:  # the shell's own view at run time (no extra call per decision)

        def view(self, seat: int) -> View:
            """What ``seat`` may see now and has seen since ``new_game`` (X-10).

            :raises ValueError: if ``seat`` is not a seat of this game.
            """
            ...

    @property
    def rules(self) -> Rules:
        """The rules of the session."""
        return self._record.deal.rules

    @property
    def phase(self) -> Phase:
        """Where the deal stands."""
        return self._record.deal.phase

    @property
    def ante_level(self) -> int:
        """The ante of this deal (doubles after carried pots with ``rising_ante``, V-B.5)."""
        return self._record.deal.ante_level

    @property
    def rebuys(self) -> tuple[int, ...]:
        """How many times each seat rebought (X-6)."""
        return self._record.deal.rebuys

    @property
    def hands(self) -> tuple[tuple[Card, ...], ...]:
        """Each seat's cards now, in canonical order (the whole truth; see :meth:`view`)."""
        return tuple(map(cards_of, self._record.hands))

    @property
    def trump_card(self) -> Card | None:
        """The dealer's face-up card of this deal, ``None`` before the deal (B-2.2)."""
        trump = self._record.deal.trump
        return STANDARD_DECK[trump] if trump >= 0 else None

    @property
    def trump(self) -> Suit | None:
        """The trump suit of this deal, ``None`` before the deal."""
        trump = self._record.deal.trump
        return STANDARD_DECK[trump].suit if trump >= 0 else None

    @property
    def trump_out(self) -> bool:
        """Whether the trump up-card is out of play: discarded, or its dealer dropped (B-4.3)."""
        return self._record.trump_out

    @property
    def tricks_won(self) -> tuple[int, ...]:
        """Tricks won by each seat in this deal."""
        return self._record.tricks_won

    @property
    def trick(self) -> tuple[Card, ...]:
        """The cards of the current trick, in play order."""
        return self._record.trick

    @property
    def stock(self) -> tuple[Card, ...]:
        """The stock, top card first (hidden from every seat)."""
        return self._record.hidden.stock

    @property
    def muck(self) -> tuple[Card, ...]:
        """The cards a restock would shuffle (hidden), in canonical order (B-4.2)."""
        return cards_of(self._record.hidden.muck)


_DEFAULT_RULES = Rules()
"""The rules of ``new_game()`` without rules (made once: ``Rules`` values are immutable)."""


def new_game(
    rules: Rules | None = None, *, stacks: Sequence[int] | None = None, dealer: int = 0
) -> State:
    """The first state of a session: the first deal has begun (rebuys and antes paid)
    and waits for its shuffle.

    :param rules: the rules (default ``Rules()``).
    :param stacks: each seat's starting stack, a tuple or list of ints >= 0 (default
        ``rules.stack`` each); a seat that starts with 0 rebuys at the first deal (X-6).
    :param dealer: the first dealer's seat.
    :returns: the state at the first deal's chance node.
    :raises RulesError: for bad rules, stacks or dealer.

    >>> state = new_game(Rules(players=3, ante=2), stacks=(10, 20, 30), dealer=2)
    >>> state.stacks, state.pot, state.to_act
    ((8, 18, 28), 6, CHANCE)
    """
    checked, start, first = check_new_game(rules, Rules, stacks, dealer, _DEFAULT_RULES)
    key = (checked, start, first)
    found = _NEW_GAMES.lookup(key)
    if found is None:
        found = _NEW_GAMES.put(key, State(first_deal(checked, start, first)))
    return found


_NEW_GAMES = BoundedCache[tuple[Rules, tuple[int, ...], int], State](max_bytes=1 << 16)
"""The first states made so far, by rules, stacks and dealer: a state is a value, so
the same ``new_game`` twice is one object (an episode loop calls it once a deal)."""
