"""The money machinery every game shares (rules X-3, X-4, X-5, X-7 and V-B.6).

Pure functions over tuples of ints: they never create or lose a chip, which the
property tests prove.

>>> side_pots((10, 4, 10, 2), live=(True, True, True, False))
((14, (0, 1, 2)), (12, (0, 2)))
>>> split_pot(7, winners=(2, 0), first=1, players=4)
(3, 0, 4, 0)
"""

from __future__ import annotations

from collections.abc import Sequence
from fractions import Fraction

from cardrules.errors import CardRulesError, shorten

__all__ = [
    "apportion",
    "betting_pots",
    "share_exactly",
    "side_pots",
    "split_pot",
    "uncalled_excess",
]


def side_pots(
    contributions: Sequence[int], live: Sequence[bool], dead: int = 0
) -> tuple[tuple[int, tuple[int, ...]], ...]:
    """Split the contributions into a main pot and side pots (X-4), as at a showdown.

    Each level of contribution of a live seat closes a pot; a live seat is eligible
    for every pot up to its own level. Chips of folded seats stay in the pots they
    reach; any above the highest live level join the last pot. ``dead`` (money
    carried from an earlier deal) goes to the main pot.

    :param contributions: each seat's chips put in this deal.
    :param live: for each seat, whether it can still win (has not folded).
    :param dead: chips in the middle that belong to no seat's contribution.
    :returns: ``(amount, eligible_seats)`` pairs, main pot first; pots of 0 are left
        out, except a single empty main pot when nothing is in the middle.

    >>> side_pots((5, 5, 5), live=(True, True, True), dead=3)
    ((18, (0, 1, 2)),)
    >>> side_pots((6, 3, 6), live=(True, True, False))
    ((9, (0, 1)), (6, (0,)))
    """
    _check_amounts(contributions, "contributions")
    _check_flags(live, "live", len(contributions))
    _check_amount(dead, "dead")
    return side_pots_unchecked(contributions, live, dead)


def side_pots_unchecked(
    contributions: Sequence[int], live: Sequence[bool], dead: int = 0
) -> tuple[tuple[int, tuple[int, ...]], ...]:
    """:func:`side_pots` of arguments known to be right (the games' showdowns): no
    check, same result.

    >>> side_pots_unchecked((6, 3, 6), (True, True, False))
    ((9, (0, 1)), (6, (0,)))
    """
    return side_pots_of(
        contributions, tuple([seat for seat, alive in enumerate(live) if alive]), dead
    )


def side_pots_of(
    contributions: Sequence[int], seats: tuple[int, ...], dead: int = 0
) -> tuple[tuple[int, tuple[int, ...]], ...]:
    """:func:`side_pots_unchecked` with the seats still in given as a tuple in seat
    order (a game that keeps them as a seat mask reads the tuple from a table).

    >>> side_pots_of((6, 3, 6, 2), (0, 1), dead=1)
    ((12, (0, 1)), (6, (0,)))
    """
    if not seats:  # nobody still in: every chip in one pot that nobody can win
        return ((sum(contributions) + dead, ()),)
    level = contributions[seats[0]]
    for seat in seats:  # a plain loop: no set built when every level is the same
        if contributions[seat] != level:
            break
    else:  # the common case: every seat still in put in the same
        return ((sum(contributions) + dead, seats),)
    levels = [level]
    for seat in seats:  # the live seats' levels, each once
        chips = contributions[seat]
        if chips not in levels:
            levels.append(chips)
    levels.sort()
    pots: list[tuple[int, tuple[int, ...]]] = []
    below, top = 0, levels[-1]
    for level in levels:  # each level of a live seat's contribution closes a pot
        amount = dead
        if level == top:  # chips of folded seats above every live level join the last pot
            for chips in contributions:
                if chips > below:
                    amount += chips - below
        else:
            for chips in contributions:
                if chips > below:
                    amount += (chips if chips < level else level) - below
        eligible = []
        for seat in seats:
            if contributions[seat] >= level:
                eligible.append(seat)
        pots.append((amount, tuple(eligible)))
        below, dead = level, 0
    return tuple(pots)


