"""Historic Bouillotte, rule by rule (the rule book's section H and the X rules it uses).

Seats are A = 0, B = 1, C = 2, D = 3; most tests let D (seat 3) deal, so that A is
eldest, as in the historic source's worked example. Every amount is checked exactly.
"""

from __future__ import annotations

import itertools
from fractions import Fraction

import pytest

from cardrules import CHANCE, IllegalActionError, Shuffle
from cardrules.actions import CALL, CHECK, FOLD, Call, Check, Fold, Raise
from cardrules.bouillotte import historic
from cardrules.bouillotte.historic import (
    CARRE,
    DECK,
    DECLINE,
    Carre,
    Decline,
    Phase,
    Rules,
    arrange_deck,
    new_game,
)
from cardrules.cards import Card, Rank, cards
from cardrules.errors import RulesError
from cardrules.events import ExcessReturned, PotCarried, PotShared, PotWon, Rebuy
from helpers import dealt, rule_of, run

R = Raise


def start(stacks: tuple[int, ...] | None = None, dealer: int = 3, **rules: int) -> historic.State:
    return new_game(Rules(**rules), stacks=stacks, dealer=dealer)


# --- H-1: players, deck, caves, direction ---------------------------------------------------


def test_H_1_1_four_players_and_twenty_cards() -> None:
    """H-1.1: four seats; the chance node shuffles the 20 cards A K Q 9 8; A > K > Q > 9 > 8."""
    state = start().apply(DECLINE)
    assert len(state.stacks) == 4
    assert state.chance_cards == DECK
    assert len(DECK) == 20
    assert {card.rank for card in DECK} == {Rank.ACE, Rank.KING, Rank.QUEEN, Rank.NINE, Rank.EIGHT}
    simples = [historic.brelan_of(cards(f"{r}h {r}d {r}c"), Card.parse("Js")) for r in "AKQ98"]
    assert [str(b) for b in simples] == [f"brelan simple of {r}s" for r in "AKQ98"]
    assert all(a > b for a, b in itertools.pairwise(simples))
    with pytest.raises(RulesError):
        new_game(stacks=(100, 100, 100))


def test_H_1_2_cave_is_the_starting_stack_and_the_limit() -> None:
    """H-1.2: each seat starts with a cave and can never stake more than what remains."""
    state = start(cave=30)
    assert state.stacks == (30, 30, 30, 29)
    with pytest.raises(RulesError, match="cave"):
        Rules(cave=0)
    with pytest.raises(RulesError, match="cave"):
        Rules(cave=True)  # type: ignore[arg-type]
    state = dealt(state.apply(DECLINE), {})
    assert state.legal_actions()[-1] == R(to=30)
    assert rule_of(state, R(to=31)) == "H-1.2"


def test_H_1_3_deal_and_turn_go_to_the_next_seat() -> None:
    """H-1.3, X-1: seat order is the direction of play; eldest gets the first card and the
    deal passes to the next seat."""
    state = start(dealer=1).apply(DECLINE)
    order = state.chance_cards
    state = state.apply(Shuffle(order))
    assert state.hands[2] == (order[0], order[4], order[8])
    assert state.hands[1] == (order[3], order[7], order[11])
    assert state.retourne == order[12]
    assert state.to_act == 2
    state = run(state, [CHECK] * 4)  # general pass: the next deal begins
    assert state.dealer == 2
    assert state.deal_number == 1
    assert state.to_act == 3


# --- H-2: ante and the carre ladder ----------------------------------------------------------


def test_H_2_1_only_the_dealer_antes_and_a_carried_pot_is_dead_money() -> None:
    """H-2.1: only the dealer antes; a carried pot stays as dead money, contributions restart."""
    state = start(ante=2)
    assert state.contributions == (0, 0, 0, 2)
    assert state.stacks == (100, 100, 100, 98)
    state = run(dealt(state.apply(DECLINE), {}), [CHECK] * 4)  # H-4.9: carried
    assert state.carried == 2
    assert state.contributions == (2, 0, 0, 0)  # seat 0 deals now and antes
    assert state.pot == 4
    assert state.pots == ((4, (0, 1, 2, 3)),)


