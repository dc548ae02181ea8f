"""The state of a historic Bouillotte session, and :func:`new_game`.

A :class:`State` is an immutable value: the shared state shell
(:class:`cardrules.shell.StateShell`) checks an action once against the legal set
(:mod:`.legality`) and hands it to a small pure transition (:mod:`.transitions`); the
state's fields are its record (:mod:`.record`), read through the properties below.

>>> import random
>>> from cardrules import play, random_policy
>>> final = play(new_game(), [random_policy] * 4, random.Random(4))
>>> final.is_terminal, final.pot, sum(final.returns()), sum(final.primes)
(True, 0, Fraction(0, 1), 0)
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from fractions import Fraction
from typing import ClassVar

import attrs

from cardrules.actions import Action, Call, Check, Fold, Raise  # noqa: F401 - as Legal, below
from cardrules.bouillotte.historic import legality, session, transitions, view
from cardrules.bouillotte.historic.actions import ACTIONS
from cardrules.bouillotte.historic.events import ShowdownHands
from cardrules.bouillotte.historic.phase import Phase
from cardrules.bouillotte.historic.record import Deal, Hidden, Record
from cardrules.bouillotte.historic.rules import DECK, GAME_ID, PLAYERS, Rules
from cardrules.caching import BoundedCache
from cardrules.cards import Card
from cardrules.game import check_new_game
from cardrules.legal import Legal  # noqa: F401 - names the docs resolve in State.__init__
from cardrules.sessionlog import SessionLog
from cardrules.shell import R, StateShell, Transition  # noqa: F401 - (annotations of the shell)


def _deck(record: Record) -> tuple[Card, ...]:
    return DECK


@attrs.frozen(slots=True)
class State(StateShell[Record]):
    """A moment of a historic Bouillotte session (API.md §4, §5).

    Build the first one with :func:`new_game`; every other comes from :meth:`apply`.

    >>> state = new_game()
    >>> state.phase, state.to_act, state.pot, state.stacks
    (Phase.CARRE, 1, 1, (99, 100, 100, 100))
    """

    GAME_ID: ClassVar[str] = GAME_ID
    GAME_NAME: ClassVar[str] = "historic Bouillotte"
    ACTIONS = ACTIONS
    _TRANSITIONS: ClassVar[Mapping[type, Transition]] = transitions.TRANSITIONS
    _legal_of = staticmethod(legality.legal)
    _why_not = staticmethod(legality.why_not)
    _chance_cards = staticmethod(_deck)
    _view_of = staticmethod(view.view_of)
    _returns = staticmethod(session.returns)
    _pots = staticmethod(session.pots_of)

    @property
    def rules(self) -> Rules:
        """The rules of the session."""
        return self._record.deal.rules

    @property
    def phase(self) -> Phase:
        """Where the deal stands."""
        return self._record.deal.phase

    @property
    def carried(self) -> int:
        """Dead money carried over from the previous deal (H-2.1, H-4.9)."""
        return self._record.deal.carried

    @property
    def folded(self) -> tuple[bool, ...]:
        """Which seats have folded this deal."""
        return session.folded_of(self._record.live)

    @property
    def opened(self) -> bool:
        """Whether someone has opened the betting this deal (H-4.3)."""
        return self._record.last_raiser is not None

    @property
    def last_raiser(self) -> int | None:
        """The last seat to open or raise this deal, or ``None`` before the opening."""
        return self._record.last_raiser

    @property
    def hands(self) -> tuple[tuple[Card, ...], ...]:
        """Each seat's three cards (``()`` before the deal); the whole truth, see :meth:`view`."""
        return self._record.hands

    @property
    def retourne(self) -> Card | None:
        """The card turned up (H-3.1), ``None`` before the deal."""
        return self._record.deal.retourne

    @property
    def primes(self) -> tuple[int, ...]:
        """Each seat's signed primes account; it sums to 0 (H-6.2)."""
        return self._record.deal.primes

    @property
    def rebuys(self) -> tuple[int, ...]:
        """How many caves each seat has rebought (H-7.1)."""
        return self._record.deal.rebuys

    @property
    def carres(self) -> int:
        """How many carres were staked this deal (H-2.2)."""
        return self._record.deal.carres

    @property
    def last_carreur(self) -> int | None:
        """The seat that carred last this deal, or ``None``."""
        return self._record.deal.last_carreur

    @property
    def showdown(self) -> ShowdownHands | None:
        """The hands shown at the last showdown; public until the next shuffle."""
        return self._record.deal.showdown

    @property
    def pot_shares(self) -> tuple[Fraction, ...]:
        """Each seat's exact share of the pot left after the last deal (H-7.2)."""
        return (Fraction(self._record.deal.leftover, PLAYERS),) * PLAYERS


_DEFAULT_RULES = Rules()
"""The rules of ``new_game()`` without rules (made once: ``Rules`` values are immutable)."""


def new_game(
    rules: Rules | None = None, *, stacks: Sequence[int] | None = None, dealer: int = 0
) -> State:
    """The first state of a session: the first deal has begun, eldest may carre.

    :param rules: the rules (default ``Rules()``).
    :param stacks: each seat's starting chips, a tuple or list of four ints ``>= 0``
        (default: a cave each); a seat given 0 rebuys a cave before the first deal (X-6).
    :param dealer: the first dealer, 0–3.
    :returns: the state at the first decision.
    :raises RulesError: for bad rules, stacks or dealer.

    >>> state = new_game(stacks=(50, 100, 100, 0), dealer=3)
    >>> state.stacks, state.rebuys, state.contributions
    ((50, 100, 100, 99), (0, 0, 0, 1), (0, 0, 0, 1))
    """
    checked, start, dealer = check_new_game(rules, Rules, stacks, dealer, _DEFAULT_RULES)
    zeros = (0,) * PLAYERS
    template = Deal(
        rules=checked,
        phase=Phase.OVER,
        dealer=dealer,
        deal_number=-1,
        retourne=None,
        carried=0,
        primes=zeros,
        rebuys=zeros,
        carres=0,
        last_carreur=None,
        showdown=None,
        leftover=0,
        initial_stacks=start,
        initial_dealer=dealer,
    )
    record = Record(
        deal=template,
        stacks=start,
        contributions=zeros,
        live=0,
        last_raiser=None,
        to_act=None,
        pending=0,
        largest=0,
        hidden=Hidden(hands=((),) * PLAYERS),
        log=SessionLog.start(PLAYERS),
    )
    key = (checked, start, dealer)
    found = _NEW_GAMES.lookup(key)
    if found is None:
        found = _NEW_GAMES.put(key, State(session.first_deal(record)[0]))
    return found


_NEW_GAMES = BoundedCache[tuple[Rules, tuple[int, ...], int], State](max_bytes=1 << 16)
"""The first states made so far, by rules, stacks and dealer: a state is a value, so
the same ``new_game`` twice is one object."""
