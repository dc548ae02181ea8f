"""Cards, decks and their text forms (API §2)."""

from __future__ import annotations

import copy
import pickle

import pytest
from hypothesis import given
from hypothesis import strategies as st

from cardrules import STANDARD_DECK, Card, Rank, Suit, cards, piquet_deck
from cardrules.cards import deck_of


def test_parse_accepts_every_spelling() -> None:
    ace = Card(Rank.ACE, Suit.SPADES)
    for text in ("As", "AS", "as", "A♠", "a♠", " As ", "A♤", "A♠\ufe0f"):
        assert Card.parse(text) == ace
    ten = Card(Rank.TEN, Suit.HEARTS)
    for text in ("Th", "TH", "10h", "10H", "T♥", "10♥", "t♡"):
        assert Card.parse(text) == ten


@pytest.mark.parametrize("text", ["", "A", "1s", "11h", "Ax", "AsK", "Z♠", "♠A", "10", "1 0h"])
def test_parse_rejects_bad_text_with_value_error(text: str) -> None:
    with pytest.raises(ValueError, match=repr(text).replace("\\", "\\\\").replace("(", r"\(")):
        Card.parse(text)


@pytest.mark.parametrize("value", [None, 14, b"As", ["A", "s"]])
def test_parse_rejects_non_text_with_value_error(value: object) -> None:
    with pytest.raises(ValueError, match="must be a str"):
        Card.parse(value)  # type: ignore[arg-type]


def test_card_needs_rank_and_suit() -> None:
    with pytest.raises(ValueError, match="Rank and a Suit"):
        Card(14, "s")  # type: ignore[arg-type]


@given(st.sampled_from(STANDARD_DECK))
def test_text_forms_round_trip(card: Card) -> None:
    assert Card.parse(str(card)) is card
    assert Card.parse(card.code) is card
    assert eval(repr(card), {"Card": Card}) == card
    assert pickle.loads(pickle.dumps(card)) is card
    assert copy.deepcopy(card) == card
    assert str(card) == card.rank.letter + card.suit.symbol


def test_str_and_repr() -> None:
    assert str(Card.parse("Th")) == "T♥"
    assert repr(Card.parse("Th")) == "Card.parse('T♥')"
    assert (
        Suit.CLUBS.symbol + Suit.DIAMONDS.symbol + Suit.HEARTS.symbol + Suit.SPADES.symbol == "♣♦♥♠"
    )
    assert "".join(s.letter for s in Suit) == "cdhs"
    assert "".join(r.letter for r in Rank) == "23456789TJQKA"


@given(st.sampled_from(STANDARD_DECK), st.sampled_from(STANDARD_DECK))
def test_order_is_rank_then_suit(a: Card, b: Card) -> None:
    assert (a < b) == ((a.rank, a.suit.index) < (b.rank, b.suit.index))
    assert (a == b) == (a.rank == b.rank and a.suit == b.suit)
    assert (a == b) == (hash(a) == hash(b))
    assert (a <= b) == (not a > b)


def test_card_is_not_equal_to_other_types() -> None:
    assert Card.parse("As") != "As"
    assert Card.parse("As") != 51
    with pytest.raises(TypeError):
        _ = Card.parse("As") < "Ks"  # type: ignore[operator]


def test_card_is_frozen() -> None:
    card = Card.parse("As")
    with pytest.raises(AttributeError):
        card.rank = Rank.TWO  # type: ignore[misc]


def test_cards_separators() -> None:
    assert cards("9♥ 9♦ 9♣") == (Card.parse("9h"), Card.parse("9d"), Card.parse("9c"))
    assert cards("9h,9d ,\n 9c") == cards("9♥ 9♦ 9♣")
    assert cards("  ") == ()
    with pytest.raises(ValueError, match="'9x'"):
        cards("9h 9x")
    with pytest.raises(ValueError, match="reads a str"):
        cards(None)  # type: ignore[arg-type]


def test_standard_deck() -> None:
    assert len(STANDARD_DECK) == len(set(STANDARD_DECK)) == 52
    assert list(STANDARD_DECK) == sorted(STANDARD_DECK)
    assert STANDARD_DECK[0] == Card.parse("2c") and STANDARD_DECK[-1] == Card.parse("As")
    assert [c.index for c in STANDARD_DECK] == list(range(52))


def test_M_1_2_piquet_decks() -> None:
    """M-1.2: 3 players use 16 cards (8 9 K A), 4 use 20 (8 9 Q K A), 5 use 24."""
    assert {c.rank.letter for c in piquet_deck(3)} == set("89KA")
    assert {c.rank.letter for c in piquet_deck(4)} == set("89QKA")
    assert {c.rank.letter for c in piquet_deck(5)} == set("89JQKA")
    for players, size in ((3, 16), (4, 20), (5, 24)):
        deck = piquet_deck(players)
        assert len(deck) == len(set(deck)) == size
        assert list(deck) == sorted(deck)
    for bad in (2, 6, "4", 4.0, True, None):
        with pytest.raises(ValueError, match="3, 4 or 5"):
            piquet_deck(bad)  # type: ignore[arg-type]


def test_deck_of_sorts() -> None:
    assert deck_of(cards("As 2c Kd")) == cards("2c Kd As")


@pytest.mark.parametrize("text", ["\u212as", "\u212a\u2660", "A\u212a", "\u212a s"])
def test_a_letter_that_folds_onto_a_rank_is_no_card(text: str) -> None:
    """Issue 34, item 2: the Kelvin sign (U+212A) matched ``k`` case-insensitively and
    then missed the rank table (a raw ``KeyError``); ranks are ASCII letters only."""
    with pytest.raises(ValueError, match=r"cannot read .* as a card"):
        Card.parse(text)
    with pytest.raises(ValueError, match=r"cannot read .* as a card"):
        cards(f"As {text}")


def test_the_message_quotes_a_long_text_shortened() -> None:
    """Issue 34, item 6: an error message quotes a shortened input, not 1M characters."""
    with pytest.raises(ValueError, match="as a card") as error:
        Card.parse("x" * 1_000_000)
    assert len(str(error.value)) < 400
