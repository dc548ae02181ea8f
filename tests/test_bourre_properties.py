"""Bourré properties over random sessions: the cap holds, cards are conserved, legality agrees."""

from __future__ import annotations

import random

from hypothesis import given, settings
from hypothesis import strategies as st

from cardrules import CHANCE, Shuffle, sample_chance
from cardrules.bourre import Exchange, Phase, Play, Rules, State, new_game, playable, refusal
from cardrules.cards import STANDARD_DECK
from test_bourre_conformance import bourre_rules


def playout(rules: Rules, seed: int) -> list[State]:
    rng = random.Random(seed)
    state = new_game(rules)
    states = [state]
    while not state.is_terminal:
        if state.to_act is CHANCE:
            state = state.apply(sample_chance(state, rng))
        else:
            legal = state.legal_actions()
            state = state.apply(legal[rng.randrange(len(legal))])
        states.append(state)
    return states


def played_this_deal(state: State) -> list[object]:
    history = state.history
    start = max(i for i, a in enumerate(history) if isinstance(a, Shuffle) and len(a.order) == 52)
    return [a.card for a in history[start:] if isinstance(a, Play)]


@settings(max_examples=60, deadline=None)
@given(rules=bourre_rules(), seed=st.integers(0, 2**32 - 1))
def test_V_B_6_cap_and_B_4_2_card_conservation(rules: Rules, seed: int) -> None:
    """V-B.6: the pot never exceeds the cap. B-4.2/B-4.3: every card of the deck is in
    exactly one place — a hand, the stock, the muck, a trick, played, out of play."""
    for state in playout(rules, seed):
        if rules.pot_cap is not None:
            assert state.pot <= rules.pot_cap
        if state.phase in (Phase.DEAL, Phase.OVER):
            continue
        places = [c for hand in state.hands for c in hand]
        places += list(state.stock) + list(state.muck)
        places += played_this_deal(state)
        if state.phase is Phase.RESTOCK:  # the drawing seat's discards, the up-card apart
            exchange = state.history[-1]  # (B-4.3)
            assert isinstance(exchange, Exchange)
            places += [c for c in exchange.discards if c != state.trump_card]
        counted = set(places)
        assert len(counted) == len(places)
        unaccounted = set(STANDARD_DECK) - counted
        if state.trump_out:  # B-4.3: the up-card is out of play, nowhere else
            assert state.trump_card in unaccounted
            unaccounted.discard(state.trump_card)
        assert not unaccounted


@settings(max_examples=40, deadline=None)
@given(rules=bourre_rules(), seed=st.integers(0, 2**32 - 1))
def test_B_5_2_legal_plays_are_exactly_the_unrefused_cards(rules: Rules, seed: int) -> None:
    """B-5.2–B-5.5: the listed plays are exactly the hand's cards that ``refusal`` accepts."""
    for state in playout(rules, seed):
        if state.phase is not Phase.PLAY or not isinstance(state.to_act, int):
            continue
        hand = tuple(c.index for c in state.hands[state.to_act])
        assert state.trump_card is not None
        trick = tuple(c.index for c in state.trick)
        args = (trick, state.trump_card.index & 3, rules.must_head_following)
        listed = {a.card.index for a in state.legal_actions()}  # type: ignore[attr-defined]
        assert listed == set(playable(hand, *args))
        assert listed == {c for c in hand if refusal(c, hand, *args) is None}
        assert listed
