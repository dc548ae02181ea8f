"""parse_action (the inverse of str and repr), and the JSON forms of actions and views,
checked over random games of every game and many rule variants."""

from __future__ import annotations

import json
import random
from typing import Any

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

import cardrules.bourre as bourre
from cardrules import CHANCE, Raise, play, random_policy, sample_chance
from cardrules.bouillotte import historic, modern
from cardrules.cards import Card, cards
from cardrules.notation import (
    action_from_json,
    action_text,
    action_to_json,
    parse_action,
    parser_for,
    view_to_json,
)

GAMES = [modern, historic, bourre]
VARIANTS = [
    (modern, modern.Rules(deals=3)),
    (modern, modern.Rules(players=5, retournes=2, open_card=True, betting_rounds=2)),
    (historic, historic.Rules(deals=2)),
    (bourre, bourre.Rules(players=7, deals=3)),
    (bourre, bourre.Rules(players=3, hand_size=7, deals=2)),
]


def walk(game: Any, rules: Any, seed: int) -> list[tuple[Any, Any]]:
    """Every (state, action) of a random session, chance included."""
    rng = random.Random(seed)
    state = game.new_game(rules)
    steps = []
    while not state.is_terminal:
        if state.to_act is CHANCE:
            action = sample_chance(state, rng)
        else:
            action = random_policy(state.view(state.to_act), rng)
        steps.append((state, action))
        state = state.apply(action)
    steps.append((state, None))
    return steps


@pytest.mark.parametrize(("game", "rules"), VARIANTS, ids=lambda v: getattr(v, "GAME_ID", ""))
@settings(max_examples=4)
@given(seed=st.integers(0, 10**6))
def test_every_legal_action_reads_back_from_str_repr_and_json(
    game: Any, rules: Any, seed: int
) -> None:
    for state, _ in walk(game, rules, seed)[::3]:
        legal = state.legal_actions()
        for action in legal[:6] + legal[-6:]:
            assert parse_action(game, action_text(action)) == action
            assert parse_action(game, repr(action)) == action
            assert parse_action(game.GAME_ID, action_text(action).upper()) == action
            data = action_to_json(action)
            assert action_from_json(json.loads(json.dumps(data)), game) == action
            assert action_from_json(json.dumps(data), game.GAME_ID) == action


@pytest.mark.parametrize(("game", "rules"), VARIANTS, ids=lambda v: getattr(v, "GAME_ID", ""))
@settings(max_examples=4)
@given(seed=st.integers(0, 10**6))
def test_views_hold_the_same_in_json(game: Any, rules: Any, seed: int) -> None:
    for state, _ in walk(game, rules, seed)[::4]:
        for seat in range(len(state.stacks)):
            view = state.view(seat)
            data = view_to_json(view)
            assert json.loads(json.dumps(data)) == data  # plain JSON, stable
            assert data["seat"] == seat
            assert data["hand"] == [card.code for card in view.hand]
            legal = [action_from_json(item, game) for item in data["legal_actions"]]
            assert tuple(legal) == view.legal_actions()
            history = [action_from_json(item, game) for item in data["history"]]
            assert tuple(history) == view.history
            assert len(data["events"]) == len(view.events)
            assert all(set(item) >= {"event"} for item in data["events"])
            assert data["to_act"] == ("chance" if view.to_act is CHANCE else view.to_act)


def test_a_view_in_json_holds_no_hidden_card() -> None:
    state = bourre.new_game()
    state = state.apply(sample_chance(state, random.Random(4)))
    text = json.dumps(view_to_json(state.view(2)))
    for seat in (0, 1, 3):
        for card in state.hands[seat]:
            if card != state.trump_card:
                assert f'"{card.code}"' not in text


def test_exchange_text_names_its_cards_and_the_old_count_form_is_explained() -> None:
    exchange = bourre.Exchange(cards("K♥ 9♠"))
    assert action_text(exchange) == "exchange 9♠ K♥"
    assert parse_action(bourre, "exchange 9s kh") == exchange
    assert parse_action(bourre, "exchange 9♠, K♥") == exchange
    assert parse_action(bourre, "stand pat") == bourre.Exchange(())
    assert parse_action(bourre, "Exchange(discards=())") == bourre.Exchange(())
    assert parse_action(bourre, "Exchange((Card.parse('9s'), Card.parse('Kh')))") == exchange
    with pytest.raises(ValueError, match="cannot read '2' as a card"):
        parse_action(bourre, "exchange 2 cards")


@pytest.mark.parametrize(
    ("game", "text", "expected"),
    [
        (modern, "raise to 12", Raise(to=12)),
        (modern, "Raise(to=-1)", Raise(to=-1)),
        (modern, "Raise(12)", Raise(to=12)),
        (modern, "  CHECK ", modern.CHECK),
        (historic, "carre", historic.CARRE),
        (historic, "Decline()", historic.DECLINE),
        (bourre, "play 10h", bourre.Play(Card.parse("Th"))),
        (bourre, "Play(card=Card.parse('Q♥'))", bourre.Play(Card.parse("Q♥"))),
        (bourre, "drop", bourre.DROP),
    ],
)
def test_parse_action_reads(game: Any, text: str, expected: Any) -> None:
    assert parse_action(game, text) == expected


@pytest.mark.parametrize(
    ("game", "text", "message"),
    [
        (modern, "raise to many", "expected one of 'check', 'call', 'fold', 'raise to 4'"),
        (modern, "play Q♥", "expected one of"),
        (bourre, "play Z♥", "cannot read 'Z♥' as a card"),
        (bourre, "Play(card=__import__('os'))", "is not an int, a Card.parse"),
        (bourre, "Raise(to=4)", "Raise is not an action of this game"),
        (bourre, "Play(card=Card.parse('Q♥'), x=1)", "has no argument 'x'"),
        (modern, "Raise(", "not a valid repr"),
        (modern, "x" * 2000, "at most 1000 characters"),
        (modern, 5, "reads a str"),
    ],
)
def test_parse_action_refuses_saying_what_was_expected(game: Any, text: Any, message: str) -> None:
    with pytest.raises(ValueError, match=message.replace("(", r"\(").replace(")", r"\)")):
        parse_action(game, text)


@pytest.mark.parametrize(
    ("data", "message"),
    [
        ({"action": "Fly"}, "is not an action of bourre"),
        ({"action": "Play", "card": "Qh", "x": 1}, "takes the fields card"),
        ({"action": "Play", "card": "Zh"}, "action.card: cannot read 'Zh'"),
        ({"action": "Play", "card": 1.5}, "action.card: expected a card code, found a number"),
        ("[1, 2", "not valid JSON"),
        ([1], "an object with an 'action' name"),
    ],
)
def test_action_from_json_refuses(data: Any, message: str) -> None:
    with pytest.raises(ValueError, match=message):
        action_from_json(data, bourre)


def test_parser_for_works_for_any_action_classes() -> None:
    parse = parser_for(modern.ACTIONS, "my game")
    assert parse("announce a brelan") == modern.ANNOUNCE
    with pytest.raises(ValueError, match="as an action of my game"):
        parse("stay in")


def test_a_finished_game_replays_from_the_text_of_its_actions() -> None:
    for game in GAMES:
        final = play(game.new_game(), [random_policy] * 4, random.Random(9))
        state = game.new_game()
        for action in final.history:
            if state.to_act is not CHANCE:
                action = parse_action(game, action_text(action))
            state = state.apply(action)
        assert state == final
