"""What every game module shares: small helpers for writing a game (its standings,
the checks of ``new_game``'s arguments and of a seat, the text of a legal set), and,
for the modules that import them from here, the protocols
(:mod:`cardrules.protocols`) and the log (:mod:`cardrules.log`).

A game module (``cardrules.bouillotte.modern``, ``cardrules.bouillotte.historic``,
``cardrules.bourre``) exports ``GAME_ID``, ``Rules``, ``new_game``, ``State``,
``arrange_deck`` and ``ACTIONS`` (its action classes, which records use).
"""

from __future__ import annotations

from collections.abc import Sequence
from fractions import Fraction
from typing import TypeVar

from cardrules.actions import Action, Raise
from cardrules.errors import CardRulesError, RulesError, shorten
from cardrules.log import Log, seat_only
from cardrules.protocols import GameModule, GameState, GameView, as_game_module

__all__ = [
    "GameModule",
    "GameState",
    "GameView",
    "Log",
    "as_game_module",
    "check_new_game",
    "check_seat",
    "describe_actions",
    "seat_only",
    "standings_of",
]

T = TypeVar("T")


def standings_of(results: Sequence[Fraction | int]) -> tuple[int, ...]:
    """Places by result, best first: equal results share a place and the next
    place skips (1, 1, 3).

    >>> standings_of([5, -3, 5, -7])
    (1, 3, 1, 4)
    """
    return tuple(1 + sum(1 for other in results if other > mine) for mine in results)


def check_new_game(
    rules: object, rules_class: type[T], stacks: object, dealer: object, default: T
) -> tuple[T, tuple[int, ...], int]:
    """The arguments of a game's ``new_game``, checked the same way in every game.

    :param rules: the ``rules`` given (``None``: ``default``).
    :param rules_class: the game's ``Rules`` class.
    :param stacks: ``None`` (the rules' ``stack`` for every seat), or a tuple or list of
        one int >= 0 per seat (a seat that starts with 0 rebuys at the first deal, X-6).
    :param dealer: the first dealer, an int seat.
    :param default: ``Rules()``.
    :returns: ``(rules, stacks, dealer)``.
    :raises RulesError: naming the argument, the value and what is allowed.

    >>> from cardrules.bourre import Rules
    >>> check_new_game(None, Rules, [5, 0, 7, 9], 1, Rules())[1:]
    ((5, 0, 7, 9), 1)
    >>> check_new_game(None, Rules, {0: 1, 1: 2, 2: 3, 3: 4}, 0, Rules())
    Traceback (most recent call last):
    ...
    cardrules.errors.RulesError: stacks must be a tuple or list of 4 ints >= 0 ... not a dict
    """
    if rules is None:
        rules = default
    if not isinstance(rules, rules_class):
        raise RulesError(
            f"new_game needs a {rules_class.__module__.rsplit('.', 1)[0]}.Rules, "
            f"not {shorten(rules, repr)}"
        )
    players: int = rules.players  # type: ignore[attr-defined]
    if stacks is None:
        start = (rules.stack,) * players  # type: ignore[attr-defined]
    else:
        if not isinstance(stacks, tuple | list):
            raise RulesError(
                f"stacks must be a tuple or list of {players} ints >= 0 (one per seat), "
                f"not a {type(stacks).__name__}"
            )
        if len(stacks) != players or not all(type(s) is int and s >= 0 for s in stacks):
            raise RulesError(
                f"stacks must be a tuple or list of {players} ints >= 0 (one per seat), "
                f"not {shorten(stacks, repr)}"
            )
        start = tuple(stacks)
    if type(dealer) is not int or not 0 <= dealer < players:
        raise RulesError(
            f"dealer must be an int from 0 to {players - 1}, not {shorten(dealer, repr)}"
        )
    return rules, start, dealer


def check_seat(seat: object, players: int, what: str = "seat") -> int:
    """Return ``seat`` if it is an int in ``0 … players-1``; raise ValueError otherwise.

    >>> check_seat(2, 4)
    2
    >>> check_seat(4, 4)
    Traceback (most recent call last):
    ...
    cardrules.errors.CardRulesError: seat must be an int from 0 to 3, not 4
    """
    if type(seat) is not int or not 0 <= seat < players:
        raise CardRulesError(
            f"{what} must be an int from 0 to {players - 1}, not {shorten(seat, repr)}"
        )
    return seat


def describe_actions(actions: Sequence[Action]) -> str:
    """A short human list of actions, raises folded into ranges.

    >>> from cardrules.actions import CALL, FOLD, raise_to
    >>> describe_actions([CALL, raise_to(3), raise_to(4), raise_to(5), FOLD])
    'call, raise to 3…5, fold'
    >>> describe_actions([])
    'nothing'
    """
    if not actions:
        return "nothing"
    parts: list[str] = []
    raises = [a.to for a in actions if isinstance(a, Raise)]
    raise_written = False
    others = 0
    for action in actions:
        if isinstance(action, Raise):
            if raise_written:
                continue
            raise_written = True
            low, high = min(raises), max(raises)
            if low == high:
                parts.append(f"raise to {low}")
            elif len(raises) == high - low + 1:
                parts.append(f"raise to {low}…{high}")
            else:
                parts.append("raise to " + ", ".join(str(r) for r in sorted(raises)))
        elif len(parts) < 12:
            parts.append(str(action))
        else:
            others += 1
    if others:
        parts.append(f"… ({others} more)")
    return ", ".join(parts)
