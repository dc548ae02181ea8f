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
from itertools import combinations, permutations
from typing import Literal

import attrs

from cardrules.cards import STANDARD_DECK, Card, Rank, Suit
from cardrules.errors import CardRulesError, shorten

_POINTS = {Rank.ACE: 11, Rank.KING: 10, Rank.QUEEN: 10, Rank.NINE: 9, Rank.EIGHT: 8}
_SUITS = tuple(Suit)
_POINTED = frozenset(card for card in STANDARD_DECK if card.rank in _POINTS)
"""The 20 cards of the historic deck (each card is one object: membership is cheap)."""
_POINTS_BY_INDEX = tuple(_POINTS.get(Rank(2 + i // 4), 0) for i in range(52))
"""Each card's value in the collective point by ``card.index`` (0 outside the deck)."""
_PACKED_POINTS = tuple(points << 8 * (index & 3) for index, points in enumerate(_POINTS_BY_INDEX))
"""Each card's value shifted to its suit's byte (clubs lowest) by ``card.index``: a sum
of them holds the four suit totals at once (each at most 48, so no byte overflows)."""

Facts = tuple[int, int, int, int, int, int]
"""What a showdown reads of a hand (:func:`hand_facts`): its points packed as in
``_PACKED_POINTS``, the ``card.index`` of its best club, diamond, heart and spade (-1
for a suit it lacks), and its brelan's rank index (-1 for none)."""


def _facts_of(hand: Sequence[Card]) -> Facts:
    """The :data:`Facts` of one hand, computed."""
    packed = 0
    tops = [-1, -1, -1, -1]
    for card in hand:
        index = card.index
        packed += _PACKED_POINTS[index]
        if index > tops[index & 3]:
            tops[index & 3] = index
    ranks = {card.index >> 2 for card in hand}
    rank = ranks.pop() if len(hand) == 3 and len(ranks) == 1 else -1
    return packed, tops[0], tops[1], tops[2], tops[3], rank


_FACTS: dict[tuple[Card, ...], Facts] = {
    hand: facts
    for dealt in combinations(sorted(_POINTED), 3)
    for facts in (_facts_of(dealt),)
    for hand in permutations(dealt)
}
"""The :data:`Facts` of every three-card hand of the deck in every order (6,840 hands):
a showdown looks its hands up instead of looping over their cards for every pot."""


def dealt_facts(hands: tuple[tuple[Card, ...], ...]) -> list[Facts]:
    """:func:`hand_facts` of the four dealt hands (three cards of the deck each), looked up.

    >>> from cardrules.cards import cards
    >>> hands = cards("Ah 9h 9c"), cards("Kh Kd Kc"), cards("Qs Qh 8d"), cards("8h 8s As")
    >>> dealt_facts(hands) == hand_facts(hands)
    True
    """
    hand0, hand1, hand2, hand3 = hands
    return [_FACTS[hand0], _FACTS[hand1], _FACTS[hand2], _FACTS[hand3]]


def hand_facts(hands: Sequence[Sequence[Card]]) -> list[Facts]:
    """The :data:`Facts` of each hand: looked up for a dealt hand, else computed.

    >>> from cardrules.cards import cards
    >>> hand_facts((cards("Ah 9h 9c"), cards("Ks")))
    [(1310729, 28, -1, 50, -1, -1), (167772160, -1, -1, -1, 47, -1)]
    """
    return [(_FACTS.get(h) if h.__class__ is tuple else None) or _facts_of(h) for h in hands]


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
        raise CardRulesError(
            f"{shorten(card, repr)} is not a card of the historic deck (A K Q 9 8)"
        )
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


_BRELANS: tuple[tuple[Brelan, ...], ...] = tuple(
    tuple(Brelan("carre" if carre else "simple", Rank(2 + rank)) for rank in range(13))
    for carre in (False, True)
)
"""``_BRELANS[carre?][rank index]``: the brelans, built once."""


def brelan_of(hand: Sequence[Card], retourne: Card) -> Brelan | None:
    """The brelan a three-card hand holds with this retourné, or ``None`` (H-5.1).

    Two cards in hand with the retourné of their rank make no brelan. The showdown
    judges every hand with this function.

    :param hand: the seat's three cards.
    :param retourne: the card turned up.
    :returns: the :class:`Brelan`, or ``None``.

    >>> from cardrules.cards import Card, cards
    >>> brelan_of(cards("Kh Kd Kc"), Card.parse("9s"))
    Brelan(category='simple', rank=Rank.KING)
    >>> brelan_of(cards("9h 9d Kc"), Card.parse("9s")) is None
    True
    """
    if hand.__class__ is not tuple or not _POINTED.issuperset(hand):
        hand = _cards(hand, "brelan_of: hand")
    if retourne.__class__ is not Card:
        raise CardRulesError(f"brelan_of: retourne must be a Card, not {shorten(retourne, repr)}")
    rank = (_FACTS.get(hand) or _facts_of(hand))[5]
    return None if rank < 0 else _BRELANS[rank == retourne.index >> 2][rank]


def brelans_of(facts: Sequence[Facts], retourne: Card, live: int) -> list[Brelan | None] | None:
    """Each seat's :func:`brelan_of` at a showdown, from the four dealt hands' :func:`hand_facts`,
    ``None`` for a seat not in the ``live`` mask; or ``None`` when no seat of it holds one.

    >>> from cardrules.cards import Card, cards
    >>> hands = cards("9h 9d 9c"), cards("Kh Kd Kc"), cards("Qs Qh 8d"), cards("8h 8s As")
    >>> brelans_of(hand_facts(hands), Card.parse("9s"), 0b01)
    [Brelan(category='carre', rank=Rank.NINE), None, None, None]
    """
    if facts[0][5] < 0 and facts[1][5] < 0 and facts[2][5] < 0 and facts[3][5] < 0:
        return None
    top = retourne.index >> 2
    found: list[Brelan | None] = [None, None, None, None]
    for seat, fact in enumerate(facts):
        rank = fact[5]
        if rank >= 0 and live >> seat & 1:
            found[seat] = _BRELANS[rank == top][rank]
    return found if any(found) else None


def totals_of(facts: Sequence[Facts], retourne: Card) -> tuple[int, int, int, int]:
    """:func:`point_totals` of the four dealt hands and the retourné, from the hands'
    :func:`hand_facts` (four of them: one sum, no loop).

    >>> from cardrules.cards import Card, cards
    >>> hands = cards("Ah 9h 8s"), cards("Kh Kd Kc"), cards("Qs Qh 8d"), cards("8h 9s As")
    >>> totals_of(hand_facts(hands), Card.parse("Qc"))
    (20, 18, 48, 38)
    """
    fact0, fact1, fact2, fact3 = facts
    total = _PACKED_POINTS[retourne.index] + fact0[0] + fact1[0] + fact2[0] + fact3[0]
    return total & 255, total >> 8 & 255, total >> 16 & 255, total >> 24


def point_totals(exposed_cards: Iterable[Card]) -> tuple[int, int, int, int]:
    """The four suit totals of the collective point, clubs first (H-5.3).

    :param exposed_cards: the cards counted (the 12 hand cards and the retourné).
    :returns: the totals of clubs, diamonds, hearts and spades.
    :raises ValueError: for a card that is not in the historic deck.

    >>> from cardrules.cards import cards
    >>> point_totals(cards("Ah 9h 8s"))
    (0, 0, 20, 8)
    """
    totals = [0, 0, 0, 0]
    points = _POINTS_BY_INDEX
    for card in _cards(exposed_cards, "the exposed cards"):
        index = card.index
        totals[index & 3] += points[index]
    return totals[0], totals[1], totals[2], totals[3]


def suit_totals(exposed_cards: Iterable[Card]) -> dict[Suit, int]:
    """Each suit's total over the exposed cards (H-5.3).

    >>> from cardrules.cards import Card, cards
    >>> suit_totals(cards("Ah 9h 8s"))[Suit.HEARTS]
    20
    """
    return dict(zip(_SUITS, point_totals(exposed_cards), strict=True))


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
    return _ranking(point_totals(exposed_cards))


def _cards(given: object, what: str) -> tuple[Card, ...]:
    """``given`` as a tuple of cards of the historic deck, or a CardRulesError naming
    ``what`` and the card (or value) that is wrong."""
    if isinstance(given, str | bytes) or not isinstance(given, Iterable):
        raise CardRulesError(f"{what} must be a sequence of cards, not {shorten(given, repr)}")
    found = tuple(given)
    for card in found:
        if card.__class__ is not Card or not _POINTS_BY_INDEX[card.index]:
            raise CardRulesError(
                f"{what}: {shorten(card)} is not a card of the historic deck (A K Q 9 8)"
            )
    return found


def _seats(
    hands: object, eligible: object, eldest: object
) -> tuple[tuple[tuple[Card, ...], ...], tuple[int, ...], int]:
    """The hands, eligible seats and eldest of a collective point, checked (H-5.4)."""
    if isinstance(hands, str | bytes) or not isinstance(hands, Sequence) or not hands:
        raise CardRulesError(
            f"hands must be a sequence of one hand per seat, not {shorten(hands, repr)}"
        )
    checked = tuple(_cards(hand, f"hands[{seat}]") for seat, hand in enumerate(hands))
    players = len(checked)
    if eligible is None:
        seats: tuple[int, ...] = tuple(range(players))
    elif isinstance(eligible, str | bytes) or not isinstance(eligible, Iterable):
        raise CardRulesError(f"eligible must be seats, not {shorten(eligible, repr)}")
    else:
        seats = tuple(eligible)
        for seat in seats:
            if type(seat) is not int or not 0 <= seat < players:
                raise CardRulesError(
                    f"eligible: {shorten(seat, repr)} is not a seat from 0 to {players - 1}"
                )
    if type(eldest) is not int or not 0 <= eldest < players:
        raise CardRulesError(
            f"eldest must be a seat from 0 to {players - 1}, not {shorten(eldest, repr)}"
        )
    return checked, seats, eldest


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
    hands, seats, _ = _seats(hands, eligible, 0)
    if not isinstance(suit, Suit):
        raise CardRulesError(f"suit_owner: suit must be a Suit, not {shorten(suit, repr)}")
    # the point with only this suit counted (a claim of total 0) goes to its owner
    found = point_winner_ranked(hand_facts(hands), (3 - suit.index,), seats, 0)
    return None if found is None else found[0]


def point_winner(
    hands: Sequence[Sequence[Card]],
    totals: Sequence[int],
    eligible: Iterable[int],
    eldest: int,
) -> tuple[int, Suit] | None:
    """The seat and suit that win a pot by the collective point, or ``None`` when no
    eligible seat holds a card (H-5.4 to H-5.6): the richest suit with an eligible
    owner; among suits that tie, the owner first in seat order from ``eldest``, then
    the lower suit.

    :param hands: every seat's cards, in seat order.
    :param totals: the suit totals (:func:`point_totals`), clubs first.
    :param eligible: the seats that may win this pot.
    :param eldest: the seat after the dealer.
    :returns: ``(seat, suit)`` or ``None``.

    >>> from cardrules.cards import Card, cards
    >>> point_winner((cards("Kh"), cards("Ks")), (0, 0, 10, 10), (0, 1), eldest=1)
    (1, Suit.SPADES)
    """
    found = point_winner_index(hands, totals, eligible, eldest)
    return None if found is None else (found[0], _SUITS[found[1]])


def point_winner_index(
    hands: Sequence[Sequence[Card]],
    totals: Sequence[int],
    eligible: Iterable[int],
    eldest: int,
) -> tuple[int, int] | None:
    """:func:`point_winner` with the suit as its index (clubs 0 … spades 3).

    >>> from cardrules.cards import cards
    >>> point_winner_index((cards("Kh"), cards("Ks")), (0, 0, 10, 10), (0, 1), eldest=1)
    (1, 3)
    """
    return point_winner_ranked(hand_facts(hands), ranked_suits(totals), tuple(eligible), eldest)


def ranked_suits(totals: Sequence[int]) -> tuple[int, int, int, int]:
    """The four suits as claims ``total << 2 | (3 - suit index)``, richest first and the
    lower suit first among equal totals: the order in which :func:`point_winner_ranked`
    tries them (a sorting network).

    >>> [(claim >> 2, 3 - (claim & 3)) for claim in ranked_suits((10, 29, 10, 40))]
    [(40, 3), (29, 1), (10, 0), (10, 2)]
    """
    a, b, c, d = totals[0] * 4 + 3, totals[1] * 4 + 2, totals[2] * 4 + 1, totals[3] * 4
    if a < b:
        a, b = b, a
    if c < d:
        c, d = d, c
    if a < c:  # a: the largest
        a, c = c, a
    if b < d:  # d: the smallest
        b, d = d, b
    if b < c:
        b, c = c, b
    return a, b, c, d


def point_winner_ranked(
    facts: Sequence[Facts], ranked: Sequence[int], eligible: Sequence[int], eldest: int
) -> tuple[int, int] | None:
    """:func:`point_winner_index` from the hands' :func:`hand_facts`, the suits ranked
    once for every pot (:func:`ranked_suits`) and the eligible seats a tuple: the owners
    of the richest suits only are looked for (H-5.4 to H-5.6).

    >>> from cardrules.cards import cards
    >>> facts = hand_facts((cards("Kh"), cards("Ks")))
    >>> point_winner_ranked(facts, ranked_suits((0, 0, 10, 10)), (0, 1), eldest=1)
    (1, 3)
    """
    players = len(facts)
    found_total = found_place = found_suit = found_seat = -1
    for claim in ranked:
        total = claim >> 2
        if total < found_total:  # the rest are no richer
            break
        field = 4 - (claim & 3)  # the suit's best card in each hand's facts (H-5.4)
        best = seat = -1
        for holder in eligible:
            top = facts[holder][field]
            if top > best:
                best, seat = top, holder
        if seat >= 0:
            place = (seat - eldest) % players
            if total > found_total or place < found_place:
                found_total, found_place, found_suit, found_seat = total, place, field - 1, seat
    if found_suit < 0:
        return None
    return found_seat, found_suit


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
    hands, seats, eldest = _seats(hands, eligible, eldest)
    totals = point_totals([*(card for hand in hands for card in hand), retourne])
    found = point_winner(hands, totals, seats, eldest)
    if found is None:
        raise CardRulesError("no eligible seat holds a card: the collective point has no winner")
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
    totals = point_totals(exposed_cards)
    if hands is None:
        if type(eldest) is not int or not 0 <= eldest < 4:
            raise CardRulesError(f"eldest must be a seat from 0 to 3, not {shorten(eldest, repr)}")
        richest = max(totals)
        return _SUITS[totals.index(richest)] if totals.count(richest) == 1 else None
    hands, seats, eldest = _seats(hands, eligible, eldest)
    found = point_winner(hands, totals, seats, eldest)
    return None if found is None else found[1]
