"""A tiny game with the full game-module shape, for testing the core and the harness.

High card for two: each seat antes 1, gets one card from a six-card deck, eldest may
check or raise to 2; facing a raise a seat calls or folds; after two checks, or a call,
the higher card takes the pot (equal ranks split it). Sessions of ``deals`` deals.
"""

from __future__ import annotations

import enum
from collections.abc import Sequence
from fractions import Fraction
from typing import ClassVar

import attrs

from cardrules.actions import CALL, CHECK, FOLD, Action, Call, Check, Fold, Raise, raise_to
from cardrules.cards import Card, cards, deck_of
from cardrules.chance import CHANCE, HIDDEN_SHUFFLE, Chance, Shuffle, check_shuffle
from cardrules.descriptor import Descriptor, Tally
from cardrules.errors import IllegalActionError, RulesError
from cardrules.events import Event, PotWon
from cardrules.game import Log, check_seat, describe_actions, standings_of
from cardrules.pots import split_pot

GAME_ID = "toy-high-card"
DECK = deck_of(cards("Qh Qs Kh Ks Ah As"))
DECK_SET = frozenset(DECK)


@attrs.frozen(slots=True, kw_only=True)
class Rules:
    """The toy's rules."""

    deals: int = 1
    stack: int = 10

    def __attrs_post_init__(self) -> None:
        for name in ("deals", "stack"):
            value = getattr(self, name)
            if type(value) is not int or value < 1:
                raise RulesError(f"Rules.{name} must be an int >= 1, not {value!r}")


class Phase(enum.Enum):
    DEAL = "deal"
    BET = "bet"
    OVER = "over"


@attrs.frozen(slots=True)
class View:
    seat: int
    card: Card | None
    shown: tuple[Card | None, ...]
    stacks: tuple[int, ...]
    contributions: tuple[int, ...]
    history: tuple[Action, ...]
    events: tuple[Event, ...]
    _legal: tuple[Action, ...]

    def legal_actions(self) -> tuple[Action, ...]:
        return self._legal

    @property
    def hand(self) -> tuple[Card, ...]:
        """The seat's cards (its one card, once dealt)."""
        return () if self.card is None else (self.card,)

    @property
    def pot(self) -> int:
        return sum(self.contributions)


@attrs.frozen(slots=True)
class State:
    GAME_ID: ClassVar[str] = GAME_ID

    rules: Rules
    phase: Phase
    dealer: int
    deal_number: int
    stacks: tuple[int, ...]
    contributions: tuple[int, ...]
    hands: tuple[tuple[Card, ...], ...]
    to_speak: int
    checks: int
    shown: bool
    initial_stacks: tuple[int, ...]
    initial_dealer: int
    rebuys: tuple[int, ...]
    _log: Log[Action]
    _events: Log[Event]

    @property
    def to_act(self) -> int | Chance | None:
        if self.phase is Phase.DEAL:
            return CHANCE
        return None if self.phase is Phase.OVER else self.to_speak

    @property
    def is_terminal(self) -> bool:
        return self.phase is Phase.OVER

    @property
    def chance_cards(self) -> tuple[Card, ...]:
        return DECK if self.phase is Phase.DEAL else ()

    @property
    def history(self) -> tuple[Action, ...]:
        return self._log.as_tuple()

    @property
    def events(self) -> tuple[Event, ...]:
        return self._events.as_tuple()

    @property
    def pot(self) -> int:
        return sum(self.contributions)

    @property
    def pots(self) -> tuple[tuple[int, tuple[int, ...]], ...]:
        return ((self.pot, (0, 1)),)

    def returns(self) -> tuple[Fraction, ...]:
        return tuple(
            Fraction(s - i - r * self.rules.stack)
            for s, i, r in zip(self.stacks, self.initial_stacks, self.rebuys, strict=True)
        )

    def standings(self) -> tuple[int, ...]:
        return standings_of(self.returns())

    def legal_actions(self) -> tuple[Action, ...]:
        if self.phase is not Phase.BET:
            return ()
        seat = self.to_speak
        if self.contributions[seat] < max(self.contributions):
            return (CALL, FOLD)
        if max(self.contributions) == 2 or self.stacks[seat] == 0:
            return (CHECK,)
        return (CHECK, raise_to(2))

    def is_legal(self, action: object) -> bool:
        if self.phase is Phase.DEAL:
            try:
                check_shuffle(action, DECK, DECK_SET)
            except IllegalActionError:
                return False
            return True
        try:
            return action in self.legal_actions()
        except TypeError:
            return False

    def view(self, seat: int) -> View:
        check_seat(seat, 2)
        hand = self.hands[seat] if self.hands else ()
        shown = (
            tuple(h[0] if (self.shown and h) else None for h in self.hands)
            if self.hands
            else (None, None)
        )
        return View(
            seat,
            hand[0] if hand else None,
            shown,
            self.stacks,
            self.contributions,
            tuple(HIDDEN_SHUFFLE if isinstance(a, Shuffle) else a for a in self._log),
            self.events,  # every event of the toy is public
            self.legal_actions() if self.to_act == seat else (),
        )

    def apply(self, action: Action) -> State:
        if self.phase is Phase.OVER:
            raise IllegalActionError(f"the session is over: {action!r} (X-7)", rule="X-7")
        if self.phase is Phase.DEAL:
            action = check_shuffle(action, DECK, DECK_SET)
            order = action.order
            eldest = 1 - self.dealer
            hands = [(), ()]  # type: list[tuple[Card, ...]]
            hands[eldest], hands[self.dealer] = (order[0],), (order[1],)
            return attrs.evolve(
                self,
                phase=Phase.BET,
                hands=tuple(hands),
                to_speak=eldest,
                log=self._log.append(action),
                shown=False,
            )
        legal = self.legal_actions()
        if not isinstance(action, Check | Call | Fold | Raise) or not self.is_legal(action):
            raise IllegalActionError(
                f"seat {self.to_speak} cannot {action!r}: not legal now (X-9); legal now: "
                f"{describe_actions(legal)}",
                rule="X-9",
                seat=self.to_speak,
                action=action,
            )
        seat = self.to_speak
        log = self._log.append(action)
        stacks, contributions = list(self.stacks), list(self.contributions)
        if isinstance(action, Raise | Call):
            amount = min(
                max(contributions) - contributions[seat]
                if isinstance(action, Call)
                else action.to - contributions[seat],
                stacks[seat],
            )
            stacks[seat] -= amount
            contributions[seat] += amount
        if isinstance(action, Fold):
            return self._settle(stacks, contributions, (1 - seat,), log, shown=False)
        if isinstance(action, Call) or (isinstance(action, Check) and self.checks == 1):
            a, b = self.hands[0][0].rank, self.hands[1][0].rank
            winners = (0,) if a > b else (1,) if b > a else (0, 1)
            return self._settle(stacks, contributions, winners, log, shown=True)
        return attrs.evolve(
            self,
            stacks=tuple(stacks),
            contributions=tuple(contributions),
            to_speak=1 - seat,
            checks=self.checks + isinstance(action, Check),
            log=log,
        )

    def _settle(
        self,
        stacks: list[int],
        contributions: list[int],
        winners: tuple[int, ...],
        log: Log[Action],
        shown: bool,
    ) -> State:
        pot = sum(contributions)
        shares = split_pot(pot, winners, 1 - self.dealer, 2)
        stacks = [s + share for s, share in zip(stacks, shares, strict=True)]
        events = self._events.append(PotWon(pot, winners, shares))
        over = self.deal_number + 1 >= self.rules.deals
        state = attrs.evolve(
            self, stacks=tuple(stacks), contributions=(0, 0), log=log, events=events, shown=shown
        )
        return _begin(state, over)


