"""The proposal of :func:`cardrules.determinize` for modern Bouillotte.

The seat's cards, the retournés, the cards turned and shown are forced; each
announcer's hidden cards are drawn among those that make a brelan of the announced
class (M-4.1), their rank pattern weighted by the exact number of ways to complete
every announcer's hand (:func:`deal_brelans`); the rest of the deal is uniform.
"""

from __future__ import annotations

import random
from collections.abc import Sequence
from functools import lru_cache
from itertools import combinations_with_replacement
from math import comb
from typing import Any

from cardrules.bouillotte.modern.events import (
    Announced,
    CardsTurned,
    HandShown,
    RetourneChanged,
    RetournesTurned,
)
from cardrules.bouillotte.modern.hands import evaluate
from cardrules.bouillotte.modern.state import new_game
from cardrules.cards import Card, Rank
from cardrules.errors import CardRulesError
from cardrules.sampling import (
    INCONSISTENT,
    Determinization,
    Plan,
    Seen,
    fill,
    place_among,
    place_hand,
)


def propose(state: Any, seat: int, seen: Seen, rng: random.Random) -> Plan | None:
    """Modern Bouillotte: the retournés (V-M.1, V-M.4) and the cards turned (V-M.2,
    V-M.3) are forced, the seat's cards and the hands shown (M-5) go to their holder's
    places in uniformly random order (X-10); each announcer's hidden cards
    are drawn among those that make a brelan of the announced class with the
    retournés of the moment (M-4.1), with the exact weights of :func:`_brelans`; the
    rest is uniform."""
    n = state.rules.players
    up = state.rules.retournes
    eldest = (state.dealer + 1) % n
    placed = dict(seen.up)
    ok = True
    turned = [0] * n
    now: tuple[Card, ...] = ()
    announced: list[tuple[int, str, tuple[Card, ...]]] = []
    for event in seen.events:
        cls = event.__class__
        if cls is RetournesTurned:
            now = event.cards  # type: ignore[attr-defined]
            ok &= place_hand(placed, now, 3 * n, 1)
        elif cls is RetourneChanged:
            now = event.new  # type: ignore[attr-defined]
            ok &= place_hand(placed, now, 3 * n + up, 1)
        elif cls is CardsTurned:  # V-M.2, V-M.3: the seat's next card, at its place
            other: int = event.seat  # type: ignore[attr-defined]
            at = turned[other]
            ok &= place_hand(placed, event.cards, (other - eldest) % n, n, at)  # type: ignore[attr-defined]
            turned[other] = at + len(event.cards)  # type: ignore[attr-defined]
        elif cls is HandShown:  # M-6.1: shown in canonical order
            places = _places(event.seat, eldest, n)  # type: ignore[attr-defined]
            ok &= place_among(placed, event.cards, places, rng)  # type: ignore[attr-defined]
        elif cls is Announced:
            announced.append((event.seat, event.category, now))  # type: ignore[attr-defined]
    # the seat knows its cards, not the order they came in
    ok = ok and place_among(placed, seen.mine, _places(seat, eldest, n), rng)
    deck = state.chance_cards
    if not ok or len(set(placed.values())) != len(placed) or not set(placed.values()) <= set(deck):
        raise CardRulesError(INCONSISTENT)  # two cards at one place: no deal has it
    if announced:
        deal_brelans(state.rules, placed, announced, (eldest, n), deck, rng)
    shuffle = fill(deck, placed, rng)
    return None if shuffle is None else Plan(shuffle)


def _places(seat: int, eldest: int, n: int) -> list[int]:
    """The shuffle's positions of ``seat``'s three cards (X-1, M-2.2)."""
    return [(seat - eldest) % n + n * i for i in range(3)]


