"""Bourré settlement, sessions and the money variants (B-6, V-B.4–V-B.6, X-5–X-8)."""

from __future__ import annotations

from fractions import Fraction

from cardrules import Shuffle
from cardrules.bourre import Bourre, PotCapped, Rules, new_game
from cardrules.cards import STANDARD_DECK
from cardrules.events import PotCarried, PotShared, PotWon, Rebuy, SessionEnded
from helpers import dealt
from test_bourre_helpers import plays, say

# Three seats, dealer 0 (play order 1, 2, 0), spades trump: seat 1 takes all five tricks.
SWEEP = {1: "As Ks Qs Js Ts", 2: "2h 3h 4h 5h 6h", 0: "2s 2c 3c 4c 5c"}
SWEEP_PLAY = "As 2h 2s Ks 3h 2c Qs 4h 3c Js 5h 4c Ts 6h 5c"

# Four seats, dealer 0 (play order 1, 2, 3, 0), diamonds trump: tricks 2-2-1 and seat 0 none.
TIE = {0: "4h 8d 8h 9s Jc", 1: "3d 4d 6h 8s Jd", 2: "2s Ts Jh Kd Ah", 3: "2d 6d 8c 9c Kc"}
TIE_PLAY = "Jd Kd 2d 8d Ts 6d 9s 8s 8c Jc 4d Jh 6h Ah Kc 8h 2s 9c 4h 3d"

# Four seats, dealer 0, diamonds trump: seat 1 takes 2 tricks, every other seat 1.
TWO = {0: "4h 5c 9h Ks Ad", 1: "2s 9s Jc Jd Kd", 2: "2c 6c 8c 9c Td", 3: "3d 3h 7d 7h 8s"}
TWO_PLAY = "2s Td 8s Ks 6c 7d 5c Jc 3d Ad Kd 9c 4h Jd 8c 3h 9s 2c 7h 9h"


def sweep(rules: Rules, stacks: tuple[int, ...] | None = None):  # type: ignore[no-untyped-def]
    state = say(dealt(new_game(rules, stacks=stacks), SWEEP, trump_card="2s"), "in in in")
    return plays(state, SWEEP_PLAY)


def tie(rules: Rules):  # type: ignore[no-untyped-def]
    return plays(say(dealt(new_game(rules), TIE, trump_card="8d"), "in in in in"), TIE_PLAY)


def two(rules: Rules):  # type: ignore[no-untyped-def]
    return plays(say(dealt(new_game(rules), TWO, trump_card="Ad"), "in in in in"), TWO_PLAY)


def test_B_6_1_B_6_2_winner_takes_the_pot_and_bourres_pay_it_into_the_next_pot() -> None:
    """Golden deal: the pot of 3 goes to seat 1; seats 2 and 0 are bourré and pay 3 each."""
    state = sweep(Rules(players=3, exchange=False, deals=2))
    assert state.deal_number == 1
    assert state.dealer == 1
    events = state.events
    won = [e for e in events if isinstance(e, PotWon)]
    assert won == [PotWon(3, (1,), (0, 3, 0), 0, "5 tricks")]
    bourres = [(e.seat, e.amount) for e in events if isinstance(e, Bourre)]
    assert bourres == [(2, 3), (0, 3)]
    # 102 / 96 / 96 after the deal, then everyone antes 1 into the 6 paid by the bourrés
    assert state.stacks == (95, 101, 95)
    assert state.pot == 9
    assert state.contributions == (1, 1, 1)
    assert state.returns() == (-5, 1, -5)
    assert str(events[events.index(won[0]) + 1]) == "seat 2 is bourré and pays 3 into the next pot"


def test_B_6_2_in_the_last_deal_the_bourre_payments_are_shared_X_7() -> None:
    state = sweep(Rules(players=3, exchange=False, deals=1))
    assert state.is_terminal
    assert state.to_act is None
    assert state.pot == 0
    assert state.stacks == (96, 102, 96)
    shared = [e for e in state.events if isinstance(e, PotShared)]
    assert shared == [PotShared(6, (Fraction(2),) * 3)]
    assert state.returns() == (-2, 4, -2)
    assert isinstance(state.events[-1], SessionEnded)
    assert state.events[-1].results == state.returns()
    assert state.standings() == (2, 1, 2)


def test_B_6_2_a_short_stacked_bourre_pays_its_whole_stack_then_rebuys_X_6() -> None:
    state = sweep(Rules(players=3, exchange=False, deals=2), stacks=(2, 100, 100))
    bourres = [(e.seat, e.amount) for e in state.events if isinstance(e, Bourre)]
    assert bourres == [(2, 3), (0, 1)]
    assert state.rebuys == (1, 0, 0)
    assert any(isinstance(e, Rebuy) and e.seat == 0 for e in state.events)
    assert state.stacks == (99, 101, 95)
    assert state.pot == 4 + 3
    assert sum(state.returns()) + state.pot == 0
    assert state.returns()[0] == 99 - 2 - 100


def test_B_6_1_a_tie_carries_the_pot_and_the_bourre_still_pays() -> None:
    state = tie(Rules(players=4, exchange=False, deals=2))
    carried = [e for e in state.events if isinstance(e, PotCarried)]
    assert carried == [PotCarried(4)]
    assert [(e.seat, e.amount) for e in state.events if isinstance(e, Bourre)] == [(0, 4)]
    assert state.pot == 4 + 4 + 4
    assert state.stacks == (94, 98, 98, 98)


