"""Announcements, showdown, sessions, views and the four variants of modern Bouillotte
(M-4, M-6, X-6, X-7, X-8, X-10, V-M.1…V-M.4), and the seeds' examples played out."""

from __future__ import annotations

import pickle
import random
from fractions import Fraction

import pytest

from cardrules import (
    CHANCE,
    IllegalActionError,
    dumps,
    loads,
    play,
    random_policy,
)
from cardrules.bouillotte.modern import (
    ANNOUNCE,
    CALL,
    CHECK,
    FOLD,
    Announced,
    CardsTurned,
    FeePaid,
    HandShown,
    Raise,
    RetourneChanged,
    Rules,
    State,
    arrange_deck,
    new_game,
)
from cardrules.cards import Card, cards
from cardrules.chance import HIDDEN_SHUFFLE
from cardrules.errors import CardRulesError
from cardrules.events import DealStarted, PotWon, Rebuy, SessionEnded
from helpers import dealt, rule_of, run

HANDS = {1: "8c Qh Ac", 2: "As Ks Qs", 3: "8d 9d Kd", 0: "8h 9c Kc"}
BRELANS = {1: "Kc Kd Kh", 2: "Ac Ad 9c", 3: "8d 9d Qd", 0: "8h 9h Qc"}  # retourné A♥


def deal(
    rules: Rules | None = None,
    hands: dict[int, str] | None = None,
    retourne: str = "9s",
    stock: str | None = None,
    state: State | None = None,
    **kwargs: object,
) -> State:
    if state is None:
        state = new_game(rules, **kwargs)  # type: ignore[arg-type]
    up = {"retourne": retourne} if state.rules.retournes == 1 else {"retournes": retourne}
    if stock is not None:
        up["stock"] = stock
    return dealt(state, HANDS if hands is None else hands, **up)  # type: ignore[no-any-return]


# -- golden: the seeds' examples ------------------------------------------------------


def test_seed_golden_deal_ace_king_queen_of_spades_with_nine_of_spades() -> None:
    """Seeds 000/001 and M-5.5: A♠ K♠ Q♠ with the retourné 9♠ is a point of 41
    (flat scale); it beats every other point at the showdown and takes the pot."""
    state = run(deal(), Raise(to=3), CALL, CALL, CALL)
    shown = {e.seat: e.hand for e in state.events if isinstance(e, HandShown)}
    assert shown == {
        1: "point of 21 in ♣",
        2: "point of 41 in ♠",
        3: "point of 30 in ♦",
        0: "point of 20 in ♣",
    }
    assert state.stacks == (97, 97, 109, 97)
    assert [e for e in state.events if isinstance(e, PotWon)] == [
        PotWon(12, (2,), (0, 0, 12, 0), 0, "point of 41 in ♠")
    ]


def test_seed_golden_three_suits_score_eleven() -> None:
    """Seeds 000/001: 9♠ Q♥ A♣ with the retourné K♦: best point 11, and it loses."""
    hands = {1: "9s Qh Ac", 2: "8d 9d Ad", 3: "8c 9c Kc", 0: "8h 9h Kh"}
    state = run(deal(hands=hands, retourne="Kd"), CHECK, CHECK, CHECK, CHECK)
    shown = {e.seat: e.hand for e in state.events if isinstance(e, HandShown)}
    assert shown[1] == "point of 11 in ♣"
    assert shown[2] == "point of 41 in ♦"
    assert state.stacks == (99, 99, 103, 99)


# -- announcements ---------------------------------------------------------------------


def test_M_4_1_announce_keeps_the_turn_once_per_deal() -> None:
    """M-4.1: a seat with a brelan may announce before its betting action, once."""
    state = deal(hands=BRELANS, retourne="Ah")
    assert state.legal_actions()[0] == ANNOUNCE  # seat 1: brelan simple of kings
    state = state.apply(ANNOUNCE)
    assert state.to_act == 1
    assert state.announced == (None, "simple", None, None)
    assert ANNOUNCE not in state.legal_actions()
    assert rule_of(state, ANNOUNCE) == "M-4.1"
    state = state.apply(CHECK)
    assert state.to_act == 2
    assert state.legal_actions()[0] == ANNOUNCE  # seat 2: favori of aces


