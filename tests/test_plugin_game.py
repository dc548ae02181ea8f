"""Issue 32: a game from another package plugs in through the ``cardrules.games`` entry
point group and runs through the registry, ``simulate`` and the command line, the
core knowing it only by its descriptor (the test suite's toy game, tests/toy_game.py,
installed as a distribution on a temporary path)."""

from __future__ import annotations

import json
import os
import subprocess
import sys
from pathlib import Path

import pytest

TESTS = Path(__file__).resolve().parent
SRC = TESTS.parent / "src"


@pytest.fixture
def plugin_path(tmp_path: Path) -> Path:
    """A directory holding a distribution ``toy-plugin`` whose only entry point names
    the toy game's descriptor (what ``pip install`` of a package declaring it in
    ``[project.entry-points."cardrules.games"]`` leaves in site-packages)."""
    info = tmp_path / "toy_plugin-0.1.dist-info"
    info.mkdir()
    (info / "METADATA").write_text("Metadata-Version: 2.1\nName: toy-plugin\nVersion: 0.1\n")
    (info / "entry_points.txt").write_text(
        "[cardrules.games]\ntoy-high-card = toy_game:DESCRIPTOR\n"
    )
    return tmp_path


def _run(plugin_path: Path, *command: str, given: str = "") -> subprocess.CompletedProcess[str]:
    """``command`` in a fresh interpreter (so no test has registered the toy by hand)
    that sees the plugin's distribution and the toy's module."""
    environment = dict(os.environ)
    environment["PYTHONPATH"] = os.pathsep.join(
        [str(SRC), str(TESTS), str(plugin_path), environment.get("PYTHONPATH", "")]
    )
    return subprocess.run(
        [sys.executable, *command],
        input=given,
        capture_output=True,
        text=True,
        env=environment,
        timeout=120,
        check=False,
    )


def test_an_entry_point_makes_a_game_known(plugin_path: Path) -> None:
    """The registry lists the plugged game and gives its descriptor and module;
    records of it read back."""
    done = _run(
        plugin_path,
        "-c",
        "import random\n"
        "from cardrules import dumps, loads, play, random_policy\n"
        "from cardrules.registry import describe, game_ids, get_game\n"
        "game = get_game('toy-high-card')\n"
        "final = play(game.new_game(), [random_policy] * 2, random.Random(1))\n"
        "print(game_ids(), describe('toy-high-card').title, loads(dumps(final)) == final)\n",
    )
    assert done.returncode == 0, done.stderr
    assert "'toy-high-card'" in done.stdout and "High card (a toy) True" in done.stdout


def test_a_plugged_game_runs_through_simulate_and_the_command_line(plugin_path: Path) -> None:
    """``cardrules simulate``, ``watch``, ``play`` and ``rules`` run it, ``simulate``
    counts what its descriptor's tally names, and a game without a heuristic bot says
    so."""
    done = _run(
        plugin_path,
        "-m",
        "cardrules",
        "simulate",
        "toy-high-card",
        "--sessions",
        "40",
        "--bots",
        "random",
        "--json",
    )
    assert done.returncode == 0, done.stderr
    result = json.loads(done.stdout)
    assert result["game"] == "toy-high-card" and result["sessions"] == 40
    assert 0 < result["frequencies"]["pot_won"]["count"] <= 40
    watched = _run(plugin_path, "-m", "cardrules", "watch", "toy-high-card", "--bots", "random")
    assert watched.returncode == 0, watched.stderr
    assert "High card (a toy)" in watched.stdout
    played = _run(
        plugin_path,
        *("-m", "cardrules", "play", "toy-high-card", "--bots", "random", "--seed", "3"),
        given="1\n1\n1\n",
    )
    assert played.returncode == 0, played.stderr
    assert "your move: [1]" in played.stdout and "Results: seat 0 " in played.stdout
    rules = _run(plugin_path, "-m", "cardrules", "rules", "toy-high-card")
    assert rules.returncode == 0 and rules.stdout.startswith("High card (a toy) (toy-high-card)")
    refused = _run(plugin_path, "-m", "cardrules", "simulate", "toy-high-card", "--sessions", "4")
    assert refused.returncode == 2
    assert "no heuristic bot for the game 'toy-high-card'" in refused.stderr
    unknown = _run(plugin_path, "-m", "cardrules", "simulate", "toy-high-cards", "--sessions", "4")
    assert unknown.returncode == 2 and "toy-high-card" in unknown.stderr


def test_a_broken_entry_point_is_a_clear_error(tmp_path: Path) -> None:
    """An entry point that does not load, or names something that is not a
    descriptor, is refused with the game's name and what went wrong."""
    info = tmp_path / "broken-0.1.dist-info"
    info.mkdir()
    (info / "METADATA").write_text("Metadata-Version: 2.1\nName: broken\nVersion: 0.1\n")
    (info / "entry_points.txt").write_text(
        "[cardrules.games]\nno-such = no_such_module:DESCRIPTOR\nnot-one = json:dumps\n"
    )
    done = _run(
        tmp_path,
        "-c",
        "from cardrules.registry import describe\n"
        "for name in ('no-such', 'not-one'):\n"
        "    try:\n"
        "        describe(name)\n"
        "    except ValueError as error:\n"
        "        print(error)\n",
    )
    assert done.returncode == 0, done.stderr
    lines = done.stdout.splitlines()
    assert "the game 'no-such' (entry point 'no_such_module:DESCRIPTOR'" in lines[0]
    assert "ModuleNotFoundError" in lines[0]
    assert "is described by <function dumps" in lines[1]
