"""Golden deals of historic Bouillotte: the historic source's worked example, the carre ladder,
a side pot, and the collective point (tie, richest suit held by a folded seat).

Each deal is set up with ``arrange_deck`` and explicit actions; every chip is checked.
Seats: A = 0, B = 1, C = 2, D = 3; D deals, so A is eldest.
"""

from __future__ import annotations

from cardrules.actions import CALL, CHECK, FOLD, Raise
from cardrules.bouillotte import historic
from cardrules.bouillotte.historic import (
    CARRE,
    DECLINE,
    CollectivePoint,
    Phase,
    PrimesPaid,
    Rules,
    new_game,
    suit_ranking,
    winning_suit,
)
from cardrules.cards import Card, Suit, cards
from cardrules.events import ExcessReturned, PotWon
from helpers import dealt

R = Raise


def pots_won(state: historic.State) -> list[PotWon]:
    """The PotWon events of the deal that just ended."""
    return [e for e in state.events if isinstance(e, PotWon)]


# The action sequence that reaches the worked example's pot of exactly 12:
#   D deals and antes 1; A declines the carre (no carre);
#   A opens to 1 (matching the ante), B calls 1, C calls 1, D (already at 1) checks;
#   four seats left: the plus rien turn from A: B raises to 5;
#   C folds, D folds, A calls 5; two seats left: the betting closes.
#   Pot: A 5 + B 5 + C 1 + D 1 = 12.
SEED_004_ACTIONS = (R(to=1), CALL, CALL, CHECK, R(to=5), FOLD, FOLD, CALL)


def test_seed_004_worked_example_H_5_1_H_6_1() -> None:
    """Seed 004 (H-5.1, H-5.2, H-6.1, H-6.2): retourné 9♠, A shows 9♥ 9♦ 9♣ (brelan carré),
    B shows K♥ K♦ K♣ (brelan simple); the pot of 12 goes to A; primes A +5, B +1, C −3, D −3."""
    state = new_game(Rules(), dealer=3).apply(DECLINE)
    state = dealt(state, {0: "9♥ 9♦ 9♣", 1: "K♥ K♦ K♣"}, retourne="9♠")
    state = state.apply(R(to=1)).apply(CALL).apply(CALL).apply(CHECK)
    assert state.phase is Phase.PLUS_RIEN
    for action in SEED_004_ACTIONS[4:]:
        state = state.apply(action)
    (won,) = pots_won(state)
    assert won.amount == 12
    assert won.winners == (0,)
    assert won.hand == "brelan carré of 9s"
    assert state.primes == (5, 1, -3, -3)
    assert sum(state.primes) == 0
    assert [e for e in state.events if isinstance(e, PrimesPaid)] == [
        PrimesPaid(receivers=(0, 1), amounts=(5, 1, -3, -3))
    ]
    # the next deal has begun: A deals and antes 1
    assert state.deal_number == 1
    assert state.stacks == (100 - 5 + 12 - 1, 95, 99, 99)
    assert state.returns() == (6 + 5, -5 + 1, -1 - 3, -1 - 3)


def test_H_2_2_ladder_1_2_4_8_then_a_showdown_for_16() -> None:
    """H-2.2, H-4.1, H-4.7: the ladder 1-2-4-8 makes a pot of 16; eldest speaks first; an
    opening to 10 called by the dealer alone takes the pot to 26."""
    state = new_game(dealer=3)
    for _ in range(4):
        state = state.apply(CARRE)
    assert state.pot == 16
    state = dealt(state, {0: "Ah Ad Ac", 3: "Kh Kd Kc"}, retourne="8s")
    assert state.to_act == 0
    assert state.legal_actions()[1] == R(to=9)  # the dealer's 9 is the largest contribution
    state = state.apply(R(to=10)).apply(FOLD).apply(FOLD)
    assert state.to_act == 3
    state = state.apply(CALL)  # two left, level: closed
    (won,) = pots_won(state)
    assert (won.amount, won.winners) == (10 + 2 + 4 + 10, (0,))
    assert state.primes == (3 - 1, -2, -2, 3 - 1)


