"""The games in OpenSpiel: importing this module registers them with ``pyspiel``.

Needs the ``openspiel`` extra (``pip install "cardrules[openspiel]"``, which installs
the ``open_spiel`` package). Three games are registered:

======================================  =========================================
OpenSpiel name                          game
======================================  =========================================
``cardrules_bouillotte_modern``         :mod:`cardrules.bouillotte.modern`
``cardrules_bouillotte_historic``       :mod:`cardrules.bouillotte.historic`
``cardrules_bourre``                    :mod:`cardrules.bourre`
======================================  =========================================

Every option of the game's ``Rules`` is a game parameter of the same name; an option
that may be ``None`` takes ``0`` for ``None``. Chance nodes deal one card at a time
(:mod:`cardrules.adapters.cardwise`); a chance outcome is the card's index in the
game's deck. Action ids, tensors, strings and utility bounds are those of
``cardrules.encodings``.

>>> import pyspiel
>>> import cardrules.adapters.openspiel
>>> game = pyspiel.load_game("cardrules_bourre(hand_size=7,players=3)")
>>> game.num_players(), game.max_chance_outcomes()
(3, 52)
>>> state = game.new_initial_state()
>>> state.is_chance_node(), len(state.chance_outcomes())
(True, 52)
"""

from __future__ import annotations

import random
import re
import typing
from collections.abc import Callable, Mapping
from typing import Any

import attrs
import numpy as np
import pyspiel

from cardrules.actions import Action
from cardrules.adapters.cardwise import CardwiseState, deck_of
from cardrules.cards import Card
from cardrules.chance import CHANCE, Shuffle
from cardrules.determinize import determinize
from cardrules.encodings import Encoding, encoding_for
from cardrules.errors import IllegalActionError, RecordError, RulesError, shorten
from cardrules.game import GameModule, GameState
from cardrules.registry import describe, descriptors, get_game

__all__ = [
    "GAME_NAMES",
    "GameParameterError",
    "OpenSpielGame",
    "OpenSpielState",
    "StateTextError",
    "deserialize_game_and_state",
    "game_parameters",
    "openspiel_actions",
    "rules_from_parameters",
]

GAME_NAMES: Mapping[str, str] = {
    descriptor.openspiel_name: descriptor.game_id
    for descriptor in descriptors()
    if descriptor.codec is not None and descriptor.deck is not None
}
"""OpenSpiel's name of each game → the game's ``GAME_ID``: every known game with an
encoding and a deck, named ``cardrules_`` and its id in snake case (its descriptor's
``openspiel_name``)."""


class GameParameterError(pyspiel.SpielError, RulesError):  # type: ignore[misc]
    """A game parameter OpenSpiel cannot load: an unknown name or a value the game's
    ``Rules`` refuses. It is OpenSpiel's error (``pyspiel.SpielError``) and ours
    (:class:`~cardrules.RulesError`), with our message: which option, what is allowed."""


class StateTextError(pyspiel.SpielError, RecordError):  # type: ignore[misc]
    """A serialized state that cannot be read (:meth:`OpenSpielGame.deserialize_state`,
    :func:`deserialize_game_and_state`): not OpenSpiel's text form of a state, or an
    action history that the game refuses. It is OpenSpiel's error
    (``pyspiel.SpielError``) and ours (:class:`~cardrules.RecordError`); the message
    says where the text is wrong and what was expected."""


def _optional(field: attrs.Attribute[Any]) -> bool:
    """Whether a ``Rules`` field may be ``None``."""
    return "None" in str(field.type)


def game_parameters(game_id: str) -> dict[str, int | bool | str]:
    """The OpenSpiel parameters of a game with their defaults: every ``Rules`` option,
    ``0`` standing for ``None``.

    >>> game_parameters("bourre")["hand_size"], game_parameters("bourre")["pot_cap"]
    (5, 0)
    """
    rules = get_game(game_id).Rules
    values: dict[str, int | bool | str] = {}
    for field in attrs.fields(rules):
        default = field.default
        values[field.name] = 0 if default is None else default
    return values


