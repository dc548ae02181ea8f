"""Bourré: players, deck, antes, the deal, staying in, the exchange and the restock (B-1–B-4)."""

from __future__ import annotations

import pytest

from cardrules import CHANCE, IllegalActionError, RulesError, Shuffle, cards, dumps, loads
from cardrules.bourre import (
    DROP,
    STAY_IN,
    Exchange,
    Exchanged,
    Phase,
    Play,
    Restocked,
    Rules,
    TrumpTurned,
    arrange_deck,
    new_game,
)
from cardrules.cards import STANDARD_DECK
from cardrules.events import AntePaid, PotCarried, PotWon, Rebuy
from helpers import dealt
from test_bourre_helpers import card, plays, say, stay_all

# ----------------------------------------------------------------------- B-1, Rules


def test_B_1_1_two_to_seven_players_and_the_52_card_deck() -> None:
    for players in range(2, 8):
        state = new_game(Rules(players=players))
        assert len(state.stacks) == players
        assert state.chance_cards == STANDARD_DECK
        assert len(state.chance_cards) == 52
    for bad in (1, 8, True, "4", 4.0):
        with pytest.raises(RulesError, match="players"):
            Rules(players=bad)  # type: ignore[arg-type]


def test_B_1_1_ace_high_rank_order() -> None:
    """B-1.1: A K Q J 10 9 … 2 — the ace of the led suit beats the king."""
    rules = Rules(players=2, exchange=False)
    state = dealt(new_game(rules), {1: "Ac 2d 3d 4d 5d", 0: "Kc 2h 3h 4h 5h"}, trump_card="5h")
    state = say(state, "in in")
    state = plays(state, "Ac Kc")
    assert state.tricks_won == (0, 1)


@pytest.mark.parametrize(
    ("field", "value"),
    [
        ("hand_size", 6),
        ("hand_size", True),
        ("ante", 0),
        ("ante", True),
        ("stack", 0),
        ("deals", 0),
        ("exchange", 1),
        ("must_head_following", None),
        ("min_tricks", 4),
        ("min_tricks", 0),
        ("rising_ante", "yes"),
        ("ante_exemptions", 0),
        ("pot_cap", 0),
        ("pot_cap", False),
    ],
)
def test_rules_reject_bad_values(field: str, value: object) -> None:
    with pytest.raises(RulesError, match=field):
        Rules(**{field: value})  # type: ignore[arg-type]


def test_new_game_rejects_bad_stacks_and_dealer() -> None:
    for stacks in ((1, 2, 3), (-1, 1, 1, 1), (1.0, 1, 1, 1), "abcd", (True, 1, 1, 1), {0: 1}):
        with pytest.raises(RulesError, match="stacks"):
            new_game(stacks=stacks)  # type: ignore[arg-type]
    for dealer in (-1, 4, "0", None):
        with pytest.raises(RulesError, match="dealer"):
            new_game(dealer=dealer)  # type: ignore[arg-type]
    with pytest.raises(RulesError):
        new_game("rules")  # type: ignore[arg-type]


def test_X_6_a_seat_that_starts_with_nothing_rebuys_at_the_first_deal() -> None:
    state = new_game(Rules(players=3, ante=2, stack=50), stacks=[0, 10, 0], dealer=0)
    assert state.initial_stacks == (0, 10, 0)
    assert state.rebuys == (1, 0, 1)
    assert state.stacks == (48, 8, 48)
    assert [e for e in state.events if isinstance(e, Rebuy)] == [Rebuy(2, 50), Rebuy(0, 50)]
    assert state.returns() == (-2, -2, -2)
    assert loads(dumps(state)) == state


# ----------------------------------------------------------------------- B-2 antes, deal


def test_B_2_1_every_seat_antes_on_top_of_a_carried_pot() -> None:
    state = new_game(Rules(players=3, ante=2, deals=2), stacks=(10, 20, 30), dealer=2)
    assert state.pot == 6
    assert state.stacks == (8, 18, 28)
    assert state.contributions == (2, 2, 2)
    antes = [e for e in state.events if isinstance(e, AntePaid)]
    assert [(e.seat, e.amount) for e in antes] == [(0, 2), (1, 2), (2, 2)]
    # nobody stays in: the pot of 6 is carried and the next antes go on top of it
    state = state.apply(Shuffle(STANDARD_DECK))
    state = say(state, "out out out")
    assert state.deal_number == 1
    assert state.pot == 12
    assert state.stacks == (6, 16, 26)
    assert state.contributions == (2, 2, 2)
    assert any(isinstance(e, PotCarried) and e.amount == 6 for e in state.events)


