"""Sphinx extension: pictures and tables of the games, drawn from the engine at build time.

``.. engine-figure:: NAME`` inserts one figure of :data:`FIGURES`: cards drawn as
inline SVG, or an HTML table. Every figure is computed when the documentation is built,
through the library's public API only (``new_game``, ``arrange_deck``, ``apply``,
``evaluate``, ``card_points``, ``winning_suit``, ``pots``, ``events``), so a picture can
never disagree with the code. Where a figure states what the rules say (an order of
hands, a suit's total), it checks the engine against it and a mismatch fails a ``-W``
build.

The figures are plain functions returning HTML (no Sphinx needed), so the tests can call
them. Other builders than HTML show the figure's caption only.
"""

from __future__ import annotations

import html
import itertools
from collections.abc import Callable, Iterable, Sequence
from typing import Any

from cardrules import Suit, bourre, cards
from cardrules.bouillotte import historic, modern
from cardrules.pictures import card_svg, hand_html

Figure = tuple[str, str, str]
"""A figure: its kind (``"picture"`` or ``"table"``), its HTML, and its caption."""


class EngineMismatch(Exception):
    """The engine's output differs from what the page around the figure states."""


# -- drawing: the cards are drawn by the package (cardrules.pictures), as in a notebook


def _labelled(rows: Iterable[tuple[str, str]]) -> str:
    return "".join(
        f'<div class="cr-row"><div class="cr-label">{label}</div>{body}</div>'
        for label, body in rows
    )


def table_html(head: Sequence[str], rows: Iterable[Sequence[str]], *, numeric: str = "") -> str:
    """An HTML table; cells are HTML already. ``numeric``: indices of right-aligned columns."""
    heads = "".join(f"<th>{h}</th>" for h in head)
    body = []
    for row in rows:
        cells = "".join(
            f'<td class="cr-num">{c}</td>' if str(i) in numeric.split() else f"<td>{c}</td>"
            for i, c in enumerate(row)
        )
        body.append(f"<tr>{cells}</tr>")
    return (
        '<div class="cr-table-wrap"><table class="cr-table docutils align-default">'
        f"<thead><tr>{heads}</tr></thead><tbody>{''.join(body)}</tbody></table></div>"
    )


def _code(text: object) -> str:
    return f'<code class="docutils literal notranslate">{html.escape(str(text))}</code>'


def _check(ok: bool, what: str) -> None:
    if not ok:
        raise EngineMismatch(what)


def _deal_events(state: Any, deal: int = 0) -> list[Any]:
    """The events of one deal, from its ``DealStarted`` to the next one."""
    found: list[Any] = []
    inside = False
    for event in state.events:
        if type(event).__name__ == "DealStarted":
            inside = event.deal_number == deal
        if inside:
            found.append(event)
    return found


def _events_named(events: Iterable[Any], name: str) -> list[Any]:
    return [e for e in events if type(e).__name__ == name]


SEATS = "ABCD"


# -- decks ---------------------------------------------------------------------------


def deck_modern() -> Figure:
    rows = []
    for players in (3, 4, 5):
        deck = modern.new_game(modern.Rules(players=players)).chance_cards
        rows.append((f"{players} players, {len(deck)} cards", hand_html(deck)))
    caption = (
        "The deck of modern Bouillotte by the number of players: the cards of the first"
        " chance node, <code>new_game(Rules(players=n)).chance_cards</code> (M-1.2)."
    )
    return "picture", _labelled(rows), caption


def deck_historic() -> Figure:
    deck = historic.new_game().apply(historic.DECLINE).chance_cards
    by_suit = [(s.symbol, hand_html(c for c in deck if c.suit == s)) for s in Suit]
    caption = (
        f"The {len(deck)} cards of historic Bouillotte, as the chance node of a deal holds"
        " them (H-1.1)."
    )
    return "picture", _labelled(by_suit), caption


