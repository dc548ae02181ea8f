"""A seeded Bourré session between simple bots, with a readable transcript.

Six deals among four seats: watch the pot carry over after a tie or when nobody stays
in, and grow when a seat that stayed in takes no trick (bourré). Run it with
``python examples/bourre_session.py``.
"""

from __future__ import annotations

import random

from cardrules import CHANCE, sample_chance
from cardrules.actions import Action
from cardrules.bourre import Exchange, Phase, Rules, StayIn, View, new_game
from cardrules.cards import Rank
from cardrules.events import AntePaid, DealStarted, PotCarried, PotWon, signed


def bot(view: View, rng: random.Random) -> Action:
    """Stay in with a trump or an ace, discard low side cards, play the highest legal card."""
    legal = view.legal_actions()
    trump = view.trump
    strong = [c for c in view.hand if c.suit is trump or c.rank == Rank.ACE]
    if view.phase is Phase.STAY:
        wanted = len(strong) >= 2 or (len(strong) == 1 and rng.random() < 0.5)
        return next(a for a in legal if isinstance(a, StayIn) == wanted)
    if view.phase is Phase.EXCHANGE:
        low = tuple(c for c in view.hand if c.suit is not trump and c.rank < Rank.QUEEN)
        return Exchange(low) if Exchange(low) in legal else Exchange(())
    return max(legal, key=lambda play: play.card.rank)  # type: ignore[attr-defined]


def main() -> None:
    rng = random.Random(7)
    state = new_game(Rules(players=4, deals=6))
    carried = 0
    said: list[str] = []
    seen = 0  # events printed so far
    while True:
        for event in state.events[seen:]:
            if isinstance(event, DealStarted):
                print(f"\n{event}")
            elif not isinstance(event, AntePaid):  # the pot line below shows the antes
                print(f"  {event}")
                carried += isinstance(event, PotCarried)
        seen = len(state.events)
        if state.is_terminal:
            break
        if state.phase is Phase.DEAL:  # a new deal: show what was carried into its pot
            antes = sum(state.contributions)
            print(f"  pot {state.pot} = {state.pot - antes} carried + {antes} in antes")
        if state.to_act is CHANCE:
            action: Action = sample_chance(state, rng)
        else:
            seat = state.to_act
            assert isinstance(seat, int)
            action = bot(state.view(seat), rng)
            if state.phase is Phase.STAY:  # collect "seat 1 in, seat 2 out, ..." on one line
                said.append(f"{seat} {'in' if isinstance(action, StayIn) else 'out'}")
        state = state.apply(action)
        if said and state.phase is not Phase.STAY:
            print("  stay in / drop: " + ", ".join(said))
            said = []
    print("\nResults:", ", ".join(f"seat {s} {signed(r)}" for s, r in enumerate(state.returns())))
    wins = sum(isinstance(e, PotWon) for e in state.events)
    print(f"{wins} pots won, {carried} carried")
    assert carried >= 1, "this seed shows a carried pot"
    assert sum(state.returns()) == 0


if __name__ == "__main__":
    main()