def _begin(state: State, over: bool) -> State:
    if over:
        return attrs.evolve(state, phase=Phase.OVER)
    dealer = 1 - state.dealer if state.hands else state.dealer
    stacks = list(state.stacks)
    rebuys = list(state.rebuys)
    for seat in (0, 1):
        if stacks[seat] == 0:
            stacks[seat] = state.rules.stack
            rebuys[seat] += 1
    ante = [min(1, s) for s in stacks]
    return attrs.evolve(
        state,
        phase=Phase.DEAL,
        dealer=dealer,
        deal_number=state.deal_number + (1 if state.hands else 0),
        stacks=tuple(s - a for s, a in zip(stacks, ante, strict=True)),
        contributions=tuple(ante),
        rebuys=tuple(rebuys),
        checks=0,
    )


def new_game(
    rules: Rules | None = None, *, stacks: Sequence[int] | None = None, dealer: int = 0
) -> State:
    rules = Rules() if rules is None else rules
    if not isinstance(rules, Rules):
        raise RulesError("rules must be a toy Rules")
    start = tuple(stacks) if stacks is not None else (rules.stack, rules.stack)
    if len(start) != 2 or any(type(s) is not int or s < 1 for s in start):
        raise RulesError(f"stacks must be two ints >= 1, not {stacks!r}")
    if type(dealer) is not int or dealer not in (0, 1):
        raise RulesError(f"dealer must be 0 or 1, not {dealer!r}")
    state = State(
        rules,
        Phase.DEAL,
        dealer,
        0,
        start,
        (0, 0),
        (),
        0,
        0,
        False,
        start,
        dealer,
        (0, 0),
        Log(),
        Log(),
    )
    return _begin(state, over=False)


ACTIONS: tuple[type[Action], ...] = (Check, Call, Fold, Raise)


def unseen(state: State, seat: int) -> frozenset[Card]:
    """Test-side oracle: every toy card but the seat's own, and the other's once shown."""
    seen = set(state.hands[seat]) if state.hands else set()
    if state.shown:
        seen |= {h[0] for h in state.hands}
    return DECK_SET - seen


DESCRIPTOR = Descriptor(
    game_id=GAME_ID,
    title="High card (a toy)",
    module="toy_game",
    seats=(2, 2),
    tally=Tally(events={"PotWon": "pot_won"}, words={"pot_won": "deals with a pot won"}),
)
"""The toy as the library sees it: found through the ``cardrules.games`` entry point
that the tests give it, or by ``register_game``."""
