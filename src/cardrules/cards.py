"""Playing cards: suits, ranks, cards, and the decks the games use.

Cards are small immutable values. Every card of the 52 exists once as an interned
object, so decks, hands and actions share them; equality, hashing and ordering are
by value all the same.

>>> from cardrules.cards import Card, cards, piquet_deck
>>> Card.parse("As")
Card.parse('A♠')
>>> cards("9♥ 9♦, 9c")
(Card.parse('9♥'), Card.parse('9♦'), Card.parse('9♣'))
>>> len(piquet_deck(4))
20
"""

from __future__ import annotations

import enum
import re
from collections.abc import Iterable
from operator import attrgetter
from typing import Any

import attrs

from cardrules.errors import shorten

__all__ = [
    "STANDARD_DECK",
    "Card",
    "Rank",
    "Suit",
    "canonical",
    "cards",
    "deck_of",
    "piquet_deck",
]


class Suit(enum.Enum):
    """The four suits, in the order clubs, diamonds, hearts, spades.

    >>> Suit.SPADES.symbol, Suit.SPADES.letter
    ('♠', 's')
    """

    CLUBS = "c"
    DIAMONDS = "d"
    HEARTS = "h"
    SPADES = "s"

    @property
    def letter(self) -> str:
        """The suit's lower-case letter: ``c``, ``d``, ``h`` or ``s``."""
        return self.value

    @property
    def symbol(self) -> str:
        """The suit's symbol: ``♣``, ``♦``, ``♥`` or ``♠``."""
        return _SUIT_SYMBOLS[self]

    @property
    def index(self) -> int:
        """The suit's position in the order clubs (0), diamonds, hearts, spades (3)."""
        return _SUIT_INDEX[self]

    def __repr__(self) -> str:
        return f"Suit.{self.name}"

    def __str__(self) -> str:
        return self.symbol


_SUIT_SYMBOLS = {Suit.CLUBS: "♣", Suit.DIAMONDS: "♦", Suit.HEARTS: "♥", Suit.SPADES: "♠"}
_SUIT_INDEX = {suit: i for i, suit in enumerate(Suit)}
_SUITS_BY_INDEX = tuple(Suit)


class Rank(enum.IntEnum):
    """The thirteen ranks, valued 2 to 14 (ace high).

    >>> Rank.ACE > Rank.KING, Rank.TEN.letter
    (True, 'T')
    """

    TWO = 2
    THREE = 3
    FOUR = 4
    FIVE = 5
    SIX = 6
    SEVEN = 7
    EIGHT = 8
    NINE = 9
    TEN = 10
    JACK = 11
    QUEEN = 12
    KING = 13
    ACE = 14

    @property
    def letter(self) -> str:
        """The rank's letter: ``2`` … ``9``, ``T``, ``J``, ``Q``, ``K``, ``A``."""
        return _RANK_LETTERS[self]

    def __repr__(self) -> str:
        return f"Rank.{self.name}"

    def __str__(self) -> str:
        return self.letter


_RANK_LETTERS = {
    rank: ("T" if rank == 10 else "JQKA"[rank - 11] if rank > 10 else str(int(rank)))
    for rank in Rank
}
_RANK_BY_TEXT = {letter: rank for rank, letter in _RANK_LETTERS.items()}
_RANK_BY_TEXT["10"] = Rank.TEN
_SUIT_BY_TEXT = {
    "c": Suit.CLUBS,
    "d": Suit.DIAMONDS,
    "h": Suit.HEARTS,
    "s": Suit.SPADES,
    "♣": Suit.CLUBS,
    "♦": Suit.DIAMONDS,
    "♥": Suit.HEARTS,
    "♠": Suit.SPADES,
    "♧": Suit.CLUBS,
    "♢": Suit.DIAMONDS,
    "♡": Suit.HEARTS,
    "♤": Suit.SPADES,
}
_CARD_TEXT = re.compile(r"^(10|[2-9tjqka])(.)$", re.IGNORECASE | re.ASCII)
"""A card's text: ASCII rank letters in either case (``re.ASCII``, so that no other
letter folds onto one, such as the Kelvin sign ``\u212a`` onto ``k``), then any one
character, looked up in :data:`_SUIT_BY_TEXT`."""


