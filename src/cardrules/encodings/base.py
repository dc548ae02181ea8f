"""What the three games' encodings share: tensor sections, the history slots, the
text forms and the checks of an action id.

A game's codec (in its package: :mod:`cardrules.bouillotte.modern.encoding`,
:mod:`cardrules.bouillotte.historic.encoding`, :mod:`cardrules.bourre.encoding`;
named by the game's descriptor) describes
its observation as a tuple of :class:`Section` values (a name, a size, and the function
that fills it from a view); the observation tensor is their concatenation, so its layout
and its length come from one place and are documented by :meth:`Codec.layout`.
"""

from __future__ import annotations

import functools
from collections.abc import Callable, Iterable, Iterator, Mapping, Sequence
from fractions import Fraction
from typing import Any

import attrs

from cardrules.actions import Action, Raise
from cardrules.cards import Card
from cardrules.chance import CHANCE
from cardrules.events import DealStarted

__all__ = [
    "HISTORY_SLOTS_CAP",
    "Codec",
    "Section",
    "at",
    "cards_at",
    "chips_total",
    "per_seat",
    "scaled",
    "with_deals",
]

HISTORY_SLOTS_CAP = 512
"""The most history slots an information-state tensor holds (see :class:`Codec`)."""

Marks = Callable[[Any], Iterable[tuple[int, float]]]


@attrs.frozen(slots=True)
class Section:
    """One named part of a tensor: ``size`` floats, 0 but where ``marks`` says.

    A tensor is nearly all zeros (one card of a deck, one seat of several), so a
    section gives only its floats that are not 0, as ``(offset, value)`` pairs: the
    tensors are built from them without making a list for every one-hot part.

    >>> section = Section("dealer", 4, lambda view: at(view))
    >>> section.marks(2)
    ((2, 1.0),)
    """

    name: str
    """What the part holds (documented on the encodings page)."""
    size: int
    """How many floats it has."""
    marks: Marks = attrs.field(eq=False, repr=False)
    """``marks(view)``: the ``(offset, value)`` of its floats that are not 0, each
    offset below ``size``."""


def at(index: int | None, value: float = 1.0) -> tuple[tuple[int, float], ...]:
    """The marks of a one-hot part: ``value`` at ``index`` (none when ``index`` is
    ``None``).

    >>> at(2), at(None), at(0, 0.5)
    (((2, 1.0),), (), ((0, 0.5),))
    """
    return () if index is None else ((index, value),)


def cards_at(cards: Iterable[Card | None], index: dict[Card, int]) -> list[tuple[int, float]]:
    """The marks of a multi-hot part over a deck: a 1 at each card's index.

    >>> from cardrules.cards import cards
    >>> cards_at(cards("As 8s"), {card: i for i, card in enumerate(cards("8s 9s As"))})
    [(2, 1.0), (0, 1.0)]
    """
    return [(index[card], 1.0) for card in cards if card is not None]


def scaled(values: Iterable[float], scale: float) -> list[tuple[int, float]]:
    """The marks of a part of numbers: each ``value / scale`` that is not 0.

    >>> scaled([0, 3, 6], 6)
    [(1, 0.5), (2, 1.0)]
    """
    return [(i, value / scale) for i, value in enumerate(values) if value]


def per_seat(indices: Iterable[int | None], width: int) -> list[tuple[int, float]]:
    """The marks of a one-hot part per seat, ``width`` floats each: a 1 at each
    seat's index (none for ``None``).

    >>> per_seat([2, None, 0], 3)
    [(2, 1.0), (6, 1.0)]
    """
    return [(seat * width + i, 1.0) for seat, i in enumerate(indices) if i is not None]


def chips_total(view: Any) -> int:
    """Every chip on the table now (stacks and pot), the scale of chip counts; at least 1."""
    return max(1, int(sum(view.stacks)) + int(view.pot))


def to_act_index(view: Any, players: int) -> int:
    """``to_act`` as an index: a seat, ``players`` for chance, ``players + 1`` at the end."""
    to_act = view.to_act
    if to_act is CHANCE:
        return players
    if to_act is None:
        return players + 1
    return int(to_act)


