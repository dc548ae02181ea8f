"""The state of a Bourré session: :class:`State` and :func:`new_game`.

:class:`State` is a frozen value; :meth:`State.apply` checks the action against the
one legal set (:mod:`cardrules.bourre.legality`, cached per state) and dispatches to
the pure transitions of :mod:`cardrules.bourre.transitions`. Cards are held
internally as canonical indices (``card.index``) so that the trick logic of
:mod:`cardrules.bourre.tricks` runs on ints.

>>> import random
>>> from cardrules import play, random_policy
>>> final = play(new_game(Rules(deals=3)), [random_policy] * 4, random.Random(1))
>>> final.is_terminal, final.pot, sum(final.returns())
(True, 0, Fraction(0, 1))
"""

from __future__ import annotations

from collections.abc import Sequence
from fractions import Fraction
from typing import Any, ClassVar

import attrs

from cardrules.actions import Action
from cardrules.bourre.actions import STAY_IN, Exchange, hidden_exchange
from cardrules.bourre.legality import illegal, legal_actions
from cardrules.bourre.rules import Rules
from cardrules.bourre.table import Table
from cardrules.bourre.transitions import (
    DROPPED,
    IN,
    UNDECIDED,
    apply_deal,
    apply_exchange,
    apply_play,
    apply_restock,
    apply_stay,
    start_deal,
    use_state_class,
)
from cardrules.bourre.view import Phase, View
from cardrules.cards import STANDARD_DECK, Card, Suit
from cardrules.chance import HIDDEN_SHUFFLE, Chance, Shuffle, check_shuffle
from cardrules.errors import IllegalActionError, RulesError
from cardrules.events import Event
from cardrules.game import Log, check_seat, standings_of

__all__ = ["GAME_ID", "State", "new_game"]

GAME_ID = "bourre"
"""The game's id in records."""

_set = object.__setattr__
_FULL_DECK = frozenset(STANDARD_DECK)
_PLAY, _STAY, _EXCHANGE, _DEAL = Phase.PLAY, Phase.STAY, Phase.EXCHANGE, Phase.DEAL


