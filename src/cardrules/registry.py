"""The registry of games: each game's :class:`~cardrules.descriptor.Descriptor` by
``GAME_ID``, and the game modules behind them.

The built-in games are always known; a game from another package is found through the
entry point group ``cardrules.games`` of its distribution (the entry point's name is
its ``GAME_ID``, its value the descriptor: ``"my_package.descriptor:DESCRIPTOR"``), or
made known by :func:`register_game`. Entry points are read once per process, at the
first lookup that needs them. Outside the game packages, this is the only
module that imports a game.

>>> from cardrules.registry import game_ids, get_game
>>> game_ids()[:3]
('bouillotte-historic', 'bouillotte-modern', 'bourre')
>>> get_game("bourre").GAME_ID
'bourre'
"""

from __future__ import annotations

import functools
import importlib
from importlib.metadata import entry_points
from types import ModuleType
from typing import Any

from cardrules.descriptor import Descriptor
from cardrules.errors import CardRulesError, shorten
from cardrules.game import GameModule, as_game_module

__all__ = ["ENTRY_POINTS", "describe", "descriptors", "game_ids", "get_game", "register_game"]

ENTRY_POINTS = "cardrules.games"
"""The entry point group in which other packages name their games' descriptors."""

_BUILTIN = {
    "bouillotte-historic": "cardrules.bouillotte.historic.descriptor",
    "bouillotte-modern": "cardrules.bouillotte.modern.descriptor",
    "bourre": "cardrules.bourre.descriptor",
}
_EXTRA: dict[str, Descriptor] = {}


@functools.cache
def _entry_points() -> tuple[Any, ...]:
    """The entry points of ``cardrules.games``, read once per process (at the first
    lookup that needs them: reading them scans every installed distribution)."""
    return tuple(entry_points(group=ENTRY_POINTS))


def _plugged() -> dict[str, Any]:
    """The entry points of ``cardrules.games`` by name (a name taken by a built-in or
    registered game is left out)."""
    return {
        point.name: point
        for point in _entry_points()
        if point.name not in _BUILTIN and point.name not in _EXTRA
    }


def game_ids() -> tuple[str, ...]:
    """The ids of every known game, sorted.

    >>> "bouillotte-modern" in game_ids()
    True
    """
    return tuple(sorted({*_BUILTIN, *_EXTRA, *_plugged()}))


def describe(game: str | Any) -> Descriptor:
    """The descriptor of ``game``: a ``GAME_ID``, one of its aliases (``"modern"``),
    or a game module.

    :raises CardRulesError: if no game has that id or alias.

    >>> describe("historic").game_id
    'bouillotte-historic'
    """
    if not isinstance(game, str):
        game_id = getattr(game, "GAME_ID", None)
        if not isinstance(game_id, str):
            raise CardRulesError(
                f"{shorten(game, repr)} is not a game: give a GAME_ID or a game module"
            )
        game = game_id
    if game in _EXTRA:
        return _EXTRA[game]
    path = _BUILTIN.get(game)
    if path is not None:
        return _checked(importlib.import_module(path).DESCRIPTOR, game)
    for known in (*_BUILTIN, *_EXTRA):  # an alias of a game known without entry points
        if game in describe(known).aliases:
            return describe(known)
    plugged = _plugged().get(game)
    if plugged is not None:
        try:
            loaded = plugged.load()
        except Exception as error:
            raise CardRulesError(
                f"the game {game!r} (entry point {plugged.value!r} of {ENTRY_POINTS}) "
                f"failed to load: {type(error).__name__}: {shorten(error)}"
            ) from error
        return _checked(loaded, game)
    for name in _plugged():  # an alias of a game of another package
        if game in describe(name).aliases:
            return describe(name)
    raise CardRulesError(
        f"no game has the id {shorten(game, repr, 60)}; known games: " + ", ".join(game_ids())
    )


def descriptors() -> tuple[Descriptor, ...]:
    """Every known game's descriptor, by id.

    >>> [descriptor.title for descriptor in descriptors()][:3]
    ['Bouillotte (historic system)', 'Bouillotte (modern rules)', 'Bourré']
    """
    return tuple(describe(game_id) for game_id in game_ids())


def _checked(descriptor: object, game_id: str) -> Descriptor:
    if not isinstance(descriptor, Descriptor) or descriptor.game_id != game_id:
        raise CardRulesError(
            f"the game {game_id!r} is described by {shorten(descriptor, repr, 60)}, "
            f"not a cardrules.descriptor.Descriptor with game_id {game_id!r}"
        )
    return descriptor


def get_game(game_id: str) -> GameModule:
    """The game (its module) with this ``GAME_ID``.

    :raises CardRulesError: if no game has that id.

    >>> get_game("bouillotte-historic").Rules().deals
    12
    """
    if not isinstance(game_id, str):
        raise CardRulesError(
            f"no game has the id {shorten(game_id, repr, 60)}; known games: "
            + ", ".join(game_ids())
        )
    return as_game_module(describe(game_id).game)


def register_game(game: ModuleType | GameModule | Descriptor) -> None:
    """Make a game outside the library known: to records (``dumps``/``loads``),
    :func:`~cardrules.simulate`, the bots and the command line.

    ``game`` is the game's :class:`~cardrules.descriptor.Descriptor`, or its module
    (which needs ``GAME_ID``, ``Rules`` (an attrs class), ``ACTIONS`` and ``new_game``,
    as the built-in game modules have): a module is described by its ``DESCRIPTOR``
    when it has one, else by its id alone.

    :raises CardRulesError: if ``game`` lacks one of them, or takes a built-in id.

    >>> register_game(object())
    Traceback (most recent call last):
    ...
    cardrules.errors.CardRulesError: <object object at ...> is not a game: it lacks GAME_ID
    """
    if isinstance(game, Descriptor):
        descriptor = game
        as_game_module(descriptor.game)
    else:
        checked = as_game_module(game)
        found = getattr(checked, "DESCRIPTOR", None)
        descriptor = (
            found
            if isinstance(found, Descriptor)
            else Descriptor(game_id=checked.GAME_ID, title=checked.GAME_ID, module=checked)
        )
    if descriptor.game_id in _BUILTIN:
        raise CardRulesError(f"the id {descriptor.game_id!r} belongs to a built-in game")
    _EXTRA[descriptor.game_id] = descriptor
