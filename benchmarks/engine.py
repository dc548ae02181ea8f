"""The cardrules side of the benchmarks: one measurement per process.

``run.py`` starts this script once per measurement and reads the one JSON line it
prints; it can also be run by hand::

    python benchmarks/engine.py loop --game modern --views --seconds 1 --seed 1
    python benchmarks/engine.py loop --game bourre --no-views --seconds 1 --seed 1
    python benchmarks/engine.py loop --game modern --views --episodes --seconds 1
    python benchmarks/engine.py views --game historic --late-deal 200
    python benchmarks/engine.py stacks --config historic --sizes 100 1000000000
    python benchmarks/engine.py memory --game bourre --sessions 20
    python benchmarks/engine.py count --game modern --views --warmup 10 --sessions 20

Measurements (all through the public API only, so that they keep measuring the same
thing while the insides of the games change):

``loop``
    Random 12-deal sessions, timed whole. With ``--views`` each session is one call of
    :func:`cardrules.play` with :func:`cardrules.random_policy` for every seat (a
    decision is one view, one ``legal_actions()``, one choice, one ``apply``); with
    ``--no-views`` the same loop without the view: ``state.legal_actions()``, the same
    uniform choice, ``apply``. Chance nodes go through :func:`cardrules.sample_chance`
    in both; they are not counted as decisions, but their time is in the total. With the
    same seed both loops play the very same deals and choices. With ``--episodes``,
    every session is one deal with a ``new_game`` of its own, timed with it (the loop of
    an episode-based learner).
``views``
    ``state.view(seat)`` for the seat to act, at every decision node of an early deal
    (deal 1) and of a late deal (``--late-deal``) of one long session, each call on a
    state just made by ``apply`` (so nothing can be cached on it). Also the view with
    its ``history`` and ``events`` read, for views that build those members lazily.
``stacks``
    ``apply``, ``legal_actions()`` and ``is_legal()`` at the same position of a deal,
    with stacks from ordinary to huge. Guarded: a call that needs more than a few
    seconds or more than the process's memory cap is given up, says so, and is not
    tried at larger stacks.
``memory``
    The memory a state of a deal in progress owns beyond what it shares with its
    parent (see :func:`owned_bytes`).
``count``, ``count-floor``
    The loop of ``loop`` (or the baseline's own loop) for a fixed number of sessions
    (deals), untimed, with the garbage collector off, inside one counted window:
    ``run.py`` runs it under Valgrind's callgrind to count the instructions of a
    decision (see :func:`count`).

Nothing here asserts a time: this is a measuring instrument, not a test.
"""

from __future__ import annotations

import argparse
import contextlib
import functools
import gc
import importlib.util
import json
import random
import resource
import signal
import statistics
import sys
import time
import tracemalloc
import types
from collections.abc import Callable, Iterator
from typing import Any

from cardrules import CHANCE, Raise, Shuffle, bourre, play, random_policy, sample_chance
from cardrules.bouillotte import historic, modern

# ---------------------------------------------------------------------------- the games

GAMES: dict[str, dict[str, Any]] = {
    "modern": {
        "module": modern,
        # the baseline plays no announcement: compare like with like
        "options": {"announce_fee": None},
        "stack_field": "stack",
        "baseline": "bouillotte",
        "label": "modern Bouillotte (no announcement)",
    },
    "historic": {
        "module": historic,
        "options": {},
        "stack_field": "cave",
        "baseline": "bouillotte",
        "label": "historic Bouillotte",
    },
    "bourre": {
        "module": bourre,
        "options": {},
        "stack_field": "stack",
        "baseline": "bourre",
        "label": "Bourré",
    },
}

