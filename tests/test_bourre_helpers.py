"""Shared setup for the Bourré tests: deal given hands and apply actions by text."""

from __future__ import annotations

from cardrules import Card, cards
from cardrules.bourre import DROP, STAY_IN, Exchange, Play, Rules, State, arrange_deck, new_game


def card(text: str) -> Card:
    return Card.parse(text)


def dealt(
    rules: Rules,
    hands: dict[int, str],
    trump: str | None = None,
    *,
    dealer: int = 0,
    stacks: tuple[int, ...] | None = None,
    stock: str | None = None,
) -> State:
    """A new game with the given hands dealt (the dealer's trump card named)."""
    state = new_game(rules, stacks=stacks, dealer=dealer)
    shuffle = arrange_deck(
        state,
        {seat: cards(text) for seat, text in hands.items()},
        trump_card=card(trump) if trump else None,
        stock=cards(stock) if stock else None,
    )
    return state.apply(shuffle)


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
