"""Chance: the ``CHANCE`` marker, the ``Shuffle`` action and the draw of one.

Every random event of every game is a chance node: ``state.to_act is CHANCE``, and
the only legal action is a :class:`Shuffle` of exactly ``state.chance_cards``.
Randomness always comes from a :class:`random.Random` passed in. Driving a whole game
(:func:`~cardrules.play`, :func:`~cardrules.random_policy`) is
:mod:`cardrules.playing`'s.

>>> import random
>>> from cardrules.bouillotte import modern
>>> state = modern.new_game()
>>> state.to_act is CHANCE, state.is_legal(sample_chance(state, random.Random(7)))
(True, True)
"""

from __future__ import annotations

import enum
import functools
import random
from collections.abc import Sequence
from typing import Any

import attrs

from cardrules._fast import constructor
from cardrules.actions import Action
from cardrules.cards import Card
from cardrules.errors import CardRulesError, IllegalActionError, shorten
from cardrules.game import GameState

__all__ = [
    "CHANCE",
    "Chance",
    "Shuffle",
    "check_shuffle",
    "is_permutation",
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
    fewest random bits, redrawn while out of range) without a Python call per card.

    >>> import random
    >>> for length in (2, 19, 20, 32, 52, 60):
    ...     mine, theirs = list(range(length)), list(range(length))
    ...     _shuffle(random.Random(length), mine); random.Random(length).shuffle(theirs)
    ...     assert mine == theirs
    """
    getrandbits = rng.getrandbits
    for i, n, k in _steps_of(len(items)):
        j = getrandbits(k)
        while j >= n:
            j = getrandbits(k)
        items[i], items[j] = items[j], items[i]


@functools.cache
def _steps_of(length: int) -> tuple[tuple[int, int, int], ...]:
    """The steps of :func:`_shuffle` for ``length`` items (a game shuffles a few
    lengths: computed once each): ``(i, i + 1, bits)`` from the last index down to 1,
    ``bits`` the bit length of ``i + 1`` (the draw's size).

    >>> _steps_of(4)
    ((3, 4, 3), (2, 3, 2), (1, 2, 2))
    """
    return tuple((i, i + 1, (i + 1).bit_length()) for i in range(length - 1, 0, -1))


def _check_state(state: object, where: str) -> None:
    if getattr(state, "_GAME_STATE", False) is True:  # a State of the shell: at once
        return
    if not all(hasattr(state, name) for name in ("to_act", "apply", "chance_cards", "stacks")):
        raise CardRulesError(f"{where} needs a game state, not {shorten(state, repr)}")


def _check_rng(rng: object, where: str) -> random.Random:
    if not isinstance(rng, random.Random):
        raise CardRulesError(f"{where} must be a random.Random, not {shorten(rng, repr)}")
    return rng


def __getattr__(name: str) -> Any:
    """``play``, ``random_policy`` and ``Policy``, which lived here before
    :mod:`cardrules.playing` (``cardrules.play`` is their usual name)."""
    if name in ("play", "random_policy", "Policy"):
        from cardrules import playing

        return getattr(playing, name)
    raise AttributeError(f"module 'cardrules.chance' has no attribute {name!r}")
