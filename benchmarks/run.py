"""The cardrules benchmarks, in one command.

Usage (from the repository; see docs/performance.rst for the method)::

    python benchmarks/run.py            # the full run, about two to three minutes
    python benchmarks/run.py --quick    # a rough run, under half a minute
    python benchmarks/run.py --json     # the results as one JSON document on stdout
    python benchmarks/run.py --rst      # the results as the tables of the docs page
    python benchmarks/run.py --sections instructions   # instruction counts (Valgrind)
    python benchmarks/run.py --sections instructions --cache-sim   # and cache misses

What it measures, each measurement in a process of its own (``engine.py`` and
``others.py`` in this directory are the processes):

1. ``loops``: microseconds per decision of random 12-deal sessions of each game,
   through :func:`cardrules.play` with :func:`cardrules.random_policy` (views) and
   through the same loop without views, and through :func:`cardrules.play` with views
   in sessions of one deal, each from a ``new_game`` of its own (an episode loop),
   side by side with a hand-written mutable
   implementation of the main rules (``--baseline PATH``, by default
   ``shared/bench/floor.py`` in the directory that holds the repository), in
   alternating processes: engine with views, engine without views, episodes,
   baseline, and again, ``--pairs`` times. The figure to quote is the median over the
   rounds of the ratio engine / baseline of one round.
2. ``views``: the cost of ``state.view(seat)`` at deal 1 and at a late deal (``--late-deal``)
   of one long session.
3. ``stacks``: ``apply``, ``legal_actions()``, ``is_legal()`` at the same position with
   stacks of 100 up to 10**9 chips (guarded: a call that would need more than a few
   seconds is given up and says so).
4. ``memory``: the bytes a state of a deal in progress owns beyond what it shares with
   its parent.
5. ``others``: PokerKit and OpenSpiel games driven the same way, with and without an
   observation per decision (the ``bench`` extra; a missing package is reported, not
   fatal).
6. ``instructions`` (only when named: ``--sections instructions``; it needs Valgrind
   and takes about three minutes, eight with ``--cache-sim``): the CPU instructions of
   a decision, counted with callgrind, of the engine with and without views and of
   the baseline, with the same seeds, the hash seed fixed and the garbage collector
   off. Callgrind counts only a window of the process (the sessions after the first
   ten up to the thirtieth, ``--count-sessions``; the baseline's deals 2001 to 6000,
   ``--count-deals``), not starting the interpreter or warming up. Unlike times,
   counts do not move with the machine's load: the same code gives the same count,
   within a few instructions a decision (where objects land in memory moves a few
   lookups).
   ``--cache-sim`` adds the first-level cache misses of callgrind's cache simulation
   (slower): they show why times differ more than instructions.

``--pyperf FILE`` also writes the timings as a pyperf suite, so that two runs (before
and after a change) can be compared with ``python -m pyperf compare_to old.json new.json``.
Nothing here asserts a time.
"""

from __future__ import annotations

import argparse
import datetime
import functools
import itertools
import json
import os
import platform
import shutil
import statistics
import subprocess
import sys
import time
from pathlib import Path
from typing import Any

HERE = Path(__file__).resolve().parent
ENGINE = HERE / "engine.py"
OTHERS = HERE / "others.py"
DEFAULT_FLOOR = HERE.parents[1] / "shared" / "bench" / "floor.py"

GAMES = {
    "modern": ("modern Bouillotte (no announcement)", "bouillotte"),
    "historic": ("historic Bouillotte", "bouillotte"),
    "bourre": ("Bourré", "bourre"),
}
STACK_CONFIGS = ("modern", "modern-nolimit", "historic", "bourre")
OTHER_ROWS = (
    ("pokerkit", "nlhe-4", "PokerKit, no-limit hold'em, 4 players"),
    ("openspiel", "python_kuhn_poker", "OpenSpiel python_kuhn_poker"),
    ("openspiel", "python_liars_poker", "OpenSpiel python_liars_poker"),
    ("openspiel", "leduc_poker", "OpenSpiel leduc_poker (C++, for scale)"),
)
SECTIONS = ("loops", "views", "stacks", "memory", "others", "instructions")
DEFAULT_SECTIONS = SECTIONS[:-1]
"""Every section but ``instructions``, which needs Valgrind and about three minutes:
asked for by name."""