def test_X_4_H_5_2_H_5_7_side_pot_brelan_main_collective_point_side() -> None:
    """X-4, H-5.2, H-5.5, H-5.7: B, all-in for 3 with the only brelan, wins the main pot; the
    side pot between A and C goes by the collective point, where hearts (the richest) have
    no owner among A and C, so spades decide."""
    state = new_game(stacks=(100, 3, 100, 100), dealer=3).apply(DECLINE)
    state = dealt(
        state, {0: "As Qs 8d", 1: "Kh Kd Kc", 2: "Ks 9s Ad", 3: "Qh 9h 8h"}, retourne="Ah"
    )
    state = state.apply(R(to=10))
    assert state.legal_actions() == (CALL, FOLD)  # H-4.5: B can only go tapis or fold
    state = state.apply(CALL).apply(CALL).apply(FOLD)
    assert state.phase is Phase.PLUS_RIEN  # three left; B all-in says plus rien by itself
    assert state.to_act == 2
    assert state.pots == ((3 + 3 + 3 + 1, (0, 1, 2)), (7 + 7, (0, 2)))
    state = state.apply(CHECK)
    main, side = pots_won(state)
    assert (main.amount, main.winners, main.hand) == (10, (1,), "brelan simple of Ks")
    assert (side.amount, side.winners, side.pot) == (14, (0,), 1)
    (point,) = [e for e in state.events if isinstance(e, CollectivePoint)]
    assert point.totals == (10, 29, 48, 40)
    assert (point.suit, point.seat) == (Suit.SPADES, 0)
    assert state.primes == (-1, 3, -1, -1)
    assert state.stacks == (100 - 10 + 14 - 1, 10, 90, 99)
    assert state.showdown is not None
    assert state.showdown.hands[3] == tuple(
        sorted(cards("Qh 9h 8h"))
    )  # H-5.3: the folded hand is exposed


def test_H_5_3_H_5_5_richest_suit_held_only_by_a_folded_seat() -> None:
    """H-5.3, H-5.4, H-5.5: hearts (40) are the richest suit, but only A, who folded, holds
    hearts; the next suit, spades (39), goes to B, who holds A♠. All four hands are exposed."""
    hands = {0: "Ah Kh Qh", 1: "As 9c 8d", 2: "Ks 9d 8c", 3: "Qs Qc 8s"}
    state = dealt(new_game(dealer=3).apply(DECLINE), hands, retourne="9h")
    exposed = [c for text in hands.values() for c in cards(text)] + [Card.parse("9h")]
    assert suit_ranking(exposed)[:2] == ((Suit.HEARTS,), (Suit.SPADES,))
    state = state.apply(R(to=1)).apply(CALL).apply(CALL).apply(CHECK)  # four left
    state = state.apply(R(to=2)).apply(CALL).apply(CALL).apply(FOLD)  # B raises; A folds
    assert state.phase is Phase.PLUS_RIEN
    state = state.apply(CHECK).apply(CHECK)
    (won,) = pots_won(state)
    assert (won.amount, won.winners) == (1 + 2 + 2 + 2, (1,))
    assert won.hand == "the collective point in ♠"
    assert state.stacks == (99 - 1, 100 - 2 + 7, 98, 98)  # A deals the next deal
    assert state.primes == (0, 0, 0, 0)
    view = state.view(2)
    assert view.showdown is not None
    assert view.showdown.hands[0] == tuple(
        sorted(cards("Ah Kh Qh"))
    )  # folded, exposed by the point
    assert (
        winning_suit(exposed, [cards(t) for t in hands.values()], eligible=(1, 2, 3)) == Suit.SPADES
    )


