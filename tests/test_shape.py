"""The engine's shape (STYLE lessons 1 and 16): every game has the same role files,
the speed tricks live in ``_fast.py`` alone, no game package has an import cycle
(type-only imports included), and no test imports a private name of the library.

There is no line cap: a file is split where a concept ends, not where a count says."""

from __future__ import annotations

import ast
import re
from pathlib import Path

import pytest

SRC = Path(__file__).resolve().parents[1] / "src" / "cardrules"
TESTS = Path(__file__).resolve().parent
GAMES = ("bourre", "bouillotte/modern", "bouillotte/historic")
ROLES = (
    "__init__",
    "rules",
    "actions",
    "events",
    "phase",
    "record",
    "legality",
    "transitions",
    "session",
    "view",
    "deck",
    "determinize",
    "state",
    "bot",
    "encoding",
    "descriptor",
)
TRICKS = re.compile(
    r"\bexec\(|\.__set__\b|object\.__new__|object\.__setattr__|tuple\.__new__|^\s*global\s",
    re.MULTILINE,
)


def _modules() -> list[Path]:
    return sorted(SRC.rglob("*.py"))


@pytest.mark.parametrize("game", GAMES)
def test_every_game_has_the_same_role_files(game: str) -> None:
    names = {path.stem for path in (SRC / game).glob("*.py")}
    missing = [role for role in ROLES if role not in names]
    assert not missing, f"{game} lacks {missing}"
    assert ("hands" in names) != ("tricks" in names), f"{game}: hands.py or tricks.py"
    extra = names - set(ROLES) - {"hands", "tricks"}
    assert not extra, f"{game} has modules outside the shared roles: {sorted(extra)}"


def test_speed_tricks_live_in_fast_alone() -> None:
    found = [
        f"{path.relative_to(SRC)}: {match.group(0).strip()}"
        for path in _modules()
        if path.name != "_fast.py"
        for match in TRICKS.finditer(path.read_text())
    ]
    assert not found, found


def test_the_trick_finder_finds_tricks() -> None:
    """The grep above can fail: it finds each trick in a line that uses it."""
    samples = (
        "exec(source)",
        "x = State.__dict__['a'].__set__",
        "object.__new__(cls)",
        "object.__setattr__(self, 'a', 1)",
        "tuple.__new__(cls, values)",
        "    global make_state",
    )
    assert all(TRICKS.search(sample) for sample in samples)
    assert not TRICKS.search("globals are fine in a word; executor(job)")


def _imports(path: Path, package: str) -> set[str]:
    """The modules of ``package`` that ``path`` imports (type-only imports included)."""
    tree = ast.parse(path.read_text())
    module = ".".join(path.relative_to(SRC.parent).with_suffix("").parts)
    found: set[str] = set()
    for node in ast.walk(tree):
        if isinstance(node, ast.ImportFrom):
            if node.level:
                base = module.rsplit(".", node.level)[0]
                name = f"{base}.{node.module}" if node.module else base
            else:
                name = node.module or ""
            names = [name] + [f"{name}.{alias.name}" for alias in node.names]
        elif isinstance(node, ast.Import):
            names = [alias.name for alias in node.names]
        else:
            continue
        for candidate in names:
            if (
                candidate.startswith(package + ".")
                and (SRC.parent / (candidate.replace(".", "/") + ".py")).is_file()
            ):
                found.add(candidate)
    found.discard(module)
    return found


def _cycle(graph: dict[str, set[str]]) -> list[str] | None:
    state: dict[str, int] = {}
    stack: list[str] = []

    def visit(node: str) -> list[str] | None:
        state[node] = 1
        stack.append(node)
        for other in sorted(graph.get(node, ())):
            if state.get(other) == 1:
                return [*stack[stack.index(other) :], other]
            if other not in state and (found := visit(other)):
                return found
        stack.pop()
        state[node] = 2
        return None

    for node in sorted(graph):
        if node not in state and (found := visit(node)):
            return found
    return None


@pytest.mark.parametrize("game", GAMES)
def test_no_import_cycle_in_a_game_package(game: str) -> None:
    package = "cardrules." + game.replace("/", ".")
    graph = {
        ".".join(path.relative_to(SRC.parent).with_suffix("").parts): _imports(path, package)
        for path in (SRC / game).glob("*.py")
        if path.name != "__init__.py"
    }
    assert _cycle(graph) is None, " -> ".join(_cycle(graph) or [])


def test_the_cycle_finder_finds_cycles() -> None:
    assert _cycle({"a": {"b"}, "b": {"c"}, "c": {"a"}}) == ["a", "b", "c", "a"]
    assert _cycle({"a": {"b"}, "b": set()}) is None


