"""Historic Bouillotte in the conformance harness, and session-wide properties.

X-1 to X-10 and H-1.1 to H-7.3 hold on every random session the harness plays: chips
are conserved (X-8), primes sum to 0 (H-6.2), views never show a hidden card (X-10),
illegal actions raise with a rule id (X-9), replays, records and pickles round-trip.
"""

from __future__ import annotations

import pickle
import random
from typing import Any

from hypothesis import given, settings
from hypothesis import strategies as st

from cardrules import CHANCE, Card, dumps, loads, play, random_policy, sample_chance
from cardrules.actions import Action, Call, Check, Fold, Raise
from cardrules.bouillotte import historic
from cardrules.bouillotte.historic import DECK, Carre, Phase, Rules
from harness import GameCase, conformance_test


def unseen(state: historic.State, seat: int) -> frozenset[Card]:
    """Test-side oracle (X-10): the cards of the deal ``seat`` cannot see.

    Before the shuffle no card of the deal is known, except those shown at the
    previous showdown; after it the seat sees its hand and the retourné; the hands
    shown at a showdown are public until the next shuffle (views show the deal just
    finished, its showdown included, until then).
    """
    seen: set[Card] = set()
    last = state.showdown
    if last is not None:
        seen.add(last.retourne)
        for hand in last.hands:
            seen.update(hand)
    dealt = state.retourne is not None
    if dealt:
        seen.update(state.hands[seat])
        seen.add(state.retourne)
    return frozenset(DECK) - seen


def bias(state: historic.State, legal: tuple[Action, ...], rng: random.Random) -> Action:
    """Mostly small stakes, so that sessions do not go all-in at once (sessions with an
    even ante play uniformly at random instead).

    The legal list is ``(Check or Call, raises…, [Fold])`` or ``(Carre, Decline)``.
    """
    if state.rules.ante % 2 == 0:  # some sessions play uniformly: all-ins, side pots
        return legal[rng.randrange(len(legal))]
    if state.phase is Phase.CARRE:
        return legal[0] if len(legal) == 2 and rng.random() < 0.3 else legal[-1]
    fold = legal[-1] if isinstance(legal[-1], Fold) else None
    first_raise, end = 1, len(legal) - (fold is not None)
    if first_raise < end and rng.random() < 0.3:
        if rng.random() < 0.08:  # now and then any raise, all-in included
            return legal[rng.randrange(first_raise, end)]
        return legal[rng.randrange(first_raise, min(end, first_raise + 3))]
    if fold is not None and rng.random() < 0.25:
        return fold
    return legal[0]


RULES = st.builds(
    Rules,
    cave=st.one_of(st.integers(1, 30), st.integers(1, 30), st.just(100)),
    ante=st.one_of(st.just(1), st.integers(1, 8)),
    deals=st.one_of(st.just(12), st.integers(1, 12)),
)


def setup(rules: Rules) -> st.SearchStrategy[dict[str, Any]]:
    stacks = st.one_of(st.none(), st.tuples(*[st.integers(0, 2 * rules.cave)] * 4))
    return st.fixed_dictionaries({"stacks": stacks, "dealer": st.integers(0, 3)})


def extra_illegal(state: historic.State) -> list[object]:
    """Raises just outside the legal range, and actions of the other phases."""
    contributions = state.contributions
    top = max(contributions)
    return [
        Raise(to=top),
        Raise(to=top + 1),
        Raise(to=sum(state.stacks) + top + 1),
        Raise(to=-5),
        Raise(to=[1]),
        Raise(to=None),
        Carre(),
        historic.Decline(),
        Check(),
        Call(),
        Fold(),
    ]


HISTORIC = GameCase(
    name="historic",
    module=historic,
    rules=RULES,
    unseen=unseen,
    setup=setup,
    policy_bias=bias,
    extra_illegal=extra_illegal,
)

test_conformance_historic = conformance_test(HISTORIC, max_examples=200)


@settings(max_examples=60, deadline=None)
@given(seed=st.integers(0, 2**32 - 1), cave=st.integers(1, 30))
def test_X_8_H_6_2_uniform_random_sessions_conserve(seed: int, cave: int) -> None:
    """X-8, H-6.2, H-7.3: with uniformly random play (many all-ins) every state
    conserves chips, primes sum to 0, stacks stay >= 0, and the end shares the pot."""
    rng = random.Random(seed)
    state = historic.new_game(Rules(cave=cave))
    while not state.is_terminal:
        if state.to_act is CHANCE:
            state = state.apply(sample_chance(state, rng))
        else:
            state = state.apply(random_policy(state.view(state.to_act), rng))
        assert sum(state.returns()) + state.pot == 0
        assert sum(state.primes) == 0
        assert min(state.stacks) >= 0
    assert state.pot == 0
    assert state.deal_number == 11
    assert state.standings() == tuple(
        1 + sum(r > mine for r in state.returns()) for mine in state.returns()
    )


def test_X_7_a_whole_session_pickles_and_records() -> None:
    """X-7: after 12 deals the state pickles, hashes and round-trips through records."""
    final = play(historic.new_game(), [random_policy] * 4, random.Random(11))
    assert final.is_terminal
    assert final.to_act is None
    assert final.legal_actions() == ()
    assert pickle.loads(pickle.dumps(final)) == final
    assert loads(dumps(final)) == final
    assert hash(loads(dumps(final))) == hash(final)


def test_X_5_no_pot_is_ever_split() -> None:
    """X-5: the historic game never divides a pot: two brelans never tie (one retourné, four
    cards a rank) and the collective point settles tied suits by seat order (H-5.6)."""
    from cardrules.events import PotWon

    for seed in range(5):
        final = play(historic.new_game(), [random_policy] * 4, random.Random(seed))
        won = [e for e in final.events if isinstance(e, PotWon)]
        assert won
        assert all(len(e.winners) == 1 for e in won)
