"""The heuristic bot of modern Bouillotte, from the tips of the German and Dutch rule summaries."""

from __future__ import annotations

import random
from typing import Any, ClassVar

import attrs

from cardrules.actions import CALL, CHECK, FOLD, Action, Raise
from cardrules.bots.base import HeuristicBot
from cardrules.cards import Rank


@attrs.frozen(slots=True)
class ModernBot(HeuristicBot):
    """Modern Bouillotte by the sources' tips ("Tipps und Strategien").

    - ``announce``: announce a brelan for the side fee;
    - ``bet_hard``: with a brelan, raise by the most allowed at every turn (off: play
      it as a strong point hand);
    - ``fold_weak``: against a raise, fold a point hand below ``call_points`` and
      anything below a brelan against an announced brelan (off: call);
    - ``bluff``: the chance of raising as a bluff with no card of the retourné's suit
      when the retourné is low (8 or 9) and nobody has bet (0: never).

    A point hand of ``raise_points`` or more opens or raises by the least amount.

    >>> import random
    >>> from cardrules.bouillotte import modern
    >>> from cardrules.cards import cards
    >>> state = modern.new_game()
    >>> deal = modern.arrange_deck(state, {1: cards("9h 9d 9c")}, retourne=cards("Ks")[0])
    >>> state = state.apply(deal)
    >>> ModernBot()(state.view(1), random.Random(0))
    Announce()
    """

    GAME_ID: ClassVar[str] = "bouillotte-modern"

    announce: bool = True
    """Announce a brelan."""
    bet_hard: bool = True
    """Raise by the most allowed with a brelan."""
    fold_weak: bool = True
    """Fold weak point hands against a raise."""
    bluff: float = 0.1
    """How often to bluff in the retourné's suit (0 to 1)."""
    call_points: int = 21
    """The least point that calls a raise (with ``fold_weak``)."""
    raise_points: int = 31
    """The least point that opens or raises."""

    def __call__(self, view: Any, rng: random.Random) -> Action:
        """The bot's action for ``view``."""
        from cardrules.bouillotte import modern

        legal = self.legal_for(view)
        if legal.count == 1:
            return legal.nth(0)
        rules = getattr(view, "rules", None) or modern.Rules()
        value = modern.evaluate(view.hand, view.retournes, rules)
        if self.announce and value.is_brelan and modern.ANNOUNCE in legal:
            return modern.ANNOUNCE
        can_raise = legal.low <= legal.high
        facing = CALL in legal
        passive = CALL if facing else CHECK
        if value.is_brelan:
            if self.bet_hard and can_raise:
                return Raise(to=legal.high)
            return Raise(to=legal.low) if can_raise and not facing else passive
        points = value.points
        if facing:
            others_announced = any(
                category is not None
                for seat, category in enumerate(view.announced)
                if seat != view.seat
            )
            if self.fold_weak and FOLD in legal and (points < self.call_points or others_announced):
                return FOLD
            if (
                points >= self.raise_points
                and can_raise
                and max(view.contributions) < 4 * (rules.max_raise + rules.ante)
            ):
                return Raise(to=legal.low)
            return CALL
        if points >= self.raise_points and can_raise:
            return Raise(to=legal.low)
        if self.bluff and can_raise and rng.random() < self.bluff:
            retourne = view.retournes[0]
            if retourne.rank <= Rank.NINE and all(c.suit != retourne.suit for c in view.hand):
                return Raise(to=legal.low + (legal.high - legal.low + 1) // 2)
        return CHECK if CHECK in legal else passive
