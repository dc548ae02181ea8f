"""The session log: everything a session has recorded since ``new_game``, as one value.

Every game's record holds one :class:`SessionLog` in its ``log`` field. It keeps

* the **public actions**: every action as every seat saw it (a shuffle without its
  order, another seat's exchange as its count);
* the **secret actions**: the whole form of each public action that shows masked
  (each shuffle with its order, each exchange with its cards), in order;
* the **events** (who won which pot with which hand, who paid what);
* per seat, its **own private actions**, shown whole in its own history, each with
  its place in the public log;
* per seat, the **cards it received** in each deal (dealt, then drawn).

A rules file only says what happened — :meth:`SessionLog.logged` for a public action,
:meth:`SessionLog.logged_masked` for one that seats see masked, :meth:`SessionLog.noted`
for events, :meth:`SessionLog.dealt` and :meth:`SessionLog.drew` for cards — and reads
:attr:`SessionLog.history` (every action whole) or :meth:`SessionLog.seat_part` (what one
seat may see of the log). How the log shares structure between versions is its own
business: each part is a :class:`~cardrules.game.Log`, which copies at most a few dozen
items per step, so a log can grow for a whole session without quadratic cost, and two
equal logs are equal values whatever steps built them.

>>> from cardrules.actions import Check, Raise
>>> from cardrules.cards import cards
>>> from cardrules.chance import HIDDEN_SHUFFLE, Shuffle
>>> ace, two = cards("As 2c")
>>> log = SessionLog.start(2).logged_masked(Shuffle((ace, two)), HIDDEN_SHUFFLE)
>>> log = log.dealt(((ace,), (two,))).logged(Raise(to=3)).logged(Check())
>>> log.history
(Shuffle(order=(Card.parse('A♠'), Card.parse('2♣'))), Raise(to=3), Check())
>>> log.public_actions.as_tuple()
(Shuffle(order=()), Raise(to=3), Check())
>>> part = log.seat_part(1)
>>> part.history, part.received
((Shuffle(order=()), Raise(to=3), Check()), ((Card.parse('2♣'),),))
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any, TypeVar

import attrs

from cardrules._fast import constructor
from cardrules.actions import Action
from cardrules.cards import canonical
from cardrules.events import Event
from cardrules.game import Log, seat_only
from cardrules.seating import replaced

__all__ = [
    "LoggedRecord",
    "SeatLog",
    "SeatLoggedRecord",
    "SessionLog",
]

T = TypeVar("T")

_EMPTY_ACTIONS: Log[Action] = Log()
_EMPTY_EVENTS: Log[Event] = Log()
_EMPTY_OWN: Log[tuple[int, Action]] = Log()
_EMPTY_RECEIVED: Log[tuple[Any, ...]] = Log()


@attrs.frozen(slots=True, weakref_slot=False)
class SeatLog:
    """What one seat may see of a :class:`SessionLog` (X-10): the public actions and
    the events, shared with the whole log, and the seat's own private actions and
    received cards. A view holds one; it holds nothing the seat may not see."""

    seat: int
    """The seat that sees."""
    public_actions: Log[Action]
    """Every action as every seat saw it."""
    events: Log[Event]
    """Every event since ``new_game``."""
    own_actions: Log[tuple[int, Action]]
    """``(index in the public log, action)`` of each of the seat's own private actions."""
    own_received: Log[tuple[Any, ...]]
    """The cards the seat received in each deal, oldest deal first."""

    @property
    def history(self) -> tuple[Action, ...]:
        """Every action as this seat saw it: the public log, with its own private
        actions shown whole."""
        actions = self.public_actions.as_tuple()
        if not self.own_actions:
            return actions
        shown = list(actions)
        for index, action in self.own_actions:
            shown[index] = action
        return tuple(shown)

    @property
    def received(self) -> tuple[tuple[Any, ...], ...]:
        """The cards this seat received in each deal, oldest deal first."""
        return self.own_received.as_tuple()