def with_deals(view: Any, *kinds: type) -> Iterator[tuple[int, Any]]:
    """The events of ``view.events`` of the classes ``kinds``, each with the index of
    its deal (from the ``DealStarted`` events; 0 before the first).

    >>> from cardrules.bourre import TrumpTurned, new_game
    >>> [(deal, str(event)[:14]) for deal, event in with_deals(new_game().view(0), TrumpTurned)]
    []
    """
    deal = 0
    for event in view.events:
        if isinstance(event, DealStarted):
            deal = event.deal_number
        elif isinstance(event, kinds):
            yield deal, event


@functools.cache
def _indices(deck: tuple[Card, ...]) -> dict[Card, int]:
    """Each card's index in ``deck`` (a game has a few decks: computed once each)."""
    return {card: i for i, card in enumerate(deck)}


@attrs.frozen(slots=True)
class Recall:
    """A part of the information-state tensor that remembers, per deal, what the
    seat learnt beyond cards and actions (modern Bouillotte: the class of every
    announced brelan, which no action names): ``width`` floats per deal, set to 1 at
    each ``(deal, offset)`` that ``marks(view)`` gives."""

    name: str
    width: int
    marks: Callable[[Any], Iterable[tuple[int, int]]] = attrs.field(eq=False, repr=False)