def test_H_2_2_carre_ladder_1_2_4_8_to_a_pot_of_16() -> None:
    """H-2.2: each carre stakes the whole pot; eldest, 2nd, 3rd and the dealer: 1-2-4-8."""
    state = start()
    pots = []
    for seat in (0, 1, 2, 3):
        assert state.to_act == seat
        assert state.legal_actions() == (CARRE, DECLINE)
        state = state.apply(CARRE)
        pots.append(state.pot)
    assert pots == [2, 4, 8, 16]
    assert state.contributions == (1, 2, 4, 9)
    assert state.stacks == (99, 98, 96, 91)
    assert state.to_act is CHANCE  # at most once round
    state = dealt(state, {})
    assert state.to_act == 0  # H-4.1: after the dealer, the last carreur, comes eldest
    assert [str(e) for e in state.events if isinstance(e, historic.CarreStaked)][
        -1
    ] == "seat 3 carres 8: the pot is now 16"


def test_H_2_2_carre_stake_includes_a_carried_pot() -> None:
    """H-2.2: the stake is the whole pot, carried pot included."""
    state = run(dealt(start().apply(DECLINE), {}), [CHECK] * 4)
    assert state.pot == 2
    assert state.to_act == 1
    state = state.apply(CARRE)
    assert state.contributions == (1, 2, 0, 0)
    assert state.pot == 4


def test_H_2_3_first_decline_ends_the_ladder_and_short_stacks_only_decline() -> None:
    """H-2.3: the first Decline ends the carre phase; a stack below the stake can only decline."""
    state = start(stacks=(100, 1, 100, 100)).apply(CARRE)
    assert state.pot == 2
    assert state.legal_actions() == (DECLINE,)
    assert rule_of(state, CARRE) == "H-2.3"
    state = state.apply(DECLINE)
    assert state.to_act is CHANCE
    assert state.pot == 2
    assert rule_of(start(), CHECK) == "H-2.2"


def test_H_3_1_three_cards_each_and_the_thirteenth_turned_up() -> None:
    """H-3.1: after the carre phase the deck is shuffled; 3 cards each, the 13th is the
    retourné, the other 7 are never used."""
    state = start().apply(DECLINE)
    assert state.retourne is None
    assert state.hands == ((),) * 4
    state = dealt(state, {0: "9h 9d 9c"}, retourne="9s")
    assert all(len(hand) == 3 for hand in state.hands)
    assert state.retourne == Card.parse("9s")
    used = {c for hand in state.hands for c in hand} | {state.retourne}
    assert len(used) == 13
    assert state.phase is Phase.BETTING
    assert rule_of(state, CARRE) == "H-2.2"


# --- H-4: betting -----------------------------------------------------------------------------


def test_H_4_1_first_to_speak() -> None:
    """H-4.1: eldest speaks first without a carre, else the seat after the last carreur."""
    assert dealt(start().apply(DECLINE), {}).to_act == 0
    assert dealt(start().apply(CARRE).apply(CARRE).apply(DECLINE), {}).to_act == 2


def test_H_4_2_pass_before_the_opening_keeps_the_right_to_come_in() -> None:
    """H-4.2: before the opening a seat may pass, and it answers the opening later."""
    state = dealt(start().apply(DECLINE), {})
    assert state.legal_actions()[0] == CHECK
    assert rule_of(state, CALL) == "H-4.2"
    assert rule_of(state, FOLD) == "H-4.2"
    state = run(state, [CHECK, R(to=3)])
    assert state.opened
    state = run(state, [CALL, CALL])  # C, then D
    assert state.to_act == 0  # A passed, now faces 3
    assert state.legal_actions()[0] == CALL
    assert state.legal_actions()[-1] == FOLD


