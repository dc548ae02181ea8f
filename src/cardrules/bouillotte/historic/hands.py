"""Pure evaluation of the historic game: brelans (H-5.1) and the collective point
(H-5.3 to H-5.7).

>>> from cardrules.cards import Card, cards
>>> brelan_of(cards("9♥ 9♦ 9♣"), Card.parse("9♠"))
Brelan(category='carre', rank=Rank.NINE)
>>> card_points(Card.parse("A♥")), card_points(Card.parse("Q♣"))
(11, 10)
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from typing import Literal

import attrs

from cardrules.cards import Card, Rank, Suit

__all__ = [
    "Brelan",
    "brelan_of",
    "card_points",
    "collective_point",
    "suit_owner",
    "suit_ranking",
    "suit_totals",
    "winning_suit",
]

_POINTS = {Rank.ACE: 11, Rank.KING: 10, Rank.QUEEN: 10, Rank.NINE: 9, Rank.EIGHT: 8}
_SUITS = tuple(Suit)
_POINTS_BY_INDEX = tuple(_POINTS.get(Rank(2 + i // 4), 0) for i in range(52))


def card_points(card: Card) -> int:
    """A card's value in the collective point: A 11, K 10, Q 10, 9 9, 8 8 (H-5.3).

    :param card: a card of the 20-card deck.
    :returns: its value.
    :raises ValueError: for a card that is not in the historic deck.

    >>> from cardrules.cards import Card, cards
    >>> [card_points(card) for card in cards("As Ks Qs 9s 8s")]
    [11, 10, 10, 9, 8]
    """
    points = _POINTS.get(card.rank) if isinstance(card, Card) else None
    if points is None:
        raise ValueError(f"{card!r} is not a card of the historic deck (A K Q 9 8)")
    return points


@attrs.frozen(slots=True, order=False)
class Brelan:
    """A brelan: three cards of one rank in hand (H-5.1).

    Brelans compare by class, carré above simple, then by rank (A > K > Q > 9 > 8).

    >>> Brelan("carre", Rank.EIGHT) > Brelan("simple", Rank.ACE)
    True
    >>> str(Brelan("simple", Rank.KING))
    'brelan simple of Ks'
    """

    category: Literal["carre", "simple"]
    """``"carre"`` when the retourné is the fourth card of the rank, else ``"simple"``."""
    rank: Rank
    """The rank of the three cards."""

    @property
    def key(self) -> tuple[int, int]:
        """The sort key: higher beats lower."""
        return (2 if self.category == "carre" else 1, int(self.rank))

    @property
    def prime(self) -> int:
        """What every other seat pays the holder at a showdown (H-6.1): 2 or 1."""
        return 2 if self.category == "carre" else 1

    def __gt__(self, other: Brelan) -> bool:
        return self.key > other.key

    def __lt__(self, other: Brelan) -> bool:
        return self.key < other.key

    def __str__(self) -> str:
        name = "brelan carré" if self.category == "carre" else "brelan simple"
        return f"{name} of {self.rank.letter}s"


def brelan_of(hand: Sequence[Card], retourne: Card) -> Brelan | None:
    """The brelan a three-card hand holds with this retourné, or ``None`` (H-5.1).

    Two cards in hand with the retourné of their rank make no brelan.

    :param hand: the seat's three cards.
    :param retourne: the card turned up.
    :returns: the :class:`Brelan`, or ``None``.

    >>> from cardrules.cards import Card, cards
    >>> brelan_of(cards("Kh Kd Kc"), Card.parse("9s"))
    Brelan(category='simple', rank=Rank.KING)
    >>> brelan_of(cards("9h 9d Kc"), Card.parse("9s")) is None
    True
    """
    if len(hand) != 3:
        return None
    rank = hand[0].rank
    if hand[1].rank != rank or hand[2].rank != rank:
        return None
    return Brelan("carre" if retourne.rank == rank else "simple", rank)


def _totals(exposed_cards: Iterable[Card]) -> list[int]:
    """The four suit totals, indexed clubs 0 … spades 3 (the fast path)."""
    totals = [0, 0, 0, 0]
    points = _POINTS_BY_INDEX
    for card in exposed_cards:
        index = card.index
        value = points[index]
        if not value:
            raise ValueError(f"{card!r} is not a card of the historic deck (A K Q 9 8)")
        totals[index & 3] += value
    return totals


def suit_totals(exposed_cards: Iterable[Card]) -> dict[Suit, int]:
    """Each suit's total over the exposed cards (H-5.3).

    >>> from cardrules.cards import Card, cards
    >>> suit_totals(cards("Ah 9h 8s"))[Suit.HEARTS]
    20
    """
    return dict(zip(_SUITS, _totals(exposed_cards), strict=True))


def _ranking(totals: Sequence[int]) -> tuple[tuple[Suit, ...], ...]:
    levels = sorted(set(totals), reverse=True)
    return tuple(tuple(_SUITS[i] for i in range(4) if totals[i] == level) for level in levels)


def suit_ranking(exposed_cards: Iterable[Card]) -> tuple[tuple[Suit, ...], ...]:
    """The suits grouped by total, richest first; suits in one group tie (H-5.6).

    >>> from cardrules.cards import Card, cards
    >>> suit_ranking(cards("Ah Ks 8d"))
    ((Suit.HEARTS,), (Suit.SPADES,), (Suit.DIAMONDS,), (Suit.CLUBS,))
    >>> suit_ranking(cards("Kh Qs"))[0]
    (Suit.HEARTS, Suit.SPADES)
    """
    return _ranking(_totals(exposed_cards))


def suit_owner(hands: Sequence[Sequence[Card]], suit: Suit, eligible: Iterable[int]) -> int | None:
    """The eligible seat holding the highest card of ``suit`` in hand (H-5.4).

    The retourné is in no hand, so it belongs to nobody.

    >>> from cardrules.cards import Card, cards
    >>> suit_owner((cards("Kh 8c 9d"), cards("Ah Qc 8d")), Suit.HEARTS, (0, 1))
    1
    >>> suit_owner((cards("Kh 8c 9d"), cards("Ah Qc 8d")), Suit.HEARTS, (0,))
    0
    >>> suit_owner((cards("Kh 8c 9d"),), Suit.SPADES, (0,)) is None
    True
    """
    best: tuple[Card, int] | None = None
    for seat in eligible:
        for card in hands[seat]:
            if card.suit is suit and (best is None or card > best[0]):
                best = (card, seat)
    return None if best is None else best[1]


def _owners_winner(
    hands: Sequence[Sequence[Card]],
    ranking: tuple[tuple[Suit, ...], ...],
    eligible: Sequence[int],
    eldest: int,
) -> tuple[int, Suit] | None:
    """H-5.4 to H-5.6 over a suit ranking: the winning seat and suit, or ``None``."""
    players = len(hands)
    for group in ranking:
        best: tuple[int, int, Suit] | None = None
        for suit in group:
            owner = suit_owner(hands, suit, eligible)
            if owner is not None:
                order = (owner - eldest) % players
                if best is None or order < best[0]:
                    best = (order, owner, suit)
        if best is not None:
            return best[1], best[2]
    return None


def collective_point(
    hands: Sequence[Sequence[Card]], retourne: Card, eligible: Iterable[int], eldest: int
) -> tuple[int, Suit]:
    """Who wins a pot by the collective point, and with which suit (H-5.3 to H-5.7).

    The suits are totalled over every hand and the retourné; the richest suit goes
    to its owner among the ``eligible`` seats; a suit without an eligible owner is
    skipped (H-5.5); among suits that tie, the owner first in seat order from
    ``eldest`` wins (H-5.6).

    :param hands: every seat's three cards, folded seats' too.
    :param retourne: the card turned up.
    :param eligible: the seats that may win this pot.
    :param eldest: the seat after the dealer.
    :returns: ``(winning seat, suit)``.
    :raises ValueError: when no eligible seat holds a card.

    >>> from cardrules.cards import Card, cards
    >>> hands = (cards("Ah Kh 8c"), cards("As Ks 9c"), cards("Qd 9d 8d"), cards("Qc 9h 8h"))
    >>> collective_point(hands, Card.parse("Kd"), eligible=(0, 1, 2, 3), eldest=1)
    (0, Suit.HEARTS)
    """
    ranking = _ranking(_totals([*(card for hand in hands for card in hand), retourne]))
    found = _owners_winner(hands, ranking, tuple(eligible), eldest)
    if found is None:
        raise ValueError("no eligible seat holds a card: the collective point has no winner")
    return found


def winning_suit(
    exposed_cards: Iterable[Card],
    hands: Sequence[Sequence[Card]] | None = None,
    *,
    eligible: Iterable[int] | None = None,
    eldest: int = 0,
) -> Suit | None:
    """The suit that wins the collective point (H-5.3 to H-5.6).

    With the exposed cards alone: the richest suit, or ``None`` when two or more
    suits tie for richest (then the owners' seat order decides, H-5.6). With
    ``hands`` (one hand per seat, in seat order) the full rule applies: suits
    without an owner among ``eligible`` (default: every seat) are skipped and ties
    go to the owner first from ``eldest``.

    :param exposed_cards: the cards counted (the 12 hand cards and the retourné).
    :param hands: the hands, to settle ownership and ties.
    :param eligible: the seats that may win (with ``hands``).
    :param eldest: the seat after the dealer (with ``hands``).
    :returns: the winning suit, or ``None`` for a tie without ``hands``.

    >>> from cardrules.cards import Card, cards
    >>> winning_suit(cards("Ah Kh 9s 8c"))
    Suit.HEARTS
    >>> winning_suit(cards("Kh Ks")) is None
    True
    >>> winning_suit(cards("Kh Ks"), (cards("Kh"), cards("Ks")), eldest=1)
    Suit.SPADES
    >>> winning_suit(cards("Ah 8s 8c"), (cards("Ah"), cards("8s"), cards("8c")), eligible=(1, 2))
    Suit.SPADES
    """
    ranking = suit_ranking(exposed_cards)
    if hands is None:
        return ranking[0][0] if len(ranking[0]) == 1 else None
    seats = tuple(range(len(hands))) if eligible is None else tuple(eligible)
    found = _owners_winner(hands, ranking, seats, eldest)
    return None if found is None else found[1]
