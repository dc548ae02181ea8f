"""Fast constructors for frozen slotted attrs classes (private to the hot paths).

An attrs ``__init__`` of a frozen class sets every field through a checked
``object.__setattr__``; the transitions build a new state per action, so they use a
generated function that sets the slots through their descriptors instead. It runs no
validators or converters: callers pass values of the right types.

>>> import attrs
>>> @attrs.frozen(slots=True)
... class Point:
...     x: int
...     y: int
...     _cache: object = attrs.field(default=None, eq=False)
>>> make = constructor(Point, ("x", "y"), _cache=None)
>>> make(1, 2) == Point(1, 2)
True
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any, TypeVar

__all__ = ["constructor", "interned"]

T = TypeVar("T")


def constructor(cls: type[T], names: tuple[str, ...], **constants: object) -> Callable[..., T]:
    """A function ``make(*values)`` that builds an instance of ``cls`` with the fields
    ``names`` set in order, and the fields of ``constants`` set to those values.

    :param cls: a slotted class (attrs ``slots=True``).
    :param names: the fields given positionally, in order.
    :param constants: fields set to the same value in every instance.
    :returns: the constructor.

    >>> import attrs
    >>> @attrs.frozen(slots=True)
    ... class Pair:
    ...     a: int
    ...     b: int
    >>> constructor(Pair, ("b", "a"))(2, 1)
    Pair(a=1, b=2)
    """
    scope: dict[str, Any] = {"_new": object.__new__, "_cls": cls}
    lines = [f"def make({', '.join(f'v{i}' for i in range(len(names)))}):", "    self = _new(_cls)"]
    for i, name in enumerate(names):
        scope[f"_s{i}"] = getattr(cls, name).__set__
        lines.append(f"    _s{i}(self, v{i})")
    for j, (name, value) in enumerate(constants.items()):
        scope[f"_c{j}"] = getattr(cls, name).__set__
        scope[f"_k{j}"] = value
        lines.append(f"    _c{j}(self, _k{j})")
    lines.append("    return self")
    exec("\n".join(lines), scope)
    make: Callable[..., T] = scope["make"]
    make.__qualname__ = f"make_{cls.__name__}"
    return make


def interned(cls: Callable[..., T], limit: int = 4096) -> Callable[..., T]:
    """A function ``make(*fields)`` that returns ``cls(*fields)``, building each value
    once: equal calls share one immutable object (events that repeat every deal).
    At most ``limit`` values are kept; past that, new ones are built and not kept.

    :param cls: a frozen class (or any function of hashable arguments).
    :param limit: how many values to keep.
    :returns: the interning constructor.

    >>> from cardrules.events import AntePaid
    >>> ante = interned(AntePaid)
    >>> ante(2, 1) is ante(2, 1) and ante(2, 1) == AntePaid(2, 1)
    True
    """
    cache: dict[tuple[Any, ...], T] = {}

    def make(*fields: Any) -> T:
        value = cache.get(fields)
        if value is None:
            value = cls(*fields)
            if len(cache) < limit:
                cache[fields] = value
        return value

    make.__qualname__ = f"interned_{getattr(cls, '__name__', 'value')}"
    return make
