"""Legality of decisions: the one legal set, and the error naming the rule (X-9).

Chance nodes are checked by :func:`cardrules.chance.check_shuffle` instead.

>>> from cardrules.bourre import new_game
>>> legal_actions(new_game())
()
"""

from __future__ import annotations

from collections import deque
from collections.abc import Callable
from itertools import chain, combinations, repeat
from typing import TYPE_CHECKING

from cardrules.actions import Action
from cardrules.bourre.actions import (
    DROP,
    STAY_IN,
    Drop,
    Exchange,
    Play,
    StayIn,
    play_of,
)
from cardrules.bourre.tricks import narrow, refusal
from cardrules.bourre.view import Phase
from cardrules.cards import STANDARD_DECK, Card
from cardrules.chance import Shuffle
from cardrules.errors import IllegalActionError
from cardrules.game import describe_actions

if TYPE_CHECKING:
    from cardrules.bourre.state import State

__all__ = ["illegal", "leads", "legal_actions", "plays"]

_PLAYS = tuple(play_of(index) for index in range(52))
_STAY, _EXCHANGE, _PLAY = Phase.STAY, Phase.EXCHANGE, Phase.PLAY
"""The phases as module constants (an enum member lookup costs more in a hot path)."""
STAY_OR_DROP = (STAY_IN, DROP)
"""The legal actions of the stay phase."""
_PLAY_TEXTS = tuple(str(play) for play in _PLAYS)


_EXCHANGES: dict[tuple[tuple[int, ...], int], tuple[Exchange, ...]] = {}
_EXCHANGES_KEPT = 256
_new = object.__new__
_SET_DISCARDS = Exchange.__dict__["discards"].__set__
_card_of = STANDARD_DECK.__getitem__


def exchanges(hand: tuple[int, ...], most: int) -> tuple[Exchange, ...]:
    """The interned legal exchanges of ``hand`` (canonical indices) discarding at most
    ``most`` cards (B-4.1, B-4.2): stand pat first, then by size, each in canonical order.

    Exchanges of up to three cards are interned (equal discards, the same object);
    larger ones are built afresh. Every subset is found in C (``combinations`` of the
    hand, looked up in one table keyed by the tuple of card indices): no Python work
    per subset. Equal hands get the same tuple, so a search that reaches one seat's
    exchange from many states builds it once (the cache keeps the last few hundred
    hands: a larger one makes every garbage collection slower).

    >>> [str(x) for x in exchanges((0, 51), 2)]
    ['stand pat', 'exchange 1 card', 'exchange 1 card', 'exchange 2 cards']
    >>> exchanges((0, 51), 1) is exchanges((0, 51), 1)
    True
    >>> exchanges((0, 51), 1)[1] is exchanges((0, 7, 51), 3)[1]
    True
    """
    key = (hand, most)
    found = _EXCHANGES.get(key)
    if found is not None:
        return found
    if len(_EXCHANGES) >= _EXCHANGES_KEPT:
        _EXCHANGES.clear()
    found = _STAND_PAT
    if most >= 1:
        found += tuple(map(_SINGLES.__getitem__, hand))
        if most >= 2:
            found += tuple(map(_INTERNED.__getitem__, combinations(hand, 2)))
            if most >= 3:
                found += tuple(map(_INTERNED.__getitem__, combinations(hand, 3)))
                if most >= 4:
                    cards = tuple(map(_card_of, hand))
                    found += _blank_exchanges(
                        tuple(
                            chain.from_iterable(combinations(cards, k) for k in range(4, most + 1))
                        )
                    )
    _EXCHANGES[key] = found
    return found


def _blank_exchanges(subsets: tuple[tuple[Card, ...], ...]) -> tuple[Exchange, ...]:
    """New ``Exchange`` objects of ``subsets`` (each already in canonical order), built
    in C: blank instances, then their one slot set through its descriptor."""
    found: tuple[Exchange, ...] = tuple(map(_new, repeat(Exchange, len(subsets))))
    deque(map(_SET_DISCARDS, found, subsets), 0)
    return found


class _Interned(dict[tuple[int, ...], Exchange]):
    """The interned exchanges of two or three cards, keyed by their sorted card
    indices; the three-card ones (C(52, 3) of them) are all made, in C, the first time
    one is asked for (a few milliseconds, once per process)."""

    __slots__ = ()

    def __missing__(self, key: tuple[int, ...]) -> Exchange:
        if len(key) != 3 or len(self) > _PAIR_COUNT:
            raise KeyError(key)
        self.update(
            zip(
                combinations(range(52), 3),
                _blank_exchanges(tuple(combinations(STANDARD_DECK, 3))),
                strict=True,
            )
        )
        return self[key]


_PAIR_COUNT = 52 * 51 // 2
_STAND_PAT = _blank_exchanges(((),))
"""The interned stand-pat exchange, alone in a tuple."""
_SINGLES = _blank_exchanges(tuple(zip(STANDARD_DECK)))
"""The interned one-card exchanges, by card index."""
_INTERNED = _Interned(
    zip(
        combinations(range(52), 2),
        _blank_exchanges(tuple(combinations(STANDARD_DECK, 2))),
        strict=True,
    )
)
"""The interned exchanges of two cards and, from the first use, of three."""


# ---------------------------------------------------------------------- legality


