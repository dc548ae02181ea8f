"""The rule book, the rule reference and the tests stay in step.

Every rule id of the rule book (:mod:`cardrules.rulebook`, in the package) has an entry
in the Sphinx rule reference and is cited by at least one test; the reference
documents no id the rule book lacks; the scan that lists the citing tests under each
rule reads names and docstrings correctly.
"""

from __future__ import annotations

import re
import sys
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT / "docs" / "_ext"))

from rulecites import cited_ids, scan_tests  # noqa: E402

SPECIFICATION = ROOT.parent / "shared" / "RULES.md"
"""The specification the rule book was written from, beside the repository when it is
there (the rule book itself is in the package)."""


def rule_book_ids() -> set[str]:
    from cardrules.rulebook import RULES

    return set(RULES)


def test_the_rule_book_has_every_rule_of_its_specification() -> None:
    """The package's rule book and the specification it was written from name the same
    rules (checked where the specification is at hand; the other tests read the
    package alone)."""
    if not SPECIFICATION.is_file():
        pytest.skip(f"the specification is not at {SPECIFICATION}")
    text = SPECIFICATION.read_text(encoding="utf-8")
    ids = set(re.findall(r"^\| *([XMHB]-[0-9.]+|V-[MB]\.[0-9]+) *\|", text, re.MULTILINE))
    assert ids == rule_book_ids()


def documented_ids() -> set[str]:
    found: set[str] = set()
    for page in (ROOT / "docs" / "rules").glob("*.rst"):
        found |= set(
            re.findall(r"^\.\. rule:: *(\S+)", page.read_text(encoding="utf-8"), re.MULTILINE)
        )
    return found


def test_every_rule_has_an_entry_in_the_rule_reference() -> None:
    ids = rule_book_ids()
    assert len(ids) >= 90
    missing = sorted(ids - documented_ids())
    assert not missing, f"rules without an entry in docs/rules/: {missing}"


def test_the_rule_reference_documents_only_rule_book_ids() -> None:
    extra = sorted(documented_ids() - rule_book_ids())
    assert not extra, f"docs/rules/ documents ids the rule book lacks: {extra}"


def test_every_rule_is_cited_by_a_test() -> None:
    cited = scan_tests(ROOT / "tests")
    missing = sorted(rule_book_ids() - set(cited))
    assert not missing, f"rules no test cites: {missing}"


def test_citations_are_read_from_names_and_docstrings() -> None:
    assert cited_ids("test_M_3_3_raise_limit", None) == {"M-3.3"}
    assert cited_ids("test_H_4_10_general_pass_after_carre", None) == {"H-4.10"}
    assert cited_ids("test_V_M_1_and_V_B_6", None) == {"V-M.1", "V-B.6"}
    assert cited_ids("test_X_4_side_pots_and_X_5", None) == {"X-4", "X-5"}
    assert cited_ids("test_deal", "B-5.4: must overtrump; see X-9 and V-M.2.") == {
        "B-5.4",
        "X-9",
        "V-M.2",
    }
    assert cited_ids("test_things", "M-3.30 and XM-1.1") == {"M-3.30"}
    assert cited_ids("test_B_6_10x", None) == {"B-6.10"}
    assert cited_ids("test_max_3_3", None) == set()
