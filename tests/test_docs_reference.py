"""The rule reference as a reader uses it: every rule has a short title, a stable
address that :class:`~cardrules.IllegalActionError` can point to, an index entry that
the search finds by the rule's id, and a folded list of the tests that prove it, each
linked to its source.
"""

from __future__ import annotations

import io
import json
import re
import sys
from pathlib import Path

import pytest

from cardrules import IllegalActionError
from cardrules.errors import DOCS_URL, rule_url

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT / "docs" / "_ext"))

from cardrules.rulebook import RULES, TITLES  # noqa: E402


def documented() -> dict[str, str]:
    """Each rule id of the rule reference mapped to the page that documents it."""
    found = {}
    for page in (ROOT / "docs" / "rules").glob("*.rst"):
        for rule in re.findall(r"^\.\. rule:: *(\S+)", page.read_text("utf-8"), re.MULTILINE):
            found[rule] = page.stem
    return found


def test_every_rule_has_a_short_title() -> None:
    ids = set(documented()) | set(RULES)
    assert len(ids) >= 90
    assert sorted(ids - set(TITLES)) == []
    assert sorted(set(TITLES) - ids) == []
    assert all(0 < len(title) <= 40 for title in TITLES.values())


def test_the_stable_address_of_every_rule_is_its_entry() -> None:
    for rule, page in documented().items():
        anchor = "rule-" + rule.replace(".", "-")
        assert rule_url(rule) == f"{DOCS_URL}rules/{page}.html#{anchor}"


def test_an_illegal_action_links_to_its_rule() -> None:
    error = IllegalActionError("seat 2 cannot raise to 20: ...", rule="M-3.3", seat=2)
    assert error.url == "https://cardrules.readthedocs.io/en/latest/rules/modern.html#rule-M-3-3"
    assert rule_url("V-B.6", base="") == "rules/bourre.html#rule-V-B-6"
    for bad in ("", "M", "M-", "Q-1.1", "M-x.1", "X-9 "):
        with pytest.raises(ValueError, match="not a rule id"):
            rule_url(bad)


sphinx_application = pytest.importorskip("sphinx.application")


def test_the_search_finds_a_rule_by_its_id_and_tests_link_to_their_source(
    tmp_path: Path,
) -> None:
    """Issue 32: a rule's entry shows its title and its text from the package's rule
    book (cardrules.rulebook), above the page's explanation."""
    src = tmp_path / "src"
    (src / "tests").mkdir(parents=True)
    (src / "tests" / "test_fake.py").write_text(
        "import pytest\n\n\n@pytest.mark.slow\ndef test_M_3_3_raise_limit():\n    pass\n",
        encoding="utf-8",
    )
    (src / "conf.py").write_text(
        f"import sys\nsys.path.insert(0, {str(ROOT / 'docs' / '_ext')!r})\n"
        "extensions = ['rulebook']\nrulebook_tests = 'tests'\n",
        encoding="utf-8",
    )
    (src / "index.rst").write_text(
        "Rules\n=====\n\n.. rule:: M-3.3\n\n   Raises.\n\n.. rule-index::\n", encoding="utf-8"
    )
    warnings = io.StringIO()
    app = sphinx_application.Sphinx(
        str(src), str(src), str(tmp_path / "out"), str(tmp_path / "doctrees"), "html",
        status=None, warning=warnings, freshenv=True,
    )  # fmt: skip
    app.build()
    assert warnings.getvalue() == ""
    html = (tmp_path / "out" / "index.html").read_text(encoding="utf-8")
    assert 'id="rule-M-3-3"' in html
    assert "Raise limits" in html
    # the rule's text comes from the package's rule book, its code spans as literals
    words = RULES["M-3.3"].split("`")[0].strip()
    assert '<p class="rule-text"><em>The rule book: </em>' + words in html
    assert '<details class="rule-tests"><summary>Tested by 1 test</summary>' in html
    assert 'href="tests/test_fake.html#L-4"' in html
    page = (tmp_path / "out" / "tests" / "test_fake.html").read_text(encoding="utf-8")
    assert 'id="L-4"' in page and "test_M_3_3_raise_limit" in page
    script = (tmp_path / "out" / "searchindex.js").read_text(encoding="utf-8")
    index = json.loads(script[script.index("(") + 1 : script.rindex(")")])
    assert index["indexentries"]["m-3.3"][0][1:] == ["rule-M-3-3", True]
    assert "raise limits" in index["indexentries"]


