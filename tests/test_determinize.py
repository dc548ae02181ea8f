"""``cardrules.determinize``: a state drawn among those a seat cannot tell apart (X-10).

Proves: the drawn state's view equals the given view in every game and several rules
variants (X-10, perfect recall); the legality of what another seat did constrains its
drawn cards (B-5.2, B-5.3: a seat that did not follow suit nor trump holds neither;
M-4.1, M-4.3: an announcer holds a brelan of the class announced); the draws are
uniform over the consistent deals (chi-square checks with loose bounds on small cases).
"""

from __future__ import annotations

import random
from collections import Counter
from collections.abc import Callable
from itertools import combinations
from math import comb
from typing import Any

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from cardrules import CardRulesError, bourre, determinize, play, random_policy, sample_chance
from cardrules.bots import HeuristicBot
from cardrules.bouillotte import historic, modern
from cardrules.bouillotte.modern import Announce
from cardrules.bourre import Exchange, Play, StayIn
from cardrules.cards import STANDARD_DECK, Card, Suit, cards
from cardrules.events import DealStarted
from helpers import dealt

GAMES: dict[str, tuple[Any, list[Any]]] = {
    "bouillotte-modern": (
        modern,
        [
            modern.Rules(),
            modern.Rules(players=3, deals=3),
            modern.Rules(players=5, retournes=2, retourne_change=True),
            modern.Rules(open_card=True, betting_rounds=2, deals=2),
            modern.Rules(announce_fee=None, favori="below_simple"),
        ],
    ),
    "bouillotte-historic": (historic, [historic.Rules(), historic.Rules(deals=3)]),
    "bourre": (
        bourre,
        [
            bourre.Rules(),
            bourre.Rules(players=3, hand_size=7),
            bourre.Rules(players=6, deals=2),
            bourre.Rules(players=7, hand_size=7, must_head_following=False),
            bourre.Rules(players=2, exchange=False, deals=3),
        ],
    ),
}


def _position(game: str, variant: int, seed: int, cut: float) -> tuple[Any, int]:
    """A position part-way through a session played by the heuristic bot (random
    play half the time), and a seat to view it from."""
    module, variants = GAMES[game]
    rules = variants[variant % len(variants)]
    start = module.new_game(rules)
    seats = len(start.stacks)
    rng = random.Random(seed)
    policy: Callable[..., Any] = HeuristicBot(game) if seed % 2 else random_policy
    final = play(start, [policy] * seats, rng)
    state = start
    for action in final.history[: int(cut * len(final.history))]:
        state = state.apply(action)
    return state, rng.randrange(seats)


@pytest.mark.parametrize("game", sorted(GAMES))
@settings(max_examples=40)
@given(variant=st.integers(0, 9), seed=st.integers(0, 2**32 - 1), cut=st.floats(0, 1))
def test_the_drawn_state_gives_the_seat_its_view(
    game: str, variant: int, seed: int, cut: float
) -> None:
    """X-10: the state drawn is one the seat cannot tell from the real one."""
    state, seat = _position(game, variant, seed, cut)
    view = state.view(seat)
    for k in range(3):
        drawn = determinize(view, random.Random(seed + k))
        assert drawn.view(seat) == view
        assert sorted(drawn.hands[seat]) == sorted(state.hands[seat])  # as a set
        assert type(drawn) is type(state)


def test_the_hidden_cards_vary_between_draws() -> None:
    """The other seats' cards are drawn, not copied from somewhere: two seeds give
    different hands (a determinization that returned the real state would pass the
    view test and fail this one)."""
    state = modern.new_game()
    state = state.apply(sample_chance(state, random.Random(1)))
    view = state.view(0)
    hands = {determinize(view, random.Random(seed)).hands[1] for seed in range(20)}
    assert len(hands) > 10


def _bourre_void_position() -> Any:
    """Three seats, no exchange: eldest (seat 1) leads clubs; seat 2 holds neither a
    club nor a trump (hearts) and throws a spade (B-5.2, B-5.3)."""
    Rules, new_game = bourre.Rules, bourre.new_game
    state = new_game(Rules(players=3, exchange=False), dealer=0)
    state = dealt(
        state,
        {1: "2c 3c 4c 5c 6c", 2: "2s 3s 4s 2d 3d", 0: "As Ks Qs Jh 9h"},
        trump_card="9h",
    )
    state = state.apply(StayIn()).apply(StayIn()).apply(StayIn())
    return state.apply(Play(cards("6c")[0])).apply(Play(cards("2s")[0]))