def deck_bourre() -> Figure:
    deck = bourre.new_game().chance_cards
    by_suit = [(s.symbol, hand_html(c for c in deck if c.suit == s)) for s in Suit]
    caption = (
        f"The {len(deck)} cards of Bourré, ace high, as a deal's chance node holds them (B-1.1)."
    )
    return "picture", _labelled(by_suit), caption


# -- modern Bouillotte ------------------------------------------------------------------

_MODERN_EXAMPLES = (
    ("brelan carré", "9♥ 9♦ 9♣"),
    ("brelan favori", "9♥ 9♦ A♣"),
    ("brelan simple", "A♥ A♦ A♣"),
    ("brelan simple", "8♥ 8♦ 8♣"),
    ("point", "A♠ K♠ Q♠"),
    ("point", "A♥ Q♥ 8♦"),
    ("point", "K♥ K♦ 8♣"),
)


def ranking_modern() -> Figure:
    retourne = cards("9♠")
    values = [modern.evaluate(cards(hand), retourne) for _, hand in _MODERN_EXAMPLES]
    for better, worse in itertools.pairwise(values):
        _check(better > worse, f"modern ranking: {better} should beat {worse}")
    rows = [
        [str(i + 1), name, hand_html(cards(hand)), hand_html(retourne), html.escape(str(value))]
        for i, ((name, hand), value) in enumerate(zip(_MODERN_EXAMPLES, values, strict=True))
    ]
    caption = (
        "The hands of modern Bouillotte from best to worst with the retourné 9♠, under the"
        " default rules; the last column is <code>str(evaluate(hand, retournes))</code>, and"
        " each row beats the next (M-5.1 to M-5.6)."
    )
    return "table", table_html(["", "class", "hand", "retourné", "the engine says"], rows), caption


_DOUBLE_EXAMPLES = (
    ("brelan carré: three in hand, one retourné matches", "K♥ K♦ K♣", "9♠ K♠"),
    ("brelan carré: two in hand, both retournés match", "9♥ 9♦ A♣", "9♠ 9♣"),
    ("brelan favori: two in hand, one retourné matches", "K♥ K♦ A♣", "9♠ K♠"),
    ("no brelan: one in hand, both retournés match", "9♥ A♦ A♣", "9♠ 9♣"),
)


def double_retourne() -> Figure:
    rules = modern.Rules(retournes=2)
    values = [modern.evaluate(cards(h), cards(r), rules) for _, h, r in _DOUBLE_EXAMPLES]
    expected = ("carre", "carre", "favori", "point")
    got = tuple(value.category for value in values)
    _check(got == expected, f"double retourné categories {got}, not {expected}")
    rows = [
        [html.escape(name), hand_html(cards(h)), hand_html(cards(r)), html.escape(str(value))]
        for (name, h, r), value in zip(_DOUBLE_EXAMPLES, values, strict=True)
    ]
    caption = (
        "Two retournés (<code>Rules(retournes=2)</code>, V-M.1): what counts as a brelan,"
        " as <code>evaluate(hand, retournes, rules)</code> judges it."
    )
    head = ["", "hand", "retournés", "the engine says"]
    return "table", table_html(head, rows), caption


def _modern_showdown() -> Any:
    state = modern.new_game()
    hands = {1: "A♠ K♠ Q♠", 2: "9♥ 9♦ A♣", 3: "K♥ K♦ 8♣", 0: "A♥ Q♥ 8♦"}
    deal = modern.arrange_deck(
        state, {s: cards(h) for s, h in hands.items()}, retourne=cards("9♠")[0]
    )
    state = state.apply(deal)
    dealt = state
    while not state.is_terminal:
        state = state.apply(modern.Check())
    return dealt, state


def deal_modern() -> Figure:
    dealt, _ = _modern_showdown()
    rows = [(f"seat {seat}", hand_html(dealt.hands[seat])) for seat in (1, 2, 3, 0)]
    rows.append(("retourné", hand_html(dealt.retournes)))
    caption = (
        "A deal of modern Bouillotte for four players: seat 0 deals, so seat 1 (eldest)"
        " gets the first card; three cards each, then the retourné (M-2.2, X-1)."
    )
    return "picture", _labelled(rows), caption