@attrs.frozen(slots=True, weakref_slot=False)
class SessionLog:
    """Everything a session has recorded (see the module's text). Build the first one
    with :meth:`start`; every method returns a new log and leaves this one as it is."""

    public_actions: Log[Action]
    """Every action as every seat saw it."""
    secret_actions: Log[tuple[int, Action]]
    """``(index in the public log, action)``: the whole form of each public action
    that shows masked there, in order."""
    events: Log[Event]
    """Every event since ``new_game``, newest last."""
    own_actions: tuple[Log[tuple[int, Action]], ...]
    """Per seat: ``(index in the public log, action)`` of each of its own private
    actions (shown whole in that seat's history)."""
    received: tuple[Log[tuple[Any, ...]], ...]
    """Per seat: the cards it received in each deal (dealt, then drawn)."""

    @classmethod
    def start(cls, players: int) -> SessionLog:
        """The empty log of a session of ``players`` seats.

        >>> len(SessionLog.start(3).received)
        3
        """
        return cls(
            _EMPTY_ACTIONS,
            _EMPTY_OWN,
            _EMPTY_EVENTS,
            (_EMPTY_OWN,) * players,
            (_EMPTY_RECEIVED,) * players,
        )

    # ------------------------------------------------------------ recording
    # (each method builds the next log with the class's own constructor, its five
    # parts in order: the log is one small value, copied once per step)

    def logged(self, action: Action) -> SessionLog:
        """This log with a public ``action`` (seen by every seat as it is)."""
        return _new_log(
            self.public_actions.append(action),
            self.secret_actions,
            self.events,
            self.own_actions,
            self.received,
        )

    def logged_masked(self, action: Action, shown: Action, seat: int | None = None) -> SessionLog:
        """This log with ``action``, which every seat sees as ``shown`` (a shuffle
        without its order, an exchange as its count) — but ``seat``, when given, which
        sees its own action whole.

        >>> from cardrules.chance import HIDDEN_SHUFFLE, Shuffle
        >>> log = SessionLog.start(2).logged_masked(Shuffle((2, 1)), HIDDEN_SHUFFLE, seat=0)
        >>> log.seat_part(0).history, log.seat_part(1).history
        ((Shuffle(order=(2, 1)),), (Shuffle(order=()),))
        """
        index = len(self.public_actions)
        own = self.own_actions
        if seat is not None:
            own = replaced(own, seat, own[seat].append((index, action)))
        return _new_log(
            self.public_actions.append(shown),
            self.secret_actions.append((index, action)),
            self.events,
            own,
            self.received,
        )

    def noted(self, *events: Event) -> SessionLog:
        """This log with ``events`` added, in order."""
        if not events:
            return self
        return _new_log(
            self.public_actions,
            self.secret_actions,
            self.events.extend(events),
            self.own_actions,
            self.received,
        )

    def dealt(self, cards: Sequence[Sequence[Any]]) -> SessionLog:
        """This log with a new deal's cards: ``cards[seat]``, the cards ``seat`` was
        dealt, begins that seat's entry for the deal, in canonical order (the order in
        which a seat's cards arrive is not information, X-10).

        >>> from cardrules import cards
        >>> log = SessionLog.start(1).dealt((cards("As 2c Kd"),))
        >>> [str(card) for card in log.received[0].last()]
        ['2♣', 'K♦', 'A♠']
        """
        received = tuple(
            log.append(canonical(got)) for log, got in zip(self.received, cards, strict=True)
        )
        return _new_log(
            self.public_actions, self.secret_actions, self.events, self.own_actions, received
        )

    def drew(self, seat: int, cards: Sequence[Any]) -> SessionLog:
        """This log with ``cards`` added to what ``seat`` received in this deal (a draw
        from the stock), the batch in canonical order (X-10).

        >>> from cardrules import cards
        >>> log = SessionLog.start(1).dealt((cards("As 2c"),)).drew(0, cards("Kd 3h"))
        >>> [str(card) for card in log.received[0].last()]
        ['2♣', 'A♠', '3♥', 'K♦']
        """
        mine = self.received[seat]
        newest = mine.last() or ()
        batch = (*newest, *canonical(cards))
        received = replaced(self.received, seat, mine.replace_last(batch))
        return _new_log(
            self.public_actions, self.secret_actions, self.events, self.own_actions, received
        )

    # ------------------------------------------------------------ reading

    @property
    def history(self) -> tuple[Action, ...]:
        """Every action since ``new_game``, whole (shuffles with their orders)."""
        actions = self.public_actions.as_tuple()
        if not self.secret_actions:
            return actions
        whole = list(actions)
        for index, action in self.secret_actions:
            whole[index] = action
        return tuple(whole)

    def seat_part(self, seat: int) -> SeatLog:
        """What ``seat`` may see of this log, in O(1) (a :class:`SeatLog`)."""
        return _new_seat_log(
            seat, self.public_actions, self.events, self.own_actions[seat], self.received[seat]
        )


_new_log = constructor(
    SessionLog, ("public_actions", "secret_actions", "events", "own_actions", "received")
)
_new_seat_log = constructor(
    SeatLog, ("seat", "public_actions", "events", "own_actions", "own_received")
)
"""The log's own builders: a step builds one new log, and a view one seat's part, with
their parts given in order and no ``__init__`` run (the log is the core's value, and how
it is built is its own business)."""


class _PublicLogs:
    """The logs every record reads alike of its ``log``, a :class:`SessionLog` or a
    seat's :class:`SeatLog`: the events and the public actions."""

    __slots__ = ()
    log: SessionLog | SeatLog

    @property
    def event_log(self) -> Log[Event]:
        """Every event since ``new_game``."""
        return self.log.events

    @property
    def public_log(self) -> Log[Action]:
        """Every action as every seat saw it (each shuffle without its order)."""
        return self.log.public_actions


class LoggedRecord(_PublicLogs):
    """What a state's record reads of its :class:`SessionLog` (``log``), written once
    for every game: a game's ``Record`` inherits it."""

    __slots__ = ()
    log: SessionLog

    @property
    def history(self) -> tuple[Action, ...]:
        """Every action applied since ``new_game``, shuffles with their order."""
        return self.log.history

    @property
    def received(self) -> tuple[Log[tuple[Any, ...]], ...]:
        """Per seat: its cards in each deal so far."""
        return self.log.received


class SeatLoggedRecord(_PublicLogs):
    """What a seat's record (the public record of its view) reads of its
    :class:`SeatLog` (``log``), written once for every game: a game's ``SeatRecord``
    inherits it."""

    __slots__ = ()
    log: SeatLog
    seat: int
    stacks: tuple[int, ...]

    @property
    def received(self) -> tuple[Log[tuple[Any, ...]], ...]:
        """Per seat: the cards it received in each deal so far, as this seat knows
        them (its own log; the others' empty)."""
        return seat_only(len(self.stacks), self.seat, self.log.own_received)