def betting_pots(
    contributions: Sequence[int], live: Sequence[bool], all_in: Sequence[bool], dead: int = 0
) -> tuple[tuple[int, tuple[int, ...]], ...]:
    """The pots while the betting is still open (X-4): split only at all-in levels.

    A live seat that still has chips can call up to the largest contribution, so it is
    eligible for every pot; an all-in seat only for the pots up to its own level. Once
    every live seat has matched or is all-in this equals :func:`side_pots`.

    :param contributions: each seat's chips put in this deal.
    :param live: for each seat, whether it can still win (has not folded).
    :param all_in: for each seat, whether its stack is empty.
    :param dead: chips in the middle that belong to no seat's contribution.
    :returns: ``(amount, eligible_seats)`` pairs, main pot first.

    >>> betting_pots((3, 1, 1, 1), live=(True,) * 4, all_in=(False,) * 4)
    ((6, (0, 1, 2, 3)),)
    >>> betting_pots((6, 2, 4, 1), live=(True, True, True, False),
    ...              all_in=(False, True, False, False))
    ((7, (0, 1, 2)), (6, (0, 2)))
    """
    _check_amounts(contributions, "contributions")
    _check_flags(live, "live", len(contributions))
    _check_flags(all_in, "all_in", len(contributions))
    _check_amount(dead, "dead")
    tops = [c for c, alive in zip(contributions, live, strict=True) if alive]
    if not tops:
        return ((sum(contributions) + dead, ()),)
    top = max(tops)
    caps = {
        c
        for c, alive, empty in zip(contributions, live, all_in, strict=True)
        if alive and empty and c < top
    }
    return _pots_at(sorted({*caps, top}), contributions, live, all_in, dead, open_betting=True)


def _pots_at(
    levels: Sequence[int],
    contributions: Sequence[int],
    live: Sequence[bool],
    all_in: Sequence[bool],
    dead: int,
    open_betting: bool = False,
) -> tuple[tuple[int, tuple[int, ...]], ...]:
    if not levels:
        return ((sum(contributions) + dead, ()),)
    pots: list[tuple[int, tuple[int, ...]]] = []
    below = 0
    for i, level in enumerate(levels):
        top = i == len(levels) - 1
        amount = sum(
            (c if top else min(c, level)) - min(c, below) for c in contributions if c > below
        )
        if i == 0:
            amount += dead
        eligible = tuple(
            seat
            for seat, c in enumerate(contributions)
            if live[seat] and (c >= level or (open_betting and not all_in[seat]))
        )
        if amount or not pots:
            pots.append((amount, eligible))
        below = level
    return tuple(pots)


def uncalled_excess(contributions: Sequence[int]) -> tuple[int, int] | None:
    """The part of the largest contribution above the second largest (X-4).

    :returns: ``(seat, amount)`` to return to its owner, or ``None`` when the two
        largest contributions are equal.

    >>> uncalled_excess((10, 4, 7))
    (0, 3)
    >>> uncalled_excess((5, 5, 1)) is None
    True
    """
    _check_amounts(contributions, "contributions")
    return uncalled_excess_unchecked(contributions)


def uncalled_excess_unchecked(contributions: Sequence[int]) -> tuple[int, int] | None:
    """:func:`uncalled_excess` of contributions known to be right (the games'
    showdowns): no check, same result.

    >>> uncalled_excess_unchecked((10, 4, 7))
    (0, 3)
    """
    first = second = -1  # the two largest (contributions are never negative)
    seat = at = 0
    for chips in contributions:  # one pass, no sort
        if chips > first:
            first, second, at = chips, first, seat
        elif chips > second:
            second = chips
        seat += 1  # noqa: SIM113 - a counter costs less than enumerate here
    if first == second or second < 0:  # a tie at the top, or fewer than two seats
        return None
    return at, first - second


