"""The slow-changing parts of a Bourré state: the deal's constants, the stock.

:class:`Deal` holds what stays fixed for a whole deal (money, dealer, the rules) and
is built once when the deal begins; :class:`Table` changes only between phases (a
stay decision, an exchange) and refers to its deal, so a played card copies a small
:class:`~cardrules.bourre.State` and shares its table, and a new phase copies a small
table and shares its deal.

>>> from cardrules.bourre import new_game
>>> new_game().table.deal.pot
4
"""

from __future__ import annotations

import operator
from fractions import Fraction
from typing import Any

import attrs

from cardrules._fast import constructor
from cardrules.bourre.rules import Rules
from cardrules.bourre.view import Phase

__all__ = ["Deal", "Table"]


@attrs.frozen(slots=True)
class Deal:
    """Everything of a state that stays fixed for a whole deal."""

    rules: Rules
    """The rules of the session."""
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
    deal_events_from: int
    """The index in ``events`` of this deal's ``DealStarted``."""
    deal_actions_from: int
    """The index in ``history`` of this deal's first action (its shuffle)."""
    start_stacks: tuple[int, ...]
    """The stacks given to :func:`new_game`."""
    start_dealer: int
    """The dealer given to :func:`new_game`."""
    shown_events_from: int
    """Where the events a view shows at this deal's chance node begin: the previous
    deal's ``DealStarted`` (X-10: between deals a view still shows the deal just
    finished), or this deal's in the first deal."""
    shown_actions_from: int
    """Where the actions a view shows at this deal's chance node begin: the previous
    deal's shuffle, or this deal's first action in the first deal."""


@attrs.frozen(slots=True)
class Table:
    """Everything of a state that a played card does not change."""

    deal: Deal
    """The deal's constants."""
    phase: Phase
    """Where the deal stands."""
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


_DEAL_NAMES = tuple(field.name for field in attrs.fields(Deal))
_NAMES = tuple(field.name for field in attrs.fields(Table))
_DEAL_GET = operator.attrgetter(*_DEAL_NAMES)
_GET = operator.attrgetter(*_NAMES)
_DEAL_INDEX = {name: index for index, name in enumerate(_DEAL_NAMES)}
_INDEX = {name: index for index, name in enumerate(_NAMES)}

TABLE_FIELDS = frozenset(_NAMES) | frozenset(_DEAL_NAMES)
"""The names of the fields of :class:`Table` and of its :class:`Deal`."""

make_deal = constructor(Deal, _DEAL_NAMES)
"""Build a :class:`Deal` from all its field values in order (no checks: the hot path)."""
make_table = constructor(Table, _NAMES)
"""Build a :class:`Table` from all its field values in order (no checks: the hot path)."""


def evolve_table(table: Table, changes: dict[str, Any]) -> Table:
    """A copy of ``table`` with ``changes`` (field name of the table or of its deal →
    new value).

    >>> from cardrules.bourre import new_game
    >>> table = new_game().table
    >>> evolve_table(table, {"pot": 9}).deal == attrs.evolve(table.deal, pot=9)
    True
    """
    values = list(_GET(table))
    index = _INDEX
    deal_changes = None
    for name, value in changes.items():
        at = index.get(name)
        if at is None:
            if deal_changes is None:
                deal_changes = list(_DEAL_GET(table.deal))
            deal_changes[_DEAL_INDEX[name]] = value
        else:
            values[at] = value
    if deal_changes is not None:
        values[0] = make_deal(*deal_changes)
    return make_table(*values)
