"""Historic Bouillotte against independent test-side oracles, over random sessions.

The oracles are written from the rule book, not from the engine: the legal set of every
decision (H-2.2, H-2.3, H-4.2 to H-4.5, H-4.8, X-4) and the winner of the collective
point (H-5.3 to H-5.6).
"""

from __future__ import annotations

import random
from collections.abc import Iterator

from hypothesis import given, settings
from hypothesis import strategies as st

from cardrules import CHANCE, sample_chance
from cardrules.actions import Action, Call, Check, Fold, Raise
from cardrules.bouillotte import historic
from cardrules.bouillotte.historic import DECK, Carre, Decline, Phase, Rules, ShowdownHands
from cardrules.bouillotte.historic import State as HistoricState
from cardrules.bouillotte.historic.hands import point_totals, point_winner, ranked_suits
from cardrules.bouillotte.historic.record import seats_in, with_chips
from cardrules.cards import Card, Suit
from cardrules.events import ExcessReturned, PotWon
from cardrules.legal import Legal
from cardrules.pots import side_pots, uncalled_excess
from cardrules.seating import next_in

VALUE = {14: 11, 13: 10, 12: 10, 9: 9, 8: 8}


def expected_legal(state: historic.State) -> set[object]:
    """The legal set as the rule book describes it, from the state's public numbers."""
    seat = state.to_act
    assert isinstance(seat, int)
    stack, own = state.stacks[seat], state.contributions[seat]
    if state.phase is Phase.CARRE:  # H-2.2, H-2.3
        return {"carre", "decline"} if stack >= state.pot else {"decline"}
    largest = max(state.contributions)
    others_with_chips = [
        s for s in range(4) if s != seat and not state.folded[s] and state.stacks[s] > 0
    ]
    raise_ok = bool(others_with_chips)
    if not state.opened:  # H-4.2, H-4.3, H-4.5
        low = max(largest, own + 1)
        raises = set(range(low, own + stack + 1)) if raise_ok else set()
        return {"check"} | {("raise", n) for n in raises}
    raises = set(range(largest + 1, own + stack + 1)) if raise_ok else set()
    found: set[object] = {("raise", n) for n in raises}
    if state.phase is Phase.PLUS_RIEN or own == largest:  # H-4.8, H-4.4 option
        return found | {"check"}
    return found | {"call", "fold"}  # H-4.4, H-4.5


def name(action: Action) -> object:
    if isinstance(action, Raise):
        return ("raise", action.to)
    return {Carre: "carre", Decline: "decline", Check: "check", Call: "call", Fold: "fold"}[
        type(action)
    ]


def decisions(
    seed: int, cave: int, ante: int
) -> Iterator[tuple[HistoricState, tuple[Action, ...]]]:
    """Every decision of a random session (its state and legal actions), the session
    driven by ``seed`` (chance through ``sample_chance``, choices uniform)."""
    rng = random.Random(seed)
    state = historic.new_game(Rules(cave=cave, ante=ante), dealer=rng.randrange(4))
    while not state.is_terminal:
        if state.to_act is CHANCE:
            state = state.apply(sample_chance(state, rng))
            continue
        legal = state.legal_actions()
        yield state, legal
        state = state.apply(legal[rng.randrange(len(legal))])


@settings(max_examples=40, deadline=None)
@given(seed=st.integers(0, 2**32 - 1), cave=st.integers(1, 25), ante=st.integers(1, 4))
def test_H_4_4_legal_sets_match_the_rule_book(seed: int, cave: int, ante: int) -> None:
    """H-2.2, H-2.3, H-4.2, H-4.3, H-4.4, H-4.5, H-4.8, X-4: at every decision of random
    sessions the legal set is exactly what the rule book allows."""
    for state, legal in decisions(seed, cave, ante):
        assert {name(a) for a in legal} == expected_legal(state)
        assert state.stacks[state.to_act] > 0 or state.phase is Phase.CARRE  # all-in


