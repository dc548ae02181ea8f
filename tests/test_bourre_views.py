"""Bourré views (X-10): what a discarded trump up-card shows, the deal just finished
seen from the next deal's chance node, and the logs of a session longer than a log
chunk."""

from __future__ import annotations

import random

from cardrules import CHANCE, Shuffle, cards, random_policy, sample_chance
from cardrules.bourre import (
    STAY_IN,
    Bourre,
    Exchange,
    Exchanged,
    HiddenExchange,
    Phase,
    Play,
    Restocked,
    Rules,
    State,
    TrickWon,
    TrumpTurned,
    arrange_deck,
    new_game,
)
from cardrules.chance import HIDDEN_SHUFFLE
from cardrules.events import AntePaid, DealStarted, PotWon
from cardrules.game import Log
from test_bourre_helpers import card


def _before_dealer_exchange(dealer_hand: str, trump: str) -> State:
    """Three seats, seat 0 deals ``dealer_hand`` with ``trump`` face up; every seat stays
    in and seats 1 and 2 stand pat: the dealer is to exchange."""
    state = new_game(Rules(players=3))
    state = state.apply(
        arrange_deck(
            state,
            {
                1: cards("As Kd Qh 3c 4c"),
                2: cards("2h 3h 4h 5h 6h"),
                0: cards(dealer_hand),
            },
            trump_card=card(trump),
        )
    )
    state = state.apply(STAY_IN).apply(STAY_IN).apply(STAY_IN)
    return state.apply(Exchange(())).apply(Exchange(()))


def test_X_10_B_4_3_a_discarded_up_card_does_not_show_to_other_seats() -> None:
    """X-10 / B-4.3: whether the dealer discarded the up-card is hidden from the others.

    X-10: a view never shows a discard; B-4.3: the discarded up-card is out of play.
    Seat 1 and seat 2 cannot tell "the dealer discards 6♠ 5♠ (6♠ the up-card)" from
    "the dealer discards 2♠ 3♠"; the dealer itself knows.
    """
    state = _before_dealer_exchange("2s 3s 4s 5s 6s", "6s")
    up = state.apply(Exchange(cards("6s 5s")))
    low = state.apply(Exchange(cards("2s 3s")))
    assert up.phase is low.phase is Phase.PLAY
    # the engine keeps the up-card apart (B-4.2 / B-4.3): never in the muck
    assert up.trump_out and not low.trump_out
    assert up.muck == cards("5s") and low.muck == cards("2s 3s")
    for seat in (1, 2):
        a, b = up.view(seat), low.view(seat)
        assert a == b
        assert a.trump_card == card("6s")
        assert a.trump_card_out is False
        assert a.muck_size == 2  # the public count: two discards
        assert a.exchanged == (2, 0, 0)
        assert a.events[-1] == Exchanged(seat=0, count=2)
        assert a.history[-1] == HiddenExchange(2)
    mine_up, mine_low = up.view(0), low.view(0)
    assert mine_up.trump_card_out is True
    assert mine_low.trump_card_out is False
    assert mine_up.discards == cards("5s 6s")
    assert mine_low.discards == cards("2s 3s")
    assert mine_up.muck_size == mine_low.muck_size == 2


def test_X_10_B_4_3_a_dropping_dealer_takes_the_up_card_out_in_public() -> None:
    """B-4.3: a dealer who drops takes the up-card out of play, and every seat sees it
    (X-10: a drop is a public action); its hand less the up-card goes to the muck."""
    state = new_game(Rules(players=3))
    state = state.apply(arrange_deck(state, {0: cards("2s 3s 4s 5s 6s")}, trump_card=card("6s")))
    state = state.apply(STAY_IN).apply(STAY_IN).apply(state.legal_actions()[1])  # dealer drops
    assert state.phase is Phase.EXCHANGE
    for seat in range(3):
        assert state.view(seat).trump_card_out is True
        assert state.view(seat).muck_size == 4


