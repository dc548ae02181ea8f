"""A position as a person at the table would read it: the ``str``, ``repr`` and
notebook picture of every game's ``State`` and ``View``.

Everything here reads the public members of API.md §4 and §5 only (``dealer``,
``to_act``, ``stacks``, ``pot``, the hands, the cards on the table, ``legal()``), so
the same code prints every game: a state shows every hand (it is the whole truth), a
view only its seat's, the others' as face-down cards.

>>> from cardrules.bouillotte import modern
>>> from cardrules import Shuffle
>>> state = modern.new_game()
>>> state = state.apply(Shuffle(state.chance_cards))
>>> print(state)  # doctest: +NORMALIZE_WHITESPACE
modern Bouillotte · deal 1 of 1 · dealer seat 0 · seat 1 to act
retournes: K♣
seat 0  dealer  stack 99  in 1  8♠ 9♠ Q♠
seat 1  to act  stack 99  in 1  8♣ 9♣ Q♣
seat 2          stack 99  in 1  8♦ 9♦ Q♦
seat 3          stack 99  in 1  8♥ 9♥ Q♥
pot 4
legal: check, raise to 2…6
>>> state
State(game='bouillotte-modern', deal_number=0, to_act=1, is_terminal=False)
"""

from __future__ import annotations

import html
from collections.abc import Sequence
from typing import Any

from cardrules.cards import Card, Suit
from cardrules.chance import CHANCE
from cardrules.pictures import back_svg, hand_html, styled

__all__ = ["position_html", "position_repr", "position_text"]

_TABLE = ("retournes", "dead_retournes", "retourne", "trump_card", "trump", "trick")
"""The public fields of the table (API.md §5) that a position shows, when the game has
them: the retournés, the trump and the trick in play."""
_MOST_LEGAL = 60
"""The longest line of legal actions printed in full."""


def _cards(cards: Sequence[Card]) -> str:
    return " ".join(map(str, cards)) if cards else "–"


def _value(value: object) -> str:
    if isinstance(value, Card | Suit):
        return str(value)
    if isinstance(value, tuple) and all(isinstance(item, Card) for item in value):
        return _cards(value)
    return str(value)


def _header(position: Any, name: str) -> str:
    deals = getattr(position.rules, "deals", None)
    deal = f"deal {position.deal_number + 1}" + (f" of {deals}" if deals else "")
    to_act = position.to_act
    if to_act is None:
        turn = "the session is over"
    elif to_act is CHANCE:
        turn = "the deck is shuffled next"
    else:
        turn = f"seat {to_act} to act"
    seat = f" · seen by seat {position.seat}" if _is_view(position) else ""
    return f"{name} · {deal} · dealer seat {position.dealer} · {turn}{seat}"


def _is_view(position: Any) -> bool:
    return hasattr(position, "seat") and hasattr(position, "hand")


def _hand(position: Any, seat: int) -> tuple[Card, ...] | None:
    """The cards of ``seat`` that the position may show (``None``: hidden)."""
    if _is_view(position):
        return tuple(position.hand) if seat == position.seat else None
    return tuple(position.hands[seat])


def _marks(position: Any, seat: int) -> str:
    marks: list[str] = []
    if seat == position.dealer:
        marks.append("dealer")
    if seat == position.to_act:
        marks.append("to act")
    folded = getattr(position, "folded", None)
    if folded is not None and folded[seat]:
        marks.append("folded")
    return ", ".join(marks)


def _tricks(position: Any, seat: int) -> str:
    tricks = getattr(position, "tricks_won", None)
    return f"  tricks {tricks[seat]}" if tricks is not None else ""


def _table(position: Any) -> list[tuple[str, str]]:
    found: list[tuple[str, str]] = []
    for field in _TABLE:
        value = getattr(position, field, None)
        if value is not None and value != () and not (field == "trump" and found[-1:]):
            found.append((field.replace("_", " "), _value(value)))
    return found


