"""Every script in examples/ runs and exits 0; the README and CI agree on the test command."""

from __future__ import annotations

import subprocess
import sys
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parent.parent
EXAMPLES = sorted((ROOT / "examples").glob("*.py"))


def test_there_are_examples() -> None:
    names = {path.name for path in EXAMPLES}
    assert {"quickstart.py", "replay_record.py"} <= names


@pytest.mark.parametrize("path", EXAMPLES, ids=[p.name for p in EXAMPLES])
def test_example_runs(path: Path) -> None:
    done = subprocess.run(
        [sys.executable, str(path)],
        capture_output=True,
        text=True,
        timeout=300,
        cwd=ROOT,
        check=False,
    )
    assert done.returncode == 0, done.stderr
    assert done.stdout.strip(), "an example should print what it shows"


def test_main_job_runs() -> None:
    """The README's first command, a seeded simulation, and a game between bots with its
    transcript."""
    readme = (ROOT / "README.md").read_text(encoding="utf-8")
    command = next(line for line in readme.splitlines() if "pip install . &&" in line)
    words = command.rsplit("&&", 1)[1].split()
    assert words[:2] == ["cardrules", "simulate"]
    words[words.index("--sessions") + 1] = "40"  # the same command, shorter
    simulated = [
        subprocess.run(
            [sys.executable, "-m", "cardrules", *words[1:]],
            capture_output=True,
            text=True,
            timeout=300,
            check=False,
        )
        for _ in range(2)
    ]
    assert simulated[0].returncode == 0, simulated[0].stderr
    assert "95% confidence interval" in simulated[0].stdout
    assert simulated[0].stdout == simulated[1].stdout
    for game in ("bouillotte-modern", "bouillotte-historic", "bourre"):
        done = subprocess.run(
            [sys.executable, "-m", "cardrules", "watch", game, "--seed", "7"],
            capture_output=True,
            text=True,
            timeout=300,
            check=False,
        )
        assert done.returncode == 0, done.stderr
        assert "Results:" in done.stdout
    first = subprocess.run(
        [sys.executable, "-m", "cardrules", "watch", "bourre", "--seed", "7"],
        capture_output=True,
        text=True,
        timeout=300,
        check=True,
    )
    again = subprocess.run(
        [sys.executable, "-m", "cardrules", "watch", "bourre", "--seed", "7"],
        capture_output=True,
        text=True,
        timeout=300,
        check=True,
    )
    assert first.stdout == again.stdout


def test_ci_runs_the_readme_test_command() -> None:
    readme = (ROOT / "README.md").read_text(encoding="utf-8")
    ci = (ROOT / ".ci" / "run").read_text(encoding="utf-8")
    commands = [line for line in readme.splitlines() if "pytest" in line and "pip install" in line]
    assert commands, "README must show the test command"
    test_command = commands[0].rsplit("&&", 1)[1].strip()
    assert test_command == "python -m pytest"
    assert f"\n{test_command}\n" in ci
    assert readme.startswith("# cardrules\n")