def plays(
    hand: tuple[int, ...], trick: tuple[int, ...], trump: int, must_head: bool
) -> tuple[Play, ...]:
    """The legal plays of ``hand`` to a trick already begun (the last step of
    :func:`~cardrules.bourre.tricks.judge`), as interned actions.

    >>> [str(p) for p in plays((1, 12, 13), (9,), 0, True)]  # 4♦ led, clubs trump
    ['play 5♦']
    """
    return tuple(map(_PLAYS.__getitem__, narrow(hand, trick, trump, must_head)))


def leads(hand: tuple[int, ...]) -> tuple[Play, ...]:
    """The legal plays of ``hand`` leading a trick: any card (B-5.1), as interned actions.

    >>> [str(p) for p in leads((0, 51))]
    ['play 2♣', 'play A♠']
    """
    return tuple(map(_PLAYS.__getitem__, hand))


def legal_actions(state: State) -> tuple[Action, ...]:
    """The one source of legality for decisions (chance nodes: ``check_shuffle``)."""
    table = state.table
    phase = table.phase
    if phase is _PLAY:
        seat: int = state.to_act  # type: ignore[assignment]
        trick = state.trick_ix
        if trick:
            return plays(
                state.hand_ix[seat], trick, table.trump_ix & 3, table.deal.rules.must_head_following
            )
        return leads(state.hand_ix[seat])
    if phase is _STAY:
        return STAY_OR_DROP
    if phase is _EXCHANGE:
        seat = state.to_act  # type: ignore[assignment]
        hand = state.hand_ix[seat]
        return exchanges(hand, min(len(hand), len(table.stock_ix) + len(table.muck_ix)))
    return ()


def illegal(state: State, action: object) -> IllegalActionError:
    """The error for an action not in the legal set: the reason and the rule (X-9)."""
    seat = state.to_act
    assert isinstance(seat, int)
    rule, reason = "X-9", "it is not an action of Bourré"
    if isinstance(action, Shuffle):
        rule, reason = "X-2", "a Shuffle is only applied at a chance node"
    elif isinstance(action, Action):
        rule, reason = _reason(state, seat, action)
    if isinstance(action, StayIn | Drop | Exchange | Play):
        what = f"seat {seat} cannot {_text(action)}"
    else:
        what = f"seat {seat} cannot apply {_text(action, repr)}"
    return IllegalActionError(
        f"{what}: {reason} ({rule}); legal now: {describe_legal(state)}",
        rule=rule,
        seat=seat,
        action=action,
    )


def describe_legal(state: State) -> str:
    """The legal actions in a few words (the exchanges summed up by size).

    >>> from cardrules.bourre import new_game
    >>> describe_legal(new_game())
    'nothing'
    """
    legal = state.legal_actions()
    if state.phase is _EXCHANGE:
        most = max(len(action.discards) for action in legal)  # type: ignore[attr-defined]
        return f"stand pat, or exchange 1 to {most} of its cards" if most else "stand pat"
    if state.phase is _PLAY:
        return ", ".join([_PLAY_TEXTS[action.card.index] for action in legal])  # type: ignore[attr-defined]
    return describe_actions(legal)


def _text(action: object, show: Callable[[object], str] = str) -> str:
    try:
        return show(action)
    except Exception:  # a broken __str__/__repr__ must not hide the real error
        return f"a {type(action).__name__}"


def _reason(state: State, seat: int, action: Action) -> tuple[str, str]:
    """Why ``action`` of the right kind or the wrong kind is not legal now."""
    phase = state.phase
    if phase is _STAY:
        return "B-3.1", "every seat first says stay in or drop, in seat order from eldest"
    if phase is _EXCHANGE:
        if not isinstance(action, Exchange):
            return "B-4.1", "the seats still in now exchange, in seat order from eldest"
        discards = action.discards
        if not isinstance(discards, tuple) or not all(c.__class__ is Card for c in discards):
            return "X-9", "Exchange.discards must be a tuple of Cards"
        if len(set(discards)) != len(discards):
            return "X-9", "a card is discarded twice"
        hand = state.hand_ix[seat]
        foreign = [c for c in discards if c.index not in hand]
        if foreign:
            return "B-4.1", (
                f"the seat does not hold {' '.join(map(str, foreign))}: it can only "
                "discard its own cards"
            )
        available = len(state.stock_ix) + len(state.muck_ix)
        return "B-4.2", (
            f"only {available} card(s) can be drawn (stock "
            f"{len(state.stock_ix)}, restockable muck {len(state.muck_ix)})"
        )
    # trick play
    if isinstance(action, Exchange) and not state.rules.exchange:
        return "V-B.3", "Reno Bourré (exchange=False) has no exchange"
    if not isinstance(action, Play):
        return "B-5.1", "the deal is in trick play: only Play(card) is possible"
    card = action.card
    if card.__class__ is not Card:
        return "X-9", f"Play.card must be a Card, not {card!r}"
    index = card.index
    hand = state.hand_ix[seat]
    rule = refusal(index, hand, state.trick_ix, state.trump_ix & 3, state.rules.must_head_following)
    trump = STANDARD_DECK[state.trump_ix].suit
    led = STANDARD_DECK[state.trick_ix[0]].suit if state.trick_ix else None
    reasons = {
        "X-9": f"the seat does not hold {card}",
        "B-5.2": f"it holds {led} and must follow suit",
        "B-5.3": f"it is void in {led} and holds a trump ({trump}), so it must trump",
        "B-5.4": "a trump must beat the highest trump in the trick when it can",
        "B-5.5": f"it must beat the highest {led} in the trick when it can",
    }
    rule = rule or "X-9"
    return rule, reasons.get(rule, "it is not playable now")