def test_X_10_B_4_3_up_card_discard_hidden_while_the_dealer_restock_waits() -> None:
    """X-10 / B-4.2 / B-4.3: a dealer who discards the up-card and needs a restock: the
    other seats' views do not depend on the discard, before and after the restock; the
    dealer's own view knows the up-card is out at once."""
    rules = Rules(players=7, hand_size=7)

    def exchange(dealer_discards: str) -> tuple[State, State]:
        state = new_game(rules)
        state = state.apply(
            arrange_deck(state, {0: cards("As Ks Qs Js Ts 9s 8s")}, trump_card=card("8s"))
        )
        for _ in range(7):
            state = state.apply(STAY_IN)
        state = state.apply(Exchange(state.hands[1][:3]))  # seat 1 empties the stock
        for _ in range(5):
            state = state.apply(Exchange(()))
        waiting = state.apply(Exchange(cards(dealer_discards)))
        assert waiting.phase is Phase.RESTOCK and waiting.to_act is CHANCE
        return waiting, waiting.apply(Shuffle(waiting.chance_cards))

    up_wait, up_done = exchange("8s 9s")
    low_wait, low_done = exchange("As Ks")
    for seat in range(1, 7):
        assert up_wait.view(seat) == low_wait.view(seat)
        assert up_done.view(seat) == low_done.view(seat)
        assert up_wait.view(seat).muck_size == 3  # seat 1's discards, to be restocked
        assert up_done.view(seat).muck_size == 2  # the dealer's two discards
    assert up_wait.view(0).trump_card_out and up_done.view(0).trump_card_out
    assert not low_wait.view(0).trump_card_out and not low_done.view(0).trump_card_out


def _two_deals_last_card() -> tuple[State, State]:
    """Deal 0 of a two-deal game, played to its last card: (before, after) that card."""
    state = new_game(Rules(players=2, deals=2))
    state = state.apply(
        arrange_deck(
            state,
            {1: cards("As Ks Qs Js Ts"), 0: cards("2c 3c 4c 5c 2s")},
            trump_card=card("2s"),
        )
    )
    state = state.apply(STAY_IN).apply(STAY_IN).apply(Exchange(())).apply(Exchange(()))
    for lead, follow in [("As", "2s"), ("Ks", "2c"), ("Qs", "3c"), ("Js", "4c")]:
        state = state.apply(Play(card(lead))).apply(Play(card(follow)))
    before = state.apply(Play(card("Ts")))
    return before, before.apply(Play(card("5c")))


def test_X_10_the_last_trick_and_settlement_show_at_the_next_chance_node() -> None:
    """X-10 (every public action): between deals the views still show the deal just
    finished — its last card, last trick, the pot won and the bourré payment (B-6.1,
    B-6.2) — followed by the new deal's opening events; each seat sees its own
    exchange whole, the other's as a count."""
    before, state = _two_deals_last_card()
    assert before.view(0).history[-1] == Play(card("Ts"))
    assert state.to_act is CHANCE and state.deal_number == 1 and state.phase is Phase.DEAL
    for seat in (0, 1):
        view = state.view(seat)
        assert view.deal_number == 1
        assert view.history == (
            HIDDEN_SHUFFLE,
            STAY_IN,
            STAY_IN,
            Exchange(()) if seat == 1 else HiddenExchange(0),
            Exchange(()) if seat == 0 else HiddenExchange(0),
            *(Play(c) for c in cards("As 2s Ks 2c Qs 3c Js 4c Ts 5c")),
        )
        assert view.history[-1] == Play(card("5c"))  # the last card of deal 0
        # deal 0's events, its settlement, then deal 1's opening events
        assert view.events == (
            DealStarted(0, 0),
            AntePaid(1, 1),
            AntePaid(0, 1),
            TrumpTurned(0, card("2s")),
            Exchanged(1, 0),
            Exchanged(0, 0),
            TrickWon(1, cards("As 2s")),
            TrickWon(1, cards("Ks 2c")),
            TrickWon(1, cards("Qs 3c")),
            TrickWon(1, cards("Js 4c")),
            TrickWon(1, cards("Ts 5c")),  # the last trick
            PotWon(2, (1,), (0, 2), 0, "5 tricks"),  # B-6.1
            Bourre(0, 2),  # B-6.2
            DealStarted(1, 1),
            AntePaid(0, 1),
            AntePaid(1, 1),
        )
        assert view.events == state.events[state.events.index(DealStarted(0, 0)) :]
        # the new deal's own fields are blank until its shuffle
        assert view.hand == () and view.trump_card is None and view.tricks_won == (0, 0)
        assert view.stacks == state.stacks and view.pot == 4
    # after the shuffle the views still hold the first deal (perfect recall)
    before_shuffle = state.view(1)
    dealt = state.apply(Shuffle(state.chance_cards))
    view = dealt.view(1)
    assert view.history == (*before_shuffle.history, HIDDEN_SHUFFLE)
    assert view.events[: len(before_shuffle.events)] == before_shuffle.events
    # each batch received in canonical order
    assert view.received[0] == tuple(sorted(cards("As Ks Qs Js Ts"))) and len(view.received) == 2


