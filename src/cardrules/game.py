"""What every game module shares: the protocols its states and views follow, the
append-only log behind ``history`` and ``events``, and small helpers.

A game module (``cardrules.bouillotte.modern``, ``cardrules.bouillotte.historic``,
``cardrules.bourre``) exports ``GAME_ID``, ``Rules``, ``new_game``, ``State``,
``arrange_deck`` and ``ACTIONS`` (its action classes, which records use).
"""

from __future__ import annotations

from collections.abc import Iterator, Sequence
from fractions import Fraction
from types import ModuleType
from typing import TYPE_CHECKING, Any, ClassVar, Generic, Protocol, TypeVar, runtime_checkable

import attrs

from cardrules._fast import appender, constructor
from cardrules.actions import Action, Raise
from cardrules.cards import Card
from cardrules.errors import CardRulesError, RulesError, shorten

__all__ = [
    "GameModule",
    "GameState",
    "GameView",
    "Log",
    "check_new_game",
    "describe_actions",
    "seat_only",
    "standings_of",
]

T = TypeVar("T")

_CHUNK = 32


class _Chunk(tuple[Any, ...]):
    """A full chunk of a :class:`Log`: a tuple that keeps its hash once computed (the
    chunk is shared by every later version of the log). It pickles as a plain tuple,
    never with its hash, which may differ in another process."""

    def __hash__(self) -> int:
        known: int | None = self.__dict__.get("hash")
        if known is None:
            known = self.__dict__["hash"] = tuple.__hash__(self)
        return known

    def __reduce__(self) -> tuple[Any, ...]:
        return (_Chunk, (tuple(self),))


@attrs.frozen(slots=True, weakref_slot=False)
class Log(Generic[T]):
    """An append-only sequence that shares structure between versions.

    ``append`` copies at most ``32`` items, not the whole log, so a state's
    ``history`` can grow for a whole session without quadratic cost. The layout
    depends only on the items, so equal logs are equal values, hash alike and
    pickle flat (two levels of tuples, never a deep chain). A full chunk keeps its
    hash once computed, and every later version shares the chunk: hashing a log again
    (a view of a long session, say) costs one lookup per chunk plus its newest items.

    >>> log = Log[int]().append(1).append(2)
    >>> tuple(log), len(log), log == Log[int]().extend((1, 2))
    ((1, 2), 2, True)
    """

    CHUNK: ClassVar[int] = _CHUNK
    """How many items a full chunk holds (the tail holds at most as many)."""

    chunks: tuple[tuple[T, ...], ...] = ()
    tail: tuple[T, ...] = ()

    if TYPE_CHECKING:  # the method is made once the class exists (see below)

        def append(self, item: T) -> Log[T]:
            """This log with ``item`` added at the end."""
            ...

    def extend(self, items: Sequence[T]) -> Log[T]:
        """This log with ``items`` added at the end, in order (the same layout as
        appending them one by one, built in one step)."""
        if not items:
            return self
        tail = self.tail + tuple(items)
        chunks = self.chunks
        while len(tail) > _CHUNK:
            chunks = (*chunks, _Chunk(tail[:_CHUNK]))
            tail = tail[_CHUNK:]
        return _make_log(chunks, tail)

    def since(self, start: int) -> tuple[T, ...]:
        """The items from index ``start`` on, copying only those.

        >>> Log[int]().extend(range(100)).since(97)
        (97, 98, 99)
        """
        first = start // _CHUNK
        if first >= len(self.chunks):
            return self.tail[start - len(self.chunks) * _CHUNK :]
        parts = (*self.chunks[first:], self.tail)
        return tuple(item for chunk in parts for item in chunk)[start - first * _CHUNK :]

    def as_tuple(self) -> tuple[T, ...]:
        """Every item, oldest first."""
        if not self.chunks:
            return self.tail
        return tuple(item for chunk in (*self.chunks, self.tail) for item in chunk)

    def replace_last(self, item: T) -> Log[T]:
        """This log with its newest item replaced by ``item`` (the same layout as
        appending ``item`` in its place); an empty log gets ``item`` appended.

        >>> Log[int]().extend((1, 2)).replace_last(5).as_tuple()
        (1, 5)
        """
        tail = self.tail
        if not tail:
            return self.append(item)
        return _make_log(self.chunks, (*tail[:-1], item))

    def last(self) -> T | None:
        """The newest item, or ``None`` when empty."""
        return self.tail[-1] if self.tail else None

    def __len__(self) -> int:
        return len(self.chunks) * _CHUNK + len(self.tail)

    def __eq__(self, other: object) -> bool:
        # the newest items first: two logs that differ usually differ there, and the
        # chunks of two versions of one session are shared, so compare by identity
        if other.__class__ is not self.__class__:
            return NotImplemented
        assert isinstance(other, Log)
        return self.tail == other.tail and (
            self.chunks is other.chunks or self.chunks == other.chunks
        )

    def __ne__(self, other: object) -> bool:
        equal = self.__eq__(other)
        return equal if equal is NotImplemented else not equal

    def __hash__(self) -> int:
        return hash((self.chunks, self.tail))

    def __iter__(self) -> Iterator[T]:
        for chunk in self.chunks:
            yield from chunk
        yield from self.tail


