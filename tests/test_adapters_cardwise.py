"""The card-by-card chance layer (cardrules.adapters.cardwise) reproduces the engine:
every card drawn at a chance node is the card the engine deals there (X-1, X-2)."""

from __future__ import annotations

import random

import pytest

from cardrules import CHANCE, IllegalActionError, Shuffle
from cardrules.adapters.cardwise import CardwiseState, deck_of
from cardrules.bouillotte import historic, modern
from cardrules.bourre import Drop, Exchange, StayIn
from cardrules.bourre import Rules as BourreRules
from cardrules.bourre import new_game as bourre_game
from cardrules.cards import STANDARD_DECK, Card

ENGINES = {
    "modern": lambda: modern.new_game(),
    "modern-two-retournes-change": lambda: modern.new_game(
        modern.Rules(retournes=2, retourne_change=True, deals=2)
    ),
    "historic-3-deals": lambda: historic.new_game(historic.Rules(deals=3)),
    "bourre": lambda: bourre_game(),
    "bourre-7-players-7-cards": lambda: bourre_game(BourreRules(players=7, hand_size=7, deals=2)),
}


def _play(state: CardwiseState, rng: random.Random) -> tuple[CardwiseState, list[list[Card]]]:
    """Play to the end at random; the cards drawn, one list per engine shuffle."""
    draws: list[list[Card]] = []
    while not state.is_terminal:
        if state.to_act is CHANCE:
            if not state.drawn:
                draws.append([])
            outcomes = state.chance_outcomes()
            assert outcomes
            card = outcomes[rng.randrange(len(outcomes))]
            draws[-1].append(card)
            state = state.deal(card)
        else:
            actions = state.engine.legal_actions()
            state = state.act(actions[rng.randrange(len(actions))])
    return state, draws


@pytest.mark.parametrize("name", ENGINES)
def test_the_cards_drawn_are_the_top_of_each_shuffle(name: str) -> None:
    """X-2: the engine's history holds one Shuffle per run of draws, whose order starts
    with the drawn cards and goes on with the cards nobody saw, in canonical order."""
    for seed in range(12):
        final, draws = _play(CardwiseState.start(ENGINES[name]()), random.Random(seed))
        shuffles = [a for a in final.engine.history if isinstance(a, Shuffle)]
        assert len(shuffles) == len(draws)
        for shuffle, drawn in zip(shuffles, draws, strict=True):
            assert list(shuffle.order[: len(drawn)]) == drawn
            rest = shuffle.order[len(drawn) :]
            assert list(rest) == sorted(rest, key=STANDARD_DECK.index)
        # the wrapped state is the engine's own: replaying its history gives it again
        replayed = ENGINES[name]()
        for action in final.engine.history:
            replayed = replayed.apply(action)
        assert replayed == final.engine


def test_bourre_exchange_draws_come_one_card_at_a_time() -> None:
    """B-4.1: a seat that exchanges two cards gets the two cards then drawn."""
    state = CardwiseState.start(bourre_game(BourreRules(players=2)))
    assert state.cards_to_deal == 10
    for card in STANDARD_DECK[:10]:
        state = state.deal(card)
    eldest_hand = state.engine.hands[1]
    state = state.act(StayIn()).act(StayIn())
    discards = tuple(sorted(eldest_hand[:2]))
    state = state.act(Exchange(discards))
    assert state.to_act is CHANCE
    assert state.engine.hands[1] == eldest_hand  # the exchange waits for its cards
    assert len(state.chance_outcomes()) == 42
    drawn = (Card.parse("As"), Card.parse("Kh"))
    state = state.deal(drawn[0]).deal(drawn[1])
    assert state.to_act == 0
    assert set(state.engine.hands[1]) == (set(eldest_hand) - set(discards)) | set(drawn)


def test_bourre_restock_deals_the_muck() -> None:
    """B-4.2: when the stock runs short, the rest is drawn from the shuffled muck."""
    rules = BourreRules(players=7, hand_size=7)
    rng = random.Random(3)
    for _ in range(40):
        state = CardwiseState.start(bourre_game(rules))
        while state.to_act is CHANCE:
            state = state.deal(rng.choice(state.chance_outcomes()))
        seats = 0
        while state.engine.phase.value == "stay":
            state = state.act(StayIn() if seats < 2 else Drop())
            seats += 1
        while state.engine.phase.value in ("exchange", "restock"):
            if state.to_act is CHANCE:
                state = state.deal(rng.choice(state.chance_outcomes()))
                continue
            hand = state.engine.hands[state.to_act]
            state = state.act(Exchange(tuple(sorted(hand))))
        if "Restocked" in {type(e).__name__ for e in state.engine.events}:
            break
    else:
        pytest.fail("no restock in 40 deals")
    # eldest drew the 3 cards of the stock, then 4 off the shuffled muck; seat 2 drew
    # from the new stock
    hands = state.engine.hands
    assert len(hands[1]) == len(hands[2]) == 7
    assert not set(hands[1]) & set(hands[2])


def test_modern_retourne_change_is_drawn_when_it_happens() -> None:
    """V-M.4: the new retourné is a chance node after the last first action."""
    state = CardwiseState.start(modern.new_game(modern.Rules(retourne_change=True)))
    assert state.cards_to_deal == 13
    deck = deck_of(state.engine)
    for card in deck[:13]:
        state = state.deal(card)
    while state.to_act is not CHANCE:
        state = state.act(modern.Check())  # everyone checks: the change, then the showdown
    assert state.cards_to_deal == 14
    assert len(state.chance_outcomes()) == 20 - 13
    state = state.deal(deck[19])
    (change,) = [e for e in state.engine.events if isinstance(e, modern.RetourneChanged)]
    assert change.dead == (deck[12],)
    assert change.new == (deck[19],)


def test_bad_draws_and_actions_raise() -> None:
    """X-9: nothing illegal is played in place of what was asked."""
    state = CardwiseState.start(historic.new_game())
    assert state.to_act == 1  # eldest, in the carre phase before the deal (H-2.2)
    with pytest.raises(IllegalActionError, match="not a chance node"):
        state.deal(deck_of(state.engine)[0])
    state = state.act(historic.DECLINE)
    with pytest.raises(IllegalActionError, match="chance node"):
        state.act(historic.DECLINE)
    with pytest.raises(IllegalActionError, match="not among the cards"):
        state.deal(Card.parse("2c"))
    first = state.chance_outcomes()[0]
    state = state.deal(first)
    with pytest.raises(IllegalActionError, match="not among the cards"):
        state.deal(first)
    with pytest.raises(ValueError, match="needs a game state"):
        CardwiseState.start("bourre")  # type: ignore[arg-type]
