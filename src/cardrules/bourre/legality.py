"""Legality of decisions: the one legal set of a decision node (:func:`legal`), why an
action is not in it (:func:`why_not`), and the set in a few words (:func:`describe`).

Chance nodes are checked by the state shell (:func:`cardrules.chance.check_shuffle`).
Every action listed is interned: the plays by card, the stay and drop actions, and the
exchanges of up to three cards (the larger ones are built afresh).

>>> from cardrules.bourre.actions import STAY_IN
>>> STAY_OR_DROP.actions(), STAY_IN in STAY_OR_DROP
((StayIn(), Drop()), True)
"""

from __future__ import annotations

from collections.abc import Callable
from functools import cache
from itertools import combinations
from typing import Any

from cardrules._fast import blank_instances, constructor, subsets_reader
from cardrules.actions import Action
from cardrules.bourre.actions import DROP, STAY_IN, Exchange, Play, play_of
from cardrules.bourre.phase import Phase
from cardrules.bourre.record import BITS, Record, indices_of
from cardrules.bourre.tricks import narrow, refusal
from cardrules.cards import STANDARD_DECK, Card
from cardrules.errors import shorten
from cardrules.game import describe_actions
from cardrules.legal import Legal

__all__ = [
    "STAY_OR_DROP",
    "describe",
    "exchanges",
    "legal",
    "legal_exchanges",
    "plays",
    "why_not",
]

_STAY, _EXCHANGE, _PLAY = Phase.STAY, Phase.EXCHANGE, Phase.PLAY
"""The phases as module constants (an enum member lookup costs more in a hot path)."""
STAY_OR_DROP = Legal((STAY_IN, DROP))
"""The legal set of the stay phase (B-3.1)."""

_listed = constructor(Legal, ("listed",), low=1, high=0, at=0, spelled=None)
"""``Legal(listed)`` without its attrs ``__init__`` (the hot path)."""
_BYTE_PLAYS = tuple(
    tuple(
        tuple(
            play_of(8 * chunk + bit) for bit in range(8) if byte >> bit & 1 and 8 * chunk + bit < 52
        )
        for byte in range(256)
    )
    for chunk in range(7)
)
"""For each byte of a card mask (chunk ``k``: card indices ``8k`` … ``8k+7``) and each
value of that byte, the interned plays of its cards: a mask's plays are read a byte at
a time (of its ``to_bytes``), with no work per card and no operation on a 52-bit int."""
_P0, _P1, _P2, _P3, _P4, _P5, _P6 = _BYTE_PLAYS
"""The tables of :data:`_BYTE_PLAYS` one by one, as module globals (one specialised
load each, no subscript of the outer table)."""


_SMALL_PLAYS = {
    sum(map(BITS.__getitem__, cards)): _listed(tuple(map(play_of, cards)))
    for size in (1, 2)
    for cards in combinations(range(52), size)
}
"""The legal plays of every mask of one or two cards, made once (two plays in three
are from such a mask: the last tricks, a suit followed): shared, not rebuilt."""
_small_plays = _SMALL_PLAYS.get


def plays(mask: int) -> Legal:
    """The legal set playing one of the cards of the card mask ``mask`` (interned
    ``Play`` actions in canonical order).

    >>> [str(p) for p in plays(0b11).actions()]
    ['play 2♣', 'play 2♦']
    >>> plays(1 << 51) is plays(1 << 51)
    True
    """
    found = _small_plays(mask)
    if found is not None:
        return found
    b0, b1, b2, b3, b4, b5, b6 = mask.to_bytes(7, "little")  # unpacked: no subscript
    return _listed(_P0[b0] + _P1[b1] + _P2[b2] + _P3[b3] + _P4[b4] + _P5[b5] + _P6[b6])


