"""Bourré trick play: hand-built tricks for each legality rule and the winner (B-5)."""

from __future__ import annotations

import pytest

from cardrules import IllegalActionError, cards
from cardrules.bourre import Play, Rules, TrickWon, judge, new_game, playable, refusal, trick_winner
from helpers import dealt, rule_of
from test_bourre_helpers import card, plays, say

SPADES, HEARTS, CLUBS = 3, 2, 0


def ix(text: str) -> tuple[int, ...]:
    return tuple(c.index for c in cards(text))


def names(indices: tuple[int, ...]) -> str:
    from cardrules.cards import STANDARD_DECK

    return " ".join(STANDARD_DECK[i].code for i in indices)


# ---------------------------------------------------------------- pure rules on indices


def test_B_5_1_any_card_may_lead() -> None:
    assert playable(ix("2c Ah 9s"), (), SPADES, True) == ix("2c Ah 9s")


def test_B_5_2_must_follow_suit() -> None:
    hand = tuple(sorted(ix("2c 9h Kh")))
    assert names(playable(hand, ix("Qh"), SPADES, False)) == "9h Kh"
    assert refusal(card("2c").index, hand, ix("Qh"), SPADES, False) == "B-5.2"


def test_B_5_3_void_must_trump_only_then_any_card() -> None:
    hand = tuple(sorted(ix("2c 3s 4d")))
    assert names(playable(hand, ix("Qh"), SPADES, True)) == "3s"
    assert refusal(card("2c").index, hand, ix("Qh"), SPADES, True) == "B-5.3"
    no_trump = tuple(sorted(ix("2c 4d")))
    assert playable(no_trump, ix("Qh"), SPADES, True) == no_trump


def test_B_5_4_overtrump_when_ruffing_and_on_a_trump_lead() -> None:
    hand = tuple(sorted(ix("2s 9s Ks 4d")))
    # ruffing a heart lead that already holds the 5 of trumps
    assert names(playable(hand, ix("Qh 5s"), SPADES, True)) == "9s Ks"
    assert refusal(card("2s").index, hand, ix("Qh 5s"), SPADES, True) == "B-5.4"
    # trump lead: follow with a higher trump if possible
    assert names(playable(hand, ix("Ts"), SPADES, False)) == "Ks"
    # cannot beat: any trump (still must trump)
    assert names(playable(hand, ix("As"), SPADES, True)) == "2s 9s Ks"


def test_B_5_5_head_the_trick_when_following_unless_trumped() -> None:
    hand = tuple(sorted(ix("3h Jh Ah 4d")))
    assert names(playable(hand, ix("Th 2h"), SPADES, True)) == "Jh Ah"
    assert refusal(card("3h").index, hand, ix("Th 2h"), SPADES, True) == "B-5.5"
    assert names(playable(hand, ix("Kh"), SPADES, True)) == "Ah"
    # cannot beat: any card of the suit
    assert names(playable(tuple(sorted(ix("3h Jh 4d"))), ix("Kh"), SPADES, True)) == "3h Jh"
    # the trick already holds a trump: no duty to head
    assert names(playable(hand, ix("Th 2s"), SPADES, True)) == "3h Jh Ah"


def test_V_B_1_no_head_duty_when_following() -> None:
    hand = tuple(sorted(ix("3h Jh Ah 4d")))
    assert names(playable(hand, ix("Th"), SPADES, False)) == "3h Jh Ah"
    assert refusal(card("3h").index, hand, ix("Th"), SPADES, False) is None


def test_B_5_6_trick_winner() -> None:
    assert trick_winner(ix("5c Ah 7c"), SPADES) == 2  # off-suit ace never wins
    assert trick_winner(ix("5c 2s 7c 3s"), SPADES) == 3  # highest trump
    assert trick_winner(ix("As Ks"), SPADES) == 0
    assert trick_winner(ix("Kh Ah"), HEARTS) == 1


def test_judge_steps_name_each_rule() -> None:
    steps = judge(tuple(sorted(ix("3h Jh Ah 4d"))), ix("Th"), SPADES, True)
    assert [rule for rule, _ in steps] == ["B-5.1", "B-5.2", "B-5.5"]
    assert refusal(card("As").index, ix("2c"), (), CLUBS, True) == "X-9"


# ---------------------------------------------------------------- hand-built tricks in play

RULES = Rules(players=4, exchange=False)
# dealer 0, eldest 1; play order 1, 2, 3, 0; spades trump (the dealer's T♠)
HANDS = {
    1: "5c Ad Ah Kh Qh",
    2: "3c Kc 9h 8h 7h",
    3: "9s 2s 2h 3h 4h",
    0: "Ts 3s 5d 6d 7d",
}


def table(**options: bool) -> object:
    rules = Rules(players=4, exchange=False, **options)
    return say(dealt(new_game(rules), HANDS, trump_card="Ts"), "in in in in")


def rejected(state: object, text: str) -> IllegalActionError:
    with pytest.raises(IllegalActionError) as info:
        state.apply(Play(card(text)))  # type: ignore[attr-defined]
    return info.value


