"""The pure machinery of a modern Bouillotte deal: the legal set, and the transitions.

A transition copies the state into a :class:`Draft` (plain lists), changes it, and the
state module freezes it back into a new ``State`` — one construction per ``apply``.
Nothing here touches the receiver. The functions follow the rule book: deal (M-2,
V-M.2), betting (M-3, X-3, X-4), announcements (M-4), the retourné change (V-M.4),
reveals between rounds (V-M.3), showdown (M-5, M-6.1, X-5), sessions (M-6.2, X-6, X-7).
"""

from __future__ import annotations

import enum
from collections.abc import Sequence
from fractions import Fraction
from typing import TYPE_CHECKING

from cardrules.actions import CALL, CHECK, FOLD, Action, Call, Check, Fold, raise_to
from cardrules.cards import Card
from cardrules.events import (
    AntePaid,
    DealStarted,
    Event,
    ExcessReturned,
    PotWon,
    Rebuy,
    SessionEnded,
)
from cardrules.pots import side_pots, split_pot, uncalled_excess

from .actions import ANNOUNCE
from .events import Announced, CardsTurned, FeePaid, HandShown, RetourneChanged, RetournesTurned
from .hands import HandValue, _evaluate
from .rules import Rules

if TYPE_CHECKING:
    from .state import State, Table

__all__ = [
    "ACTED",
    "FIRST",
    "FOLDED",
    "P_BETTING",
    "P_DEAL",
    "P_OVER",
    "Draft",
    "Phase",
    "flags",
]


class Phase(enum.Enum):
    """Where a session stands."""

    DEAL = "deal"
    """The chance node of a deal: antes are in, the cards are to be shuffled."""
    BETTING = "betting"
    """A seat is to act in a betting round."""
    OVER = "over"
    """The session is over."""


# Module constants for the members: reading ``Phase.BETTING`` goes through the enum's
# class attribute machinery (about ten times a global's cost), and the hot paths test
# the phase on every step.
P_DEAL = Phase.DEAL
"""``Phase.DEAL``."""
P_BETTING = Phase.BETTING
"""``Phase.BETTING``."""
P_OVER = Phase.OVER
"""``Phase.OVER``."""


def value_of(rules: Rules, hand: tuple[Card, ...], retournes: tuple[Card, ...]) -> HandValue:
    """The hand's value under ``rules`` (cached by the set of cards: any order)."""
    return _evaluate(hand, retournes, rules.favori, rules.point_values, rules.point_tiebreak)


ACTED = 0
"""Bit offset of the "acted since the last raise" flags in ``State.marks``."""
FIRST = 5
"""Bit offset of the "took a betting action in the first round" flags (V-M.4)."""
FOLDED = 10
"""Bit offset of the "folded this deal" flags."""
_SEATS = 31

_BOOLS: dict[int, tuple[tuple[bool, ...], ...]] = {
    n: tuple(tuple(bool(m >> i & 1) for i in range(n)) for m in range(1 << n)) for n in (3, 4, 5)
}


_BITS_OF: dict[tuple[bool, ...], int] = {
    values: bits for n in (3, 4, 5) for bits, values in enumerate(_BOOLS[n])
}
"""The bits (from 0) of each tuple of per-seat flags: the inverse of ``_BOOLS``."""


def flags(marks: int, offset: int, players: int) -> tuple[bool, ...]:
    """The per-seat flags stored at bit ``offset`` of ``marks``, as a tuple of bools.

    >>> flags(0b10_00000_00101, FOLDED, 3), flags(0b10_00000_00101, ACTED, 3)
    ((False, True, False), (True, False, True))
    """
    return _BOOLS[players][(marks >> offset) & _SEATS]


_LEGAL: dict[tuple[bool, bool, bool, int, int], tuple[Action, ...]] = {}


def legal_set(state: State) -> tuple[Action, ...]:
    """Every legal action of the seat to act, in a fixed order (M-3.2, M-3.3, M-4.1)."""
    seat = state.to_act
    if seat.__class__ is not int:  # a chance node or the end
        return ()
    assert isinstance(seat, int)
    return legal_for(
        state.table, seat, state.stacks, state.contributions, state.largest, state.marks
    )


