"""Determinization: a full state drawn among those a seat cannot tell from what it saw.

:func:`determinize` is the basis of determinized search: perfect-information Monte
Carlo (PIMC) and information-set MCTS draw a state consistent with the searching seat's
view, search it as if its cards were face up, and average over many draws.

>>> import random
>>> from cardrules import determinize, play, random_policy
>>> from cardrules.bourre import new_game
>>> state = play(new_game(), [random_policy] * 4, random.Random(3), max_steps=12)
>>> view = state.view(2)
>>> guess = determinize(view, random.Random(0))
>>> guess.view(2) == view, guess.hands[2] == state.hands[2]
(True, True)

**The algorithm.** The session is replayed from ``new_game(view.rules,
stacks=view.initial_stacks, dealer=view.initial_dealer)`` along ``view.history``, one
deal at a time. At each deal's shuffle a *proposal* is built to fit what the seat saw:
every card whose place is forced is put there (its own cards in the order dealt, the
retourné(s), the trump card, cards turned face up or shown at a showdown); the cards
another seat played in Bourré go uniformly among that seat's places (kept from the
deal, drawn from the stock or a restock), its discards are a uniform subset of its
dealt places; a modern Bouillotte announcer's free places get a brelan of the class
announced (M-4.1), its rank pattern drawn with weights that count the completions of
every announcer exactly (:func:`_deal_brelans`); a Bourré seat's hidden cards avoid
what its plays bar (B-5.2 to B-5.5: the led suit when it did not follow, trumps when
it did not trump, the cards above the top card when it did not beat it), shared out
by exact counts too (``cardrules._bourre_deal``); every other card is uniform. The
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

Each deal is tried at most :data:`MAX_ATTEMPTS` times, the whole session at most
:data:`MAX_SESSIONS` times; a view that no deal explains (not a real view: one forged
by hand) raises :class:`~cardrules.CardRulesError`, at once when no announcer's class
can be made or the view's seat is not one of the game's.
"""

from __future__ import annotations

import random
from collections.abc import Callable, Sequence
from functools import lru_cache
from itertools import combinations_with_replacement
from math import comb
from typing import Any

from cardrules import bourre
from cardrules._bourre_deal import Plan, Seen, fill, is_restock, propose_bourre
from cardrules.actions import Action
from cardrules.bouillotte import historic, modern
from cardrules.bouillotte.historic.events import ShowdownHands
from cardrules.bouillotte.historic.view import View as HistoricView
from cardrules.bouillotte.modern.events import (
    Announced,
    CardsTurned,
    HandShown,
    RetourneChanged,
    RetournesTurned,
)
from cardrules.bouillotte.modern.view import View as ModernView
from cardrules.bourre.view import View as BourreView
from cardrules.cards import Card, Rank
from cardrules.chance import Shuffle
from cardrules.errors import CardRulesError, shorten
from cardrules.events import DealStarted, Event
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


Proposer = Callable[[Any, int, Seen, random.Random], Plan | None]
"""``propose(state, seat, seen, rng)``: a plan for the deal at the chance node ``state``
given what the seat saw of it, or ``None`` to reject at once."""


class Game:
    """What :func:`determinize` needs of one game."""

    __slots__ = ("face_up", "is_restock", "new_game", "propose")

    def __init__(
        self,
        new_game: Callable[..., Any],
        propose: Proposer,
        is_restock: Callable[[Sequence[Action], int], bool] = lambda history, index: False,
        face_up: Callable[[Any], dict[int, Card]] = lambda view: {},
    ) -> None:
        self.new_game = new_game
        self.propose = propose
        self.is_restock = is_restock
        self.face_up = face_up


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
    :raises CardRulesError: if no deal explains the view (after :data:`MAX_ATTEMPTS`
        proposals for one deal, or :data:`MAX_SESSIONS` replays of the session): only
        a view forged by hand can do that.

    >>> import random
    >>> from cardrules.bouillotte import modern
    >>> from cardrules import play, random_policy
    >>> state = play(modern.new_game(), [random_policy] * 4, random.Random(5), max_steps=3)
    >>> guess = determinize(state.view(1), random.Random(1))
    >>> guess.view(1) == state.view(1), guess.hands[1] == state.hands[1]
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
            f"{players} seats; {_INCONSISTENT[13:]}"
        )
    for _ in range(MAX_SESSIONS):
        try:
            state = _session(view, rng, game)
        except (IndexError, KeyError, StopIteration) as error:  # a forged view's record
            raise CardRulesError(_INCONSISTENT) from error
        if state.view(seat) == view:
            return state
    raise CardRulesError(_INCONSISTENT)


_INCONSISTENT = (
    "determinize: no deal is consistent with this view; a view made by "
    "state.view(seat) always has one"
)


def _kind(value: object) -> str:
    """A short name of what was given instead of a view."""
    name = type(value).__name__
    return f"{name}(...)" if hasattr(value, "apply") else shorten(value, repr)