def test_a_seat_that_did_not_follow_suit_is_void_in_it() -> None:
    """B-5.2, B-5.3: seat 2 threw a spade on a club lead with hearts trump, so every
    draw gives it no club and no heart."""
    state = _bourre_void_position()
    view = state.view(1)
    rng = random.Random(7)
    seen: set[Card] = set()
    for _ in range(300):
        drawn = determinize(view, rng)
        hand = drawn.hands[2]
        assert not [c for c in hand if c.suit in (Suit.CLUBS, Suit.HEARTS)]
        seen.update(hand)
    assert len(seen) > 15  # the rest of its hand is drawn, not fixed


def test_a_seat_that_followed_may_hold_anything_else() -> None:
    """The control of the test above: the dealer (seat 0) has not played yet, so its
    drawn hands do hold clubs sometimes (the void test can fail)."""
    state = _bourre_void_position()
    view = state.view(1)
    rng = random.Random(8)
    assert any(c.suit is Suit.CLUBS for _ in range(100) for c in determinize(view, rng).hands[0])


def _announced_position() -> tuple[Any, str]:
    """Three seats of modern Bouillotte: seat 1 announces its brelan (M-4.1)."""
    state = modern.new_game(modern.Rules(players=3), dealer=0)
    state = dealt(state, {1: "9c 9d Ac", 2: "8c Kd As"}, retourne="9h")
    state = state.apply(Announce())
    category = state.announced[1]
    assert category is not None
    return state, category


def test_an_announcer_holds_a_brelan_of_its_class() -> None:
    """M-4.1, M-4.3: every draw gives the announcer a hand of the announced class with
    the retourné."""
    state, category = _announced_position()
    view = state.view(2)
    rng = random.Random(3)
    for _ in range(200):
        drawn = determinize(view, rng)
        value = modern.evaluate(drawn.hands[1], drawn.retournes, drawn.rules)
        assert value.category == category


def _chi_square(counts: Counter[Any], support: list[Any], draws: int) -> float:
    expected = draws / len(support)
    return sum((counts[key] - expected) ** 2 / expected for key in support)


def test_announcer_hands_are_uniform_over_the_consistent_ones() -> None:
    """Uniformity (M-4.1): the announcer's drawn hand is uniform over every hand of
    the unseen cards that makes the announced class (exact enumeration; chi-square
    against a loose bound: df + 6·sqrt(2·df))."""
    state, category = _announced_position()
    view = state.view(2)
    unseen = [c for c in state.rules.deck if c not in view.hand and c not in view.retournes]
    support = [
        frozenset(hand)
        for hand in combinations(unseen, 3)
        if modern.evaluate(hand, view.retournes, state.rules).category == category
    ]
    rng = random.Random(11)
    draws = 40 * len(support)
    counts = Counter(frozenset(determinize(view, rng).hands[1]) for _ in range(draws))
    assert set(counts) == set(support)
    df = len(support) - 1
    assert _chi_square(counts, support, draws) < df + 6 * (2 * df) ** 0.5


def test_bourre_trump_card_kept_as_often_as_uniform_deals_say() -> None:
    """Uniformity of the discards (B-4.1, B-4.3): the dealer of a two-seat deal
    exchanged 2 of its 5 cards and has played nothing yet; it still holds the trump
    up-card in 3 deals of 5 (its discards are a uniform pair of its five cards)."""
    Rules, new_game = bourre.Rules, bourre.new_game
    state = new_game(Rules(players=2), dealer=0)
    state = dealt(state, {1: "2c 3c 4c 5c 6c", 0: "As Ks Qs Jh 9h"}, trump_card="9h")
    state = state.apply(StayIn()).apply(StayIn())
    state = state.apply(Exchange(cards("2c 3c"))).apply(Exchange(cards("As Ks")))
    view = state.view(1)
    rng = random.Random(5)
    draws = 2000
    kept = sum(cards("9h")[0] in determinize(view, rng).hands[0] for _ in range(draws))
    expected = draws * 3 / 5
    sigma = (draws * 3 / 5 * 2 / 5) ** 0.5
    assert abs(kept - expected) < 4 * sigma


