"""The few speed tricks that pay, behind documented functions (STYLE lesson 16).

This is the only module of cardrules that calls ``exec``, ``object.__new__``,
``object.__setattr__`` or a slot descriptor's ``__set__``; a test greps ``src/`` for
them. Everything here builds or copies frozen slotted attrs instances without running
their ``__init__`` (which sets every field through a checked ``object.__setattr__``):
callers pass values of the right types, and nothing here validates them.

>>> import attrs
>>> @attrs.frozen(slots=True)
... class Point:
...     x: int
...     y: int
>>> replace = replacer(Point)
>>> replace(Point(1, 2), y=5)
Point(x=1, y=5)
"""

from __future__ import annotations

from collections import deque
from collections.abc import Callable, Iterable
from itertools import combinations, repeat
from typing import Any, TypeVar

import attrs

__all__ = [
    "appender",
    "blank_instances",
    "cache_setter",
    "constructor",
    "copier",
    "fisher_yates_steps",
    "is_draft",
    "keyword_constructor",
    "record_viewer",
    "replacer",
    "resetting_replacer",
    "subsets_reader",
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


def replacer(cls: type[T]) -> Callable[..., T]:
    """A function ``replace(value, **changes)`` that returns a copy of ``value`` (an
    instance of ``cls``) with the named fields changed: a fast ``attrs.evolve`` that
    runs no ``__init__``. Fields are keyword-only, so a misspelt name raises
    ``TypeError`` at once.

    The copy is filled in as an instance of a mutable twin of ``cls`` (a subclass that
    adds no slot, with plain attribute assignment, which CPython stores straight into
    the slot) and then becomes a ``cls``: a third of the cost of setting each slot
    through its descriptor. Records install it as their ``_replace`` method.

    :param cls: a frozen slotted attrs class.
    :returns: the replacing function.

    >>> import attrs
    >>> @attrs.frozen(slots=True)
    ... class Pair:
    ...     a: int
    ...     b: int
    >>> copy = replacer(Pair)(Pair(1, 2), b=3)
    >>> copy, type(copy) is Pair
    (Pair(a=1, b=3), True)
    >>> replacer(Pair)(Pair(1, 2), c=3)
    Traceback (most recent call last):
    ...
    TypeError: Pair._replace() got an unexpected keyword argument 'c'
    """
    return resetting_replacer(cls)


def copier(cls: type[T], names: tuple[str, ...]) -> Callable[..., T]:
    """A function ``copy(value, *values)`` that returns a copy of ``value`` (an instance
    of ``cls``) with the fields ``names`` set to ``values``, in order: what
    :func:`replacer` does for a fixed set of fields, without its keyword parsing (the
    views use one to leave out of a record what a seat may not see).

    >>> import attrs
    >>> @attrs.frozen(slots=True)
    ... class Pair:
    ...     a: int
    ...     b: int
    >>> copier(Pair, ("b",))(Pair(1, 2), 7)
    Pair(a=1, b=7)
    """
    given = {name: i for i, name in enumerate(names)}
    unknown = set(given) - set(_fields(cls))
    if unknown:
        raise AttributeError(f"{cls.__name__} has no field {sorted(unknown)[0]!r}")
    scope: dict[str, Any] = {"_cls": cls, "_draft": _draft(cls)}
    lines = [f"def copy(self, {', '.join(f'v{i}' for i in range(len(names)))}):"]
    lines.append("    new = _draft()")
    for name in _fields(cls):
        value = f"v{given[name]}" if name in given else f"self.{name}"
        lines.append(f"    new.{name} = {value}")
    lines += ["    new.__class__ = _cls", "    return new"]
    exec("\n".join(lines), scope)
    copy: Callable[..., T] = scope["copy"]
    copy.__qualname__ = f"copy_{cls.__name__}"
    return copy


def fisher_yates_steps(high: int, low: int) -> Callable[[list[Any], Callable[[int], int]], None]:
    """A function ``steps(items, getrandbits)`` that runs the steps ``i = high … low``
    (``high`` first) of the Fisher-Yates shuffle of :meth:`random.Random.shuffle` on
    the list ``items`` in place: each step draws ``j`` as ``randrange(i + 1)`` draws it
    (the fewest random bits, redrawn while out of range) and swaps items ``i`` and
    ``j``. Straight-line code: no loop, no step's numbers read from a table.

    >>> import random
    >>> mine, theirs = list(range(9)), list(range(9))
    >>> fisher_yates_steps(8, 1)(mine, random.Random(2).getrandbits)
    >>> random.Random(2).shuffle(theirs)
    >>> mine == theirs
    True
    """
    lines = ["def steps(items, getrandbits):"]
    for i in range(high, low - 1, -1):
        bits = (i + 1).bit_length()
        lines += [
            f"    j = getrandbits({bits})",
            f"    while j > {i}:",
            f"        j = getrandbits({bits})",
            f"    items[{i}], items[j] = items[j], items[{i}]",
        ]
    scope: dict[str, Any] = {}
    exec("\n".join(lines), scope)
    steps: Callable[[list[Any], Callable[[int], int]], None] = scope["steps"]
    steps.__qualname__ = f"fisher_yates_steps_{high}_{low}"
    return steps


def is_draft(cls: type) -> bool:
    """Whether ``cls`` is the mutable twin that :func:`constructor` or :func:`replacer`
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
    """
    return _setter(cls, name)


def blank_instances(cls: type[T], field: str, values: Iterable[object]) -> tuple[T, ...]:
    """Instances of the one-field class ``cls``, one per value, built in C (blank
    instances, then their one slot set): for interning large tables of actions.

    >>> from cardrules.actions import Raise
    >>> blank_instances(Raise, "to", (2, 3))
    (Raise(to=2), Raise(to=3))
    """
    values = tuple(values)
    found: tuple[T, ...] = tuple(map(_new, repeat(cls, len(values))))
    deque(map(_setter(cls, field), found, values), 0)
    return found


def keyword_constructor(cls: type[T]) -> Callable[..., T]:
    """A function ``make(**fields)`` that builds an instance of the frozen slotted attrs
    class ``cls`` from every one of its fields, by keyword, without its ``__init__``: a
    missing or misspelt field raises ``TypeError`` at once, as the class itself would
    (no defaults, no converters, no validators run).

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
    """What :func:`replacer` makes, except that every copy has the fields of ``resets``
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


def record_viewer(
    cls: type[T],
    sources: dict[str, str],
    view: type,
    into: tuple[str, str, str],
    **constants: object,
) -> Callable[[Any, int, Any], Any]:
    """A function ``see(value, seat, extra)`` that returns an instance of ``view`` whose
    fields ``into`` hold ``seat``, a new ``cls`` and ``extra``, and whose fields of
    ``constants`` hold those values. Each field of the new ``cls`` is read from
    ``value`` at its path in ``sources`` (attribute names, maybe ending in ``[seat]``
    for the seat's item; ``"seat"`` is the seat itself). For views: what a seat may see
    of a record, and the view, made in one Python call. ``seat`` must be a seat;
    nothing checks it.

    >>> import attrs
    >>> @attrs.frozen(slots=True)
    ... class Table:
    ...     hands: tuple[str, ...]
    ...     pot: int
    >>> @attrs.frozen(slots=True)
    ... class Seen:
    ...     hand: str
    ...     pot: int
    >>> @attrs.frozen(slots=True)
    ... class Look:
    ...     seat: int
    ...     seen: Seen
    ...     legal: str
    ...     note: str
    >>> see = record_viewer(Seen, {"hand": "hands[seat]", "pot": "pot"}, Look,
    ...                     ("seat", "seen", "legal"), note="-")
    >>> see(Table(("a", "b"), 3), 1, "fold")
    Look(seat=1, seen=Seen(hand='b', pot=3), legal='fold', note='-')
    """
    names = [name for s in sources.values() for name in s.removesuffix("[seat]").split(".")]
    if set(sources) != set(_fields(cls)) or not all(map(str.isidentifier, names)):
        raise AttributeError(f"{cls.__name__}: give one attribute path per field")
    if sorted((*into, *constants)) != sorted(_fields(view)):
        raise AttributeError(f"{view.__name__}: give every field in into or constants")
    scope: dict[str, Any] = {"_cls": cls, "_draft": _draft(cls)}
    scope.update({"_view": view, "_view_draft": _draft(view)})
    lines = ["def see(self, seat, extra):", "    new = _draft()"]
    lines += [f"    new.{n} = {'seat' if s == 'seat' else 'self.' + s}" for n, s in sources.items()]
    lines += ["    new.__class__ = _cls", "    self = _view_draft()"]
    lines += _stores(into, constants, scope, ("seat", "new", "extra"))
    lines += ["    self.__class__ = _view", "    return self"]
    exec("\n".join(lines), scope)
    see: Callable[[Any, int, Any], Any] = scope["see"]
    see.__qualname__ = f"see_{cls.__name__}"
    return see


def subsets_reader(
    cls: type[T], field: str, size: int, most: int, tables: tuple[Any, ...], items: Any
) -> Callable[[tuple[int, ...]], tuple[T, ...]]:
    """A function ``read(keys)`` for ``size`` keys (distinct ints, ascending) that
    returns one instance of the one-field class ``cls`` per combination of the keys, of
    each size 0 … ``most`` in turn (in the order of ``itertools.combinations``): a
    combination of ``d < len(tables)`` keys is read from the nested table ``tables[d]``
    (``tables[0]`` the instance itself, ``tables[1][k0]``, ``tables[2][k0][k1]``, …; the
    interned instances), a larger one built afresh, its ``field`` the tuple of the
    ``items[k]`` of its keys. Straight-line code, one function per size and most: no
    tuple key hashed, no iterator, no loop (a hot path listing every subset of a hand).

    >>> import attrs
    >>> @attrs.frozen(slots=True)
    ... class Group:
    ...     members: tuple[str, ...]
    >>> ones = tuple(Group((x,)) for x in "abc")
    >>> read = subsets_reader(Group, "members", 3, 3, (Group(()), ones), "abc")
    >>> ["".join(group.members) for group in read((0, 1, 2))], read((0, 1, 2))[2] is ones[1]
    (['', 'a', 'b', 'c', 'ab', 'ac', 'bc', 'abc'], True)
    """
    scope = {"_cls": cls, "_new": _new, "_set": _setter(cls, field), "_items": items}
    scope.update({f"_t{depth}": table for depth, table in enumerate(tables)})
    lines = ["def read(keys):", f"    [{', '.join(f'k{i}' for i in range(size))}] = keys"]
    if most >= len(tables):
        lines += [f"    v{i} = _items[k{i}]" for i in range(size)]
    found: list[str] = []
    rows: set[str] = set()
    for depth in range(min(most, size) + 1):
        for chosen in combinations(range(size), depth):
            if depth >= len(tables):  # built afresh
                found.append(f"n{len(found)}")
                values = "".join(f"v{i}, " for i in chosen)
                lines.append(f"    {found[-1]} = _new(_cls); _set({found[-1]}, ({values}))")
                continue
            row = f"_t{depth}"  # the rows of a prefix, each read once into a local
            for end in range(1, depth):
                name = f"r{depth}_{'_'.join(map(str, chosen[:end]))}"
                if name not in rows:
                    rows.add(name)
                    lines.append(f"    {name} = {row}[k{chosen[end - 1]}]")
                row = name
            found.append(row + (f"[k{chosen[-1]}]" if depth else ""))
    lines.append(f"    return ({''.join(f'{item}, ' for item in found)})")
    exec("\n".join(lines), scope)
    read: Callable[[tuple[int, ...]], tuple[T, ...]] = scope["read"]
    read.__qualname__ = f"read_{cls.__name__}_subsets_{size}_{most}"
    return read