def test_M_4_1_no_announce_without_brelan_or_with_fee_off() -> None:
    """M-4.1: only a brelan can be announced, and only when announce_fee is not None."""
    state = deal()
    assert ANNOUNCE not in state.legal_actions()
    assert rule_of(state, ANNOUNCE) == "M-4.1"
    off = deal(Rules(announce_fee=None), hands=BRELANS, retourne="Ah")
    assert ANNOUNCE not in off.legal_actions()
    assert rule_of(off, ANNOUNCE) == "M-4.1"


def test_M_4_2_every_other_seat_pays_the_announcer_at_once() -> None:
    """M-4.2: every other seat pays the announcer ``announce_fee`` from its stack at
    once, the seat that opened included; the announcer then plays on."""
    state = deal(Rules(announce_fee=2), hands=BRELANS, retourne="Ah")
    state = run(state, Raise(to=2))  # seat 1 opens
    state = run(state, ANNOUNCE)  # seat 2 (favori of aces) announces
    assert state.stacks == (97, 96, 105, 97)
    fees = [e for e in state.events if isinstance(e, FeePaid)]
    assert fees == [FeePaid(3, 2, 2), FeePaid(0, 2, 2), FeePaid(1, 2, 2)]
    state = run(state, CALL, FOLD, FOLD)  # seat 2 calls; 3 and 0 fold
    # showdown: the favori of aces beats the simple of kings (above_simple)
    assert state.is_terminal
    assert state.stacks == (97, 96, 110, 97)


def test_M_4_2_fee_from_folded_seats_kept_by_a_losing_announcer() -> None:
    """M-4.2: folded seats pay too; the announcer keeps the fees though it loses."""
    state = deal(hands=BRELANS, retourne="Ah")
    state = run(state, CHECK, Raise(to=2), FOLD, FOLD)  # seats 3 and 0 fold
    state = state.apply(ANNOUNCE)  # seat 1, brelan simple of kings
    assert state.stacks == (98, 102, 97, 98)
    state = state.apply(CALL)
    assert state.is_terminal  # the favori of aces wins the pot of 6
    assert state.stacks == (98, 101, 103, 98)
    assert state.returns()[1] == 1


def test_M_4_2_short_stack_pays_all_and_is_all_in() -> None:
    """M-4.2: a seat with less than the fee pays its whole stack; still in, it is all-in."""
    state = deal(Rules(announce_fee=3), hands=BRELANS, retourne="Ah", stacks=(100, 100, 100, 3))
    # seat 3 has 2 after the ante
    state = run(state, ANNOUNCE)
    assert state.stacks == (96, 99 + 3 + 3 + 2, 96, 0)
    state = run(state, CHECK, CHECK)  # seats 1, 2 check; seat 3 is all-in and skipped
    assert state.to_act == 0


def test_M_4_3_announcer_may_not_fold_and_the_class_is_public() -> None:
    """M-4.3: an announcer may not fold; every seat sees the class, not the cards."""
    state = run(deal(hands=BRELANS, retourne="Ah"), ANNOUNCE, CHECK, Raise(to=4), CALL, CALL)
    assert state.to_act == 1
    assert FOLD not in state.legal_actions()
    assert rule_of(state, FOLD) == "M-4.3"
    view = state.view(3)
    assert view.announced[1] == "simple"
    assert not set(view_cards(view)) & set(cards("Kc Kd Kh"))
    assert Announced(1, "simple") in view.events


def view_cards(view: object) -> list[Card]:
    found: list[Card] = []

    def walk(value: object) -> None:
        if isinstance(value, Card):
            found.append(value)
        elif isinstance(value, tuple | list):
            for item in value:
                walk(item)
        elif hasattr(type(value), "__attrs_attrs__"):
            for field in type(value).__attrs_attrs__:  # type: ignore[attr-defined]
                walk(getattr(value, field.name))

    walk(view)
    return found