def test_H_4_3_opening_minimum() -> None:
    """H-4.3: an opening reaches the largest contribution and 1 more than the opener's own."""
    state = dealt(start().apply(DECLINE), {})
    assert state.legal_actions()[1] == R(to=1)  # matching the dealer's ante is enough
    assert rule_of(state, R(to=0)) == "H-4.3"
    # after carres 1 and 2 (pot 4), the first speaker C must open to 2
    state = dealt(start().apply(CARRE).apply(CARRE).apply(DECLINE), {})
    assert state.to_act == 2
    assert state.legal_actions()[1] == R(to=2)
    assert rule_of(state, R(to=1)) == "H-4.3"
    state = run(state, [CHECK, CHECK, CHECK])  # C, D, A pass; B, the last carreur, opens
    assert state.to_act == 1
    assert state.legal_actions()[1] == R(to=3)  # 1 more than its own 2
    assert rule_of(state, R(to=2)) == "H-4.3"


def test_H_4_4_after_the_opening_call_raise_fold_and_the_option() -> None:
    """H-4.4: facing a larger contribution: Call, Raise (1 more than the largest) or Fold;
    a seat already level (the dealer's ante against an opening to 1) may Check or Raise."""
    state = run(dealt(start().apply(DECLINE), {}), [R(to=1)])
    assert state.legal_actions()[:2] == (CALL, R(to=2))
    assert rule_of(state, CHECK) == "H-4.4"
    assert rule_of(state, R(to=1)) == "H-4.4"
    state = run(state, [CALL, CALL])
    assert state.to_act == 3
    assert state.legal_actions()[:2] == (CHECK, R(to=2))
    assert FOLD not in state.legal_actions()
    assert rule_of(state, FOLD) == "H-4.4"
    assert rule_of(state, CALL) == "H-4.4"


def test_H_4_5_tapis_only_call_all_in_or_fold() -> None:
    """H-4.5, X-3: a seat that cannot match may only call all-in (tapis) or fold; one that
    cannot reach the minimum opening may only pass."""
    state = run(dealt(start(stacks=(100, 3, 100, 100)).apply(DECLINE), {}), [R(to=10)])
    assert state.legal_actions() == (CALL, FOLD)
    assert rule_of(state, R(to=11)) == "H-4.5"
    state = state.apply(CALL)
    assert state.stacks[1] == 0
    assert state.contributions == (10, 3, 0, 1)
    # a seat with 1 chip facing a carre of 2 cannot reach the opening of 2
    state = start(stacks=(100, 100, 1, 100)).apply(CARRE).apply(CARRE).apply(DECLINE)
    state = dealt(state, {})
    assert state.to_act == 2
    assert state.legal_actions() == (CHECK,)
    assert rule_of(state, R(to=2)) == "H-4.5"


def test_H_4_6_last_seat_takes_the_pot_without_showing() -> None:
    """H-4.6: when all others fold the last seat takes the pot unseen; no showdown, no primes."""
    state = dealt(start().apply(DECLINE), {1: "Kh Kd Kc"}, retourne="Ks")
    state = run(state, [R(to=4), FOLD, FOLD, FOLD])
    assert state.deal_number == 1
    assert state.stacks == (96 + 5 - 1, 100, 100, 99)  # A won the pot of 5, then deals
    assert state.primes == (0, 0, 0, 0)
    assert state.showdown is None
    won = [e for e in state.events if isinstance(e, PotWon)][-1]
    assert (won.amount, won.winners, won.hand) == (5, (0,), None)


def test_H_4_7_two_seats_left_close_on_the_call() -> None:
    """H-4.7: once everyone still in has matched, two seats left means the betting closes."""
    state = dealt(start().apply(DECLINE), {0: "Ah Ad Ac", 1: "Kh Kd Kc"}, retourne="8s")
    state = run(state, [R(to=2), CALL, FOLD])
    assert state.phase is Phase.BETTING
    assert state.to_act == 3
    state = state.apply(FOLD)  # two left, both level: no plus rien turn
    assert state.deal_number == 1
    assert state.stacks[0] == 100 - 2 + 5 - 1


