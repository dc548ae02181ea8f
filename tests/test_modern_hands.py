"""evaluate(): brelans, the point and their order (M-1.3, M-1.4, M-5, V-M.1), seeds' examples."""

from __future__ import annotations

import itertools

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from cardrules.bouillotte.modern import Rules, card_value, evaluate
from cardrules.cards import Card, Rank, cards, piquet_deck
from cardrules.errors import CardRulesError


def ev(hand: str, retournes: str, **options: object) -> object:
    return evaluate(cards(hand), cards(retournes), Rules(**options))  # type: ignore[arg-type]


def test_seed_example_three_suits_scores_eleven() -> None:
    """M-5.5, the modern sources: 9♠ Q♥ A♣, retourné's suit not held: the best point is 11."""
    for retourne in ("Kd", "8d", "Ad"):
        for scale in ("flat", "pip"):
            value = ev("9s Qh Ac", retourne, point_values=scale)
            assert (value.category, value.points, value.rank) == ("point", 11, None)


def test_seed_example_ace_king_queen_of_spades_with_nine_scores_41_flat() -> None:
    """M-1.4, M-5.5: A♠ K♠ Q♠ with the retourné 9♠: 11+10+10+10 = 41 on the flat scale
    (the seeds' scale, the default); the pip scale counts the 9 as 9 and gives 40."""
    assert ev("As Ks Qs", "9s").points == 41
    assert ev("As Ks Qs", "9s", point_values="pip").points == 40
    assert str(ev("As Ks Qs", "9s")) == "point of 41 in ♠"


def test_M_1_4_card_values() -> None:
    """M-1.4: A 11, all else 10; pip: K/Q/J 10, 9 = 9, 8 = 8."""
    flat = [card_value(c) for c in cards("As Kh Qd Jc 9s 8h")]
    pip = [card_value(c, "pip") for c in cards("As Kh Qd Jc 9s 8h")]
    assert flat == [11, 10, 10, 10, 10, 10]
    assert pip == [11, 10, 10, 10, 9, 8]


def test_M_1_3_brelan_rank_order() -> None:
    """M-1.3: A > K > Q > J > 9 > 8 within a class (five-player deck, with jacks)."""
    order = ["A", "K", "Q", "J", "9", "8"]
    values = [ev(f"{r}c {r}d {r}h", "8s" if r != "8" else "9s") for r in order]
    assert all(v.category == "simple" for v in values)
    assert values == sorted(values, reverse=True)
    assert len(set(values)) == 6


def test_M_5_1_brelan_carre() -> None:
    """M-5.1: three in hand and the retourné of that rank: best class."""
    value = ev("9h 9d 9c", "9s")
    assert (value.category, value.rank) == ("carre", Rank.NINE)
    assert value > ev("Ah Ad Kc", "As") > ev("Ah Ad Ac", "Ks")
    assert str(value) == "brelan carré of 9s"


@pytest.mark.parametrize(
    ("favori", "expected"),
    [
        ("above_simple", ["carre", "favori", "simple"]),
        ("below_simple", ["carre", "simple", "favori"]),
    ],
)
def test_M_5_2_favori_settings(favori: str, expected: list[str]) -> None:
    """M-5.2: two in hand and the matching retourné; above or below the simple."""
    carre = ev("8h 8d 8c", "8s", favori=favori)
    fav = ev("8h 8d Kc", "8s", favori=favori)
    simple = ev("Ah Ad Ac", "8s", favori=favori)
    ranked = sorted([carre, fav, simple], reverse=True)
    assert [v.category for v in ranked] == expected
    assert fav.rank == Rank.EIGHT


def test_M_5_2_favori_off_is_a_point_hand() -> None:
    """M-5.2: favori="off" makes a pair with the matching retourné no brelan."""
    value = ev("Kh Kd 8c", "Ks", favori="off")
    assert value.category == "point"
    assert value.points == 10
    assert ev("Kh Kd 8c", "Ks").category == "favori"


