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
from collections.abc import Callable, Iterable, Sequence
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
    "chips_total",
    "multi_hot",
    "one_hot",
]

HISTORY_SLOTS_CAP = 512
"""The most history slots an information-state tensor holds (see :class:`Codec`)."""

Fill = Callable[[Any], Sequence[float]]


@attrs.frozen(slots=True)
class Section:
    """One named part of a tensor: ``size`` floats filled from a view by ``fill``."""

    name: str
    """What the part holds (documented on the encodings page)."""
    size: int
    """How many floats it has."""
    fill: Fill = attrs.field(eq=False, repr=False)
    """``fill(view)``: its floats, exactly ``size`` of them."""


def one_hot(index: int | None, size: int) -> list[float]:
    """``size`` zeros with a 1 at ``index`` (all zeros when ``index`` is ``None``).

    >>> one_hot(1, 3), one_hot(None, 2)
    ([0.0, 1.0, 0.0], [0.0, 0.0])
    """
    values = [0.0] * size
    if index is not None:
        values[index] = 1.0
    return values


def multi_hot(cards: Iterable[Card], index: dict[Card, int]) -> list[float]:
    """A 1 at the index of every card of ``cards`` over a deck of ``len(index)`` cards.

    >>> from cardrules.cards import cards
    >>> deck = cards("8s 9s As")
    >>> multi_hot(cards("As 8s"), {card: i for i, card in enumerate(deck)})
    [1.0, 0.0, 1.0]
    """
    values = [0.0] * len(index)
    for card in cards:
        values[index[card]] = 1.0
    return values


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


def deals_of(view: Any) -> list[int]:
    """The deal index of each event of ``view.events`` (from the ``DealStarted`` events;
    0 before the first)."""
    deal, numbers = 0, []
    for event in view.events:
        if isinstance(event, DealStarted):
            deal = event.deal_number
        numbers.append(deal)
    return numbers


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

    @property
    def recall_size(self) -> int:
        """The floats of the :attr:`recall` part (0 without one)."""
        return 0 if self.recall is None else self.deals * self.recall.width

    @property
    def index(self) -> dict[Card, int]:
        """Each card's index in :attr:`deck`."""
        return _indices(self.deck)

    @property
    def observation_size(self) -> int:
        """The observation tensor's length."""
        return sum(section.size for section in self.sections)

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
        values: list[float] = []
        for section in self.sections:
            part = section.fill(view)
            if len(part) != section.size:  # pragma: no cover - a codec defect
                raise AssertionError(f"{section.name}: {len(part)} values, not {section.size}")
            values.extend(part)
        return values

    def information_state(self, view: Any) -> tuple[float, ...]:
        """The information-state tensor of ``view`` (layout: :meth:`layout`)."""
        observation, positions, values = self.information_state_parts(view)
        tensor = observation + [0.0] * (self.information_state_size - len(observation))
        for position, value in zip(positions, values, strict=True):
            tensor[position] = value
        return tuple(tensor)

    def information_state_parts(self, view: Any) -> tuple[list[float], list[int], list[float]]:
        """The information-state tensor of ``view`` in three parts: the observation
        (its first floats), then the positions and the values of the floats after it
        that are not 0 (the recall and history parts are almost all zeros, so an
        adapter fills a zeroed array from these instead of converting the whole
        tensor)."""
        index, deck, players = self.index, len(self.deck), self.players
        observation = self._observation(view)
        positions: list[int] = []
        values: list[float] = []
        start = len(observation)
        batches_per_deal = self.received_batches
        for deal, batches in enumerate(self.received(view)):
            for batch, cards in enumerate(batches):
                base = start + (deal * batches_per_deal + batch) * deck
                positions.extend(base + index[card] for card in cards)
        start += self.deals * batches_per_deal * deck
        for deal, owner, shown_cards in self.shown(view):
            base = start + (deal * (players + 1) + owner) * deck
            positions.extend(base + index[card] for card in shown_cards)
        start += self.deals * (players + 1) * deck
        if self.recall is not None:
            width = self.recall.width
            marks = self.recall.marks(view)
            positions.extend(start + deal * width + offset for deal, offset in marks)
            start += self.recall_size
        values.extend([1.0] * len(positions))
        self._history(view, start, positions, values)
        return observation, positions, values

    def _history(self, view: Any, start: int, positions: list[int], values: list[float]) -> None:
        """The history slots of ``view`` (see the class's text), as positions from
        ``start`` and their values, added to ``positions`` and ``values``."""
        actions = view.history[-self.history_slots :]
        kinds, width = self.kinds, self.slot_size
        index = self.index
        raised = 1 + len(kinds)
        for n, action in enumerate(actions):
            base = start + n * width
            positions.append(base)
            positions.append(base + 1 + kinds.index(action.__class__))
            values.append(1.0)
            values.append(1.0)
            if action.__class__ is Raise:
                positions.append(base + raised)
                values.append(action.to / self.chip_bound)
            if self.cards_in is not None:
                cards, count = self.cards_in(action)
                for card in cards:
                    positions.append(base + raised + 1 + index[card])
                    values.append(1.0)
                if count:
                    positions.append(base + width - 1)
                    values.append(count / self.rules.hand_size)

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

    def chips(values: Sequence[int], view: Any) -> list[float]:
        total = chips_total(view)
        return [value / total for value in values]

    return (
        Section("seat", players, lambda view: one_hot(view.seat, players)),
        Section("to_act", players + 2, lambda v: one_hot(to_act_index(v, players), players + 2)),
        Section("dealer", players, lambda view: one_hot(view.dealer, players)),
        Section("deal", 1, lambda view: [view.deal_number / deals]),
        Section("hand", len(deck), lambda view: multi_hot(view.hand, index)),
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
