"""The encoding of Bourré (:mod:`cardrules.bourre`).

Action ids (``N = 2 + 52 + 2 ** hand_size``):

============  ======================================================
id            action
============  ======================================================
0             ``StayIn()``
1             ``Drop()``
2 + i         ``Play(card)`` of the card with index ``i`` in ``STANDARD_DECK``
54 + m        ``Exchange(discards)``: bit ``j`` of ``m`` set when the ``j``-th card of
              the seat's hand in canonical order (``sorted(view.hand)``) is discarded;
              ``m = 0`` stands pat
============  ======================================================

>>> from cardrules.encodings import encoding_for
>>> encoding_for("bourre").num_actions
86
"""

from __future__ import annotations

from fractions import Fraction
from typing import Any

from cardrules.actions import Action
from cardrules.bourre import (
    GAME_ID,
    Drop,
    Exchange,
    HiddenExchange,
    Phase,
    Play,
    Rules,
    StayIn,
    TrumpTurned,
)
from cardrules.cards import STANDARD_DECK, Card
from cardrules.chance import Shuffle
from cardrules.encodings.base import (
    Codec,
    Section,
    at,
    cards_at,
    cards_text,
    check_rules,
    common_sections,
    common_text,
    foreign,
    per_seat,
    scaled,
    with_deals,
)

_DECK_INDEX = {card: i for i, card in enumerate(STANDARD_DECK)}
_PLAYS = 2
_EXCHANGES = 2 + len(STANDARD_DECK)
_PHASES = tuple(Phase)


def codec(rules: Rules | None = None) -> Codec:
    """The codec of Bourré under ``rules`` (default ``Rules()``).

    ``chip_bound`` = ``players × stack × deals`` bounds every chip count of a session
    started with the rules' stacks. A deal takes at most ``1 + 3 × players +
    hand_size × players`` actions: the deal's shuffle, a restock per exchanging seat, a
    stay-or-drop and an exchange per seat, and the tricks. ``returns()`` lies between
    ``-stack × deals`` and ``(players - 1) × stack × deals``.
    """
    rules = check_rules(rules, Rules, GAME_ID)
    players, deals, size = rules.players, rules.deals, rules.hand_size

    def decode(action_id: int, view: Any) -> Action | None:
        if action_id < _PLAYS:
            return (StayIn(), Drop())[action_id]
        if action_id < _EXCHANGES:
            return Play(STANDARD_DECK[action_id - _PLAYS])
        mask = action_id - _EXCHANGES
        hand = sorted(view.hand)
        if mask >> len(hand):
            return None
        return Exchange(tuple(card for j, card in enumerate(hand) if mask >> j & 1))

    return Codec(
        game_id=GAME_ID,
        rules=rules,
        players=players,
        deck=STANDARD_DECK,
        num_actions=_EXCHANGES + 2**size,
        max_game_length=deals * (1 + 3 * players + size * players),
        max_utility=Fraction((players - 1) * rules.stack * deals),
        min_utility=Fraction(-rules.stack * deals),
        chip_bound=players * rules.stack * deals,
        deals=deals,
        kinds=(Shuffle, StayIn, Drop, Exchange, HiddenExchange, Play),
        received_batches=2,
        sections=_sections(rules),
        encode=_encode,
        decode=decode,
        received=_received,
        shown=_shown,
        describe=_describe,
        cards_in=_cards_in,
    )


def _encode(action: Action, view: Any) -> int:
    """The id of ``action`` (see the module's table)."""
    cls = action.__class__
    if cls is StayIn:
        return 0
    if cls is Drop:
        return 1
    if cls is Play:
        if action.card.__class__ is Card:  # type: ignore[attr-defined]
            return _PLAYS + _DECK_INDEX[action.card]  # type: ignore[attr-defined]
        raise ValueError(f"{action!r} cannot be encoded: a play names a card of the deck")
    if cls is Exchange:
        hand = sorted(view.hand)
        discards = action.discards  # type: ignore[attr-defined]
        if (
            isinstance(discards, tuple)
            and all(card.__class__ is Card for card in discards)
            and len(set(discards)) == len(discards)
            and all(card in hand for card in discards)
        ):
            return _EXCHANGES + sum(1 << hand.index(card) for card in discards)
        raise ValueError(
            f"{action!r} cannot be encoded here: an exchange is encoded by which of the "
            f"seat's cards it discards, and the hand is {cards_text(hand)}"
        )
    raise foreign(action, GAME_ID)


