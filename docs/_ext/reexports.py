"""Sphinx extension: resolve references to the names the package re-exports.

The library's public names live in submodules and are re-exported by the packages a
reader imports them from (``cardrules.IllegalActionError`` is defined in
``cardrules.errors``). A reference to the re-exported name, from a page or from a
docstring, resolves to wherever the object itself is documented, so ``sphinx-build -n``
finds it whichever name the text uses.
"""

from __future__ import annotations

import importlib
from typing import Any

from docutils import nodes


def _lookup(target: str) -> object | None:
    parts = target.split(".")
    for cut in range(len(parts) - 1, 0, -1):
        try:
            obj: object = importlib.import_module(".".join(parts[:cut]))
        except ImportError:
            continue
        for name in parts[cut:]:
            obj = getattr(obj, name, None)
            if obj is None:
                return None
        return obj
    return None


def _canonical(obj: object) -> str | None:
    module = getattr(obj, "__module__", None)
    qualname = getattr(obj, "__qualname__", None)
    if isinstance(module, str) and isinstance(qualname, str):
        return f"{module}.{qualname}"
    return None


def resolve(app: Any, env: Any, node: Any, contnode: nodes.Element) -> nodes.Element | None:
    """The reference to a re-exported ``cardrules`` name, or ``None`` to leave it."""
    target = node.get("reftarget", "")
    if node.get("refdomain") != "py" or not target.startswith("cardrules."):
        return None
    obj = _lookup(target)
    domain = env.get_domain("py")
    for name in _documented_names(obj):
        if name != target and name in domain.objects:
            return domain.resolve_xref(  # type: ignore[no-any-return]
                env, node["refdoc"], app.builder, node["reftype"], name, node, contnode
            )
    return None


def _documented_names(obj: object) -> list[str]:
    """Where ``obj`` may be documented: its own module, then each package above it
    that re-exports it under the same name (``cardrules.bourre.state.State`` is
    documented as ``cardrules.bourre.State``)."""
    canonical = _canonical(obj)
    if canonical is None:
        return []
    names = [canonical]
    module = str(getattr(obj, "__module__", ""))
    qualname = str(getattr(obj, "__qualname__", ""))
    parts = module.split(".")
    for cut in range(len(parts) - 1, 0, -1):
        package = ".".join(parts[:cut])
        try:
            if getattr(importlib.import_module(package), qualname, None) is obj:
                names.append(f"{package}.{qualname}")
        except ImportError:
            continue
    return names


def setup(app: Any) -> dict[str, Any]:
    app.connect("missing-reference", resolve)
    return {"version": "1.0", "parallel_read_safe": True, "parallel_write_safe": True}
