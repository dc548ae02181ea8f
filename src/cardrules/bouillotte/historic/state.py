"""The state of a historic Bouillotte session, and :func:`new_game`.

A :class:`State` is an immutable value: :meth:`State.apply` checks the action once
against the legal set (:mod:`.legality`) and hands it to a small pure transition
(:mod:`.flow`), which builds the next state.

>>> import random
>>> from cardrules import play, random_policy
>>> final = play(new_game(), [random_policy] * 4, random.Random(4))
>>> final.is_terminal, final.pot, sum(final.returns()), sum(final.primes)
(True, 0, Fraction(0, 1), 0)
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from fractions import Fraction
from typing import Any, ClassVar

import attrs

from cardrules.actions import Action, Call, Check, Fold, Raise
from cardrules.bouillotte.historic import flow
from cardrules.bouillotte.historic.actions import Carre, Decline
from cardrules.bouillotte.historic.events import ShowdownHands
from cardrules.bouillotte.historic.legality import (
    Legal,
    illegal_action_error,
    legal_of,
)
from cardrules.bouillotte.historic.phase import Phase
from cardrules.bouillotte.historic.rules import DECK, DECK_SET, GAME_ID, PLAYERS, Rules
from cardrules.bouillotte.historic.table import Deal, fast_maker
from cardrules.bouillotte.historic.view import View, view_of
from cardrules.cards import Card
from cardrules.chance import Chance, check_shuffle
from cardrules.errors import IllegalActionError, RulesError
from cardrules.events import Event
from cardrules.game import Log, check_seat, standings_of

__all__ = ["Deal", "State", "new_game", "pots_now"]

_DEAL, _OVER = Phase.DEAL, Phase.OVER

_DISPATCH: dict[type[Action], Callable[[State, Any, Action], State]] = {
    Carre: flow.on_carre,
    Decline: flow.on_decline,
    Check: flow.on_check,
    Call: flow.on_call,
    Fold: flow.on_fold,
    Raise: flow.on_raise,
}


@attrs.frozen(slots=True)
class State:
    """A moment of a historic Bouillotte session (API.md §4, §5).

    Build the first one with :func:`new_game`; every other comes from :meth:`apply`.
    What the betting leaves unchanged lives in the shared per-deal table
    :attr:`deal`; the fields here are what an action changes.

    >>> state = new_game()
    >>> state.phase, state.to_act, state.pot, state.stacks
    (Phase.CARRE, 1, 1, (99, 100, 100, 100))
    """

    GAME_ID: ClassVar[str] = GAME_ID

    deal: Deal
    """The facts of this deal that the betting does not change (dealer, cards, primes…)."""
    phase: Phase
    """Where the deal stands."""
    stacks: tuple[int, ...]
    """Each seat's chips outside the pot: what is left of its cave."""
    contributions: tuple[int, ...]
    """What each seat has put in during this deal (ante and carres included, H-2.1)."""
    folded: tuple[bool, ...]
    """Which seats have folded this deal."""
    last_raiser: int | None
    """The last seat to open or raise this deal, or ``None`` before the opening."""
    pending: int
    """A bit per seat that still has to speak in the current cycle."""
    to_act: int | Chance | None
    """The seat to act, :data:`~cardrules.CHANCE` at the shuffle, ``None`` at the end."""
    _history: Log[Action] = attrs.field(repr=False)
    """Every action since :func:`new_game` (see :attr:`history`)."""
    _legal: Legal | None = attrs.field(default=None, eq=False, hash=False, repr=False)

    # --- the per-deal facts, from the shared table ---------------------------------------

    @property
    def rules(self) -> Rules:
        """The rules of the session."""
        return self.deal.rules

    @property
    def dealer(self) -> int:
        """The dealer's seat; eldest is the next seat."""
        return self.deal.dealer

    @property
    def deal_number(self) -> int:
        """The deal's index from 0."""
        return self.deal.deal_number

    @property
    def hands(self) -> tuple[tuple[Card, ...], ...]:
        """Each seat's three cards (``()`` before the deal); the whole truth, see :meth:`view`."""
        return self.deal.hands

    @property
    def retourne(self) -> Card | None:
        """The card turned up (H-3.1), ``None`` before the deal."""
        return self.deal.retourne

    @property
    def carried(self) -> int:
        """Dead money carried over from the previous deal (H-2.1, H-4.9)."""
        return self.deal.carried

    @property
    def primes(self) -> tuple[int, ...]:
        """Each seat's signed primes account; it sums to 0 (H-6.2)."""
        return self.deal.primes

    @property
    def rebuys(self) -> tuple[int, ...]:
        """How many caves each seat has rebought (H-7.1)."""
        return self.deal.rebuys

    @property
    def carres(self) -> int:
        """How many carres were staked this deal (H-2.2)."""
        return self.deal.carres

    @property
    def last_carreur(self) -> int | None:
        """The seat that carred last this deal, or ``None``."""
        return self.deal.last_carreur

    @property
    def opened(self) -> bool:
        """Whether someone has opened the betting this deal (H-4.3)."""
        return self.last_raiser is not None

    @property
    def actor(self) -> int:
        """The seat to act, or -1 at a chance node and at the end (see :attr:`to_act`)."""
        to_act = self.to_act
        return to_act if type(to_act) is int else -1

    @property
    def showdown(self) -> ShowdownHands | None:
        """The hands shown at the last showdown; public until the next shuffle."""
        return self.deal.showdown

    @property
    def leftover(self) -> int:
        """The pot left after the last deal, shared equally among the seats (H-7.2)."""
        return self.deal.leftover

    @property
    def initial_stacks(self) -> tuple[int, ...]:
        """The stacks given to :func:`new_game`."""
        return self.deal.initial_stacks

    @property
    def initial_dealer(self) -> int:
        """The dealer given to :func:`new_game`."""
        return self.deal.initial_dealer

    @property
    def deal_start(self) -> int:
        """The length of :attr:`history` when this deal began."""
        return self.deal.deal_start

    # --- the API of every game -----------------------------------------------------------

    @property
    def is_terminal(self) -> bool:
        """``True`` once the session is over."""
        return self.to_act is None

    @property
    def chance_cards(self) -> tuple[Card, ...]:
        """The 20 cards to shuffle at the chance node, in canonical order; else ``()``."""
        return DECK if self.phase is Phase.DEAL else ()

    @property
    def history(self) -> tuple[Action, ...]:
        """Every action since :func:`new_game`, shuffles included."""
        return self._history.as_tuple()

    @property
    def deal_history(self) -> tuple[Action, ...]:
        """This deal's actions, oldest first (shuffles with their order)."""
        return self._history.since(self.deal.deal_start)

    @property
    def events(self) -> tuple[Event, ...]:
        """What happened, oldest first."""
        return self.deal.events.as_tuple()

    @property
    def pot(self) -> int:
        """Every chip in the middle: this deal's contributions and the carried pot."""
        return self.deal.carried + sum(self.contributions)

    @property
    def pots(self) -> tuple[tuple[int, tuple[int, ...]], ...]:
        """The pots as they stand, main pot first: ``(amount, eligible seats)`` (X-4)."""
        if self.phase is Phase.OVER:
            return ()
        return pots_now(self.contributions, self.folded, self.stacks, self.carried)

    @property
    def pot_shares(self) -> tuple[Fraction, ...]:
        """Each seat's exact share of the pot left after the last deal (H-7.2)."""
        return (Fraction(self.leftover, PLAYERS),) * PLAYERS

    def returns(self) -> tuple[Fraction, ...]:
        """Each seat's net result: cave + primes + pot share − initial cave − rebuys (H-7.3).

        >>> new_game().returns()[0]
        Fraction(-1, 1)
        """
        deal = self.deal
        return flow.session_results(
            self.stacks,
            deal.primes,
            deal.initial_stacks,
            deal.rebuys,
            deal.rules.cave,
            deal.leftover,
        )

    def standings(self) -> tuple[int, ...]:
        """Each seat's place by :meth:`returns`; equal results share a place (H-7.3).

        >>> new_game(dealer=2).standings()
        (1, 1, 4, 1)
        """
        return standings_of(self.returns())

    def legal_actions(self) -> tuple[Action, ...]:
        """Every legal action of the seat to act (``()`` at a chance node and at the end).

        >>> new_game().legal_actions()
        (Carre(), Decline())
        """
        legal = self._legal
        if legal is None:
            legal = legal_of(self)
            _set_legal(self, legal)
        return legal.actions

    def is_legal(self, action: object) -> bool:
        """``True`` when :meth:`apply` would accept ``action``; never raises.

        >>> from cardrules.actions import Raise
        >>> new_game().is_legal(Raise(to=2))
        False
        """
        if self.phase is Phase.DEAL:
            try:
                check_shuffle(action, DECK, DECK_SET)
            except IllegalActionError:
                return False
            return True
        return action in self._legal_set()

    def apply(self, action: Action) -> State:
        """The state after ``action``; the receiver is unchanged.

        :param action: a legal action of the seat to act, or a ``Shuffle`` at the chance node.
        :returns: the next state.
        :raises IllegalActionError: if the action is not legal now (X-9), naming the rule.

        >>> from cardrules.actions import Fold
        >>> new_game().apply(Fold())
        Traceback (most recent call last):
        ...
        cardrules.errors.IllegalActionError: seat 1 cannot fold: ... (H-2.2); legal now: ...
        """
        legal = self._legal
        if legal is None:
            if self.phase is _DEAL:  # the chance node: only a shuffle
                return flow.on_shuffle(self, check_shuffle(action, DECK, DECK_SET))
            legal = self._legal_set()
        cls = type(action)
        if cls is Raise:  # Legal.__contains__, inlined
            to = action.to  # type: ignore[attr-defined]
            if type(to) is int and legal.low <= to <= legal.high:
                return flow.on_raise(self, self.to_act, action)  # type: ignore[arg-type]
        elif cls in legal.simple:
            return _DISPATCH[cls](self, self.to_act, action)
        phase = self.phase
        if phase is _DEAL:
            return flow.on_shuffle(self, check_shuffle(action, DECK, DECK_SET))
        if phase is _OVER:
            raise IllegalActionError(
                f"the session is over after {self.rules.deals} deals: nothing can be applied, "
                f"not {action!r} (X-7)",
                rule="X-7",
                action=action,
            )
        raise illegal_action_error(self, action, legal)

    def view(self, seat: int) -> View:
        """What ``seat`` may see now (X-10): its own cards, the retourné, public chips and
        actions, the hands shown at the last showdown; never a hidden card.

        :raises ValueError: for a seat that is not 0–3.

        >>> new_game().view(0).hand
        ()
        """
        check_seat(seat, PLAYERS)
        return view_of(self, seat)

    # --- internals -----------------------------------------------------------------------

    def _legal_set(self) -> Legal:
        """The legal set, computed on first use and kept in the ``_legal`` slot."""
        legal = self._legal
        if legal is None:
            legal = legal_of(self)
            _set_legal(self, legal)
        return legal


