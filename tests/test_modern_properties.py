"""Property tests of modern Bouillotte against small independent oracles."""

from __future__ import annotations

import random

from hypothesis import given, settings
from hypothesis import strategies as st

from cardrules import CHANCE, sample_chance
from cardrules.bouillotte.modern import CHECK, Rules, evaluate, new_game
from cardrules.events import PotWon

options = st.builds(
    Rules,
    players=st.integers(3, 5),
    favori=st.sampled_from(["above_simple", "below_simple", "off"]),
    point_values=st.sampled_from(["flat", "pip"]),
    point_tiebreak=st.sampled_from(["seed", "kickers"]),
    retournes=st.integers(1, 2),
    open_card=st.booleans(),
    betting_rounds=st.integers(1, 3),
    retourne_change=st.booleans(),
)


@settings(max_examples=150)
@given(rules=options, seed=st.integers(0, 2**32 - 1), dealer=st.integers(0, 4))
def test_M_3_6_and_M_6_1_all_check_pot_goes_to_the_best_hand(
    rules: Rules, seed: int, dealer: int
) -> None:
    """M-3.6, M-6.1, X-5, V-M.3, V-M.4: when everyone checks every round, the antes go
    to the best hand by evaluate() with the final retournés, split eldest-first."""
    n = rules.players
    dealer %= n
    state = new_game(rules, dealer=dealer)
    state = state.apply(sample_chance(state, random.Random(seed)))
    deck_order = state.history[-1].order  # type: ignore[attr-defined]
    hands = state.hands
    while not state.is_terminal:
        assert state.to_act is not CHANCE
        state = state.apply(CHECK)
    count = rules.retournes
    retournes = deck_order[3 * n : 3 * n + count]
    if rules.retourne_change:
        retournes = deck_order[3 * n + count : 3 * n + 2 * count]
    values = [evaluate(hand, retournes, rules) for hand in hands]
    best = max(values)
    winners = [s for s in range(n) if values[s] == best]
    pot = n * rules.ante
    eldest = (dealer + 1) % n
    expected = [rules.stack - rules.ante] * n
    each, odd = divmod(pot, len(winners))
    for seat in winners:
        expected[seat] += each
    for seat in sorted(winners, key=lambda s: (s - eldest) % n)[:odd]:
        expected[seat] += 1
    assert list(state.stacks) == expected
    won = [e for e in state.events if isinstance(e, PotWon)]
    assert len(won) == 1
    assert won[0].winners == tuple(sorted(winners))


@settings(max_examples=100)
@given(
    rules=st.builds(
        Rules,
        players=st.integers(3, 5),
        stack=st.integers(1, 12),
        announce_fee=st.none() | st.integers(1, 3),
        deals=st.integers(1, 6),
        max_raise=st.integers(1, 4),
    ),
    seed=st.integers(0, 2**32 - 1),
)
def test_X_8_results_sum_to_zero_and_stacks_stay_whole(rules: Rules, seed: int) -> None:
    """X-3, X-8: at every step stacks are ints >= 0 and sum(returns()) + pot == 0;
    M-4.2: fees move chips between stacks only."""
    rng = random.Random(seed)
    state = new_game(rules)
    while not state.is_terminal:
        if state.to_act is CHANCE:
            state = state.apply(sample_chance(state, rng))
        else:
            legal = state.legal_actions()
            state = state.apply(legal[rng.randrange(len(legal))])
        assert all(type(s) is int and s >= 0 for s in state.stacks)
        assert sum(state.returns()) + state.pot == 0
        total = sum(state.stacks) + state.pot
        assert total == rules.stack * (rules.players + sum(state.rebuys))
    assert state.pot == 0


@settings(max_examples=100)
@given(
    rules=st.builds(
        Rules,
        players=st.integers(3, 5),
        stack=st.integers(1, 10),
        announce_fee=st.none() | st.integers(1, 3),
        deals=st.integers(1, 4),
        max_raise=st.integers(1, 4),
        betting_rounds=st.integers(1, 3),
    ),
    seed=st.integers(0, 2**32 - 1),
)
def test_X_4_while_betting_every_seat_with_chips_is_eligible_for_every_pot(
    rules: Rules, seed: int
) -> None:
    """X-4: while the betting is open the pots split only at the levels of seats still
    in that are all-in; every seat still in with chips is eligible for every pot, an
    all-in seat for the pots up to its level, and the pots hold the whole pot."""
    rng = random.Random(seed)
    state = new_game(rules)
    while not state.is_terminal:
        if state.to_act is CHANCE:
            state = state.apply(sample_chance(state, rng))
        else:
            legal = state.legal_actions()
            state = state.apply(legal[rng.randrange(len(legal))])
        if state.is_terminal:
            break
        pots = state.pots
        contributions, stacks, folded = state.contributions, state.stacks, state.folded
        live = [seat for seat in range(rules.players) if not folded[seat]]
        assert sum(amount for amount, _ in pots) == state.pot
        top = max(contributions[seat] for seat in live)
        caps = {contributions[s] for s in live if stacks[s] == 0 and contributions[s] < top}
        assert len(pots) == len(caps) + 1
        for seat in live:
            eligible_for = [index for index, (_, eligible) in enumerate(pots) if seat in eligible]
            if stacks[seat] > 0:
                assert eligible_for == list(range(len(pots)))
            else:
                below = sum(1 for cap in caps if cap < contributions[seat])
                assert eligible_for == list(range(below + 1))
        for _, eligible in pots:
            assert all(not folded[seat] for seat in eligible)