STACK_CONFIGS: dict[str, dict[str, Any]] = {
    "modern": {"game": "modern", "options": {}, "label": "modern Bouillotte (max_raise 5)"},
    "modern-nolimit": {
        "game": "modern",
        "options": {"max_raise": None},  # None: max_raise = the stack size
        "label": "modern Bouillotte (max_raise = stack)",
    },
    "historic": {"game": "historic", "options": {}, "label": "historic Bouillotte"},
    "bourre": {"game": "bourre", "options": {}, "label": "Bourré (no raise in the game)"},
}


def make_rules(game: str, **options: Any) -> Any:
    """The rules of ``game`` for the benchmarks: its own options, then ``options``."""
    spec = GAMES[game]
    return spec["module"].Rules(**{**spec["options"], **options})


def players_of(state: Any) -> int:
    """The number of seats of ``state``."""
    return len(state.stacks)


# ----------------------------------------------------------------------------- loops


def no_view_session(state: Any, rng: random.Random) -> tuple[Any, int]:
    """Play ``state`` to the end without views: ``legal_actions()``, a uniform choice
    (the very draw :func:`cardrules.random_policy` makes), ``apply``; chance through
    ``sample_chance``. Returns the final state and the number of decisions."""
    randrange = rng.randrange
    decisions = 0
    while not state.is_terminal:
        if state.to_act is CHANCE:
            state = state.apply(sample_chance(state, rng))
        else:
            legal = state.legal_actions()
            state = state.apply(legal[randrange(len(legal))])
            decisions += 1
    return state, decisions


def loop(
    game: str, views: bool, seconds: float, seed: int, deals: int, episodes: bool = False
) -> dict[str, Any]:
    """Time whole random 12-deal sessions for ``seconds`` (or until ``deals`` deals).

    With ``episodes``, each session is one deal and begins with its own call of
    ``new_game`` (timed), as an episode loop of a learning algorithm does."""
    fresh = cardrules_new_game(game, deals=1 if episodes else 12)
    rules = fresh.rules
    new_game = GAMES[game]["module"].new_game
    policies = [random_policy] * players_of(fresh)
    # warm-up: one session of other deals, not timed
    if views:
        play(fresh, policies, random.Random(-seed - 1))
    else:
        no_view_session(fresh, random.Random(-seed - 1))
    rng = random.Random(seed)
    counted = 0
    played = 0
    excluded = 0.0  # counting the decisions of a played session, not timed
    gc.collect()
    clock = time.perf_counter
    start = clock()
    while True:
        if episodes:
            fresh = new_game(rules)
        if views:
            final = play(fresh, policies, rng)
            paused = clock()
            counted += sum(1 for action in final.history if action.__class__ is not Shuffle)
            excluded += clock() - paused
        else:
            final, made = no_view_session(fresh, rng)
            counted += made
        played += final.deal_number + 1
        wall = clock() - start - excluded
        if wall >= seconds or played >= deals:
            break
    return {
        "engine": "cardrules",
        "game": game,
        "views": views,
        "episodes": episodes,
        "seed": seed,
        "deals": played,
        "decisions": counted,
        "seconds": wall,
        "us_per_deal": 1e6 * wall / played,
        "us_per_decision": 1e6 * wall / counted,
        "decisions_per_deal": counted / played,
    }


def counted_window(work: Callable[[], Any]) -> Any:
    """Call ``work()`` inside one call of :func:`functools.reduce`, and return what it
    returned: the window that callgrind counts alone (``run.py`` starts it with
    collection off and toggles it on and off at that C function, ``run.WINDOW``), so
    that starting the interpreter, importing, warming up and tallying are not counted."""
    return functools.reduce(lambda _, __: work(), range(1), None)


