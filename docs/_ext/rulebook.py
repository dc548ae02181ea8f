"""Sphinx extension for the rule reference: rules, links to rules, and their tests.

* ``.. rule:: M-3.3`` (option ``:option:``) renders one rule of the rule book with
  an anchor (``#rule-M-3-3``), its short title and its rule-book text (both from
  :mod:`cardrules.rulebook`, the package's one rule book: a rule missing there is a
  warning), the page's explanation (the directive's content), the ``Rules`` option
  that switches it, and the list of tests that cite it, folded. The list is computed
  at build time from ``tests/``: a test cites a rule when the id appears in its name
  (``test_M_3_3_…``) or its docstring (``M-3.3``). A rule that no test cites is shown
  in red and logged as a warning, so ``sphinx-build -W`` fails on it. Each rule is
  also an index entry, so the search finds it first by its id.
* ``:rule:`M-3.3``` links to that rule wherever it is documented.
* ``.. rule-index::`` renders a table of every rule with its title, page and test count.
* The HTML builder writes each test file as a page (``tests/test_….html``) with an
  anchor per line (``#L-42``), and every listed test links to its source there.
"""

from __future__ import annotations

import html
from collections.abc import Iterator
from pathlib import Path
from typing import Any, ClassVar

from docutils import nodes
from docutils.parsers.rst import directives
from rulecites import RULE_ID, locate_tests, scan_tests
from ruletitles import RULES
from ruletitles import title as rule_title
from sphinx import addnodes
from sphinx.application import Sphinx
from sphinx.util import logging
from sphinx.util.docutils import SphinxDirective, SphinxRole

logger = logging.getLogger(__name__)


class rule_tests(nodes.General, nodes.Element):
    """Placeholder for the list of tests citing a rule, filled when the doc is resolved."""


class rule_ref(nodes.Inline, nodes.TextElement):
    """Placeholder for a link to a rule, resolved when the doc is resolved."""


def _anchor(rule: str) -> str:
    return "rule-" + rule.replace(".", "-")


class RuleDirective(SphinxDirective):
    """``.. rule:: ID`` — one rule of the rule book."""

    required_arguments = 1
    has_content = True
    option_spec: ClassVar[dict[str, Any]] = {"option": directives.unchanged}

    def run(self) -> list[nodes.Node]:
        rule = self.arguments[0].strip()
        if not RULE_ID.match(rule):
            logger.warning("rule: %r is not a rule id", rule, location=self.get_location())
        rules = _rules(self.env)
        if rule in rules and rules[rule][0] != self.env.docname:
            logger.warning("rule %s is documented twice", rule, location=self.get_location())
        rules[rule] = (self.env.docname, _anchor(rule))
        box = nodes.container(classes=["rule"])
        box["ids"].append(_anchor(rule))
        name = rule_title(rule)
        if not name:
            logger.warning(
                "rule %s has no title in cardrules.rulebook.TITLES",
                rule,
                location=self.get_location(),
            )
        entry = f"{rule}; {name}" if name else rule
        index = addnodes.index(entries=[("single", entry, _anchor(rule), "main", None)])
        title = nodes.paragraph(classes=["rule-title"])
        title += nodes.strong(text=rule, classes=["rule-id"])
        if name:
            title += nodes.Text(" ")
            title += nodes.inline(text=name, classes=["rule-name"])
        box += title
        text = RULES.get(rule)
        if text is None:
            logger.warning(
                "rule %s is not in cardrules.rulebook.RULES", rule, location=self.get_location()
            )
        else:
            box += _rule_text(text)
        body = nodes.container(classes=["rule-body"])
        self.state.nested_parse(self.content, self.content_offset, body)
        box += body
        if "option" in self.options:
            option = nodes.paragraph(classes=["rule-option"])
            option += nodes.emphasis(text="Option: ")
            parsed, _ = self.state.inline_text(self.options["option"], self.lineno)
            option += parsed
            box += option
        placeholder = rule_tests(rule=rule)
        box += placeholder
        return [index, box]