def rules_from_parameters(game_id: str, parameters: Mapping[str, object]) -> Any:
    """The game's ``Rules`` for OpenSpiel ``parameters`` (missing ones take their default).

    :raises GameParameterError: for an unknown parameter or a value ``Rules`` refuses,
        with its message.

    >>> rules_from_parameters("bourre", {"hand_size": 7}).hand_size
    7
    >>> rules_from_parameters("bourre", {"hand_size": 6})
    Traceback (most recent call last):
    ...
    cardrules.adapters.openspiel.GameParameterError: Rules.hand_size must be one of 5, 7 ...
    """
    rules = get_game(game_id).Rules
    fields = {field.name: field for field in attrs.fields(rules)}
    options: dict[str, object] = {}
    for name, value in parameters.items():
        field = fields.get(name)
        if field is None:
            raise GameParameterError(
                f"{game_id} has no game parameter {shorten(name, repr, 40)}; "
                f"the parameters are {', '.join(fields)}"
            )
        options[name] = None if _optional(field) and value == 0 else value
    try:
        return rules(**options)
    except RulesError as error:
        raise GameParameterError(str(error)) from None


def _game_type(name: str) -> Any:
    descriptor = describe(GAME_NAMES[name])
    fewest, most = descriptor.seats
    return pyspiel.GameType(
        short_name=name,
        long_name=f"cardrules {descriptor.title}",
        dynamics=pyspiel.GameType.Dynamics.SEQUENTIAL,
        chance_mode=pyspiel.GameType.ChanceMode.EXPLICIT_STOCHASTIC,
        information=pyspiel.GameType.Information.IMPERFECT_INFORMATION,
        utility=pyspiel.GameType.Utility.ZERO_SUM,
        reward_model=pyspiel.GameType.RewardModel.TERMINAL,
        max_num_players=most,
        min_num_players=fewest,
        provides_information_state_string=True,
        provides_information_state_tensor=True,
        provides_observation_string=True,
        provides_observation_tensor=True,
        provides_factored_observation_string=False,
        parameter_specification=game_parameters(descriptor.game_id),
    )