def test_H_4_8_plus_rien_turn_with_three_or_four() -> None:
    """H-4.8: with 3 or 4 left, each seat but the last raiser may raise or say plus rien
    (Check), never fold or call; all plus rien closes; a raise restarts the calling."""
    state = run(dealt(start().apply(DECLINE), {}), [R(to=1), CALL, CALL, CHECK])
    assert state.phase is Phase.PLUS_RIEN
    assert state.to_act == 1  # in seat order from the last raiser, A
    assert state.legal_actions()[:2] == (CHECK, R(to=2))
    assert rule_of(state, FOLD) == "H-4.8"
    assert rule_of(state, CALL) == "H-4.8"
    assert rule_of(state, R(to=1)) == "H-4.8"
    closed = run(state, [CHECK, CHECK, CHECK])
    assert closed.deal_number == 1  # showdown reached
    raised = run(state, [CHECK, R(to=3)])
    assert raised.phase is Phase.BETTING
    assert raised.to_act == 3
    raised = run(raised, [FOLD, CALL, CALL])  # D folds; A, B call: three left, count again
    assert raised.phase is Phase.PLUS_RIEN
    assert raised.to_act == 0  # from the last raiser C: A, B
    assert run(raised, [CHECK, CHECK]).deal_number == 1


def test_H_4_8_all_in_seats_say_plus_rien_by_themselves() -> None:
    """H-4.8: an all-in seat is skipped in the plus rien turn."""
    state = run(
        dealt(start(stacks=(100, 2, 100, 100)).apply(DECLINE), {}), [R(to=2), CALL, CALL, CALL]
    )
    assert state.stacks[1] == 0
    assert state.phase is Phase.PLUS_RIEN
    assert state.to_act == 2  # B, all-in, is skipped
    state = run(state, [CHECK, CHECK])
    assert state.deal_number == 1


def test_H_4_9_general_pass_carries_the_pot() -> None:
    """H-4.9: all pass and nobody carred: no showdown, the pot goes to the next deal."""
    state = run(dealt(start().apply(DECLINE), {0: "Ah Ad Ac"}, retourne="As"), [CHECK] * 4)
    assert isinstance(state.events[-3], PotCarried)
    assert state.primes == (0, 0, 0, 0)
    assert state.carried == 1
    assert state.pot == 2
    assert state.stacks == (99, 100, 100, 99)


def test_H_4_10_general_pass_after_a_carre_pays_the_last_carreur() -> None:
    """H-4.10: all pass after a carre: the last carreur takes the pot without showing."""
    state = dealt(start().apply(CARRE).apply(DECLINE), {})
    assert state.to_act == 1
    state = run(state, [CHECK] * 4)
    assert state.deal_number == 1
    assert state.carried == 0
    assert state.stacks == (100 + 1 - 1, 100, 100, 99)  # A won 2, then antes as dealer
    assert historic.PotToCarreur(0, 2) in state.events


# --- side pots, uncalled excess, no raise against all-ins --------------------------------


def test_X_4_uncalled_excess_is_returned() -> None:
    """X-4: the part of the largest contribution above the second largest goes back."""
    state = dealt(
        start(stacks=(100, 3, 100, 100)).apply(DECLINE),
        {0: "Ah Ad Ac", 1: "8h 9d Kc"},
        retourne="Qs",
    )
    state = run(state, [R(to=50), CALL, FOLD, FOLD])
    excess = [e for e in state.events if isinstance(e, ExcessReturned)]
    assert excess == [ExcessReturned(0, 47)]
    assert state.stacks == (100 + 3 + 1 - 1, 100, 100, 99)  # B rebuys at the next deal
    assert state.rebuys == (0, 1, 0, 0)


def test_X_4_no_raise_when_every_other_seat_still_in_is_all_in() -> None:
    """X-4: facing only all-in seats a seat may call or fold, not raise."""
    state = dealt(start(stacks=(100, 3, 100, 100)).apply(DECLINE), {})
    state = run(state, [CHECK, R(to=3), FOLD, FOLD])
    assert state.to_act == 0
    assert state.legal_actions() == (CALL, FOLD)
    assert rule_of(state, R(to=4)) == "X-4"


def test_X_3_an_ante_above_the_stack_takes_the_whole_stack() -> None:
    """X-3: the dealer's ante takes at most its stack; an all-in dealer never speaks."""
    state = start(stacks=(100, 100, 100, 3), ante=5)
    assert state.contributions == (0, 0, 0, 3)
    assert state.stacks[3] == 0
    state = run(dealt(state.apply(DECLINE), {}), [R(to=3), CALL, CALL])
    assert state.phase is Phase.PLUS_RIEN  # D was skipped: all-in
    assert state.to_act == 1