class _Interned(type):
    """Metaclass of :class:`Card`: ``Card(rank, suit)`` returns the one interned card."""

    _table: tuple[Card, ...] | None = None

    def __call__(cls, rank: Rank, suit: Suit) -> Any:
        table = cls._table
        if table is None:  # building the table itself, at import
            return super().__call__(rank, suit)
        if rank.__class__ is not Rank or suit.__class__ is not Suit:
            raise ValueError(
                f"a Card needs a Rank and a Suit, got {rank!r} and {suit!r}; "
                "use Card.parse('As') to build one from text"
            )
        return table[(rank - 2) * 4 + _SUIT_INDEX[suit]]


@attrs.frozen(slots=True, eq=False, order=False, repr=False, hash=False)
class Card(metaclass=_Interned):
    """A playing card: a :class:`Rank` and a :class:`Suit`.

    Cards compare and sort by rank, then suit (clubs lowest); ``str`` gives the
    short form with the suit symbol and ``repr`` evaluates back. Each of the 52 cards
    exists once: ``Card(rank, suit)``, :meth:`parse`, copying and unpickling all
    return the same object, so cards compare and hash as fast as ints.

    >>> ace = Card(Rank.ACE, Suit.SPADES)
    >>> str(ace), ace.code, ace.index
    ('A♠', 'As', 51)
    >>> ace is Card.parse("a♠") and ace > Card.parse("Kh")
    True
    """

    rank: Rank
    """The card's rank."""
    suit: Suit
    """The card's suit."""
    index: int = attrs.field(
        init=False,
        repr=False,
        default=attrs.Factory(lambda card: (card.rank - 2) * 4 + _SUIT_INDEX[card.suit], True),
    )
    """The card's position 0–51 in the canonical order (2♣ is 0, A♠ is 51):
    ``(rank - 2) * 4 + suit.index``."""
    _index: int = attrs.field(
        init=False, repr=False, default=attrs.Factory(lambda card: card.index, True)
    )

    @property
    def code(self) -> str:
        """The two-letter ASCII form used in records: ``"As"``, ``"Th"``."""
        return _RANK_LETTERS[self.rank] + self.suit.value

    @classmethod
    def parse(cls, text: str) -> Card:
        """Read a card from text such as ``"As"``, ``"A♠"``, ``"10h"`` or ``"Th"``.

        Rank and suit letters are case-insensitive; suit symbols (``♣♦♥♠``) work too.

        :param text: the card's text.
        :returns: the card.
        :raises ValueError: if the text is not a card.

        >>> Card.parse("10h") == Card.parse("TH") == Card.parse("T♥")
        True
        >>> Card.parse("1x")
        Traceback (most recent call last):
        ...
        ValueError: cannot read '1x' as a card: write a rank (2-9, 10 or T, J, Q, K, A) ...
        """
        if isinstance(text, Card):
            return text
        if not isinstance(text, str):
            raise ValueError(
                f"cannot read {text!r} as a card: a card's text must be a str, "
                f"not {type(text).__name__}"
            )
        match = _CARD_TEXT.match(text.strip().replace("\ufe0f", ""))
        suit = _SUIT_BY_TEXT.get(match.group(2).lower()) if match else None
        rank = _RANK_BY_TEXT.get(match.group(1).upper()) if match else None
        if rank is None or suit is None:
            raise ValueError(
                f"cannot read {shorten(text, repr)} as a card: write a rank "
                "(2-9, 10 or T, J, Q, K, A) followed by a suit (c d h s or ♣ ♦ ♥ ♠), "
                "as in 'As' or 'T♥'"
            )
        return _CARDS[(rank - 2) * 4 + _SUIT_INDEX[suit]]

    def __str__(self) -> str:
        return _RANK_LETTERS[self.rank] + _SUIT_SYMBOLS[self.suit]

    def __repr__(self) -> str:
        return f"Card.parse({str(self)!r})"

    def __lt__(self, other: Card) -> bool:
        if other.__class__ is Card:
            return self._index < other._index
        return NotImplemented

    def __le__(self, other: Card) -> bool:
        if other.__class__ is Card:
            return self._index <= other._index
        return NotImplemented

    def __gt__(self, other: Card) -> bool:
        if other.__class__ is Card:
            return self._index > other._index
        return NotImplemented

    def __ge__(self, other: Card) -> bool:
        if other.__class__ is Card:
            return self._index >= other._index
        return NotImplemented

    def __reduce__(self) -> tuple[Any, ...]:
        return (_card_at, (self._index,))


