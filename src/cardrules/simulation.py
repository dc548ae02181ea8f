"""Simulation: many seeded sessions between policies, on one core or a cluster.

:func:`simulate` plays ``sessions`` sessions of a game, each from seeds derived from
``seed`` and the session's number alone, in chunks mapped over any
:class:`concurrent.futures.Executor` (a process pool, or a Dask ``distributed``
client's ``get_executor()``). Results are summed exactly (fractions and counts) in
session order, so the :class:`Simulation` is the same for every executor and every
number of workers.

With ``rotate=True`` each deal sequence (the chance seed) is played once per seat,
the policies rotated round the table: duplicate deals, which take the luck of the
cards out of the comparison.

>>> from cardrules.bots import HeuristicBot, RandomBot
>>> result = simulate("bourre", [HeuristicBot("bourre")] + [RandomBot()] * 3,
...                   sessions=8, seed=1, rotate=True)
>>> result.sessions, len(result.mean), sum(result.mean)
(8, 4, Fraction(0, 1))
"""

from __future__ import annotations

import json
import math
import random
from collections.abc import Callable, Iterable, Iterator, Mapping, Sequence
from concurrent.futures import Executor
from fractions import Fraction
from math import comb
from types import ModuleType
from typing import Any

import attrs

from cardrules.chance import CHANCE, sample_chance
from cardrules.errors import CardRulesError, IllegalActionError, shorten
from cardrules.events import DealStarted
from cardrules.records import dumps
from cardrules.registry import describe, get_game

__all__ = [
    "Frequency",
    "Simulation",
    "brelan_odds",
    "chunk_size_for",
    "mean_ci95",
    "simulate",
]

_Z95 = 1.959963984540054


def brelan_odds(ranks: int, retournes: int = 1) -> dict[str, Fraction]:
    """Exact chances for one 3-card hand dealt from a deck of ``ranks`` ranks of four
    suits, with one retourné turned from the rest.

    - ``brelan``: three of a rank in hand;
    - ``carre``: three of a rank in hand and the retourné of that rank;
    - ``simple``: three of a rank in hand, the retourné of another rank;
    - ``favori``: exactly two of a rank in hand and the retourné of that rank;
    - ``favori_or_brelan``: either (the modern texts' "brelan" read widely).

    :param ranks: ranks in the deck (4 for 3 players, 5 for 4, 6 for 5).
    :param retournes: must be 1 (the double retourné is not covered).
    :returns: the chances as exact fractions.
    :raises ValueError: for other decks.

    >>> odds = brelan_odds(5)  # 20 cards, four players
    >>> odds["brelan"], odds["carre"], round(float(odds["favori_or_brelan"]), 4)
    (Fraction(1, 57), Fraction(1, 969), 0.0671)
    """
    if type(ranks) is not int or ranks < 3 or retournes != 1:
        raise ValueError("brelan_odds covers decks of 3 or more ranks and one retourné")
    cards = 4 * ranks
    hands = comb(cards, 3)
    rest = cards - 3
    brelan = Fraction(ranks * comb(4, 3), hands)
    pair = Fraction(ranks * comb(4, 2) * (cards - 4), hands)
    carre = brelan * Fraction(1, rest)
    favori = pair * Fraction(2, rest)
    return {
        "brelan": brelan,
        "carre": carre,
        "simple": brelan - carre,
        "favori": favori,
        "favori_or_brelan": brelan + favori,
    }


def mean_ci95(samples: Sequence[Fraction]) -> tuple[Fraction, tuple[float, float]]:
    """The exact mean of ``samples`` and its 95% confidence interval (normal
    approximation, ``1.96`` standard errors each side; just the mean with fewer than
    two samples).

    :param samples: the values.
    :returns: ``(mean, (low, high))``.

    >>> mean_ci95([Fraction(1), Fraction(3)])
    (Fraction(2, 1), (0.0400360154599..., 3.959963984540054))
    """
    count = len(samples)
    if count == 0:
        return Fraction(0), (0.0, 0.0)
    total = sum(samples, Fraction(0))
    mean = total / count
    if count < 2:
        return mean, (float(mean), float(mean))
    squares = sum(((value - mean) ** 2 for value in samples), Fraction(0))
    half = _Z95 * math.sqrt(float(squares / (count - 1)) / count)
    return mean, (float(mean) - half, float(mean) + half)


