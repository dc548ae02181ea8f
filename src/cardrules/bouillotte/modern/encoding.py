"""The encoding of modern Bouillotte (:mod:`cardrules.bouillotte.modern`).

Action ids (``N = 4 + max_raise``):

======  ============================================================
id      action
======  ============================================================
0       ``Check()``
1       ``Call()``
2       ``Fold()``
3       ``Announce()``
3 + k   ``Raise(to=largest + k)`` for ``k = 1 … max_raise``, where ``largest`` is the
        largest contribution of the deal now (M-3.3)
======  ============================================================

>>> from cardrules.encodings import encoding_for
>>> encoding_for("bouillotte-modern").num_actions
9
"""

from __future__ import annotations

from collections.abc import Iterator
from fractions import Fraction
from typing import Any

from cardrules.actions import Action, Call, Check, Fold, Raise
from cardrules.bouillotte.modern import (
    GAME_ID,
    Announce,
    Announced,
    CardsTurned,
    HandShown,
    Phase,
    RetourneChanged,
    RetournesTurned,
    Rules,
)
from cardrules.cards import Card, piquet_deck
from cardrules.chance import Shuffle
from cardrules.encodings.base import (
    Codec,
    Recall,
    Section,
    at,
    cards_at,
    cards_text,
    check_rules,
    common_sections,
    common_text,
    foreign,
    per_seat,
    raise_offset,
    scaled,
    with_deals,
)

_LISTED: dict[type[Action], int] = {Check: 0, Call: 1, Fold: 2, Announce: 3}
_BY_ID: tuple[Action, ...] = (Check(), Call(), Fold(), Announce())
_CLASSES = ("carre", "favori", "simple")
_PHASES = tuple(Phase)


def codec(rules: Rules | None = None) -> Codec:
    """The codec of modern Bouillotte under ``rules`` (default ``Rules()``).

    ``chip_bound`` = ``players × stack × deals`` bounds every chip count of a session
    started with the rules' stacks (each deal after the first adds at most one rebuy per
    seat, X-6). A deal takes at most ``1 + players + (chip_bound + betting_rounds) ×
    players`` actions: its shuffle, one announcement per seat, and per betting round one
    action per seat before each raise and after the last one, with at most
    ``chip_bound`` raises (each lifts the largest contribution by at least 1).
    ``returns()`` lies between ``-stack × deals`` (a seat never loses more than it
    brought in) and ``(players - 1) × stack × deals`` (everything the others brought in).
    """
    rules = check_rules(rules, Rules, GAME_ID)
    players, deals = rules.players, rules.deals
    deck = piquet_deck(players)
    chip_bound = players * rules.stack * deals
    per_deal = 1 + players + (chip_bound + rules.betting_rounds) * players

    def encode(action: Action, view: Any) -> int:
        cls = action.__class__
        if cls in _LISTED:
            return _LISTED[cls]
        if cls is Raise:
            return 3 + raise_offset(action, max(view.contributions), 1, rules.max_raise)
        raise foreign(action, GAME_ID)

    def decode(action_id: int, view: Any) -> Action | None:
        if action_id < 4:
            return _BY_ID[action_id]
        return Raise(to=max(view.contributions) + action_id - 3)

    return Codec(
        game_id=GAME_ID,
        rules=rules,
        players=players,
        deck=deck,
        num_actions=4 + rules.max_raise,
        max_game_length=deals * per_deal,
        max_utility=Fraction((players - 1) * rules.stack * deals),
        min_utility=Fraction(-rules.stack * deals),
        chip_bound=chip_bound,
        deals=deals,
        kinds=(Shuffle, Check, Call, Fold, Raise, Announce),
        received_batches=1,
        sections=_sections(rules, deck),
        encode=encode,
        decode=decode,
        received=_received,
        shown=_shown,
        describe=_describe,
        recall=Recall("announced_by_deal", players * 3, _announced),
    )


def _announced(view: Any) -> Iterator[tuple[int, int]]:
    """Per deal, each announcer's class (M-4.3: the class is public, the cards are
    not): ``(deal, seat × 3 + class)``, so that a brelan announced in an earlier deal
    stays in the tensor after the deal's own ``announced`` section has moved on."""
    for deal, event in with_deals(view, Announced):
        yield deal, event.seat * 3 + _CLASSES.index(event.category)


def _sections(rules: Rules, deck: tuple[Card, ...]) -> tuple[Section, ...]:
    """The observation: the common sections, then ``phase`` (one-hot over
    :class:`~cardrules.bouillotte.modern.phase.Phase`), ``betting_round`` (one-hot),
    ``retournes``, ``dead_retournes`` (multi-hot), ``face_up`` (per seat, multi-hot),
    ``folded`` (per seat), ``announced`` (per seat, one-hot over carré, favori,
    simple) and ``rebuys`` (per seat, over ``deals``)."""
    players, size = rules.players, len(deck)
    index = {card: i for i, card in enumerate(deck)}

    def face_up(view: Any) -> list[tuple[int, float]]:
        return [
            (seat * size + index[card], 1.0)
            for seat, cards in enumerate(view.face_up)
            for card in cards
        ]

    def announced(view: Any) -> list[tuple[int, float]]:
        classes = (None if c is None else _CLASSES.index(c) for c in view.announced)
        return per_seat(classes, 3)

    return (
        *common_sections(players, deck, rules.deals),
        Section("phase", len(_PHASES), lambda view: at(_PHASES.index(view.phase))),
        Section("betting_round", rules.betting_rounds, lambda view: at(view.betting_round)),
        Section("retournes", size, lambda view: cards_at(view.retournes, index)),
        Section("dead_retournes", size, lambda view: cards_at(view.dead_retournes, index)),
        Section("face_up", players * size, face_up),
        Section("folded", players, lambda view: scaled(view.folded, 1)),
        Section("announced", players * 3, announced),
        Section("rebuys", players, lambda view: scaled(view.rebuys, rules.deals)),
    )


def _received(view: Any) -> tuple[tuple[tuple[Card, ...], ...], ...]:
    """Per deal so far, the cards the seat was dealt (one batch per deal)."""
    return tuple((tuple(cards),) for cards in view.received)


def _shown(view: Any) -> list[tuple[int, int, tuple[Card, ...]]]:
    """Per event that turned cards face up: ``(deal, owner, cards)``, the table being
    owner ``players``."""
    table = len(view.stacks)
    shown: list[tuple[int, int, tuple[Card, ...]]] = []
    for deal, event in with_deals(view, RetournesTurned, RetourneChanged, CardsTurned, HandShown):
        cls = event.__class__
        if cls is RetournesTurned:
            shown.append((deal, table, event.cards))
        elif cls is RetourneChanged:
            shown.append((deal, table, event.new))
        elif cls is CardsTurned or cls is HandShown:
            shown.append((deal, event.seat, event.cards))
    return shown


def _describe(view: Any) -> str:
    """The observation string."""
    face_up = " / ".join(cards_text(cards) for cards in view.face_up)
    return (
        f"{common_text(view)} | retournes {cards_text(view.retournes)} "
        f"(dead {cards_text(view.dead_retournes)}) | face up {face_up} | "
        f"round {view.betting_round} | folded {[int(f) for f in view.folded]} | "
        f"announced {list(view.announced)} | rebuys {list(view.rebuys)}"
    )
