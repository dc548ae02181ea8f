"""Quickstart: set up a deal, look at the legal actions, act, and let bots finish.

Run it with ``python examples/quickstart.py``.
"""

from __future__ import annotations

import random

from cardrules import CHANCE, cards, play, random_policy
from cardrules.bouillotte import modern


def main() -> None:
    # A new game starts at a chance node: the deck must be shuffled.
    state = modern.new_game(modern.Rules(players=4, max_raise=5))
    assert state.to_act is CHANCE

    # arrange_deck builds the Shuffle that deals the hands we want; the other cards
    # follow in deck order. Seat 1 sits after the dealer (seat 0): it is eldest.
    deal = modern.arrange_deck(
        state,
        {1: cards("A♠ K♠ Q♠"), 2: cards("9♥ 9♦ 9♣")},
        retourne=cards("9♠")[0],
    )
    state = state.apply(deal)
    print("retourné:", " ".join(str(card) for card in state.retournes))
    for seat, hand in enumerate(state.hands):
        value = modern.evaluate(hand, state.retournes, state.rules)
        print(f"seat {seat}: {' '.join(map(str, hand))}  ({value})")

    # Whose turn is it, and what may that seat do?
    print("to act:", state.to_act)
    print("legal:", ", ".join(str(action) for action in state.legal_actions()))

    # Seat 1 opens; seat 2 announces its brelan (everyone pays it 1) and raises.
    state = state.apply(modern.Raise(to=3))
    state = state.apply(modern.Announce())
    state = state.apply(modern.Raise(to=8))

    # Random bots play the rest of the deal.
    final = play(state, [random_policy] * 4, random.Random(2024))
    for event in final.events:
        print("-", event)
    print("results:", [str(result) for result in final.returns()])
    assert sum(final.returns()) + final.pot == 0


if __name__ == "__main__":
    main()