def count(
    game: str, views: bool, warmup: int, sessions: int, seed: int, tally: bool = True
) -> dict[str, Any]:
    """Play random 12-deal sessions the way :func:`loop` does, untimed, with the garbage
    collector off: the first ``warmup`` outside the counted window, the next ``sessions``
    inside it (:func:`counted_window`), each session's last state dropped as in
    :func:`loop`. Returns how many decisions the counted sessions made, tallied after
    the window by playing them again (``None`` without ``tally``: ``run.py`` tallies
    them in a process of its own, not under Valgrind, which would simulate them too).
    The same code, seed and hash seed (``PYTHONHASHSEED``) give the same count, within a
    few instructions a decision (where objects land in memory moves a few lookups)."""
    gc.disable()
    fresh = cardrules_new_game(game, deals=12)
    policies = [random_policy] * players_of(fresh)

    def sessions_of(rng: random.Random, number: int) -> Iterator[Any]:
        for _ in range(number):
            yield play(fresh, policies, rng) if views else no_view_session(fresh, rng)[0]

    def counted_sessions() -> None:
        for _ in sessions_of(rng, sessions):
            pass

    rng = random.Random(seed)
    for _ in sessions_of(rng, warmup):
        pass
    counted_window(counted_sessions)
    if not tally:
        return {"engine": "cardrules", "game": game, "views": views, "decisions": None}
    again = random.Random(seed)  # the same sessions again, outside the window
    for _ in sessions_of(again, warmup):
        pass
    decisions = sum(
        sum(1 for action in final.history if action.__class__ is not Shuffle)
        for final in sessions_of(again, sessions)
    )
    return {
        "engine": "cardrules",
        "game": game,
        "views": views,
        "warmup": warmup,
        "sessions": sessions,
        "decisions": decisions,
    }


def count_floor(path: str, game: str, warmup: int, deals: int, seed: int) -> dict[str, Any]:
    """The baseline's deals played the way its own ``main`` plays them, ``warmup`` deals
    outside the counted window and the next ``deals`` inside it (:func:`counted_window`),
    with the garbage collector off as in :func:`count`. Returns their decisions."""
    spec = importlib.util.spec_from_file_location("floor", path)
    if spec is None or spec.loader is None:
        raise SystemExit(f"cannot load the baseline {path}")
    floor = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(floor)
    gc.disable()
    play_one = floor.GAMES[game](seed)
    for _ in range(warmup):
        play_one()

    def deals_of_the_window() -> int:
        decisions = 0
        for _ in range(deals):
            decisions += play_one()[0]
        return decisions

    made: int = counted_window(deals_of_the_window)
    return {"engine": "floor", "game": game, "warmup": warmup, "deals": deals, "decisions": made}


def cardrules_new_game(game: str, **options: Any) -> Any:
    """``new_game`` of ``game`` under the benchmark's rules plus ``options``."""
    return GAMES[game]["module"].new_game(make_rules(game, **options))


# ----------------------------------------------------------------------- per-call timing


def per_call(
    fresh: Callable[[], Any], call: Callable[[list[Any]], None], batch: int, repeats: int
) -> list[float]:
    """Microseconds per call, one value per repeat: each repeat makes ``batch`` fresh
    objects (not timed) and times ``call`` over all of them (timed)."""
    clock = time.perf_counter_ns
    values = []
    for _ in range(repeats):
        items = [fresh() for _ in range(batch)]
        start = clock()
        call(items)
        values.append((clock() - start) / batch / 1000)
    return values


def summary(values: list[float]) -> dict[str, Any]:
    """Median and spread of per-call values, in µs."""
    return {
        "median_us": statistics.median(values),
        "min_us": min(values),
        "max_us": max(values),
        "values": len(values),
        "all_us": [round(value, 4) for value in values],
    }


# ------------------------------------------------------------------------------ views


def decision_nodes_of_deal(
    game: str, deal: int, seed: int, deals: int
) -> Iterator[tuple[Any, Any]]:
    """``(parent, action)`` for every decision node of deal ``deal`` (0-based) of a
    long random session: ``parent.apply(action)`` is that node, made afresh."""
    state = cardrules_new_game(game, deals=deals)
    rng = random.Random(seed)
    randrange = rng.randrange
    while not state.is_terminal and state.deal_number <= deal:
        if state.to_act is CHANCE:
            action = sample_chance(state, rng)
        else:
            legal = state.legal_actions()
            action = legal[randrange(len(legal))]
        child = state.apply(action)
        if child.deal_number == deal and not child.is_terminal and child.to_act is not CHANCE:
            yield state, action
        state = child