def test_bourre_hidden_hand_suits_follow_the_hypergeometric_law() -> None:
    """Uniformity of the deal: before any play, the number of clubs among the other
    seat's five cards follows the hypergeometric law of the unseen cards (chi-square
    with a loose bound)."""
    Rules, new_game = bourre.Rules, bourre.new_game
    state = new_game(Rules(players=2, exchange=False), dealer=0)
    state = state.apply(sample_chance(state, random.Random(2)))
    view = state.view(1)
    trump = state.trump_card
    unseen = [c for c in STANDARD_DECK if c not in view.hand and c != trump]
    clubs = sum(c.suit is Suit.CLUBS for c in unseen)
    rng = random.Random(9)
    draws = 3000
    counts = Counter(
        sum(c.suit is Suit.CLUBS and c != trump for c in determinize(view, rng).hands[0])
        for _ in range(draws)
    )
    total = comb(len(unseen), 4)
    chi = 0.0
    for k in range(5):
        p = comb(clubs, k) * comb(len(unseen) - clubs, 4 - k) / total
        if p * draws >= 5:
            chi += (counts[k] - p * draws) ** 2 / (p * draws)
    assert chi < 25  # 4 degrees of freedom at most; the 0.9999 quantile is about 23.5


def test_bad_input_names_what_is_expected() -> None:
    """Errors people can act on: not a view, not a random.Random."""
    state = modern.new_game()
    with pytest.raises(TypeError, match="needs a seat's view"):
        determinize(state, random.Random(0))  # type: ignore[arg-type]
    with pytest.raises(TypeError, match="needs a seat's view"):
        determinize("view", random.Random(0))  # type: ignore[arg-type]
    with pytest.raises(TypeError, match=r"rng must be a random\.Random"):
        determinize(state.view(0), 3)  # type: ignore[arg-type]
    assert issubclass(CardRulesError, ValueError)


def test_bourre_trump_card_odds_with_played_cards() -> None:
    """Uniformity when the dealer has played (B-4.1, B-4.3, B-5.1): seat 1 led 2♣, the
    dealer took it with A♣ (legal whatever else it holds) and led J♦ (any lead is
    legal), after exchanging 2 cards. Counting the deals: the dealer kept the trump
    card in 6·4·3 of every 6·4·3 + 4·5·4 discards-and-places, 72/152 ≈ 0.474 (a
    sampler that ignored how the kept trump card crowds the played cards would say
    0.6)."""
    state = bourre.new_game(bourre.Rules(players=2), dealer=0)
    state = dealt(state, {1: "2c 3c 4c 5c 6c", 0: "Ac Kd Qd Jd 9h"}, trump_card="9h")
    state = state.apply(StayIn()).apply(StayIn())
    state = state.apply(Exchange(())).apply(Exchange(cards("Kd Qd")))
    for card in ("2c", "Ac", "Jd"):
        state = state.apply(Play(cards(card)[0]))
    view = state.view(1)
    rng = random.Random(12)
    draws = 2000
    trump = cards("9h")[0]
    kept = sum(trump in determinize(view, rng).hands[0] for _ in range(draws))
    p = 72 / 152
    assert abs(kept - draws * p) < 4 * (draws * p * (1 - p)) ** 0.5


def test_bourre_restock_odds_with_a_played_card() -> None:
    """Uniformity through a restock (B-4.2): seven seats of seven cards; seat 1 takes
    the 3 cards of the stock, seats 5 and 6 dropped, so seat 2 draws its 4 cards from
    a restock of 17 cards (14 unseen, seat 1's 3 discards). Seat 2 then follows 2♣
    with A♣ (legal whatever else it holds). Counting the deals, A♣ came from the
    restock in 4·14/17 of every 3 + 4·14/17 cases, 56/107 ≈ 0.523 (4/7 ≈ 0.571 if
    the restock's known cards were ignored)."""
    state = bourre.new_game(bourre.Rules(players=7, hand_size=7), dealer=0)
    state = dealt(state, {1: "2c 3c 4c 5c 6c 7c 8c", 2: "Ac 2d 3d 4d 5d 6d 7d"}, trump_card="2h")
    for say in ("stay", "stay", "stay", "stay", "drop", "drop", "stay"):
        state = state.apply(StayIn() if say == "stay" else bourre.Drop())
    state = state.apply(Exchange(cards("6c 7c 8c"))).apply(Exchange(cards("2d 3d 4d 5d")))
    state = state.apply(sample_chance(state, random.Random(0)))
    for _ in range(3):
        state = state.apply(Exchange(()))
    state = state.apply(Play(cards("2c")[0])).apply(Play(cards("Ac")[0]))
    view = state.view(1)
    rng = random.Random(13)
    draws = 5000
    ace = cards("Ac")[0]
    restocked = 0
    for _ in range(draws):
        shuffles = [a for a in determinize(view, rng).history if a.__class__.__name__ == "Shuffle"]
        restocked += ace in shuffles[1].order[:4]
    p = 56 / 107
    assert abs(restocked - draws * p) < 4 * (draws * p * (1 - p)) ** 0.5


