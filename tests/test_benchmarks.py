"""The benchmark command runs and reports what the docs say it reports.

Tiny numbers only, and no timing assertion: these tests prove that the measuring
instrument works (every section runs and its JSON has the documented shape), not how
fast anything is.
"""

from __future__ import annotations

import gc
import importlib.util
import json
import shutil
import subprocess
import sys
from pathlib import Path
from types import ModuleType

import pytest

pytestmark = pytest.mark.bench  # a group of its own: `python -m pytest -m bench` (CI runs it apart)

ROOT = Path(__file__).resolve().parents[1]
BENCHMARKS = ROOT / "benchmarks"
GAMES = ("modern", "historic", "bourre")


def _run(script: str, *args: str, timeout: float = 120) -> dict:
    done = subprocess.run(
        [sys.executable, str(BENCHMARKS / script), *args],
        capture_output=True,
        text=True,
        timeout=timeout,
        cwd=ROOT,
    )
    assert done.returncode == 0, done.stderr[-3000:]
    return json.loads(done.stdout)


def _stand_in(folder: Path) -> Path:
    """A stand-in for the baseline script that prints the same JSON and has the same
    ``GAMES`` of deal players (the real one lives outside the repository)."""
    floor = folder / "floor.py"
    floor.write_text(
        "import json, sys\n"
        "def setup(seed):\n"
        "    def play_one():\n"
        "        return sum(range(seed, seed + 20)) and 5, 0\n"
        "    return play_one\n"
        "GAMES = {'bouillotte': setup, 'bourre': setup}\n"
        "if __name__ == '__main__':\n"
        "    args = dict(zip(sys.argv[1::2], sys.argv[2::2]))\n"
        "    deals = int(args['--deals'])\n"
        "    print(json.dumps({'engine': 'floor', 'game': args['--game'], 'deals': deals,\n"
        "        'decisions': 5 * deals, 'seconds': 1e-5 * deals, 'us_per_deal': 10.0,\n"
        "        'us_per_decision': 2.0}))\n"
    )
    return floor


@pytest.fixture(scope="module")
def tiny(tmp_path_factory: pytest.TempPathFactory) -> dict:
    """One tiny run of every cardrules section, with a stand-in baseline."""
    # the real baseline lives outside the repository; a stand-in that prints the same
    # JSON keeps the test self-contained
    floor = _stand_in(tmp_path_factory.mktemp("floor"))
    return _run(
        "run.py",
        "--quick",
        "--json",
        "--baseline",
        str(floor),
        "--sections",
        "loops",
        "views",
        "stacks",
        "memory",
        "--pairs",
        "1",
        "--seconds",
        "0.01",
        "--late-deal",
        "3",
        "--view-repeats",
        "2",
        "--view-batch",
        "2",
        "--stack-sizes",
        "100",
        "1000",
        "--stack-repeats",
        "2",
        "--sessions",
        "1",
    )


def test_meta_names_the_machine_and_the_baseline(tiny: dict) -> None:
    meta = tiny["meta"]
    assert meta["mode"] == "quick"
    assert meta["python"] == sys.version.split()[0]
    assert meta["baseline"] == "floor.py"
    assert meta["options"]["pairs"] == 1


def test_loops_compare_each_game_with_the_baseline(tiny: dict) -> None:
    assert set(tiny["loops"]) == set(GAMES)
    for row in tiny["loops"].values():
        for side in ("views", "no_views", "episodes", "baseline"):
            assert row[side]["us_per_decision"] > 0
            assert row[side]["decisions_per_deal"] > 0
        assert row["ratio_views"] > 0 and row["ratio_no_views"] > 0 and row["ratio_episodes"] > 0
        assert len(row["rounds"]) == 1
        (episodes,) = (one["episodes"] for one in row["rounds"])
        assert episodes["episodes"] is True and episodes["views"] is True


def test_an_episode_loop_plays_one_deal_per_new_game() -> None:
    engine = _module("engine")
    out = engine.loop("bourre", True, 60.0, 3, deals=40, episodes=True)
    assert out["episodes"] is True
    assert out["deals"] == 40  # one deal a session: as many sessions as deals