def test_M_5_3_brelan_simple() -> None:
    """M-5.3: three in hand, the retourné of another rank."""
    value = ev("Kh Kd Kc", "8s")
    assert (value.category, value.rank, str(value)) == (
        "simple",
        Rank.KING,
        "brelan simple of kings",
    )


def test_M_5_4_every_brelan_beats_every_point() -> None:
    """M-5.4: the lowest brelan beats the best point; a higher rank wins in a class."""
    best_point = ev("As Ks Qs", "9s")
    assert ev("8h 8d 8c", "As") > best_point
    assert ev("8h 8d 9c", "8s") > best_point
    assert ev("9h 9d 9c", "As") > ev("8h 8d 8c", "As")
    assert ev("Kh Kd 9c", "Ks") > ev("Qh Qd Ac", "Qs")


def test_M_5_5_point_counts_retourne_only_when_its_suit_is_held() -> None:
    """M-5.5: own cards of a suit, plus the retourné if that suit is held; best suit."""
    assert ev("8h 9c Ac", "Kc").points == 31
    assert ev("8h 9d Ac", "Ks").points == 11
    value = ev("Kh Qh 8c", "Ah")
    assert (value.points, value.suit.symbol) == (31, "♥")


def test_M_5_6_seed_tiebreak_highest_card_then_retourne_suit() -> None:
    """M-5.6: equal totals compare the highest counted card, then the retourné's suit."""
    a = ev("Ac 9c 8h", "Qs")  # clubs 11 + 10 = 21, highest A
    b = ev("Ad Kd 8s", "Qh")  # diamonds 11 + 10 = 21, highest A
    assert a.points == b.points == 21
    assert a == b  # neither point is in the retourné's suit: a tie (X-5)
    assert ev("Kc 9c 8h", "As") > ev("Qd 9d 8s", "Ah")  # 20 each: K beats Q
    in_suit = ev("Kc 9d 8h", "Ac")  # clubs K + retourné A = 21, highest A
    other = ev("Ad Kd 8s", "9c")  # diamonds 21, highest A, another suit
    assert in_suit.points == other.points == 21
    assert in_suit > other


def test_M_5_6_kickers_compare_the_next_cards() -> None:
    """M-5.6: point_tiebreak="kickers" compares every counted card before the suit."""
    # flat: A♣ K♣ 9♣ and A♦ Q♦ 9♦ are both 31 with the ace highest
    a_seed = ev("Ac Kc 9c", "8s")
    b_seed = ev("Ad Qd 9d", "8h")
    assert a_seed.points == b_seed.points == 31
    assert a_seed == b_seed
    a = ev("Ac Kc 9c", "8s", point_tiebreak="kickers")
    b = ev("Ad Qd 9d", "8h", point_tiebreak="kickers")
    assert a > b
    # with equal kickers the retourné's suit still decides
    c = ev("Ac Kc 8h", "Qs", point_tiebreak="kickers")
    d = ev("Ad Kd 8s", "Qh", point_tiebreak="kickers")
    assert c == d


def test_V_M_1_double_retourne_brelans() -> None:
    """V-M.1: two in hand with both retournés matching is a carré; two with one, a
    favori; one card with two matching retournés is no brelan."""
    assert ev("8h 8d Kc", "8s 8c").category == "carre"
    assert ev("8h 8d Kc", "8s 8c", favori="off").category == "carre"
    assert ev("Ah Ad Ac", "As Kc").category == "carre"
    assert ev("Ah Ad Kc", "As Qc").category == "favori"
    assert ev("Ah Ad Kc", "Qs Qc").category == "point"
    assert ev("Ah Qd Kc", "As Ac").category == "point"
    assert ev("Ah Ad Ac", "Ks Kc").category == "simple"