def test_X_10_a_deal_won_without_play_shows_at_the_next_chance_node() -> None:
    """X-10 / B-3.2: a pot taken by the only seat in shows between deals too."""
    state = new_game(Rules(players=3, deals=2))
    state = state.apply(Shuffle(state.chance_cards))
    drop = state.legal_actions()[1]
    state = state.apply(STAY_IN).apply(drop).apply(drop)
    assert state.phase is Phase.DEAL and state.deal_number == 1
    view = state.view(2)
    assert view.history == (HIDDEN_SHUFFLE, STAY_IN, drop, drop)
    won = [e for e in view.events if isinstance(e, PotWon)]
    assert won == [PotWon(3, (1,), (0, 3, 0), 0, "the only seat in")]
    assert view.events[-4:] == (DealStarted(1, 1), AntePaid(2, 1), AntePaid(0, 1), AntePaid(1, 1))


def test_X_10_the_first_chance_node_shows_only_the_opening() -> None:
    """X-10: before the first shuffle there is no previous deal to show."""
    state = new_game(Rules(players=2))
    view = state.view(0)
    assert view.history == ()
    assert view.events == (DealStarted(0, 0), AntePaid(1, 1), AntePaid(0, 1))


def test_X_10_the_logs_of_a_session_longer_than_a_log_chunk() -> None:
    """X-10: over more deals than ``Log.CHUNK`` (where the record moves its newest deals'
    cards into the per-seat logs), each seat's cards received are every deal's cards
    dealt, in the order dealt, then the cards it drew; the history and the events
    grow by the session's actions and events alone; equal sessions give equal views
    and states."""
    rules = Rules(players=6, deals=Log.CHUNK * 2 + 6)
    rng = random.Random(11)
    state = new_game(rules)
    n, size = rules.players, rules.hand_size
    received: list[list[tuple[object, ...]]] = []
    history: list[object] = []
    while not state.is_terminal:
        if state.to_act is CHANCE:
            shuffle = sample_chance(state, rng)
            if state.phase is Phase.DEAL:
                order, eldest = shuffle.order, (state.dealer + 1) % n
                dealt = {(eldest + k) % n: order[k : n * size : n] for k in range(n)}
                received.append([dealt[seat] for seat in range(n)])
            action: object = shuffle
        else:  # every seat stays in and exchanges all it may: restocks come often
            legal = state.legal_actions()
            action = STAY_IN if STAY_IN in legal else random_policy(state.view(state.to_act), rng)
            if isinstance(action, Exchange):
                action = max(legal, key=lambda exchange: len(exchange.discards))  # type: ignore[attr-defined]
        history.append(action)
        before, state = state, state.apply(action)  # type: ignore[arg-type]
        for seat in range(n):
            if before.phase is not Phase.DEAL:  # an exchange or a restock: cards drawn
                held = set(before.hands[seat])
                received[-1][seat] += tuple(c for c in state.hands[seat] if c not in held)
            got = state.view(seat).received
            assert [set(cards) for cards in got] == [set(deal[seat]) for deal in received]
            # the deal's batch first, in canonical order
            pairs = zip(got, received, strict=True)
            assert all(g[:size] == tuple(sorted(deal[seat][:size])) for g, deal in pairs)
    assert len(received) == rules.deals and state.history == tuple(history)
    events = state.events
    assert sum(isinstance(event, Restocked) for event in events) > rules.deals // 2
    assert sum(isinstance(event, DealStarted) for event in events) == rules.deals
    assert all(state.view(seat).events == events for seat in range(n))
    replayed = new_game(rules)
    for action in state.history:
        replayed = replayed.apply(action)
    assert replayed == state and hash(replayed) == hash(state)
    assert replayed.view(2) == state.view(2) and hash(replayed.view(2)) == hash(state.view(2))


def test_X_10_the_view_s_json_names_the_trump_suit() -> None:
    """X-10 (API.md §4): ``View.to_json()`` has every documented member, ``trump``
    included (it was left out), as a suit letter, ``None`` before the deal."""
    state = new_game()
    assert state.view(0).to_json()["trump"] is None
    dealt = state.apply(sample_chance(state, random.Random(1)))
    data = dealt.view(1).to_json()
    assert data["trump"] == dealt.trump_card.suit.letter  # type: ignore[union-attr]
    assert data["trump_card"].endswith(data["trump"])