def showdown_modern() -> Figure:
    dealt, final = _modern_showdown()
    events = _deal_events(final)
    shown = _events_named(events, "HandShown")
    (won,) = _events_named(events, "PotWon")
    rows = []
    for event in shown:
        value = modern.evaluate(event.cards, dealt.retournes)
        _check(str(value) == event.hand, f"HandShown {event.hand} but evaluate gives {value}")
        beaten = sum(value > modern.evaluate(e.cards, dealt.retournes) for e in shown)
        rows.append(
            [
                f"seat {event.seat}",
                hand_html(event.cards),
                html.escape(event.hand),
                str(len(shown) - beaten),
                str(won.shares[event.seat]),
            ]
        )
    caption = (
        "The same deal when every seat checks (M-3.6): each hand shown at the showdown,"
        " its value, its place, and its share of the pot of"
        f" {won.amount} antes, from the deal's <code>HandShown</code> and"
        " <code>PotWon</code> events (M-6.1)."
    )
    head = ["seat", "hand", "value (retourné 9♠)", "place", "wins"]
    return "table", table_html(head, rows, numeric="3 4"), caption


# -- historic Bouillotte ----------------------------------------------------------------


def _historic_showdown(hands: Sequence[str], retourne: str) -> list[Any]:
    """Deal ``hands`` (seats 0-3, seat 3 deals), open to 1, call and check to a showdown."""
    state = historic.new_game(dealer=3).apply(historic.DECLINE)
    dealt = {seat: cards(hand) for seat, hand in enumerate(hands)}
    state = state.apply(historic.arrange_deck(state, dealt, retourne=cards(retourne)[0]))
    while state.deal_number == 0:
        legal = state.legal_actions()
        action = next(
            a for a in (historic.Raise(to=1), historic.Call(), historic.Check()) if a in legal
        )
        state = state.apply(action)
    return _deal_events(state)


_HISTORIC_EXAMPLES = (
    ("brelan carré", ("9♥ 9♦ 9♣", "A♥ K♦ 8♣", "Q♥ Q♦ 8♦", "A♣ K♣ 8♥")),
    ("brelan simple", ("K♥ K♦ K♣", "A♥ Q♦ 8♣", "9♥ 9♦ 8♦", "A♣ Q♣ 8♥")),
    ("no brelan", ("9♥ 9♦ A♣", "A♥ K♦ 8♣", "Q♥ Q♦ 8♦", "K♣ Q♣ 8♥")),
)


def ranking_historic() -> Figure:
    rows = []
    for name, hands in _HISTORIC_EXAMPLES:
        events = _historic_showdown(hands, "9♠")
        (won,) = _events_named(events, "PotWon")
        primes = _events_named(events, "PrimesPaid")
        received = primes[0].amounts[0] if primes else 0
        _check(won.winners == (0,), f"historic ranking: seat 0 should win with {hands[0]}")
        rows.append(
            [
                name,
                hand_html(cards(hands[0])),
                hand_html(cards("9♠")),
                html.escape(won.hand),
                f"{received:+d}" if received else "none",
            ]
        )
    caption = (
        "The hands of historic Bouillotte, each shown at a real showdown against three"
        " hands without a brelan: the engine's verdict (<code>PotWon.hand</code>) and"
        " the primes the holder collects, net, from the three others (H-5.1, H-6.1). Two"
        " in hand with the retourné is no brelan: the collective point decides (H-5.3)."
    )
    head = ["class", "hand", "retourné", "the engine says", "primes"]
    return "table", table_html(head, rows, numeric="4"), caption


