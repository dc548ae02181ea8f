"""Determinization: a full state drawn among those a seat cannot tell from what it saw.

:func:`~cardrules.determinize` is the basis of determinized search: perfect-information Monte
Carlo (PIMC) and information-set MCTS draw a state consistent with the searching seat's
view, search it as if its cards were face up, and average over many draws.

>>> import random
>>> from cardrules import determinize, play, random_policy
>>> from cardrules.bourre import new_game
>>> state = play(new_game(), [random_policy] * 4, random.Random(3), max_steps=12)
>>> view = state.view(2)
>>> guess = determinize(view, random.Random(0))
>>> guess.view(2) == view, sorted(guess.hands[2]) == sorted(state.hands[2])
(True, True)

**The algorithm.** The session is replayed from ``new_game(view.rules,
stacks=view.initial_stacks, dealer=view.initial_dealer)`` along ``view.history``, one
deal at a time. At each deal's shuffle a *proposal* is built to fit what the seat saw:
every card whose place is forced is put there (the retourné(s), the trump card, cards
turned face up), the seat's own cards and the hands shown at a showdown go to their
holder's places in a uniformly random order (the view gives them in canonical order:
the order in which cards arrived is not information, X-10); the cards
another seat played in Bourré go uniformly among that seat's places (kept from the
deal, drawn from the stock or a restock), its discards are a uniform subset of its
dealt places; a modern Bouillotte announcer's free places get a brelan of the class
announced (M-4.1), its rank pattern drawn with weights that count the completions of
every announcer exactly
(``cardrules.bouillotte.modern.determinize.deal_brelans``); a Bourré seat's
hidden cards avoid what its plays bar (B-5.2 to B-5.5: the led suit when it did not
follow, trumps when it did not trump, the cards above the top card when it did not
beat it), shared out by exact counts too (``cardrules.bourre.determinize``); every
other card is uniform. Each game's proposal lives in its package, as
``DETERMINIZATION`` (a :class:`~cardrules.sampling.Determinization`) that the game's
descriptor names (:mod:`cardrules.descriptor`). The
deal's public actions are then replayed (another seat's masked exchange becomes the
discards proposed); the proposal is rejected as soon as an action is illegal (the
engine's legality decides), or when the deal's events and the cards the seat received
differ from the view's, and only that deal is drawn again (deals are independent
given the public history). What is left to rejection (a restock's order) is accepted
within a few proposals on average.

**Why it is uniform.** Call *consistent* a deal (the shuffle orders and the other
seats' discards) whose replay gives the seat its view. Every consistent deal has the
forced cards in their forced places, the known cards among their holder's places, its
announcers' brelans and its barred cards elsewhere, so each is reachable by the
proposal. The constructive steps draw each admissible choice with probability one
over the number of admissible choices, and the cards left are dealt uniformly (the
same number of ways after every choice), so the proposal gives every such deal the
same probability, except in Bourré where the number of places open to another seat's
played cards and to barred cards depends on hidden facts (whether the dealer kept the
trump card, and whether a card came from a restock): there each proposal is accepted
with probability ``q_min / q`` times the ratio of its number of admissible fills to
the largest one, computed exactly (integer arithmetic), which makes the accepted
proposals uniform again. Rejection keeps uniformity: accepted deals are uniform over
the consistent ones. A final check compares the whole view; a mismatch (which does
not happen for a real view) redraws the session.

Each deal is tried at most :data:`~cardrules.determinize.MAX_ATTEMPTS` times, the
whole session at most :data:`~cardrules.determinize.MAX_SESSIONS` times; a view that
no deal explains (not a real view: one forged by hand) raises
:class:`~cardrules.CardRulesError`, at once when no announcer's class can be made or
the view's seat is not one of the game's.
"""

from __future__ import annotations

import random
from collections.abc import Sequence
from typing import Any

from cardrules.actions import Action
from cardrules.cards import Card
from cardrules.chance import Shuffle
from cardrules.errors import CardRulesError, shorten
from cardrules.events import DealStarted, Event
from cardrules.registry import describe
from cardrules.sampling import INCONSISTENT, Determinization, Plan, Seen
from cardrules.viewing import ViewBase

__all__ = ["MAX_ATTEMPTS", "MAX_SESSIONS", "determinize"]

MAX_ATTEMPTS = 20_000
"""Proposals tried per deal before giving up on a view that no deal explains. The
proposals respect every constraint that makes consistent deals rare (announced
brelans, suits and cards barred by the plays), so a real view's deal is accepted
within one or a few proposals on average (about 200 at the worst Bourré position
measured, where barred seats drew from a restock): a real view reaching the bound
is vanishingly unlikely, and a forged one is refused in bounded time."""

MAX_SESSIONS = 20
"""Sessions replayed (each deal drawn until consistent) before giving up on a view
whose deals are each explained but not the view as a whole (only a forged view)."""