# --- H-6 and H-7: primes, session ---------------------------------------------------------------


def test_H_6_1_folded_seats_pay_primes_and_never_collect() -> None:
    """H-6.1: brelans shown collect from every other seat, folded ones too; a folded brelan
    collects nothing."""
    state = dealt(
        start().apply(DECLINE), {0: "Qh Qd Qc", 1: "Kh Kd Kc", 2: "Ah Ad Ac"}, retourne="8s"
    )
    state = run(state, [R(to=2), CALL, FOLD, FOLD])
    # A and B show simples: each collects 1 from the three others; C folded pays, never collects
    assert state.primes == (1 * 3 - 1, 1 * 3 - 1, -2, -2)
    assert state.stacks == (97, 100 - 2 + 5, 100, 99)  # B's kings win; A deals next


def test_H_6_2_primes_are_a_separate_account() -> None:
    """H-6.2: primes never enter the stacks: a seat cannot stake them; they sum to 0."""
    state = dealt(
        start(stacks=(100, 2, 100, 100)).apply(DECLINE),
        {0: "Ah Ad Ac", 1: "Kh Kd Kc"},
        retourne="As",
    )
    state = run(state, [R(to=2), CALL, FOLD, FOLD])
    assert state.primes == (6 - 1, 3 - 2, -3, -3)
    assert sum(state.primes) == 0
    assert state.stacks[1] == 100  # emptied: a full cave rebought, primes not added
    assert state.rebuys == (0, 1, 0, 0)
    assert state.returns()[1] == 100 + 1 - 2 - 100


def test_H_7_1_twelve_deals_rebuys_only_when_empty() -> None:
    """H-7.1, X-6: a session is 12 deals; a seat with 0 rebuys a full cave, a partly spent
    cave is never topped up."""
    assert Rules().deals == 12
    state = start(stacks=(0, 5, 100, 100))
    assert state.stacks == (100, 5, 100, 99)
    assert state.rebuys == (1, 0, 0, 0)
    assert [e for e in state.events if isinstance(e, Rebuy)] == [Rebuy(0, 100)]
    for _ in range(12):
        state = run(dealt(state.apply(DECLINE), {}), [CHECK] * 4)
    assert state.is_terminal
    assert state.deal_number == 11
    assert state.stacks[1] == 5 - 3  # dealt three times, never topped up


def test_H_7_2_the_last_carried_pot_is_shared_exactly() -> None:
    """H-7.2, X-7: a pot left after the last deal is shared equally with exact fractions."""
    state = run(dealt(start(deals=1).apply(DECLINE), {}), [CHECK] * 4)
    assert state.is_terminal
    assert state.to_act is None
    assert state.pot == 0
    assert state.pot_shares == (Fraction(1, 4),) * 4
    assert state.returns() == (Fraction(1, 4), Fraction(1, 4), Fraction(1, 4), Fraction(-3, 4))
    assert next(e for e in state.events if isinstance(e, PotShared)).shares == (Fraction(1, 4),) * 4
    assert rule_of(state, CHECK) == "X-7"


def test_H_7_3_results_and_shared_places() -> None:
    """H-7.3, X-8: result = cave + primes + share − initial − rebuys; equal results share."""
    state = run(dealt(start(deals=1).apply(DECLINE), {}), [CHECK] * 4)
    assert state.standings() == (1, 1, 1, 4)
    state = dealt(
        start(stacks=(100, 2, 100, 100), deals=2).apply(DECLINE),
        {0: "Ah Ad Ac", 1: "Kh Kd Kc"},
        retourne="As",
    )
    state = run(state, [R(to=2), CALL, FOLD, FOLD])
    # A: 100 - 2 + 5 - 1 (ante) + 5 primes; B: rebought 100, +1 prime, brought 2 + 100
    assert state.returns() == (7, 100 + 1 - 2 - 100, -3, 99 - 3 - 100)
    assert state.standings() == (1, 2, 3, 4)


# --- X-10 ---------------------------------------------------------------------------


