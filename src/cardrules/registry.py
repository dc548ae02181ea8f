"""The registry of games by ``GAME_ID``, used by records.

>>> from cardrules.registry import game_ids, get_game
>>> game_ids()[:3]
('bouillotte-historic', 'bouillotte-modern', 'bourre')
>>> get_game("bourre").GAME_ID
'bourre'
"""

from __future__ import annotations

import importlib
from types import ModuleType

from cardrules.errors import CardRulesError
from cardrules.game import GameModule, as_game_module

__all__ = ["game_ids", "get_game", "register_game"]

_BUILTIN = {
    "bouillotte-historic": "cardrules.bouillotte.historic",
    "bouillotte-modern": "cardrules.bouillotte.modern",
    "bourre": "cardrules.bourre",
}
_EXTRA: dict[str, GameModule] = {}


def game_ids() -> tuple[str, ...]:
    """The ids of every known game, sorted.

    >>> "bouillotte-modern" in game_ids()
    True
    """
    return tuple(sorted({*_BUILTIN, *_EXTRA}))


def get_game(game_id: str) -> GameModule:
    """The game (its module) with this ``GAME_ID``.

    :raises CardRulesError: if no game has that id.

    >>> get_game("bouillotte-historic").Rules().deals
    12
    """
    if game_id in _EXTRA:
        return _EXTRA[game_id]
    path = _BUILTIN.get(game_id) if isinstance(game_id, str) else None
    if path is None:
        raise CardRulesError(
            f"no game has the id {game_id!r}; known games: " + ", ".join(game_ids())
        )
    return as_game_module(importlib.import_module(path))


def register_game(game: ModuleType | GameModule) -> None:
    """Make a game outside the library known to records (``dumps``/``loads``).

    ``game`` needs ``GAME_ID``, ``Rules`` (an attrs class), ``ACTIONS`` and
    ``new_game``, as the built-in game modules have.

    :raises CardRulesError: if ``game`` lacks one of them, or takes a built-in id.

    >>> register_game(object())
    Traceback (most recent call last):
    ...
    cardrules.errors.CardRulesError: <object object at ...> is not a game: it lacks GAME_ID
    """
    checked = as_game_module(game)
    if checked.GAME_ID in _BUILTIN:
        raise CardRulesError(f"the id {checked.GAME_ID!r} belongs to a built-in game")
    _EXTRA[checked.GAME_ID] = checked
