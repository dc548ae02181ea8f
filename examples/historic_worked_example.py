"""The worked example of the French text on historic Bouillotte, replayed to its numbers.

The retourné is 9♠; A holds 9♥ 9♦ 9♣ (a brelan carré), B holds K♥ K♦ K♣ (a brelan
simple). Both stay to a showdown for a pot of 12: A wins it, and the primes come out
at A +5, B +1, C −3, D −3. Run it with ``python examples/historic_worked_example.py``;
it exits with status 1 if any number differs.
"""

from __future__ import annotations

import sys

from cardrules import cards
from cardrules.bouillotte import historic
from cardrules.bouillotte.historic import CALL, CHECK, DECLINE, FOLD, Raise
from cardrules.events import PotWon

NAMES = "ABCD"  # seats 0-3; D deals, so A is eldest and speaks first


def main() -> int:
    state = historic.new_game(historic.Rules(), dealer=3)  # D antes 1
    state = state.apply(DECLINE)  # A refuses the blind carre: the ladder ends

    # The shuffle that deals A and B their brelans and turns up 9♠.
    state = state.apply(
        historic.arrange_deck(
            state, {0: cards("9♥ 9♦ 9♣"), 1: cards("K♥ K♦ K♣")}, retourne=cards("9♠")[0]
        )
    )

    # A opens to 1 (matching D's ante); B and C call; D, already at 1, checks.
    # Four seats are left, so each but A may raise or say "plus rien": B raises to 5.
    # C and D fold, A calls: two seats left, the betting closes. Pot: 5 + 5 + 1 + 1.
    for action in (Raise(to=1), CALL, CALL, CHECK, Raise(to=5), FOLD, FOLD, CALL):
        print(f"{NAMES[state.to_act]}: {action}")
        state = state.apply(action)

    won = next(e for e in state.events if isinstance(e, PotWon))
    print(f"pot of {won.amount} won by {NAMES[won.winners[0]]} with {won.hand}")
    print("primes:", ", ".join(f"{NAMES[s]} {p:+d}" for s, p in enumerate(state.primes)))

    ok = won.amount == 12 and won.winners == (0,) and state.primes == (5, 1, -3, -3)
    print("matches the worked example" if ok else "DOES NOT match the worked example")
    return 0 if ok else 1


if __name__ == "__main__":
    sys.exit(main())