def _tie_deal(dealer: int) -> historic.State:
    hands = {0: "Ah Qh 8c", 1: "As Qs 8d", 2: "Kh 9h 9c", 3: "Ks 9s 9d"}
    state = dealt(new_game(dealer=dealer).apply(DECLINE), hands, retourne="Qc")
    eldest = (dealer + 1) % 4
    assert state.to_act == eldest
    state = state.apply(R(to=1)).apply(CALL).apply(CALL).apply(CHECK)
    return state.apply(CHECK).apply(CHECK).apply(CHECK)


def test_H_5_6_tied_suits_go_to_the_owner_first_from_eldest() -> None:
    """H-5.6: hearts and spades tie at 40; their owners are A (A♥) and B (A♠); the owner
    first in seat order from eldest wins: A when D deals, B when A deals."""
    exposed = cards("Ah Qh 8c As Qs 8d Kh 9h 9c Ks 9s 9d Qc")
    assert suit_ranking(exposed)[0] == (Suit.HEARTS, Suit.SPADES)
    assert winning_suit(exposed) is None
    state = _tie_deal(dealer=3)
    (won,) = pots_won(state)
    assert (won.amount, won.winners, won.hand) == (4, (0,), "the collective point in ♥")
    state = _tie_deal(dealer=0)
    (won,) = pots_won(state)
    assert (won.amount, won.winners, won.hand) == (4, (1,), "the collective point in ♠")


def test_H_5_4_the_retourne_belongs_to_nobody() -> None:
    """H-5.4: the richest suit goes to the eligible seat with its highest card in hand; the
    retourné (A♥ here) counts in the total but makes nobody its owner."""
    hands = (cards("Kh 8c 9d"), cards("Qh Qc 8d"), cards("9h Kc Kd"), cards("8h 9c Qd"))
    assert historic.collective_point(hands, Card.parse("Ah"), (0, 1, 2, 3), eldest=0) == (
        0,
        Suit.HEARTS,
    )
    assert historic.collective_point(hands, Card.parse("Ah"), (1, 2, 3), eldest=0) == (
        1,
        Suit.HEARTS,
    )


def test_H_5_3_card_points() -> None:
    """H-5.3: A 11, K 10, Q 10, 9 9, 8 8; a suit is totalled over the exposed cards."""
    assert [historic.card_points(c) for c in cards("As Kh Qd 9c 8s")] == [11, 10, 10, 9, 8]
    assert historic.suit_totals(cards("Ah Kh 9s"))[Suit.HEARTS] == 21


def test_X_4_a_pot_only_one_seat_may_win_is_not_contested() -> None:
    """X-4, H-5.3: chips a folded seat put above every live seat but one form a pot that
    seat wins uncontested: no collective point, so the folded hands stay hidden."""
    state = new_game(stacks=(100, 100, 5, 100), dealer=3).apply(DECLINE)
    state = dealt(state, {0: "Ah Ad 8c", 1: "Kh 9d 8h", 2: "Qh Qd Qc"}, retourne="8s")
    state = state.apply(R(to=10)).apply(R(to=20)).apply(CALL).apply(FOLD).apply(FOLD)
    # A folded at 10; B (20) and C (all-in for 5) are left: B gets 20 - 10 back
    assert [e for e in state.events if isinstance(e, ExcessReturned)] == [ExcessReturned(1, 10)]
    main, side = pots_won(state)
    assert (main.amount, main.winners, main.hand) == (5 + 5 + 5 + 1, (2,), "brelan simple of Qs")
    assert (side.amount, side.winners, side.hand) == (5 + 5, (1,), None)
    assert not [e for e in state.events if isinstance(e, CollectivePoint)]
    assert state.primes == (-1, -1, 3, -1)
    assert state.stacks == (90 - 1, 100 - 20 + 10 + 10, 16, 99)
    assert state.showdown is not None
    shown = ((), cards("Kh 9d 8h"), cards("Qh Qd Qc"), ())
    assert state.showdown.hands == tuple(tuple(sorted(hand)) for hand in shown)
