"""The slow-changing part of a Bourré state: money, the deal's setup, the stock.

:class:`Table` changes only between phases (a stay decision, an exchange, the end
of a deal), so a played card copies a small :class:`~cardrules.bourre.State` and
shares its table.

>>> from cardrules.bourre import new_game
>>> new_game().table.pot
4
"""

from __future__ import annotations

import operator
from fractions import Fraction
from typing import Any

import attrs

from cardrules.bourre._fast import constructor
from cardrules.bourre.rules import Rules
from cardrules.bourre.view import Phase

__all__ = ["Table"]


@attrs.frozen(slots=True)
class Table:
    """Everything of a state that a played card does not change."""

    rules: Rules
    """The rules of the session."""
    phase: Phase
    """Where the deal stands."""
    dealer: int
    """The dealer's seat."""
    deal_number: int
    """The deal's index from 0."""
    ante_level: int
    """The ante of this deal (doubles after carried pots with ``rising_ante``, V-B.5)."""
    stacks: tuple[int, ...]
    """Chips each seat holds outside the pot."""
    pot: int
    """Every chip in the middle: this deal's antes and anything carried over."""
    contributions: tuple[int, ...]
    """Chips each seat put in the pot during this deal (its ante)."""
    rebuys: tuple[int, ...]
    """How many times each seat rebought (X-6)."""
    shares: tuple[Fraction, ...]
    """Each seat's share of the pot left after the last deal (X-7); 0 before the end."""
    order: tuple[int, ...]
    """The seats still in after the stay phase, in seat order from eldest."""
    trump_ix: int
    """The trump up-card's index, -1 before the deal."""
    trump_out: bool
    """Whether the trump up-card is out of play (discarded, or its dealer dropped)."""
    stock_ix: tuple[int, ...]
    """The stock, top card first."""
    muck_ix: tuple[int, ...]
    """The restockable cards: served seats' discards and dropped hands (ascending)."""
    discarded: tuple[tuple[int, ...] | None, ...]
    """Per seat: its discards of this deal, ``None`` before its exchange."""
    pending: tuple[int, int, tuple[int, ...]] | None
    """At a restock: (seat, cards still to draw, its discards)."""
    deal_events_from: int
    """The index in ``events`` of this deal's ``DealStarted``."""
    deal_actions_from: int
    """The index in ``history`` of this deal's first action (its shuffle)."""
    start_stacks: tuple[int, ...]
    """The stacks given to :func:`new_game`."""
    start_dealer: int
    """The dealer given to :func:`new_game`."""


_NAMES = tuple(field.name for field in attrs.fields(Table))
_GET = operator.attrgetter(*_NAMES)
_INDEX = {name: index for index, name in enumerate(_NAMES)}

TABLE_FIELDS = frozenset(_NAMES)
"""The names of :class:`Table`'s fields."""

make_table = constructor(Table, _NAMES)
"""Build a :class:`Table` from all its field values in order (no checks: the hot path)."""


def evolve_table(table: Table, changes: dict[str, Any]) -> Table:
    """A copy of ``table`` with ``changes`` (field name → new value).

    >>> from cardrules.bourre import new_game
    >>> table = new_game().table
    >>> evolve_table(table, {"pot": 9}) == attrs.evolve(table, pot=9)
    True
    """
    values = list(_GET(table))
    index = _INDEX
    for name, value in changes.items():
        values[index[name]] = value
    return make_table(*values)