def log(message: str) -> None:
    """Progress, on stderr."""
    print(message, file=sys.stderr, flush=True)


def child(
    script: Path, *args: object, timeout: float = 600, cpus: list[int] | None = None
) -> dict[str, Any]:
    """Run one measuring process and return the JSON it printed last; with ``cpus``, the
    process runs on those CPUs only (``os.sched_setaffinity``, Linux)."""
    command = [sys.executable, str(script), *map(str, args)]
    pin = None if not cpus else functools.partial(os.sched_setaffinity, 0, cpus)
    done = subprocess.run(command, capture_output=True, text=True, timeout=timeout, preexec_fn=pin)
    if done.returncode != 0:
        raise RuntimeError(f"{' '.join(command)} failed:\n{done.stderr[-2000:]}")
    result: dict[str, Any] = json.loads(done.stdout.strip().splitlines()[-1])
    return result


def median_of(rows: list[dict[str, Any]], key: str) -> float:
    """The median of ``key`` over ``rows``."""
    return statistics.median(row[key] for row in rows)


# ------------------------------------------------------------------------ the sections


def run_loops(args: argparse.Namespace) -> dict[str, Any]:
    """Section 1: the engine with and without views against the baseline, alternating."""
    out: dict[str, Any] = {}
    floor = args.floor if args.floor.is_file() else None
    if floor is None:
        log(f"the baseline {args.floor} is not there: no ratios")
    for game in args.games:
        label, baseline = GAMES[game]
        floor_deals = 2000
        if floor is not None:  # size the baseline's runs to last as long as the engine's
            probe = child(
                floor, "--game", baseline, "--deals", 2000, "--warmup", 50, cpus=args.affinity
            )
            floor_deals = max(200, int(args.seconds * 1e6 / probe["us_per_deal"]))
        rounds = []
        for index in range(args.pairs):
            seed = args.seed + index
            log(f"loops: {game}, round {index + 1} of {args.pairs}")
            views = child(
                ENGINE,
                "loop",
                "--game",
                game,
                "--views",
                "--seconds",
                args.seconds,
                "--seed",
                seed,
                cpus=args.affinity,
            )
            bare = child(
                ENGINE,
                "loop",
                "--game",
                game,
                "--no-views",
                "--seconds",
                args.seconds,
                "--seed",
                seed,
                cpus=args.affinity,
            )
            episodes = child(
                ENGINE,
                "loop",
                "--game",
                game,
                "--views",
                "--episodes",
                "--seconds",
                args.seconds,
                "--seed",
                seed,
                cpus=args.affinity,
            )
            base = (
                child(
                    floor,
                    "--game",
                    baseline,
                    "--deals",
                    floor_deals,
                    "--seed",
                    seed,
                    cpus=args.affinity,
                )
                if floor is not None
                else None
            )
            one = {"views": views, "no_views": bare, "episodes": episodes, "baseline": base}
            if base is not None:
                one["ratio_views"] = views["us_per_decision"] / base["us_per_decision"]
                one["ratio_episodes"] = episodes["us_per_decision"] / base["us_per_decision"]
                one["ratio_no_views"] = bare["us_per_decision"] / base["us_per_decision"]
            rounds.append(one)
        row: dict[str, Any] = {"label": label, "baseline_game": baseline, "rounds": rounds}
        for side in ("views", "no_views", "episodes", "baseline"):
            runs = [one[side] for one in rounds if one[side] is not None]
            if runs:
                row[side] = {
                    "us_per_decision": median_of(runs, "us_per_decision"),
                    "decisions_per_deal": sum(r["decisions"] for r in runs)
                    / sum(r["deals"] for r in runs),
                    "deals": sum(r["deals"] for r in runs),
                    "decisions": sum(r["decisions"] for r in runs),
                }
        if floor is not None:
            for key in ("ratio_views", "ratio_no_views", "ratio_episodes"):
                row[key] = median_of(rounds, key)
                row[f"{key}_range"] = [min(r[key] for r in rounds), max(r[key] for r in rounds)]
        # the share of a decision spent making the view, from the medians
        row["view_share"] = 1 - row["no_views"]["us_per_decision"] / row["views"]["us_per_decision"]
        out[game] = row
    return out