def test_V_M_1_double_retourne_point_and_tiebreak() -> None:
    """V-M.1: each retourné of a held suit adds; the tie-break uses the first
    retourné's suit, then the second's."""
    assert ev("Kh 9d 8c", "Ah Qh").points == 31
    assert ev("Kh 9d 8c", "Ah Qs").points == 21
    first = ev("Ac 8h 9d", "Kc Kd")  # clubs 11 + 10 = 21
    second = ev("Ad 8s 9c", "Kh Kd")  # diamonds 11 + 10 = 21
    assert first.points == second.points == 21
    assert first > second
    # with retournés Q♥ (first) and K♠ (second), three points of 21:
    hearts = ev("Ah 9c 8d", "Qh Ks")
    spades = ev("As 9d 8c", "Qh Ks")
    diamonds = ev("Ad Kd 8c", "Qh Ks")
    assert hearts.points == spades.points == diamonds.points == 21
    assert hearts > spades > diamonds


def test_M_5_6_fully_tied_suits_name_the_suit_of_the_lowest_card() -> None:
    """M-5.6: K♥ K♦ 9♠ with A♣: hearts and diamonds tie in every respect; the value is
    the same whichever is named, and the text names diamonds (the lower king), in any
    order of the cards."""
    for hand in ("Kh Kd 9s", "Kd 9s Kh", "9s Kh Kd"):
        for tiebreak in ("seed", "kickers"):
            value = ev(hand, "Ac", point_tiebreak=tiebreak)
            assert str(value) == "point of 10 in ♦"
            assert value == ev("Kd Ks 9h", "Ac", point_tiebreak=tiebreak)


def test_evaluate_rejects_bad_input() -> None:
    """evaluate needs 3 distinct cards and 1 or 2 other retournés."""
    with pytest.raises(CardRulesError):
        evaluate(cards("As Ks"), cards("9s"))
    with pytest.raises(CardRulesError):
        evaluate(cards("As Ks Qs"), cards("As"))
    with pytest.raises(CardRulesError):
        evaluate(cards("As Ks Qs"), ())
    with pytest.raises(ValueError, match="cards"):
        evaluate(["As", "Ks", "Qs"], cards("9s"))  # type: ignore[list-item]
    with pytest.raises(ValueError, match="cards"):
        evaluate(None, cards("9s"))  # type: ignore[arg-type]
    with pytest.raises(ValueError, match="rules"):
        evaluate(cards("As Ks Qs"), cards("9s"), "flat")  # type: ignore[arg-type]


@settings(max_examples=300)
@given(st.data())
def test_hand_order_is_total_and_consistent(data: st.DataObject) -> None:
    """HandValue is a total order: exactly one of <, ==, > holds; hash follows ==."""
    deck = piquet_deck(5)
    options = data.draw(
        st.fixed_dictionaries(
            {
                "favori": st.sampled_from(["above_simple", "below_simple", "off"]),
                "point_values": st.sampled_from(["flat", "pip"]),
                "point_tiebreak": st.sampled_from(["seed", "kickers"]),
            }
        )
    )
    rules = Rules(**options)
    n_ret = data.draw(st.integers(1, 2))
    picked = data.draw(st.permutations(deck))
    ret = picked[:n_ret]
    a = evaluate(picked[n_ret : n_ret + 3], ret, rules)
    b = evaluate(picked[n_ret + 3 : n_ret + 6], ret, rules)
    assert [a < b, a == b, a > b].count(True) == 1
    if a == b:
        assert hash(a) == hash(b)
    assert evaluate(tuple(reversed(picked[n_ret : n_ret + 3])), ret, rules) == a


def test_every_hand_of_the_four_player_deck_evaluates() -> None:
    """All 3-card hands with every retourné evaluate; categories are as counted."""
    deck = piquet_deck(4)
    counts: dict[str, int] = {}
    for ret in deck:
        rest = [c for c in deck if c != ret]
        for hand in itertools.combinations(rest, 3):
            value = evaluate(hand, (ret,))
            counts[value.category] = counts.get(value.category, 0) + 1
    # per retourné: carré 1 (C(3,3)); favori C(3,2) * 16 other cards = 48;
    # simple 4 other ranks * C(4,3) = 16.
    assert counts["carre"] == 20 * 1
    assert counts["favori"] == 20 * 48
    assert counts["simple"] == 20 * 16
    assert isinstance(Card.parse("As"), Card)