def _all_in_example() -> tuple[Any, Any, Any]:
    """The all-in deal of the side-pot and collective-point figures.

    Seats 0 to 3 hold caves of 30, 5, 30 and 12; seat 3 deals and antes 1. Seat 0 opens
    to 12, seat 1 calls all-in for 5, seat 2 calls, seat 3 calls all-in for 11 more.
    """
    state = historic.new_game(stacks=(30, 5, 30, 12), dealer=3).apply(historic.DECLINE)
    hands = {0: "A♥ K♥ 8♣", 1: "Q♠ Q♥ Q♦", 2: "A♣ K♣ 9♦", 3: "A♦ K♦ 8♥"}
    deal = historic.arrange_deck(
        state, {s: cards(h) for s, h in hands.items()}, retourne=cards("9♠")[0]
    )
    state = state.apply(deal)
    for action in (historic.Raise(to=12), historic.Call(), historic.Call(), historic.Call()):
        state = state.apply(action)
    betting = state
    while state.deal_number == 0:
        state = state.apply(historic.Check())
    return deal, betting, state


def side_pots() -> Figure:
    _, betting, final = _all_in_example()
    contributions = betting.contributions
    pots = betting.pots
    levels = []
    floor = 0
    for amount, eligible in pots:
        floor += amount // len(eligible)
        levels.append(floor)
    _check(sum(amount for amount, _ in pots) == sum(contributions), "pots and contributions")
    _check(levels[-1] == max(contributions), "the pot levels reach the largest contribution")
    top = max(contributions)
    width, height, base, scale = 360, 200, 170, 140 / top
    parts = [
        f'<svg class="cr-chart" viewBox="0 0 {width} {height}" role="img"'
        ' aria-label="contributions split into pots">'
    ]
    bar = 50
    for seat, contribution in enumerate(contributions):
        x = 40 + seat * 80
        low = 0
        for index, level in enumerate(levels):
            high = min(level, contribution)
            if high > low:
                y = base - high * scale
                h = (high - low) * scale
                parts.append(
                    f'<rect x="{x}" y="{y:.1f}" width="{bar}" height="{h:.1f}"'
                    f' class="cr-pot{index}"><title>{high - low} in pot {index}</title></rect>'
                )
                parts.append(
                    f'<text x="{x + bar / 2}" y="{y + h / 2 + 4:.1f}" text-anchor="middle"'
                    f' class="cr-bar-text">{high - low}</text>'
                )
            low = max(low, high)
        all_in = " all-in" if betting.stacks[seat] == 0 else ""
        parts.append(
            f'<text x="{x + bar / 2}" y="{base + 16}" text-anchor="middle" class="cr-axis">'
            f"seat {seat}{all_in}</text>"
        )
    parts.append(f'<line x1="30" y1="{base}" x2="{width - 10}" y2="{base}" class="cr-baseline"/>')
    parts.append("</svg>")
    legend = "".join(
        f'<span class="cr-key"><span class="cr-swatch cr-pot{i}"></span>'
        f"{'main pot' if i == 0 else f'side pot {i}'}: {amount}, seats"
        f" {', '.join(map(str, eligible))}</span>"
        for i, (amount, eligible) in enumerate(pots)
    )
    picture = "".join(parts) + f'<div class="cr-legend">{legend}</div>'
    won = _events_named(_deal_events(final), "PotWon")
    rows = [
        [
            "main pot" if won_event.pot == 0 else f"side pot {won_event.pot}",
            str(pots[won_event.pot][0]),
            ", ".join(map(str, pots[won_event.pot][1])),
            ", ".join(f"seat {s}" for s in won_event.winners),
            html.escape(won_event.hand or ""),
        ]
        for won_event in won
    ]
    table = table_html(["pot", "chips", "eligible seats", "won by", "with"], rows, numeric="1")
    caption = (
        "Side pots from an all-in deal of historic Bouillotte. Caves 30, 5, 30, 12; seat 3"
        " deals and antes 1; seat 0 opens to 12, seat 1 calls all-in for 5, seats 2 and 3"
        f" call (seat 3 all-in). <code>state.pots</code> is then {_code(pots)}: each bar is"
        " a seat's contribution, cut at the all-in levels (X-4). The table shows who won"
        " each pot at the showdown (the <code>PotWon</code> events): seat 1's brelan can"
        " only win the main pot; the side pot goes by the collective point (H-5.7)."
    )
    return "picture", f'<div class="cr-split">{picture}{table}</div>', caption


