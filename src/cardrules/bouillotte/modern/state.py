"""The state of a modern Bouillotte session, and ``new_game``.

>>> import random
>>> from cardrules import sample_chance
>>> state = new_game(Rules(players=3))
>>> state.to_act, state.pot, state.stacks
(CHANCE, 3, (99, 99, 99))
>>> state = state.apply(sample_chance(state, random.Random(0)))
>>> state.to_act, len(state.retournes)
(1, 1)
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from fractions import Fraction
from typing import Any, ClassVar

import attrs

from cardrules.actions import Action, Call, Check, Fold, Raise
from cardrules.cards import Card
from cardrules.chance import CHANCE, Chance, Shuffle, check_shuffle
from cardrules.errors import IllegalActionError, RulesError
from cardrules.events import Event
from cardrules.game import Log, check_seat, describe_actions, standings_of
from cardrules.pots import betting_pots

from .actions import Announce
from .engine import (
    ACTED,
    FIRST,
    FOLDED,
    P_BETTING,
    P_DEAL,
    Draft,
    Phase,
    brelans_of,
    deal_hands,
    flags,
    legal_for,
    legal_set,
    next_actor,
    seat_order,
    value_of,
)
from .events import RetournesTurned
from .reasons import why_illegal
from .rules import Rules
from .view import View, make_view

__all__ = ["GAME_ID", "Phase", "State", "new_game"]


GAME_ID = "bouillotte-modern"
"""The game's id in records and the registry."""

_KNOWN = frozenset({Check, Call, Fold, Raise, Announce, Shuffle})


@attrs.frozen(slots=True)
class Table:
    """The part of a :class:`State` that betting actions leave alone: the session's
    constants and the deal's cards, folds and announcements."""

    rules: Rules
    """The options of the session."""
    phase: Phase
    """Chance node of a deal, betting, or over."""
    dealer: int
    """The dealer's seat."""
    deal_number: int
    """The deal's index from 0."""
    announced: tuple[str | None, ...]
    """The class of brelan each seat announced this deal, ``None`` if it did not."""
    betting_round: int
    """The betting round from 0 (V-M.3)."""
    deck: tuple[Card, ...] = attrs.field(repr=False)
    """The deal's shuffled deck, top first (hidden; ``()`` before the shuffle)."""
    hands: tuple[tuple[Card, ...], ...]
    """Each seat's cards in the order dealt (the whole truth: use :meth:`view`)."""
    retournes: tuple[Card, ...]
    """The community cards face up now (``()`` before the deal)."""
    brelans: tuple[str | None, ...] = attrs.field(repr=False)
    """Each seat's class of brelan with the retournés now, or ``None`` (hidden); all
    ``None`` when announcements are off (only M-4.1 needs them)."""
    dead_retournes: tuple[Card, ...]
    """Retournés replaced by the retourné change, still face up (V-M.4)."""
    face_up: tuple[int, ...]
    """How many of each seat's first-dealt cards are face up (V-M.2, V-M.3)."""
    changed: bool
    """Whether the retourné change has happened this deal (V-M.4)."""
    rebuys: tuple[int, ...]
    """How many times each seat has rebought (X-6)."""
    initial_stacks: tuple[int, ...]
    """The stacks given to :func:`new_game`."""
    initial_dealer: int
    """The dealer given to :func:`new_game`."""
    deal_events: int = attrs.field(repr=False)
    """Where this deal's events begin in :attr:`events`."""
    last_deal_events: int = attrs.field(repr=False)
    """Where the previous deal's events begin (the view shows them between deals)."""
    event_log: Log[Event] = attrs.field(repr=False)
    """Every event since :func:`new_game` (betting steps add none)."""
    change_pending: bool = attrs.field(init=False, eq=False, repr=False)
    """Whether a betting step may bring the retourné change (V-M.4): the first round of
    a deal with ``retourne_change`` before the change (derived)."""
    announcing: bool = attrs.field(init=False, eq=False, repr=False)
    """Whether brelans can be announced (``announce_fee`` is not ``None``; derived)."""
    act_bits: tuple[int, ...] = attrs.field(init=False, eq=False, repr=False)
    """Per seat, the bits of :attr:`State.marks` a betting action sets: acted, and in
    the first round acted in the first round (derived)."""

    def __attrs_post_init__(self) -> None:
        first = self.betting_round == 0
        object.__setattr__(
            self, "change_pending", first and self.rules.retourne_change and not self.changed
        )
        object.__setattr__(self, "announcing", self.rules.announce_fee is not None)
        object.__setattr__(self, "act_bits", _act_bits(first, self.rules.players))


