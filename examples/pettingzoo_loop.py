"""A PettingZoo loop: random agents play sessions of each game through the AEC API.

Each agent picks a random legal action id from its observation's action mask; the
rewards an agent collects add up to its result of the session (``returns()``). The
test suite runs it with 3 sessions a game; the documentation's figures come from
``python examples/pettingzoo_loop.py 200``. Needs the extra:
``pip install cardrules[pettingzoo]``.
"""

from __future__ import annotations

import sys

try:
    import numpy as np

    from cardrules.adapters.pettingzoo import env
except ImportError as missing:  # the extra is not installed: say so and stop
    print(f"this example needs the pettingzoo extra ({missing.name} is missing):")
    print("    pip install cardrules[pettingzoo]")
    sys.exit(0)


def session(game_id: str, seed: int) -> tuple[dict[str, float], int]:
    """One seeded session with random legal actions: each agent's summed rewards, and
    the number of decisions."""
    game = env(game_id)
    game.reset(seed=seed)
    rng = np.random.default_rng(seed)
    totals = dict.fromkeys(game.possible_agents, 0.0)
    decisions = 0
    for agent in game.agent_iter():
        observation, reward, terminated, truncated, _ = game.last()
        totals[agent] += reward
        if terminated or truncated:
            game.step(None)
            continue
        legal = np.flatnonzero(observation["action_mask"])
        game.step(int(rng.choice(legal)))
        decisions += 1
    results = game.unwrapped.state.returns()
    assert all(abs(totals[f"seat_{s}"] - float(r)) < 1e-9 for s, r in enumerate(results))
    return totals, decisions


def main(sessions: int) -> None:
    """Play ``sessions`` sessions of each game and print the mean reward per seat."""
    for game_id in ("bouillotte-modern", "bouillotte-historic", "bourre"):
        means: dict[str, float] = {}
        steps = 0
        for seed in range(sessions):
            totals, decisions = session(game_id, seed)
            steps += decisions
            for agent, total in totals.items():
                means[agent] = means.get(agent, 0.0) + total / sessions
        shown = ", ".join(f"{agent} {mean:+.2f}" for agent, mean in means.items())
        print(f"{game_id}: {sessions} sessions, {steps / sessions:.0f} decisions each; {shown}")


if __name__ == "__main__":
    main(int(sys.argv[1]) if len(sys.argv) > 1 else 3)