def test_the_benchmark_runs_and_reports_draws_per_second() -> None:
    """``python benchmarks/determinize.py`` (tiny numbers; no timing assertion)."""
    import json
    import subprocess
    import sys
    from pathlib import Path

    root = Path(__file__).resolve().parents[1]
    done = subprocess.run(
        [sys.executable, "benchmarks/determinize.py", "--positions", "1", "--seconds", "0.01"],
        capture_output=True,
        text=True,
        timeout=300,
        cwd=root,
    )
    assert done.returncode == 0, done.stderr[-2000:]
    results = json.loads(done.stdout)["determinize"]
    assert {r["case"].split(" ")[0] for r in results} == {
        "bouillotte-modern",
        "bouillotte-historic",
        "bourre",
    }
    assert all(r["draws"] >= 1 and r["draws_per_second"] > 0 for r in results)


def test_a_forged_view_is_refused_with_a_clear_error() -> None:
    """A view no deal explains (seat 1's public record under seat 0's name: it names
    no card received) raises CardRulesError, not a raw IndexError."""
    state = modern.new_game()
    state = state.apply(sample_chance(state, random.Random(4)))
    view = state.view(1)
    rebuild, (cls, _seat, public, legal) = view.__reduce__()
    forged = rebuild(cls, 0, public, legal)
    assert isinstance(forged, type(view))
    with pytest.raises(CardRulesError, match="no deal is consistent with this view"):
        determinize(forged, random.Random(0))


@pytest.mark.parametrize("game", sorted(GAMES))
def test_equal_seeds_give_equal_draws(game: str) -> None:
    """No hidden randomness: the draw is a function of the view and the rng's state
    (a search can be replayed)."""
    state, seat = _position(game, 3, 17, 0.5)
    view = state.view(seat)
    first = determinize(view, random.Random(99))
    again = determinize(view, random.Random(99))
    assert first == again
    assert first.history == again.history


def _announcers(rules: Any, hands: dict[int, str], retourne: str, who: set[int]) -> Any:
    """Modern Bouillotte, dealer 0: the seats of ``who`` announce (M-4.1), then every
    seat checks round to the dealer, who is to act."""
    state = modern.new_game(rules, dealer=0)
    state = dealt(state, hands, retourne=retourne)
    while state.to_act != 0:
        if state.to_act in who:
            state = state.apply(Announce())
        state = state.apply(modern.Check())
    return state


def test_two_announcers_hands_are_uniform_over_the_consistent_pairs() -> None:
    """Exactness of the brelans drawn (M-4.1, M-5.2, M-5.3): with three seats, seat 1
    announced a brelan simple and seat 2 a brelan favori; the pair of their hands is
    uniform over every pair of disjoint hands of the unseen cards that make those
    classes (exact enumeration; chi-square against a loose bound)."""
    rules = modern.Rules(players=3)
    state = _announcers(rules, {1: "8c 8d 8h", 2: "Kc Kd 9s", 0: "Ac 9c As"}, "Ks", {1, 2})
    view = state.view(0)
    now = view.retournes
    unseen = [c for c in rules.deck if c not in view.hand and c not in now]

    def made(hand: tuple[Card, ...], category: str) -> bool:
        return modern.evaluate(hand, now, rules).category == category

    support = [
        (frozenset(one), frozenset(two))
        for one in combinations(unseen, 3)
        if made(one, "simple")
        for two in combinations([c for c in unseen if c not in one], 3)
        if made(two, "favori")
    ]
    rng = random.Random(21)
    draws = 30 * len(support)
    counts: Counter[Any] = Counter()
    for _ in range(draws):
        drawn = determinize(view, rng)
        counts[frozenset(drawn.hands[1]), frozenset(drawn.hands[2])] += 1
    assert set(counts) == set(support)
    df = len(support) - 1
    assert _chi_square(counts, support, draws) < df + 6 * (2 * df) ** 0.5