def test_no_test_imports_a_private_name_of_the_library() -> None:
    private = re.compile(
        r"from cardrules[\w.]* import ([^\n]*\b_[a-z]\w*)|cardrules(\.\w+)*\._[a-z]"
    )
    found = [
        f"{path.name}: {match.group(0)}"
        for path in sorted(TESTS.glob("*.py"))
        if path.name != "test_shape.py"
        for match in private.finditer(path.read_text())
    ]
    assert not found, found


@pytest.mark.parametrize("game", GAMES)
def test_records_legal_sets_and_logs_carry_no_weakref_slot(game: str) -> None:
    """Every step builds a record and a legal set and may build a log: none carries a
    ``__weakref__`` slot (eight bytes an object, and a weakref check when it is freed).
    An attrs class adds one unless told not to, its subclasses included."""
    import importlib

    import attrs

    from cardrules.game import Log
    from cardrules.legal import Legal

    package = "cardrules." + game.replace("/", ".")
    classes: list[type] = [Log, Legal]
    for name in ("record", "legality"):
        module = importlib.import_module(f"{package}.{name}")
        classes += [
            value
            for value in vars(module).values()
            if isinstance(value, type) and attrs.has(value) and value.__module__ == module.__name__
        ]
    assert len(classes) > 4
    with_slot = [cls.__qualname__ for cls in classes if hasattr(cls, "__weakref__")]
    assert with_slot == []


SPEED_IDIOMS = {
    "an import of cardrules._fast": r"\b_fast\b",
    "the log's chunking": r"\bCHUNK\b|\bFOLD_AT\b|\bnew_events\b|\bold_events\b|\bnewest_\w+",
    "a table standing for a bit operation": r"\b(HAS|WITHOUT|BOTH|SET_AT|MOVED_AT|FIRST_IN)\[",
    "an interned event table": r"\b_(CARRED|ANTES|REBUYS|EXCESSES|TURNED)\b",
    "an enum member copied to a global": r"^_?[A-Z_]+ = Phase\.[A-Z_]+\s*$",
    "a positional builder": r"\b(constructor|copier|blank_instances|subsets_reader)\(",
}


@pytest.mark.parametrize("game", GAMES)
def test_the_rules_files_hold_none_of_the_speed_idioms(game: str) -> None:
    """STYLE lesson 16: a rules file reads like the rule book; what makes it fast lives
    behind the core's values (``_replace``, the session log, ``Legal``)."""
    found = [
        f"{path.name}:{number}: {name}"
        for path in sorted((SRC / game).glob("*.py"))
        for number, line in enumerate(path.read_text().splitlines(), 1)
        for name, pattern in SPEED_IDIOMS.items()
        if re.search(pattern, line)
    ]
    assert not found, found


def test_the_idiom_scan_finds_idioms() -> None:
    lines = ["from cardrules._fast import copier", "_BETTING = Phase.BETTING", "x = HAS[m][s]"]
    hits = [any(re.search(p, line) for p in SPEED_IDIOMS.values()) for line in lines]
    assert hits == [True, True, True]


def test_outside_the_games_only_the_registry_imports_a_game() -> None:
    """Issue 32: the core reaches a game through its descriptor alone. No module outside
    the game packages imports one of their modules (at run time or for types), but
    the registry, which imports each game's ``descriptor``."""
    found = []
    for path in _modules():
        where = path.relative_to(SRC).as_posix()
        if where.startswith(("bouillotte/", "bourre/")):
            continue
        for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
            if isinstance(node, ast.ImportFrom) and node.module:
                names = [node.module]
                if node.module in ("cardrules", "cardrules.bouillotte"):
                    names = [f"{node.module}.{alias.name}" for alias in node.names]
            elif isinstance(node, ast.Import):
                names = [alias.name for alias in node.names]
            else:
                continue
            games = [n for n in names if n.startswith(("cardrules.bouillotte", "cardrules.bourre"))]
            if games:
                found.append(f"{where}:{node.lineno} imports {games[0]}")
    assert not found, found
    registry = (SRC / "registry.py").read_text(encoding="utf-8")
    for game in GAMES:
        assert f'"cardrules.{game.replace("/", ".")}.descriptor"' in registry


@pytest.mark.parametrize("game", GAMES)
def test_a_game_is_public_through_its_package_alone(game: str) -> None:
    """Issue 32: a game's role files (``session.py``, ``record.py``, …) are how the
    package is built, not its API: none declares an ``__all__``, so that only the
    package's ``__init__`` (API.md's names) reads as public."""
    declared = [
        path.name
        for path in sorted((SRC / game).glob("*.py"))
        if path.name != "__init__.py"
        and re.search(r"^__all__\b", path.read_text(encoding="utf-8"), re.MULTILINE)
    ]
    assert declared == []
    assert re.search(r"^__all__\b", (SRC / game / "__init__.py").read_text(), re.MULTILINE)
