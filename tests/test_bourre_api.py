"""Bourré API: views (X-10), arrange_deck, actions, errors, records and pickling."""

from __future__ import annotations

import pickle
import random

import pytest

from cardrules import (
    CHANCE,
    CardRulesError,
    IllegalActionError,
    Shuffle,
    cards,
    dumps,
    loads,
    play,
    random_policy,
)
from cardrules.bourre import (
    ACTIONS,
    DROP,
    GAME_ID,
    STAY_IN,
    Drop,
    Exchange,
    HiddenExchange,
    Phase,
    Play,
    Rules,
    State,
    StayIn,
    View,
    arrange_deck,
    new_game,
)
from cardrules.chance import HIDDEN_SHUFFLE
from cardrules.registry import get_game
from helpers import dealt
from test_bourre_helpers import card, stay_all


def test_module_exports() -> None:
    assert GAME_ID == "bourre" == State.GAME_ID
    assert (StayIn, Drop, Exchange, Play) == ACTIONS
    assert get_game("bourre").new_game is new_game


def test_actions_are_values_with_short_texts() -> None:
    assert str(STAY_IN) == "stay in"
    assert str(DROP) == "drop"
    assert str(Exchange(())) == "stand pat"
    assert str(Exchange(cards("As"))) == "exchange A♠"
    assert str(Play(card("Q♥"))) == "play Q♥"
    assert Play(card("Qh")) == eval(
        repr(Play(card("Qh"))), {"Play": Play, "Card": type(card("2c"))}
    )
    assert Exchange(cards("Kh 2c 9s")).discards == cards("2c 9s Kh")
    assert Exchange([card("Kh"), card("2c")]).discards == cards("2c Kh")
    # never raises on garbage, keeps it as given
    assert Exchange(("As", 3)).discards == ("As", 3)  # type: ignore[arg-type]
    assert Exchange(None).discards is None  # type: ignore[arg-type]
    assert str(Exchange(None)) == "exchange ? cards"  # type: ignore[arg-type]


def test_X_10_view_shows_own_hand_never_others_discards_or_stock() -> None:
    rules = Rules(players=3)
    hands = {1: "2c 3c 4c 5c 6c", 2: "2d 3d 4d 5d 6d", 0: "2h 3h 4h 5h 6h"}
    state = stay_all(dealt(new_game(rules), hands, trump_card="6h", stock="As Ks Qs"))
    state = state.apply(Exchange(cards("2c 3c")))
    view = state.view(2)
    assert isinstance(view, View)
    assert view.hand == cards("2d 3d 4d 5d 6d")
    assert view.trump_card == card("6h")
    assert view.exchanged == (None, 2, None)
    assert view.stock_size == 52 - 15 - 2
    assert view.muck_size == 2
    assert view.legal_actions() == state.legal_actions()
    assert state.view(1).legal_actions() == ()
    assert state.view(1).discards == cards("2c 3c")
    assert state.view(2).discards == ()
    seen = set(view.hand) | {view.trump_card}
    from harness import _cards_in

    assert set(_cards_in(view)) <= seen
    assert HiddenExchange(2) in view.history
    assert view.history[0] is HIDDEN_SHUFFLE
    assert view.stayed_in == (True, True, True)


def test_X_10_views_equal_when_only_hidden_cards_differ() -> None:
    rules = Rules(players=3)
    a = dealt(
        new_game(rules),
        {1: "2c 3c 4c 5c 6c", 2: "2d 3d 4d 5d 6d", 0: "2h 3h 4h 5h 6h"},
        trump_card="6h",
    )
    b = dealt(
        new_game(rules),
        {1: "2c 3c 4c 5c 6c", 2: "7d 3d 4d 5d 6d", 0: "2h 3h 4h 5h 6h"},
        trump_card="6h",
    )
    assert a.view(1) == b.view(1)
    assert a.view(2) != b.view(2)
    a, b = stay_all(a), stay_all(b)
    a = a.apply(Exchange(cards("2c")))
    b = b.apply(Exchange(cards("3c")))
    assert a.view(0) == b.view(0)  # neither seat 2's 2♦/7♦ nor seat 1's discard shows
    assert a.view(2) != b.view(2)
    assert a.view(1) != b.view(1)


def test_view_validates_the_seat() -> None:
    state = new_game()
    for bad in (-1, 4, "0", None, True):
        with pytest.raises(ValueError, match="seat"):
            state.view(bad)  # type: ignore[arg-type]


def test_arrange_deck_checks_its_input() -> None:
    state = new_game(Rules(players=2))
    with pytest.raises(CardRulesError, match="twice"):
        arrange_deck(state, {0: cards("2c 3c 4c 5c 6c"), 1: cards("2c 7c 8c 9c Tc")})
    with pytest.raises(CardRulesError, match="exactly 5"):
        arrange_deck(state, {0: cards("2c 3c")})
    with pytest.raises(CardRulesError, match="dealer"):
        arrange_deck(state, {0: cards("2c 3c 4c 5c 6c")}, trump_card=card("As"))
    with pytest.raises(CardRulesError, match="seat"):
        arrange_deck(state, {2: cards("2c 3c 4c 5c 6c")})
    with pytest.raises(CardRulesError, match="not a Card"):
        arrange_deck(state, {0: ("2c", "3c", "4c", "5c", "6c")})  # type: ignore[dict-item]
    with pytest.raises(CardRulesError, match="chance node"):
        arrange_deck(state.apply(Shuffle(state.chance_cards)), {})
    # the trump card given without the dealer's hand: the dealer gets it last
    shuffle = arrange_deck(state, {1: cards("As Ks Qs Js Ts")}, trump_card=card("2h"))
    dealt_state = state.apply(shuffle)
    assert dealt_state.trump_card == card("2h")
    assert card("2h") in dealt_state.hands[0]


