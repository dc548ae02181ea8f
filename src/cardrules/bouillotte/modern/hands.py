"""Hand values of modern Bouillotte: brelans and the point (M-1.3, M-1.4, M-5, V-M.1).

>>> from cardrules.cards import cards
>>> evaluate(cards("9s Qh Ac"), cards("Kd")).points
11
>>> str(evaluate(cards("As Ks Qs"), cards("9s")))
'point of 41 in ♠'
>>> evaluate(cards("9h 9d 9c"), cards("9s")) > evaluate(cards("Ah Ad Ac"), cards("Ks"))
True
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any, Literal

import attrs

from cardrules.bouillotte.modern.rules import LARGEST_DECK, Rules
from cardrules.caching import BoundedCache
from cardrules.cards import Card, Rank, Suit
from cardrules.errors import CardRulesError, shorten

Category = Literal["carre", "favori", "simple", "point"]
"""The class of a hand: a brelan carré, favori or simple, or a point hand."""

_NAMES = {"carre": "brelan carré", "favori": "brelan favori", "simple": "brelan simple"}
_PLURAL = {
    Rank.ACE: "aces",
    Rank.KING: "kings",
    Rank.QUEEN: "queens",
    Rank.JACK: "jacks",
    Rank.NINE: "9s",
    Rank.EIGHT: "8s",
}


def card_value(card: Card, point_values: str = "flat") -> int:
    """A card's value for the point (M-1.4).

    >>> from cardrules.cards import Card
    >>> eight = Card.parse("8h")
    >>> card_value(Card.parse("As")), card_value(eight), card_value(eight, "pip")
    (11, 10, 8)
    """
    if card.__class__ is not Card:
        raise CardRulesError(f"card_value needs a Card, not {shorten(card, repr)}")
    if point_values not in ("flat", "pip"):
        raise CardRulesError(
            f"point_values must be 'flat' or 'pip' (M-1.4), not {shorten(point_values, repr)}"
        )
    rank = card.rank
    if rank == Rank.ACE:
        return 11
    if point_values == "pip" and rank < Rank.TEN:
        return int(rank)
    return 10


@attrs.frozen(slots=True, eq=False, order=False)
class HandValue:
    """The value of a hand at the showdown; ``a > b`` means ``a`` beats ``b``.

    Equal values tie (X-5). Only values computed under the same rules compare.

    >>> from cardrules.cards import cards
    >>> value = evaluate(cards("Kh Kd 8s"), cards("Kc"))
    >>> value.category, value.rank, value.points
    ('favori', Rank.KING, 10)
    """

    category: Category
    """``"carre"``, ``"favori"``, ``"simple"`` or ``"point"``."""
    rank: Rank | None
    """The brelan's rank, ``None`` for a point hand."""
    points: int
    """The seat's point: the total of its best suit (M-5.5), brelan or not."""
    suit: Suit
    """The suit of that point."""
    key: tuple[Any, ...] = attrs.field(repr=False)
    """What comparisons use: class, then rank or point and tie-breaks."""
    _text: str = attrs.field(default="", repr=False)
    """The value in words (``"brelan simple of kings"``), when already written."""

    @property
    def is_brelan(self) -> bool:
        """Whether the hand is a brelan of any class."""
        return self.category != "point"

    def __eq__(self, other: object) -> bool:
        if other.__class__ is HandValue:
            return bool(self.key == other.key)
        return NotImplemented

    def __ne__(self, other: object) -> bool:
        if other.__class__ is HandValue:
            return bool(self.key != other.key)
        return NotImplemented

    def __hash__(self) -> int:
        return hash(self.key)

    def __lt__(self, other: HandValue) -> bool:
        return bool(self.key < other.key)

    def __le__(self, other: HandValue) -> bool:
        return bool(self.key <= other.key)

    def __gt__(self, other: HandValue) -> bool:
        return bool(self.key > other.key)

    def __ge__(self, other: HandValue) -> bool:
        return bool(self.key >= other.key)

    def __str__(self) -> str:
        return self._text or _words(self.category, self.rank, self.points, self.suit)