def _replacer(players: int, seat: int) -> Callable[[tuple[int, ...], int], tuple[int, ...]]:
    """``lambda values, value: values`` with item ``seat`` replaced, written out for
    ``players`` items: unpacking and packing a tuple beats a list round trip.

    >>> _replacer(4, 2)((5, 6, 7, 8), 0)
    (5, 6, 0, 8)
    """
    names = [f"v{i}" for i in range(players)]
    items = ["value" if i == seat else name for i, name in enumerate(names)]
    source = (
        f"def replace(values, value):\n"
        f"    {', '.join(names)} = values\n"
        f"    return ({', '.join(items)})\n"
    )
    namespace: dict[str, Any] = {}
    exec(source, namespace)  # the source is built from ints only
    found: Callable[[tuple[int, ...], int], tuple[int, ...]] = namespace["replace"]
    return found


_REPLACE = {n: tuple(_replacer(n, seat) for seat in range(n)) for n in (3, 4, 5)}

_ACT_BITS: dict[tuple[bool, int], tuple[int, ...]] = {}


def _act_bits(first: bool, players: int) -> tuple[int, ...]:
    found = _ACT_BITS.get((first, players))
    if found is None:
        found = _ACT_BITS[(first, players)] = tuple(
            (1 << (ACTED + seat)) | ((1 << (FIRST + seat)) if first else 0)
            for seat in range(players)
        )
    return found