@attrs.frozen(slots=True)
class Frequency:
    """How often something happened: ``count`` times out of ``out_of`` ``unit``\\ s
    (``what`` says what was counted: hands, or deals in which something happened),
    next to its exact chance when one is known. A rate never exceeds 1.

    >>> Frequency(3, 57, "hand", Fraction(1, 57)).rate
    Fraction(1, 19)
    """

    count: int
    """How many times it happened."""
    out_of: int
    """Out of how many chances (hands dealt, deals)."""
    unit: str
    """What ``out_of`` counts: ``"hand"`` or ``"deal"``."""
    exact: Fraction | None = None
    """The exact chance, when known."""
    what: str = ""
    """What ``count`` counts, in words (``"deals with a restock"``)."""

    @property
    def rate(self) -> Fraction:
        """``count / out_of`` (0 when nothing was counted)."""
        return Fraction(self.count, self.out_of) if self.out_of else Fraction(0)

    def as_dict(self) -> dict[str, Any]:
        """The frequency as JSON data.

        >>> Frequency(1, 4, "deal").as_dict()["rate"]
        0.25
        """
        return {
            "count": self.count,
            "out_of": self.out_of,
            "unit": self.unit,
            "rate": float(self.rate),
            "exact": None if self.exact is None else str(self.exact),
            "exact_float": None if self.exact is None else float(self.exact),
            "counts": self.what,
        }


@attrs.frozen(slots=True)
class Simulation:
    """The result of :func:`simulate`.

    ``mean`` and ``ci95`` are per policy: ``policies[i]`` sits at seat ``i``, or, with
    ``rotate``, at every seat in turn. Results are chips per session (``returns()``).
    """

    game: str
    """The game's ``GAME_ID``."""
    rules: Any
    """The rules played."""
    policies: tuple[str, ...]
    """Each policy's ``repr``."""
    sessions: int
    """Sessions played."""
    seed: int | str
    """The seed every session's seeds come from."""
    rotate: bool
    """Whether deals were duplicated with the policies rotated round the table."""
    mean: tuple[Fraction, ...]
    """Each policy's mean result per session, exact."""
    ci95: tuple[tuple[float, float], ...]
    """Each policy's 95% confidence interval of the mean."""
    frequencies: Mapping[str, Frequency] = attrs.field(eq=False)
    """The game's event frequencies (brelans, carrés, bourrés, carried pots, …)."""
    deals: int
    """Deals played in all."""
    records: tuple[str, ...] = attrs.field(default=(), repr=False)
    """The game record of every session (``records=True``), in session order."""

    def as_dict(self) -> dict[str, Any]:
        """The result as JSON data (what :meth:`to_json` writes).

        >>> from cardrules.bots import RandomBot
        >>> simulate("modern", [RandomBot()] * 4, sessions=2, seed=0).as_dict()["game"]
        'bouillotte-modern'
        """
        return {
            "game": self.game,
            "rules": attrs.asdict(self.rules),
            "policies": list(self.policies),
            "sessions": self.sessions,
            "seed": self.seed,
            "rotate": self.rotate,
            "deals": self.deals,
            "mean": [str(value) for value in self.mean],
            "mean_float": [float(value) for value in self.mean],
            "ci95": [list(interval) for interval in self.ci95],
            "frequencies": {name: f.as_dict() for name, f in self.frequencies.items()},
        }

    def __str__(self) -> str:
        """The result in plain numbers: each policy's mean with its interval, then the
        frequencies (``mean`` itself stays exact, a :class:`~fractions.Fraction`).

        >>> from cardrules import simulate
        >>> from cardrules.bots import RandomBot
        >>> print(simulate("bourre", [RandomBot()] * 4, sessions=4, seed=1))  # doctest: +ELLIPSIS
        bourre: 4 sessions, 4 deals, seed 1
          policy 0: mean ... [..., ...]
        ...
          restock: ... of 4 deals (deals with a restock) = ...
        """
        lines = [f"{self.game}: {self.sessions} sessions, {self.deals} deals, seed {self.seed}"]
        for index, (mean, (low, high)) in enumerate(zip(self.mean, self.ci95, strict=True)):
            lines.append(f"  policy {index}: mean {float(mean):+.3f} [{low:+.3f}, {high:+.3f}]")
        for name, frequency in self.frequencies.items():
            counted = f" ({frequency.what})" if frequency.what else ""
            lines.append(
                f"  {name}: {frequency.count} of {frequency.out_of} {frequency.unit}s"
                f"{counted} = {float(frequency.rate):.4f}"
            )
        return "\n".join(lines)

    def to_json(self) -> str:
        """The result as JSON text (what ``cardrules simulate --json`` prints).

        >>> from cardrules.bots import RandomBot
        >>> text = simulate("bourre", [RandomBot()] * 4, sessions=2, seed=0).to_json()
        >>> json.loads(text)["sessions"]
        2
        """
        return json.dumps(self.as_dict(), indent=2, ensure_ascii=False)