def collective_point() -> Figure:
    _, betting, final = _all_in_example()
    events = _deal_events(final)
    (shown,) = _events_named(events, "ShowdownHands")
    (point,) = _events_named(events, "CollectivePoint")
    exposed = [card for hand in shown.hands for card in hand] + [shown.retourne]
    rows = []
    totals = []
    for suit in Suit:
        cells = [suit.symbol]
        for hand in shown.hands:
            own = [c for c in hand if c.suit == suit]
            cells.append(
                hand_html(own) + "".join(f" {historic.card_points(c)}" for c in own) if own else "—"
            )
        up = shown.retourne
        cells.append(hand_html([up]) + f" {historic.card_points(up)}" if up.suit == suit else "—")
        total = sum(historic.card_points(c) for c in exposed if c.suit == suit)
        totals.append(total)
        cells.append(f"<strong>{total}</strong>")
        rows.append(cells)
    _check(tuple(totals) == tuple(point.totals), f"suit totals {totals} vs {point.totals}")
    richest = historic.winning_suit(exposed)
    eligible = betting.pots[point.pot][1]
    suit = historic.winning_suit(exposed, shown.hands, eligible=eligible, eldest=0)
    _check(suit == point.suit, f"winning_suit {suit} vs the engine's {point.suit}")
    head = [
        "suit",
        *(f"seat {s}{'' if s in eligible else ' (not eligible)'}" for s in range(4)),
        "retourné",
        "total",
    ]
    caption = (
        f"The collective point of the side pot above, totalled suit by suit over the 13"
        f" exposed cards with <code>card_points</code> (A 11, K Q 10, 9 9, 8 8; H-5.3)."
        f" <code>winning_suit(exposed)</code> gives {_code(richest)}; with the hands and"
        f" the eligible seats it gives {_code(suit)}, which seat {point.seat} owns with"
        f" the highest card of the suit in hand (H-5.4): {html.escape(str(point))}."
    )
    return "table", table_html(head, rows, numeric="6"), caption


def hands_collective() -> Figure:
    _, betting, _ = _all_in_example()
    rows = [(f"seat {s}", hand_html(betting.hands[s])) for s in range(4)]
    rows.append(("retourné", hand_html([betting.retourne])))
    caption = (
        "The four hands and the retourné of the all-in deal. Only seat 1 holds a brelan"
        " (Q♠ Q♥ Q♦); every hand is exposed for the collective point, folded ones too."
    )
    return "picture", _labelled(rows), caption


def _worked_example() -> tuple[list[list[str]], Any, Any]:
    state = historic.new_game(dealer=3).apply(historic.DECLINE)
    hands = {0: cards("9♥ 9♦ 9♣"), 1: cards("K♥ K♦ K♣")}
    state = state.apply(historic.arrange_deck(state, hands, retourne=cards("9♠")[0]))
    dealt = state
    steps = [["", "D antes 1; A declines the carre", "", str(state.pot)]]
    script = (
        historic.Raise(to=1),
        historic.Call(),
        historic.Call(),
        historic.Check(),
        historic.Raise(to=5),
        historic.Fold(),
        historic.Fold(),
        historic.Call(),
    )
    for action in script:
        seat = state.to_act
        state = state.apply(action)
        if state.deal_number == 0:
            after = [" ".join(map(str, state.contributions)), str(state.pot)]
        else:  # the betting closed and the deal was settled: the pot is in PotWon
            after = ["the betting closes: showdown", ""]
        steps.append([SEATS[seat], html.escape(str(action)), *after])
    return steps, dealt, state


