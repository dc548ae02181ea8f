"""The encoding of historic Bouillotte (:mod:`cardrules.bouillotte.historic`).

Action ids (``N = 6 + chip_bound``, ``chip_bound = 4 × cave × deals``):

======  ============================================================
id      action
======  ============================================================
0       ``Carre()``
1       ``Decline()``
2       ``Check()`` (passer, plus rien)
3       ``Call()``
4       ``Fold()``
5 + k   ``Raise(to=largest + k)`` for ``k = 0 … chip_bound``, where ``largest`` is the
        largest contribution of the deal now (an opening may equal it, H-4.3)
======  ============================================================

>>> from cardrules.encodings import encoding_for
>>> encoding_for("bouillotte-historic").num_actions
4806
"""

from __future__ import annotations

from fractions import Fraction
from typing import Any

from cardrules.actions import Action, Call, Check, Fold, Raise
from cardrules.bouillotte.historic import (
    DECK,
    GAME_ID,
    PLAYERS,
    Carre,
    Decline,
    Phase,
    Rules,
    ShowdownHands,
)
from cardrules.cards import Card
from cardrules.chance import Shuffle
from cardrules.encodings.base import (
    Codec,
    Section,
    at,
    cards_at,
    check_rules,
    chips_total,
    common_sections,
    common_text,
    foreign,
    raise_offset,
    scaled,
    with_deals,
)

_LISTED: dict[type[Action], int] = {Carre: 0, Decline: 1, Check: 2, Call: 3, Fold: 4}
_BY_ID: tuple[Action, ...] = (Carre(), Decline(), Check(), Call(), Fold())
_PHASES = tuple(Phase)
_PRIMES_PER_DEAL = 6
"""The most primes a seat can receive or pay in one deal: 2 from or to each of the
three others (H-6.1)."""


def codec(rules: Rules | None = None) -> Codec:
    """The codec of historic Bouillotte under ``rules`` (default ``Rules()``).

    ``chip_bound`` = ``4 × cave × deals`` bounds every chip count of a session started
    with full caves (at most one rebuy per seat in each deal after the first, X-6), so a
    raise adds at most ``chip_bound`` to the largest contribution. A deal takes at most
    ``4 + 1 + 4 + 7 × (chip_bound + 1)`` actions: the carre ladder, the shuffle, the
    passes before the opening, and per raise (the opening included, at most
    ``chip_bound + 1`` of them) the raise, three answers and three plus rien.
    ``returns()`` lies between ``-(cave + 6) × deals`` and ``(3 × cave + 6) × deals``
    (the caves brought in, and the primes, H-6.1).
    """
    rules = check_rules(rules, Rules, GAME_ID)
    deals = rules.deals
    chip_bound = PLAYERS * rules.cave * deals
    per_deal = 4 + 1 + 4 + 7 * (chip_bound + 1)

    def encode(action: Action, view: Any) -> int:
        cls = action.__class__
        if cls in _LISTED:
            return _LISTED[cls]
        if cls is Raise:
            return 5 + raise_offset(action, max(view.contributions), 0, chip_bound)
        raise foreign(action, GAME_ID)

    def decode(action_id: int, view: Any) -> Action | None:
        if action_id < 5:
            return _BY_ID[action_id]
        return Raise(to=max(view.contributions) + action_id - 5)

    return Codec(
        game_id=GAME_ID,
        rules=rules,
        players=PLAYERS,
        deck=DECK,
        num_actions=6 + chip_bound,
        max_game_length=deals * per_deal,
        max_utility=Fraction((3 * rules.cave + _PRIMES_PER_DEAL) * deals),
        min_utility=Fraction(-(rules.cave + _PRIMES_PER_DEAL) * deals),
        chip_bound=chip_bound,
        deals=deals,
        kinds=(Shuffle, Carre, Decline, Check, Call, Fold, Raise),
        received_batches=1,
        sections=_sections(rules),
        encode=encode,
        decode=decode,
        received=_received,
        shown=_shown,
        describe=_describe,
    )


def _sections(rules: Rules) -> tuple[Section, ...]:
    """The observation: the common sections, then ``phase`` (one-hot over
    :class:`~cardrules.bouillotte.historic.Phase`), ``retourne`` (one-hot over the
    deck), ``folded``, ``primes`` (per seat, over the chips on the table), ``rebuys``
    (per seat, over ``deals``), ``carried`` (over the chips on the table), ``carres``
    (one-hot 0 … 4), ``opened``, ``last_raiser`` and ``last_carreur`` (one-hot over the
    seats and "nobody")."""
    index = {card: i for i, card in enumerate(DECK)}
    deals = rules.deals

    def seat_or_none(seat: int | None) -> tuple[tuple[int, float], ...]:
        return at(PLAYERS if seat is None else seat)

    return (
        *common_sections(PLAYERS, DECK, deals),
        Section("phase", len(_PHASES), lambda view: at(_PHASES.index(view.phase))),
        Section("retourne", len(DECK), lambda view: cards_at((view.retourne,), index)),
        Section("folded", PLAYERS, lambda view: scaled(view.folded, 1)),
        Section("primes", PLAYERS, lambda view: scaled(view.primes, chips_total(view))),
        Section("rebuys", PLAYERS, lambda view: scaled(view.rebuys, deals)),
        Section("carried", 1, lambda view: scaled((view.carried,), chips_total(view))),
        Section("carres", PLAYERS + 1, lambda view: at(view.carres)),
        Section("opened", 1, lambda view: scaled((view.opened,), 1)),
        Section("last_raiser", PLAYERS + 1, lambda view: seat_or_none(view.last_raiser)),
        Section("last_carreur", PLAYERS + 1, lambda view: seat_or_none(view.last_carreur)),
    )


def _received(view: Any) -> tuple[tuple[tuple[Card, ...], ...], ...]:
    """Per deal so far, the cards the seat was dealt (one batch per deal)."""
    return tuple((tuple(cards),) for cards in view.received)


def _shown(view: Any) -> list[tuple[int, int, tuple[Card, ...]]]:
    """``(deal, owner, cards)`` for the retourné (owner 4, the table) and every hand
    shown at a showdown."""
    shown: list[tuple[int, int, tuple[Card, ...]]] = []
    if view.retourne is not None:
        shown.append((view.deal_number, PLAYERS, (view.retourne,)))
    for deal, event in with_deals(view, ShowdownHands):
        shown.append((deal, PLAYERS, (event.retourne,)))
        shown.extend((deal, seat, hand) for seat, hand in enumerate(event.hands))
    return shown


def _describe(view: Any) -> str:
    """The observation string."""
    retourne = "-" if view.retourne is None else str(view.retourne)
    return (
        f"{common_text(view)} | retourne {retourne} | carried {view.carried} | "
        f"folded {[int(f) for f in view.folded]} | primes {list(view.primes)} | "
        f"rebuys {list(view.rebuys)} | carres {view.carres} "
        f"(last {view.last_carreur}) | opened {int(view.opened)} "
        f"(last raiser {view.last_raiser})"
    )
