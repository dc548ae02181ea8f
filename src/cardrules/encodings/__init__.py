"""Integer encodings of the games, for search and learning libraries.

:func:`encoding_for` gives the :class:`Encoding` of a game under its ``Rules``: a
stable bijection between the game's actions and ``0 … num_actions - 1`` (raises
relative to the largest contribution, so ``num_actions`` comes from the rules alone),
observation and information-state tensors of fixed, documented shape, and their text
forms. Every layout is on the documentation's encodings page; everything is built from
a seat's view (``state.view(seat)``), never from hidden information.

>>> import random
>>> from cardrules import sample_chance
>>> from cardrules.bouillotte import modern
>>> encoding = encoding_for("bouillotte-modern")
>>> encoding.num_actions
9
>>> state = modern.new_game()
>>> state = state.apply(sample_chance(state, random.Random(1)))
>>> view = state.view(state.to_act)
>>> encoding.legal_action_ids(view)
(0, 4, 5, 6, 7, 8)
>>> encoding.action_of(4, view), encoding.action_id(modern.Raise(to=2), view)
(Raise(to=2), 4)
>>> len(encoding.observation_tensor(view)) == encoding.observation_shape[0]
True
"""

from __future__ import annotations

from collections.abc import Callable
from fractions import Fraction
from types import ModuleType
from typing import Any

import attrs

from cardrules.actions import Action, Raise
from cardrules.encodings.base import HISTORY_SLOTS_CAP, Codec
from cardrules.errors import RulesError, shorten
from cardrules.game import GameModule, as_game_module
from cardrules.legal import Legal, legal_of
from cardrules.registry import describe, descriptors, game_ids

__all__ = ["ADAPTER_BOUNDS", "HISTORY_SLOTS_CAP", "Encoding", "encoding_for"]

ADAPTER_BOUNDS: dict[str, int] = {
    "action ids": 1 << 16,
    "tensor floats": 1 << 22,
    "game length": (1 << 31) - 1,
}
"""The largest encoding an adapter takes (:meth:`Encoding.check_bounds`): 65,536
action ids (a legal mask a step), 4,194,304 floats in a tensor (16 MiB), and a game
length that fits OpenSpiel's 32-bit ints."""