def _session(view: ViewBase, rng: random.Random, game: Game) -> Any:
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
        raise CardRulesError(_INCONSISTENT)
    state = _apply_public(state, history[: starts[0] if starts else len(history)])
    for k, (start, end) in enumerate(zip(starts, ends, strict=True)):
        first = markers.get(state.deal_number, 0)
        last = markers.get(state.deal_number + 1, len(events))
        up = game.face_up(view) if state.deal_number == view.deal_number else {}
        seen = Seen(history[start + 1 : end], events[first:last], received[k], up)
        state = _deal(state, seat, seen, (events, received), rng, game)
    return state


def _apply_public(state: Any, actions: Sequence[Action]) -> Any:
    """Apply public actions (before the first shuffle: no hidden card matters yet)."""
    for action in actions:
        if not state.is_legal(action):
            raise CardRulesError(_INCONSISTENT)
        state = state.apply(action)
    return state


def _deal(
    state: Any,
    seat: int,
    deal: Seen,
    seen: tuple[tuple[Event, ...], tuple[tuple[Card, ...], ...]],
    rng: random.Random,
    game: Game,
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
    raise CardRulesError(_INCONSISTENT)


def _replay(state: Any, plan: Plan, actions: Sequence[Action], rng: random.Random) -> Any:
    """Replay the deal's actions after the plan's shuffle; ``None`` at an illegal one."""
    state = state.apply(plan.shuffle)
    for shown in actions:
        action = plan.unmask(state, shown, rng)
        if action is None or not state.is_legal(action):
            return None
        state = state.apply(action)
    return state


# ------------------------------------------------------------------ the games


def _place_hand(
    placed: dict[int, Card], cards: Sequence[Card], first: int, players: int, start: int = 0
) -> bool:
    """Put ``cards`` at a seat's places ``first + players * i`` from ``i = start``;
    ``False`` if a place already holds another card."""
    for i, card in enumerate(cards, start):
        where = first + players * i
        if placed.setdefault(where, card) != card:
            return False
    return True


def _propose_historic(state: Any, seat: int, seen: Seen, rng: random.Random) -> Plan | None:
    """Historic Bouillotte: the seat's cards, the retourné and the hands shown at the
    showdown (H-5) are forced; the rest is uniform."""
    n = len(state.stacks)
    eldest = (state.dealer + 1) % n
    placed = dict(seen.up)
    ok = _place_hand(placed, seen.mine, (seat - eldest) % n, n)
    for event in seen.events:
        if isinstance(event, ShowdownHands):
            ok &= _place_hand(placed, (event.retourne,), 3 * n, 1)
            for other, hand in enumerate(event.hands):
                ok &= _place_hand(placed, hand, (other - eldest) % n, n)
    shuffle = fill(state.chance_cards, placed, rng) if ok else None
    return None if shuffle is None else Plan(shuffle)


# ------------------------------------------------- modern: the announced brelans


def _propose_modern(state: Any, seat: int, seen: Seen, rng: random.Random) -> Plan | None:
    """Modern Bouillotte: the seat's cards, the retournés (V-M.1, V-M.4), the cards
    turned (V-M.2, V-M.3) and shown (M-5) are forced; each announcer's hidden cards
    are drawn among those that make a brelan of the announced class with the
    retournés of the moment (M-4.1), with the exact weights of :func:`_brelans`; the
    rest is uniform."""
    n = state.rules.players
    up = state.rules.retournes
    eldest = (state.dealer + 1) % n
    placed = dict(seen.up)
    ok = _place_hand(placed, seen.mine, (seat - eldest) % n, n)
    turned = [0] * n
    now: tuple[Card, ...] = ()
    announced: list[tuple[int, str, tuple[Card, ...]]] = []
    for event in seen.events:
        cls = event.__class__
        if cls is RetournesTurned:
            now = event.cards  # type: ignore[attr-defined]
            ok &= _place_hand(placed, now, 3 * n, 1)
        elif cls is RetourneChanged:
            now = event.new  # type: ignore[attr-defined]
            ok &= _place_hand(placed, now, 3 * n + up, 1)
        elif cls is CardsTurned or cls is HandShown:
            other: int = event.seat  # type: ignore[attr-defined]
            at = turned[other] if cls is CardsTurned else 0
            ok &= _place_hand(placed, event.cards, (other - eldest) % n, n, at)  # type: ignore[attr-defined]
            turned[other] = at + len(event.cards)  # type: ignore[attr-defined]
        elif cls is Announced:
            announced.append((event.seat, event.category, now))  # type: ignore[attr-defined]
    deck = state.chance_cards
    if not ok or len(set(placed.values())) != len(placed) or not set(placed.values()) <= set(deck):
        raise CardRulesError(_INCONSISTENT)  # two cards at one place: no deal has it
    if announced:
        _deal_brelans(state.rules, placed, announced, (eldest, n), deck, rng)
    shuffle = fill(deck, placed, rng)
    return None if shuffle is None else Plan(shuffle)


def _deal_brelans(
    rules: Any,
    placed: dict[int, Card],
    announced: list[tuple[int, str, tuple[Card, ...]]],
    seats: tuple[int, int],
    deck: Sequence[Card],
    rng: random.Random,
) -> None:
    """Put at each announcer's free places cards that make its announced class, drawn
    uniformly among all the ways to do it for every announcer at once (the other
    places are then filled uniformly: every such way has as many fills)."""
    eldest, n = seats
    used = set(placed.values())
    ranks = sorted({card.rank for card in deck})
    free = [[c for c in deck if c.rank == rank and c not in used] for rank in ranks]
    where: list[list[int]] = []
    needs: list[tuple[tuple[Card, ...], tuple[Card, ...], str, int]] = []
    for who, category, now in announced:
        places = [(who - eldest) % n + n * i for i in range(3)]
        where.append([p for p in places if p not in placed])
        known = tuple(placed[p] for p in places if p in placed)
        needs.append((known, now, category, len(where[-1])))
    avail = tuple(len(cards) for cards in free)
    options = _brelans(rules, tuple(needs), tuple(ranks), tuple(tuple(c) for c in free))
    total = _ways(options, 0, avail)
    if not total:
        raise CardRulesError(_INCONSISTENT)
    for k, places in enumerate(where):
        pick = rng.randrange(total)
        for pattern in options[k]:
            rest = _take(avail, pattern)
            if rest is None:
                continue
            weight = _ways(options, k + 1, rest) * _choices(avail, pattern)
            if pick < weight:
                break
            pick -= weight
        else:  # pragma: no cover - the weights add up to ``total``
            raise AssertionError("brelan weights do not add up")
        chosen: list[Card] = []
        for r, m in enumerate(pattern):
            if m:
                got = rng.sample(free[r], m)
                chosen += got
                free[r] = [c for c in free[r] if c not in got]
        rng.shuffle(chosen)
        placed.update(zip(places, chosen, strict=True))
        avail, total = rest, _ways(options, k + 1, rest)


@lru_cache(maxsize=1024)
def _brelans(
    rules: Any,
    needs: tuple[tuple[tuple[Card, ...], tuple[Card, ...], str, int], ...],
    ranks: tuple[Rank, ...],
    free: tuple[tuple[Card, ...], ...],
) -> tuple[tuple[tuple[int, ...], ...], ...]:
    """Per announcer ``(known cards, retournés then, class, free places)``: the rank
    patterns (how many cards of each rank of ``ranks`` its free places get) that make
    a brelan of its class. A class depends on the ranks alone (M-5.1 to M-5.3, V-M.1),
    so one hand of each pattern is judged by the game's own :func:`evaluate`."""
    found = []
    for known, now, category, count in needs:
        valid = []
        for combo in combinations_with_replacement(range(len(ranks)), count):
            pattern = tuple(combo.count(r) for r in range(len(ranks)))
            if any(m > len(cards) for m, cards in zip(pattern, free, strict=True)):
                continue
            hand = [*known, *(c for m, cards in zip(pattern, free, strict=True) for c in cards[:m])]
            if modern.evaluate(hand, now, rules).category == category:
                valid.append(pattern)
        found.append(tuple(valid))
    return tuple(found)


@lru_cache(maxsize=65536)
def _ways(options: tuple[tuple[tuple[int, ...], ...], ...], k: int, avail: tuple[int, ...]) -> int:
    """The number of ways to give announcers ``k`` and after cards of one of their
    patterns, ``avail`` cards of each rank being free (cards told apart)."""
    if k == len(options):
        return 1
    total = 0
    for pattern in options[k]:
        rest = _take(avail, pattern)
        if rest is not None:
            total += _choices(avail, pattern) * _ways(options, k + 1, rest)
    return total


def _take(avail: tuple[int, ...], pattern: tuple[int, ...]) -> tuple[int, ...] | None:
    """``avail`` less ``pattern``, or ``None`` if a rank runs short."""
    rest = tuple(a - m for a, m in zip(avail, pattern, strict=True))
    return None if min(rest, default=0) < 0 else rest


def _choices(avail: tuple[int, ...], pattern: tuple[int, ...]) -> int:
    """The number of sets of cards of ``pattern`` among ``avail`` free of each rank."""
    total = 1
    for a, m in zip(avail, pattern, strict=True):
        total *= comb(a, m)
    return total


def _retourne(view: Any) -> dict[int, Card]:
    """Historic Bouillotte: the retourné of the deal in progress, at its place (H-3.1)."""
    card = view.retourne
    return {} if card is None else {3 * len(view.stacks): card}


_GAMES: dict[type, Game] = {
    ModernView: Game(modern.new_game, _propose_modern),
    HistoricView: Game(historic.new_game, _propose_historic, face_up=_retourne),
    BourreView: Game(bourre.new_game, propose_bourre, is_restock),
}
"""Each game's view class → what :func:`determinize` needs of the game."""


def _game_of(view: ViewBase) -> Game:
    """The game of ``view``."""
    found = _GAMES.get(type(view))
    if found is None:  # pragma: no cover - every game's View is registered
        raise TypeError(f"determinize does not know the game of {type(view).__name__}")
    return found
