"""Which tests cite which rule ids: the scan behind the rule reference (no Sphinx needed).

A test cites a rule when the id appears in its name, written with underscores
(``test_M_3_3_…``, ``test_V_B_6_…``, ``test_X_4_…``), or in its docstring, written as
in the rule book (``M-3.3``, ``V-B.6``, ``X-4``).
"""

from __future__ import annotations

import ast
import re
from collections import defaultdict
from collections.abc import Iterator
from pathlib import Path

RULE_ID = re.compile(r"^(?:[XMHB]-\d+(?:\.\d+)?|V-[MB]\.\d+)$")
_TEXT_ID = re.compile(r"(?<![0-9A-Za-z])((?:V-[MB]\.\d+)|(?:[MHB]-\d+\.\d+)|(?:X-\d+))(?![0-9])")
_NAME_ID = re.compile(r"(?:(?<=_)|^)((?:V_[MB]_\d+)|(?:[MHB]_\d+_\d+)|(?:X_\d+))(?![0-9])")


def _name_to_id(token: str) -> str:
    if token.startswith("V_"):
        _, game, number = token.split("_")
        return f"V-{game}.{number}"
    parts = token.split("_")
    if parts[0] == "X":
        return f"X-{parts[1]}"
    return f"{parts[0]}-{parts[1]}.{parts[2]}"


def cited_ids(name: str, docstring: str | None) -> set[str]:
    """The rule ids a test cites in its name or its docstring."""
    found = {_name_to_id(token) for token in _NAME_ID.findall(name)}
    found.update(_TEXT_ID.findall(docstring or ""))
    return found


def scan_tests(folder: Path) -> dict[str, list[str]]:
    """Map each rule id to the tests (``file::name``) that cite it."""
    index: dict[str, list[str]] = defaultdict(list)
    for path in sorted(folder.glob("test_*.py")):
        tree = ast.parse(path.read_text(encoding="utf-8"))
        for node, prefix in _tests_in(tree.body, ""):
            name = prefix + node.name
            for rule in sorted(cited_ids(node.name, ast.get_docstring(node))):
                index[rule].append(f"{path.name}::{name}")
    return dict(index)


def _tests_in(
    body: list[ast.stmt], prefix: str
) -> Iterator[tuple[ast.FunctionDef | ast.AsyncFunctionDef, str]]:
    for node in body:
        if isinstance(node, ast.FunctionDef | ast.AsyncFunctionDef) and node.name.startswith(
            "test"
        ):
            yield node, prefix
        elif isinstance(node, ast.ClassDef) and node.name.startswith("Test"):
            yield from _tests_in(node.body, f"{prefix}{node.name}::")


def locate_tests(folder: Path) -> dict[str, tuple[str, int]]:
    """Map each test (``file::name``) to its file name and the line its ``def`` is on."""
    found: dict[str, tuple[str, int]] = {}
    for path in sorted(folder.glob("test_*.py")):
        tree = ast.parse(path.read_text(encoding="utf-8"))
        for node, prefix in _tests_in(tree.body, ""):
            line = min([node.lineno, *(d.lineno for d in node.decorator_list)])
            found[f"{path.name}::{prefix}{node.name}"] = (path.name, line)
    return found