_make_log = constructor(Log, ("chunks", "tail"))
_EMPTY: Log[Any] = _make_log((), ())
setattr(Log, "append", appender(Log, _CHUNK, _Chunk))  # noqa: B010
"""``Log.append``: the tail grows by one (one concatenation), or a full tail becomes
the next :class:`_Chunk`; built by :func:`cardrules._fast.appender` so that the new log
is made in the method itself, with no further Python call."""


def seat_only(players: int, seat: int, log: Log[T]) -> tuple[Log[T], ...]:
    """``players`` logs: ``log`` at ``seat`` and an empty one at every other seat (what
    one seat knows of logs kept per seat, such as the cards each seat received).

    >>> [len(one) for one in seat_only(3, 1, Log[int]().append(7))]
    [0, 1, 0]
    """
    logs: list[Log[T]] = [_EMPTY] * players
    logs[seat] = log
    return tuple(logs)


class GameView(Protocol):
    """What every game's ``View`` offers."""

    @property
    def seat(self) -> int:
        """The seat whose view this is."""
        ...

    def legal_actions(self) -> tuple[Action, ...]:
        """The seat's legal actions when it is to act, else ``()``."""
        ...


@runtime_checkable
class GameState(Protocol):
    """What every game's ``State`` offers (see the API reference of each game)."""

    GAME_ID: str

    @property
    def rules(self) -> Any: ...

    @property
    def to_act(self) -> Any: ...

    @property
    def is_terminal(self) -> bool: ...

    @property
    def chance_cards(self) -> tuple[Card, ...]: ...

    @property
    def history(self) -> tuple[Action, ...]: ...

    @property
    def stacks(self) -> tuple[int, ...]: ...

    @property
    def pot(self) -> int: ...

    @property
    def initial_stacks(self) -> tuple[int, ...]: ...

    @property
    def initial_dealer(self) -> int: ...

    def legal_actions(self) -> tuple[Action, ...]:
        """Every legal action of the seat to act; ``()`` at chance nodes and at the end."""
        ...

    def is_legal(self, action: Action) -> bool:
        """Whether ``apply(action)`` would succeed."""
        ...

    def apply(self, action: Action) -> Any:
        """The next state; :class:`~cardrules.IllegalActionError` for an illegal action."""
        ...

    def view(self, seat: int) -> Any:
        """All that ``seat`` may see now, nothing more."""
        ...

    def returns(self) -> tuple[Fraction, ...]:
        """Each seat's net result since ``new_game``."""
        ...


class GameModule(Protocol):
    """A game as the registry and the records see it (a game's module fits)."""

    GAME_ID: str
    Rules: Any
    ACTIONS: tuple[type[Action], ...]

    def new_game(
        self, rules: Any = ..., *, stacks: Sequence[int] | None = ..., dealer: int = ...
    ) -> Any:
        """The first state of a session."""
        ...


def as_game_module(module: ModuleType | GameModule) -> GameModule:
    """Check that ``module`` has what a game needs and return it."""
    for name in ("GAME_ID", "Rules", "ACTIONS", "new_game"):
        if not hasattr(module, name):
            raise CardRulesError(f"{module!r} is not a game: it lacks {name}")
    return module