@attrs.frozen(slots=True)
class State:
    """A Bourré session at one moment. Build the first one with :func:`new_game`.

    Internal fields ending in ``_ix`` hold canonical card indices; the public
    properties (:attr:`hands`, :attr:`trick`, :attr:`trump_card`, …) give cards.
    """

    GAME_ID: ClassVar[str] = GAME_ID

    table: Table
    """Money, the deal's setup and the stock (what a played card does not change)."""
    to_act: int | Chance | None
    """The seat to act, ``CHANCE`` at a chance node, ``None`` when the session is over."""
    hand_ix: tuple[tuple[int, ...], ...] = attrs.field(repr=False)
    """Each seat's cards as ascending canonical indices."""
    trick_ix: tuple[int, ...] = attrs.field(repr=False)
    """The current trick's cards in play order."""
    leader: int = attrs.field(repr=False)
    """The seat that leads (or led) the current trick; -1 outside trick play."""
    tricks_won: tuple[int, ...]
    """Tricks won by each seat in this deal."""
    log: Log[Action] = attrs.field(repr=False)
    """Every action since ``new_game`` (use :attr:`history`)."""
    event_log: Log[Event] = attrs.field(repr=False)
    """Every event (use :attr:`events`)."""
    status: tuple[int, ...] = attrs.field(repr=False)
    """Per seat: 0 undecided, 1 stayed in, 2 dropped (B-3.1)."""
    _legal: tuple[Action, ...] | None = attrs.field(default=None, eq=False, hash=False, repr=False)

    def __getstate__(self) -> dict[str, Any]:
        return {
            field.name: getattr(self, field.name)
            for field in attrs.fields(State)
            if field.name != "_legal"
        }

    def __setstate__(self, state: dict[str, Any]) -> None:
        for name, value in state.items():
            _set(self, name, value)
        _set(self, "_legal", None)

    # ------------------------------------------------------------------ the table

    @property
    def rules(self) -> Rules:
        """The rules of the session."""
        return self.table.deal.rules

    @property
    def phase(self) -> Phase:
        """Where the deal stands."""
        return self.table.phase

    @property
    def dealer(self) -> int:
        """The dealer's seat."""
        return self.table.deal.dealer

    @property
    def deal_number(self) -> int:
        """The deal's index from 0."""
        return self.table.deal.deal_number

    @property
    def ante_level(self) -> int:
        """The ante of this deal (doubles after carried pots with ``rising_ante``, V-B.5)."""
        return self.table.deal.ante_level

    @property
    def stacks(self) -> tuple[int, ...]:
        """Chips each seat holds outside the pot."""
        return self.table.deal.stacks

    @property
    def pot(self) -> int:
        """Every chip in the middle: this deal's antes and anything carried over."""
        return self.table.deal.pot

    @property
    def contributions(self) -> tuple[int, ...]:
        """Chips each seat put in the pot during this deal (its ante)."""
        return self.table.deal.contributions

    @property
    def rebuys(self) -> tuple[int, ...]:
        """How many times each seat rebought (X-6)."""
        return self.table.deal.rebuys

    @property
    def shares(self) -> tuple[Fraction, ...]:
        """Each seat's share of the pot left after the last deal (X-7); 0 before the end."""
        return self.table.deal.shares

    @property
    def order(self) -> tuple[int, ...]:
        """The seats still in after the stay phase, in seat order from eldest."""
        return self.table.order

    @property
    def trump_ix(self) -> int:
        """The trump up-card's index, -1 before the deal."""
        return self.table.trump_ix

    @property
    def trump_out(self) -> bool:
        """Whether the trump up-card is out of play (discarded, or its dealer dropped)."""
        return self.table.trump_out

    @property
    def stock_ix(self) -> tuple[int, ...]:
        """The stock, top card first."""
        return self.table.stock_ix

    @property
    def muck_ix(self) -> tuple[int, ...]:
        """The restockable cards: served seats' discards and dropped hands (ascending)."""
        return self.table.muck_ix

    @property
    def discarded(self) -> tuple[tuple[int, ...] | None, ...]:
        """Per seat: its discards of this deal, ``None`` before its exchange."""
        return self.table.discarded

    @property
    def pending(self) -> tuple[int, int, tuple[int, ...]] | None:
        """At a restock: (seat, cards still to draw, its discards)."""
        return self.table.pending

    @property
    def deal_actions_from(self) -> int:
        """The index in ``history`` of this deal's first action (its shuffle)."""
        return self.table.deal.deal_actions_from

    @property
    def deal_events_from(self) -> int:
        """The index in :attr:`events` of this deal's ``DealStarted``."""
        return self.table.deal.deal_events_from

    @property
    def start_stacks(self) -> tuple[int, ...]:
        """The stacks given to :func:`new_game`."""
        return self.table.deal.start_stacks

    @property
    def start_dealer(self) -> int:
        """The dealer given to :func:`new_game`."""
        return self.table.deal.start_dealer

    # ------------------------------------------------------------------ public API

    @property
    def is_terminal(self) -> bool:
        """Whether the session is over."""
        return self.to_act is None

    @property
    def history(self) -> tuple[Action, ...]:
        """Every action applied since :func:`new_game`, chance actions included."""
        return self.log.as_tuple()

    @property
    def events(self) -> tuple[Event, ...]:
        """What happened, newest last."""
        return self.event_log.as_tuple()

    @property
    def initial_stacks(self) -> tuple[int, ...]:
        """The stacks the session started with."""
        return self.start_stacks

    @property
    def initial_dealer(self) -> int:
        """The first deal's dealer."""
        return self.start_dealer

    @property
    def hands(self) -> tuple[tuple[Card, ...], ...]:
        """Each seat's cards now, in canonical order (the whole truth; see :meth:`view`)."""
        deck = STANDARD_DECK
        return tuple(tuple(deck[i] for i in hand) for hand in self.hand_ix)

    @property
    def trump_card(self) -> Card | None:
        """The dealer's face-up card of this deal, ``None`` before the deal (B-2.2)."""
        return STANDARD_DECK[self.trump_ix] if self.trump_ix >= 0 else None

    @property
    def trump(self) -> Suit | None:
        """The trump suit of this deal, ``None`` before the deal."""
        return STANDARD_DECK[self.trump_ix].suit if self.trump_ix >= 0 else None

    @property
    def trick(self) -> tuple[Card, ...]:
        """The cards of the current trick, in play order."""
        return tuple(STANDARD_DECK[i] for i in self.trick_ix)

    @property
    def stock(self) -> tuple[Card, ...]:
        """The stock, top card first (hidden from every seat)."""
        return tuple(STANDARD_DECK[i] for i in self.stock_ix)

    @property
    def muck(self) -> tuple[Card, ...]:
        """The cards a restock would shuffle (hidden), in canonical order."""
        return tuple(STANDARD_DECK[i] for i in self.muck_ix)

    @property
    def pots(self) -> tuple[tuple[int, tuple[int, ...]], ...]:
        """The single pot and the seats that can still win it (Bourré has no side pots)."""
        if self.phase is Phase.OVER:
            return ((self.pot, ()),)
        return ((self.pot, tuple(s for s, st in enumerate(self.status) if st != DROPPED)),)

    @property
    def chance_cards(self) -> tuple[Card, ...]:
        """At a chance node, the cards to shuffle in canonical order; ``()`` elsewhere."""
        phase = self.table.phase
        if phase is _DEAL:
            return STANDARD_DECK
        if phase is Phase.RESTOCK:
            return tuple(STANDARD_DECK[i] for i in self.muck_ix)
        return ()

    def returns(self) -> tuple[Fraction, ...]:
        """Each seat's net result (X-8): stack + share of a leftover pot − starting stack −
        rebuys.

        >>> new_game(Rules(players=2)).returns()
        (Fraction(-1, 1), Fraction(-1, 1))
        """
        stack = self.rules.stack
        return tuple(
            Fraction(self.stacks[s])
            + self.shares[s]
            - self.start_stacks[s]
            - self.rebuys[s] * stack
            for s in range(len(self.stacks))
        )

    def standings(self) -> tuple[int, ...]:
        """Each seat's place by :meth:`returns` (1 = best; ties share the place).

        >>> new_game(Rules(players=3)).standings()
        (1, 1, 1)
        """
        return standings_of(self.returns())

    def legal_actions(self) -> tuple[Action, ...]:
        """Every legal action of the seat to act; ``()`` at chance nodes and at the end.

        >>> from cardrules import Shuffle
        >>> state = new_game()
        >>> state.legal_actions(), state.apply(Shuffle(state.chance_cards)).legal_actions()
        ((), (StayIn(), Drop()))
        """
        legal = self._legal
        if legal is None:
            legal = legal_actions(self)
            _set_legal(self, legal)
        return legal

    def is_legal(self, action: object) -> bool:
        """Whether :meth:`apply` would accept ``action`` (never raises).

        >>> new_game().is_legal("stay in"), new_game().is_legal([])
        (False, False)
        """
        try:
            self.apply(action)  # type: ignore[arg-type]
        except IllegalActionError:
            return False
        return True

    def apply(self, action: Action) -> State:
        """The state after ``action``.

        :raises IllegalActionError: if the action is not legal now (the message names the
            seat, the action, the reason, the rule and what is legal).

        >>> from cardrules import Shuffle
        >>> from cardrules.bourre.actions import DROP
        >>> state = new_game()
        >>> state = state.apply(Shuffle(state.chance_cards))
        >>> state.apply(DROP).to_act
        2
        """
        phase = self.table.phase
        if phase is _PLAY or phase is _STAY or phase is _EXCHANGE:
            legal = self._legal
            if legal is None:
                legal = self.legal_actions()
            for candidate in legal:
                if candidate is action:
                    break
            else:
                try:
                    # an equal action that is not the interned one: apply the interned one
                    action = legal[legal.index(action)]
                except Exception:  # not legal, unhashable or odd __eq__
                    raise illegal(self, action) from None
            if phase is _PLAY:
                return apply_play(self, action)  # type: ignore[arg-type]
            if phase is _STAY:
                return apply_stay(self, action is STAY_IN)
            return apply_exchange(self, action)  # type: ignore[arg-type]
        if phase is _DEAL:
            return apply_deal(self, check_shuffle(action, STANDARD_DECK, _FULL_DECK))
        if phase is Phase.OVER:
            raise IllegalActionError(
                f"the session is over after {self.rules.deals} deal(s): no action can be "
                f"applied, not {action!r} (X-7)",
                rule="X-7",
                action=action,
            )
        cards = self.chance_cards
        shuffle = check_shuffle(action, cards, frozenset(cards))
        return apply_restock(self, shuffle)

    def view(self, seat: int) -> View:
        """What ``seat`` may see now (X-10). At a deal's chance node the view's history
        and events still hold the deal just finished (its last trick, its settlement).

        :raises ValueError: if ``seat`` is not a seat of this game.

        >>> new_game().view(0).hand
        ()
        """
        seat = check_seat(seat, len(self.stacks))
        deck = STANDARD_DECK
        table = self.table
        deal = table.deal
        mine = table.discarded[seat]
        status = self.status
        dealer_dropped = status[deal.dealer] == DROPPED
        # B-4.3 / X-10: a dealer who drops takes the up-card out in public; one who
        # discards it does so face down, so only the dealer's own view knows, and the
        # public muck count still counts the up-card among the dealer's discards (once
        # they are in the muck, i.e. not while the dealer's restock is pending)
        discarded_up = table.trump_out and not dealer_dropped
        if table.phase is _DEAL:
            # between deals a view still shows the deal just finished
            actions_from, events_from = deal.shown_actions_from, deal.shown_events_from
        else:
            actions_from, events_from = deal.deal_actions_from, deal.deal_events_from
        return View(
            seat=seat,
            rules=self.rules,
            phase=self.phase,
            to_act=self.to_act,
            dealer=self.dealer,
            deal_number=self.deal_number,
            stacks=self.stacks,
            pot=self.pot,
            contributions=self.contributions,
            rebuys=self.rebuys,
            hand=tuple(deck[i] for i in self.hand_ix[seat]),
            discards=tuple(deck[i] for i in mine) if mine else (),
            trump_card=self.trump_card,
            trump_card_out=dealer_dropped or (discarded_up and seat == deal.dealer),
            stayed_in=tuple(None if st == UNDECIDED else st == IN for st in status),
            exchanged=tuple(None if d is None else len(d) for d in table.discarded),
            stock_size=len(table.stock_ix),
            muck_size=len(table.muck_ix) + (1 if discarded_up and table.pending is None else 0),
            trick=self.trick,
            trick_leader=self.leader if self.leader >= 0 else None,
            tricks_won=self.tricks_won,
            history=tuple(map(_public, self.log.since(actions_from))),
            events=self.event_log.since(events_from),
            legal=self.legal_actions() if self.to_act == seat else (),
        )


