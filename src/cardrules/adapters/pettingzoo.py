"""The games as PettingZoo AEC environments (extra ``[pettingzoo]``).

:func:`env` builds the environment of a game with the ``Rules`` options given as
keywords. The agents are ``"seat_0"``, ``"seat_1"``, …; an observation is a ``Dict``
with ``"observation"`` (the seat's :meth:`~cardrules.encodings.Encoding.observation_tensor`,
float32) and ``"action_mask"`` (int8, 1 at each legal action id); an action is an id of
the game's :class:`~cardrules.encodings.Encoding` (``Discrete(num_actions)``). Chance
nodes are resolved inside the environment with its own generator, seeded by
``reset(seed=...)``. After every step each seat is rewarded with the change of its
``returns()``, so a seat's rewards add up to its result of the session.

>>> from cardrules.adapters.pettingzoo import env
>>> game = env("bourre", players=3)
>>> game.reset(seed=1)
>>> game.agent_selection, game.action_space("seat_1")
('seat_1', Discrete(86))
>>> observation, reward, terminated, truncated, info = game.last()
>>> observation["action_mask"][:3].tolist(), reward, terminated
([1, 1, 0], 0.0, False)
>>> game.step(1)
"""

from __future__ import annotations

import random
from fractions import Fraction
from typing import Any, ClassVar

import numpy as np
from gymnasium import spaces
from pettingzoo import AECEnv
from pettingzoo.utils import wrappers

from cardrules.chance import CHANCE, sample_chance
from cardrules.encodings import Encoding, encoding_for
from cardrules.registry import get_game

__all__ = ["CardRulesEnv", "env"]


def env(game_id: str, render_mode: str | None = None, **rules_options: Any) -> AECEnv:
    """The PettingZoo AEC environment of the game ``game_id`` under
    ``Rules(**rules_options)``, wrapped to enforce the AEC call order.

    :raises ValueError: for an unknown game (the known ones named), an unknown
        ``render_mode``, or a ``RulesError`` naming the option and what is allowed.

    >>> env("bourre", colour="red")
    Traceback (most recent call last):
    ...
    cardrules.errors.RulesError: Rules has no option 'colour'; the options are players, ...
    """
    return wrappers.OrderEnforcingWrapper(CardRulesEnv(game_id, render_mode, **rules_options))