@settings(max_examples=40, deadline=None)
@given(seed=st.integers(0, 2**32 - 1), cave=st.integers(1, 300), ante=st.integers(1, 4))
def test_H_4_4_listings_are_the_core_spelling_in_order(seed: int, cave: int, ante: int) -> None:
    """H-4.2, H-4.4, H-4.5: at every decision of random sessions, ``legal_actions()``
    is the order the core spells a legal set in (the check or call first, the raises
    ascending, the fold last), whichever way the historic game builds it (one slice of
    the check and the raises from 1, or a slice of the raises with its ends replaced)."""
    for state, legal in decisions(seed, cave, ante):
        assert legal == Legal.actions(state.legal()) and type(legal) is tuple


def oracle_point(
    hands: list[tuple[Card, ...]], retourne: Card, eligible: list[int], eldest: int
) -> int:
    """H-5.3 to H-5.6 by brute force: rank every (total, seat order) pair directly."""
    total = dict.fromkeys("cdhs", 0)
    for card in [c for h in hands for c in h] + [retourne]:
        total[card.suit.letter] += VALUE[int(card.rank)]
    candidates = []
    for suit in "cdhs":
        holders = [
            (max(c for c in hands[s] if c.suit.letter == suit), s)
            for s in eligible
            if any(c.suit.letter == suit for c in hands[s])
        ]
        if holders:
            owner = max(holders)[1]
            candidates.append((-total[suit], (owner - eldest) % 4, owner))
    return min(candidates)[2]


@settings(max_examples=300, deadline=None)
@given(
    deck=st.permutations(DECK),
    eldest=st.integers(0, 3),
    eligible=st.sets(st.integers(0, 3), min_size=1),
)
def test_H_5_5_collective_point_matches_a_brute_force_oracle(
    deck: list[Card], eldest: int, eligible: set[int]
) -> None:
    """H-5.3, H-5.4, H-5.5, H-5.6: the collective point's winner, for random deals and
    eligible sets, is the owner of the richest suit held among the eligible seats, ties to
    the owner first from eldest."""
    hands = [tuple(deck[3 * s : 3 * s + 3]) for s in range(4)]
    retourne = deck[12]
    seat, suit = historic.collective_point(hands, retourne, sorted(eligible), eldest)
    assert seat == oracle_point(hands, retourne, sorted(eligible), eldest)
    assert any(card.suit is suit for card in hands[seat])


@settings(max_examples=300, deadline=None)
@given(
    deck=st.permutations(DECK),
    eldest=st.integers(0, 3),
    eligible=st.sets(st.integers(0, 3), min_size=1),
)
def test_H_5_6_showdown_point_agrees_with_collective_point(
    deck: list[Card], eldest: int, eligible: set[int]
) -> None:
    """H-5.3 to H-5.6: the showdown's steps (suit totals over card indices, then the
    winner among the eligible owners) name the same seat and suit as
    :func:`collective_point` and :func:`winning_suit` with the hands."""
    hands = tuple(tuple(deck[3 * s : 3 * s + 3]) for s in range(4))
    retourne = deck[12]
    totals = point_totals([*deck[:13]])
    found = point_winner(hands, totals, tuple(sorted(eligible)), eldest)
    assert found == historic.collective_point(hands, retourne, sorted(eligible), eldest)
    assert found is not None
    assert found[1] is historic.winning_suit(
        deck[:13], hands, eligible=sorted(eligible), eldest=eldest
    )
    assert dict(zip(Suit, totals, strict=True)) == historic.suit_totals([*deck[:13]])


def _after(state: historic.State, action: Action) -> tuple[list[int], list[bool]]:
    """The contributions and the seats still in once ``action`` is applied (before the
    showdown it may cause), read from the public numbers of ``state``."""
    seat = state.to_act
    assert isinstance(seat, int)
    contributions = list(state.contributions)
    live = [not folded for folded in state.folded]
    if isinstance(action, Call):
        contributions[seat] += min(max(contributions) - contributions[seat], state.stacks[seat])
    elif isinstance(action, Raise):
        contributions[seat] = action.to
    elif isinstance(action, Fold):
        live[seat] = False
    return contributions, live


