"""The bots: legal actions only, frozen and picklable values, the tips as switches,
and each heuristic bot beating random play with a confidence interval above zero."""

from __future__ import annotations

import pickle
import random
from typing import Any

import pytest

import cardrules.bourre as bourre
from cardrules import CHANCE, sample_chance, simulate
from cardrules.bots import BourreBot, HeuristicBot, HistoricBot, ModernBot, RandomBot, bot_named
from cardrules.bouillotte import historic, modern
from cardrules.bourre.bot import winning_position
from cardrules.cards import Suit, cards

BOTS = [
    ModernBot(),
    ModernBot(announce=False, bet_hard=False, fold_weak=False, bluff=0.0),
    ModernBot(bluff=1.0),
    HistoricBot(),
    HistoricBot(carre=False, by_strength=False, collective_point=False),
    BourreBot(),
    BourreBot(stay_rule=False, keep_trumps=False, lead_trumps=False, avoid_crowds=False),
]
GAME_OF = {"bouillotte-modern": modern, "bouillotte-historic": historic, "bourre": bourre}
RULES = {
    "bouillotte-modern": [modern.Rules(deals=4), modern.Rules(players=5, retournes=2, deals=2)],
    "bouillotte-historic": [historic.Rules(deals=3)],
    "bourre": [bourre.Rules(deals=4), bourre.Rules(players=7, hand_size=5, deals=3)],
}


@pytest.mark.parametrize("bot", BOTS, ids=repr)
def test_bots_play_only_legal_actions(bot: Any) -> None:
    game = GAME_OF[bot.GAME_ID]
    for rules in RULES[bot.GAME_ID]:
        for seed in range(6):
            state = game.new_game(rules)
            players = len(state.stacks)
            policies = [bot] + [RandomBot()] * (players - 1)
            rng = random.Random(seed)
            while not state.is_terminal:
                if state.to_act is CHANCE:
                    state = state.apply(sample_chance(state, rng))
                    continue
                view = state.view(state.to_act)
                action = policies[(state.to_act + seed) % players](view, rng)
                assert action in view.legal_actions()
                state = state.apply(action)


@pytest.mark.parametrize("bot", [*BOTS, RandomBot()], ids=repr)
def test_bots_are_frozen_picklable_values(bot: Any) -> None:
    assert pickle.loads(pickle.dumps(bot)) == bot
    assert hash(bot) == hash(pickle.loads(pickle.dumps(bot)))
    with pytest.raises(AttributeError):
        bot.x = 1


def test_heuristic_bot_by_game_id_alias_or_module() -> None:
    assert HeuristicBot("bourre") == BourreBot()
    assert HeuristicBot(bourre) == BourreBot()
    assert HeuristicBot("modern", bluff=0.0) == ModernBot(bluff=0.0)
    assert HeuristicBot(historic.GAME_ID) == HistoricBot()
    assert isinstance(HeuristicBot("historic"), HeuristicBot)
    with pytest.raises(ValueError, match="no game has the id 'poker'; known games: bouillotte"):
        HeuristicBot("poker")
    with pytest.raises(TypeError):
        HeuristicBot("bourre", no_such_tip=True)


def test_bot_named() -> None:
    assert bot_named("random", "bourre") == RandomBot()
    assert bot_named("heuristic:-bluff:call_points=11", "modern") == ModernBot(
        bluff=False, call_points=11
    )
    with pytest.raises(ValueError, match="tips are announce, bet_hard"):
        bot_named("heuristic:-lead_trumps", "modern")


def test_modern_bot_announces_and_bets_hard_with_a_brelan() -> None:
    state = modern.new_game()
    state = state.apply(modern.arrange_deck(state, {1: cards("9h 9d 9c")}, retourne=cards("As")[0]))
    rng = random.Random(0)
    assert ModernBot()(state.view(1), rng) == modern.ANNOUNCE
    state = state.apply(modern.ANNOUNCE)
    assert ModernBot()(state.view(1), rng) == max(
        (a for a in state.legal_actions() if isinstance(a, modern.Raise)), key=lambda a: a.to
    )
    assert ModernBot(bet_hard=False)(state.view(1), rng) in (modern.CHECK, modern.Raise(to=2))


def test_modern_bot_folds_a_weak_point_against_a_raise() -> None:
    state = modern.new_game()
    hands = {1: cards("As Kd 9h"), 2: cards("8c 8d Qs")}
    state = state.apply(modern.arrange_deck(state, hands, retourne=cards("Qh")[0]))
    state = state.apply(modern.Raise(to=4))
    rng = random.Random(0)
    assert ModernBot()(state.view(2), rng) == modern.FOLD
    assert ModernBot(fold_weak=False)(state.view(2), rng) == modern.CALL


def test_historic_bot_owns_suits_by_their_highest_card() -> None:
    bot = HistoricBot()
    assert bot.strength(cards("Ks 8s 9h"), cards("Qd")[0]) == 0  # A♠ unseen: no suit owned
    assert bot.strength(cards("Ks 8s 9h"), cards("As")[0]) == 29  # A♠ up: K♠ is the top
    assert HistoricBot(collective_point=False).strength(cards("Ks 8s 9h"), cards("Qd")[0]) == 18
    assert bot.strength(cards("Ks Kd Kh"), cards("Kc")[0]) == 200


def test_bourre_bot_keeps_trumps_and_aces_and_leads_trumps_when_long() -> None:
    state = bourre.new_game()
    hands = {
        1: cards("Ah Kh 3h Ac 4d"),
        0: cards("2c 3c 4c 6s 9h"),
    }
    state = state.apply(bourre.arrange_deck(state, hands, trump_card=cards("9h")[0]))
    rng = random.Random(0)
    for _ in range(4):
        state = state.apply(bourre.STAY_IN)
    assert BourreBot()(state.view(1), rng) == bourre.Exchange(cards("4d"))
    state = state.apply(bourre.Exchange(cards("4d")))
    while state.to_act != 1:
        state = state.apply(bourre.Exchange(()))
    assert BourreBot()(state.view(1), rng) == bourre.Play(cards("Ah")[0])
    assert BourreBot(lead_trumps=False)(state.view(1), rng) == bourre.Play(cards("Ac")[0])


def test_winning_position() -> None:
    assert winning_position(cards("4c 5c 2h"), Suit.HEARTS) == 2
    assert winning_position(cards("4c 5d Ac"), Suit.HEARTS) == 2


@pytest.mark.parametrize(("game", "sessions"), [("modern", 240), ("historic", 16), ("bourre", 400)])
def test_each_heuristic_bot_beats_random_play(game: str, sessions: int) -> None:
    result = simulate(
        game,
        [HeuristicBot(game)] + [RandomBot()] * 3,
        sessions=sessions,
        seed="beats-random",
        rotate=True,
    )
    low, _ = result.ci95[0]
    assert low > 0, result
