"""One cache policy for the whole library: :class:`BoundedCache`, a memo table
bounded by the memory its entries take, not by their number.

Games memoize what many states share (legal sets of equal hands, interned actions)
in module-level caches of this kind. When the entries kept pass the budget the cache
is emptied and starts again: no entry count to tune, and memory stays bounded
however large the values grow (a legal set of 400 raises weighs 100 times one of 4).

>>> cache = BoundedCache[int, tuple[int, ...]](max_bytes=200)
>>> cache.put(1, (1, 2, 3))
(1, 2, 3)
>>> cache.get(1), cache.get(2), cache.lookup(1)
((1, 2, 3), None, (1, 2, 3))
>>> _ = cache.put(2, tuple(range(100)))  # 856 bytes: over the budget, so all is dropped
>>> cache.get(1), len(cache)
(None, 0)
"""

from __future__ import annotations

import sys
from collections.abc import Callable
from typing import Generic, TypeVar

__all__ = ["BoundedCache"]

K = TypeVar("K")
V = TypeVar("V")


class BoundedCache(Generic[K, V]):
    """A dict that is emptied whenever the ``sys.getsizeof`` of the values it keeps
    (their own size, not what they share) passes ``max_bytes``."""

    __slots__ = ("_bytes", "_data", "lookup", "max_bytes")

    def __init__(self, max_bytes: int = 1 << 20) -> None:
        self._data: dict[K, V] = {}
        self._bytes = 0
        self.max_bytes = max_bytes
        """The budget in bytes."""
        self.lookup: Callable[[K], V | None] = self._data.get
        """``lookup(key)``: what :meth:`get` returns, as the dict's own ``get`` (the
        cache keeps one dict for its whole life and empties it in place), so that a
        hot path can hold it and pay no Python call on a lookup."""

    def get(self, key: K) -> V | None:
        """The value kept for ``key``, or ``None``."""
        return self._data.get(key)

    def put(self, key: K, value: V) -> V:
        """Keep ``value`` for ``key`` (emptying the cache first if it would pass its
        budget; a value larger than the whole budget is not kept) and return it."""
        size = sys.getsizeof(value)
        if self._bytes + size > self.max_bytes:
            self._data.clear()
            self._bytes = 0
            if size > self.max_bytes:
                return value
        self._data[key] = value
        self._bytes += size
        return value

    def __len__(self) -> int:
        return len(self._data)