@pytest.mark.parametrize(
    ("players", "hands"),
    [
        (5, {1: "8c 8d 8h", 2: "9c 9d 9h", 3: "Jc Jd Jh", 4: "Qc Qd Qh", 0: "Ac Kd As"}),
        (4, {1: "8c 8d 8h", 2: "9c 9d 9h", 3: "Qc Qd Qh", 0: "Ac Kd As"}),
    ],
)
def test_many_announcers_are_dealt_their_brelans_at_once(
    players: int, hands: dict[int, str]
) -> None:
    """The worst modern positions (M-4.1): every seat but the dealer announced a brelan
    and checked. A random deal fits about once in three million; every draw is
    consistent with the view and comes at once."""
    state = _announcers(modern.Rules(players=players), hands, "Ks", set(hands) - {0})
    view = state.view(0)
    rng = random.Random(players)
    ranks = set()
    for _ in range(50):
        drawn = determinize(view, rng)
        assert drawn.view(0) == view
        for seat in range(1, players):
            value = modern.evaluate(drawn.hands[seat], drawn.retournes, drawn.rules)
            assert value.category == "simple"
            ranks.add(value.rank)
    assert len(ranks) == players - 1  # the ranks are drawn, not copied (8 9 J Q left)


@settings(max_examples=60)
@given(variant=st.integers(0, 9), seed=st.integers(0, 2**32 - 1), cut=st.floats(0, 1))
def test_what_plays_bar_is_never_held_in_the_real_deal(variant: int, seed: int, cut: float) -> None:
    """B-5.2 to B-5.5: the cards that another seat's plays bar (what a draw keeps out
    of its hidden hand) are never in its real hand: the bars only drop deals that
    are not consistent, so the draws stay uniform."""
    from cardrules.bourre.determinize import _Deal

    state, seat = _position("bourre", variant, seed, cut)
    view = state.view(seat)
    history = view.history
    starts = [
        i
        for i, a in enumerate(history)
        if a.__class__.__name__ == "Shuffle"
        and not (i and history[i - 1].__class__.__name__ in ("Exchange", "HiddenExchange"))
    ]
    if not starts:
        return
    chance = bourre.new_game(view.rules, stacks=view.initial_stacks, dealer=view.initial_dealer)
    for action in state.history[: starts[-1]]:
        chance = chance.apply(action)
    events = view.events
    marks = {e.deal_number: i for i, e in enumerate(events) if isinstance(e, DealStarted)}
    first = marks.get(chance.deal_number, 0)
    last = marks.get(chance.deal_number + 1, len(events))
    deal = _Deal(chance, seat, history[starts[-1] + 1 :], events[first:last])
    for other, bars in deal.forbidden.items():
        assert not bars & set(state.hands[other])


def test_barred_hands_are_uniform_over_the_consistent_ones() -> None:
    """Exactness of the barred hands (B-5.2, B-5.3): seat 1 led 2♠, seat 2 ruffed with
    2♥ (void in spades), seat 3 threw 2♦ (void in spades and in hearts, trump), the
    dealer followed. The joint law of the diamonds in seat 3's and seat 2's hidden
    hands, counted exactly (seat 3 takes its four cards among the clubs and diamonds,
    seat 2 its four among what is left but spades), against the draws (chi-square)."""
    state = bourre.new_game(bourre.Rules(players=4, exchange=False), dealer=0)
    state = dealt(
        state,
        {1: "2s 3c 4c 5c 6c", 2: "2h 7c 8c 9c Tc", 3: "2d 3d 4d 5d 6d", 0: "As 3s 4s 5s 9h"},
        trump_card="9h",
    )
    for _ in range(4):
        state = state.apply(StayIn())
    for card in ("2s", "2h", "2d", "As"):
        state = state.apply(Play(cards(card)[0]))
    view = state.view(1)
    clubs, diamonds, hearts = 9, 12, 11  # unseen by seat 1
    law: dict[tuple[int, int], int] = {}
    for a in range(5):
        for b in range(5):
            law[a, b] = (
                comb(diamonds, a)
                * comb(clubs, 4 - a)
                * sum(
                    comb(diamonds - a, b) * comb(clubs - 4 + a, c) * comb(hearts, 4 - b - c)
                    for c in range(5 - b)
                )
            )
    total = sum(law.values())
    rng = random.Random(31)
    draws = 3000
    counts: Counter[tuple[int, int]] = Counter()
    for _ in range(draws):
        hands = determinize(view, rng).hands
        counts[tuple(sum(c.suit is Suit.DIAMONDS for c in hands[x]) for x in (3, 2))] += 1  # type: ignore[index]
    chi = 0.0
    cells = 0
    for key, ways in law.items():
        expected = draws * ways / total
        if expected >= 5:
            chi += (counts[key] - expected) ** 2 / expected
            cells += 1
    df = cells - 1
    assert chi < df + 6 * (2 * df) ** 0.5