# -- showdown and session ----------------------------------------------------------------


def test_M_6_1_showdown_each_pot_to_the_best_eligible_hand() -> None:
    """M-6.1: a short seat with the best hand wins only the main pot; the side pot goes
    to the best of the others."""
    hands = {1: "Kc Kd Kh", 2: "As Ks Qs", 3: "8d 9d Qd", 0: "8h 9h Qc"}
    state = deal(Rules(announce_fee=None), hands=hands, retourne="Ah", stacks=(100, 5, 100, 100))
    state = run(state, Raise(to=5), Raise(to=10), CALL, FOLD)
    # seat 1 (brelan of kings) all-in at 5; seats 2 and 3 at 10; seat 0 folded at 1
    assert state.is_terminal
    won = [(e.amount, e.winners, e.pot, e.hand) for e in state.events if isinstance(e, PotWon)]
    assert won == [(16, (1,), 0, "brelan simple of kings"), (10, (2,), 1, "point of 31 in ♠")]
    assert state.stacks == (99, 16, 100, 90)


def test_M_6_2_session_of_deals_and_X_7_next_deal_begins_at_once() -> None:
    """M-6.2, X-7: a session of `deals` deals; after a deal's last action the next one
    has begun (dealer moved on, antes in) inside the same apply."""
    state = run(deal(Rules(deals=2)), Raise(to=2), FOLD, FOLD, FOLD)
    assert state.to_act is CHANCE
    assert (state.deal_number, state.dealer) == (1, 1)
    assert state.contributions == (1, 1, 1, 1)
    assert state.stacks == (98, 102, 98, 98)
    assert isinstance(state.events[-5], DealStarted)
    state = run(deal(state=state, hands={}), CHECK, CHECK, CHECK, CHECK)
    assert state.is_terminal
    assert state.to_act is None
    assert state.pot == 0
    assert isinstance(state.events[-1], SessionEnded)
    assert rule_of(state, CHECK) == "X-7"


def test_M_6_2_target_ends_the_session_early() -> None:
    """M-6.2: with a target, the session ends after the deal in which a result reaches it."""
    state = deal(Rules(deals=10, target=3))
    state = run(state, Raise(to=3), FOLD, FOLD, FOLD)  # seat 1: +3
    assert state.returns()[1] == 3
    assert state.is_terminal
    state = deal(Rules(deals=10, target=4))
    state = run(state, Raise(to=3), FOLD, FOLD, FOLD)
    assert not state.is_terminal
    assert state.deal_number == 1


def test_X_6_rebuy_and_X_8_returns_count_it() -> None:
    """X-6: an empty stack rebuys `stack` before the next deal; X-8: the rebuy counts
    against the seat's result; sum(returns()) + pot == 0."""
    rules = Rules(deals=2, stack=10)
    hands = {1: "As Ks Qs", 2: "8c Qh Ac", 3: "8d 9d Kd", 0: "8h 9c Kc"}
    state = deal(rules, hands=hands, stacks=(10, 10, 10, 2))
    state = run(state, Raise(to=2), FOLD, CALL, FOLD)  # seat 3 all-in, loses to 41
    rebuys = [e for e in state.events if isinstance(e, Rebuy)]
    assert rebuys == [Rebuy(3, 10)]
    assert state.rebuys == (0, 0, 0, 1)
    assert state.stacks == (8, 13, 8, 9)  # after the second deal's antes
    assert state.returns() == (Fraction(-2), Fraction(3), Fraction(-2), Fraction(-3))
    assert sum(state.returns()) + state.pot == 0
    assert state.standings() == (2, 1, 2, 4)


def test_new_game_with_an_empty_stack_rebuys_first() -> None:
    """X-6: a seat given 0 chips rebuys before the first deal."""
    state = new_game(stacks=(0, 5, 5, 5))
    assert state.rebuys == (1, 0, 0, 0)
    assert state.stacks == (99, 4, 4, 4)
    assert state.returns()[0] == -1


# -- views ---------------------------------------------------------------------------------


