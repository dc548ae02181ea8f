"""Modern Bouillotte as the rest of the library sees it (:mod:`cardrules.descriptor`)."""

from __future__ import annotations

from collections.abc import Mapping
from fractions import Fraction
from typing import Any

from cardrules.bouillotte.frequencies import HAND_WORDS, count_brelans
from cardrules.bouillotte.modern.bot import ModernBot
from cardrules.bouillotte.modern.determinize import DETERMINIZATION
from cardrules.bouillotte.modern.encoding import codec
from cardrules.bouillotte.modern.rules import GAME_ID, Rules
from cardrules.cards import Card
from cardrules.descriptor import Descriptor, Tally


def _deck(rules: Rules) -> tuple[Card, ...]:
    """The deck of the rules' seats (M-1.2)."""
    return rules.deck


def _cards_seen(base: Any, state: Any) -> int | None:
    """Three cards a seat, the retourné(s) (M-2.2, V-M.1), then as many again when
    the retourné is changed (V-M.4)."""
    rules = base.rules
    seen: int = 3 * rules.players + rules.retournes
    later = state.events[len(base.events) :]
    if any(type(event).__name__ == "RetourneChanged" for event in later):
        seen += rules.retournes
    return seen


def _odds(rules: Rules) -> Mapping[str, Fraction]:
    """The exact chances of a hand, with one retourné (M-1.2: 4, 5 or 6 ranks)."""
    from cardrules.simulation import brelan_odds

    return brelan_odds(rules.players + 1) if rules.retournes == 1 else {}


DESCRIPTOR = Descriptor(
    game_id=GAME_ID,
    title="Bouillotte (modern rules)",
    module="cardrules.bouillotte.modern",
    aliases=("modern",),
    seats=(3, 5),  # M-1.1
    rule_prefixes=("X-", "M-", "V-M."),
    rule_page="modern",
    heuristic_bot=ModernBot,
    codec=codec,
    determinization=DETERMINIZATION,
    tally=Tally(
        events={"Announced": "announced", "PotCarried": "carried_pot"},
        dealt=count_brelans,
        per_hand=("brelan", "carre", "favori"),
        odds=_odds,
        words={
            **HAND_WORDS,
            "announced": "deals with an announced brelan",
            "carried_pot": "deals whose pot was carried to the next",
        },
    ),
    deck=_deck,
    cards_seen=_cards_seen,
    untold_events=frozenset({"RetournesTurned"}),  # the deal's line already says it
)
