"""Views: what one seat may see, written once for every game (X-10).

A view is two values: the seat, and its *public record* — the state's record with
everything that seat may not see taken out (other seats' face-down cards and discards,
the deck's order, the orders of the shuffles), built by the game's ``view_of`` in a
few field copies. It shares the rest with the state: the session's public action log
and event log (the seat's part of the :class:`~cardrules.sessionlog.SessionLog`, its
own cards received among them), the deal. So a view costs the same at deal 1 and at
deal 1000, and every member is computed from the public record when asked, by the
same functions the state uses.

Two views are equal when their seats and public records are equal: exactly when the
seat has seen the same things (perfect recall: the logs go back to ``new_game``).
The hash is computed once and kept; a pickle holds the seat, the public record and
the legal set, nothing else — a view can be sent to a player or handed to a bot.

What the public record must offer (as fields or properties): ``to_act``, ``rules``,
``dealer``, ``deal_number``, ``stacks``, ``contributions``, ``pot``,
``public_log`` (every action as every seat saw it), ``event_log`` (every event),
``received`` (per seat, a log of the cards it received in each deal: the seat's own
log kept, the others' emptied) and ``own_actions`` (per seat, ``(index, action)`` of
its own private actions in the public log, shown whole in its history; ``()`` in the
games that have none).

>>> import pickle, random
>>> from cardrules import sample_chance
>>> from cardrules.bourre import new_game
>>> state = new_game()
>>> state = state.apply(sample_chance(state, random.Random(4)))
>>> view = state.view(2)
>>> view == pickle.loads(pickle.dumps(view)), hash(view) == hash(state.view(2))
(True, True)
>>> view.history, len(view.received), sorted(view.received[0]) == sorted(view.hand)
((Shuffle(order=()),), 1, True)
"""

from __future__ import annotations

from collections.abc import Callable
from fractions import Fraction
from typing import Any, ClassVar

import attrs

from cardrules._fast import cache_setter, constructor, is_draft
from cardrules.actions import Action
from cardrules.cards import Card
from cardrules.chance import Chance
from cardrules.display import position_html, position_repr, position_text
from cardrules.events import Event
from cardrules.game import standings_of
from cardrules.jsonforms import view_to_json
from cardrules.legal import Legal

__all__ = ["ViewBase"]


_MADE_FROM = ("seat", "_public", "_legal")
"""The fields of a view given when it is made (its hash starts unknown)."""


