"""The state shell: the public API of every game's ``State``, written once.

A game's ``State`` is a thin subclass of :class:`StateShell` that holds one frozen
*record* (the game's ``record.py``: its fields and their representation) and fills in
a few hooks; the shell gives it ``apply``, ``is_legal``, ``legal_actions`` (cached),
``legal``, ``view``, ``history``, ``events``, ``is_terminal``, ``standings`` and
pickling that drops the caches, the same for every game:

* ``_legal_of(record) -> Legal``: the one legal set of a decision node
  (:mod:`cardrules.legal`); ``legal_actions()``, ``is_legal()`` and the refusal come
  from it, so they never disagree, and ``is_legal`` never runs a transition;
* ``_why_not(record, action, legal) -> (rule, reason)``: why an action of the game
  is not in that set;
* ``_TRANSITIONS``: the action class → ``transition(record, action)``, which returns
  the next record, or ``(record, legal)`` when it already knows the next state's legal
  set (the conformance tests check it against :func:`fresh_legal`); ``Shuffle`` maps
  to the chance transition;
* ``_chance_cards(record)``, ``_view_of(record, seat, legal)``, ``_returns(record)``,
  ``_pots(record)``;
* ``GAME_NAME`` (for messages) and ``ACTIONS`` (the game's action classes).

The record has ``to_act``, ``players``, ``history`` (every action), ``event_log`` (every
event), ``dealer``, ``deal_number``, ``stacks``, ``contributions``, ``pot``,
``initial_stacks`` and ``initial_dealer``, as fields or properties.

>>> import random
>>> from cardrules import sample_chance
>>> from cardrules.bourre import new_game
>>> state = new_game()
>>> state = state.apply(sample_chance(state, random.Random(1)))
>>> state.legal_actions(), state.is_legal(state.legal_actions()[0])
((StayIn(), Drop()), True)
>>> fresh_legal(state) == state.legal()
True
"""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence
from fractions import Fraction
from random import Random
from typing import Any, ClassVar, Generic, Protocol, Self, TypeAlias, TypeVar, Union

import attrs

from cardrules._fast import (
    cache_setter,
    constructor,
    is_draft,
    keyword_constructor,
    resetting_replacer,
)
from cardrules.actions import Action, Raise
from cardrules.chance import CHANCE, Chance, Shuffle, check_shuffle, is_permutation, shuffled
from cardrules.display import position_html, position_repr, position_text
from cardrules.errors import IllegalActionError, shorten
from cardrules.events import Event
from cardrules.game import Log, check_seat, standings_of
from cardrules.legal import NOTHING, Legal
from cardrules.viewing import ViewBase

__all__ = ["DealFacts", "GameRecord", "Record", "StateShell", "Step", "ViewBase", "fresh_legal"]


class GameRecord(Protocol):
    """What the shell reads of a game's record."""

    @property
    def to_act(self) -> int | Chance | None: ...
    @property
    def players(self) -> int: ...
    @property
    def history(self) -> tuple[Action, ...]: ...
    @property
    def event_log(self) -> Log[Event]: ...
    @property
    def dealer(self) -> int: ...
    @property
    def deal_number(self) -> int: ...
    @property
    def stacks(self) -> tuple[int, ...]: ...
    @property
    def contributions(self) -> tuple[int, ...]: ...
    @property
    def pot(self) -> int: ...
    @property
    def initial_stacks(self) -> tuple[int, ...]: ...
    @property
    def initial_dealer(self) -> int: ...


R = TypeVar("R", bound=GameRecord)

RecordT = TypeVar("RecordT")
Step: TypeAlias = Union[RecordT, tuple[RecordT, Legal]]  # noqa: UP007 (a generic alias)
"""What every game's transition returns (``Step[Record]``): the next record, or
``(record, legal)`` when the transition already knows the next state's legal set."""
Transition = Callable[[Any, Any], Any]
"""``transition(record, action)`` → a :data:`Step`: the next record, or ``(record, legal)``."""