def run_others(args: argparse.Namespace) -> list[dict[str, Any]]:
    """Section 5: PokerKit and OpenSpiel, with and without an observation, alternating."""
    rows = []
    for engine, game, label in OTHER_ROWS:
        if game not in args.other_rows:
            continue
        row: dict[str, Any] = {"engine": engine, "game": game, "label": label}
        runs: dict[str, list[dict[str, Any]]] = {"views": [], "no_views": []}
        for index in range(args.other_pairs):
            log(f"others: {label}, round {index + 1} of {args.other_pairs}")
            for side, flag in (("views", "--observe"), ("no_views", "--no-observe")):
                try:
                    result = child(
                        OTHERS,
                        "--engine",
                        engine,
                        "--game",
                        game,
                        flag,
                        "--seconds",
                        args.seconds,
                        "--seed",
                        args.seed + index,
                        cpus=args.affinity,
                    )
                except (RuntimeError, subprocess.TimeoutExpired, ValueError) as error:
                    # another engine that fails must not stop the run: the row says why
                    last = str(error).strip().splitlines()[-1:] or ["no message"]
                    result = {"missing": f"{engine} failed: {last[0]}"}
                if "missing" in result:
                    row["missing"] = result["missing"]
                    break
                runs[side].append(result)
            if "missing" in row:
                break
        if "missing" not in row:
            for side, results in runs.items():
                row[side] = {
                    "us_per_decision": median_of(results, "us_per_decision"),
                    "decisions_per_deal": sum(r["decisions"] for r in results)
                    / sum(r["deals"] for r in results),
                    "deals": sum(r["deals"] for r in results),
                    "values_us": [r["us_per_decision"] for r in results],
                }
        rows.append(row)
    return rows


def run_views(args: argparse.Namespace) -> dict[str, Any]:
    """Section 2: a view at deal 1 and at a late deal."""
    out = {}
    for game in args.games:
        log(f"views: {game}, deal 1 and deal {args.late_deal}")
        out[game] = child(
            ENGINE,
            "views",
            "--game",
            game,
            "--late-deal",
            args.late_deal,
            "--repeats",
            args.view_repeats,
            "--batch",
            args.view_batch,
            "--seed",
            args.seed,
        )
    return out


def run_stacks(args: argparse.Namespace) -> dict[str, Any]:
    """Section 3: the same position with ordinary and huge stacks."""
    out = {}
    for config in STACK_CONFIGS:
        if config.split("-")[0] not in args.games:
            continue
        log(f"stacks: {config}, stacks of {', '.join(map(str, args.stack_sizes))}")
        out[config] = child(
            ENGINE,
            "stacks",
            "--config",
            config,
            "--sizes",
            *args.stack_sizes,
            "--limit",
            args.limit,
            "--repeats",
            args.stack_repeats,
            "--batch",
            10,
            "--seed",
            args.seed,
        )
    return out


def run_memory(args: argparse.Namespace) -> dict[str, Any]:
    """Section 4: bytes a state owns beyond its parent."""
    out = {}
    for game in args.games:
        log(f"memory: {game}")
        out[game] = child(
            ENGINE, "memory", "--game", game, "--sessions", args.sessions, "--seed", args.seed
        )
    return out


# --------------------------------------------------------------------------- reporting


WINDOW = "functools_reduce"
"""The C function whose one call in an ``engine.py`` count process is the counted
window (``engine.counted_window``): callgrind counts only while it runs."""


