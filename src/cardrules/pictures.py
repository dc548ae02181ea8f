"""Cards drawn as inline SVG: the pictures of the docs' rule pages and of a position
in a notebook (``State._repr_html_``, ``View._repr_html_``), drawn by the same code.

Each picture is a string of HTML with CSS classes (``cr-card``, ``cr-hand``, …); the
docs style them with their stylesheet, a notebook with :data:`STYLE`, which
:func:`styled` puts in front of a fragment.

>>> from cardrules import Card
>>> svg = card_svg(Card.parse("Th"))
>>> svg.startswith('<svg class="cr-card cr-red"'), ">10<" in svg
(True, True)
>>> hand_html([]) == '<span class="cr-hand"></span>'
True
"""

from __future__ import annotations

import html
from collections.abc import Iterable, Mapping

from cardrules.cards import Card, Suit

__all__ = ["STYLE", "back_svg", "card_svg", "hand_html", "styled"]

_RED = frozenset({Suit.HEARTS, Suit.DIAMONDS})

STYLE = """<style>
.cr-position { font-family: system-ui, sans-serif; font-size: 0.95em; line-height: 1.4; }
.cr-position .cr-head { font-weight: bold; margin-bottom: 0.3em; }
.cr-hand { display: inline-flex; flex-wrap: wrap; gap: 3px; vertical-align: middle; }
svg.cr-card { width: 34px; height: 48px; flex: none; }
svg.cr-card .cr-face { fill: #fff; stroke: #9aa0a6; stroke-width: 1.2; }
svg.cr-card.cr-back .cr-face { fill: #5c6bc0; }
svg.cr-card text { font-family: Georgia, "DejaVu Serif", serif; }
svg.cr-card .cr-rank { font-size: 14px; font-weight: bold; }
svg.cr-card .cr-pip { font-size: 12px; }
svg.cr-card .cr-big { font-size: 26px; }
svg.cr-card.cr-red text { fill: #c62828; }
svg.cr-card.cr-black text { fill: #202124; }
.cr-row { display: flex; align-items: center; gap: 0.6em; margin: 0.25em 0; flex-wrap: wrap; }
.cr-label { min-width: 7.5em; font-size: 0.9em; color: #555; }
</style>"""
"""The stylesheet of the pictures, for a page that lacks the docs' (a notebook)."""


def card_svg(card: Card, *, mark: str = "") -> str:
    """One card as an inline SVG picture (``mark``: an extra CSS class, such as
    ``"cr-up"`` or ``"cr-win"``).

    >>> from cardrules import Card
    >>> 'aria-label="A♠"' in card_svg(Card.parse("As"))
    True
    """
    rank = "10" if card.rank.letter == "T" else card.rank.letter
    colour = "cr-red" if card.suit in _RED else "cr-black"
    label = html.escape(str(card))
    classes = " ".join(c for c in ("cr-card", colour, mark) if c)
    return (
        f'<svg class="{classes}" viewBox="0 0 50 70" role="img" aria-label="{label}">'
        f"<title>{label}</title>"
        '<rect x="1" y="1" width="48" height="68" rx="5" class="cr-face"/>'
        f'<text x="5" y="16" class="cr-rank">{rank}</text>'
        f'<text x="5" y="29" class="cr-pip">{card.suit.symbol}</text>'
        f'<text x="25" y="54" text-anchor="middle" class="cr-big">{card.suit.symbol}</text>'
        "</svg>"
    )


def back_svg() -> str:
    """The back of a card: one that a seat may not see.

    >>> 'aria-label="a face-down card"' in back_svg()
    True
    """
    return (
        '<svg class="cr-card cr-back" viewBox="0 0 50 70" role="img"'
        ' aria-label="a face-down card"><title>a face-down card</title>'
        '<rect x="1" y="1" width="48" height="68" rx="5" class="cr-face"/></svg>'
    )


def hand_html(hand: Iterable[Card], *, marks: Mapping[Card, str] | None = None) -> str:
    """Cards side by side, wrapping on a narrow screen (``marks``: a CSS class per card).

    >>> from cardrules import cards
    >>> hand_html(cards("As Kd")).count("<svg")
    2
    """
    marks = marks or {}
    drawn = "".join(card_svg(card, mark=marks.get(card, "")) for card in hand)
    return f'<span class="cr-hand">{drawn}</span>'


def styled(fragment: str) -> str:
    """``fragment`` with :data:`STYLE` in front, for a page without the docs' stylesheet.

    >>> styled("<p>x</p>").endswith("</style><p>x</p>")
    True
    """
    return STYLE + fragment
