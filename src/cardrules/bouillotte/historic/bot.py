"""The heuristic bot of historic Bouillotte, from the tips of its French source."""

from __future__ import annotations

import random
from typing import Any, ClassVar

import attrs

from cardrules.actions import CALL, CHECK, FOLD, Action, Raise
from cardrules.bots.base import HeuristicBot
from cardrules.cards import Card, Suit

_RANKS = "AKQ98"


@attrs.frozen(slots=True)
class HistoricBot(HeuristicBot):
    """The historic system, the carre and the betting by strength, the collective
    point in mind.

    - ``carre``: carre (blind) half the time when the stake is at most a twentieth of
      the stack (off: always decline);
    - ``by_strength``: open and raise with a brelan or a strong point, fold a weak
      hand against a bet (off: pass or call, never open, raise or fold);
    - ``collective_point``: judge a point hand by the suits the seat surely owns (it
      holds their highest card still unseen) and what is known of their richness
      (off: by the seat's own best suit, as in the modern game).

    >>> import random
    >>> from cardrules.bouillotte import historic
    >>> HistoricBot(carre=False)(historic.new_game().view(1), random.Random(0))
    Decline()
    """

    GAME_ID: ClassVar[str] = "bouillotte-historic"

    carre: bool = True
    """Carre when it is cheap."""
    by_strength: bool = True
    """Open, raise and fold by the hand's strength."""
    collective_point: bool = True
    """Judge point hands by the collective point."""

    def __call__(self, view: Any, rng: random.Random) -> Action:
        """The bot's action for ``view``."""
        from cardrules.bouillotte import historic

        legal = self.legal_for(view)
        if legal.count == 1:
            return legal.nth(0)
        if historic.CARRE in legal or historic.DECLINE in legal:
            stack = view.stacks[view.seat]
            if (
                self.carre
                and historic.CARRE in legal
                and view.pot * 20 <= stack
                and rng.random() < 0.5
            ):
                return historic.CARRE
            return historic.DECLINE
        can_raise = legal.low <= legal.high
        facing = CALL in legal
        passive = CALL if facing else CHECK
        if not self.by_strength:
            return passive if passive in legal else legal.nth(0)
        strength = self.strength(view.hand, view.retourne)
        pot = view.pot
        if strength >= 100:  # a brelan: raise by about the pot
            if can_raise:  # the raise nearest the target
                target = max(view.contributions) + max(pot, 1)
                return Raise(to=min(max(target, legal.low), legal.high))
            return passive
        if facing:
            cost = max(view.contributions) - view.contributions[view.seat]
            if strength >= 19 and (cost * 2 <= pot or strength >= 21):
                return CALL
            if strength >= 11 and cost * 3 <= pot:
                return CALL
            return FOLD if FOLD in legal else CALL
        if FOLD not in legal and not view.opened:
            # before the opening: open with a strong hand, else pass
            if strength >= 19 and can_raise:
                return Raise(to=legal.low)
            return CHECK
        return CHECK if CHECK in legal else passive  # "plus rien"

    def strength(self, hand: tuple[Card, ...], retourne: Card | None) -> int:
        """The hand's strength: 100 or more for a brelan (carré 200), else the point
        this bot counts on (0 when it owns no suit, with ``collective_point``).

        >>> from cardrules.cards import cards
        >>> HistoricBot().strength(cards("As 8s Kh"), cards("Qd")[0])
        19
        """
        from cardrules.bouillotte.historic import card_points

        if len(hand) == 3 and hand[0].rank == hand[1].rank == hand[2].rank:
            return 200 if retourne is not None and retourne.rank == hand[0].rank else 100
        best = 0
        for suit in Suit:
            mine = [card for card in hand if card.suit is suit]
            if not mine:
                continue
            total = sum(card_points(card) for card in mine)
            if retourne is not None and retourne.suit is suit:
                total += card_points(retourne)
            if self.collective_point:
                top = max(mine)
                seen = {*hand, retourne}
                unseen_higher = [
                    rank
                    for rank in _RANKS[: _RANKS.index(top.rank.letter)]
                    if Card.parse(rank + suit.letter) not in seen
                ]
                if unseen_higher:
                    continue
            best = max(best, total)
        return best