def counted(*args: object, cache_sim: bool = False) -> dict[str, Any]:
    """One ``engine.py`` process (``count`` or ``count-floor``) under callgrind, which
    counts only the instructions inside its window (``--toggle-collect`` of the one
    call of :data:`WINDOW`), with the hash seed fixed: the same code and arguments
    give the same count, within a few instructions a decision. Returns the decisions and the
    instructions per decision; with ``cache_sim`` also the first-level instruction and
    data cache misses per decision of callgrind's cache simulation (a model of this
    machine's caches, slower to run)."""
    command = [
        "valgrind",
        "--tool=callgrind",
        "--callgrind-out-file=/dev/null",
        "--collect-atstart=no",
        f"--toggle-collect={WINDOW}",
        f"--cache-sim={'yes' if cache_sim else 'no'}",
        sys.executable,
        str(ENGINE),
        *map(str, args),
    ]
    environment = {**os.environ, "PYTHONHASHSEED": "0"}
    done = subprocess.run(command, capture_output=True, text=True, env=environment)
    events = events_of(done.stderr)
    if done.returncode != 0 or not events:
        raise RuntimeError(f"{' '.join(command)} failed:\n{done.stderr[-2000:]}")
    instructions = events["Ir"]
    if instructions == 0:  # the window's C function has another name in this Python
        raise RuntimeError(
            f"callgrind counted nothing: this Python has no C function {WINDOW} for the "
            "counted window (see run.WINDOW and engine.counted_window)"
        )
    result: dict[str, Any] = json.loads(done.stdout.strip().splitlines()[-1])
    decisions: int = result["decisions"]
    if decisions is None:  # played without the tally: the same sessions, tallied apart
        decisions = child(ENGINE, *args, "--tally")["decisions"]
    out = {"instructions_per_decision": instructions / decisions, "decisions": decisions}
    if cache_sim:
        out["l1i_misses_per_decision"] = events["I1mr"] / decisions
        out["l1d_misses_per_decision"] = (events["D1mr"] + events["D1mw"]) / decisions
    return out


def events_of(report: str) -> dict[str, int]:
    """The totals of callgrind's closing report (its ``Events`` and ``Collected``
    lines) by event name, ``{}`` if the report has none. Callgrind leaves out the zeros
    at the end of the ``Collected`` line: they come back as 0."""
    names = [line for line in report.splitlines() if "Events    :" in line]
    found = [line for line in report.splitlines() if "Collected :" in line]
    if not names or not found:
        return {}
    values = [int(value) for value in found[-1].split(":")[-1].split()]
    return dict(itertools.zip_longest(names[-1].split(":")[-1].split(), values, fillvalue=0))


def run_instructions(args: argparse.Namespace) -> dict[str, Any]:
    """Section 6: instructions per decision, counted with Valgrind's callgrind, of the
    engine with and without views and of the baseline (steady where times are not)."""
    if shutil.which("valgrind") is None:
        log("instructions: valgrind is not installed, skipped")
        return {"skipped": "valgrind is not installed"}
    floor = args.floor if args.floor.is_file() else None
    warm, last = args.count_sessions
    warm_deals, last_deals = args.count_deals
    out: dict[str, Any] = {}
    for game in args.games:
        label, baseline = GAMES[game]
        row: dict[str, Any] = {"label": label, "baseline_game": baseline}
        for key, flag in (("views", "--views"), ("no_views", "--no-views")):
            log(f"instructions: {game}, {key}")
            row[key] = counted(
                "count", "--game", game, flag, "--seed", args.seed,
                "--warmup", warm, "--sessions", last - warm, "--no-tally",
                cache_sim=args.cache_sim,
            )  # fmt: skip
        if floor is not None:
            log(f"instructions: the baseline of {game}")
            row["baseline"] = counted(
                "count-floor", "--path", floor, "--game", baseline, "--seed", args.seed,
                "--warmup", warm_deals, "--deals", last_deals - warm_deals,
                cache_sim=args.cache_sim,
            )  # fmt: skip
            for key in ("views", "no_views"):
                row[f"ratio_{key}"] = (
                    row[key]["instructions_per_decision"]
                    / row["baseline"]["instructions_per_decision"]
                )
        out[game] = row
    return out


