"""The heuristic bot of Bourré, from the tips of the German Bourré rules."""

from __future__ import annotations

import random
from typing import Any, ClassVar

import attrs

from cardrules.actions import Action
from cardrules.bots.base import HeuristicBot
from cardrules.cards import Card, Rank, Suit


def winning_position(trick: tuple[Card, ...], trump: Suit | None) -> int:
    """The position in ``trick`` of the card that wins it so far (B-5.6).

    >>> from cardrules.cards import cards
    >>> winning_position(cards("4c 5c 2h"), Suit.HEARTS), winning_position(cards("4c 5c 2d"), None)
    (2, 1)
    """
    trumps = [i for i, card in enumerate(trick) if card.suit is trump]
    if trumps:
        return max(trumps, key=lambda i: trick[i].rank)
    led = trick[0].suit
    return max((i for i, card in enumerate(trick) if card.suit is led), key=lambda i: trick[i].rank)


@attrs.frozen(slots=True)
class BourreBot(HeuristicBot):
    """Bourré by the tips of the sources ("Tipps und Strategien").

    - ``stay_rule``: stay in only with a reliable trick winner: a high trump (Q or
      better), an ace, or two trumps (off: always stay in);
    - ``keep_trumps``: in the exchange keep trumps and aces and discard the rest (off:
      keep the high cards, 10 and above, whatever their suit);
    - ``lead_trumps``: lead the highest trump when holding three or more (off: lead side
      aces, then the lowest card);
    - ``avoid_crowds``: when two seats or more are already in, stay in only with the
      sources' "usual minimum", a high trump and an ace of another suit, or with
      three trumps or two high trumps.

    In trick play it wins a trick with the lowest card that does, else plays its lowest.

    >>> import random
    >>> from cardrules.bourre import arrange_deck, new_game, StayIn
    >>> from cardrules.cards import cards
    >>> state = new_game()
    >>> hands = {1: cards("As Kh 3h 4c 5d"), 0: cards("2c 3c 4d 6s 9h")}
    >>> state = state.apply(arrange_deck(state, hands, trump_card=cards("9h")[0]))
    >>> BourreBot()(state.view(1), random.Random(0))
    StayIn()
    """

    GAME_ID: ClassVar[str] = "bourre"

    stay_rule: bool = True
    """Stay in only with a reliable trick winner."""
    keep_trumps: bool = True
    """Keep trumps and aces in the exchange."""
    lead_trumps: bool = True
    """Lead trumps when long in them."""
    avoid_crowds: bool = True
    """Drop marginal hands when several seats are already in."""

    def __call__(self, view: Any, rng: random.Random) -> Action:
        """The bot's action for ``view``."""
        from cardrules.bourre import DROP, STAY_IN, Exchange, Play

        legal = self.legal_for(view)
        if legal.count == 1:
            return legal.nth(0)
        trump = view.trump
        hand = view.hand
        if STAY_IN in legal:
            return STAY_IN if self._stays(hand, trump, view.stayed_in) else DROP
        exchanges = [a for a in legal.listed if isinstance(a, Exchange)]
        if exchanges:
            if self.keep_trumps:
                wanted = {c for c in hand if c.suit is not trump and c.rank != Rank.ACE}
            else:
                wanted = {c for c in hand if c.rank < Rank.TEN}
            fitting = [a for a in exchanges if set(a.discards) <= wanted]
            return max(fitting, key=lambda a: len(a.discards)) if fitting else exchanges[0]
        cards = [a.card for a in legal.listed if isinstance(a, Play)]
        trick = tuple(view.trick)
        if not trick:
            trumps = sorted(c for c in cards if c.suit is trump)
            if self.lead_trumps and len(trumps) >= 3:
                return Play(trumps[-1])
            aces = [c for c in cards if c.rank == Rank.ACE and c.suit is not trump]
            if aces:
                return Play(aces[0])
            return Play(min(cards, key=lambda c: (c.suit is trump, c.rank)))
        winners = [c for c in cards if winning_position((*trick, c), trump) == len(trick)]
        if winners:
            return Play(min(winners, key=lambda c: (c.suit is trump, c.rank)))
        return Play(min(cards, key=lambda c: (c.suit is trump, c.rank)))

    def _stays(self, hand: tuple[Card, ...], trump: Suit, stayed_in: tuple[Any, ...]) -> bool:
        trumps = [c for c in hand if c.suit is trump]
        high = [c for c in trumps if c.rank >= Rank.QUEEN]
        aces = [c for c in hand if c.rank == Rank.ACE and c.suit is not trump]
        strong = len(trumps) >= 3 or len(high) >= 2 or (bool(high) and bool(aces))
        good = strong or bool(high) or bool(aces) or len(trumps) >= 2
        if not self.stay_rule:
            good = True
        if self.avoid_crowds and not strong and sum(1 for s in stayed_in if s) >= 2:
            return False
        return good