def _rule_text(text: str) -> nodes.paragraph:
    """The rule book's text of a rule as a paragraph: its Markdown code spans
    (```Raise(to=…)```) as literals."""
    paragraph = nodes.paragraph(classes=["rule-text"])
    paragraph += nodes.emphasis(text="The rule book: ")
    for number, part in enumerate(text.split("`")):
        if number % 2:
            paragraph += nodes.literal(text=part)
        elif part:
            paragraph += nodes.Text(part)
    return paragraph


class RuleRole(SphinxRole):
    """``:rule:`ID``` — a link to the rule's entry."""

    def run(self) -> tuple[list[nodes.Node], list[nodes.system_message]]:
        rule = self.text.strip()
        node = rule_ref(rule, rule, rule=rule)
        node.source, node.line = self.get_source_info()
        return [node], []


class RuleIndexDirective(SphinxDirective):
    """``.. rule-index::`` — every documented rule with its page and number of tests."""

    def run(self) -> list[nodes.Node]:
        return [rule_index()]


class rule_index(nodes.General, nodes.Element):
    """Placeholder for the table of every rule."""


def _rules(env: Any) -> dict[str, tuple[str, str]]:
    if not hasattr(env, "rulebook_rules"):
        env.rulebook_rules = {}
    return env.rulebook_rules  # type: ignore[no-any-return]


def _purge(app: Sphinx, env: Any, docname: str) -> None:
    rules = _rules(env)
    for rule in [r for r, (doc, _) in rules.items() if doc == docname]:
        del rules[rule]


def _merge(app: Sphinx, env: Any, docnames: Any, other: Any) -> None:
    _rules(env).update(_rules(other))


def _init(app: Sphinx) -> None:
    folder = Path(app.confdir, app.config.rulebook_tests).resolve()
    app.rulebook_folder = folder  # type: ignore[attr-defined]
    app.rulebook_index = scan_tests(folder)  # type: ignore[attr-defined]
    app.rulebook_lines = locate_tests(folder)  # type: ignore[attr-defined]


def _test_page(filename: str) -> str:
    return "tests/" + filename.removesuffix(".py")


def _test_pages(app: Sphinx) -> Iterator[tuple[str, dict[str, Any], str]]:
    """The test files as highlighted pages with a line anchor per line (HTML only)."""
    if app.builder.format != "html" or not app.config.rulebook_test_pages:
        return
    from pygments import highlight
    from pygments.formatters import HtmlFormatter
    from pygments.lexers import PythonLexer

    formatter = HtmlFormatter(linenos="inline", lineanchors="L", anchorlinenos=True)
    folder: Path = app.rulebook_folder  # type: ignore[attr-defined]
    for path in sorted(folder.glob("test_*.py")):
        code = highlight(path.read_text(encoding="utf-8"), PythonLexer(), formatter)
        body = (
            f"<h1>tests/{html.escape(path.name)}</h1>\n"
            "<p>The source of a test file of the suite, as it was when these pages were"
            " built. The rule reference links each test here.</p>\n"
            f'<div class="highlight-python notranslate test-source">{code}</div>'
        )
        context = {"title": f"tests/{path.name}", "body": body, "parents": []}
        yield _test_page(path.name), context, "page.html"


def _link(app: Sphinx, fromdoc: str, rule: str) -> nodes.Node:
    target = _rules(app.env).get(rule)
    if target is None:
        return nodes.literal(text=rule)
    doc, anchor = target
    uri = app.builder.get_relative_uri(fromdoc, doc) + "#" + anchor
    ref = nodes.reference("", "", internal=True, refuri=uri, classes=["rule-link"])
    ref += nodes.literal(text=rule)
    return ref


def _tests_html(app: Sphinx, fromdoc: str, tests: list[str]) -> str:
    """The folded list of tests, each linked to its line in the test file's page."""
    lines: dict[str, tuple[str, int]] = app.rulebook_lines  # type: ignore[attr-defined]
    items = []
    for test in tests:
        text = html.escape(test)
        where = lines.get(test)
        if where is None or not app.config.rulebook_test_pages:
            items.append(f"<li><code>{text}</code></li>")
            continue
        filename, line = where
        uri = app.builder.get_relative_uri(fromdoc, _test_page(filename)) + f"#L-{line}"
        items.append(f'<li><a href="{html.escape(uri)}"><code>{text}</code></a></li>')
    return (
        '<details class="rule-tests">'
        f"<summary>Tested by {len(tests)} test{'s' if len(tests) != 1 else ''}</summary>"
        f'<ul class="rule-tests-list">{"".join(items)}</ul></details>'
    )