def worked_example() -> Figure:
    steps, _, final = _worked_example()
    events = _deal_events(final)
    (won,) = _events_named(events, "PotWon")
    (primes,) = _events_named(events, "PrimesPaid")
    _check(won.amount == 12 and won.winners == (0,), "the worked example's pot")
    _check(tuple(final.primes) == (5, 1, -3, -3), "the worked example's primes")
    steps[-1][3] = str(won.amount)
    betting = table_html(["seat", "action", "contributions A B C D", "pot"], steps, numeric="3")
    result = table_html(
        ["seat", "hand", "pot won", "primes"],
        [
            [
                SEATS[s],
                html.escape(won.hand) if s in won.winners else "",
                str(won.shares[s]),
                f"{primes.amounts[s]:+d}",
            ]
            for s in range(4)
        ],
        numeric="2 3",
    )
    caption = (
        "The worked example of the French text <em>Bouillotte — système historique</em>"
        " (after Pagat), replayed by the engine: the betting, then the pot of"
        f" {won.amount} and the primes. A's brelan carré (9♥ 9♦ 9♣ with the retourné"
        " 9♠) collects 2 from each other seat, B's brelan simple (K♥ K♦ K♣) 1 from each:"
        f" {html.escape(str(primes))} (H-6.1, H-6.2)."
    )
    return "table", f'<div class="cr-split">{betting}{result}</div>', caption


def hands_worked_example() -> Figure:
    _, dealt, _ = _worked_example()
    rows = [(SEATS[s], hand_html(dealt.hands[s])) for s in range(4)]
    rows.append(("retourné", hand_html([dealt.retourne])))
    caption = (
        "The worked example's deal: D (seat 3) deals, A (seat 0) is eldest. A holds a"
        " brelan carré with the retourné, B a brelan simple; C and D hold what the"
        " engine deals them next."
    )
    return "picture", _labelled(rows), caption


# -- Bourré -----------------------------------------------------------------------------

_BOURRE_HANDS = {
    1: "K♥ 4♥ 2♣ 3♦ 5♦",
    2: "A♥ 7♣ 8♣ 9♦ 2♦",
    3: "Q♣ J♣ 7♠ K♠ 6♦",
    0: "10♥ 3♣ 2♠ 8♦ 9♠",
}


def _bourre_deal() -> tuple[Any, Any, Any]:
    """Four seats, seat 0 deals and turns up 9♠; all stay in and stand pat."""
    state = bourre.new_game(bourre.Rules(deals=2))
    hands = {seat: cards(hand) for seat, hand in _BOURRE_HANDS.items()}
    state = state.apply(bourre.arrange_deck(state, hands, trump_card=cards("9♠")[0]))
    dealt = state
    for _ in range(4):
        state = state.apply(bourre.StayIn())
    for _ in range(4):
        state = state.apply(bourre.Exchange(()))
    return dealt, state, hands


def deal_bourre() -> Figure:
    dealt, _, _ = _bourre_deal()
    rows = [
        (f"seat {seat}", hand_html(dealt.hands[seat], marks={dealt.trump_card: "cr-up"}))
        for seat in (1, 2, 3, 0)
    ]
    caption = (
        f"A deal of Bourré for four: seat 0 deals, five cards each from eldest (seat 1);"
        f" the dealer's last card, {dealt.trump_card}, is dealt face up (outlined) and"
        f" makes {dealt.trump.symbol} trump for the deal (<code>state.trump</code>,"
        " B-2.2); it stays in the dealer's hand."
    )
    return "picture", _labelled(rows), caption


def trick_bourre() -> Figure:
    _, state, _ = _bourre_deal()
    leader = state.to_act
    plays = ("K♥", "A♥", "7♠", "10♥")
    options = []
    for card in plays:
        options.append({action.card for action in state.legal_actions()})
        state = state.apply(bourre.Play(cards(card)[0]))
    _check(options[1] == set(cards("A♥")), f"seat 2 must head with A♥, not {options[1]}")
    _check(options[2] == set(cards("7♠ K♠")), f"seat 3 must trump, not {options[2]}")
    (won,) = _events_named(state.events, "TrickWon")
    trick = won.cards
    winner_card = trick[(won.seat - leader) % 4]
    seats = [(leader + i) % 4 for i in range(4)]
    led = trick[0].suit
    drawn = "".join(
        f'<span class="cr-play">{card_svg(card, mark="cr-win" if card == winner_card else "")}'
        f'<span class="cr-who">seat {seat}</span></span>'
        for card, seat in zip(trick, seats, strict=True)
    )
    caption = (
        f"The first trick of that deal, in play order. Seat {leader} leads"
        f" {trick[0]}: {led.symbol} is the led suit. Seat 2 follows and heads it with"
        f" A♥ (B-5.2, B-5.5); seat 3, void in {led.symbol}, must trump (B-5.3) and plays"
        f" 7♠; seat 0 follows with 10♥. Trump is {state.trump.symbol}: the highest trump"
        f" wins (B-5.6), and the engine agrees: {html.escape(str(won))}."
    )
    return "picture", f'<div class="cr-trick">{drawn}</div>', caption


