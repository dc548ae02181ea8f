"""Collection across src, docs and tests: the doctests of an adapter (its module and its
docs page) are left out when the outside package it needs is not installed; the report
header says which and why. Its tests in tests/ skip with the same reason."""

from __future__ import annotations

import importlib.util
from pathlib import Path

import pytest

ROOT = Path(__file__).parent

NEEDS: dict[str, tuple[str, ...]] = {
    "pettingzoo": ("src/cardrules/adapters/pettingzoo.py", "docs/adapters/pettingzoo.rst"),
    "openspiel": ("src/cardrules/adapters/openspiel.py", "docs/adapters/openspiel.rst"),
}
"""The extra each adapter needs, and the files whose doctests import its package."""

PACKAGES = {"pettingzoo": "pettingzoo", "openspiel": "pyspiel"}
"""The module each extra installs."""

MISSING = {name for name in NEEDS if importlib.util.find_spec(PACKAGES[name]) is None}


def pytest_ignore_collect(collection_path: Path, config: pytest.Config) -> bool | None:
    """Leave out the doctests of an adapter whose package is missing."""
    for name in MISSING:
        if any(collection_path == ROOT / path for path in NEEDS[name]):
            return True
    return None


def pytest_report_header(config: pytest.Config) -> list[str]:
    """Say which doctests were left out, and why."""
    return [
        f"doctests of {', '.join(NEEDS[name])} skipped: {PACKAGES[name]} is not installed "
        f"(pip install cardrules[{name}])"
        for name in sorted(MISSING)
    ]