def test_X_9_errors_name_seat_action_reason_rule_and_what_is_legal() -> None:
    """X-9: an illegal action raises IllegalActionError with the rule; nothing changes."""
    state = run(dealt(start().apply(DECLINE), {}), [R(to=1), CALL, CALL, CHECK])
    before = state
    with pytest.raises(IllegalActionError) as info:
        state.apply(FOLD)
    assert str(info.value) == (
        "seat 1 cannot fold: in the plus rien turn a seat may only raise or say plus rien "
        "(check) (H-4.8); legal now: check, raise to 2…100"
    )
    assert info.value.seat == 1
    assert state == before
    for bad in (
        None,
        "check",
        Raise(to=True),
        Raise(to=2.0),
        Raise(to="3"),
        Raise(to=[2]),
        Card.parse("As"),
        Check,
    ):
        assert rule_of(state, bad) == "X-9"
    assert rule_of(state, Shuffle(DECK)) == "X-2"


def test_X_2_only_a_permutation_of_the_chance_cards() -> None:
    """X-2: the chance node takes only a Shuffle of exactly its 20 cards."""
    state = start().apply(DECLINE)
    assert state.legal_actions() == ()
    assert rule_of(state, CHECK) == "X-2"
    assert rule_of(state, Shuffle(DECK[:-1])) == "X-2"
    assert state.is_legal(Shuffle(tuple(reversed(DECK))))


def test_X_10_views_hide_other_hands_until_shown() -> None:
    """X-10: a view holds the seat's own cards and the retourné, never another hidden hand;
    after a brelan showdown only the seats still in are shown."""
    state = dealt(start().apply(DECLINE), {0: "9h 9d 9c", 1: "Kh Kd Kc"}, retourne="9s")
    view = state.view(2)
    assert view.hand == state.hands[2]
    assert view.retourne == Card.parse("9s")
    assert view.legal_actions() == ()
    assert state.view(0).legal_actions() == state.legal_actions()
    assert view.history[-1] == Shuffle(())
    state = run(state, [R(to=1), CALL, CALL, CHECK, R(to=5), FOLD, FOLD, CALL])
    shown = state.view(2).showdown
    assert shown is not None
    assert shown.hands == (cards("9c 9d 9h"), cards("Kc Kd Kh"), (), ())  # canonical order
    assert state.view(2).hand == ()
    dealt_again = state.apply(DECLINE).apply(Shuffle(DECK))
    assert dealt_again.view(2).showdown is None
    with pytest.raises(ValueError, match="seat"):
        state.view(4)


def test_X_10_views_between_deals_show_the_deal_just_finished() -> None:
    """X-10: every public action is seen. At the next deal's carre decision and at its
    chance node, views show the finished deal's last betting action, its showdown, pot
    and primes, followed by the new deal's own actions and events; after its shuffle
    they still do (perfect recall), and the seat's own cards of the first deal stay."""
    state = dealt(start().apply(DECLINE), {0: "9h 9d 9c", 1: "Kh Kd Kc"}, retourne="9s")
    state = run(state, [R(to=1), CALL, CALL, CHECK, R(to=5), FOLD, FOLD, CALL])
    assert (state.phase, state.deal_number, state.to_act) == (Phase.CARRE, 1, 1)
    finished = (DECLINE, Shuffle(()), R(to=1), CALL, CALL, CHECK, R(to=5), FOLD, FOLD, CALL)
    ending = [
        "showdown, retourné 9♠: seat 0 9♣ 9♦ 9♥; seat 1 K♣ K♦ K♥",
        "seat 0 wins the main pot of 12 with brelan carré of 9s",
        "primes: seat 0 +5, seat 1 +1, seat 2 -3, seat 3 -3",
    ]
    opening = ["deal 2 begins, seat 0 deals", "seat 0 antes 1"]
    for seat in range(4):
        view = state.view(seat)
        assert view.history == finished
        assert [str(e) for e in view.events[2:]] == ending + opening
    assert state.view(1).legal_actions() == (CARRE, DECLINE)
    state = state.apply(CARRE).apply(DECLINE)
    assert state.to_act is CHANCE
    view = state.view(3)
    assert view.history == (*finished, CARRE, DECLINE)
    assert [str(e) for e in view.events[2:]] == [
        *ending,
        *opening,
        "seat 1 carres 1: the pot is now 2",
    ]
    first_hand = state.view(0).received[0]
    state = state.apply(Shuffle(DECK))
    view = state.view(3)
    assert view.history == (*finished, CARRE, DECLINE, Shuffle(()))
    assert [str(e) for e in view.events[2:]] == [
        *ending,
        *opening,
        "seat 1 carres 1: the pot is now 2",
    ]
    assert first_hand == cards("9c 9d 9h") and state.view(0).received[0] == first_hand
    assert state.view(0).received[1] == tuple(sorted(state.hands[0]))


