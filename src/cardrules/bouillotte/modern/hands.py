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
    "values_of",
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
_SUITS = tuple(sorted(Suit, key=lambda suit: suit.index))


_LOWEST = min(card.index for card in _PIQUET)
_BIT = tuple(1 << (i - _LOWEST) if i >= _LOWEST else 0 for i in range(52))
"""Each card index's bit in the masks of :func:`_compute`, from the lowest card of the
piquet decks (every mask fits in one machine word)."""


def _suit_parts(suit: int, pip: bool, kickers: bool) -> dict[int, tuple[int, tuple[int, ...]]]:
    """For each nonempty set of cards of ``suit`` in the piquet deck, as a mask of card
    indices: its point total and what the point's key compares after it (its ranks
    from the highest, or the highest alone)."""
    indices = [card.index for card in _PIQUET if card.index & 3 == suit]
    parts = {}
    for chosen in range(1, 1 << len(indices)):
        held = [i for k, i in enumerate(indices) if chosen >> k & 1]
        ranks = [(i >> 2) + 2 for i in sorted(held, reverse=True)]
        total = sum(11 if r == 14 else r if pip and r < 10 else 10 for r in ranks)
        parts[sum(_BIT[i] for i in held)] = (total, tuple(ranks) if kickers else (ranks[0],))
    return parts


_PARTS = tuple(
    {k: v for suit in range(4) for k, v in _suit_parts(suit, pip, kickers).items()}
    for pip in (False, True)
    for kickers in (False, True)
)
"""By ``pip << 1 | kickers``: a suit's cards (a mask of card indices) → the point total
and ranks they give (M-1.4, M-5.5, M-5.6)."""
_SUIT_BITS = tuple(sum(_BIT[i] for i in range(suit, 52, 4)) for suit in range(4))
"""Each suit's cards as a mask of card indices."""
_HAND_SUITS = tuple(
    tuple(dict.fromkeys((code >> 4, code >> 2 & 3, code & 3))) for code in range(64)
)
"""By the suits of a hand's three cards packed two bits each: its suits in that order,
once each (the order in which the point's suits are compared)."""


def _compute(
    a: int, b: int, c: int, first: int, second: int, favori: str, pip: bool, kickers: bool
) -> HandValue:
    """The value from card indices (rank = index // 4 + 2, suit = index % 4), hand
    ``a < b < c``, retournés ``first`` and ``second`` (-1 if none). Among suits of equal
    point keys the suit of the lowest card is named."""
    everything = _BIT[a] | _BIT[b] | _BIT[c] | _BIT[first]
    if second >= 0:
        everything |= _BIT[second]
    lead, other = first & 3, second & 3 if second >= 0 else -1
    parts = _PARTS[pip << 1 | kickers]
    best: tuple[Any, ...] = ()  # the best suit's (total, ranks): a point's key but its last
    best_suit = -1
    for suit in _HAND_SUITS[(a & 3) << 4 | (b & 3) << 2 | c & 3]:
        part = parts[everything & _SUIT_BITS[suit]]
        # on equal totals and ranks, the retourné's suit, then the second's (M-5.6)
        if part > best or (
            part == best and (suit == lead or (suit == other and best_suit != lead))
        ):
            best, best_suit = part, suit
    points = best[0]
    low, mid, high = a >> 2, b >> 2, c >> 2
    pair = mid if low == mid or mid == high else -1
    if pair >= 0:
        matching = (first >> 2 == pair) + (second >> 2 == pair)
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
    tie = 2 if best_suit == lead else 1 if best_suit == other else 0
    return _shared("point", 0, points, best_suit, (0, points, best[1], tie))


_SHARED = BoundedCache[tuple[Any, ...], HandValue](max_bytes=1 << 20)
_shared_lookup = _SHARED.lookup
_RANKS = {int(rank): rank for rank in Rank}


def _shared(
    category: Category, rank: int, points: int, suit: int, key: tuple[Any, ...]
) -> HandValue:
    """The one :class:`HandValue` of these parts (``rank`` 0 for a point hand): many
    hands share a value, and a shared value formats its text once."""
    parts = (category, key, points, suit)
    found = _shared_lookup(parts)
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
    first, second, turned = _turned(retournes)
    key = (1 << a.index) | (1 << b.index) | (1 << c.index) | turned
    options = (rules.favori, rules.point_values, rules.point_tiebreak, key)
    found: HandValue | None = _lookup(options)
    if found is None:  # cached by the cards' indices (the hand in any order) and options
        found = _computed(options, hand, first, second)
    return found


def _turned(retournes: tuple[Card, ...]) -> tuple[int, int, int]:
    """The indices of the first and second retournés (-1 if none) and their part of a
    hand's cache key (the first's index from bit 52, the second's plus one from 58)."""
    first = retournes[0].index
    if len(retournes) > 1:
        second = retournes[1].index
        return first, second, first << 52 | (second + 1) << 58
    return first, -1, first << 52


def _computed(
    options: tuple[Any, ...], hand: tuple[Card, ...], first: int, second: int
) -> HandValue:
    """The value of ``hand`` under ``options`` (the cache key: favori, point values,
    tie-break and the cards), computed and kept in the cache: what :func:`value_of`
    and :func:`values_of` do when the cache has no value."""
    favori, point_values, tiebreak, _ = options
    a, b, c = hand
    low, mid, high = sorted((a.index, b.index, c.index))
    return _VALUES.put(
        options,
        _compute(
            low, mid, high, first, second, favori, point_values == "pip", tiebreak == "kickers"
        ),
    )


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
    first, second, turned = _turned(retournes)
    favori, point_values, tiebreak = rules.favori, rules.point_values, rules.point_tiebreak
    keys = {}
    texts = {}
    for seat in seats:
        a, b, c = hands[seat]
        options = (
            favori,
            point_values,
            tiebreak,
            1 << a.index | 1 << b.index | 1 << c.index | turned,
        )
        found: HandValue | None = _lookup(options)
        if found is None:
            found = _computed(options, hands[seat], first, second)
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
    for seat, hand in enumerate(hands):
        if value_of(rules, hand, retournes).rank is not None:
            found |= 1 << seat
    return found
