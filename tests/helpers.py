"""Helpers every game's tests share: play a line of actions, read the rule that
refuses an action, deal given hands.

Import them as ``from helpers import dealt, rule_of, run`` (``conftest.py`` puts this
folder on the path).
"""

from __future__ import annotations

import importlib
from collections.abc import Iterable, Mapping
from typing import Any

import attrs
import pytest

from cardrules import CHANCE, IllegalActionError
from cardrules.cards import Card, cards

__all__ = ["dealt", "rule_of", "run", "snapshot"]


def snapshot(value: Any) -> tuple[Any, ...]:
    """The fields that make up what ``value`` is (caches left out): compare two
    snapshots item by item with ``is`` to prove that nothing changed."""
    return tuple(getattr(value, f.name) for f in attrs.fields(type(value)) if f.eq)


def run(state: Any, *actions: object) -> Any:
    """Apply ``actions`` in order (each may also be an iterable of actions)."""
    for action in actions:
        if isinstance(action, list | tuple) and not attrs.has(type(action)):
            state = run(state, *action)
        else:
            state = state.apply(action)
    return state


def rule_of(state: Any, action: object) -> str:
    """The rule id of the ``IllegalActionError`` that ``action`` raises in ``state``;
    also checks that ``is_legal`` says ``False`` and that the state is unchanged."""
    before = snapshot(state)
    with pytest.raises(IllegalActionError) as info:
        state.apply(action)
    assert state.is_legal(action) is False
    after = snapshot(state)
    assert all(a is b for a, b in zip(before, after, strict=True)), "a refusal changed the state"
    return info.value.rule


def dealt(state: Any, hands: Mapping[int, str | Iterable[Card]], **up: object) -> Any:
    """Apply the shuffle that deals ``hands`` (seat → cards, or their text) and the
    named up-cards (texts are parsed: ``retourne="9s"``, ``retournes="9s Ah"``,
    ``trump_card="Qh"``), through the game's own ``arrange_deck``."""
    assert state.to_act is CHANCE, "dealt needs a deal's chance node"
    module = importlib.import_module(type(state).__module__.rsplit(".", 1)[0])
    parsed_hands = {
        seat: cards(text) if isinstance(text, str) else tuple(text) for seat, text in hands.items()
    }
    parsed_up: dict[str, object] = {}
    for name, value in up.items():
        if isinstance(value, str):
            found = cards(value)
            parsed_up[name] = found if name in ("retournes", "stock") else found[0]
        else:
            parsed_up[name] = value
    return state.apply(module.arrange_deck(state, parsed_hands, **parsed_up))