def legal_for(
    table: Table,
    seat: int,
    stacks: tuple[int, ...],
    contributions: tuple[int, ...],
    largest: int,
    marks: int,
) -> tuple[Action, ...]:
    """:func:`legal_set` from the fields of a betting state (the betting steps call it
    with the new state's fields at hand).

    >>> import random
    >>> from cardrules import sample_chance
    >>> from .state import new_game
    >>> state = new_game(Rules(announce_fee=None))
    >>> state = state.apply(sample_chance(state, random.Random(0)))
    >>> fields = (state.stacks, state.contributions, state.largest, state.marks)
    >>> legal_for(state.table, state.to_act, *fields) == state.legal_actions()
    True
    """
    mine = contributions[seat]
    owed = largest - mine
    announced = can_announce = False
    if table.announcing:
        announced = table.announced[seat] is not None
        can_announce = not announced and table.brelans[seat] is not None
    high = largest + table.rules.max_raise
    cap = mine + stacks[seat]
    if cap < high:
        high = cap
    if high > largest and not others_can_bet(marks, stacks, seat):
        high = largest
    key = (can_announce, owed > 0, announced, largest, high)
    found = _LEGAL.get(key)
    if found is None:
        actions: list[Action] = []
        if can_announce:
            actions.append(ANNOUNCE)
        actions.append(CHECK if owed == 0 else CALL)
        if high > largest:
            actions.extend(_raises(largest + 1, high))
        if owed > 0 and not announced:
            actions.append(FOLD)
        found = tuple(actions)
        if len(_LEGAL) < 100_000:
            _LEGAL[key] = found
    return found


_AFTER: dict[int, tuple[tuple[tuple[int, int, int], ...], ...]] = {
    n: tuple(
        tuple(
            ((seat + k) % n, 1 << ((seat + k) % n), 1 << (FOLDED + (seat + k) % n))
            for k in range(1, n + 1)
        )
        for seat in range(n)
    )
    for n in (3, 4, 5)
}


def next_actor(
    marks: int,
    stacks: Sequence[int],
    contributions: Sequence[int],
    largest: int,
    seat: int,
) -> int:
    """The first seat after ``seat`` still in, with chips, that has not acted since the
    last raise or has not matched it; ``-1`` when the round is closed (M-3.5)."""
    for t, acted, folded in _AFTER[len(stacks)][seat]:
        if (
            not marks & folded
            and stacks[t] > 0
            and (not marks & acted or contributions[t] < largest)
        ):
            return t
    return -1


_RAISE_RANGES: dict[tuple[int, int], tuple[Action, ...]] = {}


def _raises(low: int, high: int) -> tuple[Action, ...]:
    """The interned raises to ``low … high``."""
    found = _RAISE_RANGES.get((low, high))
    if found is None:
        found = tuple(raise_to(to) for to in range(low, high + 1))
        if len(_RAISE_RANGES) < 100_000:
            _RAISE_RANGES[(low, high)] = found
    return found


def deal_hands(order: tuple[Card, ...], eldest: int, players: int) -> tuple[tuple[Card, ...], ...]:
    """Each seat's three cards, dealt one at a time from ``eldest`` (X-1, M-2.2).

    >>> deal_hands(tuple(range(9)), 1, 3)
    ((2, 5, 8), (0, 3, 6), (1, 4, 7))
    """
    n = players
    hands: list[tuple[Card, ...]] = [()] * n
    for k in range(n):
        hands[(eldest + k) % n] = (order[k], order[k + n], order[k + 2 * n])
    return tuple(hands)


def brelans_of(
    rules: Rules, hands: tuple[tuple[Card, ...], ...], retournes: tuple[Card, ...]
) -> tuple[str | None, ...]:
    """Each seat's class of brelan with ``retournes``, or ``None`` (for M-4.1).

    >>> from cardrules.cards import cards
    >>> brelans_of(Rules(players=3), (cards("Kh Kd 8s"), cards("9c 9d 9h"), cards("Ah Ad 8c")),
    ...            cards("Kc"))
    ('favori', 'simple', None)
    """
    values = [value_of(rules, hand, retournes) for hand in hands]
    return tuple(value.category if value.is_brelan else None for value in values)