@attrs.frozen(slots=True, repr=False, init=False)
class ViewBase:
    """What one seat may see of a state; the base of every game's ``View``.

    The members every game's view has are defined here; a game's ``View`` adds its
    public fields as properties of the public record, and lists its members in
    :attr:`MEMBERS` (the order of ``repr`` and of :meth:`to_json`).
    """

    GAME_ID: ClassVar[str]
    """The id of the view's game (its ``GAME_ID``, as in records and the registry)."""
    GAME_NAME: ClassVar[str]
    """The game's name for people (in ``str`` and messages)."""
    MEMBERS: ClassVar[tuple[str, ...]] = ()
    """The view's data members, in the order of ``repr`` and :meth:`to_json`: those of
    :attr:`SHARED_FIRST`, the game's own, then :attr:`SHARED_LAST`."""
    SHARED_FIRST: ClassVar[tuple[str, ...]] = (
        "seat",
        "rules",
        "to_act",
        "is_terminal",
        "phase",
        "dealer",
        "deal_number",
        "initial_stacks",
        "initial_dealer",
        "stacks",
        "contributions",
        "pot",
        "pots",
        "hand",
    )
    """The members every game's view has, first in :attr:`MEMBERS` (``phase`` and
    ``hand`` are each game's own)."""
    SHARED_LAST: ClassVar[tuple[str, ...]] = (
        "history",
        "events",
        "received",
        "returns",
        "standings",
    )
    """The members every game's view has, last in :attr:`MEMBERS`."""

    seat: int
    """The seat whose view this is."""
    _public: Any
    """The public record: the state's record without what :attr:`seat` may not see."""
    _legal: Legal = attrs.field(eq=False)
    """The seat's legal set when it is to act, else the empty one (a function of the
    rest, so it takes no part in equality)."""
    _hash: int | None = attrs.field(eq=False)
    """The hash, once computed."""

    # ------------------------------------------------------------ hooks

    @staticmethod
    def _pots(record: Any) -> tuple[tuple[int, tuple[int, ...]], ...]:
        """The game's pots of a record: the state's own function."""
        raise NotImplementedError  # pragma: no cover - every game's View sets it

    @staticmethod
    def _returns(record: Any) -> tuple[Fraction, ...]:
        """The game's results of a record: the state's own function."""
        raise NotImplementedError  # pragma: no cover - every game's View sets it

    # ------------------------------------------------------------ the shared members

    @property
    def rules(self) -> Any:
        """The game's ``Rules`` (so a bot judges hands under the options in force)."""
        return self._public.rules

    @property
    def to_act(self) -> int | Chance | None:
        """The seat to act, ``CHANCE`` at a chance node, ``None`` when the session is over."""
        return self._public.to_act  # type: ignore[no-any-return]

    @property
    def is_terminal(self) -> bool:
        """Whether the session is over."""
        return self._public.to_act is None

    def legal(self) -> Legal:
        """The seat's legal set (:class:`~cardrules.legal.Legal`) when it is to act,
        else the empty one: the state's own value, also after pickling. Read it to
        choose an action (``legal.count``, ``legal.nth(i)``, ``action in legal``,
        ``legal.low``/``legal.high`` for the raises): it never spells the raises out.

        >>> from cardrules.bouillotte import historic
        >>> state = historic.new_game()
        >>> state.view(1).legal() == state.legal(), state.view(0).legal().count
        (True, 0)
        """
        return self._legal

    def legal_actions(self) -> tuple[Action, ...]:
        """The seat's legal actions when it is to act, else ``()``; equal to the state's."""
        legal = self._legal
        if legal.low > legal.high:
            return legal.listed
        spelled = legal.spelled  # kept by a shared legal set: no call
        return legal.actions() if spelled is None else spelled

    @property
    def dealer(self) -> int:
        """The dealer's seat."""
        return self._public.dealer  # type: ignore[no-any-return]

    @property
    def deal_number(self) -> int:
        """The deal's index from 0."""
        return self._public.deal_number  # type: ignore[no-any-return]

    @property
    def initial_stacks(self) -> tuple[int, ...]:
        """The stacks given to ``new_game`` (public: the session starts in the open)."""
        return self._public.initial_stacks  # type: ignore[no-any-return]

    @property
    def initial_dealer(self) -> int:
        """The dealer given to ``new_game``."""
        return self._public.initial_dealer  # type: ignore[no-any-return]

    @property
    def stacks(self) -> tuple[int, ...]:
        """Every seat's chips outside the pot."""
        return self._public.stacks  # type: ignore[no-any-return]

    @property
    def contributions(self) -> tuple[int, ...]:
        """What each seat has put in the pot during this deal."""
        return self._public.contributions  # type: ignore[no-any-return]

    @property
    def pot(self) -> int:
        """Every chip in the middle: this deal's pot(s) and anything carried over."""
        return self._public.pot  # type: ignore[no-any-return]

    @property
    def history(self) -> tuple[Action, ...]:
        """Every action since ``new_game`` as this seat saw it: public actions as they
        were, its own private ones whole, other seats' private ones masked, every
        ``Shuffle`` without its order (``Shuffle(order=())``)."""
        public = self._public
        actions = public.public_log.as_tuple()
        own = public.own_actions
        if not own or not own[self.seat]:
            return actions  # type: ignore[no-any-return]
        shown = list(actions)
        for index, action in own[self.seat]:
            shown[index] = action
        return tuple(shown)

    @property
    def events(self) -> tuple[Event, ...]:
        """Every event since ``new_game`` (all public: cards shown at a showdown,
        announced classes, pots won, …), newest last."""
        return self._public.event_log.as_tuple()  # type: ignore[no-any-return]

    @property
    def received(self) -> tuple[tuple[Card, ...], ...]:
        """The cards this seat received in each deal so far, oldest deal first: its
        dealt cards in the order dealt (then, in Bourré, the cards it drew)."""
        return self._public.received[self.seat].as_tuple()  # type: ignore[no-any-return]

    @property
    def pots(self) -> tuple[tuple[int, tuple[int, ...]], ...]:
        """The pots of this deal as they stand, main pot first: ``(amount, eligible
        seats)`` (X-4), as ``State.pots``."""
        return self._pots(self._public)

    def returns(self) -> tuple[Fraction, ...]:
        """Each seat's net result since ``new_game`` (as ``State.returns()``)."""
        return self._returns(self._public)

    def standings(self) -> tuple[int, ...]:
        """Each seat's place by :meth:`returns` (1 = best; ties share the place)."""
        return standings_of(self.returns())

    def to_json(self) -> dict[str, Any]:
        """This view as JSON data: one key per member of :attr:`MEMBERS`, the legal
        actions under ``"legal_actions"`` (the schema is in the docs' *JSON forms* page)."""
        return view_to_json(self)

    # ------------------------------------------------------------ making one

    _make: ClassVar[Callable[[int, Any, Legal], Any]]
    """``View._make(seat, public, legal)``: a view of ``seat`` from its public record
    (the game's ``view_of`` builds the record; installed in every game's ``View``)."""

    def __init_subclass__(cls, **kwargs: Any) -> None:
        super().__init_subclass__(**kwargs)
        if not is_draft(cls):
            cls._make = constructor(cls, _MADE_FROM, _hash=None)

    # ------------------------------------------------------------ value semantics

    def __eq__(self, other: object) -> bool:
        if other.__class__ is not self.__class__:
            return NotImplemented
        assert isinstance(other, ViewBase)
        if self.seat != other.seat:
            return False
        mine, theirs = self._hash, other._hash
        if mine is not None and theirs is not None and mine != theirs:
            return False  # both hashes known and different: not equal, at no cost
        return bool(self._public == other._public)

    def __ne__(self, other: object) -> bool:
        equal = self.__eq__(other)
        return equal if equal is NotImplemented else not equal

    def __hash__(self) -> int:
        found = self._hash
        if found is None:
            found = hash((self.__class__, self.seat, self._public))
            _set_hash(self, found)
        return found

    def __str__(self) -> str:
        """The position as the seat sees it, in a dozen lines or fewer: its own cards
        only, the others' as hidden (:func:`cardrules.display.position_text`)."""
        return position_text(self, self.GAME_NAME)

    def __repr__(self) -> str:
        """One line: the game, the seat, the deal, the seat to act, whether the session
        is over (every member is in :meth:`to_json`)."""
        return position_repr(self, "View", self.GAME_ID)

    def _repr_html_(self) -> str:
        """The position drawn for a notebook, the other seats' cards face down."""
        return position_html(self, self.GAME_NAME)

    def __reduce__(self) -> tuple[Any, ...]:
        # the seat, the public record and the legal set: never the cached hash
        return (_rebuild, (self.__class__, self.seat, self._public, self._legal))


_set_hash = cache_setter(ViewBase, "_hash")


def _rebuild(cls: type[ViewBase], seat: int, public: Any, legal: Legal) -> ViewBase:
    view: ViewBase = cls._make(seat, public, legal)
    return view
