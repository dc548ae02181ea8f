"""The append-only log behind every state's ``history`` and ``events``: a value that
shares all but its last few items with the log it was made from, so that a step costs
the same at the first action of a session and at the ten-thousandth.

>>> log = Log[int]().append(1).append(2)
>>> log.as_tuple(), len(log)
((1, 2), 2)
"""

from __future__ import annotations

from collections.abc import Iterator, Sequence
from typing import TYPE_CHECKING, Any, ClassVar, Generic, TypeVar

import attrs

from cardrules._fast import appender, constructor

__all__ = ["Log", "seat_only"]

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
