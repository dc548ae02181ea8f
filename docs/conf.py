"""Sphinx configuration for the cardrules documentation."""

from __future__ import annotations

import importlib.util
import sys
import warnings
from pathlib import Path

HERE = Path(__file__).parent
sys.path.insert(0, str(HERE / "_ext"))
sys.path.insert(0, str(HERE.parent / "src"))

import cardrules  # noqa: E402

# sphinx-autodoc-typehints 3.x calls an API that Sphinx deprecates, once per
# docstring: the warning is theirs, not the docs', and would bury the build's output.
warnings.filterwarnings("ignore", message=r".*_RstSnippetParser\.set_application")

project = "cardrules"
author = "The cardrules developers"
copyright = "2026, the cardrules developers"
release = cardrules.__version__
version = release

extensions = [
    "sphinx.ext.autodoc",
    "sphinx.ext.doctest",
    "sphinx.ext.intersphinx",
    "sphinx.ext.viewcode",
    "sphinx_autodoc_typehints",
    "myst_parser",
    "rulebook",
    "pictures",
    "reexports",
]

rulebook_tests = "../tests"
rulebook_require_tests = True

# Links into the Python and attrs documentation, from inventories kept in the repository
# (docs/_inventories/build.py writes them): the build never goes on line.
intersphinx_mapping = {
    "python": ("https://docs.python.org/3", str(HERE / "_inventories" / "python.inv")),
    "attrs": ("https://www.attrs.org/en/stable", str(HERE / "_inventories" / "attrs.inv")),
}
intersphinx_timeout = 1

# The adapters import their frameworks; with the `docs` extra alone (the README's docs
# command) those are not installed, so autodoc stands in for each one that is missing.
autodoc_mock_imports = [
    name
    for name in ("numpy", "gymnasium", "pettingzoo", "pyspiel", "open_spiel")
    if importlib.util.find_spec(name) is None
]

autodoc_member_order = "bysource"
autodoc_default_options = {"members": True, "show-inheritance": True}
autodoc_typehints = "description"
typehints_use_signature = False
typehints_use_signature_return = False
always_document_param_types = False
typehints_document_rtype = True
autoclass_content = "class"
nitpicky = False
nitpick_ignore = [  # type variables of generic classes: not objects a reader looks up
    *(
        (kind, name)
        for kind in ("py:class", "py:obj")
        for name in (
            "cardrules.game.T",
            "cardrules.log.T",
            "cardrules.caching.K",
            "cardrules.caching.V",
            "cardrules.shell.RecordT",
            "R",
        )
    ),
    # classes of the adapters' frameworks and of internals that have no page here
    *(
        ("py:class", name)
        for name in (
            "numpy.ndarray",
            "gymnasium.spaces.space.Space",
            "pettingzoo.utils.env.AECEnv",
            "attrs.Attribute",
            "Codec",
            "cardrules.adapters.openspiel.Observer",
        )
    ),
]


html_theme = "furo"
html_title = f"cardrules {release}"
html_static_path = ["_static"]
html_css_files = ["rulebook.css"]
exclude_patterns = ["_build"]
source_suffix = {".rst": "restructuredtext"}
myst_heading_anchors = 2
