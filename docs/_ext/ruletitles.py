"""The short title of every rule, from the package's rule book (:mod:`cardrules.rulebook`).

The ``rule`` directive shows the title beside the id, the rule index and the page of
every id list it, and the search finds the rule by its id or its title.
"""

from __future__ import annotations

from cardrules.rulebook import TITLES, title

__all__ = ["TITLES", "title"]