def test_X_10_view_shows_own_cards_public_cards_and_nothing_else() -> None:
    """X-10: own cards, retourné, public actions; never another hand or the deck order;
    at the next chance node the showdown's hands are visible, folded hands never."""
    state = deal()
    view = state.view(2)
    assert view.hand == cards("Qs Ks As")  # canonical order
    assert view.retournes == cards("9s")
    assert view.history == (HIDDEN_SHUFFLE,)
    assert set(view_cards(view)) == set(cards("As Ks Qs 9s"))
    with pytest.raises(ValueError, match="seat"):
        state.view(4)
    state = run(state, Raise(to=2), CALL, FOLD, CALL)
    final = state.view(3)  # seat 3 folded; the others showed
    shown = set(view_cards(final))
    assert set(cards("8c Qh Ac As Ks Qs 8h 9c Kc 9s")) <= shown
    # its own folded hand: shown to nobody, but the seat remembers it (perfect recall)
    assert final.received == (cards("8d 9d Kd"),) and final.hand == ()
    assert all(e.seat != 3 for e in final.events if isinstance(e, HandShown))
    assert not set(view_cards(state.view(2))) & set(cards("8d 9d Kd"))


def test_X_10_view_of_the_folded_hand_is_hidden_from_others() -> None:
    """X-10: a folded seat's cards never appear in another seat's view."""
    state = run(deal(Rules(deals=2)), Raise(to=2), CALL, FOLD, CALL)
    assert state.to_act is CHANCE
    for seat in (0, 1, 2):
        assert not set(view_cards(state.view(seat))) & set(cards("8d 9d Kd"))


# -- variants -----------------------------------------------------------------------------


def test_V_M_1_double_retourne_deal_and_showdown() -> None:
    """V-M.1: two retournés after the hands; both count for brelans and points."""
    rules = Rules(retournes=2)
    state = new_game(rules)
    with pytest.raises(CardRulesError):
        arrange_deck(state, {}, retourne="9s")
    state = deal(rules, hands={1: "8h 8d Kc", 2: "As Ks Qs"}, retourne="8s 8c")
    assert state.retournes == cards("8s 8c")
    assert state.legal_actions()[0] == ANNOUNCE
    state = run(state, ANNOUNCE)
    assert state.announced[1] == "carre"


def test_V_M_2_open_card_is_public() -> None:
    """V-M.2: each seat's first card is dealt face up and every seat sees it."""
    state = deal(Rules(open_card=True))
    view = state.view(0)
    assert view.face_up == (
        (Card.parse("8h"),),
        (Card.parse("8c"),),
        (Card.parse("As"),),
        (Card.parse("8d"),),
    )
    assert Card.parse("Ks") not in view_cards(view)


def test_V_M_3_betting_rounds_with_reveals() -> None:
    """V-M.3: after each round but the last, each seat still in turns up its earliest
    face-down card; contributions carry on; eldest still in speaks first."""
    state = deal(Rules(betting_rounds=3))
    state = run(state, Raise(to=2), FOLD, CALL, CALL)  # seat 2 folds
    assert state.betting_round == 1
    assert state.face_up == (1, 1, 0, 1)
    assert state.contributions == (2, 2, 1, 2)
    assert state.to_act == 1
    turned = [e for e in state.events if isinstance(e, CardsTurned)]
    assert turned == [
        CardsTurned(1, cards("8c")),
        CardsTurned(3, cards("8d")),
        CardsTurned(0, cards("8h")),
    ]
    state = run(state, CHECK, CHECK, Raise(to=4), CALL, CALL)
    assert state.betting_round == 2
    assert state.face_up == (2, 2, 0, 2)
    assert state.view(2).face_up[1] == cards("8c Qh")
    state = run(state, CHECK, CHECK, CHECK)
    assert state.is_terminal
    assert state.stacks == (96, 96, 99, 109)  # seat 3 (30) beats 21 and 20