def _us(value: float | None) -> str:
    if value is None:
        return "—"
    if value >= 1e6:
        return f"{value / 1e6:.2f} s"
    if value >= 1e3:
        return f"{value / 1e3:.1f} ms"
    if value >= 10:
        return f"{value:.0f} µs"
    return f"{value:.2f} µs"


def _cell(side: dict[str, Any]) -> str:
    return f"{_us(side['us_per_decision'])} ({side['decisions_per_deal']:.1f})"


def _share(without: dict[str, Any], with_: dict[str, Any]) -> str:
    return f"{100 * (1 - without['us_per_decision'] / with_['us_per_decision']):.0f} %"


def _skipped(reason: str, limit: float | None) -> str:
    """A short cell for a call that was not timed."""
    if "at a stack of" in reason:
        return "not tried"
    if "memory" in reason:
        return "over the memory cap"
    return f"over {limit:g} s" if limit else "over the time limit"


def _ratio(row: dict[str, Any], key: str) -> str:
    """The median ratio, with the lowest and highest of the rounds."""
    if key not in row:
        return "—"
    low, high = row[f"{key}_range"]
    return f"{row[key]:.1f}× ({low:.1f}–{high:.1f})"


def _x(value: float | None) -> str:
    return "—" if value is None else f"{value:.1f}×"


def tables(results: dict[str, Any]) -> list[tuple[str, list[str], list[list[str]]]]:
    """The results as ``(title, header, rows)`` tables."""
    out = []
    loops = results.get("loops")
    if loops:
        rows = []
        for row in loops.values():
            base = row.get("baseline")
            rows.append(
                [
                    row["label"],
                    _cell(row["views"]),
                    _cell(row["no_views"]),
                    _cell(base) if base else "not found",
                    _ratio(row, "ratio_views"),
                    _ratio(row, "ratio_no_views"),
                    f"{100 * row['view_share']:.0f} %",
                    _cell(row["episodes"]),
                    _ratio(row, "ratio_episodes"),
                ]
            )
        out.append(
            (
                "A decision (µs, median of the rounds; decisions per deal in brackets)",
                [
                    "game",
                    "play() with views",
                    "without views",
                    "baseline",
                    "ratio with views (range)",
                    "ratio without views (range)",
                    "share of the view",
                    "one deal per new_game, with views",
                    "its ratio (range)",
                ],
                rows,
            )
        )
    others = results.get("others")
    if others:
        rows = []
        for row in others:
            if "missing" in row:
                rows.append([row["label"], row["missing"], "", ""])
                continue
            rows.append(
                [
                    row["label"],
                    _cell(row["views"]),
                    _cell(row["no_views"]),
                    _share(row["no_views"], row["views"]),
                ]
            )
        out.append(
            (
                "Other engines, the same loop (µs per decision; decisions per hand in brackets)",
                ["engine and game", "with an observation", "without", "share of the observation"],
                rows,
            )
        )
    views = results.get("views")
    if views:
        rows = []
        for game, row in views.items():
            rows.append(
                [
                    GAMES[game][0],
                    _us(row["early_view"]["median_us"]),
                    _us(row["late_view"]["median_us"]),
                    _x(row["view_ratio"]),
                    _us(row["late_view_history_events"]["median_us"]),
                    _x(row["view_history_events_ratio"]),
                    str(row["late_history_length"]),
                ]
            )
        late = next(iter(views.values()))["late_deal"]
        out.append(
            (
                f"A view at deal 1 and at deal {late} (median µs per call)",
                [
                    "game",
                    "deal 1",
                    f"deal {late}",
                    "ratio",
                    f"deal {late}, history and events read",
                    "ratio",
                    f"actions in the history at deal {late}",
                ],
                rows,
            )
        )
    stacks = results.get("stacks")
    if stacks:
        rows = []
        for result in stacks.values():
            for size, row in result["sizes"].items():
                if "skipped" in row:
                    rows.append([result["label"], f"{int(size):,}", row["skipped"], "", "", "", ""])
                    continue
                cells = []
                for call in ("first_reach_and_list", "reach", "legal_actions", "is_legal", "apply"):
                    cell = row.get(call, {})
                    if "median_us" in cell:
                        text = _us(cell["median_us"])
                        if cell.get("values") == 1:
                            text += " (once)"
                    else:
                        text = _skipped(cell.get("skipped", ""), result.get("limit_seconds"))
                    cells.append(text)
                rows.append([result["label"], f"{int(size):,}", *cells])
        out.append(
            (
                "The same position with growing stacks (µs per call; measured action: the "
                "smallest raise)",
                [
                    "game",
                    "stack",
                    "first time: make, list",
                    "apply (make the position)",
                    "legal_actions()",
                    "is_legal(raise)",
                    "apply(raise)",
                ],
                rows,
            )
        )
    memory = results.get("memory")
    if memory:
        rows = [
            [
                GAMES[game][0],
                f"{row['bytes_after_apply']:.0f}",
                f"{row['bytes_after_legal_actions']:.0f}",
                f"{row['walk_bytes_after_apply']:.0f}",
                f"{row['walk_bytes_after_legal_actions']:.0f}",
                str(row["states"]),
            ]
            for game, row in memory.items()
        ]
        out.append(
            (
                "Memory a state owns beyond what it shares with its parent (bytes, mean)",
                [
                    "game",
                    "new memory after apply",
                    "after legal_actions() too",
                    "walk: after apply",
                    "walk: after legal_actions() too",
                    "states measured",
                ],
                rows,
            )
        )
    counts = results.get("instructions")
    if counts and "skipped" not in counts:
        out.append(
            (
                "Instructions per decision (callgrind; the same seeds and hash seed)",
                [
                    "game",
                    "play() with views",
                    "without views",
                    "baseline",
                    "ratio with views / without",
                ],
                [_count_row(row) for row in counts.values()],
            )
        )
        if all("l1d_misses_per_decision" in row["views"] for row in counts.values()):
            out.append(
                (
                    "First-level cache misses per decision (callgrind's cache simulation)",
                    [
                        "game",
                        "data, with views",
                        "data, baseline",
                        "instructions, with views",
                        "instructions, baseline",
                    ],
                    [_miss_row(row) for row in counts.values()],
                )
            )
    return out


