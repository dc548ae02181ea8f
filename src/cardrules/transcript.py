"""Readable transcripts of a game: every action and every event, deal by deal.

>>> import random
>>> from cardrules import play, random_policy
>>> from cardrules.bourre import new_game
>>> final = play(new_game(), [random_policy] * 4, random.Random(2))
>>> lines = list(transcript(final))
>>> lines[0]
'Bourré, 4 players, 1 deal'
"""

from __future__ import annotations

from collections.abc import Iterator
from typing import Any

import attrs

from cardrules.chance import Shuffle
from cardrules.events import DealStarted, signed
from cardrules.game import GameState
from cardrules.registry import get_game

__all__ = ["transcript"]

_TITLES = {
    "bouillotte-modern": "Bouillotte (modern rules)",
    "bouillotte-historic": "Bouillotte (historic system)",
    "bourre": "Bourré",
}


def _cards(items: Any) -> str:
    return " ".join(str(card) for card in items)


def _table(state: Any) -> str:
    parts = []
    for name in ("retournes", "retourne", "trump_card"):
        value = getattr(state, name, None)
        if value:
            label = (
                name.replace("_", " ")
                .replace("retournes", "retourné")
                .replace("retourne", "retourné")
            )
            parts.append(f"{label} {_cards(value) if isinstance(value, tuple) else value}")
    return ", ".join(parts)


def transcript(state: GameState, *, hands: bool = True) -> Iterator[str]:
    """Replay ``state.history`` and describe it line by line.

    :param state: the state whose history to tell.
    :param hands: show every seat's cards after each deal (an onlooker's transcript);
        ``False`` shows only public information.
    :returns: the lines, without newlines.

    >>> import random
    >>> from cardrules import play, random_policy
    >>> from cardrules.bouillotte import modern
    >>> final = play(modern.new_game(), [random_policy] * 4, random.Random(3))
    >>> for line in list(transcript(final, hands=False))[:3]:
    ...     print(line)
    Bouillotte (modern rules), 4 players, 1 deal
    Deal 1 (seat 0 deals)
      * seat 1 antes 1
    """
    game = get_game(state.GAME_ID)
    rules = state.rules
    players = len(state.stacks)
    deals = getattr(rules, "deals", 1)
    yield f"{_TITLES.get(state.GAME_ID, state.GAME_ID)}, {players} players, " + (
        f"{deals} deal" + "s" * (deals != 1)
    )
    current = game.new_game(rules, stacks=state.initial_stacks, dealer=state.initial_dealer)
    seen_events = 0
    yield from _events(current, 0)
    seen_events = len(current.events)
    for action in state.history:
        actor = current.to_act
        current = current.apply(action)
        if isinstance(action, Shuffle):
            yield "  the cards are shuffled and dealt" + (
                f": {_table(current)}" if _table(current) else ""
            )
            if hands:
                for seat, hand in enumerate(current.hands):
                    if hand:
                        yield f"    seat {seat}: {_cards(hand)}"
        else:
            yield f"  seat {actor}: {action}"
        yield from _events(current, seen_events)
        seen_events = len(current.events)
    if current.is_terminal:
        yield "Results: " + ", ".join(
            f"seat {seat} {signed(result)}" for seat, result in enumerate(current.returns())
        )


def _events(state: Any, start: int) -> Iterator[str]:
    for event in state.events[start:]:
        if isinstance(event, DealStarted):
            yield f"Deal {event.deal_number + 1} (seat {event.dealer} deals)"
        elif attrs.has(type(event)):
            yield f"  * {event}"