def _cards_in(action: Action) -> tuple[tuple[Card, ...], int]:
    """The cards of a history slot (a played card, one's own discards) and the count of
    another seat's hidden exchange."""
    cls = action.__class__
    if cls is Play:
        return (action.card,), 0  # type: ignore[attr-defined]
    if cls is Exchange:
        return tuple(action.discards), 0  # type: ignore[attr-defined]
    if cls is HiddenExchange:
        return (), int(action.count)  # type: ignore[attr-defined]
    return (), 0


def _sections(rules: Rules) -> tuple[Section, ...]:
    """The observation: the common sections, then ``phase`` (one-hot over
    :class:`~cardrules.bourre.Phase`), ``trump_card`` (one-hot over the deck),
    ``trump_card_out``, ``discards`` (the seat's own, multi-hot), ``trick`` (per position
    in play order, one-hot over the deck), ``trick_leader`` (one-hot over the seats and
    "nobody"), ``stayed_in`` (per seat, one-hot over stayed, dropped, not yet said),
    ``exchanged`` (per seat, one-hot over 0 … hand_size cards and "not yet"),
    ``stock_size`` and ``muck_size`` (over 52), ``tricks_won`` (per seat, over
    hand_size) and ``rebuys`` (per seat, over deals)."""
    players, size, deals = rules.players, rules.hand_size, rules.deals
    deck = len(STANDARD_DECK)

    def trick(view: Any) -> list[tuple[int, float]]:
        return [(n * deck + _DECK_INDEX[card], 1.0) for n, card in enumerate(view.trick)]

    def stayed(view: Any) -> list[tuple[int, float]]:
        return per_seat(((True, False, None).index(said) for said in view.stayed_in), 3)

    def exchanged(view: Any) -> list[tuple[int, float]]:
        return per_seat((size + 1 if n is None else n for n in view.exchanged), size + 2)

    def leader(view: Any) -> tuple[tuple[int, float], ...]:
        return at(players if view.trick_leader is None else view.trick_leader)

    return (
        *common_sections(players, STANDARD_DECK, deals),
        Section("phase", len(_PHASES), lambda view: at(_PHASES.index(view.phase))),
        Section("trump_card", deck, lambda view: cards_at((view.trump_card,), _DECK_INDEX)),
        Section("trump_card_out", 1, lambda view: scaled((view.trump_card_out,), 1)),
        Section("discards", deck, lambda view: cards_at(view.discards, _DECK_INDEX)),
        Section("trick", players * deck, trick),
        Section("trick_leader", players + 1, leader),
        Section("stayed_in", players * 3, stayed),
        Section("exchanged", players * (size + 2), exchanged),
        Section("stock_size", 1, lambda view: scaled((view.stock_size,), deck)),
        Section("muck_size", 1, lambda view: scaled((view.muck_size,), deck)),
        Section("tricks_won", players, lambda view: scaled(view.tricks_won, size)),
        Section("rebuys", players, lambda view: scaled(view.rebuys, deals)),
    )


def _received(view: Any) -> tuple[tuple[tuple[Card, ...], ...], ...]:
    """Per deal so far: the cards the seat was dealt, and those it drew at the exchange
    (``view.received`` holds them in that order)."""
    size = view.rules.hand_size
    return tuple((tuple(cards[:size]), tuple(cards[size:])) for cards in view.received)


def _shown(view: Any) -> list[tuple[int, int, tuple[Card, ...]]]:
    """``(deal, table, (trump card,))`` for every trump card turned up."""
    table = len(view.stacks)
    shown: list[tuple[int, int, tuple[Card, ...]]] = []
    if view.trump_card is not None:
        shown.append((view.deal_number, table, (view.trump_card,)))
    for deal, event in with_deals(view, TrumpTurned):
        shown.append((deal, table, (event.card,)))
    return shown


def _describe(view: Any) -> str:
    """The observation string."""
    trump = "-" if view.trump_card is None else str(view.trump_card)
    return (
        f"{common_text(view)} | trump card {trump} (out {int(view.trump_card_out)}) | "
        f"discards {cards_text(view.discards)} | trick {cards_text(view.trick)} "
        f"(leader {view.trick_leader}) | stayed in {list(view.stayed_in)} | "
        f"exchanged {list(view.exchanged)} | stock {view.stock_size} muck {view.muck_size} | "
        f"tricks won {list(view.tricks_won)} | rebuys {list(view.rebuys)}"
    )
