"""The per-deal table of a state, and fast constructors for frozen slotted classes.

A :class:`Deal` holds what the betting actions of a deal never change (the rules, the
dealer, the cards, the primes, the events, …). Every state of one betting round
refers to the same :class:`Deal`, so an action builds a small state of a few fields.
A :class:`Deal` is an immutable named tuple: a new one (when a deal begins, at a carre
and at the shuffle) is one C call, :func:`make_deal`, not nineteen slot sets.

>>> from cardrules.bouillotte.historic import new_game
>>> state = new_game()
>>> state.deal.dealer, state.deal.deal_number, state.deal.carried
(0, 0, 0)
"""

from __future__ import annotations

import functools
from collections.abc import Callable
from typing import Any, NamedTuple

import attrs

from cardrules._fast import constructor
from cardrules.bouillotte.historic.events import ShowdownHands
from cardrules.bouillotte.historic.rules import Rules
from cardrules.cards import Card
from cardrules.events import Event
from cardrules.game import Log

__all__ = ["Deal", "fast_maker", "make_deal"]


class Deal(NamedTuple):
    """The facts of one deal that checks, calls, raises and folds leave unchanged.

    A new one is built when a deal begins, at a carre and at the shuffle.
    """

    rules: Rules
    """The rules of the session."""
    dealer: int
    """The dealer's seat; eldest is the next seat."""
    deal_number: int
    """The deal's index from 0."""
    hands: tuple[tuple[Card, ...], ...]
    """Each seat's three cards (``()`` before the shuffle)."""
    retourne: Card | None
    """The card turned up (H-3.1), ``None`` before the shuffle."""
    carried: int
    """Dead money carried over from the previous deal (H-2.1, H-4.9)."""
    primes: tuple[int, ...]
    """Each seat's signed primes account (H-6.2)."""
    rebuys: tuple[int, ...]
    """How many caves each seat has rebought (H-7.1)."""
    carres: int
    """How many carres were staked this deal (H-2.2)."""
    last_carreur: int | None
    """The seat that carred last this deal, or ``None``."""
    showdown: ShowdownHands | None
    """The hands shown at the last showdown; public until the next shuffle."""
    leftover: int
    """The pot left after the last deal, shared equally (H-7.2); 0 until the end."""
    initial_stacks: tuple[int, ...]
    """The stacks given to ``new_game``."""
    initial_dealer: int
    """The dealer given to ``new_game``."""
    deal_start: int
    """The length of the history when this deal began."""
    events_start: int
    """The length of the events when this deal began (the index of its ``DealStarted``)."""
    last_deal_start: int
    """:attr:`deal_start` of the deal before (0 for the first deal): views show that deal's
    public actions until this deal's shuffle (X-10)."""
    last_events_start: int
    """:attr:`events_start` of the deal before (0 for the first deal)."""
    events: Log[Event]
    """What happened since ``new_game``."""

    def __repr__(self) -> str:
        return (
            f"Deal(dealer={self.dealer}, deal_number={self.deal_number}, "
            f"carried={self.carried}, carres={self.carres}, events={len(self.events)})"
        )


def fast_maker(cls: type, fixed: dict[str, object] | None = None) -> Callable[..., Any]:
    """A constructor of the frozen slotted attrs class ``cls`` taking every field
    positionally, in field order, except those given in ``fixed`` (the core's
    :func:`cardrules._fast.constructor` over the class's own fields).

    >>> make = fast_maker(Log)
    >>> make((), (1, 2)) == Log[int]().extend((1, 2))
    True
    """
    fixed = fixed or {}
    names = tuple(field.name for field in attrs.fields(cls) if field.name not in fixed)
    return constructor(cls, names, **fixed)


make_deal: Callable[[tuple[Any, ...]], Deal] = functools.partial(tuple.__new__, Deal)
"""``make_deal((rules, dealer, …, events))``: the :class:`Deal` of these 19 values in field
order, built in C (no ``__new__`` in Python, no checks: callers pass all 19)."""
