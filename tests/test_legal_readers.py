"""Who chooses an action reads the legal set, never the spelled-out raises (issue 33;
issue 34, items 14 and 15): views keep the state's legal set, also after pickling, and
have ``legal()``; ``random_policy``, the bots, the encodings and the command's prompt
pay the same at any stack; a bot given the wrong view says so."""

from __future__ import annotations

import pickle
import random
from collections.abc import Iterator
from typing import Any

import pytest

from cardrules import CardRulesError, bourre, random_policy, sample_chance
from cardrules.bots import HeuristicBot, RandomBot
from cardrules.bouillotte import historic, modern
from cardrules.encodings import encoding_for
from cardrules.legal import Legal

GAMES = {"bouillotte-modern": modern, "bouillotte-historic": historic, "bourre": bourre}


def _decisions(module: Any, seed: int, most: int = 400) -> Iterator[Any]:
    """The decision nodes of a random session."""
    rng = random.Random(seed)
    state = module.new_game()
    for _ in range(most):
        if state.is_terminal:
            return
        if isinstance(state.to_act, int):
            yield state
            state = state.apply(random_policy(state.view(state.to_act), rng))
        else:
            state = state.apply(sample_chance(state, rng))


@pytest.mark.parametrize("game", GAMES)
def test_X_10_a_pickled_view_keeps_its_legal_set(game: str) -> None:
    """X-10 (API.md §4): a view's ``legal_actions()`` and ``legal()`` are the state's
    own values, also after pickling (historic views listed Check() for Call())."""
    count = 0
    for seed in range(6):
        for state in _decisions(GAMES[game], seed):
            view = state.view(state.to_act)
            again = pickle.loads(pickle.dumps(view))
            assert view.legal() is state.legal()
            assert again == view and again.legal() == state.legal()
            assert again.legal_actions() == state.legal_actions()
            count += 1
    assert count > 50


@pytest.mark.parametrize("game", GAMES)
def test_legal_nth_is_legal_actions_at_the_index(game: str) -> None:
    """``Legal.nth(i)`` is ``actions()[i]`` (what ``random_policy`` draws)."""
    for state in _decisions(GAMES[game], 7, most=150):
        legal, actions = state.legal(), state.legal_actions()
        assert legal.count == len(actions)
        assert [legal.nth(i) for i in range(legal.count)] == list(actions)
        assert legal.nth(-1) == actions[-1]
    with pytest.raises(IndexError, match="indices 0 to"):
        Legal().nth(0)


@pytest.fixture
def no_spelling(monkeypatch: pytest.MonkeyPatch) -> None:
    """Spelling out the raises fails: what runs under it reads the legal set only."""

    def refuse(self: Legal) -> tuple[Any, ...]:
        if self.low <= self.high and self.high - self.low > 100:
            raise AssertionError("the raises were spelled out")
        return Legal.__dict__["_spell"](self)  # type: ignore[no-any-return]

    monkeypatch.setattr(Legal, "_spell", Legal.actions, raising=False)
    monkeypatch.setattr(Legal, "actions", refuse)


def _huge() -> Any:
    """A modern betting decision with ten million raises legal."""
    rules = modern.Rules(stack=10**7, max_raise=10**7)
    state = modern.new_game(rules)
    rng = random.Random(1)
    while not isinstance(state.to_act, int):
        state = state.apply(sample_chance(state, rng))
    assert state.legal().count > 10**6
    return state


@pytest.mark.usefixtures("no_spelling")
def test_choosing_costs_the_same_at_any_stack() -> None:
    """Issue 34, item 15: ``random_policy``, the bots, the encodings' legal ids and
    ``action_of`` read ``legal()`` (a modern call with ten million legal raises took
    50 s and 915 MiB)."""
    state = _huge()
    view = state.view(state.to_act)
    rng = random.Random(2)
    assert random_policy(view, rng) in state.legal()
    assert RandomBot()(view, rng) in state.legal()
    assert HeuristicBot("modern")(view, rng) in state.legal()
    encoding = encoding_for("bouillotte-modern", state.rules)
    ids = encoding.legal_action_ids(view)
    assert len(ids) == state.legal().count
    assert encoding.action_of(ids[-1], view) in state.legal()


@pytest.mark.usefixtures("no_spelling")
def test_the_prompt_costs_the_same_at_any_stack(
    monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    """Issue 34, item 15; issue 35: the ``play`` prompt numbers the least and the
    largest raise and names the range, and ``help`` lists them; neither spells the
    raises out (with ten million of them legal)."""
    import io

    from cardrules.cli import main

    monkeypatch.setattr("sys.stdin", io.StringIO("help\n" * 3 + "quit\n"))
    options = ["stack=10000000", "max_raise=10000000"]
    assert main(["play", "modern", "--seat", "1", "--seed", "3", "--rules", *options]) == 0
    shown = capsys.readouterr().out
    assert "raise to N' for any N from" in shown and "legal now:" in shown


@pytest.mark.parametrize("game", GAMES)
def test_a_bot_given_a_wrong_view_says_so(game: str) -> None:
    """Issue 34, item 14: one documented behaviour for every heuristic bot: a
    ``CardRulesError`` (a ``ValueError``) naming the bot's game and what it was given:
    another game's view, ``None``, or a view whose seat is not to act."""
    bot = HeuristicBot(game)
    rng = random.Random(0)
    for other, module in GAMES.items():
        if other != game:
            with pytest.raises(
                CardRulesError, match=f"plays {game}; it was given a view of {other}"
            ):
                bot(module.new_game().view(0), rng)
    with pytest.raises(CardRulesError, match=f"plays {game}; it was given None"):
        bot(None, rng)
    state = GAMES[game].new_game()
    idle = next(seat for seat in range(len(state.stacks)) if seat != state.to_act)
    with pytest.raises(CardRulesError, match=f"seat {idle} has no legal action"):
        bot(state.view(idle), rng)
    with pytest.raises(CardRulesError, match="no legal action"):
        RandomBot()(state.view(idle), rng)
