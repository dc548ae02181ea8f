"""Chance one card at a time: a game state whose chance nodes deal single cards.

The engine's only chance action is a whole-deck :class:`~cardrules.Shuffle`, which no
search algorithm can enumerate. A :class:`CardwiseState` wraps an engine state and
turns each shuffle into a run of chance nodes, each drawing one card uniformly among
the cards not yet drawn, at the moment someone sees it: the hands and up-cards when the
deal is made, and later — when the engine draws from a stock ordered at the shuffle
(Bourré's exchange draws, B-4.1; modern Bouillotte's retourné change, V-M.4) — the
drawn cards when they are drawn.

It reproduces the engine exactly: the cards drawn so far are the top of the shuffle's
order and the cards nobody has seen follow in canonical order (they are
interchangeable). When a later card is drawn, the shuffle is rebuilt with it where the
engine draws it and the deal's actions are replayed from the state before the
shuffle. The probability of every deal is the engine's: the first ``k`` cards of a
uniform permutation are ``k`` uniform draws without replacement.

>>> from cardrules.bourre import Rules, new_game
>>> from cardrules.cards import STANDARD_DECK
>>> state = CardwiseState.start(new_game(Rules(players=2)))
>>> state.to_act, len(state.chance_outcomes()), state.cards_to_deal
(CHANCE, 52, 10)
>>> for card in STANDARD_DECK[:10]:
...     state = state.deal(card)
>>> state.to_act, [str(c) for c in state.engine.hands[1]]
(1, ['2♣', '2♥', '3♣', '3♥', '4♣'])
"""

from __future__ import annotations

from collections.abc import Iterable

import attrs

from cardrules.actions import Action
from cardrules.cards import Card
from cardrules.chance import CHANCE, Chance, Shuffle
from cardrules.errors import CardRulesError, IllegalActionError, shorten
from cardrules.game import GameState
from cardrules.registry import describe

__all__ = ["CardwiseState", "cards_seen", "deck_of"]


def deck_of(state: GameState) -> tuple[Card, ...]:
    """The cards a game's chance nodes draw from, in canonical order: the piquet deck
    of the rules' number of seats in Bouillotte (M-1.2, H-1.1), the 52 cards in Bourré.

    >>> from cardrules.bouillotte import modern
    >>> len(deck_of(modern.new_game())), len(deck_of(modern.new_game(modern.Rules(players=5))))
    (20, 24)
    """
    deck = describe(state.GAME_ID).deck
    if deck is None:
        raise CardRulesError(f"the game {state.GAME_ID!r} does not say which cards it deals")
    return deck(state.rules)


def cards_seen(base: GameState, state: GameState) -> int | None:
    """How many cards of the shuffle applied to ``base`` (a chance node) someone has
    seen in ``state``, a state reached from it: the top of the shuffle's order (the
    game's descriptor says how: in Bourré every card off the stock, in Bouillotte the
    hands and the retourné(s)).

    ``None`` when ``state`` is past the deal that shuffle made (nothing more is drawn
    from it).

    >>> from cardrules.bouillotte import modern
    >>> base = modern.new_game(modern.Rules(players=3))
    >>> cards_seen(base, base.apply(Shuffle(base.chance_cards)))
    10
    """
    seen = describe(base.GAME_ID).cards_seen
    if seen is None:
        raise CardRulesError(f"the game {base.GAME_ID!r} does not say which cards are seen")
    return seen(base, state)


def _order(base: GameState, drawn: tuple[Card, ...]) -> Shuffle:
    """The shuffle for ``base`` with ``drawn`` on top, the other cards in canonical
    order."""
    chosen = set(drawn)
    return Shuffle((*drawn, *(c for c in base.chance_cards if c not in chosen)))