def test_arrange_deck_at_a_restock_takes_only_a_stock_order() -> None:
    state = stay_all(dealt(new_game(Rules(players=7, hand_size=7)), {}))
    hand = state.hands[1]
    state = state.apply(Exchange(hand[:3]))
    state = state.apply(Exchange(state.hands[2][:2]))  # stock was 3: draws 0, restock needed
    assert state.to_act is CHANCE
    with pytest.raises(CardRulesError, match="restock"):
        arrange_deck(state, {1: hand})
    with pytest.raises(CardRulesError, match="not in the muck"):
        arrange_deck(state, {}, stock=cards("As") if card("As") not in hand else cards("2c"))
    shuffle = arrange_deck(state, {}, stock=(hand[2], hand[0]))
    after = state.apply(shuffle)
    assert {hand[0], hand[2]} <= set(after.hands[2])


def test_X_7_no_action_after_the_session_ends() -> None:
    state = play(new_game(Rules(players=2)), [random_policy] * 2, random.Random(4))
    assert state.is_terminal
    assert state.phase is Phase.OVER
    for action in (STAY_IN, Shuffle(()), None):
        with pytest.raises(IllegalActionError) as info:
            state.apply(action)  # type: ignore[arg-type]
        assert info.value.rule == "X-7"
    view = state.view(0)
    assert view.legal_actions() == ()


def test_X_9_error_names_seat_action_reason_rule_and_legal_actions() -> None:
    state = dealt(new_game(Rules(players=2)), {})
    with pytest.raises(IllegalActionError) as info:
        state.apply(Play(state.hands[1][0]))
    error = info.value
    assert error.rule == "B-3.1"
    assert error.seat == 1
    assert str(error).startswith("seat 1 cannot play ")
    assert str(error).endswith("(B-3.1); legal now: stay in, drop")
    with pytest.raises(IllegalActionError) as info:
        state.apply(Shuffle(state.chance_cards))
    assert info.value.rule == "X-2"


def test_records_and_pickle_round_trip_after_a_long_session() -> None:
    rules = Rules(players=5, deals=12, rising_ante=True, pot_cap=80, ante_exemptions=True)
    state = play(new_game(rules, dealer=3), [random_policy] * 5, random.Random(11))
    assert state.is_terminal
    assert loads(dumps(state)) == state
    again = pickle.loads(pickle.dumps(state))
    assert again == state
    assert hash(again) == hash(state)
    assert again.legal_actions() == ()
    middle = new_game(rules, dealer=3)
    for action in state.history[:40]:
        middle = middle.apply(action)
    assert pickle.loads(pickle.dumps(middle)).legal_actions() == middle.legal_actions()


def test_is_legal_never_raises() -> None:
    state = stay_all(dealt(new_game(Rules(players=3)), {}))
    for thing in (None, [], {}, Exchange([[]]), Exchange(({},)), Play({}), Shuffle(None), 1.5):  # type: ignore[arg-type]
        assert state.is_legal(thing) is False  # type: ignore[arg-type]
    assert state.is_legal(Exchange(()))


def test_X_4_X_5_bourre_has_one_pot_and_never_splits_it() -> None:
    """X-4: no seat can be all-in against a bet, so there is one pot, eligible to the seats
    not dropped; X-5: a tie for most tricks never divides the pot (B-6.1 carries it)."""
    state = dealt(new_game(Rules(players=3)), {})
    assert state.pots == ((3, (0, 1, 2)),)
    state = state.apply(DROP)
    assert state.pots == ((3, (0, 2)),)


def test_B_4_1_B_5_1_equal_actions_apply_like_the_interned_ones() -> None:
    """B-4.1 / B-5.1: an Exchange or Play built by the caller (equal to a legal one but
    not the same object) is accepted and leads to the same state as the interned one;
    equal hands get equal legal exchanges, the exchanges of up to three cards the very
    same objects (interned)."""
    state = stay_all(dealt(new_game(Rules(players=3)), {}))
    assert state.phase is Phase.EXCHANGE
    legal = state.legal_actions()
    assert len(legal) == 32
    interned = legal[7]
    assert isinstance(interned, Exchange)
    mine = Exchange(tuple(reversed(interned.discards)))
    assert mine is not interned and mine == interned
    after = state.apply(mine)
    assert after == state.apply(interned)
    assert after.history[-1] is interned
    twin = stay_all(dealt(new_game(Rules(players=3)), {}))
    assert twin == state and twin is not state
    again = twin.legal_actions()
    assert again == legal
    assert all(a is b for a, b in zip(again, legal, strict=True) if len(a.discards) <= 3)
    while after.phase is Phase.EXCHANGE:
        after = after.apply(Exchange(()))
    assert after.phase is Phase.PLAY
    first = after.legal_actions()[0]
    assert isinstance(first, Play)
    fresh = Play(first.card)
    assert fresh is not first
    assert after.apply(fresh) == after.apply(first)
    assert after.apply(fresh).history[-1] is first
