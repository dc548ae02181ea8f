"""A bot that searches: :class:`SearchBot`, perfect-information Monte Carlo over
:func:`cardrules.determinize`, the heuristic bots playing the rollouts."""

from __future__ import annotations

import math
import random
import time
from collections.abc import Callable
from fractions import Fraction
from typing import Any

import attrs

from cardrules.actions import Action, Raise
from cardrules.bots.base import HeuristicBot
from cardrules.chance import CHANCE, sample_chance
from cardrules.determinize import determinize
from cardrules.errors import CardRulesError, shorten
from cardrules.legal import Legal, legal_of

__all__ = ["SearchBot"]

Policy = Callable[[Any, random.Random], Action]

_MOST_LISTED = 8
"""Listed actions searched one by one; above this (Bourré's exchange: 32 ways to
discard from five cards, B-4.1) a few are chosen (:func:`_exchanges`)."""


def _heuristic(game_id: str) -> Policy:
    """The game's heuristic bot (``HeuristicBot(game)``, whose metaclass picks the
    class); refuses a game without one, naming the games."""
    make: Callable[[str], Policy] = HeuristicBot  # type: ignore[assignment]
    return make(game_id)


def _game(value: object) -> str:
    """The ``GAME_ID`` of ``value`` (an id, an alias or a game module), from the
    game's descriptor."""
    from cardrules.registry import describe

    game_id = describe(value).game_id
    _heuristic(game_id)  # refuses a game without a heuristic bot
    return game_id


def _positive_int(instance: object, attribute: attrs.Attribute[Any], value: object) -> None:
    if type(value) is not int or value < 1:
        raise CardRulesError(
            f"SearchBot: {attribute.name} must be an int >= 1, not {shorten(value, repr)}"
        )


def _number(value: object, low: float, high: float) -> bool:
    """Whether ``value`` is a real number (not a bool) with ``low <= value < high``."""
    return (
        isinstance(value, int | float)
        and not isinstance(value, bool)
        and math.isfinite(value)
        and low <= value < high
    )


def _check_seconds(instance: object, attribute: attrs.Attribute[Any], value: object) -> None:
    if value is not None and not (_number(value, 0, math.inf) and value != 0):
        raise CardRulesError(
            f"SearchBot: seconds must be None or a number > 0, not {shorten(value, repr)}"
        )


def _check_trust(instance: object, attribute: attrs.Attribute[Any], value: object) -> None:
    if not _number(value, 0, 1):
        raise CardRulesError(
            f"SearchBot: trust must be a number from 0 to less than 1, not {shorten(value, repr)}"
        )


def _check_margin(instance: object, attribute: attrs.Attribute[Any], value: object) -> None:
    if not _number(value, 0, math.inf):
        raise CardRulesError(f"SearchBot: margin must be a number >= 0, not {shorten(value, repr)}")


def _check_rollout(instance: object, attribute: attrs.Attribute[Any], value: object) -> None:
    if value is not None and not callable(value):
        raise CardRulesError(
            "SearchBot: rollout must be None or a policy (view, rng) -> action, not "
            f"{shorten(value, repr)}"
        )


