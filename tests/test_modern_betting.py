"""The deal and the betting round of modern Bouillotte (M-1, M-2, M-3, X-1…X-5, X-9)."""

from __future__ import annotations

import pickle

import pytest

from cardrules import CHANCE, IllegalActionError, RulesError, Shuffle
from cardrules.actions import Action
from cardrules.bouillotte.modern import (
    CALL,
    CHECK,
    FOLD,
    Announce,
    Call,
    Check,
    Fold,
    HandShown,
    Raise,
    Rules,
    State,
    new_game,
)
from cardrules.cards import cards, piquet_deck
from cardrules.events import ExcessReturned, PotWon
from helpers import dealt, rule_of, run

# Seat 1 is eldest with dealer 0: the seats speak 1, 2, 3, 0.
HANDS = {1: "8c Qh Ac", 2: "As Ks Qs", 3: "8d 9d Kd", 0: "8h 9c Kc"}


def deal(
    rules: Rules | None = None,
    hands: dict[int, str] | None = None,
    retourne: str = "9s",
    **kwargs: object,
) -> State:
    state = new_game(rules, **kwargs)  # type: ignore[arg-type]
    up = {"retourne": retourne} if state.rules.retournes == 1 else {"retournes": retourne}
    return dealt(state, HANDS if hands is None else hands, **up)  # type: ignore[no-any-return]


def test_M_1_1_players_three_to_five() -> None:
    """M-1.1: 3 to 5 players, default 4."""
    assert Rules().players == 4
    for players in (3, 4, 5):
        assert len(new_game(Rules(players=players)).stacks) == players
    for bad in (2, 6, "4", 4.0, True):
        with pytest.raises(RulesError, match="players"):
            Rules(players=bad)  # type: ignore[arg-type]


@pytest.mark.parametrize(
    ("field", "value"),
    [
        ("ante", 0),
        ("ante", True),
        ("max_raise", 0),
        ("stack", 0),
        ("deals", 0),
        ("target", 0),
        ("target", 1.5),
        ("announce_fee", 0),
        ("announce_fee", False),
        ("favori", "above"),
        ("point_values", "face"),
        ("point_tiebreak", "suit"),
        ("retournes", 3),
        ("retournes", 0),
        ("open_card", 1),
        ("betting_rounds", 4),
        ("betting_rounds", 0),
        ("retourne_change", "yes"),
    ],
)
def test_rules_reject_invalid_values(field: str, value: object) -> None:
    """Every option is checked; the error names the field and what is allowed."""
    with pytest.raises(RulesError, match=f"Rules.{field} must be"):
        Rules(**{field: value})  # type: ignore[arg-type]


def test_rules_defaults() -> None:
    """The defaults of the rule book's options table."""
    r = Rules()
    assert (r.players, r.ante, r.max_raise, r.stack, r.deals, r.target, r.announce_fee) == (
        4,
        1,
        5,
        100,
        1,
        None,
        1,
    )
    assert (r.favori, r.point_values, r.point_tiebreak) == ("above_simple", "flat", "seed")
    assert (r.retournes, r.open_card, r.betting_rounds, r.retourne_change) == (1, False, 1, False)


def test_new_game_rejects_bad_stacks_and_dealer() -> None:
    """new_game checks stacks (ints >= 0, one per seat) and the dealer."""
    for stacks in ((1, 2, 3), (1, 2, 3, -1), (1, 2, 3, True), (1, 2, 3, 4.0), 5):
        with pytest.raises(RulesError, match="stacks"):
            new_game(stacks=stacks)  # type: ignore[arg-type]
    for dealer in (-1, 4, "0", None):
        with pytest.raises(RulesError, match="dealer"):
            new_game(dealer=dealer)  # type: ignore[arg-type]
    with pytest.raises(RulesError):
        new_game("rules")  # type: ignore[arg-type]


def test_M_1_2_deck_by_player_count() -> None:
    """M-1.2: 16, 20 or 24 cards; the chance node shuffles exactly that deck."""
    sizes = {3: ("8 9 K A", 16), 4: ("8 9 Q K A", 20), 5: ("8 9 J Q K A", 24)}
    for players, (ranks, size) in sizes.items():
        state = new_game(Rules(players=players))
        assert state.to_act is CHANCE
        assert state.chance_cards == piquet_deck(players)
        assert len(state.chance_cards) == size
        assert {c.rank.letter for c in state.chance_cards} == set(ranks.split())