def views(game: str, late_deal: int, repeats: int, batch: int, seed: int) -> dict[str, Any]:
    """The cost of a view at deal 1 and at deal ``late_deal`` (1-based) of one session.

    Early and late batches alternate, so that a change in the machine's load hits both;
    the ratio is the median of the ratios of the alternating pairs."""
    result: dict[str, Any] = {"engine": "cardrules", "game": game, "late_deal": late_deal}
    positions = {}
    for label, deal in (("early", 0), ("late", late_deal - 1)):
        nodes = list(decision_nodes_of_deal(game, deal, seed, deals=max(400, late_deal + 1)))
        if not nodes:
            raise SystemExit(f"no decision node in deal {deal + 1} of seed {seed}")
        positions[label] = nodes
        result[f"{label}_nodes"] = len(nodes)
        result[f"{label}_history_length"] = len(nodes[0][0].apply(nodes[0][1]).history)

    def fresh_of(node: tuple[Any, Any]) -> Callable[[], Any]:
        parent, action = node
        return lambda: parent.apply(action)

    def make(items: list[Any]) -> None:
        seat = items[0].to_act
        for state in items:
            state.view(seat)

    def make_and_read(items: list[Any]) -> None:
        seat = items[0].to_act
        for state in items:
            view = state.view(seat)
            view.history  # noqa: B018 - read the member
            view.events  # noqa: B018 - read the member

    calls = (("view", make), ("view_history_events", make_and_read))
    values: dict[str, list[float]] = {
        f"{label}_{name}": [] for label in positions for name, _ in calls
    }
    ratios: dict[str, list[float]] = {name: [] for name, _ in calls}
    for index in range(repeats):
        for name, call in calls:
            pair = {}
            for label, nodes in positions.items():
                node = nodes[index % len(nodes)]
                pair[label] = per_call(fresh_of(node), call, batch, 1)[0]
                values[f"{label}_{name}"].append(pair[label])
            ratios[name].append(pair["late"] / pair["early"])
    for key, found in values.items():
        result[key] = summary(found)
    for name, found in ratios.items():
        result[f"{name}_ratio"] = statistics.median(found)
    return result


# ----------------------------------------------------------------------------- stacks


class TooCostly(Exception):
    """A guarded call took more time or memory than the benchmark allows."""


def _alarm(signum: int, frame: Any) -> None:
    raise TooCostly("time limit")


def guarded(function: Callable[[], Any], seconds: float) -> Any:
    """``function()``, given up (:class:`TooCostly`) after ``seconds`` or when it runs
    out of the memory the process may use (see :func:`cap_memory`)."""
    previous = signal.signal(signal.SIGALRM, _alarm)
    signal.setitimer(signal.ITIMER_REAL, seconds)
    try:
        return function()
    except MemoryError:
        raise TooCostly("memory limit") from None
    finally:
        signal.setitimer(signal.ITIMER_REAL, 0)
        signal.signal(signal.SIGALRM, previous)


def cap_memory(gib: float) -> None:
    """Cap the address space of this process, so that a call that would list a billion
    actions fails with ``MemoryError`` instead of filling a shared machine."""
    limit = int(gib * 2**30)
    _, hard = resource.getrlimit(resource.RLIMIT_AS)
    if hard != resource.RLIM_INFINITY:
        limit = min(limit, hard)
    resource.setrlimit(resource.RLIMIT_AS, (limit, hard))


_PREFERRED = ("Carre", "Check", "Call", "StayIn")
"""The action kinds the stack benchmark's fixed policy takes, first that is legal."""


