"""Modern Bouillotte: the single-round rules of the common rule summaries (rules M, V-M).

3 to 5 players, a reduced deck, three cards each and a retourné face up in the middle;
one betting round (or two or three, V-M.3) with antes, checks, raises limited by
``max_raise``, all-in calls and side pots; brelans can be announced for a fee; the best
brelan, or failing one the best point, takes each pot.

>>> import random
>>> from cardrules import play, random_policy
>>> from cardrules.bouillotte import modern
>>> final = play(modern.new_game(modern.Rules(deals=3)), [random_policy] * 4,
...              random.Random(1))
>>> final.is_terminal, sum(final.returns())
(True, Fraction(0, 1))
"""

from cardrules.actions import CALL, CHECK, FOLD, Call, Check, Fold, Raise, raise_to
from cardrules.bouillotte.modern.actions import ACTIONS, ANNOUNCE, Announce
from cardrules.bouillotte.modern.deck import arrange_deck
from cardrules.bouillotte.modern.determinize import DETERMINIZATION
from cardrules.bouillotte.modern.events import (
    Announced,
    CardsTurned,
    FeePaid,
    HandShown,
    RetourneChanged,
    RetournesTurned,
)
from cardrules.bouillotte.modern.hands import Category, HandValue, card_value, evaluate
from cardrules.bouillotte.modern.phase import Phase
from cardrules.bouillotte.modern.rules import GAME_ID, Rules
from cardrules.bouillotte.modern.state import State, new_game
from cardrules.bouillotte.modern.view import View
from cardrules.notation import parser_for

parse_action = parser_for(ACTIONS, GAME_ID)

__all__ = [
    "ACTIONS",
    "ANNOUNCE",
    "CALL",
    "CHECK",
    "DETERMINIZATION",
    "FOLD",
    "GAME_ID",
    "Announce",
    "Announced",
    "Call",
    "CardsTurned",
    "Category",
    "Check",
    "FeePaid",
    "Fold",
    "HandShown",
    "HandValue",
    "Phase",
    "Raise",
    "RetourneChanged",
    "RetournesTurned",
    "Rules",
    "State",
    "View",
    "arrange_deck",
    "card_value",
    "evaluate",
    "new_game",
    "parse_action",
    "raise_to",
]