class OpenSpielGame(pyspiel.Game):  # type: ignore[misc]
    """A cardrules game as a ``pyspiel.Game`` (one subclass per game, registered)."""

    short_name: typing.ClassVar[str] = ""
    """OpenSpiel's name of the game."""

    def __init__(self, params: Mapping[str, object] | None = None) -> None:
        game_id = GAME_NAMES[self.short_name]
        self.game_id = game_id
        self.module: GameModule = get_game(game_id)
        self.rules = rules_from_parameters(game_id, dict(params or {}))
        self.encoding: Encoding = encoding_for(game_id, self.rules)
        try:
            self.encoding.check_bounds("load_game")
        except RulesError as error:
            raise GameParameterError(str(error)) from None
        first = self.module.new_game(self.rules)
        self.deck: tuple[Card, ...] = deck_of(first)
        self.card_ids = {card: index for index, card in enumerate(self.deck)}
        self.start = CardwiseState.start(first)
        info = pyspiel.GameInfo(
            num_distinct_actions=self.encoding.num_actions,
            max_chance_outcomes=len(self.deck),
            num_players=self.rules.players,
            min_utility=float(self.encoding.min_utility),
            max_utility=float(self.encoding.max_utility),
            utility_sum=0.0,
            max_game_length=self.encoding.max_game_length,
        )
        super().__init__(_game_type(self.short_name), info, dict(params or {}))

    def new_initial_state(self) -> OpenSpielState:
        """The first state of a session (a chance node: the first card of the deal)."""
        return OpenSpielState(self)

    def deserialize_state(self, text: str) -> OpenSpielState:
        """The state that ``state.serialize()`` wrote, rebuilt by replaying its action
        history through the engine (every action checked as if played).

        The text is OpenSpiel's: ``history=`` then ``player:action`` pairs separated by
        commas, a line ``move_number=`` with their number, and OpenSpiel's
        ``__dict__=`` line for Python games, which is never decoded (it would be
        unpickled: code could run). Nothing else is read.

        :raises StateTextError: for a text of another form, a player that is not the
            one to act, an action the game refuses, or a text longer than any
            session's (16 characters a move).

        >>> game = pyspiel.load_game("cardrules_bourre(players=3)")
        >>> state = game.new_initial_state()
        >>> for action in (5, 9, 17):
        ...     state.apply_action(action)
        >>> game.deserialize_state(state.serialize()).history()
        [5, 9, 17]
        >>> game.deserialize_state("history=-1:5,-1:5\\nmove_number=2")
        Traceback (most recent call last):
        ...
        cardrules.adapters.openspiel.StateTextError: serialized state: move 2 (-1:5) ...
        """
        state = self.new_initial_state()
        for player, action, where in _moves(text, self.max_move_number()):
            expected = state.current_player()
            if player != expected:
                raise StateTextError(
                    f"serialized state: move {where} is played by {player}, but "
                    f"{_player_name(expected)} is to act there"
                )
            try:
                state.apply_action(action)
            except (IllegalActionError, ValueError) as error:
                raise StateTextError(
                    f"serialized state: move {where} ({player}:{action}) is not legal "
                    f"there: {shorten(error)}"
                ) from None
        return state

    def make_py_observer(
        self, iig_obs_type: Any = None, params: Mapping[str, object] | None = None
    ) -> Observer:
        """The observer of OpenSpiel's observation API: information states (perfect
        recall) or observations, from ``cardrules.encodings``."""
        if params:
            raise ValueError(f"observation parameters are not supported; passed {params!r}")
        recall = bool(iig_obs_type is not None and iig_obs_type.perfect_recall)
        return Observer(self.encoding, perfect_recall=recall)


class _Position:
    """A state's position: the :class:`CardwiseState` and the OpenSpiel actions that
    reached it. It pickles as the actions alone (OpenSpiel's serialization) and is
    shared, not copied, by ``clone()`` (it is immutable)."""

    __slots__ = ("actions", "game_id", "rules", "table", "views")

    def __init__(self, game_id: str, rules: Any, table: CardwiseState, actions: tuple[int, ...]):
        self.game_id, self.rules, self.table, self.actions = game_id, rules, table, actions
        self.views: dict[int, Any] = {}

    def view(self, seat: int) -> Any:
        """The engine's view of ``seat`` (made once: a search asks for it often)."""
        view = self.views.get(seat)
        if view is None:
            view = self.views[seat] = self.table.engine.view(seat)
        return view

    def __deepcopy__(self, memo: object) -> _Position:
        return self

    def __reduce__(self) -> tuple[Any, tuple[Any, ...]]:
        return replay, (self.game_id, self.rules, self.actions)


def replay(game_id: str, rules: Any, actions: tuple[int, ...]) -> _Position:
    """The position reached by OpenSpiel ``actions`` from the start of a session.

    :raises IllegalActionError: if an action id is not legal where it is applied.
    """
    encoding = encoding_for(game_id, rules)
    table = CardwiseState.start(get_game(game_id).new_game(rules))
    deck = deck_of(table.engine)
    for action in actions:
        table = _applied(table, action, deck, encoding)
    return _Position(game_id, rules, table, tuple(actions))


