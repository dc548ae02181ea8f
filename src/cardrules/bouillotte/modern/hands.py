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

from cardrules.caching import BoundedCache
from cardrules.cards import Card, Rank, Suit
from cardrules.errors import CardRulesError, shorten

from .rules import Rules

__all__ = [
    "Category",
    "HandValue",
    "brelans_of",
    "card_value",
    "evaluate",
    "value_of",
]

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
    hand_t = tuple(sorted(hand_t))
    return value_of(rules, hand_t, ret_t)


_DEFAULT = Rules()
_PIQUET = frozenset(Rules(players=5).deck)
"""The cards of the largest piquet deck: every card a Bouillotte hand can hold."""


_VALUES = BoundedCache[tuple[str, str, str, int], HandValue](max_bytes=1 << 24)
"""Hand values by options and cards (the values themselves are shared: each entry
weighs one reference, but the budget counts a value's whole size, so it is generous)."""
_lookup = _VALUES.lookup
_FLAT_POINTS = tuple(11 if rank == 14 else 10 for rank in range(15))
_PIP_POINTS = tuple(11 if rank == 14 else rank if rank < 10 else 10 for rank in range(15))
_SUITS = tuple(sorted(Suit, key=lambda suit: suit.index))


def _compute(
    hand: list[int], retournes: list[int], favori: str, pip: bool, kickers: bool
) -> HandValue:
    """The value from card indices (rank = index // 4 + 2, suit = index % 4); ``hand``
    sorted. Among suits of equal point keys the suit of the lowest card is named."""
    worth = _PIP_POINTS if pip else _FLAT_POINTS
    ranks_of: dict[int, list[int]] = {}
    for i in sorted(hand + retournes, reverse=True):
        ranks_of.setdefault(i & 3, []).append((i >> 2) + 2)
    flag_of = {retournes[-1] & 3: 1} if len(retournes) > 1 else {}
    flag_of[retournes[0] & 3] = 2
    best: tuple[Any, ...] = ()
    best_suit = -1
    for suit in dict.fromkeys([hand[0] & 3, hand[1] & 3, hand[2] & 3]):
        ranks = ranks_of[suit]
        total = 0
        for rank in ranks:
            total += worth[rank]
        key = (total, tuple(ranks) if kickers else (ranks[0],), flag_of.get(suit, 0))
        if not best or key > best:
            best, best_suit = key, suit
    points = best[0]
    low, mid, high = hand[0] >> 2, hand[1] >> 2, hand[2] >> 2
    pair = mid if low == mid or mid == high else -1
    if pair >= 0:
        matching = sum(1 for i in retournes if i >> 2 == pair)
        level = 0
        category: Category = "point"
        if low == high:
            if matching:
                category, level = "carre", 4
            else:
                category, level = "simple", 3 if favori == "below_simple" else 2
        elif matching == 2:
            category, level = "carre", 4
        elif matching == 1 and favori != "off":
            category, level = "favori", 3 if favori == "above_simple" else 2
        if level:
            return _shared(category, pair + 2, points, best_suit, (level, pair + 2))
    return _shared("point", 0, points, best_suit, (0, *best))


_SHARED = BoundedCache[tuple[Any, ...], HandValue](max_bytes=1 << 20)
_RANKS = {int(rank): rank for rank in Rank}


def _shared(
    category: Category, rank: int, points: int, suit: int, key: tuple[Any, ...]
) -> HandValue:
    """The one :class:`HandValue` of these parts (``rank`` 0 for a point hand): many
    hands share a value, and a shared value formats its text once."""
    parts = (category, key, points, suit)
    found = _SHARED.get(parts)
    if found is None:
        brelan = _RANKS[rank] if rank else None
        text = _words(category, brelan, points, _SUITS[suit])
        found = _SHARED.put(parts, HandValue(category, brelan, points, _SUITS[suit], key, text))
    return found


def value_of(rules: Rules, hand: tuple[Card, ...], retournes: tuple[Card, ...]) -> HandValue:
    """The value of a dealt ``hand`` (3 distinct cards, any order) with ``retournes``
    under ``rules``, unchecked: the one evaluation of the game's transitions.

    >>> from cardrules.cards import cards
    >>> str(value_of(Rules(), cards("Kh Kd 8s"), cards("Kc")))
    'brelan favori of kings'
    """
    a, b, c = hand
    key = (1 << a.index) | (1 << b.index) | (1 << c.index) | (retournes[0].index << 52)
    if len(retournes) > 1:
        key |= (retournes[1].index + 1) << 58
    favori, point_values, tiebreak = rules.favori, rules.point_values, rules.point_tiebreak
    options = (favori, point_values, tiebreak, key)
    found: HandValue | None = _lookup(options)
    if found is None:  # cached by the cards' indices (the hand in any order) and options
        found = _VALUES.put(
            options,
            _compute(
                sorted((a.index, b.index, c.index)),
                [r.index for r in retournes],
                favori,
                point_values == "pip",
                tiebreak == "kickers",
            ),
        )
    return found


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
    for seat, hand in enumerate(hands):
        if value_of(rules, hand, retournes).rank is not None:
            found |= 1 << seat
    return found