@attrs.frozen(slots=True)
class State:
    """A moment of a modern Bouillotte session (immutable; ``apply`` returns a new one).

    Build the first with :func:`new_game`. Seats are numbered in the direction of play;
    eldest, ``(dealer + 1) % players``, gets the first card and speaks first.

    >>> state = new_game()
    >>> state.phase, state.contributions
    (<Phase.DEAL: 'deal'>, (1, 1, 1, 1))
    """

    GAME_ID: ClassVar[str] = GAME_ID

    table: Table
    """The session's constants and the deal's cards, announcements and events."""
    stacks: tuple[int, ...]
    """Chips each seat holds outside the pot."""
    contributions: tuple[int, ...]
    """Chips each seat has put in the pot this deal (ante included)."""
    to_act: int | Chance | None
    """The seat to act, :data:`~cardrules.CHANCE`, or ``None`` when the session is over."""
    largest: int
    """The largest contribution of this deal."""
    marks: int = attrs.field(repr=False)
    """Per-seat flags as bits: acted since the last raise (from bit ``ACTED``), acted in
    the first round (``FIRST``, V-M.4), folded this deal (``FOLDED``); see the
    properties :attr:`acted`, :attr:`first_acted` and :attr:`folded`."""
    log: Log[Action] = attrs.field(repr=False)
    """Every action applied since :func:`new_game`."""
    _legal: tuple[Action, ...] | None = attrs.field(
        default=None, init=False, eq=False, hash=False, repr=False
    )

    # -- the table's fields ------------------------------------------------------------
    @property
    def rules(self) -> Rules:
        """The options of the session."""
        return self.table.rules

    @property
    def phase(self) -> Phase:
        """Chance node of a deal, betting, or over."""
        return self.table.phase

    @property
    def dealer(self) -> int:
        """The dealer's seat."""
        return self.table.dealer

    @property
    def deal_number(self) -> int:
        """The deal's index from 0."""
        return self.table.deal_number

    @property
    def folded(self) -> tuple[bool, ...]:
        """Which seats have folded this deal."""
        return flags(self.marks, FOLDED, self.table.rules.players)

    @property
    def acted(self) -> tuple[bool, ...]:
        """Which seats have acted since the last raise in this betting round."""
        return flags(self.marks, ACTED, self.table.rules.players)

    @property
    def first_acted(self) -> tuple[bool, ...]:
        """Which seats have taken a betting action in the first round (V-M.4)."""
        return flags(self.marks, FIRST, self.table.rules.players)

    @property
    def actor(self) -> int:
        """The seat to act in the betting, ``-1`` otherwise."""
        to_act = self.to_act
        return to_act if type(to_act) is int else -1

    @property
    def event_log(self) -> Log[Event]:
        """Every event since :func:`new_game`."""
        return self.table.event_log

    @property
    def announced(self) -> tuple[str | None, ...]:
        """The class of brelan each seat announced this deal, ``None`` if it did not."""
        return self.table.announced

    @property
    def betting_round(self) -> int:
        """The betting round from 0 (V-M.3)."""
        return self.table.betting_round

    @property
    def deck(self) -> tuple[Card, ...]:
        """The deal's shuffled deck, top first (hidden; ``()`` before the shuffle)."""
        return self.table.deck

    @property
    def hands(self) -> tuple[tuple[Card, ...], ...]:
        """Each seat's cards in the order dealt (the whole truth: use :meth:`view`)."""
        return self.table.hands

    @property
    def retournes(self) -> tuple[Card, ...]:
        """The community cards face up now (``()`` before the deal)."""
        return self.table.retournes

    @property
    def brelans(self) -> tuple[str | None, ...]:
        """Each seat's class of brelan with the retournés now, or ``None`` (hidden).

        >>> from cardrules import Shuffle
        >>> state = new_game(Rules(announce_fee=None))
        >>> state.apply(Shuffle(state.chance_cards)).brelans
        (None, None, None, None)
        """
        hands = self.table.hands
        if not hands[0]:
            return self.table.brelans
        values = [value_of(self.rules, hand, self.retournes) for hand in hands]
        return tuple(value.category if value.is_brelan else None for value in values)

    @property
    def dead_retournes(self) -> tuple[Card, ...]:
        """Retournés replaced by the retourné change, still face up (V-M.4)."""
        return self.table.dead_retournes

    @property
    def face_up(self) -> tuple[int, ...]:
        """How many of each seat's first-dealt cards are face up (V-M.2, V-M.3)."""
        return self.table.face_up

    @property
    def changed(self) -> bool:
        """Whether the retourné change has happened this deal (V-M.4)."""
        return self.table.changed

    @property
    def rebuys(self) -> tuple[int, ...]:
        """How many times each seat has rebought (X-6)."""
        return self.table.rebuys

    @property
    def initial_stacks(self) -> tuple[int, ...]:
        """The stacks given to :func:`new_game`."""
        return self.table.initial_stacks

    @property
    def initial_dealer(self) -> int:
        """The dealer given to :func:`new_game`."""
        return self.table.initial_dealer

    @property
    def deal_events(self) -> int:
        """Where this deal's events begin in :attr:`events`."""
        return self.table.deal_events

    @property
    def last_deal_events(self) -> int:
        """Where the previous deal's events begin (the view shows them between deals)."""
        return self.table.last_deal_events

    # -- the API ---------------------------------------------------------------------
    @property
    def is_terminal(self) -> bool:
        """Whether the session is over."""
        return self.to_act is None

    @property
    def chance_cards(self) -> tuple[Card, ...]:
        """At the chance node, the deck to shuffle (canonical order); ``()`` elsewhere."""
        return self.rules.deck if self.phase is P_DEAL else ()

    @property
    def history(self) -> tuple[Action, ...]:
        """Every action applied since :func:`new_game`, chance actions included."""
        return self.log.as_tuple()

    @property
    def events(self) -> tuple[Event, ...]:
        """What happened, newest last."""
        return self.table.event_log.as_tuple()

    @property
    def pot(self) -> int:
        """Every chip in the middle."""
        return sum(self.contributions)

    @property
    def pots(self) -> tuple[tuple[int, tuple[int, ...]], ...]:
        """The pots as they stand, main pot first: ``(amount, eligible seats)`` (X-4).

        Split only where a seat still in is all-in: a seat with chips can still call, so
        it is eligible for every pot. Once the betting closes this is the showdown's
        split (before the uncalled excess goes back).

        >>> from cardrules.actions import Raise
        >>> from cardrules.bouillotte.modern import arrange_deck
        >>> state = new_game(dealer=3)
        >>> state = state.apply(arrange_deck(state, {}))
        >>> state.apply(Raise(to=3)).pots
        ((6, (0, 1, 2, 3)),)
        """
        live = tuple(not f for f in self.folded)
        all_in = tuple(stack == 0 for stack in self.stacks)
        return betting_pots(self.contributions, live, all_in)

    @property
    def eldest(self) -> int:
        """The seat after the dealer: first card, first to speak."""
        return (self.dealer + 1) % self.rules.players

    def returns(self) -> tuple[Fraction, ...]:
        """Each seat's result: stack − starting stack − rebuys (X-8).

        >>> new_game().returns()
        (Fraction(-1, 1), Fraction(-1, 1), Fraction(-1, 1), Fraction(-1, 1))
        """
        stack = self.rules.stack
        return tuple(
            Fraction(chips - start - rebuys * stack)
            for chips, start, rebuys in zip(
                self.stacks, self.initial_stacks, self.rebuys, strict=True
            )
        )

    def standings(self) -> tuple[int, ...]:
        """Each seat's place by :meth:`returns` (1 best; ties share and the next skips).

        >>> new_game().standings()
        (1, 1, 1, 1)
        """
        return standings_of(self.returns())

    def legal_actions(self) -> tuple[Action, ...]:
        """Every legal action of the seat to act; ``()`` at chance nodes and at the end.

        >>> import random
        >>> from cardrules import sample_chance
        >>> state = new_game(Rules(announce_fee=None))
        >>> state = state.apply(sample_chance(state, random.Random(0)))
        >>> state.legal_actions()
        (Check(), Raise(to=2), Raise(to=3), Raise(to=4), Raise(to=5), Raise(to=6))
        """
        legal = self._legal
        if legal is None:
            legal = legal_set(self)
            object.__setattr__(self, "_legal", legal)
        return legal

    def is_legal(self, action: object) -> bool:
        """Whether :meth:`apply` would accept ``action`` (never raises).

        >>> from cardrules.actions import Raise
        >>> state = new_game()
        >>> state.is_legal(Shuffle(state.chance_cards)), state.is_legal(Raise(to=2))
        (True, False)
        """
        if self.phase is P_DEAL:
            try:
                check_shuffle(action, self.rules.deck, _deck_set(self.rules.players))
            except IllegalActionError:
                return False
            return True
        return _is_listed(action, self.legal_actions())

    def apply(self, action: Action) -> State:
        """The state after ``action``.

        :raises IllegalActionError: if ``action`` is not legal now (X-9); the message
            names the seat, the action, the reason, the rule and what is legal.

        >>> from cardrules.actions import CHECK, FOLD
        >>> state = new_game()
        >>> state = state.apply(Shuffle(state.chance_cards))
        >>> state.apply(CHECK).to_act
        2
        >>> state.apply(FOLD)
        Traceback (most recent call last):
        ...
        cardrules.errors.IllegalActionError: seat 1 cannot fold: there is no bet to fold to;
        check or raise (M-3.2); legal now: check, raise to 2…6
        """
        legal = self._legal
        if legal is None:
            legal = self.legal_actions()
        for listed in legal:
            if listed is action:
                return _STEPS[action.__class__](self, action)
        return self._apply_other(action, legal)

    def _apply_other(self, action: object, legal: tuple[Action, ...]) -> State:
        """``apply`` of an action that is not one of the interned legal actions: an equal
        one (stepped as the interned action), a shuffle at the chance node, or an error."""
        phase = self.table.phase
        if phase is P_BETTING:
            if not _is_listed(action, legal):
                raise self._illegal(action)
            listed = legal[legal.index(action)]
            return _STEPS[listed.__class__](self, listed)
        if phase is P_DEAL:
            rules = self.table.rules
            shuffle = check_shuffle(action, rules.deck, _deck_set(rules.players))
            return _deal(self, shuffle)
        raise IllegalActionError(
            f"the session is over: no action can be applied, not {action!r} (X-7)",
            rule="X-7",
            action=action,
        )

    def view(self, seat: int) -> View:
        """What ``seat`` may see now (X-10).

        :raises ValueError: for a seat that is not an int from 0 to ``players - 1``.

        >>> new_game().view(2).hand
        ()
        """
        check_seat(seat, self.rules.players)
        return make_view(self, seat)

    # -- errors ----------------------------------------------------------------------
    def _illegal(self, action: object) -> IllegalActionError:
        seat = self.actor
        rule, reason = why_illegal(self, action)
        legal = describe_actions(self.legal_actions())
        try:
            shown = str(action) if isinstance(action, Action) else repr(action)
        except Exception:  # pragma: no cover - a hostile __str__
            shown = object.__repr__(action)
        return IllegalActionError(
            f"seat {seat} cannot {shown}: {reason} ({rule}); legal now: {legal}",
            rule=rule,
            seat=seat,
            action=action,
        )