def test_X_3_an_ante_larger_than_the_stack_takes_the_whole_stack() -> None:
    state = new_game(Rules(players=3, ante=5), stacks=(3, 10, 10))
    assert state.stacks == (0, 5, 5)
    assert state.contributions == (3, 5, 5)
    assert state.pot == 13


def test_X_1_B_2_2_cards_dealt_one_at_a_time_and_dealer_last_card_is_trump() -> None:
    """X-1: one card at a time from eldest; B-2.2: the dealer's last card is face up."""
    state = new_game(Rules(players=3), dealer=1)  # eldest is seat 2
    order = STANDARD_DECK  # 2c 2d 2h 2s 3c 3d ...
    state = state.apply(Shuffle(order))
    assert state.hands[2] == tuple(order[i] for i in (0, 3, 6, 9, 12))
    assert state.hands[0] == tuple(order[i] for i in (1, 4, 7, 10, 13))
    assert state.hands[1] == tuple(order[i] for i in (2, 5, 8, 11, 14))
    assert state.trump_card == order[14]
    assert state.trump == order[14].suit
    assert state.trump_card in state.hands[state.dealer]
    assert state.stock == order[15:]
    assert state.phase is Phase.STAY
    assert state.to_act == 2
    assert isinstance(state.events[-1], TrumpTurned)
    assert str(state.events[-1]) == f"seat 1 turns up {order[14]}: {order[14].suit} is trump"


def test_B_2_2_trump_card_stays_in_dealer_hand_and_can_be_played() -> None:
    rules = Rules(players=2, exchange=False)
    state = dealt(new_game(rules), {1: "2c 3c 4c 5c 6c", 0: "As 7d 8d 9d Td"}, trump_card="As")
    assert state.trump_card == card("As")
    state = say(state, "in in")
    state = plays(state, "2c As")  # seat 0 is void in clubs and must trump with its up-card
    assert state.tricks_won == (1, 0)


def test_X_2_chance_node_takes_only_a_shuffle_of_the_chance_cards() -> None:
    state = new_game()
    assert state.to_act is CHANCE
    with pytest.raises(IllegalActionError) as info:
        state.apply(Shuffle(STANDARD_DECK[:-1]))
    assert info.value.rule == "X-2"
    with pytest.raises(IllegalActionError) as info:
        state.apply(STAY_IN)
    assert info.value.rule == "X-2"
    assert state.legal_actions() == ()


# ----------------------------------------------------------------------- B-3 stay in / drop


def test_B_3_1_stay_or_drop_in_seat_order_from_eldest() -> None:
    state = dealt(new_game(Rules(players=4), dealer=2), {})
    assert [state.to_act] == [3]
    assert state.legal_actions() == (STAY_IN, DROP)
    state = state.apply(DROP)
    assert state.to_act == 0
    stack_before = state.stacks[3]
    assert state.hands[3] == ()  # mucked at once
    state = say(state, "in in in")
    assert state.phase is Phase.EXCHANGE
    assert state.view(0).stayed_in == (True, True, True, False)
    assert state.pots == ((state.pot, (0, 1, 2)),)
    assert state.stacks[3] == stack_before == 99  # dropping cost only the ante
    with pytest.raises(IllegalActionError) as info:
        state.apply(STAY_IN)
    assert info.value.rule == "B-4.1"


def test_B_3_1_only_stay_or_drop_during_the_stay_phase() -> None:
    state = dealt(new_game(Rules(players=3)), {})
    for action in (Exchange(()), Play(state.hands[1][0])):
        with pytest.raises(IllegalActionError) as info:
            state.apply(action)
        assert info.value.rule == "B-3.1"
        assert "seat 1 cannot" in str(info.value)


def test_B_3_2_nobody_in_carries_the_pot() -> None:
    state = dealt(new_game(Rules(players=3, deals=2)), {})
    state = say(state, "out out out")
    assert state.deal_number == 1
    assert state.dealer == 1
    assert state.pot == 6
    assert state.stacks == (98, 98, 98)


