"""The shared money machinery (X-3, X-4, X-5, X-7, V-B.6): no chip is created or lost."""

from __future__ import annotations

import itertools
from fractions import Fraction

import pytest
from hypothesis import assume, given
from hypothesis import strategies as st

from cardrules.pots import (
    apportion,
    betting_pots,
    share_exactly,
    side_pots,
    side_pots_unchecked,
    split_pot,
    split_pot_unchecked,
    uncalled_excess,
    uncalled_excess_unchecked,
)

contributions = st.lists(st.integers(0, 60), min_size=2, max_size=7)


@given(contributions, st.data(), st.integers(0, 30))
def test_X_4_side_pots_conserve_chips(contribs: list[int], data: st.DataObject, dead: int) -> None:
    """X-4: the pots hold exactly the contributions plus the dead money."""
    live = data.draw(st.lists(st.booleans(), min_size=len(contribs), max_size=len(contribs)))
    pots = side_pots(contribs, live, dead)
    assert sum(amount for amount, _ in pots) == sum(contribs) + dead
    assert all(amount >= 0 for amount, _ in pots)


@given(contributions, st.data())
def test_X_4_eligibility_by_level(contribs: list[int], data: st.DataObject) -> None:
    """X-4: a live seat is eligible for every pot up to its level; eligibility shrinks."""
    live = data.draw(st.lists(st.booleans(), min_size=len(contribs), max_size=len(contribs)))
    assume(any(live))
    pots = side_pots(contribs, live)
    for _, eligible in pots:
        assert all(live[seat] for seat in eligible)
    for earlier, later in itertools.pairwise(pots):
        assert set(later[1]) < set(earlier[1])
    top = max(c for c, alive in zip(contribs, live, strict=True) if alive)
    for seat, (c, alive) in enumerate(zip(contribs, live, strict=True)):
        if alive and c == top:
            assert all(seat in eligible for _, eligible in pots)


def test_X_4_worked_side_pot() -> None:
    """X-4: B all-in for 3, A and C at 10, D folded after 2."""
    assert side_pots((10, 3, 10, 2), (True, True, True, False)) == ((11, (0, 1, 2)), (14, (0, 2)))
    assert side_pots((10, 3, 10, 2), (True, True, True, False), dead=4) == (
        (15, (0, 1, 2)),
        (14, (0, 2)),
    )


def test_X_4_folded_chips_above_live_levels_join_the_top_pot() -> None:
    """X-4: chips of folded seats stay in the pots."""
    assert side_pots((4, 4, 9), (True, True, False)) == ((17, (0, 1)),)


def test_X_4_nobody_live() -> None:
    assert side_pots((1, 1), (False, False), dead=2) == ((4, ()),)


@given(contributions)
def test_X_4_uncalled_excess(contribs: list[int]) -> None:
    """X-4: the part above the second largest goes back; afterwards the top two match."""
    excess = uncalled_excess(contribs)
    ordered = sorted(contribs, reverse=True)
    if ordered[0] == ordered[1]:
        assert excess is None
    else:
        assert excess is not None
        seat, amount = excess
        assert contribs[seat] == ordered[0] and amount == ordered[0] - ordered[1]


@given(
    st.integers(0, 500),
    st.lists(st.integers(0, 6), min_size=1, max_size=7, unique=True),
    st.integers(0, 6),
)
def test_X_5_split_conserves_and_odd_chips_go_eldest_first(
    amount: int, winners: list[int], first: int
) -> None:
    """X-5: equal division; odd chips one each to the winners from eldest."""
    shares = split_pot(amount, winners, first, 7)
    assert sum(shares) == amount
    assert all(shares[s] == 0 for s in range(7) if s not in winners)
    each = amount // len(winners)
    ordered = sorted(winners, key=lambda s: (s - first) % 7)
    extra = amount % len(winners)
    assert [shares[s] for s in ordered] == [each + 1] * extra + [each] * (len(winners) - extra)


def test_X_5_split_needs_a_winner() -> None:
    with pytest.raises(ValueError, match="winner"):
        split_pot(3, (), 0, 4)


