"""The base of the bots: :class:`RandomBot`, :class:`HeuristicBot` and the choice of a
game's heuristic bot by ``GAME_ID``."""

from __future__ import annotations

import random
from types import ModuleType
from typing import Any, ClassVar

import attrs

from cardrules.actions import Action
from cardrules.errors import CardRulesError, shorten
from cardrules.legal import Legal, legal_of

__all__ = ["HeuristicBot", "RandomBot", "bot_named"]


def _bot_class(game: object, fail: type[Exception] = CardRulesError) -> type[HeuristicBot]:
    """The heuristic bot class of ``game`` (an id, a short alias or a game module), from
    the game's descriptor."""
    from cardrules.registry import describe, descriptors

    try:
        descriptor = describe(game)  # refuses what is not a game, naming what is
    except CardRulesError as error:
        raise fail(str(error)) from None
    bot_class = descriptor.heuristic_bot
    if bot_class is None:
        raise fail(
            f"no heuristic bot for the game {descriptor.game_id!r}; the games with one are "
            + ", ".join(d.game_id for d in descriptors() if d.heuristic_bot is not None)
        )
    return bot_class  # type: ignore[return-value]


@attrs.frozen(slots=True)
class RandomBot:
    """Picks uniformly among the legal actions (as :func:`cardrules.random_policy`).

    >>> import random
    >>> from cardrules.bouillotte import historic
    >>> RandomBot()(historic.new_game().view(1), random.Random(0))
    Decline()
    """

    def __call__(self, view: Any, rng: random.Random) -> Action:
        """One of the view's legal actions, uniformly at random (read from
        ``view.legal()``: the same cost at any stack)."""
        legal = legal_of(view, "RandomBot")
        if not legal.count:
            raise CardRulesError(
                f"RandomBot: the view has no legal action: it is not seat {view.seat}'s "
                "turn, or the session is over"
            )
        return legal.nth(rng.randrange(legal.count))


class _ByGame(type):
    """Metaclass of :class:`HeuristicBot`: ``HeuristicBot(game, **tips)`` builds the
    heuristic bot of that game."""

    def __call__(cls, *args: Any, **tips: Any) -> Any:
        if cls is HeuristicBot:
            if len(args) != 1:
                raise TypeError("HeuristicBot(game, **tips) takes one game (a GAME_ID)")
            return _bot_class(args[0])(**tips)
        return super().__call__(*args, **tips)


class HeuristicBot(metaclass=_ByGame):
    """A bot built from the strategy tips of a game's sources.

    ``HeuristicBot(game, **tips)`` returns the game's bot (:class:`ModernBot`,
    :class:`HistoricBot`, :class:`BourreBot`), ``game`` being a ``GAME_ID``, a short
    alias (``"modern"``, ``"historic"``) or the game's module; ``tips`` switch single
    tips off (``lead_trumps=False``) or tune them.

    >>> HeuristicBot("historic")
    HistoricBot(carre=True, by_strength=True, collective_point=True)
    """

    GAME_ID: ClassVar[str] = ""
    """The game the bot plays."""

    def __call__(self, view: Any, rng: random.Random) -> Action:
        """The bot's action for ``view`` (one of ``view.legal_actions()``)."""
        raise NotImplementedError

    def legal_for(self, view: Any) -> Legal:
        """The legal set of ``view``, once it is checked to be a view of the bot's game
        at its seat's turn. Every heuristic bot reads its choices from it (never
        spelling the raises out), so a move costs the same at any stack.

        :raises CardRulesError: (a ``ValueError``) for a view of another game or
            anything else, or a view whose seat is not to act, naming the bot's game
            and what it was given.

        >>> from cardrules import bourre
        >>> from cardrules.bouillotte import modern
        >>> HeuristicBot("modern").legal_for(bourre.new_game().view(1))
        Traceback (most recent call last):
        ...
        cardrules.errors.CardRulesError: ModernBot plays bouillotte-modern; it was given a view ...
        >>> HeuristicBot("bourre").legal_for(bourre.new_game().view(1))
        Traceback (most recent call last):
        ...
        cardrules.errors.CardRulesError: BourreBot: seat 1 has no legal action in this view (...)
        """
        name = type(self).__name__
        game = getattr(view, "GAME_ID", None)
        if game != self.GAME_ID:
            given = f"a view of {game}" if isinstance(game, str) else shorten(view, repr, 60)
            raise CardRulesError(f"{name} plays {self.GAME_ID}; it was given {given}")
        legal = legal_of(view, name)
        if not legal.count:
            raise CardRulesError(
                f"{name}: seat {getattr(view, 'seat', '?')} has no legal action in this "
                "view (it is not its turn, or the session is over)"
            )
        return legal


def bot_named(name: str, game: str | ModuleType) -> Any:
    """A bot by its command-line name: ``random``, ``heuristic``, optionally with tips
    switched off after colons (``heuristic:-lead_trumps``) or set (``heuristic:bluff=0:-announce``),
    or ``search`` with its options set after colons (``search:simulations=100``).

    :param name: the bot's name.
    :param game: the game (a ``GAME_ID`` or module).
    :returns: the bot.
    :raises ValueError: for an unknown name or tip, naming what is allowed.

    >>> bot_named("heuristic:-lead_trumps", "bourre")
    BourreBot(stay_rule=True, keep_trumps=True, lead_trumps=False, avoid_crowds=True)
    >>> bot_named("search:simulations=20", "bourre").simulations
    20
    >>> bot_named("clever", "bourre")
    Traceback (most recent call last):
    ...
    ValueError: unknown bot 'clever': the bots are random, heuristic, search
    """
    base, _, options = name.strip().partition(":")
    if base == "random" and not options:
        return RandomBot()
    if base == "search":
        return _search_bot(options, game)
    if base != "heuristic":
        raise ValueError(f"unknown bot {name!r}: the bots are random, heuristic, search")
    bot_class = _bot_class(game, ValueError)
    game_id = bot_class.GAME_ID
    fields = {field.name: field for field in attrs.fields(bot_class)}  # type: ignore[arg-type]
    tips: dict[str, Any] = {}
    for option in filter(None, options.split(":")):
        key, equals, text = option.partition("=")
        key = key.strip()
        value: Any = False
        if key.startswith("-"):
            key = key[1:]
        elif equals:
            value = _number(text.strip())
        else:
            value = True
        if key not in fields:
            raise ValueError(
                f"the {game_id} heuristic bot has no tip {key!r}; its tips are " + ", ".join(fields)
            )
        tips[key] = value
    return bot_class(**tips)


def _search_bot(options: str, game: str | ModuleType) -> Any:
    """``SearchBot(game, **options)`` from ``key=value`` options after colons."""
    from cardrules.bots.search import SearchBot

    allowed = ("simulations", "seconds", "trust", "margin")
    settings: dict[str, Any] = {}
    for option in filter(None, options.split(":")):
        key, equals, text = option.partition("=")
        key = key.strip()
        if key not in allowed or not equals:
            raise ValueError(
                f"the search bot takes key=value options, not {option!r}; its options are "
                + ", ".join(allowed)
            )
        settings[key] = _number(text.strip())
    return SearchBot(game, **settings)


def _number(text: str) -> object:
    lowered = text.lower()
    if lowered in ("true", "false"):
        return lowered == "true"
    try:
        return int(text)
    except ValueError:
        pass
    try:
        return float(text)
    except ValueError:
        raise ValueError(f"a tip's value must be a number or true/false, not {text!r}") from None