def _words(category: Category, rank: Rank | None, points: int, suit: Suit) -> str:
    """A hand's value in words."""
    if rank is not None:
        return f"{_NAMES[category]} of {_PLURAL.get(rank, str(rank))}"
    return f"point of {points} in {suit.symbol}"


def evaluate(
    hand: Sequence[Card], retournes: Sequence[Card], rules: Rules | None = None
) -> HandValue:
    """The value of a 3-card ``hand`` with ``retournes`` (1 or 2 cards) under ``rules``.

    :param hand: the seat's three cards.
    :param retournes: the community cards: one, or two with the double retourné.
    :param rules: the favori, point-value and tie-break options (default ``Rules()``).
    :returns: the hand's value.
    :raises ValueError: for a hand that is not 3 distinct cards, 1–2 retournés, or
        rules that are not a :class:`Rules`.

    >>> from cardrules.cards import cards
    >>> evaluate(cards("As Ks Qs"), cards("9s")).points
    41
    >>> evaluate(cards("As Ks Qs"), cards("9s"), Rules(point_values="pip")).points
    40
    >>> evaluate(cards("8h 8d Kc"), cards("8s 8c")).category
    'carre'
    """
    if rules is None:
        rules = _DEFAULT
    elif not isinstance(rules, Rules):
        raise CardRulesError(f"evaluate: rules must be a modern Bouillotte Rules, not {rules!r}")
    if not isinstance(hand, Sequence) or not isinstance(retournes, Sequence):
        raise CardRulesError(
            f"evaluate needs sequences of cards, not {shorten(hand, repr)} and "
            f"{shorten(retournes, repr)}"
        )
    hand_t, ret_t = tuple(hand), tuple(retournes)
    if (
        len(hand_t) != 3
        or not 1 <= len(ret_t) <= 2
        or any(c.__class__ is not Card for c in (*hand_t, *ret_t))
        or len(set(hand_t + ret_t)) != len(hand_t) + len(ret_t)
    ):
        raise CardRulesError(
            f"evaluate needs 3 distinct cards and 1 or 2 other retournés, "
            f"not {shorten(hand, repr)} and {shorten(retournes, repr)}"
        )
    outside = [card for card in (*hand_t, *ret_t) if card not in _PIQUET]
    if outside:
        raise CardRulesError(
            f"evaluate: {' '.join(map(str, outside))} is not a card of the Bouillotte decks "
            "(M-1.2: 8 9 J Q K A of each suit)"
        )
    return value_of(rules, hand_t, ret_t)


_DEFAULT = Rules()
_PIQUET = frozenset(LARGEST_DECK)
"""The cards of the largest piquet deck: every card a Bouillotte hand can hold."""

# The evaluation works on card indices (rank = index // 4 + 2, suit = index % 4) and
# packs what the showdown compares into ints, looked up in tables built once here:
# - a *mask* holds cards as bits, from the lowest card of the piquet decks (one
#   machine word);
# - a suit's *part* (its point total, then its ranks from the highest, or the highest
#   alone without kickers, M-5.6) is ``total << 15 | digits``, a 3-bit digit
#   ``rank - 7`` per rank from the highest, 0 where none: ints that order as the
#   ``(total, ranks)`` tuples do (a shorter run of equal ranks is lower);
# - a card's *score* is its suit's part, then the suit's tie-break (2 for the
#   retourné's suit, 1 for the second's, M-5.6), then ``63 - index``: the largest
#   score of a hand's cards is its point's suit, and among suits of equal parts and
#   tie-breaks the suit of the lowest card is named;
# - a value's *code* is that score with bits 2-5 cleared (what remains of
#   ``63 - index`` is ``3 - suit``), plus ``brelan << 40`` for a brelan
#   (``category << 8 | level << 4 | rank - 7``, category 1 to 3: simple, favori,
#   carré): one int per distinct value, the key of the shared values.