def exchanges(hand: int, most: int) -> Legal:
    """The legal exchanges of the card mask ``hand`` discarding at most ``most`` cards
    (B-4.1, B-4.2): stand pat first, then by size, each in canonical order.

    Exchanges of up to three cards are interned (equal discards, the same object);
    larger ones are built afresh. The set is read by one function made for the hand's
    size and ``most`` (:data:`_READERS`), which looks each subset of up to three cards
    up in nested tables by card index. No set is cached: hands rarely repeat, and a
    one-set cache cost ~500 instructions per decision more than it saved (measured).

    >>> [str(x) for x in exchanges(1 | 1 << 51, 2).actions()]
    ['stand pat', 'exchange 2♣', 'exchange A♠', 'exchange 2♣ A♠']
    >>> exchanges(1 | 1 << 51, 1).actions()[1] is exchanges(1 | 1 << 7, 3).actions()[1]
    True
    >>> exchanges(0b111, 9).count, exchanges(0b111, -1).count
    (8, 1)
    """
    cards = indices_of(hand)
    size = len(cards)
    most = size if most > size else 0 if most < 0 else most
    return _listed(_READERS[size << 6 | most](cards))


_STAND_PAT = blank_instances(Exchange, "discards", ((),))[0]
"""The interned stand-pat exchange."""
_SINGLES = blank_instances(Exchange, "discards", zip(STANDARD_DECK))
"""The interned one-card exchanges, by card index."""


def _nested(size: int) -> tuple[Any, ...]:
    """The interned exchanges of ``size`` cards (2 or 3) as a table nested ``size``
    deep by card index, ascending (``table[a][b]``, ``a < b``; ``None`` elsewhere)."""
    made = iter(blank_instances(Exchange, "discards", combinations(STANDARD_DECK, size)))
    if size == 2:
        return tuple(tuple(next(made) if a < b else None for b in range(52)) for a in range(52))
    return tuple(
        tuple(
            tuple(next(made) if a < b < c else None for c in range(52)) if a < b else None
            for b in range(52)
        )
        for a in range(52)
    )


@cache
def _tables() -> tuple[Any, ...]:
    """The interned exchanges of none, one, two and three cards, the last two as
    :func:`_nested` tables: made once, by the first reader (the three-card table holds
    C(52, 3) exchanges, a few milliseconds once per process)."""
    return (_STAND_PAT, _SINGLES, _nested(2), _nested(3))


class _Readers(dict[int, Callable[[tuple[int, ...]], tuple[Exchange, ...]]]):
    """``size << 6 | most`` → the function that lists the legal exchanges of a hand of
    ``size`` cards (its card indices, ascending) discarding at most ``most``
    (:func:`cardrules._fast.subsets_reader`): the interned ones read from the tables of
    up to three cards, the larger ones built afresh. Each is made the first time it is
    asked for (the first one also makes the :func:`_tables`)."""

    __slots__ = ()

    def __missing__(self, key: int) -> Callable[[tuple[int, ...]], tuple[Exchange, ...]]:
        size, most = key >> 6, key & 63
        read = subsets_reader(Exchange, "discards", size, most, _tables(), STANDARD_DECK)
        self[key] = read
        return read


_READERS = _Readers()
"""The readers of :func:`exchanges`, by hand size and most, made once each."""


def legal(record: Record) -> Legal:
    """The one legal set of a decision node (``record.to_act`` a seat).

    >>> from cardrules import Shuffle
    >>> from cardrules.bourre import new_game
    >>> state = new_game()
    >>> state.apply(Shuffle(state.chance_cards)).legal() == STAY_OR_DROP
    True
    """
    table = record.table
    phase = table.phase
    seat: int = record.to_act  # type: ignore[assignment]
    hand = record.hands[seat]
    if phase is _PLAY:
        trick = record.trick
        if trick:
            must_head = table.deal.rules.must_head_following
            led, top = trick[0].index & 3, trick[record.top].index
            return plays(narrow(hand, led, top, table.trump & 3, must_head))
        return plays(hand)
    if phase is _STAY:
        return STAY_OR_DROP
    return legal_exchanges(hand, table.stock_size, record.hidden.muck)


def legal_exchanges(hand: int, stock_size: int, muck: int) -> Legal:
    """The legal set of a seat to exchange holding the card mask ``hand``, the stock
    holding ``stock_size`` cards and the card mask ``muck`` restockable: it may discard
    as many cards as can be drawn, at most (B-4.1, B-4.2). :func:`legal` reads it, and
    the transitions that lead to an exchange hand it over.

    >>> legal_exchanges(0b111, 1, 0b11000).count  # 3 can be drawn: every subset
    8
    """
    return exchanges(hand, stock_size + muck.bit_count())  # clamped to the hand's size