def openspiel_actions(
    encoding: Encoding, card_ids: Mapping[Card, int], target: GameState
) -> list[int]:
    """The OpenSpiel actions that lead from the start of a session to ``target`` (a
    state of that session's game, from ``new_game`` with default stacks): each card of
    a shuffle dealt one at a time when the card layer deals it, the seats' actions by
    their ids. The state they reach differs from ``target`` at most in the order of
    cards nobody has seen, so every seat's view of it is ``target``'s.

    >>> from cardrules import play, random_policy
    >>> from cardrules.bourre import Rules, new_game
    >>> game = pyspiel.load_game("cardrules_bourre(players=3)")
    >>> final = play(new_game(Rules(players=3)), [random_policy] * 3, random.Random(2))
    >>> actions = openspiel_actions(game.encoding, game.card_ids, final)
    >>> reached = replay("bourre", Rules(players=3), actions).table.engine
    >>> all(reached.view(seat) == final.view(seat) for seat in range(3))
    True
    """
    table = CardwiseState.start(get_game(target.GAME_ID).new_game(target.rules))
    actions: list[int] = []
    order: tuple[Card, ...] = ()

    def deal(table: CardwiseState, fresh: bool = False) -> CardwiseState:
        # the cards of the last shuffle the layer deals now: all of a fresh shuffle's
        # first run, or those an action draws later (never the next deal's)
        while table.to_act is CHANCE and (fresh or table.drawn):
            card = order[len(table.drawn)]
            actions.append(card_ids[card])
            table, fresh = table.deal(card), False
        return table

    for action in target.history:
        if action.__class__ is Shuffle:
            if table.to_act is CHANCE and not table.drawn:  # else: a shuffle nobody saw
                order = action.order
                table = deal(table, fresh=True)
            continue
        seat = table.to_act
        assert isinstance(seat, int)
        actions.append(encoding.action_id(action, table.engine.view(seat)))
        table = deal(table.act(action))
    return actions


def _applied(
    table: CardwiseState,
    action: int,
    deck: tuple[Card, ...],
    encoding: Encoding,
    view: Any = None,
) -> CardwiseState:
    """``table`` after the OpenSpiel ``action`` (a card index at a chance node)."""
    to_act = table.to_act
    if to_act is CHANCE:
        if type(action) is not int or not 0 <= action < len(deck):
            raise IllegalActionError(
                f"chance outcome {shorten(action, repr)} is not a card index from 0 to "
                f"{len(deck) - 1} (X-2)",
                rule="X-2",
                action=action,
            )
        return table.deal(deck[action])
    if view is None:
        view = table.engine.view(to_act) if isinstance(to_act, int) else None
    if to_act is None or view is None:
        raise IllegalActionError("the session is over: no action can be applied (X-9)", rule="X-9")
    assert isinstance(to_act, int)
    try:
        chosen = encoding.action_of(action, view)
    except ValueError as error:  # never another action in its place
        raise IllegalActionError(str(error), rule="X-9", seat=to_act, action=action) from None
    return table.act(chosen)


_MOVE = re.compile(r"(-1|[0-9]{1,3}):([0-9]{1,9})", re.ASCII)
_BASE64 = re.compile(r"[A-Za-z0-9+/=]*", re.ASCII)


def _moves(text: object, most: int) -> typing.Iterator[tuple[int, int, int]]:
    """The ``(player, action, move number)`` of each move of OpenSpiel's text form of
    a state, checked for form and length before the first one is given."""
    if not isinstance(text, str):
        raise StateTextError(f"serialized state: a str is needed, not {shorten(text, repr)}")
    if len(text) > 16 * most + 1024:
        raise StateTextError(
            f"serialized state: {len(text)} characters, more than any session of the "
            f"game needs ({16 * most + 1024})"
        )
    lines = text.split("\n")
    if lines and lines[-1] == "":
        lines.pop()
    if not 2 <= len(lines) <= 3 or not lines[0].startswith("history="):
        raise StateTextError(
            "serialized state: expected the lines history=<player:action,...>, "
            f"move_number=<n> and optionally __dict__=..., got {shorten(text, repr, 60)}"
        )
    history, number = lines[0][len("history=") :], lines[1]
    if len(lines) == 3 and not (
        lines[2].startswith("__dict__=") and _BASE64.fullmatch(lines[2], len("__dict__="))
    ):
        raise StateTextError(
            f"serialized state: the third line must be __dict__=<base64>, got "
            f"{shorten(lines[2], repr, 60)}"
        )
    pairs = history.split(",") if history else []
    if not number.startswith("move_number=") or number[len("move_number=") :] != str(len(pairs)):
        raise StateTextError(
            f"serialized state: the second line must be move_number={len(pairs)} (the "
            f"number of moves in the history), got {shorten(number, repr, 60)}"
        )
    for where, pair in enumerate(pairs, 1):
        match = _MOVE.fullmatch(pair)
        if match is None:
            raise StateTextError(
                f"serialized state: move {where} is {shorten(pair, repr, 40)}, not "
                "player:action (two integers, -1 for chance)"
            )
        yield int(match[1]), int(match[2]), where


