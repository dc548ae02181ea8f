"""Bourré as the rest of the library sees it (:mod:`cardrules.descriptor`)."""

from __future__ import annotations

from typing import Any

from cardrules.bourre.bot import BourreBot
from cardrules.bourre.determinize import DETERMINIZATION
from cardrules.bourre.encoding import codec
from cardrules.bourre.rules import GAME_ID, Rules
from cardrules.cards import STANDARD_DECK, Card
from cardrules.descriptor import Descriptor, Tally


def _deck(rules: Rules) -> tuple[Card, ...]:
    """The 52 cards (B-1.1)."""
    return STANDARD_DECK


def _cards_seen(base: Any, state: Any) -> int | None:
    """The deal then the stock (B-2.2, B-4.1), or at a restock the drawing seat's
    cards then the new stock (B-4.2): every card off the stock has been seen."""
    if state.deal_number != base.deal_number or state.phase.value in ("deal", "over"):
        return None
    return len(base.chance_cards) - len(state.stock)


DESCRIPTOR = Descriptor(
    game_id=GAME_ID,
    title="Bourré",
    module="cardrules.bourre",
    seats=(2, 7),  # B-1.1
    rule_prefixes=("X-", "B-", "V-B."),
    rule_page="bourre",
    heuristic_bot=BourreBot,
    codec=codec,
    determinization=DETERMINIZATION,
    tally=Tally(
        events={"Bourre": "bourre", "PotCarried": "carried_pot", "Restocked": "restock"},
        words={
            "bourre": "deals with a seat bourré",
            "carried_pot": "deals whose pot was carried to the next",
            "restock": "deals with a restock",
        },
    ),
    deck=_deck,
    cards_seen=_cards_seen,
    # the lines of the deal and of the exchange already say these
    untold_events=frozenset({"Exchanged", "TrumpTurned"}),
)
