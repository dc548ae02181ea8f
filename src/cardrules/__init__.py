"""cardrules: typed, immutable rules engines for historical gambling card games.

The games live in their own modules: :mod:`cardrules.bouillotte.modern`,
:mod:`cardrules.bouillotte.historic` and :mod:`cardrules.bourre`. This package
holds what they share.

>>> import cardrules
>>> cardrules.CHANCE
CHANCE
"""

from cardrules.actions import Action, Call, Check, Fold, Raise
from cardrules.cards import STANDARD_DECK, Card, Rank, Suit, cards, piquet_deck
from cardrules.chance import CHANCE, Shuffle, sample_chance
from cardrules.determinize import determinize
from cardrules.errors import CardRulesError, IllegalActionError, RecordError, RulesError
from cardrules.playing import play, random_policy
from cardrules.records import dumps, loads
from cardrules.simulation import Simulation, simulate

__version__ = "0.2.0"

__all__ = [
    "CHANCE",
    "STANDARD_DECK",
    "Action",
    "Call",
    "Card",
    "CardRulesError",
    "Check",
    "Fold",
    "IllegalActionError",
    "Raise",
    "Rank",
    "RecordError",
    "RulesError",
    "Shuffle",
    "Simulation",
    "Suit",
    "__version__",
    "cards",
    "determinize",
    "dumps",
    "loads",
    "piquet_deck",
    "play",
    "random_policy",
    "sample_chance",
    "simulate",
]