@attrs.frozen(slots=True)
class SearchBot:
    """Determinized search: perfect-information Monte Carlo (PIMC) with rollouts.

    At each move the bot draws *worlds*, full states consistent with its view
    (:func:`cardrules.determinize`: the hidden cards dealt uniformly among those the
    seat cannot rule out), and in each world plays every *candidate* action, then the
    rest of the deal with the ``rollout`` policy at every seat (by default the game's
    :class:`~cardrules.bots.HeuristicBot`, which reads only its seat's view of the
    world: no seat plays with the others' cards face up). It plays the candidate whose
    rollouts score best. In short, one step of policy improvement over the heuristic.

    **The candidates** are never every legal action (a raise range can hold a hundred
    or a million): the heuristic's own choice, each listed action (check, call, fold,
    announce, the carre, stay in, drop, each card to play), and three raises: the
    least, the one nearest the pot's size, the most. In Bourré's exchange (up to 32
    ways to discard) they are the heuristic's exchange and discarding the 0, 1, 2, …
    weakest cards (trumps above the other suits, then by rank).

    **The value** of a rollout is the searching seat's net result (``returns()``: its
    stack, rebuys and historic primes) at the end of the current deal, less the mean of
    every seat's: its stack change over the deal plus an equal share of the chips the
    deal leaves in the middle (a pot carried to the next deal, a bourré seat's
    payment), which belong to the table rather than being lost. Rolling out to the
    end of the deal and not of the session keeps a rollout short (a historic session
    has twelve deals) and scores what the move decides: the deals after it depend on
    this one only through the chips, which the value counts. All the candidates of a
    world are played out with the same random draws, so that their difference is not
    drowned by the luck of the rollout.

    **What the others hold.** A uniform world ignores what the other seats' actions in
    this deal say about their cards (a seat that raised is likely strong). With
    ``trust`` the bot believes they play like the rollout policy with that
    probability: a world counts ``1 - trust`` times less for each of their actions this
    deal that the policy, in their seat of that world, would not have taken (compared
    as the searching seat saw them; a random policy's choice is drawn once, which
    estimates its chance without bias). ``trust=0`` is plain PIMC.

    **Choosing.** The best of several noisy scores is biased up: a large raise that a
    few worlds all answer by folding looks good by luck. So the bot scores every
    candidate in the first half of the worlds; if the best beats the heuristic's
    choice by more than ``margin`` standard errors of their difference, it is scored
    again against it in the second half, fresh worlds, and played only if it beats it
    there by the same test. Otherwise the bot plays the heuristic's choice.

    **The budget.** ``simulations`` worlds per move (each one determinization, and one
    rollout per candidate in the first half, two in the second) make play
    reproducible: every draw comes from the ``rng`` the bot is given, so
    ``bot(view, random.Random(s))`` is the same action every time. With ``seconds`` the
    bot draws worlds instead until that much time has passed (half for each half, at
    least one world each): play then depends on the machine's speed and load and is
    *not* reproducible. A move with a single legal action is played at once, without
    search. With the default budget a move takes 12 to 30 ms (median) on one core of
    the development machine, 0.2 s at the slowest measured (the docs page *A bot that
    searches*).

    :param game: the game (a ``GAME_ID``, a short alias ``"modern"``, ``"historic"``,
        or the game's module).
    :param simulations: worlds drawn per move (an int >= 1).
    :param seconds: a time limit per move instead (``None``: ``simulations``).
    :param rollout: the policy of every seat in the rollouts and the model of the other
        seats (``None``: the game's heuristic bot); it must pickle for the bot to.
    :param trust: how far the other seats are believed to play like the rollout policy
        (0 to less than 1).
    :param margin: standard errors by which a candidate must beat the heuristic's
        choice (0 or more).
    :raises CardRulesError: (a ``ValueError``) for an unknown game or a bad parameter.

    >>> import random
    >>> from cardrules.bouillotte import modern
    >>> from cardrules.cards import cards
    >>> state = modern.new_game()
    >>> state = state.apply(modern.arrange_deck(state, {1: cards("9h 9d 9c")}))
    >>> bot = SearchBot("modern", simulations=8)
    >>> bot.game, bot.simulations, bot.seconds
    ('bouillotte-modern', 8, None)
    >>> bot(state.view(1), random.Random(0)) == bot(state.view(1), random.Random(0))
    True
    >>> SearchBot("chess")
    Traceback (most recent call last):
    ...
    cardrules.errors.CardRulesError: no game has the id 'chess'; known games: ...
    """

    game: str = attrs.field(converter=_game)
    """The ``GAME_ID`` of the game the bot plays."""
    simulations: int = attrs.field(default=40, kw_only=True, validator=_positive_int)
    """Worlds (determinizations) drawn per move."""
    seconds: float | None = attrs.field(default=None, kw_only=True, validator=_check_seconds)
    """A time limit per move instead of ``simulations`` (play is then not reproducible)."""
    rollout: Policy | None = attrs.field(default=None, kw_only=True, validator=_check_rollout)
    """The policy of every seat in the rollouts (``None``: the heuristic bot)."""
    trust: float = attrs.field(default=0.9, kw_only=True, validator=_check_trust)
    """How far the other seats are believed to play like the rollout policy."""
    margin: float = attrs.field(default=1.0, kw_only=True, validator=_check_margin)
    """Standard errors by which a candidate must beat the heuristic's choice."""

    def __call__(self, view: Any, rng: random.Random) -> Action:
        """The candidate whose rollouts score best for ``view``'s seat.

        :param view: the acting seat's view.
        :param rng: the source of every draw (the worlds and the rollouts).
        :returns: one of ``view``'s legal actions.
        :raises CardRulesError: for a view of another game or anything else, or a
            view whose seat is not to act.
        """
        legal = self.legal_for(view)
        if legal.count == 1:
            return legal.nth(0)
        heuristic = _heuristic(self.game)
        prior = heuristic(view, rng)
        candidates = _candidates(view, legal, prior)
        if len(candidates) == 1:
            return prior
        worlds = _Worlds(view, heuristic if self.rollout is None else self.rollout, self.trust, rng)
        half = self.simulations - self.simulations // 2
        seconds = None if self.seconds is None else self.seconds / 2
        # the search: every candidate, in the first half of the worlds
        best = _choice(*worlds.score(candidates, half, seconds), self.margin)
        if best == 0:
            return prior
        # the check: the best against the heuristic's choice, in fresh worlds
        pair = [prior, candidates[best]]
        return pair[_choice(*worlds.score(pair, self.simulations - half, seconds), self.margin)]

    def legal_for(self, view: Any) -> Legal:
        """The legal set of ``view``, once it is checked to be a view of the bot's game
        at its seat's turn.

        :raises CardRulesError: for a view of another game or anything else, or a view
            whose seat is not to act, naming the bot's game and what it was given.

        >>> from cardrules import bourre
        >>> SearchBot("modern").legal_for(bourre.new_game().view(1))
        Traceback (most recent call last):
        ...
        cardrules.errors.CardRulesError: SearchBot plays bouillotte-modern; it was given ...
        >>> SearchBot("bourre").legal_for(bourre.new_game().view(1))
        Traceback (most recent call last):
        ...
        cardrules.errors.CardRulesError: SearchBot: seat 1 has no legal action in this view (...)
        """
        game = getattr(view, "GAME_ID", None)
        if game != self.game:
            given = f"a view of {game}" if isinstance(game, str) else shorten(view, repr, 60)
            raise CardRulesError(f"SearchBot plays {self.game}; it was given {given}")
        legal = legal_of(view, "SearchBot")
        if not legal.count:
            raise CardRulesError(
                f"SearchBot: seat {getattr(view, 'seat', '?')} has no legal action in this "
                "view (it is not its turn, or the session is over)"
            )
        return legal


