"""Driving a game: :func:`~cardrules.play` runs a game from a state with one policy per
seat, :func:`~cardrules.random_policy` is the policy that picks uniformly among the
legal actions.

>>> import random
>>> from cardrules.bouillotte import modern
>>> state = play(modern.new_game(), [random_policy] * 4, random.Random(7))
>>> state.is_terminal, state.to_act is None
(True, True)
"""

from __future__ import annotations

import random
from collections.abc import Callable, Sequence
from typing import Any, Protocol, TypeVar

from cardrules.actions import Action
from cardrules.chance import CHANCE, _check_rng, _check_state, sample_chance
from cardrules.errors import CardRulesError, shorten
from cardrules.legal import legal_of
from cardrules.protocols import GameState, GameView

__all__ = ["Policy", "play", "random_policy"]


class Policy(Protocol):
    """A bot: given a seat's view and a random source, the action to take."""

    def __call__(self, view: Any, rng: random.Random, /) -> Action: ...


def random_policy(view: GameView, rng: random.Random) -> Action:
    """Pick uniformly among the view's legal actions.

    It reads the legal set (``view.legal()``: a count and an index), so it costs the
    same whatever the raises' range; a view without ``legal()`` (a game from another
    package) is read through ``view.legal_actions()``.

    :param view: the acting seat's view.
    :param rng: the source of randomness.
    :returns: one of the legal actions.
    :raises ValueError: if the view has no legal action.

    >>> import random
    >>> from cardrules.bouillotte import modern
    >>> state = modern.new_game()
    >>> state = state.apply(sample_chance(state, random.Random(3)))
    >>> random_policy(state.view(state.to_act), random.Random(3)) in state.legal_actions()
    True
    """
    legal = legal_of(view, "random_policy")
    # the actions one by one when there is no raise, or when a shared set keeps its few
    # spelled out; else the count and the index into the range (never spelled out)
    spelled = legal.listed if legal.low > legal.high else legal.spelled
    count = legal.count if spelled is None else len(spelled)
    if not count:
        raise CardRulesError(
            "random_policy: the view has no legal action (it is not that "
            "seat's turn, or the game is over)"
        )
    if rng.__class__ is random.Random:
        # rng.randrange(count), drawn the same way inline
        k = count.bit_length()
        index = rng.getrandbits(k)
        while index >= count:
            index = rng.getrandbits(k)
        return legal.nth(index) if spelled is None else spelled[index]
    _check_rng(rng, "random_policy: rng")
    return legal.nth(rng.randrange(count))


S = TypeVar("S", bound=GameState)


def play(
    state: S,
    policies: Sequence[Callable[[Any, random.Random], Action]],
    rng: random.Random,
    max_steps: int | None = None,
    *,
    chance_rng: random.Random | None = None,
) -> S:
    """Drive a game from ``state`` until it ends (or for ``max_steps`` actions).

    Chance nodes are answered by :func:`~cardrules.sample_chance`; seat ``i`` acts through
    ``policies[i](state.view(i), rng)``.

    :param state: where to start.
    :param policies: one policy per seat.
    :param rng: the source of randomness of the policies, and of chance unless
        ``chance_rng`` is given.
    :param max_steps: stop after this many actions (``None``: play to the end).
    :param chance_rng: the source of randomness of the chance nodes alone: two sets of
        policies played with equal ``chance_rng`` seeds meet the very same deals, as
        long as the deals do not depend on the policies' choices.
    :returns: the last state reached.
    :raises ValueError: if the state, a policy or a random source is not of the right
        kind, or if there are fewer policies than seats.
    :raises IllegalActionError: if a policy returns an illegal action.

    >>> import random
    >>> from cardrules.bourre import new_game
    >>> final = play(new_game(), [random_policy] * 4, random.Random(0))
    >>> final.is_terminal
    True
    """
    _check_state(state, "play")
    if max_steps is not None and (type(max_steps) is not int or max_steps < 0):
        raise CardRulesError(
            f"max_steps must be None or an int >= 0, not {shorten(max_steps, repr)}"
        )
    _check_rng(rng, "play: rng")
    chance = rng if chance_rng is None else _check_rng(chance_rng, "play: chance_rng")
    players = len(state.stacks)
    if not isinstance(policies, Sequence) or isinstance(policies, str):
        raise CardRulesError(
            f"play needs a sequence of {players} policies, not {shorten(policies, repr)}"
        )
    if len(policies) < players:
        raise CardRulesError(
            f"play needs one policy per seat: {players} seats, {len(policies)} policies"
        )
    for seat, policy in enumerate(policies[:players]):
        if not callable(policy):
            raise CardRulesError(
                f"play: policies[{seat}] must be a function (view, rng) -> action, not "
                f"{shorten(policy, repr)}"
            )
    if getattr(state, "_GAME_STATE", False) is True:  # a State of the shell
        return state._drive(policies, rng, chance, max_steps)  # type: ignore[attr-defined, no-any-return]
    steps = 0
    while not state.is_terminal and (max_steps is None or steps < max_steps):
        actor = state.to_act
        if actor is CHANCE:
            state = state.apply(sample_chance(state, chance))
        else:
            assert isinstance(actor, int)
            state = state.apply(policies[actor](state.view(actor), rng))
        steps += 1
    return state
