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

from itertools import combinations

from cardrules.actions import Action
from cardrules.bourre.actions import DROP, STAY_IN, Exchange, Play, play_of
from cardrules.bourre.phase import Phase
from cardrules.bourre.record import Record, indices_of, mask_of
from cardrules.bourre.tricks import narrow, refusal
from cardrules.cards import STANDARD_DECK, Card
from cardrules.errors import shorten
from cardrules.game import describe_actions
from cardrules.legal import Legal

STAY_OR_DROP = Legal((STAY_IN, DROP))
"""The legal set of the stay phase (B-3.1)."""

_SMALL_PLAYS = {
    mask_of(cards): Legal(tuple(map(play_of, cards)))
    for size in (1, 2)
    for cards in combinations(range(52), size)
}
"""The legal plays of every mask of one or two cards, made once (two plays in three
are from such a mask: the last tricks, a suit followed): shared, not rebuilt."""


def plays(mask: int) -> Legal:
    """The legal set playing one of the cards of the card mask ``mask`` (interned
    ``Play`` actions in canonical order).

    >>> [str(p) for p in plays(0b11).actions()]
    ['play 2♣', 'play 2♦']
    >>> plays(1 << 51) is plays(1 << 51)
    True
    """
    found = _SMALL_PLAYS.get(mask)
    if found is not None:
        return found
    return Legal._make(
        listed=tuple(map(play_of, indices_of(mask))), low=1, high=0, at=0, spelled=None
    )


def exchanges(hand: int, most: int) -> Legal:
    """The legal exchanges of the card mask ``hand`` discarding at most ``most`` cards
    (B-4.1, B-4.2): stand pat first, then by size, each in canonical order.

    Exchanges of up to three cards are interned (:func:`exchange_of`: equal discards,
    the same object); larger ones are built afresh.

    >>> [str(x) for x in exchanges(1 | 1 << 51, 2).actions()]
    ['stand pat', 'exchange 2♣', 'exchange A♠', 'exchange 2♣ A♠']
    >>> exchanges(1 | 1 << 51, 1).actions()[1] is exchanges(1 | 1 << 7, 3).actions()[1]
    True
    >>> exchanges(0b111, 9).count, exchanges(0b111, -1).count
    (8, 1)
    """
    cards = indices_of(hand)
    most = max(0, min(most, len(cards)))
    return Legal(
        tuple(
            exchange_of(discards)
            for size in range(most + 1)
            for discards in combinations(cards, size)
        )
    )


_INTERNED: dict[tuple[int, ...], Exchange] = {
    discards: Exchange(tuple(STANDARD_DECK[index] for index in discards))
    for size in range(3)
    for discards in combinations(range(52), size)
}
"""The exchanges of up to two cards, by their card indices, made once (1,379 of them);
those of three cards are interned as they are first asked for (:func:`exchange_of`)."""


def exchange_of(discards: tuple[int, ...]) -> Exchange:
    """The exchange of the cards of these indices (ascending): the interned one for up to
    three cards, a new one for more.

    >>> exchange_of((0, 51)) is exchange_of((0, 51)), str(exchange_of(()))
    (True, 'stand pat')
    """
    found = _INTERNED.get(discards)
    if found is None:
        found = Exchange(tuple(STANDARD_DECK[index] for index in discards))
        if len(discards) <= 3:
            _INTERNED[discards] = found  # at most C(52, 3) = 22,100 more, once each
    return found


def legal(record: Record) -> Legal:
    """The one legal set of a decision node (``record.to_act`` a seat).

    >>> from cardrules import Shuffle
    >>> from cardrules.bourre import new_game
    >>> state = new_game()
    >>> state.apply(Shuffle(state.chance_cards)).legal() == STAY_OR_DROP
    True
    """
    deal = record.deal
    phase = deal.phase
    seat: int = record.to_act  # type: ignore[assignment]
    hand = record.hands[seat]
    if phase is Phase.PLAY:
        trick = record.trick
        if trick:  # B-5.2 – B-5.5: follow, trump, head
            must_head = deal.rules.must_head_following
            led, top = trick[0].index & 3, trick[record.top].index
            return plays(narrow(hand, led, top, deal.trump & 3, must_head))
        return plays(hand)  # B-5.1: any card leads
    if phase is Phase.STAY:
        return STAY_OR_DROP
    return legal_exchanges(hand, deal.stock_size, record.hidden.muck)


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
    phase = record.deal.phase
    if phase is Phase.STAY:
        return "B-3.1", "every seat first says stay in or drop, in seat order from eldest"
    if phase is Phase.EXCHANGE:
        if action.__class__ is not Exchange:
            return "B-4.1", "the seats still in now exchange, in seat order from eldest"
        return _exchange_reason(record, action)
    if action.__class__ is Exchange and not record.deal.rules.exchange:
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
    stock, muck = record.deal.stock_size, record.hidden.muck.bit_count()
    return "B-4.2", (
        f"only {stock + muck} card(s) can be drawn (stock {stock}, restockable muck {muck})"
    )


def _play_reason(record: Record, action: Play) -> tuple[str, str]:
    """Why a ``Play`` is refused (B-5.2–B-5.5, X-9)."""
    card = action.card
    if card.__class__ is not Card:
        return "X-9", f"Play.card must be a Card, not {shorten(card, repr)}"
    deal, trick = record.deal, record.trick
    hand = indices_of(record.hands[record.to_act])  # type: ignore[index]
    must_head = deal.rules.must_head_following
    played = tuple(c.index for c in trick)
    rule = refusal(card.index, hand, played, deal.trump & 3, must_head) or "X-9"
    trump = STANDARD_DECK[deal.trump].suit
    led = trick[0].suit if trick else None
    reasons = {
        "X-9": f"the seat does not hold {card}",
        "B-5.2": f"it holds {led} and must follow suit",
        "B-5.3": f"it is void in {led} and holds a trump ({trump}), so it must trump",
        "B-5.4": "a trump must beat the highest trump in the trick when it can",
        "B-5.5": f"it must beat the highest {led} in the trick when it can",
    }
    return rule, reasons.get(rule, "it is not playable now")