def test_B_3_2_one_seat_in_takes_the_pot_at_once() -> None:
    state = dealt(new_game(Rules(players=4, deals=2)), {})
    state = say(state, "out in out out")
    # seat 2 (second from eldest 1) took the pot of 4 without play
    won = [e for e in state.events if isinstance(e, PotWon)]
    assert won[-1].winners == (2,)
    assert won[-1].amount == 4
    assert state.deal_number == 1
    assert state.stacks == (98, 98, 102, 98)  # 99 + 4 - the next ante
    assert state.pot == 4


# ----------------------------------------------------------------------- B-4 exchange


def test_B_4_1_exchange_in_seat_order_draws_from_the_top_of_the_stock() -> None:
    rules = Rules(players=3)
    state = dealt(
        new_game(rules),
        {1: "2c 3c 4c 5c 6c", 2: "2d 3d 4d 5d 6d", 0: "2h 3h 4h 5h 6h"},
        trump_card="6h",
        stock="As Ks Qs",
    )
    state = stay_all(state)
    assert state.to_act == 1
    state = state.apply(Exchange(cards("6c 2c")))  # order does not matter
    assert state.hands[1] == cards("3c 4c 5c Ks As")
    assert state.stock[:1] == cards("Qs")
    assert state.to_act == 2
    state = state.apply(Exchange(()))  # stands pat
    assert state.hands[2] == cards("2d 3d 4d 5d 6d")
    state = state.apply(Exchange(cards("2h")))
    assert card("Qs") in state.hands[0]
    assert state.phase is Phase.PLAY
    assert state.to_act == 1
    counts = [(e.seat, e.count) for e in state.events if isinstance(e, Exchanged)]
    assert counts == [(1, 2), (2, 0), (0, 1)]


def test_B_4_1_exchange_lists_every_servable_subset_and_rejects_foreign_cards() -> None:
    state = stay_all(dealt(new_game(Rules(players=2)), {1: "2c 3c 4c 5c 6c"}))
    legal = state.legal_actions()
    assert len(legal) == 32
    assert len(set(legal)) == 32
    assert Exchange(()) in legal
    assert Exchange(cards("2c 3c 4c 5c 6c")) in legal
    with pytest.raises(IllegalActionError) as info:
        state.apply(Exchange(cards("As")))
    assert info.value.rule == "B-4.1"
    for bad in (Exchange(cards("2c 2c")), Exchange(("2c",)), Exchange(None)):  # type: ignore[arg-type]
        with pytest.raises(IllegalActionError) as info:
            state.apply(bad)
        assert info.value.rule == "X-9"


def test_B_4_2_restock_with_seven_players() -> None:
    """B-4.2: seven seats each exchange five; the stock (17) runs short twice."""
    rules = Rules(players=7)
    state = stay_all(dealt(new_game(rules), {}))
    assert len(state.stock) == 17
    hands = state.hands
    for seat in (1, 2, 3):
        state = state.apply(Exchange(hands[seat]))
    assert len(state.stock) == 2
    served = frozenset(hands[1] + hands[2] + hands[3])
    assert frozenset(state.muck) == served
    # seat 4 draws the 2 left, then the discards of seats 1-3 are shuffled into a new stock
    state = state.apply(Exchange(hands[4]))
    assert state.to_act is CHANCE
    assert state.phase is Phase.RESTOCK
    assert frozenset(state.chance_cards) == served  # not seat 4's own discards
    assert len(state.hands[4]) == 2
    restock = arrange_deck(state, {}, stock=cards(" ".join(c.code for c in hands[1][:3])))
    state = state.apply(restock)
    assert sorted(state.hands[4][:5]) == list(state.hands[4])
    assert set(hands[1][:3]) <= set(state.hands[4])
    assert len(state.hands[4]) == 5
    assert len(state.stock) == 12
    assert frozenset(state.muck) == frozenset(hands[4])  # its discards wait for a later restock
    assert isinstance(state.events[-1], Restocked)
    assert state.events[-1].cards == 15
    for seat in (5, 6):
        state = state.apply(Exchange(hands[seat]))
    assert len(state.stock) == 2
    # the dealer discards everything, its trump up-card included (B-4.3)
    trump = state.trump_card
    state = state.apply(Exchange(hands[0]))
    assert state.to_act is CHANCE
    assert frozenset(state.chance_cards) == frozenset(hands[4] + hands[5] + hands[6])
    state = state.apply(Shuffle(state.chance_cards))
    assert frozenset(state.muck) == frozenset(hands[0]) - {trump}
    assert state.phase is Phase.PLAY
    assert all(len(h) == 5 for h in state.hands)
    every = [c for h in state.hands for c in h] + list(state.stock) + list(state.muck) + [trump]
    assert sorted(every) == list(STANDARD_DECK)


