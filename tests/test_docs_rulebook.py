"""The Sphinx rule-reference extension: each rule lists the tests that cite it, and a
rule no test cites shows in red and fails a ``-W`` build.

Needs Sphinx (the ``docs`` extra); skipped where it is not installed.
"""

from __future__ import annotations

import io
from pathlib import Path

import pytest

sphinx_application = pytest.importorskip("sphinx.application")

EXT = Path(__file__).resolve().parent.parent / "docs" / "_ext"


def build(tmp_path: Path, rules: str, tests: str) -> tuple[str, str]:
    """Build a one-page project; return (html, warnings)."""
    src = tmp_path / "src"
    (src / "tests").mkdir(parents=True)
    (src / "tests" / "test_fake.py").write_text(tests, encoding="utf-8")
    (src / "conf.py").write_text(
        f"import sys\nsys.path.insert(0, {str(EXT)!r})\n"
        "extensions = ['rulebook']\nrulebook_tests = 'tests'\n",
        encoding="utf-8",
    )
    (src / "index.rst").write_text("Rules\n=====\n\n" + rules, encoding="utf-8")
    warnings = io.StringIO()
    app = sphinx_application.Sphinx(
        str(src),
        str(src),
        str(tmp_path / "out"),
        str(tmp_path / "doctrees"),
        "html",
        status=None,
        warning=warnings,
        freshenv=True,
    )
    app.build()
    return (tmp_path / "out" / "index.html").read_text(encoding="utf-8"), warnings.getvalue()


RULES = """
.. rule:: M-1.1
   :option: ``players``

   Three to five players; see :rule:`M-1.2`.

.. rule:: M-1.2

   The deck.
"""


def test_rules_list_the_tests_that_cite_them(tmp_path: Path) -> None:
    tests = "def test_M_1_1_players():\n    pass\n\ndef test_deck():\n    '''M-1.2: the deck.'''\n"
    html, warnings = build(tmp_path, RULES, tests)
    assert "test_fake.py::test_M_1_1_players" in html
    assert "test_fake.py::test_deck" in html
    assert 'id="rule-M-1-2"' in html and 'href="#rule-M-1-2"' in html
    assert "rule-untested" not in html
    assert "no test cites" not in warnings


def test_an_uncited_rule_is_red_and_warns(tmp_path: Path) -> None:
    html, warnings = build(tmp_path, RULES, "def test_M_1_1_players():\n    pass\n")
    assert "rule-untested" in html
    assert "No test cites this rule yet." in html
    assert "rule M-1.2: no test cites it" in warnings


def test_a_link_to_an_undocumented_rule_warns(tmp_path: Path) -> None:
    _, warnings = build(tmp_path, RULES + "\nSee :rule:`H-9.9`.\n", "")
    assert "rule H-9.9 is not documented" in warnings
