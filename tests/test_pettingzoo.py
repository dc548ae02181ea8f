"""The PettingZoo adapter (cardrules.adapters.pettingzoo) passes PettingZoo's own API
and seed tests for every game, and its rewards add up to each seat's result."""

from __future__ import annotations

import random

import pytest

pytest.importorskip(
    "pettingzoo", reason="the PettingZoo adapter needs the extra: pip install cardrules[pettingzoo]"
)

from pettingzoo.test import api_test, seed_test

from cardrules import RulesError
from cardrules.adapters.pettingzoo import env

GAMES = [
    ("bouillotte-modern", {}),
    ("bouillotte-modern", {"players": 3, "retournes": 2, "deals": 2}),
    ("bouillotte-historic", {"deals": 2, "cave": 10}),
    ("bouillotte-historic", {}),
    ("bourre", {}),
    ("bourre", {"players": 3, "hand_size": 7}),
]


@pytest.mark.parametrize(("game_id", "options"), GAMES)
def test_api_test_passes(game_id: str, options: dict[str, object]) -> None:
    """PettingZoo's api_test, on every game."""
    api_test(env(game_id, **options), num_cycles=60)


@pytest.mark.parametrize(("game_id", "options"), GAMES)
def test_seed_test_passes(game_id: str, options: dict[str, object]) -> None:
    """PettingZoo's seed_test: two environments reset with one seed play alike."""
    seed_test(lambda: env(game_id, **options), num_cycles=60)


def play_out(game: object, seed: int) -> dict[str, float]:
    """Play a whole session with random legal ids; each agent's summed rewards."""
    rng = random.Random(seed)
    game.reset(seed=seed)  # type: ignore[attr-defined]
    sums: dict[str, float] = {}
    for agent in game.agent_iter():  # type: ignore[attr-defined]
        observation, reward, terminated, truncated, _ = game.last()  # type: ignore[attr-defined]
        sums[agent] = sums.get(agent, 0.0) + reward
        if terminated or truncated:
            game.step(None)  # type: ignore[attr-defined]
            continue
        legal = [i for i, bit in enumerate(observation["action_mask"]) if bit]
        game.step(rng.choice(legal))  # type: ignore[attr-defined]
    return sums


@pytest.mark.parametrize(("game_id", "options"), GAMES[:3] + GAMES[4:])
def test_rewards_add_up_to_the_returns(game_id: str, options: dict[str, object]) -> None:
    """X-8: each seat's rewards over a session sum to its ``returns()``."""
    game = env(game_id, **options)
    sums = play_out(game, seed=3)
    state = game.unwrapped.state
    assert state.is_terminal
    for seat, result in enumerate(state.returns()):
        assert sums[f"seat_{seat}"] == pytest.approx(float(result), abs=1e-9)


def test_illegal_action_id_raises() -> None:
    """An id that names no legal action raises and changes nothing (X-9)."""
    game = env("bourre")
    game.reset(seed=2)
    before = game.unwrapped.state
    with pytest.raises(ValueError, match="not legal"):
        game.step(5)
    with pytest.raises(ValueError, match="action id"):
        game.step("stay in")
    assert game.unwrapped.state == before


def test_bad_options_raise_our_messages() -> None:
    """Unknown options and values, unknown games and render modes say what is allowed."""
    with pytest.raises(RulesError, match="no option 'seats'; the options are players"):
        env("bouillotte-modern", seats=4)
    with pytest.raises(RulesError, match="from 2 to 7"):
        env("bourre", players=9)
    with pytest.raises(ValueError, match="known games"):
        env("skat")
    with pytest.raises(ValueError, match="render_mode must be None or 'ansi'"):
        env("bourre", render_mode="human")


def test_ansi_render_shows_the_state() -> None:
    """``render_mode="ansi"`` returns the state as text."""
    game = env("bouillotte-modern", render_mode="ansi")
    game.reset(seed=1)
    text = game.render()
    assert "bouillotte-modern, deal 0" in text and "seat 3: stack 99, hand" in text