def test_M_2_1_antes_and_X_3_short_ante() -> None:
    """M-2.1: each seat antes before the deal; X-3: an ante above the stack takes it all."""
    state = new_game(Rules(ante=3), stacks=(100, 2, 100, 100))
    assert state.contributions == (3, 2, 3, 3)
    assert state.stacks == (97, 0, 97, 97)
    assert state.pot == 11


def test_M_2_2_and_X_1_deal_order_and_retourne() -> None:
    """M-2.2, X-1: one card at a time from eldest; then the retourné; no exchange."""
    state = new_game(dealer=2)
    deck = state.chance_cards
    dealt = state.apply(Shuffle(deck))
    assert dealt.hands[3] == (deck[0], deck[4], deck[8])
    assert dealt.hands[2] == (deck[3], deck[7], deck[11])
    assert dealt.retournes == (deck[12],)
    assert all(len(h) == 3 for h in dealt.hands)
    assert dealt.to_act == 3


def test_X_2_chance_node_takes_only_a_shuffle_of_the_deck() -> None:
    """X-2: only a permutation of chance_cards applies at the chance node."""
    state = new_game()
    assert state.legal_actions() == ()
    assert rule_of(state, CHECK) == "X-2"
    assert rule_of(state, Shuffle(state.chance_cards[:-1])) == "X-2"
    assert rule_of(state, Shuffle(cards("2c 3c"))) == "X-2"


def test_M_3_1_eldest_speaks_first_then_seat_order() -> None:
    """M-3.1: eldest first, then in seat order."""
    state = deal()
    seen = []
    for _ in range(4):
        seen.append(state.to_act)
        state = state.apply(CHECK)
    assert seen == [1, 2, 3, 0]


def test_M_3_2_legal_sets() -> None:
    """M-3.2: no bet yet: Check or open; facing a bet: Call, Raise or Fold."""
    state = deal(Rules(announce_fee=None))
    assert state.legal_actions() == (CHECK, *(Raise(to=t) for t in range(2, 7)))
    state = state.apply(Raise(to=3))
    assert state.legal_actions() == (CALL, *(Raise(to=t) for t in range(4, 9)), FOLD)


def test_M_3_2_illegal_checks_calls_and_folds_name_the_rule() -> None:
    """M-3.2: a fold with no bet, a call with nothing to call, a check facing a bet."""
    state = deal()
    assert rule_of(state, FOLD) == "M-3.2"
    assert rule_of(state, CALL) == "M-3.2"
    facing = state.apply(Raise(to=2))
    assert rule_of(facing, CHECK) == "M-3.2"
    with pytest.raises(IllegalActionError) as info:
        facing.apply(CHECK)
    text = str(info.value)
    assert text.startswith("seat 2 cannot check:")
    assert "(M-3.2); legal now: call, raise to 3…7, fold" in text
    assert info.value.seat == 2


def test_M_3_3_raise_limited_by_max_raise_and_repeatable() -> None:
    """M-3.3: a raise lifts the contribution 1 to max_raise above the largest; any
    number of raises."""
    state = deal(Rules(max_raise=2))
    assert rule_of(state, Raise(to=1)) == "M-3.3"
    assert rule_of(state, Raise(to=4)) == "M-3.3"
    state = run(state, Raise(to=3), Raise(to=5), Raise(to=7), Raise(to=9), Raise(to=11))
    assert state.contributions == (9, 11, 5, 7)
    assert state.to_act == 2
    assert state.largest == 11


def test_X_3_raise_beyond_the_stack_is_illegal() -> None:
    """X-3: nobody stakes more than its stack."""
    state = deal(stacks=(100, 4, 100, 100))
    assert [a.to for a in state.legal_actions() if isinstance(a, Raise)] == [2, 3, 4]
    assert rule_of(state, Raise(to=5)) == "X-3"


def test_M_3_4_all_in_call_side_pots_and_X_4_excess() -> None:
    """M-3.4, X-4: a short seat calls all-in; it no longer acts; side pots by level;
    the uncalled excess goes back before the showdown."""
    # seat 1 has 3 chips after the ante; seat 2 the best hand.
    state = deal(stacks=(100, 4, 100, 100))
    state = run(state, CHECK, Raise(to=6), CALL, FOLD)
    assert state.to_act == 1
    assert state.legal_actions() == (CALL, FOLD)  # 3 chips left: no raise above 6
    # nobody is all-in yet and seat 1 can still call: one pot, every seat still in
    assert state.pots == ((14, (1, 2, 3)),)
    final = state.apply(CALL)  # all-in for 3 more: contributions (1, 4, 6, 6)
    assert final.is_terminal  # nobody left to act: showdown; deals=1 ends the session
    won = [e for e in final.events if isinstance(e, PotWon)]
    assert [(e.amount, e.winners, e.pot) for e in won] == [(13, (2,), 0), (4, (2,), 1)]
    assert final.stacks == (99, 0, 111, 94)