def _count_row(row: dict[str, Any]) -> list[str]:
    """A row of the instructions table."""

    def k(side: dict[str, Any] | None) -> str:
        return "not found" if side is None else f"{side['instructions_per_decision'] / 1000:.1f}k"

    ratios = "-"
    if "ratio_views" in row:
        ratios = f"{row['ratio_views']:.2f}× / {row['ratio_no_views']:.2f}×"
    return [row["label"], k(row["views"]), k(row["no_views"]), k(row.get("baseline")), ratios]


def _miss_row(row: dict[str, Any]) -> list[str]:
    """A row of the cache-miss table."""

    def n(side: dict[str, Any] | None, key: str) -> str:
        return "not found" if side is None else f"{side[key]:.0f}"

    views, base = row["views"], row.get("baseline")
    return [
        row["label"],
        n(views, "l1d_misses_per_decision"),
        n(base, "l1d_misses_per_decision"),
        n(views, "l1i_misses_per_decision"),
        n(base, "l1i_misses_per_decision"),
    ]


def as_text(results: dict[str, Any]) -> str:
    """The tables, aligned for a terminal."""
    lines = [_meta_line(results["meta"]), ""]
    for title, header, rows in tables(results):
        widths = [max(len(str(r[i])) for r in [header, *rows]) for i in range(len(header))]
        lines.append(title)
        lines.append("  ".join(h.ljust(w) for h, w in zip(header, widths, strict=True)))
        for row in rows:
            lines.append("  ".join(str(c).ljust(w) for c, w in zip(row, widths, strict=True)))
        lines.append("")
    return "\n".join(lines)


def as_rst(results: dict[str, Any]) -> str:
    """The tables as reStructuredText list-tables, as the docs page shows them."""
    lines = [f".. {_meta_line(results['meta'])}", ""]
    for title, header, rows in tables(results):
        lines += [f".. list-table:: {title}", "   :header-rows: 1", ""]
        for row in [header, *rows]:
            lines.append(f"   * - {row[0]}")
            lines += [f"     - {cell}" if cell else "     -" for cell in row[1:]]
        lines.append("")
    return "\n".join(lines)


