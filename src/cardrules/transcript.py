"""Readable transcripts of a game: every action and every event, deal by deal.

A :class:`Narrator` tells a game step by step while it is played, so a transcript
streams: :meth:`Narrator.opening` for the first state, :meth:`Narrator.step` after
each action, :meth:`Narrator.closing` at the end. It shows every card a seat holds
after the deal and after each exchange; told for one seat (``seat=``), it shows only
what that seat sees. :func:`transcript` tells a finished game in the same words.

>>> import random
>>> from cardrules import play, random_policy
>>> from cardrules.bourre import new_game
>>> final = play(new_game(), [random_policy] * 4, random.Random(2))
>>> lines = list(transcript(final))
>>> lines[0]
'Bourré, 4 players, 1 deal'
"""

from __future__ import annotations

from collections.abc import Iterator
from typing import Any

import attrs

from cardrules.actions import Action
from cardrules.chance import CHANCE, Shuffle
from cardrules.events import DealStarted, SessionEnded, signed
from cardrules.game import GameState
from cardrules.notation import action_text
from cardrules.registry import describe, get_game

__all__ = ["Narrator", "transcript"]


def title_of(game_id: str) -> str:
    """The game's name as transcripts print it (its descriptor's title).

    >>> title_of("bourre")
    'Bourré'
    """
    return describe(game_id).title


def _cards(items: Any) -> str:
    return " ".join(str(card) for card in items)


def _table(state: Any) -> str:
    parts = []
    for name, label in (
        ("retournes", "retourné"),
        ("retourne", "retourné"),
        ("trump_card", "trump card"),
    ):
        value = getattr(state, name, None)
        if value:
            parts.append(f"{label} {_cards(value) if isinstance(value, tuple) else value}")
    return ", ".join(parts)


def _masked(action: Action) -> str:
    """An action as another seat sees it: an exchange by its count, not its cards."""
    discards = getattr(action, "discards", None)
    if isinstance(discards, tuple):
        count = len(discards)
        return "stand pat" if not count else f"exchange {count} card{'s' * (count != 1)}"
    return str(action)