def stack_rules_options(config: str, size: int) -> dict[str, Any]:
    """The rules options of ``config`` with every stack (and, for the no-limit
    configuration, the largest raise) set to ``size``."""
    spec = STACK_CONFIGS[config]
    options = dict(spec["options"])
    if "max_raise" in options and options["max_raise"] is None:
        options["max_raise"] = size
    options[GAMES[spec["game"]]["stack_field"]] = size
    return options


def stack_script(config: str, seed: int) -> tuple[list[Any], Any]:
    """The actions from ``new_game`` (chance included) to the first decision node where
    a raise is legal (Bourré: the first decision node), found with ordinary stacks, a
    seeded shuffle and a fixed policy; and the action measured there (the smallest
    raise; Bourré: the first legal action). Replayed with any larger stack, it reaches
    the same position: the same cards, the same actions."""
    game = STACK_CONFIGS[config]["game"]
    state = cardrules_new_game(game, **stack_rules_options(config, 100))
    rng = random.Random(seed)
    module = GAMES[game]["module"]
    kinds = [getattr(module, name)() for name in _PREFERRED if hasattr(module, name)]
    script: list[Any] = []
    for _ in range(200):
        if state.to_act is CHANCE:
            action = sample_chance(state, rng)
        elif game == "bourre":
            return script, state.legal_actions()[0]
        else:
            low = _smallest_raise(state)
            if low is not None:
                return script, Raise(to=low)
            action = next(kind for kind in kinds if state.is_legal(kind))
        script.append(action)
        state = state.apply(action)
    raise SystemExit(f"{config}: no position with a legal raise found")


def _smallest_raise(state: Any) -> int | None:
    """The smallest legal raise (searched with ``is_legal`` over a few amounts)."""
    top = max(state.contributions)
    for to in range(top + 1, top + 40):
        if state.is_legal(Raise(to=to)):
            return to
    return None


def stack_position(config: str, size: int, script: list[Any]) -> tuple[Any, Any]:
    """``(parent, action)``: ``parent.apply(action)`` is the position of ``script``
    with stacks of ``size``."""
    game = STACK_CONFIGS[config]["game"]
    state = cardrules_new_game(game, **stack_rules_options(config, size))
    for action in script[:-1]:
        state = state.apply(action)
    return state, script[-1]


STACK_CALLS = ("reach", "legal_actions", "is_legal", "apply")
"""What the stack benchmark times at the position ``X = parent.apply(action)``:
``reach`` the ``apply`` that makes ``X`` (it may compute ``X``'s legal set at once);
``legal_actions()`` and ``is_legal(measured)`` on a fresh ``X``; ``apply(measured)``
on an ``X`` whose legal set is known, as in a playout."""