def _game_module(game: ModuleType | str) -> Any:
    if isinstance(game, str):
        return describe(game).game
    if not isinstance(getattr(game, "GAME_ID", None), str) or not all(
        callable(getattr(game, name, None)) for name in ("Rules", "new_game")
    ):
        raise CardRulesError(
            "simulate needs a GAME_ID or a game module (with GAME_ID, Rules and new_game), "
            f"not {shorten(game, repr)}"
        )
    return game


@attrs.frozen(slots=True)
class _Task:
    game: str
    rules: Any
    policies: tuple[Any, ...]
    seed: int | str
    rotate: bool
    units: tuple[int, ...]
    records: bool


@attrs.frozen(slots=True)
class _Batch:
    """What a worker sends back for one task: the numbers it played, their sums (so
    that the main process adds one value per task, not one per session) and the
    records, in order."""

    units: tuple[int, ...]
    count: int
    totals: tuple[Fraction, ...]
    squares: tuple[Fraction, ...]
    counts: tuple[tuple[str, int], ...]
    records: tuple[str, ...]


def _nothing(state: Any, counts: dict[str, int]) -> None:
    """Count nothing at a deal's first shuffle (a game whose tally has no ``dealt``,
    or a rotation whose deals were counted already)."""
    return None


def _play_session(
    state: Any,
    policies: Sequence[Any],
    rng: random.Random,
    chance_rng: random.Random,
    counts: dict[str, int],
    count: Callable[[Any, dict[str, int]], None],
    where: str = "a session",
) -> Any:
    dealt: set[int] = set()
    while not state.is_terminal:
        actor = state.to_act
        if actor is CHANCE:
            state = state.apply(sample_chance(state, chance_rng))
            deal = state.deal_number
            if deal not in dealt:
                dealt.add(deal)
                count(state, counts)
        else:
            state = _decide(state, actor, policies[actor], rng, where)
    counts["deals"] = counts.get("deals", 0) + len(dealt)
    return state


def _decide(state: Any, seat: int, policy: Any, rng: random.Random, where: str) -> Any:
    """``state`` after ``policy``'s choice for ``seat``; an error names the session
    and the seat."""
    try:
        action = policy(state.view(seat), rng)
    except Exception as error:
        raise CardRulesError(
            f"{where}, seat {seat}: the policy {_name(policy)} raised "
            f"{type(error).__name__}: {shorten(error)}"
        ) from error
    try:
        return state.apply(action)
    except IllegalActionError as error:
        raise IllegalActionError(
            f"{where}, seat {seat}: the policy {_name(policy)} chose an illegal action: {error}",
            rule=error.rule,
            seat=error.seat,
            action=error.action,
        ) from None


def _name(policy: Any) -> str:
    name = getattr(policy, "__name__", None)
    return name if isinstance(name, str) else shorten(policy, repr, 60)