@attrs.define
class Narrator:
    """Tells a game line by line as it is played.

    :param hands: show the seats' cards after each deal and exchange (``False``:
        public information only).
    :param seat: tell the game as this seat saw it: its own cards only, other seats'
        exchanges as a count (``None``: an onlooker who sees every hand).

    >>> import random
    >>> from cardrules import sample_chance
    >>> from cardrules.bouillotte import modern
    >>> state = modern.new_game()
    >>> narrator = Narrator(seat=1)
    >>> lines = narrator.opening(state)
    >>> after = state.apply(sample_chance(state, random.Random(4)))
    >>> lines += narrator.step(state, after.history[-1], after)
    >>> lines[0], lines[-1].startswith("    seat 1: ")
    ('Bouillotte (modern rules), 4 players, 1 deal, as seat 1 sees it', True)
    """

    hands: bool = True
    """Whether to show hands."""
    seat: int | None = None
    """The seat whose sight the transcript keeps to, or ``None``."""
    _window: tuple[Any, ...] = attrs.field(default=(), init=False)
    _dealt: set[int] = attrs.field(factory=set, init=False)
    _drawing: int | None = attrs.field(default=None, init=False)
    _held: tuple[Any, ...] | None = attrs.field(default=None, init=False)
    _repeats: frozenset[str] = attrs.field(default=frozenset(), init=False)

    def opening(self, state: GameState) -> list[str]:
        """The title and the first events (antes) of a new game.

        :param state: the game's first state.
        :returns: the lines.

        >>> from cardrules.bourre import new_game
        >>> Narrator().opening(new_game())[:2]
        ['Bourré, 4 players, 1 deal', 'Deal 1 (seat 0 deals)']
        """
        rules = state.rules
        players = len(state.stacks)
        deals = getattr(rules, "deals", 1)
        title = title_of(state.GAME_ID)
        lines = [f"{title}, {players} players, {deals} deal" + "s" * (deals != 1)]
        if self.seat is not None:
            lines[0] += f", as seat {self.seat} sees it"
        self._window = ()
        self._dealt = set()
        self._drawing = None
        self._repeats = describe(state.GAME_ID).untold_events
        lines += self._events(state)
        return lines

    def step(self, before: GameState, action: Action, after: GameState) -> list[str]:
        """What happened when ``action`` took ``before`` to ``after``.

        :param before: the state the action was applied to.
        :param action: the action.
        :param after: ``before.apply(action)``.
        :returns: the lines.

        >>> from cardrules.bouillotte import historic
        >>> state = historic.new_game()
        >>> narrator = Narrator()
        >>> _ = narrator.opening(state)
        >>> narrator.step(state, historic.DECLINE, state.apply(historic.DECLINE))
        ['  seat 1: decline the carre']
        """
        actor = before.to_act
        lines: list[str] = []
        if isinstance(action, Shuffle):
            deal = getattr(after, "deal_number", 0)
            if deal not in self._dealt:
                self._dealt.add(deal)
                table = _table(after)
                lines.append("  the cards are shuffled and dealt" + (f": {table}" if table else ""))
                self._held = None
                lines += self._hands(after, range(len(after.stacks)))
            else:  # a restock: its event tells it, then the hand completed from it
                lines += self._events(after)
                if self._drawing is not None and after.to_act is not CHANCE:
                    lines += self._hands(after, (self._drawing,))
                    self._drawing = None
                return lines
        elif isinstance(actor, int):
            mine = self.seat is None or self.seat == actor
            lines.append(f"  seat {actor}: {action_text(action) if mine else _masked(action)}")
            if getattr(action, "discards", None):
                self._held = before.hands[actor]  # type: ignore[attr-defined]
                if after.to_act is CHANCE and getattr(after, "deal_number", 0) == getattr(
                    before, "deal_number", 0
                ):
                    self._drawing = actor  # the stock is short: it draws after the restock
                else:
                    lines += self._hands(after, (actor,))
        lines += self._events(after)
        return lines

    def closing(self, state: GameState) -> list[str]:
        """The results, when the game is over (``[]`` otherwise).

        :param state: the last state.
        :returns: the lines.

        >>> import random
        >>> from cardrules import play, random_policy
        >>> from cardrules.bourre import new_game
        >>> final = play(new_game(), [random_policy] * 4, random.Random(2))
        >>> Narrator().closing(final)[0].startswith("Results: seat 0 ")
        True
        """
        if not state.is_terminal:
            return []
        return [
            "Results: "
            + ", ".join(
                f"seat {seat} {signed(result)}" for seat, result in enumerate(state.returns())
            )
        ]

    def _hands(self, after: Any, seats: Any) -> list[str]:
        if not self.hands:
            return []
        lines = []
        for seat in seats:
            if self.seat is not None and seat != self.seat:
                continue
            hand = after.hands[seat]
            if not hand:
                continue
            line = f"    seat {seat}: {_cards(hand)}"
            old = self._held if self._held is not None else ()
            drawn = [card for card in hand if card not in old]
            if old and drawn:
                line += f" (drew {_cards(drawn)})"
            lines.append(line)
        return lines

    def _new_events(self, state: Any) -> tuple[Any, ...]:
        """The events since the last call, read from a seat's view: a view holds those
        of the deal (and, between deals, of the deal just finished), so each step
        costs what a deal costs, not what the whole session does."""
        window: tuple[Any, ...] = state.view(self.seat or 0).events
        seen = self._window
        self._window = window
        if not seen or not window:
            return window
        # the window only grows within a deal, and moves on to start with the next
        # deal's DealStarted: find where it starts in the previous one
        first = window[0]
        for start in range(len(seen) - 1, -1, -1):
            if seen[start] == first:
                overlap = len(seen) - start
                if window[:overlap] == seen[start:]:
                    return window[overlap:]
                break
        return window

    def _events(self, state: Any) -> list[str]:
        lines = []
        for event in self._new_events(state):
            if isinstance(event, DealStarted):
                lines.append(f"Deal {event.deal_number + 1} (seat {event.dealer} deals)")
            elif isinstance(event, SessionEnded) or type(event).__name__ in self._repeats:
                continue
            elif attrs.has(type(event)):
                lines.append(f"  * {event}")
        return lines


def transcript(state: GameState, *, hands: bool = True, seat: int | None = None) -> Iterator[str]:
    """Replay ``state.history`` and tell it line by line.

    :param state: the state whose history to tell.
    :param hands: show the seats' cards after each deal and exchange (an onlooker's
        transcript); ``False`` shows only public information.
    :param seat: tell it as this seat saw it (its own cards only).
    :returns: the lines, without newlines.

    >>> import random
    >>> from cardrules import play, random_policy
    >>> from cardrules.bouillotte import modern
    >>> final = play(modern.new_game(), [random_policy] * 4, random.Random(3))
    >>> for line in list(transcript(final, hands=False))[:3]:
    ...     print(line)
    Bouillotte (modern rules), 4 players, 1 deal
    Deal 1 (seat 0 deals)
      * seat 1 antes 1
    """
    game = get_game(state.GAME_ID)
    narrator = Narrator(hands=hands, seat=seat)
    current = game.new_game(
        state.rules,
        stacks=state.initial_stacks,
        dealer=state.initial_dealer,
    )
    yield from narrator.opening(current)
    for action in state.history:
        after = current.apply(action)
        yield from narrator.step(current, action, after)
        current = after
    yield from narrator.closing(current)