def _player_name(player: int) -> str:
    if player == pyspiel.PlayerId.CHANCE:
        return "chance (-1)"
    if player == pyspiel.PlayerId.TERMINAL:
        return "nobody (the session is over)"
    return f"player {player}"


def deserialize_game_and_state(text: str) -> tuple[OpenSpielGame, OpenSpielState]:
    """The game and state that ``pyspiel.serialize_game_and_state`` wrote for one of
    these games, read without unpickling anything: the ``[Game]`` section loaded with
    ``pyspiel.load_game`` (one of :data:`GAME_NAMES` only), the ``[State]`` section
    by :meth:`OpenSpielGame.deserialize_state`.

    Use it for text you did not write yourself: ``pyspiel.deserialize_game_and_state``
    runs OpenSpiel's own reader, which for every game written in Python unpickles the
    state's ``__dict__`` line (OpenSpiel's design, out of this adapter's reach), so it
    is for trusted text only, like a pickle.

    :raises StateTextError: for a text of another form, another game, or a state the
        game refuses (see :meth:`OpenSpielGame.deserialize_state`).
    :raises GameParameterError: for parameters the game's ``Rules`` refuse.

    >>> game = pyspiel.load_game("cardrules_bourre(players=3)")
    >>> state = game.new_initial_state()
    >>> state.apply_action(5)
    >>> again = deserialize_game_and_state(pyspiel.serialize_game_and_state(game, state))
    >>> again[1].history(), again[0].rules.players
    ([5], 3)
    """
    if not isinstance(text, str):
        raise StateTextError(
            f"serialized game and state: a str is needed, not {shorten(text, repr)}"
        )
    sections: dict[str, list[str]] = {}
    current: list[str] | None = None
    for line in text.split("\n", 64):
        if not line or line.startswith("#"):
            continue
        if line in ("[Meta]", "[Game]", "[State]"):
            current = sections.setdefault(line, [])
            continue
        if current is None:
            break
        current.append(line)
    game_lines, state_lines = sections.get("[Game]", []), sections.get("[State]")
    if len(game_lines) != 1 or state_lines is None:
        raise StateTextError(
            "serialized game and state: expected OpenSpiel's sections [Meta], [Game] "
            f"(one line) and [State], got {shorten(text, repr, 60)}"
        )
    name = game_lines[0].split("(", 1)[0]
    if name not in GAME_NAMES:
        raise StateTextError(
            f"serialized game and state: the game {shorten(name, repr, 40)} is not one "
            f"of these games ({', '.join(GAME_NAMES)})"
        )
    try:
        game = pyspiel.load_game(game_lines[0])
    except GameParameterError:
        raise
    except pyspiel.SpielError as error:
        raise StateTextError(f"serialized game and state: {shorten(error)}") from None
    return game, game.deserialize_state("\n".join(state_lines))