def _resolve(app: Sphinx, doctree: nodes.document, fromdoc: str) -> None:
    index: dict[str, list[str]] = app.rulebook_index  # type: ignore[attr-defined]
    for node in list(doctree.findall(rule_tests)):
        rule = node["rule"]
        tests = index.get(rule, [])
        para = nodes.paragraph(classes=["rule-tests"])
        if tests and app.builder.format == "html":
            node.replace_self(nodes.raw("", _tests_html(app, fromdoc, tests), format="html"))
        elif tests:
            para += nodes.emphasis(text=f"Tested by ({len(tests)}): ")
            for i, test in enumerate(tests):
                if i:
                    para += nodes.Text(", ")
                para += nodes.literal(text=test)
            node.replace_self(para)
        else:
            para["classes"].append("rule-untested")
            para += nodes.strong(text="No test cites this rule yet.")
            node.replace_self(para)
            if app.config.rulebook_require_tests:
                logger.warning("rule %s: no test cites it", rule, location=(fromdoc, None))
    for node in list(doctree.findall(rule_ref)):
        rule = node["rule"]
        if rule not in _rules(app.env):
            logger.warning("rule %s is not documented in the rule reference", rule, location=node)
        node.replace_self(_link(app, fromdoc, rule))
    for node in list(doctree.findall(rule_index)):
        node.replace_self(_index_table(app, fromdoc, index))


def _index_table(app: Sphinx, fromdoc: str, index: dict[str, list[str]]) -> nodes.Node:
    table = nodes.table(classes=["rule-index"])
    group = nodes.tgroup(cols=4)
    table += group
    for width in (10, 30, 24, 8):
        group += nodes.colspec(colwidth=width)
    head = nodes.thead()
    group += head
    row = nodes.row()
    for text in ("rule", "title", "page", "tests"):
        row += nodes.entry("", nodes.paragraph(text=text))
    head += row
    body = nodes.tbody()
    group += body
    rules = _rules(app.env)
    for rule in sorted(rules, key=_sort_key):
        doc, _ = rules[rule]
        row = nodes.row()
        cell = nodes.entry()
        para = nodes.paragraph()
        para += _link(app, fromdoc, rule)
        cell += para
        row += cell
        row += nodes.entry("", nodes.paragraph(text=rule_title(rule)))
        title = app.env.titles.get(doc)
        page = title.astext().split(" — ")[0] if title else doc
        row += nodes.entry("", nodes.paragraph(text=page))
        count = len(index.get(rule, []))
        classes = [] if count else ["rule-untested"]
        row += nodes.entry("", nodes.paragraph(text=str(count), classes=classes))
        body += row
    return table


def _sort_key(rule: str) -> tuple[int, list[int]]:
    order = ["X", "M", "V-M", "H", "B", "V-B"]
    prefix, number = (rule[:3], rule[4:]) if rule.startswith("V-") else rule.split("-", 1)
    return order.index(prefix) if prefix in order else 99, [int(n) for n in number.split(".")]


def setup(app: Sphinx) -> dict[str, Any]:
    app.add_config_value("rulebook_tests", "../tests", "env")
    app.add_config_value("rulebook_require_tests", True, "env")
    app.add_config_value("rulebook_test_pages", True, "html")
    app.add_node(rule_tests)
    app.add_node(rule_ref)
    app.add_node(rule_index)
    app.add_directive("rule", RuleDirective)
    app.add_directive("rule-index", RuleIndexDirective)
    app.add_role("rule", RuleRole())
    app.connect("builder-inited", _init)
    app.connect("env-purge-doc", _purge)
    app.connect("env-merge-info", _merge)
    app.connect("doctree-resolved", _resolve)
    app.connect("html-collect-pages", _test_pages)
    return {"version": "1.0", "parallel_read_safe": True, "parallel_write_safe": True}
