"""Bouillotte, the historic four-player system (rules H of the rule reference).

Four players, 20 cards (A K Q 9 8), one retourné. Only the dealer antes; before the
cards are seen the seats may *carre* — stake the whole pot blind — at most once
round. Then one betting round with passing before the opening, calls, raises,
folds and all-in calls (*tapis*), and a "plus rien" turn when three or four seats
are left. The best brelan wins; without one, the *collective point* over the 13
exposed cards decides. Brelans shown at a showdown collect *primes* on a separate
account. A session is 12 deals with automatic rebuys.

>>> import random
>>> from cardrules.bouillotte import historic
>>> from cardrules import play, random_policy
>>> final = play(historic.new_game(), [random_policy] * 4, random.Random(1))
>>> final.deal_number, final.is_terminal, sum(final.primes)
(11, True, 0)
"""

from cardrules.actions import CALL, CHECK, FOLD, Call, Check, Fold, Raise, raise_to
from cardrules.bouillotte.historic.actions import ACTIONS, CARRE, DECLINE, Carre, Decline
from cardrules.bouillotte.historic.deck import arrange_deck
from cardrules.bouillotte.historic.determinize import DETERMINIZATION
from cardrules.bouillotte.historic.events import (
    CarreStaked,
    CollectivePoint,
    PotToCarreur,
    PrimesPaid,
    ShowdownHands,
)
from cardrules.bouillotte.historic.hands import (
    Brelan,
    brelan_of,
    card_points,
    collective_point,
    suit_owner,
    suit_ranking,
    suit_totals,
    winning_suit,
)
from cardrules.bouillotte.historic.phase import Phase
from cardrules.bouillotte.historic.rules import DECK, GAME_ID, PLAYERS, Rules
from cardrules.bouillotte.historic.state import State, new_game
from cardrules.bouillotte.historic.view import View
from cardrules.notation import parser_for

parse_action = parser_for(ACTIONS, GAME_ID)

__all__ = [
    "ACTIONS",
    "CALL",
    "CARRE",
    "CHECK",
    "DECK",
    "DECLINE",
    "DETERMINIZATION",
    "FOLD",
    "GAME_ID",
    "PLAYERS",
    "Brelan",
    "Call",
    "Carre",
    "CarreStaked",
    "Check",
    "CollectivePoint",
    "Decline",
    "Fold",
    "Phase",
    "PotToCarreur",
    "PrimesPaid",
    "Raise",
    "Rules",
    "ShowdownHands",
    "State",
    "View",
    "arrange_deck",
    "brelan_of",
    "card_points",
    "collective_point",
    "new_game",
    "parse_action",
    "raise_to",
    "suit_owner",
    "suit_ranking",
    "suit_totals",
    "winning_suit",
]