class CardRulesEnv(AECEnv):
    """The unwrapped environment (see :func:`env`); ``state`` is the engine's state,
    with the exact ``returns()``."""

    metadata: ClassVar[dict[str, Any]] = {
        "render_modes": ["ansi"],
        "name": "cardrules_v0",
        "is_parallelizable": False,
    }

    def __init__(self, game_id: str, render_mode: str | None = None, **rules_options: Any):
        super().__init__()
        module = get_game(game_id)
        if render_mode not in (None, "ansi"):
            raise ValueError(f"render_mode must be None or 'ansi', not {render_mode!r}")
        rules = module.Rules(**rules_options)
        self.render_mode = render_mode
        self.game = module
        self.encoding: Encoding = encoding_for(module.GAME_ID, rules)
        self.encoding.check_bounds("env")
        self.possible_agents = [f"seat_{seat}" for seat in range(self.encoding.players)]
        count = self.encoding.num_actions
        shape = self.encoding.observation_shape
        self._action_spaces = {a: spaces.Discrete(count) for a in self.possible_agents}
        self._observation_spaces = {
            agent: spaces.Dict(
                {
                    "observation": spaces.Box(-np.inf, np.inf, shape, dtype=np.float32),
                    "action_mask": spaces.Box(0, 1, (count,), dtype=np.int8),
                }
            )
            for agent in self.possible_agents
        }
        self._rng = random.Random(0)
        self.state: Any = None
        self._results: tuple[Fraction, ...] = ()

    def observation_space(self, agent: str) -> spaces.Space[Any]:
        """The ``Dict`` space of ``"observation"`` and ``"action_mask"``.

        :raises ValueError: for a name that is not one of ``possible_agents``.
        """
        return self._observation_spaces[self._agent(agent)]

    def action_space(self, agent: str) -> spaces.Space[Any]:
        """``Discrete(num_actions)``.

        :raises ValueError: for a name that is not one of ``possible_agents``.
        """
        return self._action_spaces[self._agent(agent)]

    def reset(self, seed: int | None = None, options: dict[str, Any] | None = None) -> None:
        """Start a new session; ``seed`` (an int, a NumPy integer included) seeds the
        generator behind the chance nodes.

        :raises ValueError: for a seed that is not an integer.
        """
        if seed is not None:
            if isinstance(seed, bool) or not isinstance(seed, int | np.integer):
                raise ValueError(f"a seed is an int (or a NumPy integer), not {seed!r:.60}")
            self._rng = random.Random(int(seed))
        self.state = self._settle(self.game.new_game(self.encoding.rules))
        self._results = (Fraction(0),) * len(self.possible_agents)  # antes: first step
        self.agents = list(self.possible_agents)
        self.rewards = dict.fromkeys(self.agents, 0.0)
        self._cumulative_rewards = dict.fromkeys(self.agents, 0.0)
        self.terminations = dict.fromkeys(self.agents, False)
        self.truncations = dict.fromkeys(self.agents, False)
        self.infos: dict[str, dict[str, Any]] = {agent: {} for agent in self.agents}
        self._select()

    def observe(self, agent: str) -> dict[str, np.ndarray[Any, Any]]:
        """``agent``'s observation tensor and action mask."""
        view = self.state.view(self._seat(agent))
        return {
            "observation": np.asarray(self.encoding.observation_tensor(view), dtype=np.float32),
            "action_mask": np.asarray(self.encoding.legal_action_mask(view), dtype=np.int8),
        }

    def step(self, action: Any) -> None:
        """Play the action id ``action`` for the agent selected.

        :raises ValueError: when the id names no legal action of that seat now.
        """
        agent = self.agent_selection
        if self.terminations[agent] or self.truncations[agent]:
            self._was_dead_step(action)
            return
        if isinstance(action, bool) or not isinstance(action, int | np.integer):
            raise ValueError(f"an action is an int action id, not {action!r}")
        view = self.state.view(self._seat(agent))
        played = self.encoding.action_of(int(action), view)
        self._cumulative_rewards[agent] = 0.0
        self.state = self._settle(self.state.apply(played))
        results = self.state.returns()
        for seat, name in enumerate(self.possible_agents):
            self.rewards[name] = float(results[seat] - self._results[seat])
        self._results = results
        if self.state.is_terminal:
            self.terminations = dict.fromkeys(self.agents, True)
        self._select()
        self._accumulate_rewards()

    def render(self) -> str | None:
        """With ``render_mode="ansi"``, the state as text (every hand included)."""
        if self.render_mode != "ansi" or self.state is None:
            return None
        state = self.state
        lines = [
            f"{self.encoding.game_id}, deal {state.deal_number}, dealer seat {state.dealer}, "
            f"to act {state.to_act}, pot {state.pot}"
        ]
        for seat, hand in enumerate(state.hands):
            cards = " ".join(map(str, hand)) or "-"
            lines.append(f"seat {seat}: stack {state.stacks[seat]}, hand {cards}")
        if state.history:
            lines.append(f"last action: {state.history[-1]}")
        return "\n".join(lines)

    def close(self) -> None:
        """Nothing to release."""

    def _settle(self, state: Any) -> Any:
        """``state`` with every chance node resolved by the environment's generator."""
        while state.to_act is CHANCE:
            state = state.apply(sample_chance(state, self._rng))
        return state

    def _select(self) -> None:
        """Select the seat to act (the first agent once the session is over)."""
        to_act = self.state.to_act
        self.agent_selection = self.agents[0] if to_act is None else f"seat_{to_act}"

    def _agent(self, agent: object) -> str:
        """``agent``, once it is checked to be one of ``possible_agents``."""
        if agent.__class__ is not str or agent not in self._action_spaces:
            raise ValueError(
                f"no agent {agent!r:.60} in this environment; the agents are "
                + ", ".join(self.possible_agents)
            )
        return agent

    def _seat(self, agent: str) -> int:
        """The seat of ``agent``."""
        return self.possible_agents.index(self._agent(agent))
