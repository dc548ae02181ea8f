"""``arrange_deck``: a shuffle that deals chosen cards, to set up a position.

>>> from cardrules.cards import cards
>>> from cardrules.bouillotte.modern.state import new_game
>>> state = new_game()
>>> shuffle = arrange_deck(state, {1: "9s Qh Ac"}, retourne="Kd")
>>> dealt = state.apply(shuffle)
>>> dealt.hands[1], dealt.retournes
((Card.parse('9♠'), Card.parse('Q♥'), Card.parse('A♣')), (Card.parse('K♦'),))
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping

from cardrules.bouillotte.modern.phase import Phase
from cardrules.bouillotte.modern.rules import Rules
from cardrules.bouillotte.modern.state import State
from cardrules.cards import Card, cards
from cardrules.chance import Shuffle
from cardrules.errors import CardRulesError

CardsLike = str | Iterable[Card | str]


def _read(value: CardsLike, what: str) -> tuple[Card, ...]:
    try:
        if isinstance(value, str):
            return cards(value)
        return tuple(Card.parse(c) for c in value)  # type: ignore[arg-type]
    except (TypeError, ValueError) as error:
        raise CardRulesError(
            f"arrange_deck: {what} must be cards, not {value!r}: {error}"
        ) from None


def arrange_deck(
    state: State,
    hands: Mapping[int, CardsLike],
    *,
    retourne: Card | str | None = None,
    retournes: CardsLike | None = None,
    stock: CardsLike | None = None,
) -> Shuffle:
    """A :class:`~cardrules.Shuffle` for ``state``'s chance node that deals the given cards.

    Cards are dealt one at a time from eldest (X-1); then come the retourné(s), then
    the stock. A seat left out of ``hands`` (and any card not named) gets the cards
    left over, in the order of the deck.

    :param state: a state at a deal's chance node.
    :param hands: seat → its 3 cards in the order dealt (``"9s Qh Ac"`` or cards).
    :param retourne: the retourné, with one retourné.
    :param retournes: the retournés (one card, or two with ``retournes=2``, V-M.1).
    :param stock: the cards right after the retourné(s), top first. With
        ``retourne_change`` the first (first two with two retournés) become the new
        retourné(s) (V-M.4).
    :returns: the shuffle; apply it to the state.
    :raises ValueError: for a state that is not at a chance node, a seat out of range,
        a hand that is not 3 cards, a card not in the deck or named twice.

    >>> from cardrules.bouillotte.modern.state import new_game
    >>> from cardrules.bouillotte.modern.rules import Rules
    >>> state = new_game(Rules(retournes=2, retourne_change=True))
    >>> shuffle = arrange_deck(state, {}, retournes="Ah Kh", stock="8c 8d")
    >>> shuffle.order[12:16] == cards("Ah Kh 8c 8d")
    True
    """
    if getattr(state, "phase", None) is not Phase.DEAL:
        raise CardRulesError(
            "arrange_deck needs a state at a deal's chance node (state.to_act is CHANCE)"
        )
    rules = state.rules
    dealt = _read_hands(hands, rules.players)
    up = _read_up(rules, retourne, retournes)
    top = _read(stock, "the stock") if stock is not None else ()
    named = [card for hand in dealt.values() for card in hand] + [*up, *top]
    _check_named(named, rules)
    used = set(named)
    rest = iter([c for c in rules.deck if c not in used])
    order: list[Card] = []
    n = rules.players
    eldest = (state.dealer + 1) % n
    for round_ in range(3):
        for k in range(n):
            given = dealt.get((eldest + k) % n)
            order.append(given[round_] if given is not None else next(rest))
    order.extend(up if up else [next(rest) for _ in range(rules.retournes)])
    order.extend(top)
    order.extend(rest)
    return Shuffle(tuple(order))


def _read_hands(hands: Mapping[int, CardsLike], players: int) -> dict[int, tuple[Card, ...]]:
    """The hands to deal, by seat, checked: 3 cards for a seat of the game."""
    if not isinstance(hands, Mapping):
        raise CardRulesError(f"arrange_deck: hands must be a mapping seat -> cards, not {hands!r}")
    dealt: dict[int, tuple[Card, ...]] = {}
    for seat, hand in hands.items():
        if type(seat) is not int or not 0 <= seat < players:
            raise CardRulesError(
                f"arrange_deck: seat must be an int from 0 to {players - 1}, not {seat!r}"
            )
        cards_ = _read(hand, f"the hand of seat {seat}")
        if len(cards_) != 3:
            raise CardRulesError(f"arrange_deck: seat {seat} must get 3 cards, not {len(cards_)}")
        dealt[seat] = cards_
    return dealt


def _read_up(
    rules: Rules, retourne: Card | str | None, retournes: CardsLike | None
) -> tuple[Card, ...]:
    """The retourné(s) asked for, checked against the rules (``()``: any)."""
    if retourne is not None and retournes is not None:
        raise CardRulesError("arrange_deck: give retourne= or retournes=, not both")
    up: tuple[Card, ...] = ()
    if retourne is not None:
        if rules.retournes != 1:
            raise CardRulesError(
                "arrange_deck: these rules turn up 2 retournés; give retournes=(card, card)"
            )
        up = _read((retourne,) if isinstance(retourne, Card) else retourne, "the retourné")
        if len(up) != 1:
            raise CardRulesError(f"arrange_deck: retourne= is one card, not {retourne!r}")
    elif retournes is not None:
        up = _read(retournes, "the retournés")
        if len(up) != rules.retournes:
            raise CardRulesError(
                f"arrange_deck: these rules turn up {rules.retournes} retourné(s), not {len(up)}"
            )
    return up


def _check_named(named: list[Card], rules: Rules) -> None:
    """Every card named must be in the deck, once."""
    deck = rules.deck
    in_deck = frozenset(deck)
    for card in named:
        if card not in in_deck:
            raise CardRulesError(
                f"arrange_deck: {card} is not in the {len(deck)}-card deck "
                f"for {rules.players} players"
            )
    if len(set(named)) != len(named):
        twice = sorted({str(c) for c in named if named.count(c) > 1})
        raise CardRulesError(f"arrange_deck: cards named twice: {' '.join(twice)}")
    if len(named) > len(deck):
        raise CardRulesError("arrange_deck: more cards named than the deck holds")