@attrs.frozen(slots=True)
class Encoding:
    """The integer encoding of one game under one ``Rules`` (see the module's text).

    Equal games and rules give equal, interchangeable encodings. Every method takes
    a view (``state.view(seat)``) for the context a relative encoding needs.
    """

    game_id: str
    """The game's ``GAME_ID``."""
    rules: Any
    """The game's ``Rules``."""
    _codec: Codec = attrs.field(eq=False, repr=False)

    @property
    def players(self) -> int:
        """The number of seats under the rules."""
        return self._codec.players

    @property
    def num_actions(self) -> int:
        """``N``: action ids are ``0 … N-1`` (from the rules alone)."""
        return self._codec.num_actions

    @property
    def max_game_length(self) -> int:
        """A bound on the actions of a session, chance steps (``Shuffle``) included."""
        return self._codec.max_game_length

    @property
    def max_utility(self) -> Fraction:
        """A bound above every seat's ``returns()`` in a session under these rules
        (started with the rules' stacks)."""
        return self._codec.max_utility

    @property
    def min_utility(self) -> Fraction:
        """A bound below every seat's ``returns()`` in such a session."""
        return self._codec.min_utility

    @property
    def observation_shape(self) -> tuple[int, ...]:
        """The shape of :meth:`observation_tensor`."""
        return (self._codec.observation_size,)

    @property
    def information_state_shape(self) -> tuple[int, ...]:
        """The shape of :meth:`information_state_tensor`."""
        return (self._codec.information_state_size,)

    @property
    def history_slots(self) -> int:
        """How many actions the information-state tensor holds: ``max_game_length``,
        at most :data:`~cardrules.encodings.HISTORY_SLOTS_CAP`."""
        return self._codec.history_slots

    def check_bounds(self, adapter: str) -> None:
        """Refuse rules whose encoding no learning framework can hold
        (:data:`ADAPTER_BOUNDS`): the adapters call it when a game is loaded, so that
        a step never allocates a mask of a billion ids.

        :raises RulesError: naming the size, the bound and the options that set it.

        >>> from cardrules.bouillotte import modern
        >>> rules = modern.Rules(stack=10**7, max_raise=10**7)
        >>> encoding_for("bouillotte-modern", rules).check_bounds("env")
        Traceback (most recent call last):
        ...
        cardrules.errors.RulesError: env: these rules need 10000004 action ids, more than 65536 ...
        """
        sizes = {
            "action ids": (self.num_actions, "the raise options (max_raise, cave, stack)"),
            "tensor floats": (
                max(self.information_state_shape[0], self.observation_shape[0]),
                "the number of deals and seats",
            ),
            "game length": (self.max_game_length, "the number of deals"),
        }
        for name, (size, options) in sizes.items():
            bound = ADAPTER_BOUNDS[name]
            if size > bound:
                raise RulesError(
                    f"{adapter}: these rules need {size} {name}, more than {bound} (the "
                    f"adapter's bound); lower {options}: {self.rules!r}"
                )

    def layout(self) -> tuple[tuple[str, int, int], ...]:
        """The information-state tensor's parts as ``(name, start, size)``, in order;
        the observation tensor is the parts before ``"received"``.

        >>> encoding_for("bourre").layout()[0]
        ('seat', 0, 4)
        """
        return self._codec.layout()

    def action_id(self, action: Action, view: Any) -> int:
        """The id of ``action`` for the seat of ``view`` (legal or not, as long as the
        encoding can name it).

        :raises ValueError: for an action of another game, or one the encoding cannot
            name (a raise out of the encoded range, an exchange of cards not held).
        """
        return self._codec.encode(action, view)

    def action_of(self, action_id: int, view: Any) -> Action:
        """The action with id ``action_id`` for the seat of ``view``.

        :raises ValueError: when the id is out of range or names no legal action of
            that seat now (it never stands for another action).
        """
        if action_id.__class__ is not int or not 0 <= action_id < self.num_actions:
            raise ValueError(
                f"action id {action_id!r} is not an int from 0 to {self.num_actions - 1}"
            )
        action = self._codec.decode(action_id, view)
        legal = legal_of(view, "action_of")
        if action is None or action not in legal:
            named = "no action" if action is None else str(action)
            raise ValueError(
                f"action id {action_id} ({named}) is not legal for seat {view.seat} now; "
                f"legal: {legal.describe()}" + _ids_of(self, legal, view)
            )
        return action

    def legal_action_ids(self, view: Any) -> tuple[int, ...]:
        """The ids of the seat's legal actions, sorted (``()`` when it is not to act).

        Read from the view's legal set: the raises' ids are one run (ids count a raise
        from the largest contribution), so no raise is spelled out to number it.
        """
        encode = self._codec.encode
        legal = legal_of(view, "legal_action_ids")
        ids = [encode(action, view) for action in legal.listed]
        low, high = legal.low, legal.high
        if low <= high:
            first, last = encode(Raise(to=low), view), encode(Raise(to=high), view)
            if last - first == high - low:
                ids.extend(range(first, last + 1))
            else:  # pragma: no cover - every codec numbers raises in one run
                ids.extend(encode(Raise(to=to), view) for to in range(low, high + 1))
        return tuple(sorted(ids))

    def legal_action_mask(self, view: Any) -> tuple[int, ...]:
        """``num_actions`` zeros and ones: 1 at each legal action id."""
        mask = [0] * self.num_actions
        for action_id in self.legal_action_ids(view):
            mask[action_id] = 1
        return tuple(mask)

    def observation_tensor(self, view: Any) -> tuple[float, ...]:
        """What the seat sees now, as floats (layout: :meth:`layout`)."""
        return self._codec.observation(view)

    def information_state_tensor(self, view: Any) -> tuple[float, ...]:
        """The observation, then the seat's cards received per deal, the cards it saw
        face up per deal, and the session's action history (layout: :meth:`layout`)."""
        return self._codec.information_state(view)

    def information_state_list(self, view: Any) -> list[float]:
        """:meth:`information_state_tensor` as a new list (what OpenSpiel's states
        return), made without the tuple.

        >>> from cardrules.bourre import new_game
        >>> encoding = encoding_for("bourre")
        >>> view = new_game().view(1)
        >>> tuple(encoding.information_state_list(view)) == encoding.information_state_tensor(view)
        True
        """
        return self._codec.information_state_list(view)

    def observation_string(self, view: Any) -> str:
        """What the seat sees now, as text."""
        return self._codec.observation_text(view)

    def information_state_string(self, view: Any) -> str:
        """Everything the seat has seen since the session began, as text (perfect
        recall: two different views give different strings)."""
        return self._codec.information_state_text(view)


def _ids_of(encoding: Encoding, legal: Legal, view: Any) -> str:
    """`` (ids …)`` naming the legal ids, when there are a dozen or fewer."""
    if legal.count > 12:
        return ""
    return " (ids " + ", ".join(map(str, encoding.legal_action_ids(view))) + ")"


def encoding_for(game: str | ModuleType | GameModule, rules: Any = None) -> Encoding:
    """The :class:`Encoding` of ``game`` (a ``GAME_ID`` or a game module) under
    ``rules`` (the game's ``Rules``; default ``Rules()``).

    :raises ValueError: for an unknown game (or an object that is no game).
    :raises TypeError: when ``rules`` is not the game's ``Rules``.

    >>> encoding_for("bourre").num_actions
    86
    >>> encoding_for("chess")
    Traceback (most recent call last):
    ...
    ValueError: no encoding for the game 'chess'; known games: bouillotte-historic, ...
    """
    game_id = game if isinstance(game, str) else as_game_module(game).GAME_ID
    builder: Callable[[Any], Codec] | None = None
    if isinstance(game_id, str) and game_id in game_ids():
        builder = describe(game_id).codec
    if builder is None:
        raise ValueError(
            f"no encoding for the game {shorten(game_id, repr, 60)}; known games: "
            + ", ".join(d.game_id for d in descriptors() if d.codec is not None)
        )
    codec = builder(rules)
    return Encoding(game_id, codec.rules, codec)