@attrs.frozen(slots=True)
class StateShell(Generic[R]):
    """The public API every game's ``State`` shares (see the module's text)."""

    GAME_ID: ClassVar[str]
    """The game's id in records."""
    GAME_NAME: ClassVar[str]
    """The game's name in messages ("Bourré")."""
    ACTIONS: ClassVar[tuple[type[Action], ...]]
    """The game's own action classes (others are refused under X-9)."""
    _TRANSITIONS: ClassVar[Mapping[type, Transition]]
    """Action class → its transition; ``Shuffle`` → the chance transition."""
    _GAME_STATE: ClassVar[bool] = True
    """Marks a state of the shell: :mod:`cardrules.chance` trusts it and calls :meth:`_drive`."""

    _record: R
    """The state's fields (the game's record)."""
    _legal_cache: Legal | None = attrs.field(default=None, eq=False, repr=False)
    """The legal set, once computed (or handed over by the transition)."""
    _actions_cache: tuple[Action, ...] | None = attrs.field(default=None, eq=False, repr=False)
    """The spelled-out legal actions, once asked for."""

    _build: ClassVar[Callable[[Any, Legal | None], Any]]
    """``State._build(record, legal)``: a state of this class on ``record`` with its
    legal set (or ``None``), built without ``__init__`` (installed in every subclass)."""

    def __init_subclass__(cls, **kwargs: Any) -> None:
        super().__init_subclass__(**kwargs)
        if not is_draft(cls):
            cls._build = constructor(cls, ("_record", "_legal_cache"), _actions_cache=None)
        if "__repr__" not in cls.__dict__:  # attrs leaves a repr the class has alone
            cls.__repr__ = StateShell.__repr__  # type: ignore[method-assign]

    def __str__(self) -> str:
        """The position as a person at the table reads it: every hand, the cards on
        the table, stacks, pot and the legal actions (:mod:`cardrules.display`)."""
        return position_text(self, self.GAME_NAME)

    def __repr__(self) -> str:
        """The game, the deal and the turn: ``State(game='bourre', deal_number=0, …)``."""
        return position_repr(self, "State", self.GAME_ID)

    def _repr_html_(self) -> str:
        """The position drawn with the cards as pictures, for a notebook."""
        return position_html(self, self.GAME_NAME)

    # ------------------------------------------------------------------ hooks

    @staticmethod
    def _legal_of(record: Any) -> Legal:
        """The legal set of a decision node."""
        raise NotImplementedError

    @staticmethod
    def _why_not(record: Any, action: Action, legal: Legal) -> tuple[str, str]:
        """``(rule id, reason)`` for an action of the game that is not in ``legal``."""
        raise NotImplementedError

    @staticmethod
    def _describe_legal(record: Any, legal: Legal) -> str:
        """The legal set in a few words, for messages."""
        return legal.describe()

    @staticmethod
    def _chance_cards(record: Any) -> tuple[Any, ...]:
        """At a chance node, the cards to shuffle in canonical order."""
        raise NotImplementedError

    @staticmethod
    def _view_of(record: Any, seat: int, legal: Legal) -> Any:
        """What ``seat`` may see (``legal``: the state's legal set when ``seat`` is to
        act, else the empty one)."""
        raise NotImplementedError

    @staticmethod
    def _returns(record: Any) -> tuple[Fraction, ...]:
        """Each seat's net result since ``new_game``."""
        raise NotImplementedError

    @staticmethod
    def _pots(record: Any) -> tuple[tuple[int, tuple[int, ...]], ...]:
        """The pots of this deal as they stand, main pot first."""
        raise NotImplementedError

    # ------------------------------------------------------------------ the API

    @property
    def to_act(self) -> int | Chance | None:
        """The seat to act, :data:`~cardrules.CHANCE` at a chance node, ``None`` when the
        session is over."""
        return self._record.to_act

    @property
    def is_terminal(self) -> bool:
        """Whether the session is over."""
        return self._record.to_act is None

    @property
    def history(self) -> tuple[Action, ...]:
        """Every action applied since ``new_game``, chance actions included."""
        return self._record.history

    @property
    def events(self) -> tuple[Event, ...]:
        """What happened since ``new_game``, newest last."""
        return self._record.event_log.as_tuple()

    @property
    def dealer(self) -> int:
        """The dealer's seat."""
        return self._record.dealer

    @property
    def deal_number(self) -> int:
        """The deal's index from 0."""
        return self._record.deal_number

    @property
    def stacks(self) -> tuple[int, ...]:
        """Chips each seat holds outside the pot."""
        return self._record.stacks

    @property
    def contributions(self) -> tuple[int, ...]:
        """Chips each seat has put in the pot during this deal."""
        return self._record.contributions

    @property
    def pot(self) -> int:
        """Every chip in the middle: this deal's pot(s) and anything carried over."""
        return self._record.pot

    @property
    def pots(self) -> tuple[tuple[int, tuple[int, ...]], ...]:
        """The pots of this deal as they stand, main pot first: ``(amount, eligible
        seats)`` (X-4); Bourré has one pot, with the seats that can still win it."""
        return self._pots(self._record)

    @property
    def initial_stacks(self) -> tuple[int, ...]:
        """The stacks given to ``new_game``."""
        return self._record.initial_stacks

    @property
    def initial_dealer(self) -> int:
        """The dealer given to ``new_game``."""
        return self._record.initial_dealer

    @property
    def chance_cards(self) -> tuple[Any, ...]:
        """At a chance node, the cards to shuffle, in canonical order; ``()`` elsewhere."""
        if self._record.to_act is CHANCE:
            return self._chance_cards(self._record)
        return ()

    def legal(self) -> Legal:
        """The legal set as one value: membership in O(1) whatever the amounts, the
        count of actions, and :meth:`~cardrules.legal.Legal.actions` to spell them out."""
        legal = self._legal_cache
        if legal is None:
            record = self._record
            legal = self._legal_of(record) if record.to_act.__class__ is int else NOTHING
            _set_legal(self, legal)
        return legal

    def legal_actions(self) -> tuple[Action, ...]:
        """Every legal action of the seat to act, amounts spelled out; ``()`` at chance
        nodes and at the end."""
        legal = self._legal_cache
        if legal is None:
            legal = self.legal()
        if legal.low > legal.high:  # no raise: the listed actions are the whole set
            return legal.listed
        actions = self._actions_cache
        if actions is None:  # raises spelled out once, when first asked
            actions = legal.actions()
            _set_actions(self, actions)
        return actions

    def is_legal(self, action: object) -> bool:
        """Whether :meth:`apply` would accept ``action``. Never raises, and costs the
        same whatever the amounts."""
        to_act = self._record.to_act
        if to_act.__class__ is int:
            return action in self.legal()
        if to_act is CHANCE:
            cards = self._chance_cards(self._record)
            if action.__class__ is Shuffle and is_permutation(action.order, cards):
                return True
            try:  # a list for the order is accepted too
                check_shuffle(action, cards, frozenset(cards))
            except IllegalActionError:
                return False
            return True
        return False

    def apply(self, action: Action) -> Self:
        """The state after ``action``; the receiver is unchanged.

        :raises IllegalActionError: if the action is not legal now; the message names
            the seat, the action, the reason, the rule and what is legal.
        """
        record = self._record
        to_act = record.to_act
        if to_act.__class__ is int:
            legal = self._legal_cache
            if legal is None:
                legal = self.legal()
            if action.__class__ is Raise:
                to = action.to
                if to.__class__ is not int or not legal.low <= to <= legal.high:
                    raise self._illegal(action, legal)
                found: Action = action
            else:
                for found in legal.listed:  # the interned action itself, usually
                    if found is action:
                        break
                else:
                    found = legal.find(action)  # type: ignore[assignment]
                    if found is None:
                        raise self._illegal(action, legal)
            result = self._TRANSITIONS[found.__class__](record, found)
        elif to_act is CHANCE:
            cards = self._chance_cards(record)
            if action.__class__ is not Shuffle or not is_permutation(action.order, cards):
                action = check_shuffle(action, cards, frozenset(cards))  # or the refusal
            result = self._TRANSITIONS[Shuffle](record, action)
        else:
            raise IllegalActionError(
                f"the session is over: no action can be applied, not {shorten(action, repr)} (X-7)",
                rule="X-7",
                action=action,
            )
        if result.__class__ is tuple:
            return self.__class__._build(result[0], result[1])  # type: ignore[no-any-return]
        return self.__class__._build(result, None)  # type: ignore[no-any-return]

    def view(self, seat: int) -> Any:
        """What ``seat`` may see now, and nothing more (X-10).

        :raises ValueError: if ``seat`` is not a seat of this game.
        """
        record = self._record
        if seat.__class__ is int and seat == record.to_act:
            legal = self._legal_cache
            return self._view_of(record, seat, self.legal() if legal is None else legal)
        return self._view_of(record, check_seat(seat, record.players), NOTHING)

    def _drive(
        self,
        policies: Sequence[Callable[[Any, Random], Action]],
        rng: Random,
        chance: Random,
        max_steps: int | None,
    ) -> Self:
        """The loop of :func:`cardrules.play` from this state (its arguments checked):
        the same steps, views and draws, reading the records directly. An action that
        passes :meth:`apply`'s quick test (the legal set's own interned action, a raise
        in range) and a shuffle :func:`~cardrules.chance.shuffled` drew with a plain
        ``Random`` go straight to their transition; any other goes through ``apply``.
        The class's hooks are read once: every state here is of this class."""
        state, steps, limit = self, 0, (-1 if max_steps is None else max_steps)
        view_of, transitions, build = self._view_of, self._TRANSITIONS, self.__class__._build
        while steps != limit:
            steps += 1
            record = state._record
            actor = record.to_act
            if actor.__class__ is int:
                legal = state._legal_cache
                if legal is None:
                    legal = state.legal()
                action: Any = policies[actor](view_of(record, actor, legal), rng)
                if action.__class__ is Raise:
                    to = action.to
                    if to.__class__ is not int or not legal.low <= to <= legal.high:
                        state = state.apply(action)  # the refusal
                        continue
                else:
                    for found in legal.listed:  # the interned action itself, usually
                        if found is action:
                            break
                    else:
                        state = state.apply(action)  # an equal action, or the refusal
                        continue
            elif actor is CHANCE:
                action = shuffled(state._chance_cards(record), chance)
                if chance.__class__ is not Random:  # a subclass shuffles its own way
                    state = state.apply(action)  # checked
                    continue
            else:
                break
            result = transitions[action.__class__](record, action)
            if result.__class__ is tuple:
                state = build(result[0], result[1])
            else:
                state = build(result, None)
        return state

    def returns(self) -> tuple[Fraction, ...]:
        """Each seat's net result since ``new_game`` (X-8)."""
        return self._returns(self._record)

    def standings(self) -> tuple[int, ...]:
        """Each seat's place by :meth:`returns` (1 = best; ties share the place and the
        next place skips: 1, 1, 3)."""
        return standings_of(self.returns())

    def __reduce__(self) -> tuple[Any, ...]:
        # pickles the record alone: the caches are rebuilt when asked
        return (_rebuild, (self.__class__, self._record))

    # ------------------------------------------------------------------ inside

    def _illegal(self, action: object, legal: Legal) -> IllegalActionError:
        """The error for an action that is not in ``legal`` (X-9 and the game's rules)."""
        record = self._record
        seat = record.to_act
        if isinstance(action, Shuffle):
            rule, reason = "X-2", "a Shuffle is only applied at a chance node"
        elif action.__class__ not in self.ACTIONS:
            rule, reason = "X-9", f"it is not an action of {self.GAME_NAME}"
        else:
            rule, reason = self._why_not(record, action, legal)
        if action.__class__ in self.ACTIONS:
            what = f"seat {seat} cannot {shorten(action)}"
        else:
            what = f"seat {seat} cannot apply {shorten(action, repr)}"
        return IllegalActionError(
            f"{what}: {reason} ({rule}); legal now: {self._describe_legal(record, legal)}",
            rule=rule,
            seat=seat,  # type: ignore[arg-type]
            action=action,
        )