_set_legal = State.__dict__["_legal"].__set__
flow.new_state = fast_maker(State, {"_legal": None})


def pots_now(
    contributions: Sequence[int], folded: Sequence[bool], stacks: Sequence[int], dead: int
) -> tuple[tuple[int, tuple[int, ...]], ...]:
    """The pots while the betting may still go on (X-4): a pot closes only at the level
    of a seat that is all-in; seats that can still match are eligible for every pot.

    :returns: ``(amount, eligible seats)`` pairs, main pot first (``dead`` in the main pot).

    >>> pots_now((10, 3, 4, 1), (False, False, False, True), (90, 0, 96, 99), dead=2)
    ((12, (0, 1, 2)), (8, (0, 2)))
    """
    players = len(contributions)
    caps = sorted({contributions[s] for s in range(players) if not folded[s] and not stacks[s]})
    if not caps or caps[-1] < max(contributions):
        caps.append(max(contributions))
    pots: list[tuple[int, tuple[int, ...]]] = []
    below = 0
    for index, level in enumerate(caps):
        top = index == len(caps) - 1
        amount = sum((c if top else min(c, level)) - min(c, below) for c in contributions)
        eligible = tuple(
            s
            for s in range(players)
            if not folded[s] and (stacks[s] > 0 or contributions[s] > below)
        )
        if amount or not pots:
            pots.append((amount + (dead if not pots else 0), eligible))
        below = level
    return tuple(pots)