def test_V_M_3_with_open_card_turns_the_second_card() -> None:
    """V-M.3 with V-M.2: the first card is up already, so the second is turned."""
    state = run(deal(Rules(betting_rounds=2, open_card=True)), CHECK, CHECK, CHECK, CHECK)
    assert state.face_up == (2, 2, 2, 2)
    assert state.view(0).face_up[2] == cards("As Ks")


def test_V_M_4_retourne_change_after_everyone_acted_once() -> None:
    """V-M.4: once every seat still in has acted once in the first round, the retourné
    is dead and the next card of the stock replaces it."""
    state = deal(Rules(retourne_change=True), retourne="9s", stock="Kh")
    state = run(state, CHECK, Raise(to=2), CALL)
    assert state.retournes == cards("9s")
    state = state.apply(FOLD)  # seat 0 folds: all have acted once
    assert state.retournes == cards("Kh")
    assert state.dead_retournes == cards("9s")
    assert RetourneChanged(cards("9s"), cards("Kh")) in state.events
    state = run(state, CALL)
    # with K♥ the point of seat 1 is hearts Q + K = 20, clubs 21; seat 2 spades 31.
    shown = {e.seat: e.hand for e in state.events if isinstance(e, HandShown)}
    assert shown[2] == "point of 31 in ♠"


def test_V_M_4_change_on_the_closing_action_uses_the_new_retourne() -> None:
    """V-M.4: when the action that completes the first round also closes it, the
    showdown uses the new retourné."""
    hands = {1: "8c Qh Ac", 2: "As Ks Qs", 3: "Kc Kd 9d", 0: "8h 9c Jc"}
    state = deal(Rules(retourne_change=True, players=5), hands=hands, retourne="9s", stock="Kh")
    state = run(state, CHECK, CHECK, CHECK, CHECK, CHECK)
    shown = {e.seat: e.hand for e in state.events if isinstance(e, HandShown)}
    assert shown[3] == "brelan favori of kings"


def test_V_M_4_double_retourne_change_replaces_both() -> None:
    """V-M.4 with V-M.1: both retournés are replaced by the next two cards."""
    state = deal(Rules(retourne_change=True, retournes=2), retourne="9s 9h", stock="Kh Ah")
    state = run(state, CHECK, CHECK, CHECK, CHECK)
    assert state.is_terminal
    changed = [e for e in state.events if isinstance(e, RetourneChanged)]
    assert changed == [RetourneChanged(cards("9s 9h"), cards("Kh Ah"))]


def test_records_and_pickle_round_trip_after_a_long_session() -> None:
    """Replay, records and pickle after a 12-deal session with every variant."""
    rules = Rules(
        deals=12, retournes=2, open_card=True, betting_rounds=3, retourne_change=True, stack=20
    )
    final = play(new_game(rules), [random_policy] * 4, random.Random(11))
    assert final.is_terminal
    assert loads(dumps(final)) == final
    assert pickle.loads(pickle.dumps(final)) == final
    assert sum(final.returns()) == 0


# -- edge cases and decisions ----------------------------------------------------------------


def test_V_M_4_change_at_once_when_the_first_round_is_not_played() -> None:
    """V-M.4 decision: when antes leave fewer than two seats with chips, no round is
    played; the retourné changes at once and the showdown uses the new one."""
    rules = Rules(retourne_change=True, players=3, ante=5)
    hands = {1: "Kc Kd 9h", 2: "As Ks 9s", 0: "8c 8d 8h"}
    state = deal(rules, hands=hands, retourne="9c", stock="Kh", stacks=(5, 5, 100))
    assert state.is_terminal
    changed = [e for e in state.events if isinstance(e, RetourneChanged)]
    assert changed == [RetourneChanged(cards("9c"), cards("Kh"))]
    shown = {e.seat: e.hand for e in state.events if isinstance(e, HandShown)}
    assert shown[1] == "brelan favori of kings"
    # favori of kings beats the simple of 8s; each pot of 5 + 5 + 5 = 15 goes to seat 1
    assert state.stacks == (0, 15, 95)


