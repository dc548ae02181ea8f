"""The few speed tricks that pay, behind documented functions (STYLE lesson 16).

This is the only module of cardrules that calls ``exec``, ``object.__new__``,
``object.__setattr__`` or a slot descriptor's ``__set__``; a test greps ``src/`` for
them. Everything here builds or copies frozen slotted attrs instances without running
their ``__init__`` (which sets every field through a checked ``object.__setattr__``):
callers pass values of the right types, and nothing here validates them.

Each function's docstring gives what it pays: the CPU instructions a decision through
:func:`cardrules.play` with views costs more when that function alone is replaced by
the plain spelling (counted with ``benchmarks/run.py --sections instructions``, quick
sessions, CPython 3.11, 7 December 2026; modern / historic / Bourré). An item that paid
about 1 % (a straight-line Fisher-Yates shuffle made with ``exec``) was removed.

>>> import attrs
>>> @attrs.frozen(slots=True)
... class Point:
...     x: int
...     y: int
>>> replace = resetting_replacer(Point)
>>> replace(Point(1, 2), y=5)
Point(x=1, y=5)
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any, TypeVar

import attrs

__all__ = [
    "appender",
    "cache_setter",
    "constructor",
    "is_draft",
    "keyword_constructor",
    "resetting_replacer",
]

T = TypeVar("T")

_new = object.__new__
_DRAFT_FROM = 2
"""From this many fields on, filling a mutable twin and swapping its class beats
setting each slot through its descriptor."""


def _setter(cls: type, name: str) -> Callable[[Any, Any], None]:
    """The ``__set__`` of the slot ``name`` of ``cls`` (no frozen check)."""
    for klass in cls.__mro__:
        descriptor = klass.__dict__.get(name)
        if descriptor is not None and hasattr(descriptor, "__set__"):
            setter: Callable[[Any, Any], None] = descriptor.__set__
            return setter
    raise AttributeError(f"{cls.__name__} has no slot {name!r}")


def _fields(cls: type) -> tuple[str, ...]:
    return tuple(field.name for field in attrs.fields(cls))


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

    Pays: a decision costs 62 / 55 / 44 % more instructions when each instance is
    built through ``object.__new__`` and ``object.__setattr__`` field by field.
    """
    scope: dict[str, Any] = {"_new": _new, "_cls": cls}
    lines = [f"def make({', '.join(f'v{i}' for i in range(len(names)))}):"]
    if len(names) + len(constants) >= _DRAFT_FROM:  # fill a mutable twin, then swap
        scope["_draft"] = _draft(cls)
        lines.append("    self = _draft()")
        lines += _stores(names, constants, scope)
        lines.append("    self.__class__ = _cls")
    else:  # one or two fields: their slots' own setters
        lines.append("    self = _new(_cls)")
        for i, name in enumerate(names):
            scope[f"_s{i}"] = _setter(cls, name)
            lines.append(f"    _s{i}(self, v{i})")
        for j, (name, value) in enumerate(constants.items()):
            scope[f"_c{j}"] = _setter(cls, name)
            scope[f"_k{j}"] = value
            lines.append(f"    _c{j}(self, _k{j})")
    lines.append("    return self")
    exec("\n".join(lines), scope)
    make: Callable[..., T] = scope["make"]
    make.__qualname__ = f"make_{cls.__name__}"
    return make


def _stores(
    names: tuple[str, ...],
    constants: dict[str, object],
    scope: dict[str, Any],
    values: tuple[str, ...] | None = None,
) -> list[str]:
    """The generated lines that store ``values`` (names in the generated code; by
    default ``v0, v1, …``) into the fields ``names`` of a draft ``self`` and the
    ``constants`` into theirs (added to ``scope``)."""
    given = values or tuple(f"v{i}" for i in range(len(names)))
    lines = [f"    self.{name} = {value}" for name, value in zip(names, given, strict=True)]
    for j, (name, value) in enumerate(constants.items()):
        scope[f"_k{j}"] = value
        lines.append(f"    self.{name} = _k{j}")
    return lines


def is_draft(cls: type) -> bool:
    """Whether ``cls`` is the mutable twin that :func:`constructor` or :func:`resetting_replacer`
    made of a frozen class (so a class hook can leave it alone)."""
    return cls.__dict__.get("__setattr__") is object.__setattr__


def _draft(cls: type) -> type:
    """A mutable twin of the frozen slotted class ``cls``: a subclass with no slot of
    its own (so an instance can become a ``cls`` by ``__class__`` assignment) whose
    attributes are set the plain way, which CPython specialises for slots. It is made
    empty by calling it (``object``'s ``__init__``, no argument), which costs less
    than ``object.__new__(draft)``."""
    return type(
        f"{cls.__name__}Draft",
        (cls,),
        {
            "__slots__": (),
            "__init__": object.__init__,
            "__setattr__": object.__setattr__,
            "__delattr__": object.__delattr__,
            "__module__": cls.__module__,
        },
    )


class _Missing:
    __slots__ = ()

    def __repr__(self) -> str:
        return "<unchanged>"


_MISSING = _Missing()