def test_B_5_2_B_5_5_B_5_3_B_5_4_one_trick_step_by_step() -> None:
    state = table()
    assert state.to_act == 1  # type: ignore[attr-defined]
    state = plays(state, "5c")  # type: ignore[arg-type]
    assert state.legal_actions() == (Play(card("Kc")),)
    error = rejected(state, "9h")
    assert error.rule == "B-5.2"
    assert error.seat == 2
    assert "seat 2 cannot play 9♥: it holds ♣ and must follow suit (B-5.2)" in str(error)
    assert "legal now: play K♣" in str(error)
    assert rule_of(state, Play(card("3c"))) == "B-5.5"
    state = plays(state, "Kc")
    assert set(state.legal_actions()) == {Play(card("2s")), Play(card("9s"))}
    assert rule_of(state, Play(card("2h"))) == "B-5.3"
    state = plays(state, "9s")
    assert state.legal_actions() == (Play(card("Ts")),)
    error = rejected(state, "3s")
    assert error.rule == "B-5.4"
    assert "must beat the highest trump" in str(error)
    assert rule_of(state, Play(card("5d"))) == "B-5.3"
    assert rule_of(state, Play(card("Ah"))) == "X-9"  # not its card
    state = plays(state, "Ts")
    assert state.tricks_won == (1, 0, 0, 0)
    assert state.to_act == 0
    assert state.trick == ()  # B-5.1: the winner leads next
    last = state.events[-1]
    assert isinstance(last, TrickWon)
    assert last.cards == cards("5c Kc 9s Ts")


def test_V_B_1_following_seat_may_play_under() -> None:
    state = plays(table(must_head_following=False), "5c")  # type: ignore[arg-type]
    assert set(state.legal_actions()) == {Play(card("3c")), Play(card("Kc"))}
    state = plays(state, "3c")
    assert state.hands[2] == cards("7h 8h 9h Kc")


def test_B_5_5_no_head_duty_once_the_trick_holds_a_trump() -> None:
    hands = {1: "5c Ad Ah Kh Qh", 2: "2s 9h 8h 7h 6h", 3: "3c Kc 2h 3h 4h", 0: "Ts 4d 5d 6d 7d"}
    state = say(dealt(new_game(RULES), hands, trump_card="Ts"), "in in in in")
    state = plays(state, "5c 2s")
    assert set(state.legal_actions()) == {Play(card("3c")), Play(card("Kc"))}
    state = plays(state, "3c Ts")
    assert state.tricks_won == (1, 0, 0, 0)


def test_B_5_4_trump_lead_must_be_overtrumped_and_void_seat_plays_anything() -> None:
    hands = {1: "5s Ad Ah Kh Qh", 2: "3s 9s 8h 7h 6h", 3: "2c 3c 2h 3h 4h", 0: "Ts 4d 5d 6d 7d"}
    state = say(dealt(new_game(RULES), hands, trump_card="Ts"), "in in in in")
    state = plays(state, "5s")
    assert state.legal_actions() == (Play(card("9s")),)
    assert rule_of(state, Play(card("3s"))) == "B-5.4"
    state = plays(state, "9s")
    assert len(state.legal_actions()) == 5  # void in trumps, no trump: any card
    state = plays(state, "4h Ts")
    assert state.tricks_won == (1, 0, 0, 0)


def test_B_5_1_first_seat_in_after_the_dealer_leads() -> None:
    state = say(dealt(new_game(RULES), HANDS, trump_card="Ts"), "out in in in")
    assert state.to_act == 2
    state = plays(state, "9h")  # seat 2 leads a heart; seat 3 follows, dealer trumps
    assert state.to_act == 3
    state = plays(state, "4h 3s")
    assert state.tricks_won == (1, 0, 0, 0)
    assert state.to_act == 0


def test_X_9_play_with_wrong_types_names_the_rule() -> None:
    state = table()
    for bad in (Play("As"), Play(None), Play(51)):  # type: ignore[arg-type]
        with pytest.raises(IllegalActionError) as info:
            state.apply(bad)  # type: ignore[attr-defined]
        assert info.value.rule == "X-9"
    for garbage in (None, "play", 3, object()):
        assert state.is_legal(garbage) is False  # type: ignore[attr-defined]
        with pytest.raises(IllegalActionError) as info:
            state.apply(garbage)  # type: ignore[attr-defined]
        assert info.value.rule == "X-9"
    assert state.is_legal(Play(["As"])) is False  # type: ignore[arg-type, attr-defined]


def test_B_5_2_to_B_5_5_narrow_is_the_last_step_of_judge() -> None:
    """B-5.2–B-5.5: the legal plays (``narrow``) are exactly the last step of ``judge``,
    and ``judge`` keeps every step ``narrow`` records, for many random tricks."""
    import random

    from cardrules.bourre.record import indices_of, mask_of
    from cardrules.bourre.tricks import narrow, winner_of

    rng = random.Random(7)
    for _ in range(3000):
        size, played = rng.randint(1, 7), rng.randint(1, 6)
        drawn = rng.sample(range(52), size + played)
        hand, trick = tuple(sorted(drawn[:size])), tuple(drawn[size:])
        trump, must_head = rng.randrange(4), rng.random() < 0.5
        steps = judge(hand, trick, trump, must_head)
        top = trick[winner_of(trick, trump)]
        kept = narrow(mask_of(hand), trick[0] & 3, top, trump, must_head)
        assert indices_of(kept) == steps[-1][1]
        assert set(steps[-1][1]) <= set(hand) and steps[-1][1]