def _card_at(index: int) -> Card:
    """The interned card at ``index`` (used by pickle)."""
    return _CARDS[index]


_CARDS: tuple[Card, ...] = tuple(Card(Rank(2 + i // 4), _SUITS_BY_INDEX[i % 4]) for i in range(52))
_Interned._table = _CARDS

STANDARD_DECK: tuple[Card, ...] = _CARDS
"""The 52 cards in canonical order: by rank from 2 to ace, clubs before diamonds,
hearts and spades within a rank (the order of :class:`Card` comparison)."""


def cards(text: str) -> tuple[Card, ...]:
    """Read several cards separated by whitespace or commas.

    :param text: the cards' text, such as ``"9♥ 9♦ 9♣"`` or ``"As,Kd"``.
    :returns: the cards, in the order written.
    :raises ValueError: if any item is not a card.

    >>> cards("As, Kd  Qh")
    (Card.parse('A♠'), Card.parse('K♦'), Card.parse('Q♥'))
    >>> cards("")
    ()
    """
    if not isinstance(text, str):
        raise ValueError(f"cards() reads a str such as '9♥ 9♦ 9♣', not {type(text).__name__}")
    return tuple(Card.parse(item) for item in re.split(r"[\s,]+", text.strip()) if item)


_PIQUET_RANKS = {
    3: (Rank.EIGHT, Rank.NINE, Rank.KING, Rank.ACE),
    4: (Rank.EIGHT, Rank.NINE, Rank.QUEEN, Rank.KING, Rank.ACE),
    5: (Rank.EIGHT, Rank.NINE, Rank.JACK, Rank.QUEEN, Rank.KING, Rank.ACE),
}


def piquet_deck(players: int) -> tuple[Card, ...]:
    """The reduced Bouillotte deck for ``players`` players, in canonical order.

    Three players use 16 cards (8 9 K A), four use 20 (8 9 Q K A), five use 24
    (8 9 J Q K A).

    :param players: 3, 4 or 5.
    :returns: the deck's cards, lowest first.
    :raises ValueError: for any other number of players.

    >>> " ".join(str(card) for card in piquet_deck(3)[:4])
    '8♣ 8♦ 8♥ 8♠'
    >>> len(piquet_deck(5))
    24
    """
    deck = _PIQUET_DECKS.get(players) if type(players) is int else None
    if deck is None:
        raise ValueError(f"a piquet deck is for 3, 4 or 5 players, not {players!r}")
    return deck


_PIQUET_DECKS = {
    players: tuple(card for card in _CARDS if card.rank in ranks)
    for players, ranks in _PIQUET_RANKS.items()
}


def deck_of(items: Iterable[Card]) -> tuple[Card, ...]:
    """The given cards in canonical order (how ``chance_cards`` are listed).

    >>> deck_of(cards("As 8c Kd"))
    (Card.parse('8♣'), Card.parse('K♦'), Card.parse('A♠'))
    """
    return tuple(sorted(items))


_BY_INDEX = attrgetter("_index")


def canonical(hand: Iterable[Card]) -> tuple[Card, ...]:
    """``hand`` in canonical order (rank, then suit: the order of
    :data:`STANDARD_DECK`), as views give a seat's cards: the order in which they
    arrived is not information (X-10).

    >>> [str(card) for card in canonical(cards("As 2c Kd 2h"))]
    ['2♣', '2♥', 'K♦', 'A♠']
    """
    return tuple(sorted(hand, key=_BY_INDEX))