_set_legal = cache_setter(StateShell, "_legal_cache")
_set_actions = cache_setter(StateShell, "_actions_cache")


def _rebuild(cls: type[StateShell[Any]], record: Any) -> StateShell[Any]:
    return cls._build(record, None)  # type: ignore[no-any-return]


def fresh_legal(state: StateShell[Any]) -> Legal:
    """The legal set of ``state`` computed afresh, ignoring what any cache or
    transition handed over: the conformance tests compare it with ``state.legal()``.

    >>> from cardrules.bouillotte import historic
    >>> fresh_legal(historic.new_game()).actions()
    (Carre(), Decline())

    """
    record = state._record
    if record.to_act.__class__ is not int:
        return NOTHING
    return state._legal_of(record)


class DealFacts:
    """What every game's record reads from its ``deal`` (a field or a property): the
    rules, the dealer, the deal's number and the ``new_game`` arguments. A record class
    lists it among its bases.

    >>> from cardrules.bourre import new_game
    >>> new_game()._record.deal_number
    0
    """

    __slots__ = ()
    deal: Any

    @property
    def rules(self) -> Any:
        """The rules of the session."""
        return self.deal.rules

    @property
    def dealer(self) -> int:
        """The dealer's seat."""
        return self.deal.dealer  # type: ignore[no-any-return]

    @property
    def deal_number(self) -> int:
        """The deal's index from 0."""
        return self.deal.deal_number  # type: ignore[no-any-return]

    @property
    def initial_stacks(self) -> tuple[int, ...]:
        """The stacks given to ``new_game``."""
        return self.deal.initial_stacks  # type: ignore[no-any-return]

    @property
    def initial_dealer(self) -> int:
        """The dealer given to ``new_game``."""
        return self.deal.initial_dealer  # type: ignore[no-any-return]