def test_rules_and_new_game_validation() -> None:
    """H-1.1, H-1.2: bad rules, stacks and dealers raise RulesError naming the problem."""
    for bad in ({"ante": 0}, {"deals": 0}, {"cave": "100"}, {"ante": 1.0}):
        with pytest.raises(RulesError):
            Rules(**bad)  # type: ignore[arg-type]
    for stacks in ((100, 100, 100, -1), (100, 100, 100, True), "abcd", (1, 2, 3, 4, 5)):
        with pytest.raises(RulesError, match="stacks"):
            new_game(stacks=stacks)  # type: ignore[arg-type]
    for dealer in (-1, 4, True, "0"):
        with pytest.raises(RulesError, match="dealer"):
            new_game(dealer=dealer)  # type: ignore[arg-type]


def test_X_6_a_seat_given_0_rebuys_at_the_first_deal() -> None:
    """X-6, H-7.1: ``new_game`` takes a tuple or list of four ints >= 0; a seat given 0
    rebuys a cave before the first deal (even the dealer, who then antes from it), and
    the rebuy counts against its result."""
    state = new_game(Rules(cave=30), stacks=[0, 12, 30, 0], dealer=3)
    assert state.initial_stacks == (0, 12, 30, 0)
    assert state.rebuys == (1, 0, 0, 1)
    assert state.stacks == (30, 12, 30, 29)
    assert state.returns() == (0, 0, 0, -1)
    assert [e for e in state.events if isinstance(e, Rebuy)] == [Rebuy(0, 30), Rebuy(3, 30)]
    with pytest.raises(RulesError, match="stacks"):
        new_game(stacks={0: 1, 1: 1, 2: 1, 3: 1})  # type: ignore[arg-type]
    with pytest.raises(RulesError, match="Rules"):
        new_game(rules=object())  # type: ignore[arg-type]


def test_arrange_deck_rejects_impossible_deals() -> None:
    """X-1: arrange_deck deals the hands in the order given; bad requests raise ValueError."""
    state = start().apply(DECLINE)
    with pytest.raises(ValueError, match="twice"):
        arrange_deck(state, {0: cards("9h 9d 9c")}, retourne=Card.parse("9h"))
    with pytest.raises(ValueError, match="historic deck"):
        arrange_deck(state, {0: cards("2h 9d 9c")})
    with pytest.raises(ValueError, match="3 cards"):
        arrange_deck(state, {0: cards("9h 9d")})
    with pytest.raises(ValueError, match="seat"):
        arrange_deck(state, {4: cards("9h 9d 9c")})
    with pytest.raises(ValueError, match="chance node"):
        arrange_deck(start(), {0: cards("9h 9d 9c")})
    shuffle = arrange_deck(state, {2: cards("Ah 8c Kd")})
    assert state.apply(shuffle).hands[2] == cards("Ah 8c Kd")
    assert sorted(shuffle.order) == list(DECK)


def test_actions_are_values_with_short_texts() -> None:
    """X-9: actions compare by value, repr evaluates back, str is short."""
    assert Carre() == CARRE
    assert Decline() == DECLINE
    assert repr(Carre()) == "Carre()"
    assert (str(CARRE), str(DECLINE)) == ("carre", "decline the carre")
    assert (Carre, Decline, Check, Call, Fold, Raise) == historic.ACTIONS
    assert historic.GAME_ID == "bouillotte-historic"
