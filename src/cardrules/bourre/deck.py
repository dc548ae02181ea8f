"""Setting up a position: :func:`arrange_deck` builds the ``Shuffle`` that deals given hands.

>>> from cardrules.cards import cards
>>> from cardrules.bourre import Rules, new_game
>>> state = new_game(Rules(players=2))
>>> shuffle = arrange_deck(state, {1: cards("As Ks Qs Js Ts"),
...                                0: cards("2c 3c 4c 5c 6h")}, trump_card=cards("6h")[0])
>>> state = state.apply(shuffle)
>>> str(state.trump_card), [str(c) for c in state.hands[1]]
('6♥', ['T♠', 'J♠', 'Q♠', 'K♠', 'A♠'])
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping
from typing import TYPE_CHECKING

from cardrules.bourre.phase import Phase
from cardrules.cards import Card
from cardrules.chance import Shuffle
from cardrules.errors import CardRulesError

if TYPE_CHECKING:
    from cardrules.bourre.state import State


def _cards(value: object, what: str) -> tuple[Card, ...]:
    if isinstance(value, str) or not isinstance(value, Iterable):
        raise CardRulesError(f"{what} must be a sequence of Cards, not {value!r}")
    items = tuple(value)
    for item in items:
        if item.__class__ is not Card:
            raise CardRulesError(f"{what} holds {item!r}, which is not a Card")
    return items


def arrange_deck(
    state: State,
    hands: Mapping[int, Iterable[Card]],
    *,
    trump_card: Card | None = None,
    stock: Iterable[Card] | None = None,
) -> Shuffle:
    """A ``Shuffle`` for the chance node ``state`` that deals the given cards.

    At the deal's chance node, ``hands`` maps seats to exactly ``hand_size`` cards each
    (seats left out get the first unused cards in canonical order); each hand is dealt
    in the order given, except that ``trump_card`` (which must be in the dealer's hand)
    is dealt as the dealer's last card, face up (B-2.2). Without ``trump_card`` the
    dealer's last given card is trump. ``stock`` puts cards on top of the stock, in
    order; the other cards follow in canonical order.

    At a restock chance node (B-4.2) ``hands`` must be empty and ``trump_card`` not
    given: ``stock`` is the top of the new stock (the drawing seat takes the first
    cards), the other mucked cards follow in canonical order.

    :param state: a state at a chance node.
    :param hands: seat → cards.
    :param trump_card: the dealer's face-up card.
    :param stock: cards for the top of the stock.
    :returns: the shuffle to apply.
    :raises ValueError: for a state not at a chance node, a bad seat, a wrong count,
        duplicates, cards not in the deck (or not in the muck), or a trump card not in
        the dealer's hand.

    >>> from cardrules.bourre import new_game
    >>> arrange_deck(new_game(), {0: ()})
    Traceback (most recent call last):
    ...
    cardrules.errors.CardRulesError: arrange_deck: seat 0 must get exactly 5 cards, not 0
    """
    phase = getattr(state, "phase", None)
    if phase is not Phase.DEAL and phase is not Phase.RESTOCK:
        raise CardRulesError(
            "arrange_deck needs a state at a chance node of Bourré (the deal "
            f"or a restock), not one in phase {phase!r}"
        )
    if not isinstance(hands, Mapping):
        raise CardRulesError(f"arrange_deck: hands must be a mapping seat -> cards, not {hands!r}")
    n, size = state.rules.players, state.rules.hand_size
    pool = state.chance_cards
    top = _cards(stock, "arrange_deck: stock") if stock is not None else ()
    if phase is Phase.RESTOCK:
        if hands or trump_card is not None:
            raise CardRulesError(
                "arrange_deck: at a restock only stock= may be given (no hands, no trump_card)"
            )
        return Shuffle(_complete(top, pool, "the muck"))
    given = _given_hands(hands, n, size)
    dealer = state.dealer
    if trump_card is not None:
        given = _with_trump(given, trump_card, dealer)
    _fill(given, pool, top, trump_card, dealer, n, size)
    eldest = (dealer + 1) % n
    dealt = [given[(eldest + k) % n][r] for r in range(size) for k in range(n)]
    return Shuffle(_complete((*dealt, *top), pool, "the deck"))


def _fill(
    given: dict[int, tuple[Card, ...]],
    pool: tuple[Card, ...],
    top: tuple[Card, ...],
    trump_card: Card | None,
    dealer: int,
    n: int,
    size: int,
) -> None:
    """Check that no card is given twice, and give each seat left out the first unused
    cards of ``pool`` (the dealer's last one ``trump_card``, when given)."""
    used = [card for hand in given.values() for card in hand]
    if trump_card is not None and dealer not in given:
        used.append(trump_card)
    used += top
    if len(set(used)) != len(used):
        twice = sorted({str(c) for c in used if used.count(c) > 1})
        raise CardRulesError(f"arrange_deck: cards given twice: {' '.join(twice)}")
    spare = iter(c for c in pool if c not in set(used))
    for seat in range(n):
        if seat not in given:
            up = trump_card if seat == dealer else None
            filler = [next(spare) for _ in range(size - (up is not None))]
            given[seat] = (*filler, up) if up is not None else tuple(filler)


def _given_hands(
    hands: Mapping[int, Iterable[Card]], n: int, size: int
) -> dict[int, tuple[Card, ...]]:
    """The hands given to :func:`arrange_deck`, checked: seats and card counts."""
    given: dict[int, tuple[Card, ...]] = {}
    for seat, cards in hands.items():
        if type(seat) is not int or not 0 <= seat < n:
            raise CardRulesError(
                f"arrange_deck: seat must be an int from 0 to {n - 1}, not {seat!r}"
            )
        hand = _cards(cards, f"arrange_deck: seat {seat}'s hand")
        if len(hand) != size:
            raise CardRulesError(
                f"arrange_deck: seat {seat} must get exactly {size} cards, not {len(hand)}"
            )
        given[seat] = hand
    return given


def _with_trump(
    given: dict[int, tuple[Card, ...]], trump_card: object, dealer: int
) -> dict[int, tuple[Card, ...]]:
    """``given`` with ``trump_card`` moved last in the dealer's hand (B-2.2), checked."""
    if trump_card.__class__ is not Card:
        raise CardRulesError(f"arrange_deck: trump_card must be a Card, not {trump_card!r}")
    if dealer in given:
        if trump_card not in given[dealer]:
            raise CardRulesError(
                f"arrange_deck: the trump card {trump_card} must be in the "
                f"dealer's (seat {dealer}) hand"
            )
        given[dealer] = (*(c for c in given[dealer] if c != trump_card), trump_card)
    return given


def _complete(first: tuple[Card, ...], pool: tuple[Card, ...], where: str) -> tuple[Card, ...]:
    """``first`` followed by the rest of ``pool`` in canonical order."""
    members = set(pool)
    outside = [str(c) for c in first if c not in members]
    if outside:
        raise CardRulesError(f"arrange_deck: {' '.join(outside)} not in {where}")
    if len(set(first)) != len(first):
        raise CardRulesError("arrange_deck: a card is given twice")
    chosen = set(first)
    return (*first, *(c for c in pool if c not in chosen))