def _is_listed(action: object, legal: tuple[Action, ...]) -> bool:
    cls = action.__class__
    if cls is Raise:
        if type(action.to) is not int:  # type: ignore[attr-defined]
            return False
    elif cls not in _KNOWN:
        return False
    return action in legal


_DECK_SETS: dict[int, frozenset[Card]] = {}


def _deck_set(players: int) -> frozenset[Card]:
    found = _DECK_SETS.get(players)
    if found is None:
        found = _DECK_SETS[players] = frozenset(Rules(players=players).deck)
    return found


_new = object.__new__
_SET_STATE = tuple(
    State.__dict__[name].__set__
    for name in ("table", "stacks", "contributions", "to_act", "largest", "marks", "log", "_legal")
)


def _make(
    table: Table,
    stacks: tuple[int, ...],
    contributions: tuple[int, ...],
    to_act: int | Chance | None,
    largest: int,
    marks: int,
    log: Log[Action],
    legal: tuple[Action, ...] | None = None,
    _sets: tuple[object, ...] = _SET_STATE,
) -> State:
    """``State(...)`` without the generated ``__init__``: the same slots set, faster;
    ``legal``: the legal set when the caller has computed it (else computed on demand)."""
    state = _new(State)
    s_table, s_stacks, s_contributions, s_to_act, s_largest, s_marks, s_log, s_legal = _sets
    s_table(state, table)  # type: ignore[operator]
    s_stacks(state, stacks)  # type: ignore[operator]
    s_contributions(state, contributions)  # type: ignore[operator]
    s_to_act(state, to_act)  # type: ignore[operator]
    s_largest(state, largest)  # type: ignore[operator]
    s_marks(state, marks)  # type: ignore[operator]
    s_log(state, log)  # type: ignore[operator]
    s_legal(state, legal)  # type: ignore[operator]
    return state