def test_X_4_announcement_fee_emptying_the_others_forbids_raises() -> None:
    """M-4.2 with X-4: when the fees leave every other seat still in all-in, the
    announcer may check or call but not raise."""
    rules = Rules(players=3, announce_fee=2)
    hands = {1: "Kc Kd Kh", 2: "As Ks 9s", 0: "8c 8d 9h"}
    state = deal(rules, hands=hands, retourne="Ac", stacks=(3, 100, 3))
    state = state.apply(ANNOUNCE)  # seats 2 and 0 pay their last 2 chips
    assert state.stacks == (0, 103, 0)
    assert state.legal_actions() == (CHECK,)
    assert rule_of(state, Raise(to=2)) == "X-4"
    state = state.apply(CHECK)
    assert state.is_terminal
    assert state.stacks == (0, 106, 0)


def test_M_4_1_announcement_judged_with_the_current_retourne() -> None:
    """M-4.1 with V-M.4: a pair in hand is a favori only while the matching retourné
    lies; after the change it can no longer be announced."""
    rules = Rules(retourne_change=True)
    hands = {1: "8c Qh Ac", 2: "Ks Kd 9h", 3: "8d 9d Kc", 0: "8h 9c Qc"}
    state = deal(rules, hands=hands, retourne="Kh", stock="As")
    assert state.apply(CHECK).legal_actions()[0] == ANNOUNCE  # seat 2: favori of kings
    state = run(state, CHECK, CHECK, Raise(to=2), CALL)  # seats 1, 2, 3, 0 have acted
    assert state.retournes == cards("As")
    assert state.to_act == 1
    state = state.apply(CALL)
    assert state.to_act == 2
    assert ANNOUNCE not in state.legal_actions()  # K♥ is dead: the pair is no brelan
    assert rule_of(state, ANNOUNCE) == "M-4.1"


def test_illegal_action_message_names_seat_action_reason_rule_and_legal_set() -> None:
    """X-9: the message holds the seat, the action, the reason, the rule, what is legal."""
    state = deal(hands=BRELANS, retourne="Ah")
    state = run(state, ANNOUNCE, Raise(to=2), Raise(to=4))
    assert state.to_act == 3
    state = run(state, FOLD, FOLD)
    assert state.to_act == 1
    with pytest.raises(IllegalActionError) as info:
        state.apply(FOLD)
    assert str(info.value) == (
        "seat 1 cannot fold: a seat that announced a brelan may not fold (M-4.3); "
        "legal now: call, raise to 5…9"
    )
    with pytest.raises(IllegalActionError) as info:
        state.apply(Raise(to=True))
    assert info.value.rule == "X-9"
    assert "int" in str(info.value)


def test_arrange_deck_rejects_what_cannot_be_dealt() -> None:
    """arrange_deck: ValueError for a state past its chance node, a seat out of range,
    a hand that is not 3 cards, a card not in the deck or named twice."""
    state = new_game(Rules(players=3))
    bad_calls = [
        lambda: arrange_deck(deal(), {}),
        lambda: arrange_deck(state, {3: "As Ks 9s"}),
        lambda: arrange_deck(state, {0: "As Ks"}),
        lambda: arrange_deck(state, {0: "As Ks Qs"}),  # no queens with 3 players
        lambda: arrange_deck(state, {0: "As Ks 9s", 1: "As 8c 8d"}),
        lambda: arrange_deck(state, {0: "As Ks 9s"}, retourne="As"),
        lambda: arrange_deck(state, {0: "As Ks 9s"}, retourne="9c", retournes="9d"),
        lambda: arrange_deck(state, {0: "xx yy zz"}),
        lambda: arrange_deck(state, [1, 2]),  # type: ignore[arg-type]
    ]
    for call in bad_calls:
        with pytest.raises(ValueError, match="arrange_deck"):
            call()
    shuffle = arrange_deck(state, {0: "As Ks 9s"}, retourne="Ad", stock="8c")
    dealt = state.apply(shuffle)
    assert dealt.hands[0] == cards("As Ks 9s")
    assert dealt.retournes == cards("Ad")
    assert shuffle.order[10] == Card.parse("8c")
    assert sorted(shuffle.order) == list(state.chance_cards)
