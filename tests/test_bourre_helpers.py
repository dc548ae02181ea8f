"""Shared setup for the Bourré tests: apply actions by text (deal given hands with
``helpers.dealt``)."""

from __future__ import annotations

from cardrules import Card, cards
from cardrules.bourre import DROP, STAY_IN, Exchange, Play, State


def card(text: str) -> Card:
    return Card.parse(text)


def stay_all(state: State) -> State:
    """Every seat stays in."""
    for _ in range(state.rules.players):
        state = state.apply(STAY_IN)
    return state


def say(state: State, words: str) -> State:
    """Apply 'in'/'out' words in seat order."""
    for word in words.split():
        state = state.apply(STAY_IN if word == "in" else DROP)
    return state


def stand_pat(state: State, seats: int) -> State:
    for _ in range(seats):
        state = state.apply(Exchange(()))
    return state


def plays(state: State, text: str) -> State:
    """Play the cards in order (each by the seat to act)."""
    for item in cards(text):
        state = state.apply(Play(item))
    return state