_UNACTED = ~((1 << FIRST) - 1)
"""``marks &`` this clears every seat's "acted since the last raise"."""


def _check(state: State, action: Action) -> State:
    """A legal check (M-3.2): built directly when the round stays open and no retourné
    change is pending; otherwise through the general path (``Draft.bet``)."""
    table = state.table
    if table.change_pending:
        return _general(state, action)
    seat: int = state.to_act  # type: ignore[assignment]
    marks = state.marks | table.act_bits[seat]
    stacks = state.stacks
    contributions = state.contributions
    largest = state.largest
    following = next_actor(marks, stacks, contributions, largest, seat)
    if following < 0:
        return _general(state, action)
    legal = legal_for(table, following, stacks, contributions, largest, marks)
    log = state.log.append(action)
    return _make(table, stacks, contributions, following, largest, marks, log, legal)


def _call(state: State, action: Action) -> State:
    """A legal call, all-in when the stack is short (M-3.2, X-3): built directly when the
    round stays open and no retourné change is pending; otherwise ``Draft.bet``."""
    table = state.table
    if table.change_pending:
        return _general(state, action)
    seat: int = state.to_act  # type: ignore[assignment]
    marks = state.marks | table.act_bits[seat]
    largest = state.largest
    stacks = state.stacks
    contributions = state.contributions
    have = stacks[seat]
    put = contributions[seat]
    amount = largest - put
    if amount > have:
        amount = have
    replace = _REPLACE[len(stacks)][seat]
    stacks = replace(stacks, have - amount)
    contributions = replace(contributions, put + amount)
    following = next_actor(marks, stacks, contributions, largest, seat)
    if following < 0:
        return _general(state, action)
    legal = legal_for(table, following, stacks, contributions, largest, marks)
    log = state.log.append(action)
    return _make(table, stacks, contributions, following, largest, marks, log, legal)