def split_pot(amount: int, winners: Sequence[int], first: int, players: int) -> tuple[int, ...]:
    """Divide ``amount`` equally among ``winners`` (X-5).

    Chips that do not divide go one each to the winners in seat order starting
    from ``first`` (eldest).

    :returns: each seat's share (0 for seats that are not winners).

    >>> split_pot(5, winners=(0, 3), first=1, players=4)
    (2, 0, 0, 3)
    """
    _check_amount(amount, "amount")
    _check_players(players)
    _check_seats(winners, "winners", players)
    _check_seats((first,), "first", players)
    if not winners:
        raise ValueError("split_pot needs at least one winner")
    return split_pot_unchecked(amount, winners, first, players)


def split_pot_unchecked(
    amount: int, winners: Sequence[int], first: int, players: int
) -> tuple[int, ...]:
    """:func:`split_pot` of arguments known to be right (the games' showdowns, at least
    one winner): no check, same result.

    >>> split_pot_unchecked(5, (0, 3), 1, 4)
    (2, 0, 0, 3)
    """
    shares = [0] * players
    if len(winners) == 1:  # the common case: nothing to divide
        shares[winners[0]] = amount
        return tuple(shares)
    each, odd = divmod(amount, len(winners))
    for seat in winners:
        shares[seat] = each
    ordered = sorted(set(winners), key=lambda s: (s - first) % players)
    for seat in ordered[:odd]:
        shares[seat] += 1
    return tuple(shares)


def share_exactly(amount: int, players: int) -> tuple[Fraction, ...]:
    """Share ``amount`` equally among all seats with exact fractions (X-7).

    >>> share_exactly(10, 4)
    (Fraction(5, 2), Fraction(5, 2), Fraction(5, 2), Fraction(5, 2))
    """
    _check_amount(amount, "amount")
    _check_players(players)
    return (Fraction(amount, players),) * players


def apportion(total: int, weights: Sequence[int], first: int = 0) -> tuple[int, ...]:
    """Divide ``total`` whole chips in proportion to ``weights`` (V-B.6).

    Each seat gets the whole part of its exact share; the chips left over go one
    each by largest remaining fraction, ties in seat order starting from ``first``.
    Never more than a seat's weight when ``total <= sum(weights)``.

    >>> apportion(5, (3, 3, 0, 1), first=1)
    (2, 2, 0, 1)
    """
    _check_amount(total, "total")
    _check_amounts(weights, "weights")
    _check_seats((first,), "first", max(1, len(weights)))
    whole = sum(weights)
    players = len(weights)
    if total == 0 or whole == 0:
        return (0,) * players
    exact = [Fraction(total * w, whole) for w in weights]
    shares = [int(e) for e in exact]
    left = total - sum(shares)
    order = sorted(range(players), key=lambda s: (-(exact[s] - shares[s]), (s - first) % players))
    for seat in order[:left]:
        shares[seat] += 1
    return tuple(shares)


_MOST_SEATS = 1000
"""More seats than any table holds: a larger count is a mistake, not a game."""


def _check_amount(value: object, name: str) -> None:
    if type(value) is not int or value < 0:
        raise CardRulesError(f"{name} must be an int >= 0, not {shorten(value, repr)}")


def _check_amounts(values: object, name: str) -> None:
    if not isinstance(values, tuple | list) or not all(type(v) is int and v >= 0 for v in values):
        raise CardRulesError(
            f"{name} must be a tuple of ints >= 0 (one per seat), not {shorten(values, repr)}"
        )


def _check_flags(values: object, name: str, players: int) -> None:
    if (
        not isinstance(values, tuple | list)
        or len(values) != players
        or not all(type(v) is bool for v in values)
    ):
        raise CardRulesError(
            f"{name} must be a tuple of {players} bools (one per seat), not {shorten(values, repr)}"
        )


def _check_players(players: object) -> None:
    if type(players) is not int or not 1 <= players <= _MOST_SEATS:
        raise CardRulesError(
            f"players must be an int from 1 to {_MOST_SEATS}, not {shorten(players, repr)}"
        )


def _check_seats(seats: object, name: str, players: int) -> None:
    if not isinstance(seats, tuple | list) or not all(
        type(seat) is int and 0 <= seat < players for seat in seats
    ):
        raise CardRulesError(
            f"{name} must be seats from 0 to {players - 1}, not {shorten(seats, repr)}"
        )
