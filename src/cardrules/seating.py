"""Seats: the order of play round the table, and per-seat values, written once for
every game.

Seats are numbered ``0 … players-1`` in the direction of play (API.md §4): the seat
after the dealer is the first to receive a card and the first to speak.

>>> seats_from(2, 4)
(2, 3, 0, 1)
"""

from __future__ import annotations

from typing import TypeVar

__all__ = ["next_in", "replaced", "seats_from"]

T = TypeVar("T")


def seats_from(first: int, players: int) -> tuple[int, ...]:
    """Every seat of a table of ``players``, in the direction of play from ``first``.

    >>> seats_from(0, 3), seats_from(4, 5)
    ((0, 1, 2), (4, 0, 1, 2, 3))
    """
    return (*range(first, players), *range(first))


def next_in(seats: int, after: int, players: int) -> int:
    """The first seat of the seat mask ``seats`` (bit ``s`` for seat ``s``) after
    ``after`` in the direction of play, ``after`` itself last; -1 if the mask is empty:
    the mask turned so that the seat after ``after`` is bit 0, then its lowest bit.

    >>> next_in(0b0100, 2, 4), next_in(0b1010, 3, 4), next_in(0b0001, 3, 4), next_in(0, 1, 4)
    (2, 1, 0, -1)
    """
    if not seats:
        return -1
    start = (after + 1) % players
    turned = (seats >> start | seats << (players - start)) & ((1 << players) - 1)
    return (start + (turned & -turned).bit_length() - 1) % players


def replaced(values: tuple[T, ...], index: int, value: T) -> tuple[T, ...]:
    """``values`` with the item at ``index`` replaced by ``value`` (a seat's stack, a
    seat's hand).

    >>> replaced((1, 2, 3), 1, 9)
    (1, 9, 3)
    """
    return (*values[:index], value, *values[index + 1 :])