def determinize(view: ViewBase, rng: random.Random) -> Any:
    """A state drawn uniformly among those whose ``view(view.seat)`` equals ``view``.

    The hidden cards (the other seats' cards of every deal, the order of the deck and of
    every restock, the other seats' discards in Bourré) are dealt uniformly among the
    deals consistent with everything the seat has seen: its own cards, the public cards,
    and the legality of every action (X-10; B-5.2 to B-5.5: a seat that did not follow
    suit or trump holds none of it; M-4.1: an announcer holds a brelan of its class).

    :param view: a seat's view (``state.view(seat)``) of any game.
    :param rng: the source of randomness.
    :returns: a state of the view's game with ``state.view(view.seat) == view``.
    :raises TypeError: if ``view`` is not a view or ``rng`` not a ``random.Random``.
    :raises CardRulesError: if no deal explains the view (after
        :data:`~cardrules.determinize.MAX_ATTEMPTS` proposals for one deal, or
        :data:`~cardrules.determinize.MAX_SESSIONS` replays of the session): only a
        view forged by hand can do that.

    >>> import random
    >>> from cardrules.bouillotte import modern
    >>> from cardrules import play, random_policy
    >>> state = play(modern.new_game(), [random_policy] * 4, random.Random(5), max_steps=3)
    >>> guess = determinize(state.view(1), random.Random(1))
    >>> guess.view(1) == state.view(1), sorted(guess.hands[1]) == sorted(state.hands[1])
    (True, True)
    >>> determinize(state, random.Random(1))
    Traceback (most recent call last):
    ...
    TypeError: determinize needs a seat's view (state.view(seat)), not State(...)
    """
    if not isinstance(view, ViewBase):
        raise TypeError(f"determinize needs a seat's view (state.view(seat)), not {_kind(view)}")
    if not isinstance(rng, random.Random):
        raise TypeError(f"determinize: rng must be a random.Random, not {shorten(rng, repr)}")
    game = _game_of(view)
    seat, players = view.seat, len(view.initial_stacks)
    if seat.__class__ is not int or not 0 <= seat < players:
        raise CardRulesError(
            f"determinize: the view's seat {shorten(seat, repr)} is not one of the game's "
            f"{players} seats; {INCONSISTENT[13:]}"
        )
    for _ in range(MAX_SESSIONS):
        try:
            state = _session(view, rng, game)
        except (IndexError, KeyError, StopIteration) as error:  # a forged view's record
            raise CardRulesError(INCONSISTENT) from error
        if state.view(seat) == view:
            return state
    raise CardRulesError(INCONSISTENT)


def _kind(value: object) -> str:
    """A short name of what was given instead of a view."""
    name = type(value).__name__
    return f"{name}(...)" if hasattr(value, "apply") else shorten(value, repr)


def _session(view: ViewBase, rng: random.Random, game: Determinization) -> Any:
    """One replay of the session with every deal drawn (each deal until consistent)."""
    seat = view.seat
    history = view.history
    events = view.events
    received = view.received
    state = game.new_game(view.rules, stacks=view.initial_stacks, dealer=view.initial_dealer)
    starts = [
        i
        for i, action in enumerate(history)
        if action.__class__ is Shuffle and not game.is_restock(history, i)
    ]
    markers = {e.deal_number: i for i, e in enumerate(events) if isinstance(e, DealStarted)}
    ends = [*starts[1:], len(history)] if starts else []
    if len(received) != len(starts):  # the seat received cards at every deal's shuffle
        raise CardRulesError(INCONSISTENT)
    state = _apply_public(state, history[: starts[0] if starts else len(history)])
    for k, (start, end) in enumerate(zip(starts, ends, strict=True)):
        first = markers.get(state.deal_number, 0)
        last = markers.get(state.deal_number + 1, len(events))
        up = game.face_up(view) if state.deal_number == view.deal_number else {}
        seen = Seen(history[start + 1 : end], events[first:last], received[k], up)
        seen = seen._replace(facts=game.facts(state, seat, seen))  # once for the deal
        state = _deal(state, seat, seen, (events, received), rng, game)
    return state


def _apply_public(state: Any, actions: Sequence[Action]) -> Any:
    """Apply public actions (before the first shuffle: no hidden card matters yet)."""
    for action in actions:
        if not state.is_legal(action):
            raise CardRulesError(INCONSISTENT)
        state = state.apply(action)
    return state


def _deal(
    state: Any,
    seat: int,
    deal: Seen,
    seen: tuple[tuple[Event, ...], tuple[tuple[Card, ...], ...]],
    rng: random.Random,
    game: Determinization,
) -> Any:
    """The state after the deal at the chance node ``state``, drawn until consistent."""
    events, received = seen
    for _ in range(MAX_ATTEMPTS):
        plan = game.propose(state, seat, deal, rng)
        if plan is None:
            continue
        after = _replay(state, plan, deal.actions, rng)
        if after is None:
            continue
        shown = after.view(seat)
        got_events = shown.events
        got_received = shown.received
        if (
            got_events == events[: len(got_events)]
            and got_received == received[: len(got_received)]
        ):
            return after
    raise CardRulesError(INCONSISTENT)


def _replay(state: Any, plan: Plan, actions: Sequence[Action], rng: random.Random) -> Any:
    """Replay the deal's actions after the plan's shuffle; ``None`` at an illegal one."""
    state = state.apply(plan.shuffle)
    for shown in actions:
        action = plan.unmask(state, shown, rng)
        if action is None or not state.is_legal(action):
            return None
        state = state.apply(action)
    return state


def _game_of(view: ViewBase) -> Determinization:
    """What :func:`~cardrules.determinize` needs of the view's game (its descriptor's
    ``determinization``)."""
    found = describe(view.GAME_ID).determinization
    if not isinstance(found, Determinization):
        raise TypeError(f"determinize does not know how to deal the game {view.GAME_ID!r}")
    return found
