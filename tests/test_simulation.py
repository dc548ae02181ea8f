"""simulate(): the same result for any executor, chunking and number of workers (a
process pool, a local Dask cluster), duplicate deals, confidence intervals, and the
frequency tables next to exact odds computed by combinatorics."""

from __future__ import annotations

import itertools
import json
from concurrent.futures import ProcessPoolExecutor, ThreadPoolExecutor
from fractions import Fraction
from typing import Any

import attrs
import pytest

import cardrules.bourre as bourre
from cardrules import Simulation, loads, random_policy, simulate
from cardrules.bots import HeuristicBot, RandomBot
from cardrules.bouillotte import historic, modern
from cardrules.cards import piquet_deck
from cardrules.simulation import brelan_odds, mean_ci95

POLICIES = [HeuristicBot("bourre"), RandomBot(), RandomBot(), RandomBot()]


def test_the_result_depends_on_nothing_but_the_arguments() -> None:
    here = simulate("bourre", POLICIES, sessions=24, seed=11, rotate=True)
    chunked = simulate("bourre", POLICIES, sessions=24, seed=11, rotate=True, chunk_size=1)
    with ProcessPoolExecutor(2) as pool:
        pooled = simulate("bourre", POLICIES, sessions=24, seed=11, rotate=True, executor=pool)
    with ThreadPoolExecutor(3) as threads:
        threaded = simulate(
            bourre, POLICIES, sessions=24, seed=11, rotate=True, executor=threads, chunk_size=5
        )
    assert here == chunked == pooled == threaded
    assert here.to_json() == pooled.to_json() == threaded.to_json()
    assert here.frequencies == pooled.frequencies
    other = simulate("bourre", POLICIES, sessions=24, seed=12, rotate=True)
    assert other.mean != here.mean


def test_a_local_dask_cluster_gives_the_same_result() -> None:
    distributed = pytest.importorskip(
        "distributed", reason="dask[distributed] is not installed (pip install .[dask])"
    )
    with distributed.Client(
        distributed.LocalCluster(
            n_workers=1, threads_per_worker=2, processes=False, dashboard_address=None
        )
    ) as client:
        clustered = simulate(
            "modern",
            [HeuristicBot("modern")] + [RandomBot()] * 3,
            sessions=16,
            seed=3,
            executor=client.get_executor(),
            chunk_size=4,
        )
    here = simulate("modern", [HeuristicBot("modern")] + [RandomBot()] * 3, sessions=16, seed=3)
    assert clustered == here


def test_duplicate_deals_rotate_the_policies_over_the_same_chance() -> None:
    same = simulate("bourre", [RandomBot()] * 4, sessions=8, seed=2, rotate=True)
    assert sum(same.mean) == 0
    assert same.sessions == 8 and same.rotate
    # one group of rotations: each policy plays each seat's cards once
    group = simulate(
        "modern", [HeuristicBot("modern")] + [RandomBot()] * 3, sessions=4, seed=1, rotate=True
    )
    assert group.ci95[0] == (float(group.mean[0]), float(group.mean[0]))
    assert group.frequencies["brelan"].out_of == 4  # the deal's hands are counted once


def test_records_are_kept_in_session_order() -> None:
    rules = historic.Rules(deals=2)
    result = simulate(
        "historic", [random_policy] * 4, sessions=3, seed=0, records=True, rules=rules
    )
    assert len(result.records) == 3
    finals = [loads(record) for record in result.records]
    assert all(final.is_terminal for final in finals)
    assert sum(final.returns()[0] for final in finals) / 3 == result.mean[0]
    assert result.policies == ("random_policy",) * 4


def test_progress_is_reported() -> None:
    seen: list[tuple[int, int]] = []
    simulate(
        "bourre",
        POLICIES,
        sessions=10,
        seed=1,
        chunk_size=4,
        progress=lambda d, t: seen.append((d, t)),
    )
    assert seen == [(4, 10), (8, 10), (10, 10)]


