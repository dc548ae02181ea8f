"""Write the Sphinx inventories of the Python and attrs documentation that these docs
link to (``python.inv``, ``attrs.inv``), so that the build resolves them offline.

They hold only the objects the docs name (the API reference's type hints included),
each with its address in the upstream documentation; run this script again after adding
a reference to another Python or attrs object::

    python docs/_inventories/build.py
"""

from __future__ import annotations

import zlib
from pathlib import Path

HERE = Path(__file__).parent

_EXCEPTIONS = [
    "Exception",
    "ValueError",
    "TypeError",
    "KeyError",
    "IndexError",
    "RecursionError",
    "MemoryError",
    "OverflowError",
    "OSError",
    "UnicodeError",
    "UnicodeEncodeError",
    "NotImplementedError",
    "RuntimeError",
    "KeyboardInterrupt",
]
_BUILTIN_CLASSES = {
    "int": "functions.html#int",
    "bool": "functions.html#bool",
    "float": "functions.html#float",
    "object": "functions.html#object",
    "str": "stdtypes.html#str",
    "bytes": "stdtypes.html#bytes",
    "tuple": "stdtypes.html#tuple",
    "list": "stdtypes.html#list",
    "dict": "stdtypes.html#dict",
    "set": "stdtypes.html#set",
    "frozenset": "stdtypes.html#frozenset",
    "range": "stdtypes.html#range",
    "type": "functions.html#type",
}
_BUILTIN_FUNCTIONS = [
    "hash",
    "repr",
    "len",
    "isinstance",
    "sorted",
    "iter",
    "next",
    "print",
    "open",
]
_MODULES = [
    "abc",
    "collections.abc",
    "concurrent.futures",
    "enum",
    "fractions",
    "gc",
    "json",
    "pickle",
    "random",
    "sys",
    "tracemalloc",
    "types",
    "typing",
]
_CLASSES = {
    "collections.abc": "Sequence Iterable Iterator Mapping Callable Hashable Set Collection",
    "concurrent.futures": "Executor ProcessPoolExecutor ThreadPoolExecutor Future",
    "enum": "Enum IntEnum",
    "fractions": "Fraction",
    "random": "Random",
    "types": "ModuleType",
    "typing": "Protocol Generic TypeVar",
}
_DATA = {"typing": "Any Optional Union Literal Self ClassVar"}
_FUNCTIONS = {
    "json": "dumps loads",
    "sys": "getsizeof",
    "gc": "get_referents",
    "pickle": "dumps loads",
    "random": "shuffle",
}
_ALIASES = {  # names as autodoc renders some type hints, and their documented object
    "concurrent.futures._base.Executor": "concurrent.futures.Executor",
}
_ATTRS = {
    "function": "attrs.define attrs.frozen attrs.field attrs.evolve attrs.asdict attrs.fields",
    "exception": "attrs.exceptions.FrozenInstanceError",
}


def _python() -> list[str]:
    lib = "library/"
    lines = [f"{name} py:exception 1 {lib}exceptions.html#$ -" for name in _EXCEPTIONS]
    lines += [f"{name} py:class 1 {lib}{uri} -" for name, uri in _BUILTIN_CLASSES.items()]
    lines += [f"{name} py:function 1 {lib}functions.html#$ -" for name in _BUILTIN_FUNCTIONS]
    lines += [f"{name} py:data 1 {lib}constants.html#$ -" for name in ("Ellipsis", "None")]
    lines += [f"{name} py:module 0 {lib}{name}.html#module-$ -" for name in _MODULES]
    for table, role in ((_CLASSES, "class"), (_DATA, "data"), (_FUNCTIONS, "function")):
        for module, names in table.items():
            page = f"{lib}{module}.html#$"
            lines += [f"{module}.{name} py:{role} 1 {page} -" for name in names.split()]
    for alias, name in _ALIASES.items():
        module = name.rsplit(".", 1)[0]
        lines.append(f"{alias} py:class 1 {lib}{module}.html#{name} -")
    return lines


def _attrs() -> list[str]:
    lines = ["attrs py:module 0 api.html#module-$ -"]
    for role, names in _ATTRS.items():
        lines += [f"{name} py:{role} 1 api.html#$ -" for name in names.split()]
    return lines


def write(path: Path, project: str, version: str, lines: list[str]) -> None:
    """An inventory in Sphinx's format (version 2): a header, then zlib-compressed lines."""
    head = (
        "# Sphinx inventory version 2\n"
        f"# Project: {project}\n# Version: {version}\n"
        "# The remainder of this file is compressed using zlib.\n"
    )
    body = "".join(f"{line}\n" for line in sorted(lines))
    path.write_bytes(head.encode() + zlib.compress(body.encode(), 9))


if __name__ == "__main__":
    write(HERE / "python.inv", "Python", "3", _python())
    write(HERE / "attrs.inv", "attrs", "stable", _attrs())