def _raise(state: State, action: Action) -> State:
    """A legal raise (M-3.3, X-3): every other seat must act again. Built directly when
    the round stays open and no retourné change is pending; otherwise ``Draft.bet``."""
    table = state.table
    if table.change_pending:
        return _general(state, action)
    seat: int = state.to_act  # type: ignore[assignment]
    marks = (state.marks & _UNACTED) | table.act_bits[seat]
    to: int = action.to  # type: ignore[attr-defined]
    contributions = state.contributions
    stacks = state.stacks
    replace = _REPLACE[len(stacks)][seat]
    stacks = replace(stacks, stacks[seat] - (to - contributions[seat]))
    contributions = replace(contributions, to)
    following = next_actor(marks, stacks, contributions, to, seat)
    if following < 0:
        return _general(state, action)
    legal = legal_for(table, following, stacks, contributions, to, marks)
    log = state.log.append(action)
    return _make(table, stacks, contributions, following, to, marks, log, legal)


def _fold(state: State, action: Action) -> State:
    """A legal fold (M-3.2): built directly when the deal and the round go on and no
    retourné change is pending; otherwise through the general path (``Draft.bet``)."""
    table = state.table
    if table.change_pending:
        return _general(state, action)
    seat: int = state.to_act  # type: ignore[assignment]
    marks = state.marks | table.act_bits[seat] | (1 << (FOLDED + seat))
    stacks = state.stacks
    if flags(marks, FOLDED, len(stacks)).count(False) == 1:
        return _general(state, action)
    contributions = state.contributions
    largest = state.largest
    following = next_actor(marks, stacks, contributions, largest, seat)
    if following < 0:
        return _general(state, action)
    legal = legal_for(table, following, stacks, contributions, largest, marks)
    log = state.log.append(action)
    return _make(table, stacks, contributions, following, largest, marks, log, legal)


def _general(state: State, action: Action) -> State:
    """Any legal betting-phase action, through a :class:`Draft` (the reference path)."""
    draft = Draft(state)
    if action.__class__ is Announce:
        draft.announce()
    else:
        draft.bet(action)
    return _freeze(draft, state.log.append(action))