def _module(name: str) -> ModuleType:
    spec = importlib.util.spec_from_file_location(f"_bench_{name}", BENCHMARKS / f"{name}.py")
    assert spec is not None and spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


@pytest.mark.parametrize("game", GAMES)
def test_with_and_without_views_the_same_deals_are_played(game: str) -> None:
    engine = _module("engine")
    views = engine.loop(game, True, seconds=0.0, seed=5, deals=12)
    bare = engine.loop(game, False, seconds=0.0, seed=5, deals=12)
    assert views["deals"] == bare["deals"] == 12
    assert views["decisions"] == bare["decisions"] > 0


@pytest.mark.parametrize("views", [True, False])
def test_count_plays_the_loop_s_sessions_after_the_warmup_with_the_collector_off(
    views: bool,
) -> None:
    engine = _module("engine")
    try:
        first = engine.count("modern", views, warmup=0, sessions=1, seed=5)
        assert not gc.isenabled()
        second = engine.count("modern", views, warmup=1, sessions=1, seed=5)
    finally:
        gc.enable()
    one = engine.loop("modern", views, seconds=1e9, seed=5, deals=12)
    two = engine.loop("modern", views, seconds=1e9, seed=5, deals=24)
    assert first["decisions"] == one["decisions"] > 0
    assert second["decisions"] == two["decisions"] - one["decisions"] > 0
    try:  # under Valgrind the sessions are played without the tally
        assert engine.count("modern", views, 1, 1, 5, tally=False)["decisions"] is None
    finally:
        gc.enable()


def test_the_counted_window_calls_its_work_once() -> None:
    engine = _module("engine")
    calls: list[int] = []
    assert engine.counted_window(lambda: calls.append(1) or "done") == "done"
    assert calls == [1]


def test_count_floor_plays_the_baseline_s_deals_after_its_warmup(tmp_path: Path) -> None:
    engine = _module("engine")
    try:
        counted = engine.count_floor(str(_stand_in(tmp_path)), "bourre", 3, 7, 1)
    finally:
        gc.enable()
    assert counted["decisions"] == 35  # the stand-in's 5 per deal, 7 deals
    assert (counted["warmup"], counted["deals"]) == (3, 7)


def test_count_ranges_must_be_increasing() -> None:
    run = _module("run")
    with pytest.raises(SystemExit):
        run.parse(["--count-sessions", "5", "5"])
    with pytest.raises(SystemExit):
        run.parse(["--count-deals", "-1", "5"])


def test_instructions_are_skipped_without_valgrind(monkeypatch: pytest.MonkeyPatch) -> None:
    run = _module("run")
    monkeypatch.setattr(run.shutil, "which", lambda name: None)
    args = run.parse(["--sections", "instructions"])
    assert run.run_instructions(args) == {"skipped": "valgrind is not installed"}
    assert "instructions" not in run.parse([]).sections  # asked for by name only


@pytest.mark.skipif(shutil.which("valgrind") is None, reason="valgrind is not installed")
def test_instruction_counts(tmp_path: Path) -> None:
    result = _run(
        "run.py",
        "--json",
        "--baseline",
        str(_stand_in(tmp_path)),
        "--sections",
        "instructions",
        "--games",
        "bourre",
        "--count-sessions",
        "0",
        "1",
        "--count-deals",
        "10",
        "20",
        timeout=600,
    )
    row = result["instructions"]["bourre"]
    for side in ("views", "no_views", "baseline"):
        assert row[side]["instructions_per_decision"] > 0
        assert row[side]["decisions"] > 0
    assert row["baseline"]["decisions"] == 50  # the stand-in's 5 per deal, 20 - 10 deals
    assert row["views"]["decisions"] == row["no_views"]["decisions"]
    # the same decisions with and without views: the two counts are of one size (the
    # view's cost is not asserted: the loop without views checks each shuffle in
    # apply, which play() skips for one it drew itself, and the two are about even)
    assert 0.5 < row["ratio_views"] / row["ratio_no_views"] < 2
    assert "Instructions per decision" in _module("run").as_rst(result)


