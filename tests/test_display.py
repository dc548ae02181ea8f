"""A position prints as a person at the table reads it (issue: what a person meets
first): a short ``str`` of every state, a short ``repr``, and a notebook picture drawn
with the docs' card pictures (X-10: a view shows only its own seat's cards)."""

from __future__ import annotations

import random
from typing import Any

import pytest

from cardrules import CHANCE, bourre, sample_chance
from cardrules.bouillotte import historic, modern
from cardrules.pictures import card_svg

GAMES: list[tuple[Any, Any]] = [
    (modern, modern.Rules(players=5, retournes=2, open_card=True, betting_rounds=2)),
    (historic, historic.Rules(deals=2)),
    (bourre, bourre.Rules(players=7, hand_size=7)),
]


def _states(game: Any, rules: Any, seed: int) -> list[Any]:
    rng = random.Random(seed)
    state = game.new_game(rules)
    states = [state]
    while not state.is_terminal and len(states) < 400:
        if state.to_act is CHANCE:
            action = sample_chance(state, rng)
        else:
            action = rng.choice(state.legal_actions())
        state = state.apply(action)
        states.append(state)
    return states


@pytest.mark.parametrize(("game", "rules"), GAMES, ids=lambda g: getattr(g, "GAME_ID", ""))
def test_a_state_prints_as_a_position_in_a_dozen_lines(game: Any, rules: Any) -> None:
    for state in _states(game, rules, 3):
        text = str(state)
        lines = text.splitlines()
        assert len(lines) <= 12, text
        assert lines[0].startswith(state.GAME_NAME)
        assert f"dealer seat {state.dealer}" in lines[0]
        assert sum(line.startswith("seat ") for line in lines) == len(state.stacks)
        for seat, hand in enumerate(state.hands):  # a state is the whole truth
            seat_line = next(line for line in lines if line.startswith(f"seat {seat} "))
            assert all(str(card) in seat_line for card in hand), (seat, text)
        assert f"pot {state.pot}" in lines
        if isinstance(state.to_act, int):
            described = state.legal().describe()
            if len(described) <= 60:
                assert lines[-1] == f"legal: {described}"
            else:
                assert lines[-1].startswith("legal: ") and lines[-1].endswith("…")
                assert len(lines[-1]) == len("legal: ") + 60


@pytest.mark.parametrize(("game", "rules"), GAMES, ids=lambda g: getattr(g, "GAME_ID", ""))
def test_a_state_s_repr_is_short_and_names_game_deal_and_turn(game: Any, rules: Any) -> None:
    for state in _states(game, rules, 4)[::25]:
        text = repr(state)
        assert len(text) < 100, text
        assert text == (
            f"State(game={state.GAME_ID!r}, deal_number={state.deal_number}, "
            f"to_act={state.to_act!r}, is_terminal={state.is_terminal})"
        )
        assert "deck" not in text and "_record" not in text


@pytest.mark.parametrize(("game", "rules"), GAMES, ids=lambda g: getattr(g, "GAME_ID", ""))
def test_a_notebook_draws_every_hand_with_the_docs_card_pictures(game: Any, rules: Any) -> None:
    for state in _states(game, rules, 5)[::40]:
        page = state._repr_html_()
        assert page.startswith("<style>")
        for hand in state.hands:
            for card in hand:
                assert card_svg(card) in page


# -- views (issue 35) -------------------------------------------------------------------


@pytest.mark.parametrize("game", ["bouillotte-modern", "bouillotte-historic", "bourre"])
def test_X_10_a_view_prints_its_seat_s_position_and_no_hidden_card(game: str) -> None:
    """X-10, issue 35: ``str(view)`` reads as the position the seat sees (a dozen lines
    or fewer), ``repr(view)`` is one short line, ``_repr_html_`` draws it; none of them
    shows a card the seat may not see."""
    import random

    from cardrules import random_policy, sample_chance
    from cardrules.registry import get_game

    module = get_game(game)
    rng = random.Random(5)
    state = module.new_game()
    for _ in range(40):
        if state.is_terminal:
            break
        if isinstance(state.to_act, int):
            seat = state.to_act
            view = state.view(seat)
            text, line, page = str(view), repr(view), view._repr_html_()
            assert len(text.splitlines()) <= 12 and f"seen by seat {seat}" in text
            assert "\n" not in line and line.startswith(f"View(game={game!r}, seat={seat}")
            seen = {str(card) for card in view.hand}
            for other, hand in enumerate(state.hands):
                hidden = {str(card) for card in hand} - seen
                if other != seat and hidden:
                    shown = set(text.replace("\n", " ").split())
                    public = {str(card) for card in _public_cards(view)}
                    assert not (hidden - public) & shown, (other, text)
            assert "<svg" in page
            state = state.apply(random_policy(view, rng))
        else:
            state = state.apply(sample_chance(state, rng))


def _public_cards(view: Any) -> list[Any]:
    """The cards face up that a view shows (retournés, the trump card, the trick)."""
    found: list[Any] = []
    for name in ("retournes", "dead_retournes", "retourne", "trump_card", "trick"):
        value = getattr(view, name, None)
        if isinstance(value, tuple):
            found += value
        elif value is not None and not isinstance(value, str) and hasattr(value, "rank"):
            found.append(value)
    return found
