"""A temporary stand-in for ``cardrules.encodings`` (deleted once it lands)."""

from __future__ import annotations

from typing import Any

import attrs

from cardrules.actions import Action


@attrs.frozen(slots=True)
class Encoding:
    """Action ids by position in the legal list; small tensors."""

    deck: tuple[Any, ...]
    players: int
    num_actions: int = 512
    max_game_length: int = 100_000
    max_utility: float = 1e6
    min_utility: float = -1e6

    @property
    def observation_shape(self) -> tuple[int, ...]:
        return (len(self.deck) + self.players,)

    @property
    def information_state_shape(self) -> tuple[int, ...]:
        return (len(self.deck) + self.players + 1,)

    def legal_action_ids(self, view: Any) -> tuple[int, ...]:
        return tuple(range(len(view.legal_actions())))

    def action_id(self, action: Action, view: Any) -> int:
        return int(view.legal_actions().index(action))

    def action_of(self, action_id: int, view: Any) -> Action:
        legal = view.legal_actions()
        if not 0 <= action_id < len(legal):
            raise ValueError(f"action id {action_id} is not legal now")
        action: Action = legal[action_id]
        return action

    def observation_tensor(self, view: Any) -> list[float]:
        tensor = [0.0] * self.observation_shape[0]
        for card in view.hand:
            tensor[self.deck.index(card)] = 1.0
        tensor[len(self.deck) + view.seat] = 1.0
        return tensor

    def information_state_tensor(self, view: Any) -> list[float]:
        return [*self.observation_tensor(view), float(len(view.history))]

    def observation_string(self, view: Any) -> str:
        return f"seat {view.seat} hand {' '.join(map(str, view.hand))} pot {view.pot}"

    def information_state_string(self, view: Any) -> str:
        hand = " ".join(map(str, view.hand))
        return f"seat {view.seat} hand {hand} | " + " ".join(map(str, view.history))


def encoding_for(game: str, rules: Any) -> Encoding:
    from cardrules.adapters.cardwise import deck_of
    from cardrules.registry import get_game

    state = get_game(game).new_game(rules)
    return Encoding(deck_of(state), rules.players)
