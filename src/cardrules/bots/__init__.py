"""Bots: policies ``(view, rng) -> action`` to play against or to simulate with.

:class:`RandomBot` picks uniformly among the legal actions. ``HeuristicBot(game)``
plays by the strategy tips of the game's sources (the rule texts the docs name); each
tip is a switch, so that a bot with a tip can be measured against the same bot without it
(see the docs page *Do the tips hold?*):

- modern Bouillotte (:class:`ModernBot`): announce and bet hard with a brelan, fold
  weak point hands against a raise, bluff now and then in the retourné's suit;
- historic Bouillotte (:class:`HistoricBot`): carre when it is cheap, open and raise
  by the hand's strength, judge a point hand by the collective point;
- Bourré (:class:`BourreBot`): stay in with a high trump and an ace, keep trumps and
  aces in the exchange, lead trumps when long in them, avoid staying in weak behind
  several seats already in.

``SearchBot(game)`` plays its candidate moves out in worlds drawn by ``determinize``.

Bots are frozen values: they compare, hash and pickle (so a process pool can run
them); all their randomness comes from the ``rng`` they are given.

>>> import random
>>> from cardrules import play
>>> from cardrules.bourre import new_game
>>> bots = [HeuristicBot("bourre"), RandomBot(), RandomBot(), RandomBot()]
>>> play(new_game(), bots, random.Random(1)).is_terminal
True
>>> HeuristicBot("bourre", lead_trumps=False)
BourreBot(stay_rule=True, keep_trumps=True, lead_trumps=False, avoid_crowds=True)
"""

from typing import Any

from cardrules.bots.base import HeuristicBot, RandomBot, bot_named
from cardrules.bots.search import SearchBot

__all__ = ["HeuristicBot", "RandomBot", "SearchBot", "bot_named"]


def __getattr__(name: str) -> Any:
    """The games' heuristic bot classes by name (``cardrules.bots.BourreBot``): each
    lives in its game's package (``cardrules.bourre.bot``) and is found through the
    games' descriptors, so that importing the bots imports no game."""
    from cardrules.registry import descriptors

    for descriptor in descriptors():
        bot = descriptor.heuristic_bot
        if bot is not None and getattr(bot, "__name__", None) == name:
            return bot
    raise AttributeError(f"module 'cardrules.bots' has no attribute {name!r}")