class OpenSpielState(pyspiel.State):  # type: ignore[misc]
    """A state of a cardrules game as a ``pyspiel.State``."""

    def __init__(self, game: OpenSpielGame) -> None:
        super().__init__(game)
        self._position = _Position(game.game_id, game.rules, game.start, ())

    def __setattr__(self, name: str, value: object) -> None:
        # OpenSpiel's own reader (pyspiel.deserialize_game_and_state) sets the
        # attributes it unpickled: only a real position is taken.
        if name != "_position" or value.__class__ is not _Position:
            raise StateTextError(
                f"an OpenSpiel state of {self.get_game().game_id} has one attribute, "
                f"_position (a position reached by replaying actions); not {name}="
                f"{shorten(value, repr, 40)}"
            )
        super().__setattr__(name, value)

    @property
    def cardwise(self) -> CardwiseState:
        """The :class:`~cardrules.adapters.cardwise.CardwiseState` (its ``engine`` is
        the cardrules state)."""
        return self._position.table

    @property
    def engine(self) -> GameState:
        """The cardrules state (while cards are drawn for an action, the state before it)."""
        return self._position.table.engine

    def view(self, seat: int) -> Any:
        """``engine.view(seat)``, made once per state.

        :raises ValueError: for a seat out of range.
        """
        return self._position.view(seat)

    def information_state_tensor(self, player: int | None = None) -> list[float]:
        """``player``'s information-state tensor (default: the seat to act), as
        OpenSpiel gives it (a list), made here: OpenSpiel's own path fills an
        observer's array and copies it out twice, which cost more than the rest of a
        step (:mod:`open_spiel.python.rl_environment` calls this for every seat at
        every step).

        :raises pyspiel.SpielError: for a player who is not a seat.
        """
        return self._encoding.information_state_list(self.view(self._seat(player)))

    def observation_tensor(self, player: int | None = None) -> list[float]:
        """``player``'s observation tensor (default: the seat to act), made here as
        :meth:`information_state_tensor` is.

        :raises pyspiel.SpielError: for a player who is not a seat.
        """
        return list(self._encoding.observation_tensor(self.view(self._seat(player))))

    def _seat(self, player: int | None) -> int:
        """``player`` (the seat to act when ``None``), checked as OpenSpiel checks it."""
        seat = self.current_player() if player is None else player
        players = len(self._position.table.engine.stacks)
        if type(seat) is not int or not 0 <= seat < players:
            raise pyspiel.SpielError(
                f"no player {shorten(seat, repr)}: the players are 0 to {players - 1}"
            )
        return seat

    @property
    def _encoding(self) -> Encoding:
        encoding: Encoding = self.get_game().encoding
        return encoding

    def current_player(self) -> int:
        """The seat to act, ``PlayerId.CHANCE`` or ``PlayerId.TERMINAL``."""
        to_act = self._position.table.to_act
        if to_act is None:
            return int(pyspiel.PlayerId.TERMINAL)
        if to_act is CHANCE:
            return int(pyspiel.PlayerId.CHANCE)
        assert isinstance(to_act, int)
        return to_act

    def _legal_actions(self, player: int) -> list[int]:
        table = self._position.table
        if player != table.to_act:
            return []
        encoding: Encoding = self.get_game().encoding
        return list(encoding.legal_action_ids(self._position.view(player)))

    def chance_outcomes(self) -> list[tuple[int, float]]:
        """Each card that may come next (its index in the deck), all equally likely."""
        cards = self._position.table.chance_outcomes()
        ids: dict[Card, int] = self.get_game().card_ids
        return [(ids[card], 1.0 / len(cards)) for card in cards]

    def _apply_action(self, action: int) -> None:
        position = self._position
        game: OpenSpielGame = self.get_game()
        to_act = position.table.to_act
        view = position.view(to_act) if isinstance(to_act, int) else None
        table = _applied(position.table, action, game.deck, game.encoding, view)
        self._position = _Position(
            position.game_id, position.rules, table, (*position.actions, action)
        )

    def _action_to_string(self, player: int, action: int) -> str:
        game: OpenSpielGame = self.get_game()
        if player == pyspiel.PlayerId.CHANCE:
            if 0 <= action < len(game.deck):
                return f"deal {game.deck[action]}"
            return f"chance outcome {action}"
        try:
            engine_action: Action = game.encoding.action_of(action, self.view(player))
        except (ValueError, TypeError):
            return f"action {action}"
        return f"seat {player}: {engine_action}"

    def is_terminal(self) -> bool:
        """Whether the session is over."""
        return self._position.table.is_terminal

    def resample_from_infostate(
        self, player_id: int, probability_sampler: Callable[[], float]
    ) -> OpenSpielState:
        """A state drawn uniformly among those ``player_id`` cannot tell from this one:
        :func:`cardrules.determinize` of its view, reached by the same kind of OpenSpiel
        actions (its cards dealt one at a time), so its history, serialization and
        information state are those of a real state. ISMCTS and other determinized
        searches call it at a decision node.

        :param probability_sampler: a function returning a uniform float in [0, 1)
            (OpenSpiel's samplers); its first draw seeds the determinization.
        :raises ValueError: at a chance node, or for a seat that is not a player.
        """
        if self.is_chance_node():
            raise ValueError("resample_from_infostate: not at a chance node; draw the card first")
        game: OpenSpielGame = self.get_game()
        seed = int(float(probability_sampler()) * 2**53)
        drawn = determinize(self.view(player_id), random.Random(seed))
        state = game.new_initial_state()
        for action in openspiel_actions(game.encoding, game.card_ids, drawn):
            state.apply_action(action)
        return state

    def returns(self) -> list[float]:
        """Each seat's result (``returns()`` of the game) at the end, else zeros."""
        table = self._position.table
        if not table.is_terminal:
            return [0.0] * len(table.engine.stacks)
        return [float(value) for value in table.engine.returns()]

    def __str__(self) -> str:
        table = self._position.table
        engine = table.engine
        lines = [
            f"{self._position.game_id} to_act={table.to_act!r} deal={engine.deal_number}"  # type: ignore[attr-defined]
            f" pot={engine.pot} stacks={list(engine.stacks)}",
            "hands: " + " | ".join(" ".join(map(str, h)) for h in engine.hands),  # type: ignore[attr-defined]
            "drawn: " + " ".join(map(str, table.drawn)),
            "actions: " + " ".join(map(str, table.since)),
        ]
        if table.pending is not None:
            lines.append(f"waiting for cards: {table.pending}")
        return "\n".join(lines)