def _candidates(view: Any, legal: Legal, prior: Action) -> list[Action]:
    """The actions worth searching: the heuristic's ``prior`` first, each listed action
    (a few exchanges in Bourré), and three raises at most."""
    found: list[Action] = [prior]
    listed: tuple[Action, ...] | list[Action] = legal.listed
    if len(listed) > _MOST_LISTED:
        listed = _exchanges(view, legal)
    for action in listed:
        if action not in found:
            found.append(action)
    if legal.low <= legal.high:
        top = max(getattr(view, "contributions", (0,)))
        pot_sized = top + max(getattr(view, "pot", 0), 1)
        for to in (legal.low, min(max(pot_sized, legal.low), legal.high), legal.high):
            action = Raise(to=to)
            if action not in found:
                found.append(action)
    return found


def _exchanges(view: Any, legal: Legal) -> list[Action]:
    """The legal exchanges of the 0, 1, 2, … weakest cards of a Bourré hand (trumps
    above the other suits, then by rank), instead of every subset of it."""
    by_discards = {
        frozenset(action.discards): action for action in legal.listed if hasattr(action, "discards")
    }
    trump = view.trump
    weakest = sorted(view.hand, key=lambda card: (card.suit is trump, card.rank))
    found: list[Action] = []
    for size in range(len(weakest) + 1):
        action = by_discards.get(frozenset(weakest[:size]))
        if action is not None:
            found.append(action)
    return found