def test_B_6_3_tied_and_bourre_seats_skip_the_next_ante() -> None:
    state = tie(Rules(players=4, exchange=False, deals=2, ante_exemptions=True))
    assert state.contributions == (0, 0, 0, 1)
    assert state.stacks == (95, 99, 99, 98)
    assert state.pot == 9


def test_B_6_3_exemptions_off_by_default_and_after_a_won_pot() -> None:
    state = sweep(Rules(players=3, exchange=False, deals=2, ante_exemptions=True))
    # seats 2 and 0 were bourré: they skip the ante; the winner antes
    assert state.contributions == (0, 1, 0)
    assert state.pot == 7


def test_V_B_4_three_trick_minimum_carries_a_two_trick_lead() -> None:
    won = two(Rules(players=4, exchange=False, deals=2))
    assert next(e for e in won.events if isinstance(e, PotWon)).winners == (1,)
    assert won.stacks == (98, 102, 98, 98)
    state = two(Rules(players=4, exchange=False, deals=2, min_tricks=3))
    assert [e for e in state.events if isinstance(e, PotCarried)] == [PotCarried(4)]
    assert not [e for e in state.events if isinstance(e, PotWon)]
    assert state.pot == 8
    assert state.stacks == (98, 98, 98, 98)


def test_V_B_4_with_B_6_3_a_short_leader_counts_as_tied() -> None:
    """Decision: under V-B.4 the sole leader short of min_tricks is exempt like a tie."""
    state = two(Rules(players=4, exchange=False, deals=2, min_tricks=3, ante_exemptions=True))
    assert state.contributions == (1, 0, 1, 1)


def test_V_B_5_rising_ante_doubles_after_a_carry_and_resets_after_a_win() -> None:
    rules = Rules(players=3, exchange=False, deals=4, rising_ante=True, ante=2)
    state = new_game(rules)
    assert state.contributions == (2, 2, 2)
    state = say(state.apply(Shuffle(STANDARD_DECK)), "out out out")  # carried
    assert state.ante_level == 4
    assert state.contributions == (4, 4, 4)
    state = say(state.apply(Shuffle(STANDARD_DECK)), "out out out")  # carried again
    assert state.ante_level == 8
    assert state.pot == 6 + 12 + 24
    state = say(state.apply(Shuffle(STANDARD_DECK)), "in out out")  # won by seat 1
    assert state.ante_level == 2
    assert state.contributions == (2, 2, 2)


def test_V_B_5_rising_ante_after_a_tie() -> None:
    state = tie(Rules(players=4, exchange=False, deals=2, rising_ante=True))
    assert state.contributions == (2, 2, 2, 2)
    assert state.pot == 8 + 8


def test_V_B_6_pot_cap_refunds_antes_in_proportion_whole_chips() -> None:
    """V-B.6: the next antes would lift the pot of 8 to 12 > 10; 2 chips are not taken,
    by largest remainder and then seat order from eldest (seat 2 of the next deal)."""
    state = tie(Rules(players=4, exchange=False, deals=2, pot_cap=10))
    assert state.pot == 10
    assert state.contributions == (1, 1, 0, 0)
    assert state.stacks == (94, 98, 99, 99)
    capped = [e for e in state.events if isinstance(e, PotCapped)]
    assert capped == [PotCapped(10, (0, 0, 1, 1))]


def test_V_B_6_pot_cap_limits_a_bourre_payment_and_the_antes() -> None:
    state = tie(Rules(players=4, exchange=False, deals=2, pot_cap=6))
    assert [(e.seat, e.amount) for e in state.events if isinstance(e, Bourre)] == [(0, 2)]
    assert state.pot == 6
    assert state.contributions == (0, 0, 0, 0)
    assert state.stacks == (97, 99, 99, 99)
    assert sum(state.returns()) + state.pot == 0


def test_V_B_6_pot_cap_on_the_first_antes_unequal_payments() -> None:
    state = new_game(Rules(players=3, ante=5, pot_cap=7), stacks=(2, 10, 10), dealer=2)
    # antes 2, 5, 5 = 12 > 7: 5 not taken, in proportion 2:5:5 -> 0.83, 2.08, 2.08
    assert state.pot == 7
    assert state.contributions == (1, 3, 3)
    assert state.stacks == (1, 7, 7)


def test_X_7_session_rotates_the_dealer_and_shares_a_leftover_pot_exactly() -> None:
    rules = Rules(players=3, ante=2, deals=3)
    state = new_game(rules, stacks=(1, 100, 100), dealer=1)
    assert state.pot == 5
    dealers = []
    while not state.is_terminal:
        dealers.append(state.dealer)
        state = say(state.apply(Shuffle(STANDARD_DECK)), "out out out")
    assert dealers == [1, 2, 0]
    assert state.rebuys == (1, 0, 0)
    assert state.pot == 0
    total = 5 + 6 + 6
    assert PotShared(total, (Fraction(total, 3),) * 3) in state.events
    assert state.returns() == (
        Fraction(total, 3) + 96 - 1 - 100,
        Fraction(total, 3) + 94 - 100,
        Fraction(total, 3) + 94 - 100,
    )
    assert sum(state.returns()) == 0
    assert state.legal_actions() == ()


def test_X_8_returns_sum_with_the_pot_to_zero_at_every_step() -> None:
    state = tie(Rules(players=4, exchange=False, deals=3, ante_exemptions=True))
    assert sum(state.returns()) + state.pot == 0
    assert all(isinstance(r, Fraction) for r in state.returns())