def test_same_seed_same_session() -> None:
    """Two resets with one seed deal the same cards; another seed deals others."""
    game = env("bourre")
    game.reset(seed=9)
    first = game.unwrapped.state
    game.reset(seed=9)
    assert game.unwrapped.state == first
    game.reset(seed=10)
    assert game.unwrapped.state != first


# -- issue 34, items 15 and 18 ------------------------------------------------------------


@pytest.mark.parametrize(
    ("game_id", "options", "says"),
    [
        ("bouillotte-modern", {"stack": 10**15, "max_raise": 10**15}, "action ids"),
        ("bouillotte-historic", {"cave": 10**6}, "action ids"),
        ("bourre", {"deals": 10**6}, "tensor floats"),
    ],
)
def test_env_refuses_rules_no_framework_can_hold(
    game_id: str, options: dict[str, object], says: str
) -> None:
    """Issue 34, item 15: ``env(stack=max_raise=10**15)`` asked numpy for 909 TiB;
    rules whose encoding is past the adapters' bounds are refused when the
    environment is made, with the size and the bound."""
    with pytest.raises(RulesError, match=f"env: these rules need .* {says}, more than"):
        env(game_id, **options)


def test_reset_takes_numpy_seeds_and_refuses_others() -> None:
    """Issue 34, item 18: NumPy integers are seeds (as everywhere in Gymnasium)."""
    import numpy as np

    first, second = env("bourre"), env("bourre")
    first.reset(seed=np.int64(5))
    second.reset(seed=5)
    assert first.unwrapped.state == second.unwrapped.state
    for seed in ("5", 1.5, True):
        with pytest.raises(ValueError, match="a seed is an int"):
            first.reset(seed=seed)  # type: ignore[arg-type]


def test_an_unknown_agent_is_named_with_the_agents() -> None:
    """Issue 34, item 18: ``action_space("seat_9")`` raised a raw KeyError and
    ``observe("x")`` a vague "not in list"."""
    game = env("bourre")
    game.reset(seed=1)
    for call in (game.action_space, game.observation_space, game.observe):
        with pytest.raises(ValueError, match="no agent 'seat_9' in this environment; the agents"):
            call("seat_9")
    with pytest.raises(ValueError, match="seat_0, seat_1, seat_2, seat_3"):
        game.observe("x")


def test_the_entry_points_run_or_refuse_any_arguments() -> None:
    """Issue 34 (fuzzing the adapters' entry points): ``env`` options, seeds, agents
    and action ids drawn at random give a result or a ValueError, never another error."""
    from hypothesis import given, settings
    from hypothesis import strategies as st

    values = st.one_of(
        st.integers(-2, 12), st.sampled_from([10**6, 10**12, None, "x", 1.5, True, ()])
    )
    names = st.sampled_from(["players", "deals", "stack", "hand_size", "cave", "colour"])

    @settings(max_examples=120, deadline=None)
    @given(
        game_id=st.sampled_from(["bourre", "bouillotte-modern", "bouillotte-historic"]),
        options=st.dictionaries(names, values, max_size=2),
        seed=st.one_of(st.none(), st.integers(-(2**70), 2**70), st.sampled_from(["1", 0.5])),
        agent=st.sampled_from(["seat_0", "seat_1", "seat_9", "x", ""]),
        action=st.one_of(st.integers(-3, 200), st.sampled_from([None, "1", 2.0, 10**30])),
    )
    def run(
        game_id: str, options: dict[str, object], seed: object, agent: str, action: object
    ) -> None:
        message = "ran"
        try:
            game = env(game_id, **options)
            game.reset(seed=seed)  # type: ignore[arg-type]
            game.observe(agent)
            game.step(action)
        except ValueError as error:  # RulesError and IllegalActionError are ValueErrors
            message = str(error)
        assert message

    run()
