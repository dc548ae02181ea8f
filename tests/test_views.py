"""Views in every game (X-10, API.md §4): the same members, perfect recall across deals,
equal exactly when the seat has seen the same things, hashable, picklable, equal after
a record round trip, and made in the same time at any point of a session."""

from __future__ import annotations

import pickle
import random
import tracemalloc
from typing import Any

import pytest

from cardrules import CHANCE, Shuffle, bourre, dumps, loads, sample_chance
from cardrules.actions import CALL, CHECK, FOLD, Raise
from cardrules.bouillotte import historic, modern
from cardrules.bourre import STAY_IN, Exchange, HiddenExchange, Play
from cardrules.bourre import Rules as BourreRules
from cardrules.bourre import arrange_deck as bourre_deck
from cardrules.bourre import new_game as bourre_game
from cardrules.cards import cards

GAMES: dict[str, tuple[Any, Any]] = {
    "modern": (modern, modern.Rules(deals=4)),
    "historic": (historic, historic.Rules(deals=4)),
    "bourre": (bourre, BourreRules(deals=4)),
}

SHARED_MEMBERS = (
    "seat",
    "rules",
    "to_act",
    "is_terminal",
    "hand",
    "history",
    "events",
    "stacks",
    "pot",
    "pots",
    "contributions",
    "dealer",
    "deal_number",
    "received",
)


def random_session(game: str, seed: int, steps: int | None = None) -> list[Any]:
    """Every state of a random session of ``game`` (or its first ``steps`` states)."""
    module, rules = GAMES[game]
    rng = random.Random(seed)
    state = module.new_game(rules)
    states = [state]
    while not state.is_terminal and (steps is None or len(states) < steps):
        if state.to_act is CHANCE:
            state = state.apply(sample_chance(state, rng))
        else:
            state = state.apply(rng.choice(state.legal_actions()))
        states.append(state)
    return states


@pytest.mark.parametrize("game", GAMES)
def test_X_10_every_view_has_the_members_of_the_api(game: str) -> None:
    """X-10, API.md §4: the same members in every game, each as on the state where the
    state has it (all public), ``returns()`` and ``standings()`` included."""
    for state in random_session(game, 1)[::3]:
        for seat in range(len(state.stacks)):
            view = state.view(seat)
            for name in SHARED_MEMBERS:
                assert hasattr(view, name), f"{game} view has no {name}"
            for name in ("rules", "to_act", "is_terminal", "stacks", "pot", "pots"):
                assert getattr(view, name) == getattr(state, name), name
            assert (view.contributions, view.dealer) == (state.contributions, state.dealer)
            assert view.deal_number == state.deal_number
            assert view.returns() == state.returns()
            assert view.standings() == state.standings()
            assert view.events == state.events  # every event is public
            assert len(view.history) == len(state.history)
            assert set(view.hand) == set(state.hands[seat])
            data = view.to_json()
            assert set(SHARED_MEMBERS) <= set(data) and "legal_actions" in data


@pytest.mark.parametrize("game", GAMES)
def test_X_10_views_keep_every_deal_perfect_recall(game: str) -> None:
    """X-10: the history, events and cards received of a view grow with the session and
    never forget: a view's history is a prefix of every later view's."""
    states = random_session(game, 2)
    assert states[-1].deal_number >= 1
    seat = 1
    earlier = states[0].view(seat)
    for state in states[1:]:
        view = state.view(seat)
        assert view.history[: len(earlier.history)] == earlier.history
        assert view.events[: len(earlier.events)] == earlier.events
        assert view.received[: len(earlier.received) - 1] == earlier.received[:-1]
        earlier = view
    shuffles = sum(isinstance(action, Shuffle) for action in states[-1].history)
    assert sum(action == Shuffle(()) for action in earlier.history) == shuffles
    assert len(earlier.received) == states[-1].deal_number + 1