# The positions of the independent review (pots_midround.py and m9.py): seat 0 eldest.
REVIEW_HANDS = {0: "Kh Kd 8c", 1: "Ah Qh 9c", 2: "Qc 9d 8d", 3: "As Qs 8h"}


def test_X_4_pots_mid_round_not_split_while_nobody_is_all_in() -> None:
    """X-4: pots split only where a seat is all-in; a raise that the others can still
    call leaves one pot, and every seat still in is eligible for it."""
    state = deal(Rules(announce_fee=None), {}, dealer=3)
    state = state.apply(Raise(to=3))
    assert state.contributions == (3, 1, 1, 1)
    assert state.stacks == (97, 99, 99, 99)
    assert state.pots == ((6, (0, 1, 2, 3)),)


def test_X_4_pots_mid_round_split_at_the_all_in_level_only() -> None:
    """X-4: after an all-in call the pot splits at the all-in seat's level; seats that
    still have chips stay eligible for every pot, folded seats' chips stay in."""
    rules = Rules(announce_fee=None)
    state = deal(rules, REVIEW_HANDS, stacks=(100, 100, 5, 100), dealer=3)
    state = run(state, Raise(to=6), Raise(to=11), CALL)  # seat 2 all-in at 5
    assert state.contributions == (6, 11, 5, 1)
    assert state.stacks == (94, 89, 0, 99)
    assert state.pots == ((16, (0, 1, 2, 3)), (7, (0, 1, 3)))
    state = state.apply(FOLD)  # seat 3's ante stays in the main pot
    assert state.pots == ((16, (0, 1, 2)), (7, (0, 1)))
    state = state.apply(FOLD)  # showdown: 5 back to seat 1, whose point 21 wins both
    assert state.is_terminal
    won = [e for e in state.events if isinstance(e, PotWon)]
    assert [(e.amount, e.winners, e.pot) for e in won] == [(16, (1,), 0), (2, (1,), 1)]
    assert state.stacks == (94, 112, 0, 99)


def test_X_4_pots_mid_round_short_all_in_call() -> None:
    """X-4: a seat all-in below the largest contribution caps the main pot; the seats
    with chips are eligible for both pots."""
    rules = Rules(announce_fee=None)
    state = deal(rules, REVIEW_HANDS, stacks=(100, 100, 3, 100), dealer=3)
    state = run(state, Raise(to=4), FOLD, CALL)  # seat 2 all-in for 3 in all
    assert state.contributions == (4, 1, 3, 1)
    assert state.pots == ((8, (0, 2, 3)), (1, (0, 3)))


def test_X_4_pots_mid_round_all_in_raise_at_the_top() -> None:
    """X-4: a seat all-in at the largest contribution splits nothing: the others can
    still call it, so one pot, every seat still in eligible."""
    rules = Rules(announce_fee=None)
    state = deal(rules, REVIEW_HANDS, stacks=(100, 100, 3, 100), dealer=3)
    state = run(state, CHECK, CHECK, Raise(to=3))  # seat 2 all-in at 3
    assert state.stacks == (99, 99, 0, 99)
    assert state.pots == ((6, (0, 1, 2, 3)),)
    state = state.apply(FOLD)
    assert state.contributions == (1, 1, 3, 1)
    assert state.pots == ((6, (0, 1, 2)),)


def test_X_4_uncalled_excess_returned() -> None:
    """X-4: the part of the largest contribution above the second largest returns."""
    state = deal(stacks=(100, 100, 100, 3))
    # seat 3 (8d 9d Kd, point 30) is short: 2 after the ante.
    state = run(state, CHECK, Raise(to=6), CALL, FOLD, FOLD)
    assert state.is_terminal
    returned = [e for e in state.events if isinstance(e, ExcessReturned)]
    assert returned == [ExcessReturned(2, 3)]
    # pot: seat 1 ante 1 + seat 0 ante 1 + seat 2 3 + seat 3 3 = 8, to seat 2 (41)
    assert state.stacks == (99, 99, 105, 0)