def test_B_4_2_dropped_hands_are_mucked_at_once_and_restocked() -> None:
    rules = Rules(players=7, hand_size=7)
    state = dealt(new_game(rules), {})
    hands = state.hands
    state = say(state, "out out out out out in in")
    assert len(state.stock) == 3
    assert frozenset(state.muck) == frozenset(c for s in (1, 2, 3, 4, 5) for c in hands[s])
    state = state.apply(Exchange(hands[6]))
    assert state.phase is Phase.RESTOCK
    assert len(state.chance_cards) == 35


def test_B_4_2_an_exchange_is_legal_only_if_it_can_be_served() -> None:
    rules = Rules(players=7, hand_size=7)
    state = stay_all(dealt(new_game(rules), {}))
    assert len(state.stock) == 3  # 49 dealt, nobody dropped, nothing discarded yet
    sizes = {len(a.discards) for a in state.legal_actions()}  # type: ignore[attr-defined]
    assert sizes == {0, 1, 2, 3}
    with pytest.raises(IllegalActionError) as info:
        state.apply(Exchange(state.hands[1][:4]))
    assert info.value.rule == "B-4.2"
    assert "only 3 card(s) can be drawn" in str(info.value)


def test_B_4_3_the_dealer_may_discard_the_trump_card_trump_stays() -> None:
    rules = Rules(players=2)
    state = dealt(
        new_game(rules), {1: "2c 3c 4c 5c 6c", 0: "Ah 7d 8d 9d Td"}, trump_card="Ah", stock="As"
    )
    state = stay_all(state)
    state = state.apply(Exchange(()))
    state = state.apply(Exchange(cards("Ah")))
    assert state.trump_card == card("Ah")
    assert state.trump is card("Ah").suit
    assert card("Ah") not in state.hands[0]
    assert card("Ah") not in state.muck
    assert state.trump_out
    assert state.view(0).trump_card_out  # the dealer knows its own discard
    assert not state.view(1).trump_card_out  # a discard never shows
    assert state.view(1).trump_card == card("Ah")
    assert str(state.events[-1]) == "seat 0 exchanges 1 card"


def test_V_B_3_reno_has_no_exchange() -> None:
    state = stay_all(dealt(new_game(Rules(players=3, exchange=False)), {}))
    assert state.phase is Phase.PLAY
    assert state.to_act == 1
    with pytest.raises(IllegalActionError) as info:
        state.apply(Exchange(()))
    assert info.value.rule == "V-B.3"
    assert "Reno Bourré (exchange=False) has no exchange (V-B.3)" in str(info.value)


def test_X_6_rebuy_when_the_stack_is_empty_before_a_deal() -> None:
    state = new_game(Rules(players=2, ante=3, stack=7, deals=3), stacks=(3, 7))
    assert state.stacks == (0, 4)
    state = say(state.apply(Shuffle(STANDARD_DECK)), "out out")
    assert state.rebuys == (1, 0)
    assert any(isinstance(e, Rebuy) and e.seat == 0 and e.amount == 7 for e in state.events)
    assert state.stacks == (4, 1)
    assert state.returns() == (-6, -6)  # 4 - 3 - 7 ; 1 - 7 (the pot of 12 is in the middle)
    assert sum(state.returns()) + state.pot == 0


def test_V_B_2_seven_card_bourre_deals_seven_and_plays_seven_tricks() -> None:
    rules = Rules(players=7, hand_size=7, exchange=False)
    state = new_game(rules)
    state = stay_all(state.apply(Shuffle(STANDARD_DECK)))
    assert all(len(hand) == 7 for hand in state.hands)
    assert len(state.stock) == 52 - 49
    plays_made = 0
    while state.deal_number == 0 and not state.is_terminal:
        state = state.apply(state.legal_actions()[0])
        plays_made += 1
    assert plays_made == 49
    tricks = [e for e in state.events if type(e).__name__ == "TrickWon"]
    assert len(tricks) == 7
    assert all(len(e.cards) == 7 for e in tricks)  # type: ignore[attr-defined]