class Record:
    """Base of every game's record: a frozen slotted attrs class of a state's fields
    (or of a deal's), with ``_replace(**changes)`` — a copy with the named fields
    changed, built through the receiver (a misspelt field raises ``TypeError``); its
    cache fields (``eq=False``) start again from their defaults in the copy.

    >>> @attrs.frozen(slots=True)
    ... class Point(Record):
    ...     x: int
    ...     y: int
    >>> Point(1, 2)._replace(y=7)
    Point(x=1, y=7)
    """

    __slots__ = ()

    def _replace(self, **changes: Any) -> Self:
        """A copy of this record with ``changes`` (installed per class, see above)."""
        raise NotImplementedError  # pragma: no cover - replaced in every subclass

    @staticmethod
    def _make(**fields: Any) -> Any:
        """A new record of the class from every one of its fields, by keyword, as the
        class itself builds it, without running ``__init__`` (installed per class with
        no cache field: the records a step builds anew, such as a view's)."""
        raise NotImplementedError  # pragma: no cover - replaced in every subclass

    def __init_subclass__(cls, **kwargs: Any) -> None:
        super().__init_subclass__(**kwargs)
        if "__attrs_attrs__" in cls.__dict__ and "__slots__" in cls.__dict__:
            # a cache field (eq=False) holds what was computed of one value: every copy
            # starts it afresh, from its default
            fields = attrs.fields(cls)  # type: ignore[arg-type]
            caches = {field.name: field.default for field in fields if not field.eq}
            cls._replace = resetting_replacer(cls, **caches)  # type: ignore[method-assign, assignment]
            if not caches:
                cls._make = staticmethod(keyword_constructor(cls))  # type: ignore[method-assign]