def describe(record: Record, legal: Legal) -> str:
    """The legal set in a few words, for messages (the exchanges summed up by size).

    >>> from cardrules.bourre import new_game
    >>> describe(None, STAY_OR_DROP)  # type: ignore[arg-type]
    'stay in, drop'
    """
    listed = legal.listed
    if listed and listed[0].__class__ is Exchange:
        most = max(len(action.discards) for action in listed)  # type: ignore[attr-defined]
        return f"stand pat, or exchange 1 to {most} of its cards" if most else "stand pat"
    if listed and listed[0].__class__ is Play:
        return ", ".join([str(action) for action in listed])
    return describe_actions(listed)


def why_not(record: Record, action: Action, legal: Legal) -> tuple[str, str]:
    """``(rule, reason)``: why ``action``, an action of Bourré, is not in ``legal``.

    >>> from cardrules import Shuffle
    >>> from cardrules.bourre import Play, new_game
    >>> state = new_game()
    >>> state = state.apply(Shuffle(state.chance_cards))
    >>> state.is_legal(Play(STANDARD_DECK[0]))
    False
    """
    phase = record.table.phase
    if phase is _STAY:
        return "B-3.1", "every seat first says stay in or drop, in seat order from eldest"
    if phase is _EXCHANGE:
        if action.__class__ is not Exchange:
            return "B-4.1", "the seats still in now exchange, in seat order from eldest"
        return _exchange_reason(record, action)
    if action.__class__ is Exchange and not record.table.deal.rules.exchange:
        return "V-B.3", "Reno Bourré (exchange=False) has no exchange"
    if action.__class__ is not Play:
        return "B-5.1", "the deal is in trick play: only Play(card) is possible"
    return _play_reason(record, action)


def _exchange_reason(record: Record, action: Exchange) -> tuple[str, str]:
    """Why an ``Exchange`` is refused (B-4.1, B-4.2, X-9)."""
    discards = action.discards
    if not isinstance(discards, tuple) or not all(c.__class__ is Card for c in discards):
        return "X-9", "Exchange.discards must be a tuple of Cards"
    if len(set(discards)) != len(discards):
        return "X-9", "a card is discarded twice"
    hand = record.hands[record.to_act]  # type: ignore[index]
    foreign = [c for c in discards if not hand >> c.index & 1]
    if foreign:
        return "B-4.1", (
            f"the seat does not hold {' '.join(map(str, foreign))}: it can only "
            "discard its own cards"
        )
    table = record.table
    stock, muck = table.stock_size, record.hidden.muck.bit_count()
    return "B-4.2", (
        f"only {stock + muck} card(s) can be drawn (stock {stock}, restockable muck {muck})"
    )


def _play_reason(record: Record, action: Play) -> tuple[str, str]:
    """Why a ``Play`` is refused (B-5.2–B-5.5, X-9)."""
    card = action.card
    if card.__class__ is not Card:
        return "X-9", f"Play.card must be a Card, not {shorten(card, repr)}"
    table, trick = record.table, record.trick
    hand = indices_of(record.hands[record.to_act])  # type: ignore[index]
    must_head = table.deal.rules.must_head_following
    played = tuple([c.index for c in trick])
    rule = refusal(card.index, hand, played, table.trump & 3, must_head)
    rule = rule or "X-9"
    trump = STANDARD_DECK[table.trump].suit
    led = trick[0].suit if trick else None
    reasons = {
        "X-9": f"the seat does not hold {card}",
        "B-5.2": f"it holds {led} and must follow suit",
        "B-5.3": f"it is void in {led} and holds a trump ({trump}), so it must trump",
        "B-5.4": "a trump must beat the highest trump in the trick when it can",
        "B-5.5": f"it must beat the highest {led} in the trick when it can",
    }
    return rule, reasons.get(rule, "it is not playable now")