def deal_brelans(
    rules: Any,
    placed: dict[int, Card],
    announced: list[tuple[int, str, tuple[Card, ...]]],
    seats: tuple[int, int],
    deck: Sequence[Card],
    rng: random.Random,
) -> None:
    """Put at each announcer's free places cards that make its announced class, drawn
    uniformly among all the ways to do it for every announcer at once (the other
    places are then filled uniformly: every such way has as many fills)."""
    eldest, n = seats
    used = set(placed.values())
    ranks = sorted({card.rank for card in deck})
    free = [[c for c in deck if c.rank == rank and c not in used] for rank in ranks]
    where: list[list[int]] = []
    needs: list[tuple[tuple[Card, ...], tuple[Card, ...], str, int]] = []
    for who, category, now in announced:
        places = [(who - eldest) % n + n * i for i in range(3)]
        where.append([p for p in places if p not in placed])
        known = tuple(placed[p] for p in places if p in placed)
        needs.append((known, now, category, len(where[-1])))
    avail = tuple(len(cards) for cards in free)
    options = _brelans(rules, tuple(needs), tuple(ranks), tuple(tuple(c) for c in free))
    total = _ways(options, 0, avail)
    if not total:
        raise CardRulesError(INCONSISTENT)
    for k, places in enumerate(where):
        pick = rng.randrange(total)
        for pattern in options[k]:
            rest = _take(avail, pattern)
            if rest is None:
                continue
            weight = _ways(options, k + 1, rest) * _choices(avail, pattern)
            if pick < weight:
                break
            pick -= weight
        else:  # pragma: no cover - the weights add up to ``total``
            raise AssertionError("brelan weights do not add up")
        chosen: list[Card] = []
        for r, m in enumerate(pattern):
            if m:
                got = rng.sample(free[r], m)
                chosen += got
                free[r] = [c for c in free[r] if c not in got]
        rng.shuffle(chosen)
        placed.update(zip(places, chosen, strict=True))
        avail, total = rest, _ways(options, k + 1, rest)


@lru_cache(maxsize=1024)
def _brelans(
    rules: Any,
    needs: tuple[tuple[tuple[Card, ...], tuple[Card, ...], str, int], ...],
    ranks: tuple[Rank, ...],
    free: tuple[tuple[Card, ...], ...],
) -> tuple[tuple[tuple[int, ...], ...], ...]:
    """Per announcer ``(known cards, retournés then, class, free places)``: the rank
    patterns (how many cards of each rank of ``ranks`` its free places get) that make
    a brelan of its class. A class depends on the ranks alone (M-5.1 to M-5.3, V-M.1),
    so one hand of each pattern is judged by the game's own :func:`evaluate`."""
    found = []
    for known, now, category, count in needs:
        valid = []
        for combo in combinations_with_replacement(range(len(ranks)), count):
            pattern = tuple(combo.count(r) for r in range(len(ranks)))
            if any(m > len(cards) for m, cards in zip(pattern, free, strict=True)):
                continue
            hand = [*known, *(c for m, cards in zip(pattern, free, strict=True) for c in cards[:m])]
            if evaluate(hand, now, rules).category == category:
                valid.append(pattern)
        found.append(tuple(valid))
    return tuple(found)


@lru_cache(maxsize=65536)
def _ways(options: tuple[tuple[tuple[int, ...], ...], ...], k: int, avail: tuple[int, ...]) -> int:
    """The number of ways to give announcers ``k`` and after cards of one of their
    patterns, ``avail`` cards of each rank being free (cards told apart)."""
    if k == len(options):
        return 1
    total = 0
    for pattern in options[k]:
        rest = _take(avail, pattern)
        if rest is not None:
            total += _choices(avail, pattern) * _ways(options, k + 1, rest)
    return total


def _take(avail: tuple[int, ...], pattern: tuple[int, ...]) -> tuple[int, ...] | None:
    """``avail`` less ``pattern``, or ``None`` if a rank runs short."""
    rest = tuple(a - m for a, m in zip(avail, pattern, strict=True))
    return None if min(rest, default=0) < 0 else rest


def _choices(avail: tuple[int, ...], pattern: tuple[int, ...]) -> int:
    """The number of sets of cards of ``pattern`` among ``avail`` free of each rank."""
    total = 1
    for a, m in zip(avail, pattern, strict=True):
        total *= comb(a, m)
    return total


DETERMINIZATION = Determinization(new_game, propose)
"""What :func:`cardrules.determinize` needs of modern Bouillotte."""
