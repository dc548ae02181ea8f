"""Chance: the ``CHANCE`` marker, the ``Shuffle`` action, and helpers that drive games.

Every random event of every game is a chance node: ``state.to_act is CHANCE``, and
the only legal action is a :class:`Shuffle` of exactly ``state.chance_cards``.
Randomness always comes from a :class:`random.Random` passed in.

>>> import random
>>> from cardrules import CHANCE, play, random_policy
>>> from cardrules.bouillotte import modern
>>> state = play(modern.new_game(), [random_policy] * 4, random.Random(7))
>>> state.is_terminal, state.to_act is None
(True, True)
"""

from __future__ import annotations

import enum
import random
from collections.abc import Callable, Sequence
from typing import Any, Protocol, TypeVar

import attrs

from cardrules._fast import constructor, fisher_yates_steps
from cardrules.actions import Action
from cardrules.cards import STANDARD_DECK, Card
from cardrules.errors import CardRulesError, IllegalActionError, shorten
from cardrules.game import GameState, GameView
from cardrules.legal import legal_of

__all__ = [
    "CHANCE",
    "Chance",
    "Policy",
    "Shuffle",
    "check_shuffle",
    "is_permutation",
    "play",
    "random_policy",
    "sample_chance",
    "shuffled",
]


class Chance(enum.Enum):
    """The type of :data:`~cardrules.CHANCE`: an enum with a single member, so that it survives
    copying and pickling as the same object."""

    CHANCE = "chance"

    def __repr__(self) -> str:
        return "CHANCE"

    def __str__(self) -> str:
        return "chance"


CHANCE = Chance.CHANCE
"""The value of ``state.to_act`` at a chance node."""


@attrs.frozen(slots=True)
class Shuffle(Action):
    """The only chance action: the deck in the order it is dealt, top card first.

    ``order`` is a permutation of the chance node's ``chance_cards``. In a seat's
    view a shuffle shows without its order: ``Shuffle(order=())``.

    >>> from cardrules.cards import cards
    >>> str(Shuffle(cards("As Kd")))
    'shuffle'
    """

    order: tuple[Card, ...]
    """The cards, top card first."""


HIDDEN_SHUFFLE = Shuffle(order=())
_make_shuffle = constructor(Shuffle, ("order",))
"""``Shuffle(order)`` for an order already a tuple of cards, without its attrs
``__init__`` (every deal)."""
"""A shuffle as a seat's view shows it: that it happened, not its order."""


def check_shuffle(
    action: object, chance_cards: tuple[Card, ...], chance_set: frozenset[Card]
) -> Shuffle:
    """Check that ``action`` is a :class:`Shuffle` of exactly ``chance_cards``.

    Games call it in ``apply`` at their chance nodes.

    :param action: what was applied.
    :param chance_cards: the cards of the node, in canonical order.
    :param chance_set: the same cards as a frozenset.
    :returns: the shuffle, with its order as a tuple (a list is accepted).
    :raises IllegalActionError: naming rule X-2 otherwise.

    >>> from cardrules.cards import cards
    >>> deck = cards("8c 9c Ac")
    >>> check_shuffle(Shuffle(list(reversed(deck))), deck, frozenset(deck))
    Shuffle(order=(Card.parse('A♣'), Card.parse('9♣'), Card.parse('8♣')))
    >>> check_shuffle(Shuffle(deck[:2]), deck, frozenset(deck))
    Traceback (most recent call last):
    ...
    cardrules.errors.IllegalActionError: Shuffle.order must be a permutation ... misses A♣ (X-2)
    """
    if action.__class__ is Shuffle:
        order = action.order
        if order.__class__ is tuple and len(order) == len(chance_cards):
            try:
                if frozenset(order) == chance_set:  # cards are interned: all in C
                    return action
            except TypeError:  # an unhashable item: explained below
                pass
    if not isinstance(action, Shuffle):
        raise IllegalActionError(
            f"this is a chance node: only a Shuffle of the {len(chance_cards)} chance_cards "
            f"can be applied, not {shorten(action, repr)} (X-2)",
            rule="X-2",
            action=action,
        )
    order = action.order
    if not isinstance(order, tuple):
        if not isinstance(order, list):
            raise IllegalActionError(
                f"Shuffle.order must be a tuple of cards, not {type(order).__name__} (X-2)",
                rule="X-2",
                action=action,
            )
        order = tuple(order)
        action = Shuffle(order)
    for card in order:
        if card.__class__ is not Card:
            raise IllegalActionError(
                f"Shuffle.order holds {shorten(card, repr)}, which is not a Card (X-2)",
                rule="X-2",
                action=action,
            )
    if len(order) != len(chance_cards) or frozenset(order) != chance_set:
        seen = set(order)
        missing = [str(c) for c in chance_cards if c not in seen]
        extra = sorted({str(c) for c in order if c not in chance_set})
        dup = len(order) - len(seen)
        raise IllegalActionError(
            f"Shuffle.order must be a permutation of the {len(chance_cards)} chance_cards; "
            f"it has {len(order)} cards"
            + (f", misses {' '.join(missing)}" if missing else "")
            + (f", has cards not to be shuffled: {' '.join(extra)}" if extra else "")
            + (f", repeats {dup} card(s)" if dup else "")
            + " (X-2)",
            rule="X-2",
            action=action,
        )
    return action