@attrs.define(slots=True)
class _Worlds:
    """The worlds of one move: draws them for a view and scores candidates in them."""

    view: Any
    """The searching seat's view."""
    policy: Policy
    """The rollout policy, also the model of the other seats."""
    trust: float
    """See :attr:`SearchBot.trust`."""
    rng: random.Random
    """The source of every draw."""
    start: tuple[int, Any] | None = None
    """Where the deal begins in the worlds' history, and a state there (found once)."""

    def score(
        self, candidates: list[Action], count: int, seconds: float | None
    ) -> tuple[list[float], list[list[float]]]:
        """The weight of each of ``count`` fresh worlds (or as many as ``seconds``
        allow, at least one) and the value of each candidate in it."""
        view, rng, seat, policy = self.view, self.rng, self.view.seat, self.policy
        deadline = None if seconds is None else time.perf_counter() + seconds
        weights: list[float] = []
        values: list[list[float]] = []
        while True:
            world = determinize(view, rng)
            seed = rng.getrandbits(64)
            weight = 1.0
            if self.trust:
                if self.start is None:
                    self.start = _deal_start(world)
                checks = random.Random(rng.getrandbits(64))
                weight = _likelihood(world, self.start, view, policy, self.trust, checks)
            weights.append(weight)
            values.append(
                [
                    float(_value(_roll_out(world.apply(c), policy, random.Random(seed)), seat))
                    for c in candidates
                ]
            )
            if deadline is None:
                if len(weights) >= count:
                    break
            elif time.perf_counter() >= deadline:
                break
        return weights, values


def _choice(weights: list[float], values: list[list[float]], margin: float) -> int:
    """The index of the candidate with the largest weighted mean gain over candidate 0
    among those whose gain exceeds ``margin`` standard errors; 0 if none does."""
    total = sum(weights)
    best, best_gain = 0, 0.0
    if total <= 0:
        return best
    for index in range(1, len(values[0])):
        gains = [row[index] - row[0] for row in values]
        mean = sum(w * g for w, g in zip(weights, gains, strict=True)) / total
        spread = sum(w * w * (g - mean) ** 2 for w, g in zip(weights, gains, strict=True))
        if mean > best_gain and mean > margin * math.sqrt(spread) / total:
            best, best_gain = index, mean
    return best


def _deal_start(world: Any) -> tuple[int, Any]:
    """Where ``world``'s current deal begins: the index in its history and the state
    there (the same index in every world of a view: they share the public actions)."""
    from cardrules.registry import get_game

    game = get_game(world.GAME_ID)
    state = game.new_game(world.rules, stacks=world.initial_stacks, dealer=world.initial_dealer)
    history = world.history
    index = 0
    while state.deal_number != world.deal_number:
        state = state.apply(history[index])
        index += 1
    return index, state


def _likelihood(
    world: Any,
    start: tuple[int, Any],
    view: Any,
    policy: Policy,
    trust: float,
    rng: random.Random,
) -> float:
    """The weight of ``world``: ``1 - trust`` for each action of another seat in this
    deal that ``policy`` would not have taken there. The deal is replayed from the
    state at its start (any world's: the earlier deals' hidden cards do not matter)."""
    index, state = start
    seat, seen = view.seat, view.history
    weight = 1.0
    for number, action in enumerate(world.history[index:], index):
        actor = state.to_act
        if actor is not CHANCE and actor != seat:
            expected = policy(state.view(actor), rng)
            # compared as the searching seat saw them (a Bourré exchange by its count)
            if expected != action and state.apply(expected).view(seat).history[-1] != seen[number]:
                weight *= 1.0 - trust
        state = state.apply(action)
    return weight


def _roll_out(state: Any, policy: Policy, rng: random.Random) -> Any:
    """The state at the end of ``state``'s deal (the first of the next deal, or the end
    of the session), every seat playing ``policy`` and chance drawn from ``rng``."""
    deal = state.deal_number
    while not state.is_terminal and state.deal_number == deal:
        actor = state.to_act
        if actor is CHANCE:
            state = state.apply(sample_chance(state, rng))
        else:
            state = state.apply(policy(state.view(actor), rng))
    return state


def _value(state: Any, seat: int) -> Fraction:
    """``seat``'s net result less the mean of every seat's: its chips, with an equal
    share of those left in the middle."""
    results: tuple[Fraction, ...] = state.returns()
    return results[seat] - sum(results, Fraction(0)) / len(results)
