"""Setting up a position: :func:`arrange_deck` builds the shuffle that deals chosen hands.

>>> from cardrules.bouillotte.historic import new_game, DECLINE
>>> from cardrules.cards import Card, cards
>>> state = new_game(dealer=3).apply(DECLINE)
>>> shuffle = arrange_deck(state, {0: cards("9♥ 9♦ 9♣")}, retourne=Card.parse("9♠"))
>>> dealt = state.apply(shuffle)
>>> dealt.hands[0], dealt.retourne
((Card.parse('9♥'), Card.parse('9♦'), Card.parse('9♣')), Card.parse('9♠'))
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping
from typing import TYPE_CHECKING

from cardrules.bouillotte.historic.phase import Phase
from cardrules.bouillotte.historic.rules import DECK, DECK_SET, PLAYERS
from cardrules.cards import Card
from cardrules.chance import Shuffle
from cardrules.errors import CardRulesError, shorten

if TYPE_CHECKING:
    from cardrules.bouillotte.historic.state import State


def arrange_deck(
    state: State, hands: Mapping[int, Iterable[Card]], *, retourne: Card | None = None
) -> Shuffle:
    """The :class:`~cardrules.Shuffle` that deals ``hands`` and the ``retourne`` (API.md §4).

    Each given hand's cards are dealt in the order given (X-1); the cards not named
    fill the other places in the order of the 20-card deck.

    :param state: a state at the deal's chance node (``state.to_act is CHANCE``).
    :param hands: seat → its 3 cards; seats left out get cards from the rest.
    :param retourne: the card to turn up (default: the next card of the rest).
    :returns: the shuffle to apply.
    :raises ValueError: for a state that is not at the chance node, a seat out of
        range, a hand that is not 3 cards, a card outside the deck, or a card named twice.

    >>> from cardrules.bouillotte.historic import new_game, DECLINE
    >>> from cardrules.cards import cards
    >>> state = new_game().apply(DECLINE)
    >>> state.apply(arrange_deck(state, {2: cards("A♥ K♥ Q♥")})).hands[2]
    (Card.parse('A♥'), Card.parse('K♥'), Card.parse('Q♥'))
    """
    if getattr(state, "phase", None) is not Phase.DEAL:
        raise CardRulesError(
            "arrange_deck needs a state at the deal's chance node "
            "(to_act is CHANCE, after the carre phase)"
        )
    if not isinstance(hands, Mapping):
        raise CardRulesError(f"hands must be a mapping seat → cards, not {type(hands).__name__}")
    named: list[Card] = []
    places: dict[int, Card] = {}
    eldest = (state.dealer + 1) % PLAYERS
    for seat, hand in hands.items():
        if type(seat) is not int or not 0 <= seat < PLAYERS:
            raise CardRulesError(
                f"hands: seat must be an int from 0 to {PLAYERS - 1}, not {shorten(seat, repr)}"
            )
        if isinstance(hand, str | bytes) or not isinstance(hand, Iterable):
            raise CardRulesError(
                f"hands[{seat}]: give cards, e.g. cards('9h 9d 9c'), not {shorten(hand, repr)}"
            )
        cards_ = tuple(hand)
        if len(cards_) != 3:
            raise CardRulesError(f"hands[{seat}]: a hand is 3 cards (H-3.1), not {len(cards_)}")
        order = (seat - eldest) % PLAYERS
        for k, card in enumerate(cards_):
            places[order + PLAYERS * k] = card
            named.append(card)
    if retourne is not None:
        places[3 * PLAYERS] = retourne
        named.append(retourne)
    for card in named:
        if not isinstance(card, Card):
            raise CardRulesError(
                f"{card!r} is not a Card: write cards('9h 9d 9c') or Card.parse('9s')"
            )
        if card not in DECK_SET:
            raise CardRulesError(f"{card} is not a card of the historic deck (A K Q 9 8)")
    if len(set(named)) != len(named):
        twice = sorted({str(c) for c in named if named.count(c) > 1})
        raise CardRulesError(f"cards named twice: {' '.join(twice)}")
    rest = iter(card for card in DECK if card not in set(named))
    return Shuffle(tuple(places[i] if i in places else next(rest) for i in range(len(DECK))))