def sample_chance(state: GameState, rng: random.Random) -> Shuffle:
    """A uniformly random :class:`Shuffle` for the chance node ``state``.

    :param state: a state whose ``to_act`` is :data:`~cardrules.CHANCE`.
    :param rng: the source of randomness.
    :returns: the shuffle.
    :raises ValueError: if ``state`` is not a chance node.

    >>> import random
    >>> from cardrules.bourre import new_game
    >>> shuffle = sample_chance(new_game(), random.Random(1))
    >>> sorted(shuffle.order) == list(new_game().chance_cards)
    True
    """
    _check_state(state, "sample_chance")
    if state.to_act is not CHANCE:
        raise CardRulesError(
            f"sample_chance needs a chance node; this state's to_act is {state.to_act!r}"
        )
    _check_rng(rng, "sample_chance: rng")
    return shuffled(state.chance_cards, rng)


def shuffled(cards: Sequence[Card], rng: random.Random) -> Shuffle:
    """The :class:`Shuffle` of ``cards`` (a chance node's ``chance_cards``) in an order
    drawn from ``rng``: what :func:`~cardrules.sample_chance` returns once it has checked its
    arguments, and what :func:`~cardrules.play`'s loop asks for directly (it checked its ``rng``
    once, and reads the chance cards from the state's record).

    >>> import random
    >>> from cardrules.bourre import new_game
    >>> state = new_game()
    >>> shuffled(state.chance_cards, random.Random(1)) == sample_chance(state, random.Random(1))
    True
    """
    order = list(cards)
    if rng.__class__ is random.Random:
        _shuffle(rng, order)
    else:  # a subclass may draw its own way: its own shuffle
        rng.shuffle(order)
    return _make_shuffle(tuple(order))


def is_permutation(order: object, chance_cards: tuple[Card, ...]) -> bool:
    """Whether ``order`` is a tuple holding exactly the cards of ``chance_cards`` (the
    quick check of a chance node's :class:`Shuffle`; :func:`check_shuffle` explains a
    refusal).

    >>> from cardrules.cards import cards
    >>> deck = cards("8c 9c Ac")
    >>> is_permutation(deck[::-1], deck), is_permutation(deck[:2] + deck[:1], deck)
    (True, False)
    """
    if order.__class__ is not tuple or len(order) != len(chance_cards):
        return False
    try:
        # as many items as cards, every card among them: a permutation, all in C
        return frozenset(order).issuperset(chance_cards)
    except TypeError:  # an unhashable item
        return False


def _shuffle(rng: random.Random, items: list[Any]) -> None:
    """``rng.shuffle(items)`` for a plain :class:`random.Random`, the very same draws
    and result (Fisher-Yates from the end, each index drawn as ``randrange`` does: the
    fewest random bits, redrawn while out of range) without a Python call per card:
    a whole deck's steps and the last steps of every shuffle of :data:`_STRAIGHT` items
    or more are straight-line code (:func:`~cardrules._fast.fisher_yates_steps`), the
    others a loop over their numbers.

    >>> import random
    >>> for length in (2, 19, 20, 32, 52, 60):
    ...     mine, theirs = list(range(length)), list(range(length))
    ...     _shuffle(random.Random(length), mine); random.Random(length).shuffle(theirs)
    ...     assert mine == theirs
    """
    length = len(items)
    getrandbits = rng.getrandbits
    if length == _DECK:
        _DECK_STEPS(items, getrandbits)
    else:
        for i, n, k in _LOOPED[length] if length < _DECK else _steps_of(length):
            j = getrandbits(k)
            while j >= n:
                j = getrandbits(k)
            items[i], items[j] = items[j], items[i]
        if length < _STRAIGHT:
            return
    _LAST_STEPS(items, getrandbits)


def _steps_of(length: int) -> tuple[tuple[int, int, int], ...]:
    """The steps of :func:`_shuffle`'s loop for ``length`` items: ``(i, i + 1,
    bits)`` from the last index down to 1, or down to :data:`_STRAIGHT` for a shuffle
    that ends with :data:`_LAST_STEPS`; ``bits`` the bit length of ``i + 1`` (the
    draw's size).

    >>> _steps_of(4), len(_steps_of(_STRAIGHT)), _steps_of(_STRAIGHT + 1)
    (((3, 4, 3), (2, 3, 2), (1, 2, 2)), 0, ((20, 21, 5),))
    """
    last = _STRAIGHT if length >= _STRAIGHT else 1
    return tuple((i, i + 1, (i + 1).bit_length()) for i in range(length - 1, last - 1, -1))


_DECK = len(STANDARD_DECK)
_STRAIGHT = 20
"""A shuffle of this many items or more (a Bouillotte deck, a whole deck) ends with
the same steps, ``i = 19 … 1``, made straight-line code once (:data:`_LAST_STEPS`)."""
_LAST_STEPS = fisher_yates_steps(_STRAIGHT - 1, 1)
_DECK_STEPS = fisher_yates_steps(_DECK - 1, _STRAIGHT)
"""The first steps of a whole deck's shuffle, ``i = 51 … 20``, straight-line code."""
_LOOPED = tuple(map(_steps_of, range(_DECK)))
""":func:`_steps_of` for every length below a whole deck, made once at import."""


def _check_state(state: object, where: str) -> None:
    if getattr(state, "_GAME_STATE", False) is True:  # a State of the shell: at once
        return
    if not all(hasattr(state, name) for name in ("to_act", "apply", "chance_cards", "stacks")):
        raise CardRulesError(f"{where} needs a game state, not {shorten(state, repr)}")


def _check_rng(rng: object, where: str) -> random.Random:
    if not isinstance(rng, random.Random):
        raise CardRulesError(f"{where} must be a random.Random, not {shorten(rng, repr)}")
    return rng


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