def stacks(
    config: str, sizes: list[int], repeats: int, batch: int, seed: int, limit: float, slow: float
) -> dict[str, Any]:
    """The calls of :data:`STACK_CALLS` with each stack size of ``sizes`` (ascending).
    A call is timed once first (guarded by ``limit`` seconds and the memory cap); when
    that one call takes more than ``slow`` seconds it is recorded alone, and the call is
    not tried at larger sizes (it grows with the stack)."""
    script, measured = stack_script(config, seed)
    result: dict[str, Any] = {
        "engine": "cardrules",
        "config": config,
        "label": STACK_CONFIGS[config]["label"],
        "action": repr(measured),
        "limit_seconds": limit,
        "sizes": {},
    }
    stopped: dict[str, str] = {}
    reached: dict[int, tuple[Any, Any]] = {}
    for size in sizes:
        row: dict[str, Any] = {}
        result["sizes"][str(size)] = row
        try:
            reached[size] = guarded(lambda size=size: stack_position(config, size, script), limit)
        except TooCostly as why:
            row["skipped"] = f"the position could not be reached: exceeded the {why}"
            break
        # the first time this position is made and its actions listed, before any cache
        # of the engine has seen it
        first = "first_reach_and_list"
        if first in stopped:
            row[first] = {"skipped": stopped[first]}
            continue
        parent, action = reached[size]
        try:
            took = guarded(lambda p=parent, a=action: _first_time(p, a), limit)
            row[first] = {"median_us": took, "values": 1}
            if took > slow * 1e6:
                stopped[first] = f"it took {took / 1e6:.2f} s at a stack of {size}"
        except TooCostly as why:
            row[first] = {"skipped": f"exceeded the {why}"}
            stopped[first] = f"exceeded the {why} at a stack of {size}"
            gc.collect()
    for call in STACK_CALLS:
        # one probe per size, smallest first; then batches of every size that is cheap
        # enough, in alternation, so that a change in the machine's load hits them all
        timed: dict[int, tuple[Any, Any, int]] = {}
        for size, (parent, action) in reached.items():
            row = result["sizes"][str(size)]
            if call in stopped:
                row[call] = {"skipped": stopped[call]}
                continue
            fresh, run = _stack_call(call, parent, action, measured)
            try:
                probe = guarded(lambda fresh=fresh, run=run: per_call(fresh, run, 1, 1)[0], limit)
            except TooCostly as why:
                row[call] = {"skipped": f"one call exceeded the {why}"}
                stopped[call] = f"exceeded the {why} at a stack of {size}"
                gc.collect()
                continue
            row[call] = {"median_us": probe, "values": 1}
            if probe > slow * 1e6:
                stopped[call] = f"one call took {probe / 1e6:.2f} s at a stack of {size}"
                continue
            calls = batch if probe * batch * repeats <= slow * 1e7 else 1
            timed[size] = (fresh, run, calls)
        values: dict[int, list[float]] = {size: [] for size in timed}
        with contextlib.suppress(TooCostly):  # the sizes keep what they have, or the probe
            guarded(
                lambda timed=timed, values=values: _alternate(timed, values, repeats),
                limit * max(1, len(timed)),
            )
        for size, found in values.items():
            if found:
                result["sizes"][str(size)][call] = summary(found)
    return result


def _alternate(
    timed: dict[int, tuple[Any, Any, int]], values: dict[int, list[float]], repeats: int
) -> None:
    """``repeats`` rounds of one batch of each size of ``timed``, filling ``values``."""
    for _ in range(repeats):
        for size, (fresh, run, calls) in timed.items():
            values[size] += per_call(fresh, run, calls, 1)


def _first_time(parent: Any, action: Any) -> float:
    """Microseconds to make the position and list its legal actions, once."""
    start = time.perf_counter_ns()
    parent.apply(action).legal_actions()
    return (time.perf_counter_ns() - start) / 1000


def _stack_call(
    call: str, parent: Any, action: Any, measured: Any
) -> tuple[Callable[[], Any], Callable[[list[Any]], None]]:
    """``(fresh, run)`` for :func:`per_call`."""
    if call == "reach":

        def fresh() -> Any:
            return parent

        def run(items: list[Any]) -> None:
            for state in items:
                state.apply(action)

        return fresh, run
    if call == "apply":
        known: list[Any] = []

        def fresh() -> Any:
            if not known:
                known.append(parent.apply(action))
                known[0].is_legal(measured)  # the legal set becomes known, as in a playout
            return known[0]

        def run(items: list[Any]) -> None:
            for state in items:
                state.apply(measured)

        return fresh, run

    def fresh() -> Any:
        return parent.apply(action)

    if call == "legal_actions":

        def run(items: list[Any]) -> None:
            for state in items:
                state.legal_actions()
    else:

        def run(items: list[Any]) -> None:
            for state in items:
                state.is_legal(measured)

    return fresh, run


# ----------------------------------------------------------------------------- memory