def test_a_reexported_name_resolves_where_the_object_is_documented(tmp_path: Path) -> None:
    src = tmp_path / "src"
    src.mkdir()
    (src / "conf.py").write_text(
        f"import sys\nsys.path.insert(0, {str(ROOT / 'docs' / '_ext')!r})\n"
        "extensions = ['sphinx.ext.autodoc', 'reexports']\nnitpicky = True\n",
        encoding="utf-8",
    )
    (src / "index.rst").write_text(
        "Errors\n======\n\n.. autoclass:: cardrules.errors.IllegalActionError\n\n"
        "See :class:`cardrules.IllegalActionError` and :class:`cardrules.Nowhere`.\n",
        encoding="utf-8",
    )
    warnings = io.StringIO()
    app = sphinx_application.Sphinx(
        str(src), str(src), str(tmp_path / "out"), str(tmp_path / "doctrees"), "html",
        status=None, warning=warnings, freshenv=True,
    )  # fmt: skip
    app.build()
    assert "cardrules.IllegalActionError" not in warnings.getvalue()
    assert "cardrules.Nowhere" in warnings.getvalue()
    html = (tmp_path / "out" / "index.html").read_text(encoding="utf-8")
    assert 'href="#cardrules.errors.IllegalActionError"' in html


def test_the_pages_speak_to_a_reader_of_the_project() -> None:
    """The pages name the sources by their titles, not by the project's own file names or
    working words (the API and performance pages are checked where they are written)."""
    words = re.compile(r"RULES\.md|\b[Ss]eeds? ?0\d\d|\bseeds'|\bthe floor\b")
    pages = [
        page
        for page in (ROOT / "docs").rglob("*.rst")
        if page.parent.name != "api" and page.name not in ("performance.rst", "performance-log.rst")
    ]
    assert len(pages) >= 15
    found = {
        page.relative_to(ROOT).as_posix(): words.findall(page.read_text(encoding="utf-8"))
        for page in pages
    }
    assert {page: hits for page, hits in found.items() if hits} == {}


def test_python_and_attrs_references_resolve_offline_from_the_repository_s_inventories(
    tmp_path: Path,
) -> None:
    """The docs link to the Python and attrs documentation through inventories kept in
    ``docs/_inventories`` (the build never goes on line), and the API reference's
    commonest type hints resolve through them."""
    import importlib.util

    spec = importlib.util.spec_from_file_location("_docs_conf", ROOT / "docs" / "conf.py")
    assert spec is not None and spec.loader is not None
    conf = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(conf)
    mapping = conf.intersphinx_mapping
    assert {name: Path(inventory).is_file() for name, (_, inventory) in mapping.items()} == {
        "python": True,
        "attrs": True,
    }
    src = tmp_path / "src"
    src.mkdir()
    (src / "conf.py").write_text(
        "extensions = ['sphinx.ext.intersphinx']\nnitpicky = True\n"
        f"intersphinx_mapping = {mapping!r}\n",
        encoding="utf-8",
    )
    (src / "index.rst").write_text(
        "Links\n=====\n\n:class:`fractions.Fraction`, :class:`random.Random`, "
        ":class:`collections.abc.Sequence`, :data:`typing.Any`, :data:`Ellipsis`, "
        ":exc:`ValueError`, :func:`json.dumps`, :func:`attrs.evolve`, :func:`attrs.frozen`.\n",
        encoding="utf-8",
    )
    warnings = io.StringIO()
    app = sphinx_application.Sphinx(
        str(src), str(src), str(tmp_path / "out"), str(tmp_path / "doctrees"), "html",
        status=None, warning=warnings, freshenv=True,
    )  # fmt: skip
    app.build()
    assert "reference target not found" not in warnings.getvalue(), warnings.getvalue()
    html = (tmp_path / "out" / "index.html").read_text(encoding="utf-8")
    assert "https://docs.python.org/3/library/fractions.html#fractions.Fraction" in html
    assert "https://www.attrs.org/en/stable/api.html#attrs.evolve" in html
