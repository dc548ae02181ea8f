"""The protocols a game follows: what the core asks of a game's module, its states
and its views (every built-in game fits them, and so must a game from another package).
"""

from __future__ import annotations

from collections.abc import Sequence
from fractions import Fraction
from types import ModuleType
from typing import Any, Protocol, runtime_checkable

from cardrules.actions import Action
from cardrules.cards import Card
from cardrules.errors import CardRulesError

__all__ = ["GameModule", "GameState", "GameView", "as_game_module"]


class GameView(Protocol):
    """What every game's ``View`` offers."""

    @property
    def seat(self) -> int:
        """The seat whose view this is."""
        ...

    def legal_actions(self) -> tuple[Action, ...]:
        """The seat's legal actions when it is to act, else ``()``."""
        ...


@runtime_checkable
class GameState(Protocol):
    """What every game's ``State`` offers (see the API reference of each game)."""

    GAME_ID: str

    @property
    def rules(self) -> Any: ...

    @property
    def to_act(self) -> Any: ...

    @property
    def is_terminal(self) -> bool: ...

    @property
    def chance_cards(self) -> tuple[Card, ...]: ...

    @property
    def history(self) -> tuple[Action, ...]: ...

    @property
    def stacks(self) -> tuple[int, ...]: ...

    @property
    def pot(self) -> int: ...

    @property
    def initial_stacks(self) -> tuple[int, ...]: ...

    @property
    def initial_dealer(self) -> int: ...

    def legal_actions(self) -> tuple[Action, ...]:
        """Every legal action of the seat to act; ``()`` at chance nodes and at the end."""
        ...

    def is_legal(self, action: Action) -> bool:
        """Whether ``apply(action)`` would succeed."""
        ...

    def apply(self, action: Action) -> Any:
        """The next state; :class:`~cardrules.IllegalActionError` for an illegal action."""
        ...

    def view(self, seat: int) -> Any:
        """All that ``seat`` may see now, nothing more."""
        ...

    def returns(self) -> tuple[Fraction, ...]:
        """Each seat's net result since ``new_game``."""
        ...


class GameModule(Protocol):
    """A game as the registry and the records see it (a game's module fits)."""

    GAME_ID: str
    Rules: Any
    ACTIONS: tuple[type[Action], ...]

    def new_game(
        self, rules: Any = ..., *, stacks: Sequence[int] | None = ..., dealer: int = ...
    ) -> Any:
        """The first state of a session."""
        ...


def as_game_module(module: ModuleType | GameModule) -> GameModule:
    """Check that ``module`` has what a game needs and return it.

    >>> from cardrules import bourre
    >>> as_game_module(bourre) is bourre
    True
    >>> as_game_module(object())
    Traceback (most recent call last):
    ...
    cardrules.errors.CardRulesError: <object object at ...> is not a game: it lacks GAME_ID
    """
    for name in ("GAME_ID", "Rules", "ACTIONS", "new_game"):
        if not hasattr(module, name):
            raise CardRulesError(f"{module!r} is not a game: it lacks {name}")
    return module