def test_as_json() -> None:
    result = simulate("modern", [RandomBot()] * 4, sessions=5, seed="x")
    data = json.loads(result.to_json())
    assert data["seed"] == "x" and data["sessions"] == 5
    assert data["mean"] == [str(m) for m in result.mean]
    assert data["frequencies"]["brelan"]["exact"] == "1/57"
    assert data["rules"]["players"] == 4
    assert isinstance(result, Simulation)


@pytest.mark.parametrize(
    ("kwargs", "message"),
    [
        ({"sessions": 0}, "sessions must be an int >= 1"),
        ({"sessions": 5, "rotate": True}, "multiple of the 4 seats"),
        ({"sessions": 4, "seed": 1.5}, "seed must be an int or a str"),
        ({"sessions": 4, "chunk_size": 0}, "chunk_size"),
        ({"sessions": 4, "rules": modern.Rules()}, "rules must be a bourre Rules"),
    ],
)
def test_bad_arguments(kwargs: dict[str, object], message: str) -> None:
    kwargs.setdefault("seed", 1)
    with pytest.raises(ValueError, match=message):
        simulate("bourre", POLICIES, **kwargs)  # type: ignore[arg-type]
    with pytest.raises(ValueError, match="needs 4 policies"):
        simulate("bourre", POLICIES[:3], sessions=4, seed=1)
    with pytest.raises(ValueError, match="no game has the id 'poker'"):
        simulate("poker", POLICIES, sessions=4, seed=1)


