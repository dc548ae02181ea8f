"""The pictures and tables of the rule reference are drawn from the engine when the
documentation is built; each figure checks the engine against what its page states, and
the rule pages hold at least eight pictures and six tables."""

from __future__ import annotations

import re
import sys
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT / "docs" / "_ext"))

import pictures  # noqa: E402


@pytest.mark.parametrize("name", sorted(pictures.FIGURES))
def test_every_figure_renders_from_the_engine(name: str) -> None:
    markup, caption = pictures.render(name)
    assert markup.startswith('<figure class="cr-figure cr-') and caption
    assert "<svg" in markup or "<table" in markup


def test_the_rule_pages_place_eight_pictures_and_six_tables() -> None:
    placed = []
    for page in (ROOT / "docs" / "rules").glob("*.rst"):
        placed += re.findall(r"^\.\. engine-figure:: *(\S+)", page.read_text("utf-8"), re.M)
    assert sorted(placed) == sorted(set(placed)) == sorted(pictures.FIGURES)
    kinds = [pictures.FIGURES[name]()[0] for name in placed]
    assert kinds.count("picture") >= 8
    assert kinds.count("table") >= 6


def test_a_card_is_drawn_with_its_rank_and_suit() -> None:
    from cardrules import Card

    svg = pictures.card_svg(Card.parse("Th"))
    assert 'aria-label="T♥"' in svg and ">10<" in svg and "cr-red" in svg


def test_the_figures_show_the_engines_numbers() -> None:
    assert "((20, (0, 1, 2, 3)), (21, (0, 2, 3)))" in pictures.render("side-pots")[0]
    worked = pictures.render("worked-example")[0]
    assert "brelan carré of 9s" in worked and "+5" in worked and ">12<" in worked
    assert "<strong>40</strong>" in pictures.render("collective-point")[0]
    assert "seat 3 wins the trick" in pictures.render("trick-bourre")[1]


def test_a_disagreeing_engine_fails_the_figure(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(pictures, "_MODERN_EXAMPLES", tuple(reversed(pictures._MODERN_EXAMPLES)))
    with pytest.raises(pictures.EngineMismatch, match="should beat"):
        pictures.render("ranking-modern")