def mid_deal_pairs(game: str, seed: int) -> list[tuple[Any, Any]]:
    """``(parent, action)`` for every decision of one random 12-deal session whose
    result is still inside the deal (not a chance node, not the end); each parent's
    legal actions are already computed, as in a playout."""
    state = cardrules_new_game(game, deals=12)
    rng = random.Random(seed)
    pairs = []
    while not state.is_terminal:
        if state.to_act is CHANCE:
            state = state.apply(sample_chance(state, rng))
            continue
        legal = state.legal_actions()
        action = legal[rng.randrange(len(legal))]
        child = state.apply(action)
        if not child.is_terminal and child.to_act is not CHANCE:
            pairs.append((state, action))
        state = child
    return pairs


def owned_bytes(pairs: list[tuple[Any, Any]]) -> dict[str, float]:
    """The memory a state owns beyond what it shares with its parent, averaged over
    ``pairs``: with :mod:`tracemalloc`, the bytes still allocated after
    ``parent.apply(action)`` while the children are kept and the parents stay alive
    (so whatever a child shares with its parent, or with tables built earlier, is not
    counted, and temporary garbage is), then after each child's ``legal_actions()``.
    The cyclic garbage collector is paused during the count."""
    children: list[Any] = [None] * len(pairs)
    gc.collect()
    gc.disable()
    tracemalloc.start()
    try:
        before = tracemalloc.get_traced_memory()[0]
        for index, (parent, action) in enumerate(pairs):
            children[index] = parent.apply(action)
        after_apply = tracemalloc.get_traced_memory()[0]
        for child in children:
            child.legal_actions()
        after_legal = tracemalloc.get_traced_memory()[0]
    finally:
        tracemalloc.stop()
        gc.enable()
    count = len(pairs)
    return {
        "states": count,
        "bytes_after_apply": (after_apply - before) / count,
        "bytes_after_legal_actions": (after_legal - before) / count,
    }


_NOT_OWNED = (
    type,
    types.ModuleType,
    types.FunctionType,
    types.BuiltinFunctionType,
    types.MethodType,
    types.CodeType,
)
"""Objects the walk of :func:`walked_bytes` never counts nor enters: classes, modules
and functions belong to the program, not to a state."""


def _reachable(root: object, known: dict[int, object] | None = None) -> dict[int, object]:
    """Every object reachable from ``root`` through :func:`gc.get_referents` that is not
    in ``known``, by id (classes, modules and functions excluded)."""
    seen: dict[int, object] = {}
    stack = [root]
    while stack:
        item = stack.pop()
        key = id(item)
        if key in seen or (known is not None and key in known):
            continue
        if isinstance(item, _NOT_OWNED):
            continue
        seen[key] = item
        stack.extend(gc.get_referents(item))
    return seen


def walked_bytes(pairs: list[tuple[Any, Any]]) -> dict[str, float]:
    """The same question answered by a walk, averaged over ``pairs``: the
    :func:`sys.getsizeof` of every object reachable from ``parent.apply(action)`` and
    not from ``parent``, right after ``apply`` and after ``legal_actions()``. This counts
    objects the engine shares between states through its tables of interned values when
    only the child reaches them (an interned action, a cached legal tuple), so it is an
    upper bound where :func:`owned_bytes` counts only new memory."""
    after_apply = after_legal = 0
    for parent, action in pairs:
        known = _reachable(parent)
        child = parent.apply(action)
        after_apply += sum(map(sys.getsizeof, _reachable(child, known).values()))
        child.legal_actions()
        after_legal += sum(map(sys.getsizeof, _reachable(child, known).values()))
    count = len(pairs)
    return {
        "walk_bytes_after_apply": after_apply / count,
        "walk_bytes_after_legal_actions": after_legal / count,
    }


def memory(game: str, sessions: int, seed: int) -> dict[str, Any]:
    """:func:`owned_bytes` and :func:`walked_bytes` over the mid-deal states of
    ``sessions`` random sessions."""
    # a first pass over other sessions fills the engine's tables of interned values
    owned_bytes(mid_deal_pairs(game, -seed - 1))
    pairs = [pair for n in range(sessions) for pair in mid_deal_pairs(game, seed + n)]
    result = owned_bytes(pairs)
    result.update(walked_bytes(pairs))
    result.update({"engine": "cardrules", "game": game, "sessions": sessions})
    return result


