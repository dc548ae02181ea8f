"""Throughput of random playouts: the engine side by side with the mutable floor.

Usage::

    python benchmarks/bench.py [--game bouillotte|historic|bourre|all] [--deals N]
                               [--floor PATH]

For each game it times random deals through the public API — ``legal_actions()``,
a uniform choice, ``apply`` — with chance nodes answered by ``sample_chance``, and
reports microseconds per decision (a decision is a seat's action; the time of the
chance nodes counts too, as dealing counts in the floor). When the hand-written
mutable baseline ``floor.py`` is found (``--floor``, default ``../shared/bench/floor.py``
beside the repository) it is run in a subprocess on the same game and the ratio is
printed. This is a measurement, never a test: nothing here asserts a time.
"""

from __future__ import annotations

import argparse
import gc
import json
import random
import subprocess
import sys
import time
from pathlib import Path
from typing import Any

from cardrules import CHANCE, bourre, sample_chance
from cardrules.bouillotte import historic, modern

GAMES: dict[str, tuple[Any, Any, str]] = {
    # the floor plays no announcement: compare like with like
    "bouillotte": (modern, modern.Rules(deals=12, announce_fee=None), "bouillotte"),
    "historic": (historic, historic.Rules(deals=12), "bouillotte"),
    "bourre": (bourre, bourre.Rules(deals=12), "bourre"),
}


def run_engine(name: str, deals: int, seed: int) -> dict[str, Any]:
    """Time ``deals`` random deals of one game through the public API, in sessions of
    12 deals started afresh (so that stacks stay as a real session has them)."""
    module, rules, _ = GAMES[name]
    rng = random.Random(seed)
    fresh = module.new_game(rules)
    state = fresh
    randrange = rng.randrange
    decisions = 0
    played = 0
    gc.collect()
    start = time.perf_counter()
    while played < deals:
        if state.is_terminal:
            played += state.deal_number + 1
            state = fresh
        elif state.to_act is CHANCE:
            state = state.apply(sample_chance(state, rng))
        else:
            legal = state.legal_actions()
            state = state.apply(legal[randrange(len(legal))])
            decisions += 1
    wall = time.perf_counter() - start
    return {
        "engine": "cardrules",
        "game": name,
        "deals": deals,
        "decisions": decisions,
        "seconds": wall,
        "us_per_deal": 1e6 * wall / deals,
        "us_per_decision": 1e6 * wall / decisions,
    }


def run_floor(path: Path, game: str, deals: int, seed: int) -> dict[str, Any] | None:
    """Run the floor baseline in a subprocess, or ``None`` when it is not there."""
    if not path.is_file():
        return None
    done = subprocess.run(
        [sys.executable, str(path), "--game", game, "--deals", str(deals), "--seed", str(seed)],
        capture_output=True,
        text=True,
        check=True,
    )
    result: dict[str, Any] = json.loads(done.stdout.strip().splitlines()[-1])
    return result


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0] if __doc__ else "")
    parser.add_argument("--game", default="all", choices=[*GAMES, "all"])
    parser.add_argument("--deals", type=int, default=3000)
    parser.add_argument("--seed", type=int, default=12345)
    parser.add_argument(
        "--floor", type=Path, default=Path(__file__).resolve().parents[2] / "shared/bench/floor.py"
    )
    args = parser.parse_args()
    for name in GAMES if args.game == "all" else [args.game]:
        run_engine(name, max(1, args.deals // 20), args.seed)  # warm-up
        engine = run_engine(name, args.deals, args.seed)
        print(json.dumps(engine))
        floor = run_floor(args.floor, GAMES[name][2], args.deals * 5, args.seed)
        if floor is not None:
            print(json.dumps(floor))
            ratio = engine["us_per_decision"] / floor["us_per_decision"]
            print(
                f"{name}: {engine['us_per_decision']:.2f} us/decision vs floor "
                f"{floor['us_per_decision']:.2f} ({floor['game']}): {ratio:.1f}x"
            )


if __name__ == "__main__":
    main()