def test_bourre_trump_card_odds_when_the_dealer_is_barred() -> None:
    """Uniformity when the dealer's plays bar cards (B-4.3, B-5.3): the dealer
    exchanged 2, ruffed seat 1's 2♣ with 3♥ (void in clubs: 12 unseen clubs barred)
    and led J♦. Counting the deals (44 free cards, 12 barred): the dealer kept the
    trump card in 72·42 of every 72·42 + 80·30 cases, 3024/5424 ≈ 0.558 (a draw that
    ignored how the kept trump card changes the places open to barred cards would
    say 72/152 ≈ 0.474)."""
    state = bourre.new_game(bourre.Rules(players=2), dealer=0)
    state = dealt(state, {1: "2c 4s 5s 6s 7s", 0: "3h Jd Kd Qd 9h"}, trump_card="9h", stock="2d 3d")
    state = state.apply(StayIn()).apply(StayIn())
    state = state.apply(Exchange(())).apply(Exchange(cards("Kd Qd")))
    for card in ("2c", "3h", "Jd"):
        state = state.apply(Play(cards(card)[0]))
    view = state.view(1)
    rng = random.Random(14)
    draws = 3000
    trump = cards("9h")[0]
    kept = sum(trump in determinize(view, rng).hands[0] for _ in range(draws))
    p = 3024 / 5424
    assert abs(kept - draws * p) < 4 * (draws * p * (1 - p)) ** 0.5


def _stood_pat(seed: int, tricks: int) -> Any:
    """Seven seats of seven cards, everybody in and standing pat, ``tricks`` tricks
    played at random: many seats barred from many cards (B-5.2 to B-5.5)."""
    rng = random.Random(seed)
    state = bourre.new_game(bourre.Rules(players=7, hand_size=7), dealer=0)
    state = state.apply(sample_chance(state, rng))
    for _ in range(7):
        state = state.apply(StayIn())
    for _ in range(7):
        state = state.apply(Exchange(()))
    for _ in range(7 * tricks):
        state = state.apply(rng.choice(state.legal_actions()))
    return state


@pytest.mark.parametrize(("seed", "tricks"), [(0, 3), (0, 4), (2, 3), (1, 5)])
def test_seven_seats_standing_pat_draw_at_once(seed: int, tricks: int) -> None:
    """The worst Bourré positions: a random deal fits there about once in tens of
    thousands; every draw is consistent with the view."""
    state = _stood_pat(seed, tricks)
    view = state.view(state.to_act)
    rng = random.Random(seed)
    for _ in range(10):
        assert determinize(view, rng).view(view.seat) == view


@pytest.mark.parametrize("game", sorted(GAMES))
@pytest.mark.parametrize("seat", [9, 4, -1, True, "1", None])
def test_a_forged_seat_is_refused_with_a_clear_error(game: str, seat: Any) -> None:
    """A view rebuilt (through its pickle protocol) under a seat the game does not
    have raises CardRulesError naming the seat, not a raw IndexError or TypeError."""
    state, _ = _position(game, 0, 3, 0.3)
    view = state.view(1)
    rebuild, (cls, _seat, public, legal) = view.__reduce__()
    forged = rebuild(cls, seat, public, legal)
    with pytest.raises(CardRulesError, match="is not one of the game's"):
        determinize(forged, random.Random(0))


@pytest.mark.parametrize("game", sorted(GAMES))
def test_forged_views_are_refused_in_bounded_time(game: str) -> None:
    """A view whose record belongs to another seat (the cards it names are not the
    seat's) is refused with the documented error, soon: no loop until a time-out."""
    import time

    for seed in range(3):
        state, _ = _position(game, seed, seed, 0.5)
        view = state.view(1)
        rebuild, (cls, _seat, public, legal) = view.__reduce__()
        for seat in (0, 2):
            begin = time.perf_counter()
            with pytest.raises(CardRulesError, match="no deal is consistent"):
                determinize(rebuild(cls, seat, public, legal), random.Random(seed))
            assert time.perf_counter() - begin < 20