def test_callgrind_s_report_is_read_by_event_name() -> None:
    events_of = _module("run").events_of
    report = "==7== Events    : Ir Dr Dw I1mr D1mr\n==7== Collected : 120 40 9\n==7== \n"
    assert events_of(report) == {"Ir": 120, "Dr": 40, "Dw": 9, "I1mr": 0, "D1mr": 0}
    assert events_of("==7== Events    : Ir\n") == {}  # the run failed before its totals


def test_the_cache_miss_table_only_with_the_cache_simulation() -> None:
    run = _module("run")
    side = {"instructions_per_decision": 2000.0, "decisions": 10}
    row = {"label": "a game", "views": side, "no_views": side, "baseline": side}
    results = {"instructions": {"a game": row}}
    titles = [title for title, _, _ in run.tables(results)]
    assert titles == ["Instructions per decision (callgrind; the same seeds and hash seed)"]
    missing = {**side, "l1i_misses_per_decision": 3.0, "l1d_misses_per_decision": 4.0}
    row.update(views=missing, baseline=missing)
    header, rows = run.tables(results)[1][1:]
    assert header[1] == "data, with views"
    assert rows == [["a game", "4", "4", "3", "3"]]


def test_views_early_and_late(tiny: dict) -> None:
    assert set(tiny["views"]) == set(GAMES)
    for row in tiny["views"].values():
        assert row["late_deal"] == 3
        for key in ("early_view", "late_view", "late_view_history_events"):
            assert row[key]["median_us"] > 0
        assert row["view_ratio"] > 0
        assert row["late_history_length"] > row["early_history_length"]


def test_stacks_measure_every_call_at_every_size(tiny: dict) -> None:
    assert set(tiny["stacks"]) == {"modern", "modern-nolimit", "historic", "bourre"}
    for result in tiny["stacks"].values():
        assert set(result["sizes"]) == {"100", "1000"}
        for row in result["sizes"].values():
            for call in ("first_reach_and_list", "reach", "legal_actions", "is_legal", "apply"):
                assert row[call]["median_us"] > 0
    assert tiny["stacks"]["historic"]["action"].startswith("Raise(to=")


def test_memory_per_state(tiny: dict) -> None:
    for row in tiny["memory"].values():
        assert row["states"] > 0
        assert row["bytes_after_legal_actions"] >= 0


def test_a_missing_baseline_still_gives_the_engine_figures(tmp_path: Path) -> None:
    result = _run(
        "run.py",
        "--json",
        "--baseline",
        str(tmp_path / "nowhere.py"),
        "--sections",
        "loops",
        "--games",
        "bourre",
        "--pairs",
        "1",
        "--seconds",
        "0.01",
    )
    row = result["loops"]["bourre"]
    assert result["meta"]["baseline"] is None
    assert "baseline" not in row and "ratio_views" not in row
    assert row["views"]["us_per_decision"] > 0


def test_the_text_and_rst_reports(tiny: dict) -> None:
    run = _module("run")
    text, rst = run.as_text(tiny), run.as_rst(tiny)
    for title in ("A decision", "A view at deal 1", "growing stacks", "Memory a state owns"):
        assert title in text and title in rst
    assert rst.count(".. list-table::") == 4


@pytest.mark.parametrize(
    ("engine", "game", "module"),
    [("pokerkit", "nlhe-4", "pokerkit"), ("openspiel", "python_kuhn_poker", "pyspiel")],
)
def test_other_engines(engine: str, game: str, module: str) -> None:
    if importlib.util.find_spec(module) is None:
        pytest.skip(f"{module} is not installed (the bench extra)")
    for flag in ("--observe",):
        done = subprocess.run(
            [
                sys.executable,
                str(BENCHMARKS / "others.py"),
                "--engine",
                engine,
                "--game",
                game,
                flag,
                "--seconds",
                "0.01",
            ],
            capture_output=True,
            text=True,
            timeout=120,
            cwd=ROOT,
        )
        assert done.returncode == 0, done.stderr[-3000:]
        row = json.loads(done.stdout)
        assert row["game"] == game
        assert row["views"] is (flag == "--observe")
        assert row["decisions"] > 0 and row["decisions_per_deal"] > 0
