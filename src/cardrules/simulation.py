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
from cardrules.errors import CardRulesError
from cardrules.records import dumps
from cardrules.registry import get_game

__all__ = [
    "Frequency",
    "Simulation",
    "brelan_odds",
    "mean_ci95",
    "simulate",
]

_ALIASES = {"modern": "bouillotte-modern", "historic": "bouillotte-historic"}
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
    """How often something happened: ``count`` times out of ``out_of`` ``unit``\\ s,
    next to its exact chance when one is known.

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
        return get_game(_ALIASES.get(game, game))
    if not isinstance(getattr(game, "GAME_ID", None), str):
        raise CardRulesError(f"simulate needs a GAME_ID or a game module, not {game!r}")
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
class _Unit:
    results: tuple[Fraction, ...]
    counts: tuple[tuple[str, int], ...]
    records: tuple[str, ...]


def _counter(game_id: str) -> Callable[[Any, dict[str, int]], None]:
    """What to count at each deal's first shuffle (the hands dealt)."""

    def brelans(state: Any, counts: dict[str, int]) -> None:
        up = getattr(state, "retournes", None) or (state.retourne,)
        for hand in state.hands:
            if len(hand) != 3:
                continue
            counts["hands"] = counts.get("hands", 0) + 1
            ranks = sorted(card.rank for card in hand)
            if ranks[0] == ranks[2]:
                counts["brelan"] = counts.get("brelan", 0) + 1
                if len(up) == 1 and up[0].rank == ranks[0]:
                    counts["carre"] = counts.get("carre", 0) + 1
            elif len(up) == 1 and (
                ranks[0] == ranks[1] == up[0].rank or ranks[1] == ranks[2] == up[0].rank
            ):
                counts["favori"] = counts.get("favori", 0) + 1

    def nothing(state: Any, counts: dict[str, int]) -> None:
        return None

    return nothing if game_id == "bourre" else brelans


_EVENTS = {
    "bouillotte-modern": {"Announced": "announced", "PotCarried": "carried_pot"},
    "bouillotte-historic": {
        "CarreStaked": "carre_staked",
        "PotCarried": "carried_pot",
        "CollectivePoint": "collective_point",
        "PotToCarreur": "pot_to_carreur",
    },
    "bourre": {"Bourre": "bourre", "PotCarried": "carried_pot", "Restocked": "restock"},
}


def _skip(state: Any, counts: dict[str, int]) -> None:
    return None


def _play_session(
    state: Any,
    policies: Sequence[Any],
    rng: random.Random,
    chance_rng: random.Random,
    counts: dict[str, int],
    count: Callable[[Any, dict[str, int]], None],
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
            state = state.apply(policies[actor](state.view(actor), rng))
    counts["deals"] = counts.get("deals", 0) + len(dealt)
    if count is not _skip:
        counts["dealt"] = counts.get("dealt", 0) + len(dealt)
    return state


def _run(task: _Task) -> list[_Unit]:
    """Play the sessions of one chunk (in a worker)."""
    game = get_game(task.game)
    players = len(task.policies)
    count = _counter(task.game)
    names = _EVENTS.get(task.game, {})
    units = []
    for unit in task.units:
        rotations = range(players) if task.rotate else range(1)
        totals = [Fraction(0)] * players
        counts: dict[str, int] = {}
        records = []
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
                count if turn == 0 else _skip,  # the same deals: count their hands once
            )
            results = final.returns()
            for policy in range(players):
                totals[policy] += results[(policy + turn) % players]
            for event in final.events:
                name = names.get(type(event).__name__)
                if name is not None:
                    counts[name] = counts.get(name, 0) + 1
            if task.records:
                records.append(dumps(final))
        units.append(
            _Unit(
                results=tuple(total / len(rotations) for total in totals),
                counts=tuple(sorted(counts.items())),
                records=tuple(records),
            )
        )
    return units