def _best_hand(
    dealt: tuple[tuple[Card, ...], ...], retourne: Card, eligible: tuple[int, ...], eldest: int
) -> int:
    """The seat that wins a pot of these ``eligible`` seats by the rule book: the best
    brelan among them (H-5.2), else the only one, else the collective point's winner
    among them from ``eldest`` (H-5.3 to H-5.6)."""
    brelans = [(b, seat) for seat in eligible if (b := historic.brelan_of(dealt[seat], retourne))]
    if brelans:
        return max(brelans, key=lambda found: found[0])[1]
    if len(eligible) == 1:
        return eligible[0]
    return historic.collective_point(dealt, retourne, eligible, eldest)[0]


@settings(max_examples=40, deadline=None)
@given(seed=st.integers(0, 2**32 - 1), cave=st.integers(1, 25))
def test_X_4_H_5_7_showdown_pots_are_the_side_pots_each_to_its_best_hand(
    seed: int, cave: int
) -> None:
    """X-4, H-5.2, H-5.7: at every showdown of random sessions, the uncalled excess goes
    back, the pots awarded are exactly ``cardrules.pots.side_pots`` of the
    contributions, and each pot, side pots included, goes to the best hand among its
    own eligible seats (:func:`_best_hand`), pot by pot."""
    rng = random.Random(seed)
    state = historic.new_game(Rules(cave=cave), dealer=rng.randrange(4))
    while not state.is_terminal:
        if state.to_act is CHANCE:
            state = state.apply(sample_chance(state, rng))
            continue
        legal = state.legal_actions()
        action = legal[rng.randrange(len(legal))]
        before, carried, dealt, retourne = (
            len(state.events),
            state.carried,
            state.hands,
            state.retourne,
        )
        eldest = (state.dealer + 1) % 4
        contributions, live = _after(state, action)
        state = state.apply(action)
        new = state.events[before:]
        if not any(isinstance(e, ShowdownHands) for e in new):
            continue
        assert retourne is not None
        excess = uncalled_excess(contributions)
        returned = [e for e in new if isinstance(e, ExcessReturned)]
        assert [(e.seat, e.amount) for e in returned] == ([excess] if excess else [])
        if excess:
            contributions[excess[0]] -= excess[1]
        won = [e for e in new if isinstance(e, PotWon)]
        pots = side_pots(contributions, live, carried)
        assert [e.amount for e in won] == [amount for amount, _ in pots]
        for event, (_, eligible) in zip(won, pots, strict=True):
            assert event.winners == (_best_hand(dealt, retourne, eligible, eldest),)


def test_H_5_4_ranked_suits_sorts_every_claim_like_sorted() -> None:
    """The sorting network of ranked_suits orders the suits' claims as a sort does, for
    every four totals of the historic deck's range (0 to 48, ties included)."""
    totals = range(0, 49, 4)
    for clubs in totals:
        for diamonds in totals:
            for hearts in totals:
                for spades in totals:
                    claims = (clubs << 2 | 3, diamonds << 2 | 2, hearts << 2 | 1, spades << 2)
                    expected = tuple(sorted(claims, reverse=True))
                    assert ranked_suits((clubs, diamonds, hearts, spades)) == expected


def test_seat_mask_helpers_read_the_masks_as_seats_in_the_direction_of_play() -> None:
    """The record's seat-mask helpers (X-10's seats, H-4.1's order of speaking) give,
    for every mask, what a walk round the table gives."""
    for mask in range(16):
        assert seats_in(mask) == tuple(seat for seat in range(4) if mask >> seat & 1)
        for after in range(4):
            walk = [(after + k) % 4 for k in range(1, 5)]
            expected = next((seat for seat in walk if mask >> seat & 1), -1)
            assert next_in(mask, after, 4) == expected
        stacks = tuple(seat + 1 if mask >> seat & 1 else 0 for seat in range(4))
        assert with_chips(stacks) == mask
