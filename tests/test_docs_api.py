"""Every public name is documented: a docstring on every public class and method, and a
doctest on every public function (the docstring style of STYLE.md)."""

from __future__ import annotations

import importlib
import inspect

import pytest

MODULES = [
    "cardrules",
    "cardrules.cards",
    "cardrules.actions",
    "cardrules.chance",
    "cardrules.playing",
    "cardrules.log",
    "cardrules.protocols",
    "cardrules.determinize",
    "cardrules.errors",
    "cardrules.events",
    "cardrules.game",
    "cardrules.pots",
    "cardrules.records",
    "cardrules.registry",
    "cardrules.transcript",
    "cardrules.notation",
    "cardrules.jsonforms",
    "cardrules.shell",
    "cardrules.sessionlog",
    "cardrules.seating",
    "cardrules.display",
    "cardrules.pictures",
    "cardrules.legal",
    "cardrules.options",
    "cardrules.caching",
    "cardrules.bots",
    "cardrules.simulation",
    "cardrules.cli",
    "cardrules.rulebook",
    "cardrules.descriptor",
    "cardrules.encodings",
    "cardrules.bouillotte.modern",
    "cardrules.bouillotte.historic",
    "cardrules.bourre",
]


def public_names(module_name: str) -> list[tuple[str, object]]:
    module = importlib.import_module(module_name)
    return [(name, getattr(module, name)) for name in module.__all__]


@pytest.mark.parametrize("module_name", MODULES)
def test_public_functions_have_a_doctest(module_name: str) -> None:
    missing = [
        name
        for name, obj in public_names(module_name)
        if inspect.isfunction(obj) and ">>>" not in (inspect.getdoc(obj) or "")
    ]
    assert not missing, f"{module_name}: public functions without a doctest: {missing}"


@pytest.mark.parametrize("module_name", MODULES)
def test_public_classes_and_methods_have_docstrings(module_name: str) -> None:
    missing = []
    for name, obj in public_names(module_name):
        if not inspect.isclass(obj):
            continue
        if not (obj.__doc__ or "").strip():
            missing.append(name)
        for member_name, member in vars(obj).items():
            if member_name.startswith("_") or not inspect.isfunction(member):
                continue
            if not (member.__doc__ or "").strip():
                missing.append(f"{name}.{member_name}")
    assert not missing, f"{module_name}: undocumented public names: {missing}"


def test_every_module_declares_its_public_names() -> None:
    for module_name in MODULES:
        module = importlib.import_module(module_name)
        assert module.__all__, module_name
        for name in module.__all__:
            assert hasattr(module, name), f"{module_name}.__all__ names missing {name}"