def _deal(state: State, shuffle: Shuffle) -> State:
    """The deal of a checked ``shuffle`` (X-1, M-2.2, V-M.1): built directly when the
    betting opens at once; through ``Draft.deal`` with the open card (V-M.2) or when
    fewer than two seats have chips left after the antes."""
    table = state.table
    rules = table.rules
    n = rules.players
    stacks = state.stacks
    eldest = (table.dealer + 1) % n
    able = [seat for seat in seat_order(eldest, n) if stacks[seat] > 0]
    log = state.log.append(shuffle)
    order = shuffle.order
    if rules.open_card or len(able) < 2:
        draft = Draft(state)
        draft.deal(order)
        return _freeze(draft, log)
    hands = deal_hands(order, eldest, n)
    retournes = order[3 * n : 3 * n + rules.retournes]
    brelans = table.brelans
    if rules.announce_fee is not None:
        brelans = brelans_of(rules, hands, retournes)
    table = Table(
        rules,
        P_BETTING,
        table.dealer,
        table.deal_number,
        table.announced,
        0,
        order,
        hands,
        retournes,
        brelans,
        table.dead_retournes,
        table.face_up,
        table.changed,
        table.rebuys,
        table.initial_stacks,
        table.initial_dealer,
        table.deal_events,
        table.last_deal_events,
        table.event_log.append(RetournesTurned(retournes)),
    )
    # at the chance node every per-seat flag is clear, and opening the round keeps it so
    contributions = state.contributions
    largest = state.largest
    legal = legal_for(table, able[0], stacks, contributions, largest, 0)
    return _make(table, stacks, contributions, able[0], largest, 0, log, legal)


_STEPS = {Check: _check, Call: _call, Raise: _raise, Fold: _fold, Announce: _general}
"""The transition of each (legal) betting action, by its class."""


def _freeze(draft: Draft, log: Log[Action]) -> State:
    table = draft.state.table
    events = table.event_log.extend(draft.events)
    table = Table(
        draft.rules,
        draft.phase,
        draft.dealer,
        draft.deal_number,
        tuple(draft.announced),
        draft.betting_round,
        draft.deck,
        draft.hands,
        draft.retournes,
        draft.brelans,
        draft.dead_retournes,
        tuple(draft.face_up),
        draft.changed,
        tuple(draft.rebuys),
        table.initial_stacks,
        table.initial_dealer,
        draft.deal_events,
        draft.last_deal_events,
        events,
    )
    phase = draft.phase
    to_act = draft.actor if phase is P_BETTING else CHANCE if phase is P_DEAL else None
    return _make(
        table,
        tuple(draft.stacks),
        tuple(draft.contributions),
        to_act,
        draft.largest,
        draft.marks(),
        log,
    )


def new_game(
    rules: Rules | None = None, *, stacks: Sequence[int] | None = None, dealer: int = 0
) -> State:
    """The first state of a session: the first deal has begun and waits for its shuffle.

    :param rules: the options (default ``Rules()``).
    :param stacks: each seat's starting stack, ints >= 0 (default ``rules.stack`` each);
        a seat starting at 0 rebuys ``rules.stack`` before the first deal (X-6).
    :param dealer: the first dealer's seat.
    :returns: the state at the first deal's chance node, antes paid.
    :raises RulesError: for rules, stacks or a dealer that are not valid.

    >>> new_game(stacks=(10, 0, 5, 5)).stacks
    (9, 99, 4, 4)
    """
    if rules is None:
        rules = Rules()
    if not isinstance(rules, Rules):
        raise RulesError(f"rules must be a modern Bouillotte Rules, not {rules!r}")
    n = rules.players
    if stacks is None:
        start = (rules.stack,) * n
    else:
        try:
            start = tuple(stacks)
        except TypeError:
            raise RulesError(f"stacks must be a sequence of {n} ints, not {stacks!r}") from None
        if len(start) != n or any(type(s) is not int or s < 0 for s in start):
            raise RulesError(f"stacks must be {n} ints >= 0 (one per seat), not {stacks!r}")
    if type(dealer) is not int or not 0 <= dealer < n:
        raise RulesError(f"dealer must be an int from 0 to {n - 1}, not {dealer!r}")
    zeros = (0,) * n
    table = Table(
        rules,
        P_DEAL,
        dealer,
        0,
        (None,) * n,
        0,
        (),
        ((),) * n,
        (),
        (None,) * n,
        (),
        zeros,
        False,
        zeros,
        start,
        dealer,
        0,
        0,
        Log(),
    )
    blank = State(table, start, zeros, CHANCE, 0, 0, Log())
    draft = Draft(blank)
    draft.start_deal()
    return _freeze(draft, blank.log)