def _run(task: _Task) -> _Batch:
    """Play the sessions of one chunk (in a worker) and sum their results."""
    game = get_game(task.game)
    players = len(task.policies)
    tally = describe(task.game).tally
    count = tally.dealt or _nothing
    names = tally.events
    sums = _Sums(players)
    records = []
    for unit in task.units:
        rotations = range(players) if task.rotate else range(1)
        totals = [Fraction(0)] * players
        counts = sums.counts
        for turn in rotations:
            # policy i sits at seat (i + turn) % players
            seated = [task.policies[(seat - turn) % players] for seat in range(players)]
            chance_rng = random.Random(f"cardrules-simulate:{task.seed}:chance:{unit}")
            rng = random.Random(f"cardrules-simulate:{task.seed}:policies:{unit}:{turn}")
            final = _play_session(
                game.new_game(task.rules),
                seated,
                rng,
                chance_rng,
                counts,
                count if turn == 0 else _nothing,  # the same deals: count their hands once
                f"deal group {unit}, rotation {turn}" if task.rotate else f"session {unit}",
            )
            results = final.returns()
            for policy in range(players):
                totals[policy] += results[(policy + turn) % players]
            seen: set[tuple[int, str]] = set()  # (deal, name): a deal counts once
            deal = 0
            for event in final.events:
                if event.__class__ is DealStarted:
                    deal = event.deal_number
                name = names.get(type(event).__name__)
                if name is not None and (deal, name) not in seen:
                    seen.add((deal, name))
                    counts[name] = counts.get(name, 0) + 1
            if task.records:
                records.append(dumps(final))
        sums.add(tuple(total / len(rotations) for total in totals))
    return _Batch(
        units=task.units,
        count=sums.count,
        totals=tuple(sums.totals),
        squares=tuple(sums.squares),
        counts=tuple(sorted(sums.counts.items())),
        records=tuple(records),
    )