use_state_class(State)
_set_legal = State.__dict__["_legal"].__set__


def _public(action: Action) -> Action:
    """An action as every seat sees it: a shuffle without its order, an exchange as a count."""
    cls = action.__class__
    if cls is Shuffle:
        return HIDDEN_SHUFFLE
    if cls is Exchange:
        return hidden_exchange(len(action.discards))  # type: ignore[attr-defined]
    return action


def new_game(
    rules: Rules | None = None, *, stacks: Sequence[int] | None = None, dealer: int = 0
) -> State:
    """The first state of a session: the first deal has begun (antes paid) and waits
    for its shuffle.

    :param rules: the rules (default ``Rules()``).
    :param stacks: each seat's starting stack, ints >= 1 (default ``rules.stack`` each).
    :param dealer: the first dealer's seat.
    :returns: the state at the first deal's chance node.
    :raises RulesError: for bad rules, stacks or dealer.

    >>> state = new_game(Rules(players=3, ante=2), stacks=(10, 20, 30), dealer=2)
    >>> state.stacks, state.pot, state.to_act
    ((8, 18, 28), 6, CHANCE)
    """
    if rules is None:
        rules = Rules()
    if not isinstance(rules, Rules):
        raise RulesError(f"new_game needs a cardrules.bourre.Rules, not {type(rules).__name__}")
    n = rules.players
    if stacks is None:
        start = (rules.stack,) * n
    else:
        if (
            not isinstance(stacks, tuple | list)
            or len(stacks) != n
            or not all(type(s) is int and s >= 1 for s in stacks)
        ):
            raise RulesError(
                f"stacks must be a tuple of {n} ints >= 1 (one per seat), not {stacks!r}"
            )
        start = tuple(stacks)
    if type(dealer) is not int or not 0 <= dealer < n:
        raise RulesError(f"dealer must be an int from 0 to {n - 1}, not {dealer!r}")
    return start_deal(
        State,
        rules,
        dealer=dealer,
        deal_number=0,
        stacks=start,
        pot=0,
        rebuys=(0,) * n,
        ante_level=rules.ante,
        exempt=frozenset(),
        log=Log(),
        events=Log(),
        start_stacks=start,
        start_dealer=dealer,
    )