_LOWEST = min(card.index for card in _PIQUET)
_BIT = tuple(1 << (i - _LOWEST) if i >= _LOWEST else 0 for i in range(52))
"""Each card index's bit in a mask."""
_SUIT_MASK = tuple(sum(_BIT[j] for j in range(i & 3, 52, 4)) for i in range(52))
"""By card index: the mask of every card of its suit."""


def _suit_parts(suit: int, pip: bool, kickers: bool) -> dict[int, int]:
    """For each set of 1 to 5 cards of ``suit`` in the piquet deck (3 cards of a hand
    and 2 retournés), as a mask: its part, shifted to its place in a score."""
    indices = [card.index for card in _PIQUET if card.index & 3 == suit]
    parts = {}
    for chosen in range(1, 1 << len(indices)):
        held = [i for k, i in enumerate(indices) if chosen >> k & 1]
        if len(held) > 5:
            continue
        ranks = [(i >> 2) + 2 for i in sorted(held, reverse=True)]
        total = sum(11 if r == 14 else r if pip and r < 10 else 10 for r in ranks)
        digits = 0
        for k, rank in enumerate(ranks if kickers else ranks[:1]):
            digits |= (rank - 7) << (12 - 3 * k)
        parts[sum(_BIT[i] for i in held)] = (total << 15 | digits) << 8
    return parts


_PARTS = tuple(
    {k: v for suit in range(4) for k, v in _suit_parts(suit, pip, kickers).items()}
    for pip in (False, True)
    for kickers in (False, True)
)
"""By ``pip << 1 | kickers``: a suit's cards (a mask) → their part (M-1.4, M-5.5)."""
_TIES = tuple(
    tuple((2 if i & 3 == lead else 1 if i & 3 == other else 0) << 6 | (63 - i) for i in range(52))
    for lead in range(4)
    for other in range(5)
)
"""By ``lead * 5 + other`` (the retournés' suits, ``other`` 4 when there is one): by
card index, the low bits of its score (the tie-break of its suit, ``63 - index``)."""
_CARRE = 3 << 8 | 4 << 4
"""A brelan carré's class in a code (its rank apart)."""
_LEVELS = {
    "above_simple": (1 << 8 | 2 << 4, 2 << 8 | 3 << 4),
    "below_simple": (1 << 8 | 3 << 4, 2 << 8 | 2 << 4),
    "off": (1 << 8 | 2 << 4, 0),
}
"""By the favori option: a brelan simple's and a brelan favori's class in a code
(0: favori off, M-5.2)."""
_CATEGORIES: tuple[Category, ...] = ("point", "simple", "favori", "carre")
"""By category number in a code."""


def _coded(
    rules: Rules,
    hands: tuple[tuple[Card, ...], ...],
    retournes: tuple[Card, ...],
    seats: tuple[int, ...],
) -> dict[int, int]:
    """The codes of the values of the hands of ``seats`` with ``retournes`` (1 or 2
    cards), by seat, in that order: the one evaluation (M-5), unchecked."""
    first = retournes[0].index
    turned = _BIT[first]
    rank1, rank2 = first >> 2, -1  # the retournés' rank indices (-1: none)
    other = 4
    if len(retournes) > 1:
        second = retournes[1].index
        turned |= _BIT[second]
        rank2, other = second >> 2, second & 3
    ties = _TIES[(first & 3) * 5 + other]
    parts = _PARTS[(rules.point_values == "pip") << 1 | (rules.point_tiebreak == "kickers")]
    simple, favori = _LEVELS[rules.favori]
    bit, suit_mask = _BIT, _SUIT_MASK
    codes = {}
    for seat in seats:
        card_a, card_b, card_c = hands[seat]
        a, b, c = card_a.index, card_b.index, card_c.index
        held = bit[a] | bit[b] | bit[c] | turned
        code = parts[held & suit_mask[a]] | ties[a]  # the largest score (no max() call)
        score = parts[held & suit_mask[b]] | ties[b]
        if score > code:
            code = score
        score = parts[held & suit_mask[c]] | ties[c]
        if score > code:
            code = score
        code &= ~60
        a, b, c = a >> 2, b >> 2, c >> 2
        pair = a if a == b else a if a == c else b if b == c else -1
        if pair >= 0:  # M-5.1, M-5.2: a brelan simple, favori or carré, if any
            matching = (rank1 == pair) + (rank2 == pair)
            brelan = 0
            if a == b == c:
                brelan = _CARRE if matching else simple
            elif matching == 2:
                brelan = _CARRE
            elif matching:
                brelan = favori
            if brelan:
                code |= (brelan | pair - 5) << 40
        codes[seat] = code
    return codes