def settlement_bourre() -> Figure:
    _, state, _ = _bourre_deal()
    before = state
    while state.deal_number == 0:
        state = state.apply(state.legal_actions()[-1])
    events = _deal_events(state)
    tricks = [0, 0, 0, 0]
    for event in _events_named(events, "TrickWon"):
        tricks[event.seat] += 1
    won = _events_named(events, "PotWon")
    bourres = {e.seat: e for e in _events_named(events, "Bourre")}
    rows = []
    for seat in range(4):
        if won and seat in won[0].winners:
            outcome = f"takes the pot of {won[0].amount}"
        elif seat in bourres:
            outcome = "bourré: " + html.escape(str(bourres[seat]).split(" and ")[-1])
        else:
            outcome = "—"
        rows.append([f"seat {seat}", str(tricks[seat]), outcome])
    caption = (
        "The same deal played to its end (each seat plays its highest legal card): the"
        " tricks each seat took, from the <code>TrickWon</code> events, and the"
        f" settlement. The pot before settling held {before.pot} antes; the sole leader"
        " takes it (B-6.1), and a seat that stayed in and took no trick pays the same"
        " amount into the next deal's pot (B-6.2)."
    )
    return "table", table_html(["seat", "tricks", "settlement"], rows, numeric="1"), caption


FIGURES: dict[str, Callable[[], Figure]] = {
    "deck-modern": deck_modern,
    "deck-historic": deck_historic,
    "deck-bourre": deck_bourre,
    "ranking-modern": ranking_modern,
    "deal-modern": deal_modern,
    "double-retourne": double_retourne,
    "showdown-modern": showdown_modern,
    "ranking-historic": ranking_historic,
    "side-pots": side_pots,
    "hands-collective": hands_collective,
    "collective-point": collective_point,
    "hands-worked-example": hands_worked_example,
    "worked-example": worked_example,
    "deal-bourre": deal_bourre,
    "trick-bourre": trick_bourre,
    "settlement-bourre": settlement_bourre,
}
"""Every figure, by the name the ``engine-figure`` directive takes."""


def render(name: str) -> tuple[str, str]:
    """The HTML of figure ``name`` and its caption's plain text."""
    kind, body, caption = FIGURES[name]()
    markup = (
        f'<figure class="cr-figure cr-{kind}" id="figure-{name}">{body}'
        f"<figcaption>{caption}</figcaption></figure>"
    )
    return markup, caption


def setup(app: Any) -> dict[str, Any]:
    from docutils import nodes
    from sphinx.util import logging
    from sphinx.util.docutils import SphinxDirective

    logger = logging.getLogger(__name__)

    class EngineFigure(SphinxDirective):
        """``.. engine-figure:: NAME`` — a picture or table computed by the engine."""

        required_arguments = 1

        def run(self) -> list[nodes.Node]:
            name = self.arguments[0]
            if name not in FIGURES:
                logger.warning("engine-figure: no figure %r", name, location=self.get_location())
                return []
            try:
                markup, _ = render(name)
            except EngineMismatch as error:
                logger.warning(
                    "engine-figure %s: the engine disagrees: %s",
                    name,
                    error,
                    location=self.get_location(),
                )
                return []
            return [nodes.raw("", markup, format="html")]

    app.add_directive("engine-figure", EngineFigure)
    return {"version": "1.0", "parallel_read_safe": True, "parallel_write_safe": True}