def test_X_4_no_raise_when_every_other_seat_is_all_in() -> None:
    """X-4: with every other seat still in all-in, a seat may call but not raise."""
    state = deal(stacks=(100, 100, 3, 100))
    state = run(state, CHECK, Raise(to=3))  # seat 2 all-in to 3
    state = run(state, FOLD, FOLD)  # seats 3 and 0 fold; seat 1 faces the all-in
    assert state.to_act == 1
    assert state.legal_actions() == (CALL, FOLD)
    assert rule_of(state, Raise(to=4)) == "X-4"


def test_M_3_5_round_closes_and_check_raise_is_allowed() -> None:
    """M-3.5: the round closes when all have acted since the last raise and matched;
    check-raise is allowed."""
    state = deal()
    state = run(state, CHECK, Raise(to=2), CALL, CALL)
    assert state.to_act == 1  # seat 1 checked, now faces the raise
    assert Raise(to=4) in state.legal_actions()
    state = run(state, Raise(to=4))
    assert [state.to_act] == [2]
    state = run(state, CALL, CALL, CALL)
    assert state.is_terminal
    assert state.stacks == (96, 96, 112, 96)


def test_M_3_6_all_check_goes_to_showdown_without_chips_moving() -> None:
    """M-3.6: if every seat checks, all show; the best hand takes the antes."""
    state = deal()
    before = state.stacks
    state = run(state, CHECK, CHECK, CHECK)
    assert state.stacks == before
    state = state.apply(CHECK)
    shown = [e for e in state.events if isinstance(e, HandShown)]
    assert [e.seat for e in shown] == [1, 2, 3, 0]
    assert state.stacks == (99, 99, 103, 99)


def test_M_3_7_last_seat_in_takes_the_pot_unseen() -> None:
    """M-3.7: all but one fold: that seat takes the pot without showing."""
    state = deal()
    state = run(state, Raise(to=3), FOLD, FOLD, FOLD)
    assert state.stacks == (99, 103, 99, 99)
    assert not [e for e in state.events if isinstance(e, HandShown)]
    won = [e for e in state.events if isinstance(e, PotWon)]
    assert won == [PotWon(6, (1,), (0, 6, 0, 0), 0, None)]


def test_X_5_tie_splits_with_odd_chip_eldest_first() -> None:
    """X-5: tied hands share the pot; the odd chip goes first to the seat nearest eldest."""
    hands = {1: "8c 9h Kh", 2: "As 9s 8s", 3: "Ad 9d 8d", 0: "Qc Kc 8h"}
    # retourné Q♥: seat 1 hearts 9+K+Q = 30; seats 2 and 3: A + 9 + 8 = 31 (tie,
    # highest A, neither in hearts); seat 0 clubs Q+K = 20.
    state = deal(hands=hands, retourne="Qh")
    state = run(state, Raise(to=2), CALL, CALL, FOLD)
    # pot = 2 + 2 + 2 + 1 = 7: 3 each, the odd chip to seat 2, nearer eldest.
    won = [e for e in state.events if isinstance(e, PotWon)]
    assert won[0].winners == (2, 3)
    assert won[0].shares == (0, 0, 4, 3)
    assert state.stacks == (99, 98, 102, 101)


def test_X_9_garbage_and_wrong_types_raise_illegal_action() -> None:
    """X-9: non-actions, ill-typed amounts: IllegalActionError, state unchanged."""
    state = deal()
    snapshot = pickle.dumps(state)
    for bad in (
        None,
        "check",
        3,
        Check,
        Raise(to=True),
        Raise(to=2.0),
        Raise(to="3"),
        Raise(to=[2]),
    ):
        assert rule_of(state, bad) == "X-9"
    assert pickle.loads(snapshot) == state
    assert rule_of(state, Shuffle(state.rules.deck)) == "X-2"
    assert state.is_legal(Check())
    assert state.is_legal(Raise(to=2))


def test_fresh_action_objects_work_like_interned_ones() -> None:
    """Actions compare by value: a new Check() or Call() behaves as CHECK or CALL."""
    a = run(deal(), Check(), Raise(to=3), Call(), Fold())
    b = run(deal(), CHECK, Raise(to=3), CALL, FOLD)
    assert a == b
    assert hash(a) == hash(b)
    assert a.history == b.history


def test_is_legal_never_raises() -> None:
    """is_legal is False, never an exception, for anything illegal."""
    state = deal()

    class Weird(Action):
        pass

    for bad in ([], {}, Weird(), Announce(), Fold(), object()):
        assert state.is_legal(bad) is False  # type: ignore[arg-type]