_SHARED = BoundedCache[int, HandValue](max_bytes=1 << 20)
"""The values by code: many hands share a value, and a shared value formats its text once."""
_shared_lookup = _SHARED.lookup
_RANKS = {int(rank): rank for rank in Rank}
_SUITS = tuple(sorted(Suit, key=lambda suit: suit.index))


def _value(code: int) -> HandValue:
    """The one :class:`HandValue` of ``code``."""
    found = _shared_lookup(code)
    if found is None:
        digits = code >> 8 & 0x7FFF
        points = code >> 23 & 0xFF
        suit = _SUITS[3 - (code & 3)]
        brelan = code >> 40
        if brelan:
            category = _CATEGORIES[brelan >> 8]
            rank: Rank | None = _RANKS[(brelan & 15) + 7]
            key: tuple[Any, ...] = (brelan >> 4 & 15, (brelan & 15) + 7)
        else:
            category, rank = "point", None
            ranks = tuple(d + 7 for k in range(12, -1, -3) if (d := digits >> k & 7))
            key = (0, points, ranks, code >> 6 & 3)
        text = _words(category, rank, points, suit)
        value = HandValue(
            category=category, rank=rank, points=points, suit=suit, key=key, text=text
        )
        found = _SHARED.put(code, value)
    return found


def value_of(rules: Rules, hand: tuple[Card, ...], retournes: tuple[Card, ...]) -> HandValue:
    """The value of a dealt ``hand`` (3 distinct cards, any order) with ``retournes``
    under ``rules``, unchecked.

    >>> from cardrules.cards import cards
    >>> str(value_of(Rules(), cards("Kh Kd 8s"), cards("Kc")))
    'brelan favori of kings'
    """
    return _value(_coded(rules, (hand,), retournes, (0,))[0])


def values_of(
    rules: Rules,
    hands: tuple[tuple[Card, ...], ...],
    retournes: tuple[Card, ...],
    seats: tuple[int, ...],
) -> tuple[dict[int, tuple[Any, ...]], dict[int, str]]:
    """What the showdown needs of the hands of ``seats`` with ``retournes`` (what
    :func:`value_of` finds, the options and retournés read once): by seat, each
    value's :attr:`~HandValue.key` and its words.

    >>> from cardrules.cards import cards
    >>> values_of(Rules(players=3), (cards("Kh Kd 8s"), (), cards("9c Jc Ac")), cards("Kc"),
    ...           (0, 2))[1]
    {0: 'brelan favori of kings', 2: 'point of 41 in ♣'}
    """
    keys = {}
    texts = {}
    for seat, code in _coded(rules, hands, retournes, seats).items():
        found = _shared_lookup(code) or _value(code)
        keys[seat] = found.key
        texts[seat] = found._text
    return keys, texts


def brelans_of(
    rules: Rules, hands: tuple[tuple[Card, ...], ...], retournes: tuple[Card, ...]
) -> int:
    """The seat mask of the seats whose hand is a brelan with ``retournes`` (M-4.1).

    >>> from cardrules.cards import cards
    >>> brelans_of(Rules(players=3), (cards("Kh Kd 8s"), cards("9c 9d 9h"), cards("Ah Ad 8c")),
    ...            cards("Kc"))
    3
    """
    found = 0
    for seat, code in _coded(rules, hands, retournes, tuple(range(len(hands)))).items():
        if code >> 40:
            found |= 1 << seat
    return found