def cache_setter(cls: type, name: str) -> Callable[[Any, Any], None]:
    """A function ``set(instance, value)`` that fills the cache slot ``name`` of a frozen
    instance of ``cls`` (a field declared with ``eq=False``: it never changes what the
    value is, only what has been computed of it).

    >>> import attrs
    >>> @attrs.frozen(slots=True)
    ... class Box:
    ...     value: int
    ...     _double: int | None = attrs.field(default=None, eq=False)
    >>> box = Box(2)
    >>> cache_setter(Box, "_double")(box, 4)
    >>> box._double, box == Box(2)
    (4, True)

    Not for speed (``object.__setattr__`` costs the same: 0.4 / 0.2 / 0.0 %): the one
    place where a cache slot of a frozen value is written.
    """
    return _setter(cls, name)


def keyword_constructor(cls: type[T]) -> Callable[..., T]:
    """A function ``make(**fields)`` that builds an instance of the frozen slotted attrs
    class ``cls`` from every one of its fields, by keyword, without its ``__init__``: a
    missing or misspelt field raises ``TypeError`` at once, as the class itself would
    (no defaults, no converters, no validators run). Records install it as their
    ``_make``.

    >>> import attrs
    >>> @attrs.frozen(slots=True)
    ... class Pair:
    ...     a: int
    ...     b: int
    >>> make = keyword_constructor(Pair)
    >>> make(b=2, a=1)
    Pair(a=1, b=2)
    >>> make(a=1)
    Traceback (most recent call last):
    ...
    TypeError: make_Pair() missing 1 required keyword-only argument: 'b'

    Pays: a decision costs 26 / 31 / 21 % more instructions when records are built by
    the class itself.
    """
    names = _fields(cls)
    scope: dict[str, Any] = {"_cls": cls, "_draft": _draft(cls)}
    lines = [f"def make_{cls.__name__}(*, {', '.join(names)}):", "    self = _draft()"]
    lines += [f"    self.{name} = {name}" for name in names]
    lines += ["    self.__class__ = _cls", "    return self"]
    exec("\n".join(lines), scope)
    make: Callable[..., T] = scope[f"make_{cls.__name__}"]
    return make


def resetting_replacer(cls: type[T], **resets: object) -> Callable[..., T]:
    """A function ``replace(value, **changes)`` that returns a copy of ``value`` with the
    named fields changed, a fast ``attrs.evolve`` that runs no ``__init__`` (records
    install it as their ``_replace``), except that every copy has the fields of ``resets``
    set to those values instead of copied from the original: for a class with cache
    fields (``eq=False``) that hold what was computed of one value only, so that no
    copy with other fields inherits them.

    :param cls: a frozen slotted attrs class.
    :param resets: the cache fields and the value each copy starts with.
    :returns: the replacing function (cache fields cannot be passed to it).

    >>> import attrs
    >>> @attrs.frozen(slots=True)
    ... class Box:
    ...     value: int
    ...     _double: int | None = attrs.field(default=None, eq=False)
    >>> resetting_replacer(Box, _double=None)(Box(2, 4), value=3)
    Box(value=3, _double=None)

    Pays: a decision costs 90 / 117 / 64 % more instructions with ``attrs.evolve``.
    """
    names = [name for name in _fields(cls) if name not in resets]
    scope: dict[str, Any] = {"_cls": cls, "_draft": _draft(cls), "_M": _MISSING}
    params = ", ".join(f"{name}=_M" for name in names)
    lines = [f"def _replace(self, *, {params}):", "    new = _draft()"]
    for name in names:
        lines.append(f"    new.{name} = self.{name} if {name} is _M else {name}")
    for j, (name, value) in enumerate(resets.items()):
        scope[f"_k{j}"] = value
        lines.append(f"    new.{name} = _k{j}")
    lines += ["    new.__class__ = _cls", "    return new"]
    exec("\n".join(lines), scope)
    replace: Callable[..., T] = scope["_replace"]
    replace.__qualname__ = f"{cls.__name__}._replace"
    return replace


def appender(cls: type, size: int, close: Callable[[tuple[Any, ...]], Any]) -> Callable[..., Any]:
    """A method ``append(self, item)`` for a log class ``cls`` of two slots ``chunks``
    (a tuple of full chunks) and ``tail`` (a tuple of at most ``size`` items): the log
    with ``item`` added, built in the method itself (no further Python call while the
    tail has room; a full tail becomes ``close(tail)``, the next chunk).

    >>> import attrs
    >>> @attrs.frozen(slots=True)
    ... class Pairs:
    ...     chunks: tuple[tuple[int, ...], ...] = ()
    ...     tail: tuple[int, ...] = ()
    >>> append = appender(Pairs, 2, tuple)
    >>> append(append(append(Pairs(), 1), 2), 3)
    Pairs(chunks=((1, 2),), tail=(3,))

    Pays: a decision costs 5.6 / 5.3 / 3.8 % more instructions with a plain method
    that builds the new log through the class.
    """
    scope: dict[str, Any] = {"_cls": cls, "_draft": _draft(cls), "_close": close}
    lines = [
        "def append(self, item):",
        "    tail = self.tail",
        "    new = _draft()",
        f"    if len(tail) < {int(size)}:",
        "        new.chunks = self.chunks",
        "        new.tail = tail + (item,)",
        "    else:",
        "        new.chunks = (*self.chunks, _close(tail))",
        "        new.tail = (item,)",
        "    new.__class__ = _cls",
        "    return new",
    ]
    exec("\n".join(lines), scope)
    append: Callable[..., Any] = scope["append"]
    append.__qualname__ = f"{cls.__name__}.append"
    append.__doc__ = "This log with ``item`` added at the end."
    return append