def _legal(position: Any) -> str:
    legal = getattr(position, "legal", None)
    if legal is None or position.to_act is None or position.to_act is CHANCE:
        return ""
    text: str = legal().describe()
    return text if len(text) <= _MOST_LEGAL else text[: _MOST_LEGAL - 1] + "…"


def position_text(position: Any, name: str) -> str:
    """``position`` (a state or a view of the game called ``name``) in a dozen lines or
    fewer: who deals and who acts, the cards on the table, each seat's stack,
    contribution and cards (a view shows only its own), the pot and the legal actions.

    >>> from cardrules.bouillotte import historic
    >>> print(position_text(historic.new_game(), "historic Bouillotte").splitlines()[0])
    historic Bouillotte · deal 1 of 12 · dealer seat 0 · seat 1 to act
    """
    marks = [_marks(position, seat) for seat in range(len(position.stacks))]
    width = max(map(len, marks))
    lines = [_header(position, name)]
    lines.extend(f"{label}: {value}" for label, value in _table(position))
    for seat, stack in enumerate(position.stacks):
        hand = _hand(position, seat)
        cards = "(hidden)" if hand is None else _cards(hand)
        put = position.contributions[seat]
        money = f"stack {stack}  in {put}{_tricks(position, seat)}"
        lines.append(f"seat {seat}  {marks[seat]:<{width}}  {money}  {cards}")
    lines.append(f"pot {position.pot}")
    legal = _legal(position)
    if legal:
        lines.append(f"legal: {legal}")
    return "\n".join(lines)


def position_repr(position: Any, kind: str, game: str) -> str:
    """The short ``repr`` of a state or a view: its kind, game, deal and turn.

    >>> from cardrules import bourre
    >>> bourre.new_game()
    State(game='bourre', deal_number=0, to_act=CHANCE, is_terminal=False)
    """
    seat = f", seat={position.seat}" if _is_view(position) else ""
    return (
        f"{kind}(game={game!r}{seat}, deal_number={position.deal_number}, "
        f"to_act={position.to_act!r}, is_terminal={position.is_terminal})"
    )


def position_html(position: Any, name: str) -> str:
    """``position`` drawn for a notebook: the same content as :func:`position_text`,
    with the cards as pictures (:mod:`cardrules.pictures`).

    >>> from cardrules import bourre
    >>> page = position_html(bourre.new_game(), "Bourré")
    >>> page.startswith("<style>"), "Bourré · deal 1 of 1" in page
    (True, True)
    """
    rows = []
    for label, value in _table(position):
        table_value = getattr(position, label.replace(" ", "_"), None)
        if isinstance(table_value, Card):
            body = hand_html([table_value])
        elif isinstance(table_value, tuple) and all(isinstance(c, Card) for c in table_value):
            body = hand_html(table_value)
        else:
            body = html.escape(value)
        rows.append((html.escape(label), body))
    for seat, stack in enumerate(position.stacks):
        hand = _hand(position, seat)
        marks = _marks(position, seat)
        label = f"seat {seat}" + (f" ({marks})" if marks else "")
        money = f"stack {stack}, in {position.contributions[seat]}{_tricks(position, seat)}"
        cards = f'<span class="cr-hand">{back_svg()}</span>' if hand is None else hand_html(hand)
        rows.append((html.escape(label), f"{cards} <span>{html.escape(money)}</span>"))
    body = "".join(
        f'<div class="cr-row"><div class="cr-label">{label}</div>{cell}</div>'
        for label, cell in rows
    )
    foot = f"pot {position.pot}"
    legal = _legal(position)
    if legal:
        foot += f" · legal: {legal}"
    return styled(
        '<div class="cr-position">'
        f'<div class="cr-head">{html.escape(_header(position, name))}</div>{body}'
        f"<div>{html.escape(foot)}</div></div>"
    )