def simulate(
    game: ModuleType | str,
    policies: Sequence[Callable[[Any, random.Random], Any]],
    *,
    sessions: int,
    seed: int | str,
    rules: Any = None,
    executor: Executor | None = None,
    rotate: bool = False,
    chunk_size: int | None = None,
    records: bool = False,
    progress: Callable[[int, int], None] | None = None,
    on_record: Callable[[str], None] | None = None,
) -> Simulation:
    """Play ``sessions`` seeded sessions of ``game`` between ``policies``.

    Session ``i`` draws its chance from a ``random.Random`` seeded by ``seed`` and
    ``i`` alone, and its policies' choices from another, so the result depends on
    nothing else: not on the executor, the number of workers or ``chunk_size``.

    :param game: a ``GAME_ID`` (or ``"modern"``, ``"historic"``) or a game module.
    :param policies: one per seat, ``(view, rng) -> action``; with a process pool or a
        cluster they must pickle (the bots of :mod:`cardrules.bots` do).
    :param sessions: how many sessions; with ``rotate``, a multiple of the seats.
    :param seed: the seed (an int or a str).
    :param rules: the game's ``Rules`` (default ``Rules()``).
    :param executor: where to play the chunks (``None``: here, one after another).
    :param rotate: duplicate deals: play each chance seed once per seat, the policies
        rotated round the table; the confidence intervals then come from the means of
        those groups.
    :param chunk_size: sessions (or groups) per task handed to the executor
        (``None``: :func:`chunk_size_for` the number of sessions or groups, large
        enough that handing a task over costs little beside playing it).
    :param records: keep every session's game record in :attr:`Simulation.records`.
    :param progress: called with ``(sessions done, sessions)`` as chunks finish.
    :param on_record: with ``records``, called with each session's record in session
        order as it comes, instead of keeping them in :attr:`Simulation.records` (so
        that they can be written out as they come).
    :returns: the :class:`Simulation`.
    :raises ValueError: for a bad argument (the message names it and what is allowed).

    >>> from cardrules.bots import HeuristicBot, RandomBot
    >>> result = simulate("bouillotte-modern", [HeuristicBot("modern"), RandomBot(),
    ...                   RandomBot(), RandomBot()], sessions=20, seed=3)
    >>> result.mean[0] > 0, result.frequencies["brelan"].unit
    (True, 'hand')
    """
    module = _game_module(game)
    if rules is None:
        rules = module.Rules()
    if not isinstance(rules, module.Rules):
        raise CardRulesError(f"rules must be a {module.GAME_ID} Rules, not {shorten(rules, repr)}")
    players = len(module.new_game(rules).stacks)
    if type(sessions) is not int or sessions < 1:
        raise CardRulesError(f"sessions must be an int >= 1, not {shorten(sessions, repr)}")
    if not isinstance(seed, int | str) or isinstance(seed, bool):
        raise CardRulesError(f"seed must be an int or a str, not {shorten(seed, repr)}")
    if (isinstance(seed, int) and seed.bit_length() > _MOST_SEED_BITS) or (
        isinstance(seed, str) and len(seed) > _MOST_SEED_CHARS
    ):
        raise CardRulesError(
            f"seed must be an int of at most {_MOST_SEED_BITS} bits or a str of at most "
            f"{_MOST_SEED_CHARS} characters, not {shorten(seed, repr)}"
        )
    if not isinstance(policies, list | tuple):
        raise CardRulesError(
            f"policies must be a list or tuple of {players} policies (one per seat), not "
            f"{shorten(policies, repr)}"
        )
    if len(policies) != players or not all(callable(p) for p in policies):
        raise CardRulesError(
            f"simulate needs {players} policies (one per seat) for these rules, got "
            f"{len(policies)}" + ("" if len(policies) != players else ", not all callable")
        )
    if rotate and sessions % players:
        raise CardRulesError(
            f"with rotate=True, sessions must be a multiple of the {players} seats, not {sessions}"
        )
    if chunk_size is not None and (type(chunk_size) is not int or chunk_size < 1):
        raise CardRulesError(
            f"chunk_size must be None or an int >= 1, not {shorten(chunk_size, repr)}"
        )
    if on_record is not None and not callable(on_record):
        raise CardRulesError(f"on_record must be callable, not {shorten(on_record, repr)}")
    if executor is not None and not callable(getattr(executor, "map", None)):
        raise CardRulesError(
            "executor must be a concurrent.futures.Executor (anything with a map method), "
            f"not {shorten(executor, repr)}"
        )
    mapper: Callable[..., Iterable[_Batch]] = map if executor is None else executor.map
    units = sessions // players if rotate else sessions
    if chunk_size is None:
        chunk_size = chunk_size_for(units)
    per_unit = players if rotate else 1
    sums = _Sums(players)
    kept: list[str] = []
    done = 0
    for task, batch in _results(
        mapper, module.GAME_ID, rules, policies, seed, rotate, records, units, chunk_size
    ):
        numbers = batch.units if isinstance(batch, _Batch) else None
        if numbers != task.units:
            missing = sorted(set(task.units) - set(numbers or ()))
            raise CardRulesError(
                f"the executor {shorten(executor, repr, 60)} did not return every session: "
                f"{_numbers(missing or task.units, rotate)} of sessions "
                f"{task.units[0]}-{task.units[-1]} came back wrong or not at all"
            )
        sums.merge(batch)
        if on_record is None:
            kept.extend(batch.records)
        else:
            for record in batch.records:
                on_record(record)
        done += len(batch.units) * per_unit
        if progress is not None:
            progress(done, sessions)
    means, intervals = sums.means()
    return Simulation(
        game=module.GAME_ID,
        rules=rules,
        policies=tuple(repr(p) if not hasattr(p, "__name__") else p.__name__ for p in policies),
        sessions=sessions,
        seed=seed,
        rotate=rotate,
        mean=means,
        ci95=intervals,
        frequencies=_frequencies(module.GAME_ID, rules, sums.counts),
        deals=sums.counts.get("deals", 0),
        records=tuple(kept),
    )


_MOST_CHUNK = 64
"""The largest default chunk: 64 sessions make a task long enough that the transfer
costs little (measured: 20,000 modern sessions on two workers, the main process
busy 0.42 s in chunks of 16, 0.13 s in chunks of 64), while a run still makes
hundreds of tasks to balance over the workers and to report progress by."""