def _meta_line(meta: dict[str, Any]) -> str:
    pinned = meta.get("options", {}).get("affinity")
    where = f", the loops on CPU {' '.join(map(str, pinned))}" if pinned else ""
    return (
        f"cardrules {meta['cardrules']}, CPython {meta['python']} on {meta['machine']}, "
        f"{meta['cpus']} CPUs, {meta['date']}, {meta['mode']} run{where}"
    )


def write_pyperf(results: dict[str, Any], path: Path) -> None:
    """The timings as a pyperf suite (seconds per decision or per call)."""
    import pyperf

    benchmarks = []

    def add(name: str, values_us: list[float]) -> None:
        runs = [
            pyperf.Run(
                [value / 1e6],
                warmups=None,
                collect_metadata=False,
                metadata={"name": name, "unit": "second", "loops": 1},
            )
            for value in values_us
        ]
        benchmarks.append(pyperf.Benchmark(runs))

    for game, row in results.get("loops", {}).items():
        for side in ("views", "no_views", "baseline"):
            values = [one[side]["us_per_decision"] for one in row["rounds"] if one[side]]
            if values:
                add(f"decision/{game}/{side}", values)
    for row in results.get("others", []):
        for side in ("views", "no_views"):
            if side in row:
                add(f"decision/{row['engine']}-{row['game']}/{side}", row[side]["values_us"])
    for game, row in results.get("views", {}).items():
        for key in ("early_view", "late_view"):
            add(f"view/{game}/{key}", row[key]["all_us"])
    for config, result in results.get("stacks", {}).items():
        for size, row in result["sizes"].items():
            for call, cell in row.items():
                if isinstance(cell, dict) and cell.get("all_us"):
                    add(f"stacks/{config}/{size}/{call}", cell["all_us"])
    if benchmarks:
        pyperf.BenchmarkSuite(benchmarks).dump(str(path), replace=True)


# -------------------------------------------------------------------------------- main