@attrs.frozen(slots=True)
class Codec:
    """The encoding of one game under one ``Rules``: the sizes, the action table and
    the tensors. Built by each game's ``codec(rules)``; see :class:`cardrules.encodings.Encoding`.

    The information-state tensor is the observation tensor followed by

    * ``received``: per deal ``d < deals`` and per batch of cards received (the dealt
      cards; in Bourré also the cards drawn at the exchange), a multi-hot over the deck;
    * ``shown``: per deal and per owner (each seat, then the table), a multi-hot of the
      cards this seat saw face up (retournés, open cards, showdown hands, the trump card);
    * the :attr:`recall` part, when the game has one (modern Bouillotte:
      ``announced_by_deal``, per deal and per seat the announced class one-hot);
    * ``history``: ``history_slots`` slots of ``slot_size`` floats, one per action of
      ``view.history`` oldest first (the last ``history_slots`` when there are more):
      1 (slot used), the action kind one-hot over ``kinds``, ``Raise.to`` divided by
      ``chip_bound``, then for Bourré the cards (a played card, or one's own discards)
      multi-hot over the deck and another seat's hidden exchange count / ``hand_size``.
    """

    game_id: str
    rules: Any
    players: int
    deck: tuple[Card, ...]
    num_actions: int
    max_game_length: int
    max_utility: Fraction
    min_utility: Fraction
    chip_bound: int
    deals: int
    kinds: tuple[type[Action], ...]
    received_batches: int
    sections: tuple[Section, ...] = attrs.field(eq=False, repr=False)
    encode: Callable[[Action, Any], int] = attrs.field(eq=False, repr=False)
    decode: Callable[[int, Any], Action | None] = attrs.field(eq=False, repr=False)
    received: Callable[[Any], Sequence[Sequence[Sequence[Card]]]] = attrs.field(
        eq=False, repr=False
    )
    shown: Callable[[Any], Iterable[tuple[int, int, Iterable[Card]]]] = attrs.field(
        eq=False, repr=False
    )
    describe: Callable[[Any], str] = attrs.field(eq=False, repr=False)
    cards_in: Callable[[Action], tuple[tuple[Card, ...], int]] | None = attrs.field(
        default=None, eq=False, repr=False
    )
    """For Bourré: the cards an action shows in a history slot, and a hidden
    exchange's count; ``None`` when the game's actions name no cards."""
    recall: Recall | None = attrs.field(default=None, eq=False, repr=False)
    """What the seat learnt per deal beyond cards and actions, or ``None``."""
    observation_size: int = attrs.field(
        init=False,
        eq=False,
        repr=False,
        default=attrs.Factory(lambda self: sum(s.size for s in self.sections), takes_self=True),
    )
    """The observation tensor's length (the sum of the sections' sizes)."""
    kind_offsets: Mapping[type[Action], int] = attrs.field(
        init=False,
        eq=False,
        repr=False,
        default=attrs.Factory(
            lambda self: {kind: 1 + i for i, kind in enumerate(self.kinds)}, takes_self=True
        ),
    )
    """Each action kind's place in a history slot, after the slot's "used" float."""

    @property
    def recall_size(self) -> int:
        """The floats of the :attr:`recall` part (0 without one)."""
        return 0 if self.recall is None else self.deals * self.recall.width

    @property
    def index(self) -> dict[Card, int]:
        """Each card's index in :attr:`deck`."""
        return _indices(self.deck)

    @property
    def slot_size(self) -> int:
        """The floats per history slot."""
        extra = len(self.deck) + 1 if self.cards_in is not None else 0
        return 1 + len(self.kinds) + 1 + extra

    @property
    def history_slots(self) -> int:
        """How many actions the information-state tensor holds."""
        return min(self.max_game_length, HISTORY_SLOTS_CAP)

    @property
    def information_state_size(self) -> int:
        """The information-state tensor's length."""
        deck = len(self.deck)
        recall = self.deals * (self.received_batches + self.players + 1) * deck
        recall += self.recall_size
        return self.observation_size + recall + self.history_slots * self.slot_size

    def layout(self) -> tuple[tuple[str, int, int], ...]:
        """The information-state tensor's parts as ``(name, start, size)``; the
        observation tensor is the parts before ``received``."""
        parts: list[tuple[str, int, int]] = []
        start = 0
        deck = len(self.deck)
        sizes = [(section.name, section.size) for section in self.sections]
        sizes.append(("received", self.deals * self.received_batches * deck))
        sizes.append(("shown", self.deals * (self.players + 1) * deck))
        if self.recall is not None:
            sizes.append((self.recall.name, self.recall_size))
        sizes.append(("history", self.history_slots * self.slot_size))
        for name, size in sizes:
            parts.append((name, start, size))
            start += size
        return tuple(parts)

    def observation(self, view: Any) -> tuple[float, ...]:
        """The observation tensor of ``view``."""
        return tuple(self._observation(view))

    def _observation(self, view: Any) -> list[float]:
        values = [0.0] * self.observation_size
        start = 0
        for section in self.sections:
            for offset, value in section.marks(view):
                values[start + offset] = value
            start += section.size
        return values

    def information_state(self, view: Any) -> tuple[float, ...]:
        """The information-state tensor of ``view`` (layout: :meth:`layout`)."""
        return tuple(self.information_state_list(view))

    def information_state_list(self, view: Any) -> list[float]:
        """The information-state tensor of ``view`` as a new list: the observation,
        then the recall and history parts, zeros but where a card, an event or an
        action sets a float."""
        index, deck, players = self.index, len(self.deck), self.players
        tensor = self._observation(view)
        start = len(tensor)
        tensor.extend([0.0] * (self.information_state_size - start))
        batches_per_deal = self.received_batches
        for deal, batches in enumerate(self.received(view)):
            for batch, cards in enumerate(batches):
                base = start + (deal * batches_per_deal + batch) * deck
                for card in cards:
                    tensor[base + index[card]] = 1.0
        start += self.deals * batches_per_deal * deck
        for deal, owner, shown_cards in self.shown(view):
            base = start + (deal * (players + 1) + owner) * deck
            for card in shown_cards:
                tensor[base + index[card]] = 1.0
        start += self.deals * (players + 1) * deck
        if self.recall is not None:
            width = self.recall.width
            for deal, offset in self.recall.marks(view):
                tensor[start + deal * width + offset] = 1.0
            start += self.recall_size
        self._history(view, tensor, start)
        return tensor

    def _history(self, view: Any, tensor: list[float], start: int) -> None:
        """Write the history slots of ``view`` (see the class's text) into ``tensor``
        from ``start``."""
        actions = view.history[-self.history_slots :]
        kind, width = self.kind_offsets, self.slot_size
        index = self.index
        raised = 1 + len(self.kinds)
        for n, action in enumerate(actions):
            base = start + n * width
            tensor[base] = 1.0
            tensor[base + kind[action.__class__]] = 1.0
            if action.__class__ is Raise:
                tensor[base + raised] = action.to / self.chip_bound
            if self.cards_in is not None:
                cards, count = self.cards_in(action)
                for card in cards:
                    tensor[base + raised + 1 + index[card]] = 1.0
                if count:
                    tensor[base + width - 1] = count / self.rules.hand_size

    def observation_text(self, view: Any) -> str:
        """The observation string of ``view``."""
        return self.describe(view)

    def information_state_text(self, view: Any) -> str:
        """The information-state string of ``view`` (perfect recall)."""
        received = " / ".join(
            " + ".join(cards_text(cards) for cards in batches) for batches in self.received(view)
        )
        history = "; ".join(map(str, view.history))
        events = "; ".join(map(str, view.events))
        return f"{self.describe(view)}\nreceived: {received}\nhistory: {history}\nevents: {events}"