def chunk_size_for(units: int) -> int:
    """The chunk size :func:`simulate` uses by default for ``units`` sessions (or
    groups of rotated sessions): a 64th of them, from 1 to 64.

    >>> chunk_size_for(20), chunk_size_for(1_000), chunk_size_for(20_000)
    (1, 15, 64)
    """
    return max(1, min(_MOST_CHUNK, units // 64))


_MOST_SEED_BITS = 10_000
"""The longest int seed (about 3,000 digits: its text seeds every session)."""
_MOST_SEED_CHARS = 10_000
"""The longest str seed."""
_WINDOW = 32
"""Tasks handed to the executor at a time (two windows in flight): memory does not
grow with ``sessions``."""


def _results(
    mapper: Callable[..., Iterable[_Batch]],
    game_id: str,
    rules: Any,
    policies: Sequence[Any],
    seed: int | str,
    rotate: bool,
    records: bool,
    units: int,
    chunk_size: int,
) -> Iterator[tuple[_Task, Any]]:
    """Each task and what the executor returned for it, in order, the tasks made and
    mapped a window at a time (the next window is mapped before the current one is
    read, so that an executor's workers are never idle between windows)."""
    frozen = tuple(policies)
    window = chunk_size * _WINDOW

    def tasks(start: int) -> list[_Task]:
        stop = min(start + window, units)
        return [
            _Task(
                game_id,
                rules,
                frozen,
                seed,
                rotate,
                tuple(range(first, min(first + chunk_size, stop))),
                records,
            )
            for first in range(start, stop, chunk_size)
        ]

    current = tasks(0)
    results = iter(mapper(_run, current))
    start = 0
    while current:
        start += window
        following = tasks(start) if start < units else []
        upcoming = iter(mapper(_run, following)) if following else iter(())
        for task in current:
            yield task, next(results, None)
        extra = next(results, None)
        if extra is not None:
            raise CardRulesError(
                f"the executor returned more results than the {len(current)} tasks it was given"
            )
        current, results = following, upcoming


def _numbers(numbers: Sequence[int], rotate: bool) -> str:
    named = ", ".join(str(number) for number in numbers[:10])
    more = f" and {len(numbers) - 10} more" if len(numbers) > 10 else ""
    return f"{'deal group' if rotate else 'session'}(s) {named}{more}"


class _Sums:
    """Each policy's sum and sum of squares of results, and the event counts, added
    a unit at a time in a worker and a batch at a time in the main process (exactly:
    the mean and interval are those of the whole list)."""

    def __init__(self, players: int) -> None:
        self.count = 0
        self.totals = [Fraction(0)] * players
        self.squares = [Fraction(0)] * players
        self.counts: dict[str, int] = {}

    def add(self, results: tuple[Fraction, ...]) -> None:
        self.count += 1
        for policy, value in enumerate(results):
            self.totals[policy] += value
            self.squares[policy] += value * value

    def merge(self, batch: _Batch) -> None:
        self.count += batch.count
        for policy, (total, squares) in enumerate(zip(batch.totals, batch.squares, strict=True)):
            self.totals[policy] += total
            self.squares[policy] += squares
        for name, number in batch.counts:
            self.counts[name] = self.counts.get(name, 0) + number

    def means(self) -> tuple[tuple[Fraction, ...], tuple[tuple[float, float], ...]]:
        means = []
        intervals = []
        count = self.count
        for total, squares in zip(self.totals, self.squares, strict=True):
            mean = total / count
            means.append(mean)
            if count < 2:
                intervals.append((float(mean), float(mean)))
                continue
            spread = squares - count * mean * mean  # the sum of (value - mean) ** 2
            half = _Z95 * math.sqrt(float(spread / (count - 1)) / count)
            intervals.append((float(mean) - half, float(mean) + half))
        return tuple(means), tuple(intervals)


def _frequencies(game_id: str, rules: Any, counts: dict[str, int]) -> dict[str, Frequency]:
    """The game's frequencies (its descriptor's :class:`~cardrules.descriptor.Tally`):
    per hand dealt, then per deal."""
    tally = describe(game_id).tally
    found: dict[str, Frequency] = {}
    per_hand = tally.per_hand
    odds = tally.odds(rules) if per_hand else {}
    for name in per_hand:
        found[name] = Frequency(
            counts.get(name, 0), counts.get("hands", 0), "hand", odds.get(name), tally.words[name]
        )
    deals = counts.get("deals", 0)
    for name in sorted(set(tally.events.values())):
        found[name] = Frequency(counts.get(name, 0), deals, "deal", None, tally.words[name])
    return found
