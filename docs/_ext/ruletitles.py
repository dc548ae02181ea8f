"""The short title and the text of every rule, from the package's rule book
(:mod:`cardrules.rulebook`).

The ``rule`` directive shows the title beside the id and the text under it, the rule
index and the page of every id list the titles, and the search finds the rule by its
id or its title.
"""

from __future__ import annotations

from cardrules.rulebook import RULES, TITLES, title

__all__ = ["RULES", "TITLES", "title"]