@attrs.frozen(slots=True)
class CardwiseState:
    """An engine state whose chance nodes draw one card at a time (immutable).

    Build one with :meth:`start`; then :meth:`deal` a card at a chance node
    (``to_act is CHANCE``) and :meth:`act` a seat's action elsewhere.
    """

    engine: GameState
    """The engine state reached (before :attr:`pending`, while cards are drawn for it)."""
    base: GameState | None = None
    """The engine state at the chance node of the last shuffle (``None`` before any)."""
    drawn: tuple[Card, ...] = ()
    """The cards of that shuffle drawn so far, top first."""
    since: tuple[Action, ...] = ()
    """The engine's actions since that shuffle."""
    pending: Action | None = None
    """A seat's action that draws cards, waiting for them."""
    cards_to_deal: int = 0
    """How many cards of the shuffle must be drawn before the engine goes on."""

    @classmethod
    def start(cls, engine: GameState) -> CardwiseState:
        """The cardwise state of ``engine`` (usually a game's ``new_game()``).

        :raises ValueError: if ``engine`` is not a game state.
        """
        if not all(hasattr(engine, name) for name in ("to_act", "apply", "chance_cards")):
            raise CardRulesError(f"CardwiseState needs a game state, not {shorten(engine, repr)}")
        return cls(engine)._settled()

    @property
    def to_act(self) -> int | Chance | None:
        """``CHANCE`` while cards are being drawn, else the engine's ``to_act``."""
        if len(self.drawn) < self.cards_to_deal:
            return CHANCE
        return self.engine.to_act  # type: ignore[no-any-return]

    @property
    def is_terminal(self) -> bool:
        """Whether the session is over."""
        return self.to_act is None

    def chance_outcomes(self) -> tuple[Card, ...]:
        """The cards the next chance node may draw, each with equal probability, in
        canonical order (``()`` unless ``to_act is CHANCE``)."""
        if self.base is None or len(self.drawn) >= self.cards_to_deal:
            return ()
        drawn = set(self.drawn)
        return tuple(c for c in self.base.chance_cards if c not in drawn)

    def deal(self, card: Card) -> CardwiseState:
        """Draw ``card`` at a chance node.

        :raises IllegalActionError: if this is not a chance node or ``card`` cannot
            be drawn now (X-2).
        """
        if card not in self.chance_outcomes():
            raise IllegalActionError(
                f"cannot draw {shorten(card, repr)} here: "
                + (
                    "this is not a chance node"
                    if self.to_act is not CHANCE
                    else "it is not among the cards left to draw"
                )
                + " (X-2)",
                rule="X-2",
                action=card,
            )
        drawn = (*self.drawn, card)
        if len(drawn) < self.cards_to_deal:
            return attrs.evolve(self, drawn=drawn)
        assert self.base is not None
        if self.pending is None:  # the shuffle's first run of draws
            engine = self.base.apply(_order(self.base, drawn))
            return attrs.evolve(self, engine=engine, drawn=drawn)._settled()
        since = (*self.since, self.pending)
        engine = _replay(self.base.apply(_order(self.base, drawn)), since)
        done = attrs.evolve(self, engine=engine, drawn=drawn, since=since, pending=None)
        return done._settled()

    def act(self, action: Action) -> CardwiseState:
        """Apply a seat's action.

        :raises IllegalActionError: if ``action`` is not legal now (a chance node
            takes :meth:`deal`).
        """
        if self.to_act is CHANCE:
            raise IllegalActionError(
                f"this is a chance node: draw a card, not {shorten(action, repr)} (X-2)",
                rule="X-2",
                action=action,
            )
        probe = self.engine.apply(action)  # raises for an illegal action
        if self.base is not None:
            seen = cards_seen(self.base, probe)
            if seen is not None and seen > len(self.drawn):
                return attrs.evolve(self, pending=action, cards_to_deal=seen)
        return attrs.evolve(self, engine=probe, since=(*self.since, action))._settled()

    def _settled(self) -> CardwiseState:
        """At the engine's chance node, start drawing the cards of its shuffle."""
        engine = self.engine
        if engine.to_act is not CHANCE:
            return self
        probe = engine.apply(Shuffle(engine.chance_cards))
        seen = cards_seen(engine, probe) or 0
        if seen == 0:  # a shuffle nobody sees: canonical order
            return attrs.evolve(self, engine=probe, base=None, drawn=(), since=())._settled()
        return CardwiseState(engine, base=engine, cards_to_deal=seen)


def _replay(state: GameState, actions: Iterable[Action]) -> GameState:
    for action in actions:
        state = state.apply(action)
    return state