# ------------------------------------------------------------------------------- main


def main(argv: list[str] | None = None) -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0] if __doc__ else "")
    sub = parser.add_subparsers(dest="what", required=True)
    one = sub.add_parser("loop")
    one.add_argument("--game", choices=GAMES, required=True)
    one.add_argument("--views", action=argparse.BooleanOptionalAction, default=True)
    one.add_argument("--seconds", type=float, default=1.0)
    one.add_argument("--deals", type=int, default=10**9, help="stop after this many deals")
    one.add_argument("--seed", type=int, default=1)
    one.add_argument(
        "--episodes", action="store_true", help="one deal per new_game, new_game timed too"
    )
    view = sub.add_parser("views")
    view.add_argument("--game", choices=GAMES, required=True)
    view.add_argument("--late-deal", type=int, default=200)
    view.add_argument("--repeats", type=int, default=40)
    view.add_argument("--batch", type=int, default=50)
    view.add_argument("--seed", type=int, default=1)
    stack = sub.add_parser("stacks")
    stack.add_argument("--config", choices=STACK_CONFIGS, required=True)
    stack.add_argument("--sizes", type=int, nargs="+", default=[100, 10**4, 10**6, 10**9])
    stack.add_argument("--repeats", type=int, default=20)
    stack.add_argument("--batch", type=int, default=20)
    stack.add_argument("--seed", type=int, default=1)
    stack.add_argument("--limit", type=float, default=5, help="seconds before a call is given up")
    stack.add_argument("--slow", type=float, default=0.05, help="seconds: a call that grows")
    stack.add_argument("--memory-cap", type=float, default=2.0, help="GiB")
    mem = sub.add_parser("memory")
    mem.add_argument("--game", choices=GAMES, required=True)
    mem.add_argument("--sessions", type=int, default=20)
    mem.add_argument("--seed", type=int, default=1)
    counted = sub.add_parser("count")
    counted.add_argument("--game", choices=GAMES, required=True)
    counted.add_argument("--views", action=argparse.BooleanOptionalAction, default=True)
    counted.add_argument("--warmup", type=int, default=10, help="sessions before the window")
    counted.add_argument("--sessions", type=int, default=20, help="sessions in the window")
    counted.add_argument("--seed", type=int, default=1)
    counted.add_argument("--tally", action=argparse.BooleanOptionalAction, default=True)
    floor = sub.add_parser("count-floor")
    floor.add_argument("--path", required=True, help="the baseline script (floor.py)")
    floor.add_argument("--game", choices=("bouillotte", "bourre"), required=True)
    floor.add_argument("--warmup", type=int, default=2000, help="deals before the window")
    floor.add_argument("--deals", type=int, default=4000, help="deals in the window")
    floor.add_argument("--seed", type=int, default=1)
    args = parser.parse_args(argv)
    if args.what == "count":
        out = count(args.game, args.views, args.warmup, args.sessions, args.seed, args.tally)
    elif args.what == "count-floor":
        out = count_floor(args.path, args.game, args.warmup, args.deals, args.seed)
    elif args.what == "loop":
        out = loop(args.game, args.views, args.seconds, args.seed, args.deals, args.episodes)
    elif args.what == "views":
        out = views(args.game, args.late_deal, args.repeats, args.batch, args.seed)
    elif args.what == "stacks":
        cap_memory(args.memory_cap)
        out = stacks(
            args.config,
            sorted(args.sizes),
            args.repeats,
            args.batch,
            args.seed,
            args.limit,
            args.slow,
        )
    else:
        out = memory(args.game, args.sessions, args.seed)
    out["python"] = sys.version.split()[0]
    print(json.dumps(out))


if __name__ == "__main__":
    main()