def new_game(
    rules: Rules | None = None, *, stacks: Sequence[int] | None = None, dealer: int = 0
) -> State:
    """The first state of a session: the first deal has begun, eldest may carre.

    :param rules: the rules (default ``Rules()``).
    :param stacks: each seat's starting chips, four ints ``>= 0`` (default: a cave each);
        a seat given 0 rebuys a cave before the first deal (X-6).
    :param dealer: the first dealer, 0–3.
    :returns: the state at the first decision.
    :raises RulesError: for bad rules, stacks or dealer.

    >>> state = new_game(stacks=(50, 100, 100, 0), dealer=3)
    >>> state.stacks, state.rebuys, state.contributions
    ((50, 100, 100, 99), (0, 0, 0, 1), (0, 0, 0, 1))
    """
    if rules is None:
        rules = Rules()
    if not isinstance(rules, Rules):
        raise RulesError(
            f"rules must be a cardrules.bouillotte.historic.Rules, not {type(rules).__name__}"
        )
    if stacks is None:
        start: tuple[int, ...] = (rules.cave,) * PLAYERS
    else:
        if isinstance(stacks, str | bytes) or not isinstance(stacks, Sequence):
            raise RulesError(f"stacks must be a sequence of {PLAYERS} ints >= 0, not {stacks!r}")
        start = tuple(stacks)
        if len(start) != PLAYERS or any(type(s) is not int or s < 0 for s in start):
            raise RulesError(f"stacks must be {PLAYERS} ints >= 0 (H-1.1), not {stacks!r}")
    if type(dealer) is not int or not 0 <= dealer < PLAYERS:
        raise RulesError(f"dealer must be an int from 0 to {PLAYERS - 1}, not {dealer!r}")
    zeros = (0,) * PLAYERS
    template = Deal(
        rules=rules,
        dealer=dealer,
        deal_number=0,
        hands=((),) * PLAYERS,
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
        deal_start=0,
        events_start=0,
        last_deal_start=0,
        last_events_start=0,
        events=Log(),
    )
    return flow.begin_deal(template, Log(), start, zeros, zeros, 0, None, dealer, 0, [])