def common_sections(players: int, deck: Sequence[Card], deals: int) -> tuple[Section, ...]:
    """The sections every game's observation starts with: ``seat`` (one-hot),
    ``to_act`` (one-hot over the seats, chance, the end), ``dealer`` (one-hot), ``deal``
    (``deal_number / deals``), ``hand`` (multi-hot over the deck), ``stacks``,
    ``contributions`` and ``pot`` (each divided by the chips on the table)."""
    index = {card: i for i, card in enumerate(deck)}

    def chips(values: Sequence[int], view: Any) -> list[tuple[int, float]]:
        return scaled(values, chips_total(view))

    return (
        Section("seat", players, lambda view: at(view.seat)),
        Section("to_act", players + 2, lambda view: at(to_act_index(view, players))),
        Section("dealer", players, lambda view: at(view.dealer)),
        Section("deal", 1, lambda view: scaled((view.deal_number,), deals)),
        Section("hand", len(deck), lambda view: cards_at(view.hand, index)),
        Section("stacks", players, lambda view: chips(view.stacks, view)),
        Section("contributions", players, lambda view: chips(view.contributions, view)),
        Section("pot", 1, lambda view: chips((int(view.pot),), view)),
    )


def common_text(view: Any) -> str:
    """The observation string's first part: seat, deal, phase, turn, hand and chips."""
    hand = " ".join(map(str, view.hand)) or "-"
    return (
        f"seat {view.seat} | deal {view.deal_number} dealer {view.dealer} | "
        f"{view.phase.value} | to act {view.to_act} | hand {hand} | "
        f"stacks {list(view.stacks)} | contributions {list(view.contributions)} | "
        f"pot {view.pot}"
    )


def cards_text(cards: Iterable[Card]) -> str:
    """Cards as text, ``-`` for none."""
    return " ".join(map(str, cards)) or "-"


def check_rules(rules: Any, expected: type, game_id: str) -> Any:
    """``rules``, or ``expected()`` when ``None``.

    :raises TypeError: when ``rules`` is not an ``expected``.
    """
    if rules is None:
        return expected()
    if not isinstance(rules, expected):
        raise TypeError(
            f"rules for {game_id!r} must be a {expected.__module__}.Rules, "
            f"not {type(rules).__name__}"
        )
    return rules


def raise_offset(action: Action, largest: int, low: int, high: int) -> int:
    """``action.to - largest`` for a raise, checked to be an int from ``low`` to ``high``.

    :raises ValueError: otherwise, naming the range.
    """
    to = action.to  # type: ignore[attr-defined]
    if to.__class__ is not int or not low <= to - largest <= high:
        raise ValueError(
            f"{action!r} cannot be encoded here: a raise is encoded by what it adds to "
            f"the largest contribution {largest}, from {low} to {high}"
        )
    return int(to - largest)


def foreign(action: object, game_id: str) -> ValueError:
    """The error for an action that is not one of the game's."""
    return ValueError(f"{action!r} is not an action of {game_id!r}")