def standings_of(results: Sequence[Fraction | int]) -> tuple[int, ...]:
    """Places by result, best first: equal results share a place and the next
    place skips (1, 1, 3).

    >>> standings_of([5, -3, 5, -7])
    (1, 3, 1, 4)
    """
    return tuple(1 + sum(1 for other in results if other > mine) for mine in results)


def check_new_game(
    rules: object, rules_class: type[T], stacks: object, dealer: object, default: T
) -> tuple[T, tuple[int, ...], int]:
    """The arguments of a game's ``new_game``, checked the same way in every game.

    :param rules: the ``rules`` given (``None``: ``default``).
    :param rules_class: the game's ``Rules`` class.
    :param stacks: ``None`` (the rules' ``stack`` for every seat), or a tuple or list of
        one int >= 0 per seat (a seat that starts with 0 rebuys at the first deal, X-6).
    :param dealer: the first dealer, an int seat.
    :param default: ``Rules()``.
    :returns: ``(rules, stacks, dealer)``.
    :raises RulesError: naming the argument, the value and what is allowed.

    >>> from cardrules.bourre import Rules
    >>> check_new_game(None, Rules, [5, 0, 7, 9], 1, Rules())[1:]
    ((5, 0, 7, 9), 1)
    >>> check_new_game(None, Rules, {0: 1, 1: 2, 2: 3, 3: 4}, 0, Rules())
    Traceback (most recent call last):
    ...
    cardrules.errors.RulesError: stacks must be a tuple or list of 4 ints >= 0 ... not a dict
    """
    if rules is None:
        rules = default
    if not isinstance(rules, rules_class):
        raise RulesError(
            f"new_game needs a {rules_class.__module__.rsplit('.', 1)[0]}.Rules, "
            f"not {shorten(rules, repr)}"
        )
    players: int = rules.players  # type: ignore[attr-defined]
    if stacks is None:
        start = (rules.stack,) * players  # type: ignore[attr-defined]
    else:
        if not isinstance(stacks, tuple | list):
            raise RulesError(
                f"stacks must be a tuple or list of {players} ints >= 0 (one per seat), "
                f"not a {type(stacks).__name__}"
            )
        if len(stacks) != players or not all(type(s) is int and s >= 0 for s in stacks):
            raise RulesError(
                f"stacks must be a tuple or list of {players} ints >= 0 (one per seat), "
                f"not {shorten(stacks, repr)}"
            )
        start = tuple(stacks)
    if type(dealer) is not int or not 0 <= dealer < players:
        raise RulesError(
            f"dealer must be an int from 0 to {players - 1}, not {shorten(dealer, repr)}"
        )
    return rules, start, dealer


def check_seat(seat: object, players: int, what: str = "seat") -> int:
    """Return ``seat`` if it is an int in ``0 … players-1``; raise ValueError otherwise."""
    if type(seat) is not int or not 0 <= seat < players:
        raise CardRulesError(
            f"{what} must be an int from 0 to {players - 1}, not {shorten(seat, repr)}"
        )
    return seat


def describe_actions(actions: Sequence[Action]) -> str:
    """A short human list of actions, raises folded into ranges.

    >>> from cardrules.actions import CALL, FOLD, raise_to
    >>> describe_actions([CALL, raise_to(3), raise_to(4), raise_to(5), FOLD])
    'call, raise to 3…5, fold'
    >>> describe_actions([])
    'nothing'
    """
    if not actions:
        return "nothing"
    parts: list[str] = []
    raises = [a.to for a in actions if isinstance(a, Raise)]
    raise_written = False
    others = 0
    for action in actions:
        if isinstance(action, Raise):
            if raise_written:
                continue
            raise_written = True
            low, high = min(raises), max(raises)
            if low == high:
                parts.append(f"raise to {low}")
            elif len(raises) == high - low + 1:
                parts.append(f"raise to {low}…{high}")
            else:
                parts.append("raise to " + ", ".join(str(r) for r in sorted(raises)))
        elif len(parts) < 12:
            parts.append(str(action))
        else:
            others += 1
    if others:
        parts.append(f"… ({others} more)")
    return ", ".join(parts)
