"""Historic Bouillotte as the rest of the library sees it (:mod:`cardrules.descriptor`)."""

from __future__ import annotations

from collections.abc import Mapping
from fractions import Fraction
from typing import Any

from cardrules.bouillotte.frequencies import HAND_WORDS, count_brelans
from cardrules.bouillotte.historic.bot import HistoricBot
from cardrules.bouillotte.historic.determinize import DETERMINIZATION
from cardrules.bouillotte.historic.encoding import codec
from cardrules.bouillotte.historic.rules import DECK, GAME_ID, Rules
from cardrules.cards import Card
from cardrules.descriptor import Descriptor, Tally


def _deck(rules: Rules) -> tuple[Card, ...]:
    """The 20-card piquet deck of four seats (H-1.1)."""
    return DECK


def _cards_seen(base: Any, state: Any) -> int | None:
    """Three cards a seat and the retourné (H-3.1)."""
    return int(3 * base.rules.players + 1)


def _odds(rules: Rules) -> Mapping[str, Fraction]:
    """The exact chances of a hand: five ranks, one retourné."""
    from cardrules.simulation import brelan_odds

    return brelan_odds(5)


DESCRIPTOR = Descriptor(
    game_id=GAME_ID,
    title="Bouillotte (historic system)",
    module="cardrules.bouillotte.historic",
    aliases=("historic",),
    seats=(4, 4),  # H-1.1
    rule_prefixes=("X-", "H-"),
    rule_page="historic",
    heuristic_bot=HistoricBot,
    codec=codec,
    determinization=DETERMINIZATION,
    tally=Tally(
        events={
            "CarreStaked": "carre_staked",
            "PotCarried": "carried_pot",
            "CollectivePoint": "collective_point",
            "PotToCarreur": "pot_to_carreur",
        },
        dealt=count_brelans,
        per_hand=("brelan", "carre"),
        odds=_odds,
        words={
            "brelan": HAND_WORDS["brelan"],
            "carre": HAND_WORDS["carre"],
            "carried_pot": "deals whose pot was carried to the next",
            "carre_staked": "deals with a carre staked",
            "collective_point": "deals with a pot won by the collective point",
            "pot_to_carreur": "deals whose pot went to the carreur",
        },
    ),
    deck=_deck,
    cards_seen=_cards_seen,
)