class Observer:
    """OpenSpiel's observer (``make_py_observer``) for a cardrules game: ``tensor`` and
    ``dict`` (one entry, ``"observation"`` or ``"info_state"``, the tensor in its
    documented shape) set from a seat's view; ``string_from`` the matching string."""

    def __init__(self, encoding: Encoding, *, perfect_recall: bool) -> None:
        self.encoding = encoding
        self.perfect_recall = perfect_recall
        shape = encoding.information_state_shape if perfect_recall else encoding.observation_shape
        self.tensor = np.zeros(int(np.prod(shape)), np.float32)
        name = "info_state" if perfect_recall else "observation"
        self.dict = {name: self.tensor.reshape(shape)}

    def set_from(self, state: OpenSpielState, player: int) -> None:
        """Fill ``tensor`` with ``player``'s view of ``state``."""
        view = state.view(player)
        tensor = self.tensor
        if not self.perfect_recall:
            tensor[:] = self.encoding.observation_tensor(view)
            return
        tensor[:] = self.encoding.information_state_list(view)

    def string_from(self, state: OpenSpielState, player: int) -> str:
        """``player``'s information state or observation of ``state`` as a string."""
        view = state.view(player)
        if self.perfect_recall:
            return self.encoding.information_state_string(view)
        return self.encoding.observation_string(view)


def _register() -> None:
    for name in GAME_NAMES:
        game_class = type(
            f"OpenSpiel_{name}",
            (OpenSpielGame,),
            {"short_name": name, "__module__": __name__},
        )
        pyspiel.register_game(_game_type(name), game_class)


_register()
