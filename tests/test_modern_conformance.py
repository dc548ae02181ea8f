"""Modern Bouillotte in the conformance harness: every option and variant drawn.

X-1, X-2, X-3, X-4, X-5, X-6, X-7, X-8, X-9, X-10, M-6.2, V-M.1, V-M.2, V-M.3, V-M.4: the
harness checks conservation, legality, views and replay across all of them.
"""

from __future__ import annotations

import random
from typing import Any

from hypothesis import strategies as st

from cardrules.actions import Action, Fold, Raise
from cardrules.bouillotte import modern
from cardrules.bouillotte.modern import (
    Announce,
    CardsTurned,
    HandShown,
    Phase,
    RetourneChanged,
    RetournesTurned,
)
from cardrules.cards import Card
from cardrules.events import DealStarted
from harness import GameCase, conformance_test

rules_strategy = st.builds(
    modern.Rules,
    players=st.integers(3, 5),
    ante=st.integers(1, 3),
    max_raise=st.integers(1, 6),
    stack=st.integers(1, 30),
    deals=st.integers(1, 4),
    target=st.none() | st.integers(1, 40),
    announce_fee=st.none() | st.integers(1, 4),
    favori=st.sampled_from(["above_simple", "below_simple", "off"]),
    point_values=st.sampled_from(["flat", "pip"]),
    point_tiebreak=st.sampled_from(["seed", "kickers"]),
    retournes=st.integers(1, 2),
    open_card=st.booleans(),
    betting_rounds=st.integers(1, 3),
    retourne_change=st.booleans(),
)


def setup(rules: modern.Rules) -> st.SearchStrategy[dict[str, Any]]:
    """Default or drawn stacks (0 included: rebuy before the first deal) and dealer."""
    stacks = st.none() | st.tuples(*[st.integers(0, 3 * rules.stack)] * rules.players)
    return st.fixed_dictionaries({"stacks": stacks, "dealer": st.integers(0, rules.players - 1)})


def unseen(state: modern.State, seat: int) -> frozenset[Card]:
    """Oracle: the cards of the deal that ``seat`` cannot see.

    During a deal: every card of the deck but the seat's own, the retournés (dead ones
    too), every card face up, and the hands of seats that announced (their class of
    brelan is public, so those cards are not fully unseen). Between deals (chance node,
    end): every card but those made public in the deal just finished (up-cards,
    retournés, hands shown).
    """
    deck = frozenset(state.rules.deck)
    if state.phase is Phase.BETTING:
        seen = set(state.hands[seat]) | set(state.retournes) | set(state.dead_retournes)
        for other, hand in enumerate(state.hands):
            seen |= set(hand[: state.face_up[other]])
            if state.announced[other] is not None:
                # the announced class (M-4.3) tells something about every card of
                # that hand: swapping one of them could change what is public
                seen |= set(hand)
        return deck - seen
    events = state.events
    starts = [i for i, event in enumerate(events) if isinstance(event, DealStarted)]
    if state.phase is Phase.DEAL:
        if len(starts) < 2:
            return deck
        window = events[starts[-2] : starts[-1]]
    else:
        window = events[starts[-1] :]
    public: set[Card] = set()
    for event in window:
        if isinstance(event, HandShown | CardsTurned | RetournesTurned):
            public |= set(event.cards)
        elif isinstance(event, RetourneChanged):
            public |= set(event.dead) | set(event.new)
    return deck - public


def extra_illegal(state: modern.State) -> list[object]:
    """Folds, announces and raises at the edges."""
    return [
        Fold(),
        Announce(),
        Raise(to=state.largest),
        Raise(to=state.largest + 1),
        Raise(to=10**6),
        Raise(to=-5),
    ]


def policy(state: modern.State, legal: tuple[Action, ...], rng: random.Random) -> Action:
    """Announce when possible, and fold less often than uniform play would."""
    if legal[0].__class__ is Announce and rng.random() < 0.7:
        return legal[0]
    if legal[-1].__class__ is Fold and len(legal) > 2 and rng.random() < 0.6:
        legal = legal[:-1]
    return legal[rng.randrange(len(legal))]


CASE = GameCase(
    name="bouillotte_modern",
    module=modern,
    rules=rules_strategy,
    unseen=unseen,
    setup=setup,
    extra_illegal=extra_illegal,
    policy_bias=policy,
)

test_conformance = conformance_test(CASE, max_examples=200)
