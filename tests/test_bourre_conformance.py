"""The conformance harness for Bourré, with hypothesis drawing every option.

The ``unseen`` oracle below is written from the rules, not from the view code: it
rebuilds what a seat has held from the deal's shuffle and the history.
"""

from __future__ import annotations

from typing import Any

from hypothesis import strategies as st

from cardrules import CHANCE, Card, Shuffle, bourre
from cardrules.bourre import Exchange, Play, Rules
from cardrules.cards import STANDARD_DECK
from harness import GameCase, conformance_test

ALL = frozenset(STANDARD_DECK)


@st.composite
def bourre_rules(draw: st.DrawFn) -> Rules:
    """Every option of Rules (B, V-B), small stacks so rebuys and short stacks happen."""
    return Rules(
        players=draw(st.integers(2, 7)),
        hand_size=draw(st.sampled_from((5, 7))),
        ante=draw(st.integers(1, 4)),
        stack=draw(st.integers(1, 40)),
        deals=draw(st.integers(1, 5)),
        exchange=draw(st.booleans()),
        must_head_following=draw(st.booleans()),
        min_tricks=draw(st.integers(1, 3)),
        rising_ante=draw(st.booleans()),
        ante_exemptions=draw(st.booleans()),
        pot_cap=draw(st.none() | st.integers(1, 60)),
    )


def setup(rules: Rules) -> st.SearchStrategy[dict[str, Any]]:
    n = rules.players
    return st.fixed_dictionaries(
        {},
        optional={
            "stacks": st.tuples(*[st.integers(0, 60)] * n),
            "dealer": st.integers(0, n - 1),
        },
    )


def unseen(state: bourre.State, seat: int) -> frozenset[Card]:
    """X-10 oracle: the cards of the current deal that ``seat`` has not seen.

    Seen: the seat's dealt hand (B-2.2), what it holds now (draws included), the
    trump up-card, and every card played to a trick this deal. At a deal's chance
    node nothing of the new deal exists yet: the answer is what stayed unseen in the
    deal just finished (nothing at the very start).
    """
    history = state.history
    n, size = state.rules.players, state.rules.hand_size
    shuffles = [i for i, a in enumerate(history) if isinstance(a, Shuffle) and len(a.order) == 52]
    fresh = state.to_act is CHANCE and len(state.chance_cards) == 52
    if not shuffles:
        return ALL
    start = shuffles[-1]
    dealer = (state.dealer - 1) % n if fresh else state.dealer
    order = history[start].order
    eldest = (dealer + 1) % n
    k = (seat - eldest) % n
    dealt = {order[r * n + k] for r in range(size)}
    trump = order[n * size - 1]
    played = {a.card for a in history[start:] if isinstance(a, Play)}
    seen = dealt | played | {trump}
    if not fresh:
        seen |= set(state.hands[seat])
    return ALL - seen


def extra_illegal(state: bourre.State) -> list[object]:
    """Exchanges of every size of the seat's hand, and plays of other seats' cards."""
    out: list[object] = []
    if isinstance(state.to_act, int):
        hand = state.hands[state.to_act]
        out += [Exchange(hand[:k]) for k in range(len(hand) + 1)]
        for other in state.hands:
            out += [Play(card) for card in other[:2]]
    return out


CASE = GameCase(
    name="bourre",
    module=bourre,
    rules=bourre_rules(),
    unseen=unseen,
    setup=setup,
    extra_illegal=extra_illegal,
)

test_conformance = conformance_test(CASE, max_examples=200)
