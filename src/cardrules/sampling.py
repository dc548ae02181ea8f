"""The pieces :func:`cardrules.determinize` shares with the games' proposals.

A game's proposal (in the game's package, as ``DETERMINIZATION``) builds a
:class:`Plan` for one deal from what the seat saw of it (:class:`Seen`): the shuffle,
with the cards whose place is forced put there (:func:`place_hand`) and the rest
uniform (:func:`fill`), and how to turn the deal's masked actions into real ones.
"""

from __future__ import annotations

import random
from collections.abc import Callable, Sequence
from typing import Any, NamedTuple

from cardrules.actions import Action
from cardrules.cards import Card
from cardrules.chance import Shuffle
from cardrules.events import Event

__all__ = [
    "INCONSISTENT",
    "Determinization",
    "Plan",
    "Proposer",
    "Seen",
    "fill",
    "place_among",
    "place_hand",
]

INCONSISTENT = (
    "determinize: no deal is consistent with this view; a view made by "
    "state.view(seat) always has one"
)
"""The message of the error raised for a view that no deal explains."""


class Seen(NamedTuple):
    """What the seat saw of one deal: the deal's actions and events as its view shows
    them, the cards it received, and the cards it sees face up now at known places of
    the shuffle (position → card; the current deal's retourné in historic Bouillotte,
    which no event names)."""

    actions: Sequence[Action]
    events: Sequence[Event]
    mine: Sequence[Card]
    up: dict[int, Card]
    facts: Any = None
    """What the game's proposal reads of the rest once per deal, for all its proposals
    (``Determinization.facts``; ``None`` for a game that needs nothing)."""


class Plan:
    """A proposal for one deal: the shuffle, and how to turn the deal's masked actions
    (another seat's exchange, a restock) into real ones."""

    __slots__ = ("shuffle",)

    def __init__(self, shuffle: Shuffle) -> None:
        self.shuffle = shuffle

    def unmask(self, state: Any, action: Action, rng: random.Random) -> Action | None:
        """The real action behind ``action`` as the view shows it (``None``: reject)."""
        return action


def fill(deck: Sequence[Card], placed: dict[int, Card], rng: random.Random) -> Shuffle | None:
    """A shuffle of ``deck`` with ``placed`` (position → card) where given and the other
    cards in uniformly random order; ``None`` if a card is placed twice or is not in
    the deck.

    >>> import random
    >>> from cardrules.cards import cards
    >>> fill(cards("8c 9c Ac"), {0: cards("Ac")[0]}, random.Random(1)).order[0]
    Card.parse('A♣')
    """
    used = set(placed.values())
    if len(used) != len(placed) or not used.issubset(deck):
        return None
    rest = [card for card in deck if card not in used]
    rng.shuffle(rest)
    spare = iter(rest)
    return Shuffle(tuple(placed[i] if i in placed else next(spare) for i in range(len(deck))))


def place_hand(
    placed: dict[int, Card], cards: Sequence[Card], first: int, players: int, start: int = 0
) -> bool:
    """Put ``cards`` at a seat's places ``first + players * i`` from ``i = start``;
    ``False`` if a place already holds another card."""
    for i, card in enumerate(cards, start):
        where = first + players * i
        if placed.setdefault(where, card) != card:
            return False
    return True


Proposer = Callable[[Any, int, Seen, random.Random], Plan | None]
"""``propose(state, seat, seen, rng)``: a plan for the deal at the chance node ``state``
given what the seat saw of it, or ``None`` to reject at once."""


def place_among(
    placed: dict[int, Card], cards: Sequence[Card], places: Sequence[int], rng: random.Random
) -> bool:
    """Put ``cards`` at ``places`` in uniformly random order: a card already at one of
    the places stays there, the others go to the free places (every arrangement
    equally likely: the order in which a seat's cards arrived is not information,
    X-10); ``False`` if a card is already elsewhere or the cards do not fit.

    >>> import random
    >>> from cardrules.cards import cards
    >>> placed = {0: cards("Ac")[0]}
    >>> place_among(placed, cards("Ac Kd 9s"), [0, 4, 8], random.Random(1))
    True
    >>> sorted(placed) == [0, 4, 8] and placed[0] == cards("Ac")[0]
    True
    """
    at = {card: where for where, card in placed.items()}
    rest = []
    for card in cards:
        where = at.get(card)
        if where is None:
            rest.append(card)
        elif where not in places:
            return False
    free = [where for where in places if where not in placed]
    if len(rest) > len(free):
        return False
    placed.update(zip(rng.sample(free, len(rest)), rest, strict=True))
    return True


class Determinization:
    """What :func:`cardrules.determinize` needs of one game: its ``new_game``, its
    proposal for a deal, which shuffles are restocks (dealt within a deal, not at its
    start), and the cards face up at known places of the deal in progress that no
    event names, and the facts of a deal its proposals share (read once per deal,
    ``facts(state, seat, seen)``, handed over as ``seen.facts``). A game package defines
    one, as ``DETERMINIZATION``."""

    __slots__ = ("face_up", "facts", "is_restock", "new_game", "propose")

    def __init__(
        self,
        new_game: Callable[..., Any],
        propose: Proposer,
        is_restock: Callable[[Sequence[Action], int], bool] = lambda history, index: False,
        face_up: Callable[[Any], dict[int, Card]] = lambda view: {},
        facts: Callable[[Any, int, Seen], Any] = lambda state, seat, seen: None,
    ) -> None:
        self.new_game = new_game
        self.propose = propose
        self.is_restock = is_restock
        self.face_up = face_up
        self.facts = facts