@pytest.mark.parametrize("game", GAMES)
def test_X_10_views_hash_pickle_and_survive_a_record_round_trip(game: str) -> None:
    """X-10: views are values: equal views hash alike, a pickled view is equal (its
    cached hash is not pickled), and replaying a record gives equal views."""
    states = random_session(game, 3)
    final = states[-1]
    again = loads(dumps(final))
    for seat in range(len(final.stacks)):
        view = final.view(seat)
        copy = pickle.loads(pickle.dumps(view))
        assert copy == view and hash(copy) == hash(view)
        assert again.view(seat) == view and hash(again.view(seat)) == hash(view)
        assert copy.legal_actions() == view.legal_actions()
    middle = states[len(states) // 2]
    if isinstance(middle.to_act, int):
        view = middle.view(middle.to_act)
        assert pickle.loads(pickle.dumps(view)).legal_actions() == middle.legal_actions()


def test_X_10_historic_a_raise_folded_to_stays_in_the_views() -> None:
    """X-10: two sessions whose first deal differed in a raise to 2 or to 3 that every
    seat folded to give different views in the next deal (the views once forgot)."""

    def session(raise_to: int) -> Any:
        state = historic.new_game().apply(historic.Decline())
        state = state.apply(historic.arrange_deck(state, {}))
        state = state.apply(Raise(to=raise_to)).apply(FOLD).apply(FOLD).apply(FOLD)
        state = state.apply(historic.Decline())
        return state.apply(historic.arrange_deck(state, {}))

    two, three = session(2), session(3)
    assert two.deal_number == three.deal_number == 1
    for seat in range(4):
        assert two.view(seat) != three.view(seat)
        assert Raise(to=2) in two.view(seat).history
        assert Raise(to=3) in three.view(seat).history


def _bourre_first_deal(throw: str) -> Any:
    """Two-seat Bourré: seat 1 leads its first trick with ``throw``; the deal is then
    played out card by card and the next deal dealt the same way."""
    state = bourre_game(BourreRules(players=2, deals=2))
    hands = {1: cards("As Ks 9h 8h 7h"), 0: cards("2c 3c 4c 5c 2s")}
    state = state.apply(bourre_deck(state, hands, trump_card=cards("2s")[0]))
    state = state.apply(STAY_IN).apply(STAY_IN).apply(Exchange(())).apply(Exchange(()))
    while state.deal_number == 0:
        legal = state.legal_actions()
        wanted = [a for a in legal if a == Play(cards(throw)[0])]
        state = state.apply(wanted[0] if wanted else legal[0])
    return state.apply(Shuffle(state.chance_cards))


def test_X_10_bourre_which_card_a_seat_threw_stays_in_the_views() -> None:
    """X-10: two sessions whose first deal differed in which card seat 1 threw give
    different views in the next deal, for every seat."""
    ace, king = _bourre_first_deal("As"), _bourre_first_deal("Ks")
    assert ace.deal_number == king.deal_number == 1
    for seat in (0, 1):
        assert ace.view(seat) != king.view(seat)


def test_X_10_bourre_own_exchange_whole_others_as_a_count() -> None:
    """X-10: a seat's history shows its own exchange with its cards, the other's as a
    count; its received cards hold what it drew, the other seat's never show."""
    state = bourre_game(BourreRules(players=2))
    hands = {1: cards("As Ks 9h 8h 7h"), 0: cards("2c 3c 4c 5c 2s")}
    state = state.apply(bourre_deck(state, hands, trump_card=cards("2s")[0]))
    discard_1 = Exchange(tuple(cards("8h 7h")))
    discard_0 = Exchange(tuple(cards("2c 3c 4c")))
    state = state.apply(STAY_IN).apply(STAY_IN).apply(discard_1).apply(discard_0)
    mine, theirs = state.view(1), state.view(0)
    assert mine.history[3:5] == (discard_1, HiddenExchange(3))
    assert theirs.history[3:5] == (HiddenExchange(2), discard_0)
    # each batch in canonical order: the deal's five, then the two drawn
    assert mine.received[0][:5] == tuple(sorted(cards("As Ks 9h 8h 7h")))
    assert len(mine.received[0]) == 7
    assert mine.received[0][5:] == tuple(sorted(mine.received[0][5:]))
    assert set(mine.received[0][5:]) <= set(state.hands[1])
    assert len(theirs.received[0]) == 8
    assert not set(mine.received[0][5:]) & set(theirs.received[0])


def test_X_10_equal_views_when_only_hidden_cards_differ_across_deals() -> None:
    """X-10: two modern sessions that differ only in the cards of a seat that folded
    (never shown) give every other seat equal views, in that deal and the next."""

    def session(folded: str) -> Any:
        state = modern.new_game(modern.Rules(deals=2, announce_fee=None))
        hands = {1: cards("As Ks Qs"), 2: cards("8c 9c Kc"), 3: folded, 0: cards("Ah Kh Qh")}
        state = state.apply(modern.arrange_deck(state, hands, retourne=cards("9s")[0]))
        state = state.apply(Raise(to=2)).apply(CALL).apply(FOLD).apply(CALL)
        return state.apply(modern.arrange_deck(state, {})).apply(CHECK)

    one, other = session(cards("8d 9d Kd")), session(cards("8h 9h Kd"))
    for seat in (0, 1, 2):
        assert one.view(seat) == other.view(seat)
        assert hash(one.view(seat)) == hash(other.view(seat))
    assert one.view(3) != other.view(3)  # the folded seat remembers its own cards
    assert one.view(3).received[0] == cards("8d 9d Kd")


@pytest.mark.parametrize("game", GAMES)
def test_X_10_a_view_holds_no_hidden_card_and_costs_the_same_late(game: str) -> None:
    """X-10: a view pickles to no more bytes of the session than the state's public
    logs, and making one late in a long session allocates what an early one does
    (it shares the logs; it does not copy them)."""
    module, _ = GAMES[game]
    rules = {
        "modern": modern.Rules(deals=200),
        "historic": historic.Rules(deals=60),
        "bourre": BourreRules(deals=200),
    }[game]
    rng = random.Random(7)
    state = module.new_game(rules)
    early = late = None
    while not state.is_terminal:
        if isinstance(state.to_act, int):
            if state.deal_number == 1 and early is None:
                early = state
            late = state
            state = state.apply(rng.choice(state.legal_actions()))
        else:
            state = state.apply(sample_chance(state, rng))
    assert early is not None and late is not None and late.deal_number > 40

    def allocated(position: Any) -> int:
        """The fewest bytes a view of ``position`` allocated in three tries: a copy of
        the session's logs would show in every try, while a one-off allocation of the
        process (a shared table growing, seen once in a whole-suite run) shows in one."""
        position.view(0)  # warm up
        sizes = []
        for _ in range(3):
            tracemalloc.start()
            before = tracemalloc.get_traced_memory()[0]
            view = position.view(0)
            sizes.append(tracemalloc.get_traced_memory()[0] - before)
            tracemalloc.stop()
            del view
        return min(sizes)

    assert allocated(late) <= 2 * allocated(early) + 512


LONG_SESSIONS: dict[str, tuple[Any, tuple[Any, ...]]] = {
    "modern": (modern.Rules(players=3, deals=70, stack=1000), (FOLD, CHECK)),
    "historic": (historic.Rules(deals=70), (historic.DECLINE, CHECK)),
}
"""Sessions longer than ``Log.CHUNK`` deals, and the passive actions that play them
(the first legal one), for the games that keep the newest deals' hands apart."""


@pytest.mark.parametrize("game", sorted(LONG_SESSIONS))
def test_X_10_cards_received_over_more_deals_than_a_log_chunk(game: str) -> None:
    """X-10: a seat's cards received stay every deal's hand, in order of the deals, past the point
    where the record moves the newest deals' hands into the per-seat logs (``Log.CHUNK``
    deals), the history keeps every shuffle, and equal sessions give equal views."""
    module = GAMES[game][0]
    rules, passive = LONG_SESSIONS[game]
    rng = random.Random(3)
    state = module.new_game(rules)
    seats = len(state.stacks)
    hands: list[tuple[Any, ...]] = []
    shuffles: list[Shuffle] = []
    while not state.is_terminal:
        if state.to_act is CHANCE:
            shuffles.append(sample_chance(state, rng))
            state = state.apply(shuffles[-1])
            hands.append(state.hands)
            assert [a for a in state.history if isinstance(a, Shuffle)] == shuffles
            for seat in range(seats):
                # each deal's hand, in canonical order
                expected = tuple(tuple(sorted(hand[seat])) for hand in hands)
                assert state.view(seat).received == expected
        else:
            state = state.apply(next(a for a in passive if state.is_legal(a)))
    assert len(hands) == 70
    assert state.view(1).received == tuple(tuple(sorted(hand[1])) for hand in hands)
    replayed = module.new_game(rules)
    for action in state.history:
        replayed = replayed.apply(action)
    assert replayed.view(2) == state.view(2) and hash(replayed.view(2)) == hash(state.view(2))
    assert replayed == state and hash(replayed) == hash(state)


@pytest.mark.parametrize("game", ["modern", "historic", "bourre"])
def test_X_10_the_order_in_which_a_seat_s_cards_arrive_is_not_information(game: str) -> None:
    """X-10: two deals that give a seat the same cards in another order give that seat
    equal views (its hand and each batch it received in canonical order), and the
    other seats, whose cards are the same, equal views too."""
    from cardrules import bourre as bourre_module
    from cardrules.bouillotte import historic as historic_module
    from cardrules.bouillotte import modern as modern_module

    module = {"modern": modern_module, "historic": historic_module, "bourre": bourre_module}[game]
    state = module.new_game()
    if game == "historic":
        state = state.apply(historic_module.DECLINE)
    hand = {"modern": "As Ks Qs", "historic": "As Ks Qs", "bourre": "As Ks Qs Js Ts"}[game]
    one = state.apply(module.arrange_deck(state, {1: cards(hand)}))
    other = state.apply(module.arrange_deck(state, {1: tuple(reversed(cards(hand)))}))
    assert one.hands[1] != other.hands[1] or game == "bourre"  # the deal's order differs
    for seat in range(len(state.stacks)):
        assert one.view(seat) == other.view(seat), seat
        assert hash(one.view(seat)) == hash(other.view(seat))
    view = one.view(1)
    assert view.hand == tuple(sorted(cards(hand)))
    assert view.received[-1] == tuple(sorted(cards(hand)))
