"""Bourré: the Louisiana trick-taking gambling game (rules B and V-B of the rule reference).

Two to seven seats ante into a pot that carries over; the dealer's last card is
turned up for trump; each seat stays in or drops, exchanges, and plays five (or
seven) tricks. The sole seat with the most tricks takes the pot; a seat that stayed
in and took no trick is bourré and pays the pot's amount into the next one.

>>> import random
>>> from cardrules import play, random_policy
>>> from cardrules.bourre import Rules, new_game
>>> final = play(new_game(Rules(players=5, deals=4)), [random_policy] * 5, random.Random(3))
>>> final.is_terminal, sum(final.returns()) + final.pot
(True, Fraction(0, 1))
"""

from cardrules.bourre.actions import (
    ACTIONS,
    DROP,
    STAY_IN,
    Drop,
    Exchange,
    HiddenExchange,
    Play,
    StayIn,
    play_of,
)
from cardrules.bourre.deck import arrange_deck
from cardrules.bourre.determinize import DETERMINIZATION
from cardrules.bourre.events import Bourre, Exchanged, PotCapped, Restocked, TrickWon, TrumpTurned
from cardrules.bourre.phase import Phase
from cardrules.bourre.rules import GAME_ID, Rules
from cardrules.bourre.state import State, new_game
from cardrules.bourre.tricks import judge, playable, refusal, trick_winner
from cardrules.bourre.view import View
from cardrules.notation import parser_for

parse_action = parser_for(ACTIONS, GAME_ID)

__all__ = [
    "ACTIONS",
    "DETERMINIZATION",
    "DROP",
    "GAME_ID",
    "STAY_IN",
    "Bourre",
    "Drop",
    "Exchange",
    "Exchanged",
    "HiddenExchange",
    "Phase",
    "Play",
    "PotCapped",
    "Restocked",
    "Rules",
    "State",
    "StayIn",
    "TrickWon",
    "TrumpTurned",
    "View",
    "arrange_deck",
    "judge",
    "new_game",
    "parse_action",
    "play_of",
    "playable",
    "refusal",
    "trick_winner",
]