@given(st.integers(0, 1000), st.integers(1, 7))
def test_X_7_exact_share(amount: int, players: int) -> None:
    """X-7: a leftover pot is shared with exact fractions."""
    shares = share_exactly(amount, players)
    assert sum(shares) == amount and len(set(shares)) == 1
    assert all(isinstance(s, Fraction) for s in shares)


@given(st.lists(st.integers(0, 50), min_size=1, max_size=7), st.data())
def test_V_B_6_apportion_whole_chips(weights: list[int], data: st.DataObject) -> None:
    """V-B.6: whole chips in proportion, remainders by largest fraction, never above a weight."""
    total = data.draw(st.integers(0, sum(weights)))
    first = data.draw(st.integers(0, len(weights) - 1))
    shares = apportion(total, weights, first)
    assert sum(shares) == (total if sum(weights) else 0)
    for share, weight in zip(shares, weights, strict=True):
        exact = Fraction(total * weight, sum(weights)) if sum(weights) else 0
        assert exact - 1 < share < exact + 1
        assert share <= weight


def test_V_B_6_apportion_tie_goes_from_eldest() -> None:
    """V-B.6: equal fractions: seat order from eldest."""
    assert apportion(1, (1, 1, 1), first=2) == (0, 0, 1)
    assert apportion(2, (1, 1, 1), first=1) == (0, 1, 1)


def test_X_1_seats_from_eldest_in_the_direction_of_play() -> None:
    """X-1: the seats in play order from eldest, one copy for every game."""
    from cardrules.seating import seats_from

    assert seats_from(3, 4) == (3, 0, 1, 2)
    assert seats_from(0, 7) == tuple(range(7))


@given(contributions, st.data(), st.integers(0, 30))
def test_X_4_betting_pots_conserve_and_split_only_at_all_in_levels(
    contribs: list[int], data: st.DataObject, dead: int
) -> None:
    """X-4: while betting, pots split only where a seat is all-in."""
    n = len(contribs)
    live = data.draw(st.lists(st.booleans(), min_size=n, max_size=n))
    all_in = data.draw(st.lists(st.booleans(), min_size=n, max_size=n))
    pots = betting_pots(contribs, live, all_in, dead)
    assert sum(amount for amount, _ in pots) == sum(contribs) + dead
    capped = {c for c, a, e in zip(contribs, live, all_in, strict=True) if a and e}
    assert len(pots) <= len(capped) + 1
    for seat in range(n):
        if live[seat] and not all_in[seat]:
            assert all(seat in eligible for _, eligible in pots)


@given(contributions, st.data())
def test_X_4_betting_pots_equal_side_pots_once_the_betting_closes(
    contribs: list[int], data: st.DataObject
) -> None:
    """X-4: when every live seat has matched the top or is all-in, both agree."""
    n = len(contribs)
    live = data.draw(st.lists(st.booleans(), min_size=n, max_size=n))
    assume(any(live))
    top = max(c for c, a in zip(contribs, live, strict=True) if a)
    all_in = [c < top for c in contribs]
    assert betting_pots(contribs, live, all_in) == side_pots(contribs, live)


@given(contributions, st.data(), st.integers(0, 30))
def test_X_4_X_5_the_unchecked_twins_agree_with_the_checked_functions(
    contribs: list[int], data: st.DataObject, dead: int
) -> None:
    """The games' showdowns call the unchecked twins: on right arguments they give
    what the public, checked functions give."""
    n = len(contribs)
    live = data.draw(st.lists(st.booleans(), min_size=n, max_size=n))
    assert side_pots_unchecked(contribs, live, dead) == side_pots(contribs, live, dead)
    assert uncalled_excess_unchecked(contribs) == uncalled_excess(contribs)
    winners = data.draw(st.lists(st.integers(0, n - 1), min_size=1, max_size=n, unique=True))
    first = data.draw(st.integers(0, n - 1))
    amount = sum(contribs) + dead
    assert split_pot_unchecked(amount, winners, first, n) == split_pot(amount, winners, first, n)