_ORDERS: dict[tuple[int, int], tuple[int, ...]] = {}


def seat_order(first: int, players: int) -> tuple[int, ...]:
    """Seats in play order from ``first`` (cached)."""
    found = _ORDERS.get((first, players))
    if found is None:
        found = _ORDERS[(first, players)] = tuple((first + k) % players for k in range(players))
    return found


def others_can_bet(marks: int, stacks: Sequence[int], seat: int) -> bool:
    """Whether some other seat still in (not folded in ``marks``) has chips (X-4: else
    no raise)."""
    for t, _, folded in _AFTER[len(stacks)][seat]:
        if t != seat and not marks & folded and stacks[t] > 0:
            return True
    return False


class Draft:
    """A mutable copy of a state's fields, changed by one transition."""

    __slots__ = (
        "acted",
        "actor",
        "announced",
        "betting_round",
        "brelans",
        "changed",
        "contributions",
        "dead_retournes",
        "deal_events",
        "deal_number",
        "dealer",
        "deck",
        "events",
        "face_up",
        "first_acted",
        "folded",
        "hands",
        "largest",
        "last_deal_events",
        "phase",
        "rebuys",
        "retournes",
        "rules",
        "stacks",
        "state",
    )

    def __init__(self, state: State) -> None:
        table = state.table
        rules = table.rules
        n = rules.players
        marks = state.marks
        self.state = state
        self.rules = rules
        self.phase = table.phase
        self.dealer = table.dealer
        self.deal_number = table.deal_number
        self.stacks = list(state.stacks)
        self.contributions = list(state.contributions)
        self.folded = list(flags(marks, FOLDED, n))
        self.announced = list(table.announced)
        self.acted = list(flags(marks, ACTED, n))
        self.first_acted = list(flags(marks, FIRST, n))
        self.betting_round = table.betting_round
        to_act = state.to_act
        self.actor = to_act if type(to_act) is int else -1
        self.largest = state.largest
        self.deck = table.deck
        self.hands = table.hands
        self.retournes = table.retournes
        self.brelans: tuple[str | None, ...] = table.brelans
        self.dead_retournes = table.dead_retournes
        self.face_up = list(table.face_up)
        self.changed = table.changed
        self.rebuys = list(table.rebuys)
        self.events: list[Event] = []
        self.deal_events = table.deal_events
        self.last_deal_events = table.last_deal_events

    def marks(self) -> int:
        """The per-seat flags as ``State.marks`` holds them."""
        bits = _BITS_OF
        return (
            bits[tuple(self.acted)] << ACTED
            | bits[tuple(self.first_acted)] << FIRST
            | bits[tuple(self.folded)] << FOLDED
        )

    # -- helpers --------------------------------------------------------------------
    @property
    def players(self) -> int:
        return self.rules.players

    @property
    def eldest(self) -> int:
        return (self.dealer + 1) % self.rules.players

    def live(self) -> list[int]:
        """Seats still in, from eldest."""
        folded = self.folded
        return [s for s in seat_order(self.eldest, self.rules.players) if not folded[s]]

    def able(self) -> list[int]:
        """Seats still in with chips left (the others are all-in), from eldest."""
        return [s for s in self.live() if self.stacks[s] > 0]

    def results(self) -> list[int]:
        start = self.state.initial_stacks
        return [
            self.stacks[s] - start[s] - self.rebuys[s] * self.rules.stack
            for s in range(self.players)
        ]

    def move(self, seat: int, amount: int) -> None:
        """Put ``amount`` of ``seat``'s stack in the pot (X-3: never below 0)."""
        assert 0 <= amount <= self.stacks[seat]
        self.stacks[seat] -= amount
        self.contributions[seat] += amount

    # -- deal ------------------------------------------------------------------------
    def start_deal(self) -> None:
        """Rebuys (X-6), antes (M-2.1); the state waits at the chance node (X-7)."""
        n = self.players
        rules = self.rules
        self.phase = P_DEAL
        self.last_deal_events = self.deal_events
        self.deal_events = len(self.state.table.event_log) + len(self.events)
        self.events.append(DealStarted(self.deal_number, self.dealer))
        self.contributions = [0] * n
        self.folded = [False] * n
        self.announced = [None] * n
        self.acted = [False] * n
        self.first_acted = [False] * n
        self.betting_round = 0
        self.actor = -1
        self.deck = ()
        self.hands = ((),) * n
        self.retournes = ()
        self.brelans = (None,) * n
        self.dead_retournes = ()
        self.face_up = [0] * n
        self.changed = False
        order = seat_order(self.eldest, n)
        stacks = self.stacks
        contributions = self.contributions
        events = self.events
        for seat in order:
            if stacks[seat] == 0:
                stacks[seat] = rules.stack
                self.rebuys[seat] += 1
                events.append(Rebuy(seat, rules.stack))
        ante = rules.ante
        for seat in order:
            amount = ante if ante < stacks[seat] else stacks[seat]
            stacks[seat] -= amount
            contributions[seat] += amount
            events.append(AntePaid(seat, amount))
        self.largest = max(contributions)

    def deal(self, order: tuple[Card, ...]) -> None:
        """Deal the shuffled ``order`` (X-1, M-2.2, V-M.1, V-M.2) and open the betting."""
        n = self.players
        rules = self.rules
        eldest = self.eldest
        hands = deal_hands(order, eldest, n)
        self.deck = order
        self.hands = hands
        self.retournes = order[3 * n : 3 * n + rules.retournes]
        self.events.append(RetournesTurned(self.retournes))
        self.classify()
        if rules.open_card:
            for k in range(n):
                seat = (eldest + k) % n
                self.face_up[seat] = 1
                self.events.append(CardsTurned(seat, hands[seat][:1]))
        self.phase = P_BETTING
        self.open_round(0)

    def open_round(self, number: int) -> None:
        """Begin betting round ``number`` (M-3.1, V-M.3), or go to the showdown when
        fewer than two seats still in have chips."""
        self.betting_round = number
        self.acted = [False] * self.players
        able = self.able()
        if len(able) < 2:
            self.maybe_change_retourne(force=True)
            self.showdown()
            return
        self.actor = able[0]

    def maybe_change_retourne(self, force: bool = False) -> None:
        """V-M.4: once every seat still in has acted in the first round, or is all-in
        (``force``: the first round is not played at all)."""
        if not self.rules.retourne_change or self.changed or self.betting_round != 0:
            return
        if not force and any(not self.first_acted[s] and self.stacks[s] > 0 for s in self.live()):
            return
        n = self.players
        count = self.rules.retournes
        start = 3 * n + count
        new = self.deck[start : start + count]
        self.dead_retournes = self.retournes
        self.retournes = new
        self.changed = True
        self.events.append(RetourneChanged(self.dead_retournes, new))
        self.classify()

    def classify(self) -> None:
        """Each seat's class of brelan with the retournés now, for M-4.1 (only when
        announcements are on: nothing else needs it before the showdown)."""
        if self.rules.announce_fee is not None:
            self.brelans = brelans_of(self.rules, self.hands, self.retournes)

    # -- betting ---------------------------------------------------------------------
    def bet(self, action: Action) -> None:
        """A betting action of the seat to act (M-3.2–M-3.5)."""
        seat = self.actor
        cls = action.__class__
        if cls is Check:
            pass
        elif cls is Call:
            self.move(seat, min(self.largest - self.contributions[seat], self.stacks[seat]))
        elif cls is Fold:
            self.folded[seat] = True
        else:
            to: int = action.to  # type: ignore[attr-defined]
            self.move(seat, to - self.contributions[seat])
            self.largest = to
            self.acted = [False] * self.players
        self.acted[seat] = True
        if self.betting_round == 0:
            self.first_acted[seat] = True
        if cls is Fold and self.folded.count(False) == 1:
            self.fold_out(self.folded.index(False))
            return
        self.maybe_change_retourne()
        self.advance(seat)

    def announce(self) -> None:
        """M-4.1, M-4.2: the fee from every other seat; the announcer keeps the turn."""
        seat = self.actor
        rules = self.rules
        fee = rules.announce_fee
        assert fee is not None
        value = value_of(rules, self.hands[seat], self.retournes)
        self.announced[seat] = value.category
        self.events.append(Announced(seat, value.category))
        n = self.players
        for k in range(1, n):
            payer = (seat + k) % n
            amount = min(fee, self.stacks[payer])
            if amount:
                self.stacks[payer] -= amount
                self.stacks[seat] += amount
                self.events.append(FeePaid(payer, seat, amount))
        self.maybe_change_retourne()

    def advance(self, seat: int) -> None:
        """The next seat to act after ``seat``, or the end of the round (M-3.5)."""
        following = next_actor(self.marks(), self.stacks, self.contributions, self.largest, seat)
        if following < 0:
            self.close_round()
        else:
            self.actor = following

    def close_round(self) -> None:
        """After a round but the last, each seat still in turns up a card (V-M.3)."""
        if self.betting_round + 1 >= self.rules.betting_rounds:
            self.showdown()
            return
        if len(self.able()) < 2:
            self.showdown()
            return
        for seat in self.live():
            up = self.face_up[seat]
            if up < 3:
                self.face_up[seat] = up + 1
                self.events.append(CardsTurned(seat, self.hands[seat][up : up + 1]))
        self.open_round(self.betting_round + 1)

    # -- end of a deal ---------------------------------------------------------------
    def fold_out(self, winner: int) -> None:
        """M-3.7: the last seat in takes the pot without showing."""
        amount = sum(self.contributions)
        shares = [0] * self.players
        shares[winner] = amount
        self.stacks[winner] += amount
        self.events.append(PotWon(amount, (winner,), tuple(shares), 0, None))
        self.end_deal()

    def showdown(self) -> None:
        """X-4 excess back, then each pot to the best hand eligible (M-6.1, X-5)."""
        n = self.players
        excess = uncalled_excess(self.contributions)
        if excess is not None:
            seat, amount = excess
            self.contributions[seat] -= amount
            self.stacks[seat] += amount
            self.events.append(ExcessReturned(seat, amount))
        live = self.live()
        values: dict[int, HandValue] = {}
        for seat in live:
            values[seat] = value_of(self.rules, self.hands[seat], self.retournes)
            self.events.append(HandShown(seat, self.hands[seat], str(values[seat])))
        keys = {seat: value.key for seat, value in values.items()}  # values compare by key
        pots = side_pots(self.contributions, [not f for f in self.folded])
        for index, (amount, eligible) in enumerate(pots):
            if not amount:
                continue
            best = max([keys[s] for s in eligible])
            winners = tuple([s for s in eligible if keys[s] == best])
            shares = split_pot(amount, winners, self.eldest, n)
            for seat in winners:
                self.stacks[seat] += shares[seat]
            self.events.append(PotWon(amount, winners, shares, index, str(values[winners[0]])))
        self.end_deal()

    def end_deal(self) -> None:
        """The session ends (M-6.2, X-7) or the next deal begins at once."""
        n = self.players
        self.contributions = [0] * n
        rules = self.rules
        over = self.deal_number + 1 >= rules.deals or (
            rules.target is not None and max(self.results()) >= rules.target
        )
        if not over:
            self.dealer = (self.dealer + 1) % n
            self.deal_number += 1
            self.start_deal()
            return
        self.phase = P_OVER
        self.actor = -1
        self.deck = ()
        self.hands = ((),) * n
        self.retournes = ()
        self.brelans = (None,) * n
        self.dead_retournes = ()
        self.face_up = [0] * n
        self.folded = [False] * n
        self.acted = [False] * n
        # Every deal awards its whole pot, so no pot is ever left to share.
        results = tuple(Fraction(r) for r in self.results())
        self.events.append(SessionEnded(results))