def _chunks(items: Sequence[int], size: int) -> Iterator[tuple[int, ...]]:
    for start in range(0, len(items), size):
        yield tuple(items[start : start + size])


def simulate(
    game: ModuleType | str,
    policies: Sequence[Callable[[Any, random.Random], Any]],
    *,
    sessions: int,
    seed: int | str,
    rules: Any = None,
    executor: Executor | None = None,
    rotate: bool = False,
    chunk_size: int = 16,
    records: bool = False,
    progress: Callable[[int, int], None] | None = None,
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
    :param chunk_size: sessions (or groups) per task handed to the executor.
    :param records: keep every session's game record in :attr:`Simulation.records`.
    :param progress: called with ``(sessions done, sessions)`` as chunks finish.
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
        raise CardRulesError(f"rules must be a {module.GAME_ID} Rules, not {rules!r}")
    players = len(module.new_game(rules).stacks)
    if type(sessions) is not int or sessions < 1:
        raise CardRulesError(f"sessions must be an int >= 1, not {sessions!r}")
    if not isinstance(seed, int | str) or isinstance(seed, bool):
        raise CardRulesError(f"seed must be an int or a str, not {seed!r}")
    if len(policies) != players or not all(callable(p) for p in policies):
        raise CardRulesError(
            f"simulate needs {players} policies (one per seat) for these rules, got {len(policies)}"
        )
    if rotate and sessions % players:
        raise CardRulesError(
            f"with rotate=True, sessions must be a multiple of the {players} seats, not {sessions}"
        )
    if type(chunk_size) is not int or chunk_size < 1:
        raise CardRulesError(f"chunk_size must be an int >= 1, not {chunk_size!r}")
    units = list(range(sessions // players if rotate else sessions))
    tasks = [
        _Task(module.GAME_ID, rules, tuple(policies), seed, rotate, chunk, records)
        for chunk in _chunks(units, chunk_size)
    ]
    mapper: Callable[..., Iterable[list[_Unit]]] = map if executor is None else executor.map
    done = 0
    per_unit = players if rotate else 1
    results: list[_Unit] = []
    for chunk_result in mapper(_run, tasks):
        results.extend(chunk_result)
        done += len(chunk_result) * per_unit
        if progress is not None:
            progress(done, sessions)
    means = []
    intervals = []
    for policy in range(players):
        mean, interval = mean_ci95([unit.results[policy] for unit in results])
        means.append(mean)
        intervals.append(interval)
    counts: dict[str, int] = {}
    for unit in results:
        for name, value in unit.counts:
            counts[name] = counts.get(name, 0) + value
    return Simulation(
        game=module.GAME_ID,
        rules=rules,
        policies=tuple(repr(p) if not hasattr(p, "__name__") else p.__name__ for p in policies),
        sessions=sessions,
        seed=seed,
        rotate=rotate,
        mean=tuple(means),
        ci95=tuple(intervals),
        frequencies=_frequencies(module.GAME_ID, rules, counts),
        deals=counts.get("deals", 0),
        records=tuple(record for unit in results for record in unit.records),
    )


def _frequencies(game_id: str, rules: Any, counts: dict[str, int]) -> dict[str, Frequency]:
    deals = counts.get("deals", 0)
    found: dict[str, Frequency] = {}
    if game_id != "bourre":
        hands = counts.get("hands", 0)
        if game_id == "bouillotte-modern":
            ranks = {3: 4, 4: 5, 5: 6}[rules.players]
            retournes = rules.retournes
        else:
            ranks, retournes = 5, 1
        odds = brelan_odds(ranks) if retournes == 1 else {}
        names = (
            ("brelan", "carre", "favori")
            if game_id == "bouillotte-modern"
            else (
                "brelan",
                "carre",
            )
        )
        for name in names:
            found[name] = Frequency(counts.get(name, 0), hands, "hand", odds.get(name))
    for name in sorted(set(_EVENTS.get(game_id, {}).values())):
        found[name] = Frequency(counts.get(name, 0), deals, "deal")
    return found