def parse(argv: list[str] | None) -> argparse.Namespace:
    parser = argparse.ArgumentParser(
        description="Measure cardrules: decisions against the baseline, views, stacks, "
        "memory, other engines.",
    )
    parser.add_argument("--quick", action="store_true", help="a rough run, under 30 s")
    out = parser.add_mutually_exclusive_group()
    out.add_argument("--json", action="store_true", help="print the results as JSON")
    out.add_argument("--rst", action="store_true", help="print the tables of the docs page")
    parser.add_argument("--output", type=Path, help="also write the JSON results here")
    parser.add_argument("--pyperf", type=Path, help="also write a pyperf suite here")
    parser.add_argument(
        "--baseline",
        "--floor",
        dest="floor",
        type=Path,
        default=DEFAULT_FLOOR,
        help="the hand-written baseline script (default: %(default)s)",
    )
    parser.add_argument("--sections", nargs="+", choices=SECTIONS, default=list(DEFAULT_SECTIONS))
    parser.add_argument("--games", nargs="+", choices=GAMES, default=list(GAMES))
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument(
        "--cache-sim",
        action="store_true",
        help="instructions: also count first-level cache misses (slower)",
    )
    parser.add_argument("--pairs", type=int, help="rounds of the loops (7; quick 2)")
    parser.add_argument("--other-pairs", type=int, help="rounds of each other engine (2; quick 1)")
    parser.add_argument(
        "--other-rows",
        nargs="+",
        choices=[game for _, game, _ in OTHER_ROWS],
        help="the other engines' rows (all; quick: nlhe-4 python_kuhn_poker)",
    )
    parser.add_argument("--seconds", type=float, help="seconds per loop process (0.5; quick 0.1)")
    parser.add_argument(
        "--affinity",
        type=int,
        nargs="+",
        metavar="CPU",
        help="run the timed loops (engine, baseline, other engines) on these CPUs only "
        "(Linux; default: wherever the system puts them)",
    )
    parser.add_argument("--late-deal", type=int, default=200, help="the late deal of views")
    parser.add_argument("--view-repeats", type=int, help="timed batches per view figure")
    parser.add_argument("--view-batch", type=int, help="views per timed batch")
    parser.add_argument(
        "--stack-sizes", type=int, nargs="+", help="stacks (100 10**4 10**6 10**9; quick 100 10**4)"
    )
    parser.add_argument("--stack-repeats", type=int, help="timed batches per stack figure")
    parser.add_argument("--limit", type=float, help="seconds before one call is given up")
    parser.add_argument("--sessions", type=int, help="sessions of the memory figure")
    parser.add_argument(
        "--count-sessions",
        type=int,
        nargs=2,
        metavar=("FROM", "TO"),
        help="count the sessions after the first FROM up to TO (10 30; quick 2 6)",
    )
    parser.add_argument(
        "--count-deals",
        type=int,
        nargs=2,
        metavar=("FROM", "TO"),
        help="count the baseline's deals after the first FROM up to TO (2000 6000; quick 200 600)",
    )
    args = parser.parse_args(argv)
    quick = args.quick
    defaults = {
        "pairs": 2 if quick else 7,
        "other_pairs": 1 if quick else 2,
        "other_rows": [game for _, game, _ in OTHER_ROWS][: 2 if quick else None],
        "seconds": 0.1 if quick else 0.5,
        "view_repeats": 10 if quick else 30,
        "view_batch": 20 if quick else 50,
        "stack_sizes": [100, 10**4] if quick else [100, 10**4, 10**6, 10**9],
        "stack_repeats": 5 if quick else 20,
        "limit": 2.0,
        "sessions": 3 if quick else 12,
        "count_sessions": [2, 6] if quick else [10, 30],
        "count_deals": [200, 600] if quick else [2000, 6000],
    }
    for name, value in defaults.items():
        if getattr(args, name) is None:
            setattr(args, name, value)
    for name in ("count_sessions", "count_deals"):
        first, last = getattr(args, name)
        if not 0 <= first < last:
            parser.error(f"--{name.replace('_', '-')} FROM TO needs 0 <= FROM < TO")
    return args


def main(argv: list[str] | None = None) -> None:
    args = parse(argv)
    started = time.perf_counter()
    import cardrules

    results: dict[str, Any] = {
        "meta": {
            "date": datetime.datetime.now(datetime.UTC).strftime("%Y-%m-%d %H:%M UTC"),
            "python": platform.python_version(),
            "implementation": platform.python_implementation(),
            "machine": f"{platform.system()} {platform.machine()}",
            "cpus": os.cpu_count(),
            "cardrules": cardrules.__version__,
            "mode": "quick" if args.quick else "full",
            "baseline": args.floor.name if args.floor.is_file() else None,
            "options": {
                name: getattr(args, name)
                for name in (
                    "sections",
                    "games",
                    "seed",
                    "pairs",
                    "other_pairs",
                    "other_rows",
                    "seconds",
                    "affinity",
                    "late_deal",
                    "view_repeats",
                    "view_batch",
                    "stack_sizes",
                    "stack_repeats",
                    "limit",
                    "sessions",
                    "count_sessions",
                    "count_deals",
                    "cache_sim",
                )
            },
        }
    }
    runners = {
        "loops": run_loops,
        "others": run_others,
        "views": run_views,
        "stacks": run_stacks,
        "memory": run_memory,
        "instructions": run_instructions,
    }
    for section in SECTIONS:
        if section in args.sections:
            results[section] = runners[section](args)
    results["meta"]["seconds"] = round(time.perf_counter() - started, 1)
    log(f"done in {results['meta']['seconds']} s")
    if args.output:
        args.output.write_text(json.dumps(results, indent=1) + "\n")
    if args.pyperf:
        write_pyperf(results, args.pyperf)
    if args.json:
        print(json.dumps(results, indent=1))
    elif args.rst:
        print(as_rst(results))
    else:
        print(as_text(results))


if __name__ == "__main__":
    main()
