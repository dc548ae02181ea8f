"""Bouillotte, the French brelan game, in two rule sets.

* :mod:`cardrules.bouillotte.modern` — the single-round rules of the common rule
  summaries (3 to 5 players, one retourné, announcements, four variants);
* :mod:`cardrules.bouillotte.historic` — the historic four-player system.

Import the one you need; this package imports neither.
"""
