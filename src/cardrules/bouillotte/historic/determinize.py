"""The proposal of :func:`cardrules.determinize` for historic Bouillotte: the seat's
cards, the retourné and the hands shown at the showdown (H-5) are forced; the rest of
the deal is uniform."""

from __future__ import annotations

import random
from typing import Any

from cardrules.bouillotte.historic.events import ShowdownHands
from cardrules.bouillotte.historic.state import new_game
from cardrules.cards import Card
from cardrules.sampling import Determinization, Plan, Seen, fill, place_among, place_hand


def propose(state: Any, seat: int, seen: Seen, rng: random.Random) -> Plan | None:
    """Historic Bouillotte: the retourné is forced, the seat's cards and the hands
    shown at the showdown (H-5) go to their holder's places in uniformly random order
    (X-10: shown in canonical order); the rest is uniform."""
    n = len(state.stacks)
    eldest = (state.dealer + 1) % n
    placed = dict(seen.up)
    ok = True
    for event in seen.events:
        if isinstance(event, ShowdownHands):
            ok &= place_hand(placed, (event.retourne,), 3 * n, 1)
            for other, hand in enumerate(event.hands):
                ok &= place_among(placed, hand, _places(other, eldest, n), rng)
    # the seat knows its cards, not the order they came in
    ok = ok and place_among(placed, seen.mine, _places(seat, eldest, n), rng)
    shuffle = fill(state.chance_cards, placed, rng) if ok else None
    return None if shuffle is None else Plan(shuffle)


def _places(seat: int, eldest: int, n: int) -> list[int]:
    """The shuffle's positions of ``seat``'s three cards (X-1)."""
    return [(seat - eldest) % n + n * i for i in range(3)]


def _retourne(view: Any) -> dict[int, Card]:
    """Historic Bouillotte: the retourné of the deal in progress, at its place (H-3.1)."""
    card = view.retourne
    return {} if card is None else {3 * len(view.stacks): card}


DETERMINIZATION = Determinization(new_game, propose, face_up=_retourne)
"""What :func:`cardrules.determinize` needs of historic Bouillotte."""