@pytest.mark.parametrize("players", [3, 4, 5])
def test_brelan_odds_match_a_count_of_every_deal(players: int) -> None:
    deck = piquet_deck(players)
    counts = dict.fromkeys(("brelan", "carre", "favori"), 0)
    total = 0
    for hand in itertools.combinations(deck, 3):
        ranks = sorted(card.rank for card in hand)
        for retourne in deck:
            if retourne in hand:
                continue
            total += 1
            if ranks[0] == ranks[2]:
                counts["brelan"] += 1
                counts["carre"] += retourne.rank == ranks[0]
            elif retourne.rank == ranks[1] and (ranks[0] == ranks[1] or ranks[1] == ranks[2]):
                counts["favori"] += 1
    odds = brelan_odds(len(deck) // 4)
    for name, count in counts.items():
        assert odds[name] == Fraction(count, total), name
    assert odds["simple"] == odds["brelan"] - odds["carre"]


def test_the_seeds_four_percent_is_not_any_reading() -> None:
    odds = brelan_odds(5)
    assert odds["brelan"] == Fraction(1, 57)
    assert round(float(odds["favori_or_brelan"]), 4) == 0.0671
    assert not any(abs(float(value) - 0.04) < 0.005 for value in odds.values())


def test_measured_frequencies_approach_the_exact_odds() -> None:
    result = simulate("modern", [RandomBot()] * 4, sessions=400, seed=5)
    brelan = result.frequencies["brelan"]
    assert brelan.out_of == 1600
    assert abs(float(brelan.rate - brelan.exact)) < 0.015  # type: ignore[operator]


def test_mean_ci95() -> None:
    mean, (low, high) = mean_ci95([Fraction(1), Fraction(2), Fraction(3), Fraction(6)])
    assert mean == 3
    assert low < 3 < high and abs((high - 3) - 1.96 * (14 / 3 / 4) ** 0.5) < 1e-2
    assert mean_ci95([]) == (0, (0.0, 0.0))


class _Stop(Exception):
    pass


@pytest.mark.parametrize("sessions", [10**9, 10**30])
def test_memory_does_not_grow_with_sessions(sessions: int) -> None:
    """Issue 34, item 12: ``sessions=10**9`` built the whole list of sessions first
    (MemoryError at once; ``10**30`` an OverflowError): they are streamed in batches."""
    import tracemalloc

    def stop(done: int, total: int) -> None:
        assert total == sessions
        if done >= 600:
            raise _Stop

    tracemalloc.start()
    try:
        with pytest.raises(_Stop):
            simulate("modern", [RandomBot()] * 4, sessions=sessions, seed=1, progress=stop)
        peak = tracemalloc.get_traced_memory()[1]
    finally:
        tracemalloc.stop()
    assert peak < 20 * 1024 * 1024


class _Dropping:
    """An executor whose map loses results."""

    def __init__(self, keep: int) -> None:
        self.keep = keep

    def map(self, function: object, tasks: object) -> object:
        return list(map(function, tasks))[: self.keep]  # type: ignore[call-overload]


class _Shuffling:
    def map(self, function: object, tasks: object) -> object:
        return list(map(function, tasks))[::-1]  # type: ignore[call-overload]


def test_an_executor_that_drops_results_is_an_error_naming_the_missing() -> None:
    """Issue 34, item 13: an executor whose map dropped results gave a silent partial
    Simulation (40 sessions asked, 32 deals played)."""
    with pytest.raises(ValueError, match=r"did not return every session: session\(s\) 32, 33"):
        simulate("bourre", POLICIES, sessions=40, seed=1, chunk_size=8, executor=_Dropping(4))  # type: ignore[arg-type]
    with pytest.raises(ValueError, match="did not return every session"):
        simulate("bourre", POLICIES, sessions=40, seed=1, chunk_size=8, executor=_Shuffling())  # type: ignore[arg-type]


def test_an_error_in_a_policy_names_the_session_and_the_seat() -> None:
    """Issue 34, item 13: an error in a policy named neither the session nor the seat."""
    calls = itertools.count()

    def fragile(view: object, rng: object) -> object:
        if next(calls) == 30:
            raise KeyError("boom")
        return random_policy(view, rng)  # type: ignore[arg-type]

    with pytest.raises(
        ValueError, match=r"session \d+, seat \d: the policy fragile raised KeyError"
    ):
        simulate("modern", [fragile] * 4, sessions=10, seed=1)

    def illegal(view: object, rng: object) -> object:
        return bourre.Play(piquet_deck(3)[0])

    with pytest.raises(ValueError, match=r"session 0, seat 1: the policy illegal chose an illegal"):
        simulate("bourre", [illegal] * 4, sessions=2, seed=1)


@pytest.mark.parametrize(
    ("kwargs", "message"),
    [
        ({"policies": None}, "policies must be a list or tuple"),
        ({"policies": (p for p in POLICIES)}, "policies must be a list or tuple"),
        ({"seed": 10**5000}, "seed must be an int of at most"),
        ({"game": object()}, "simulate needs a GAME_ID or a game module"),
        ({"game": type("G", (), {"GAME_ID": "x"})}, "with GAME_ID, Rules and new_game"),
        ({"executor": object()}, "executor must be a concurrent.futures.Executor"),
    ],
)
def test_foreign_arguments_are_refused_clearly(kwargs: dict[str, object], message: str) -> None:
    """Issue 34, item 13: ``policies=None`` or a generator, ``seed=10**5000``, a game
    object without ``Rules``, ``executor=object()`` gave raw errors."""
    arguments: dict[str, object] = {"game": "bourre", "policies": POLICIES, "seed": 1}
    arguments.update(kwargs)
    with pytest.raises(ValueError, match=message):
        simulate(sessions=4, **arguments)  # type: ignore[arg-type]


def test_records_can_be_streamed_as_they_come() -> None:
    """Issue 34, items 9 and 12: ``simulate --record`` writes each record as it comes
    instead of holding every session's record."""
    streamed: list[str] = []
    kept = simulate("bourre", POLICIES, sessions=6, seed=2, records=True, chunk_size=2)
    result = simulate(
        "bourre",
        POLICIES,
        sessions=6,
        seed=2,
        records=True,
        chunk_size=2,
        on_record=streamed.append,
    )
    assert streamed == list(kept.records) and result.records == ()
    assert result == kept.__class__(**{**attrs.asdict(kept, recurse=False), "records": ()})


# -- issue 35: figures that mean what they say -------------------------------------------

_VARIANTS = [
    ("bouillotte-modern", {}),
    ("bouillotte-modern", {"retournes": 2, "players": 5}),
    ("bouillotte-historic", {"deals": 4}),
    ("bourre", {"players": 7, "hand_size": 7, "deals": 3}),
]


def _dealt_hands(record: str) -> tuple[list[Any], list[Any]]:
    """Each deal's hands and face-up cards, as dealt, replayed from a record."""
    from cardrules.registry import get_game

    final = loads(record)
    state = get_game(final.GAME_ID).new_game(final.rules)
    dealt: dict[int, tuple[Any, Any]] = {}
    for action in final.history:
        state = state.apply(action)
        if state.hands[0] and state.deal_number not in dealt:
            up = getattr(state, "retournes", None) or (state.retourne,)
            dealt[state.deal_number] = (state.hands, up)
    return [hands for hands, _ in dealt.values()], [up for _, up in dealt.values()]


@pytest.mark.parametrize(("game", "options"), _VARIANTS)
def test_every_frequency_says_what_it_counts_and_stays_a_rate(
    game: str, options: dict[str, Any]
) -> None:
    """Issue 35 (API.md §6): a frequency counts hands, or deals in which something
    happened (a restock or a collective point counted once per deal, not once per
    event), so no rate exceeds 1; each names what it counts; the counts are those of
    the records, recomputed here from their events and hands (two retournés
    included: V-M.1's carrés and favoris were never counted)."""
    from cardrules.events import DealStarted
    from cardrules.registry import get_game

    module = get_game(game)
    rules = module.Rules(**options)
    players = rules.players if hasattr(rules, "players") else 4
    records: list[str] = []
    result = simulate(
        game,
        [RandomBot()] * players,
        sessions=6,
        seed=3,
        rules=rules,
        records=True,
        on_record=records.append,
    )
    assert result.frequencies
    for name, frequency in result.frequencies.items():
        assert 0 <= frequency.rate <= 1, name
        assert frequency.what, name
        assert frequency.as_dict()["counts"] == frequency.what
    events = {
        "announced": "Announced",
        "carried_pot": "PotCarried",
        "carre_staked": "CarreStaked",
        "collective_point": "CollectivePoint",
        "pot_to_carreur": "PotToCarreur",
        "bourre": "Bourre",
        "restock": "Restocked",
    }
    for name, frequency in result.frequencies.items():
        if name not in events:
            continue
        deals = set()
        for record in records:
            deal = 0
            for event in loads(record).events:
                if isinstance(event, DealStarted):
                    deal = event.deal_number
                if type(event).__name__ == events[name]:
                    deals.add((record, deal))
        assert frequency.count == len(deals), name
    if game == "bouillotte-modern":
        carres = favoris = 0
        for record in records:
            for hands, up in zip(*_dealt_hands(record), strict=True):
                for hand in hands:
                    category = modern.evaluate(hand, up, rules).category
                    carres += category == "carre"
                    favoris += category == "favori"
        assert result.frequencies["carre"].count == carres
        assert result.frequencies["favori"].count == favoris > 0


def test_workers_send_back_one_sum_per_chunk_of_up_to_64_sessions() -> None:
    """Issue 35: ``--workers 2`` barely helped, the main process adding a result per
    session sent in chunks of 16. Now a task is a 64th of the run (1 to 64 sessions)
    and sends back one sum for its chunk, and the result is the same."""
    from cardrules.simulation import chunk_size_for

    assert [chunk_size_for(n) for n in (1, 64, 128, 1_000, 4_096, 20_000)] == [1, 1, 2, 15, 64, 64]
    seen: list[Any] = []

    class Keeping:
        def map(self, function: Any, tasks: Any) -> Any:
            tasks = list(tasks)
            results = [function(task) for task in tasks]
            seen.extend(zip(tasks, results, strict=True))
            return results

    kept = simulate("bourre", POLICIES, sessions=200, seed=4, executor=Keeping())  # type: ignore[arg-type]
    assert [len(task.units) for task, _ in seen] == [3] * 66 + [2]
    for task, result in seen:
        assert result.units == task.units and result.count == len(task.units)
    assert all(len(result.totals) == len(POLICIES) for _, result in seen)
    assert kept == simulate("bourre", POLICIES, sessions=200, seed=4, chunk_size=7)
