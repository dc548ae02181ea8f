"""What a simulation counts in the hands of both Bouillotte games: the brelans dealt,
and those that make a carré or a favori with the retourné(s)."""

from __future__ import annotations

from typing import Any

__all__ = ["HAND_WORDS", "count_brelans"]

HAND_WORDS = {
    "brelan": "hands dealt with three cards of a rank",
    "carre": "hands dealt that make a brelan carré with the retourné(s)",
    "favori": "hands dealt that make a brelan favori with a retourné",
}
"""What each count of hands says, in words."""


def count_brelans(state: Any, counts: dict[str, int]) -> None:
    """Add the hands of ``state`` (a deal just dealt) to ``counts``: ``hands``, then
    ``brelan``, ``carre`` and ``favori`` for those that make one (M-5.1, M-5.2, V-M.1,
    H-4.1)."""
    up = getattr(state, "retournes", None) or (state.retourne,)
    for hand in state.hands:
        if len(hand) != 3:
            continue
        counts["hands"] = counts.get("hands", 0) + 1
        ranks = sorted(card.rank for card in hand)
        matching = [card.rank for card in up]
        if ranks[0] == ranks[2]:
            counts["brelan"] = counts.get("brelan", 0) + 1
            if ranks[0] in matching:  # M-5.1, V-M.1: with a matching retourné
                counts["carre"] = counts.get("carre", 0) + 1
        elif ranks[0] == ranks[1] or ranks[1] == ranks[2]:
            pair = ranks[1]
            if matching.count(pair) == 2:  # V-M.1: two in hand, both retournés
                counts["carre"] = counts.get("carre", 0) + 1
            elif pair in matching:  # M-5.2, V-M.1: two in hand, one retourné
                counts["favori"] = counts.get("favori", 0) + 1
