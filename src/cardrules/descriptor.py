"""What a game tells the rest of the library about itself, in one place.

Every game package has a ``descriptor.py`` whose ``DESCRIPTOR`` is a
:class:`Descriptor`: its id and title, the short names the command line accepts, the
rule ids it cites, its heuristic bot, its integer encoding, its determinization, what
a simulation counts, and what the adapters need to know of its deck. The core
(:mod:`cardrules.registry`, :func:`~cardrules.determinize`,
:func:`~cardrules.simulate`, :mod:`cardrules.encodings`, the adapters,
:mod:`cardrules.bots`, the command line, the transcripts) reaches a game only through
its descriptor, found by :func:`cardrules.registry.describe`.

A game from another package plugs in by naming its descriptor in the entry point group
``cardrules.games`` of its distribution (``pyproject.toml``)::

    [project.entry-points."cardrules.games"]
    my-game = "my_package.my_game.descriptor:DESCRIPTOR"

or by calling :func:`cardrules.registry.register_game` with it. Only ``game_id``,
``title`` and ``module`` are needed; every other part is optional, and the surfaces
that need a part the game lacks say so (no heuristic bot, no encoding, …).

>>> from cardrules.registry import describe
>>> describe("bourre").title, describe("bouillotte-modern").aliases
('Bourré', ('modern',))
"""

from __future__ import annotations

import importlib
from collections.abc import Callable, Mapping
from fractions import Fraction
from typing import TYPE_CHECKING, Any

import attrs

if TYPE_CHECKING:  # pragma: no cover - types only: these modules import games' code
    from cardrules.cards import Card
    from cardrules.encodings.base import Codec
    from cardrules.sampling import Determinization

__all__ = ["Descriptor", "Tally"]


@attrs.frozen(slots=True, kw_only=True)
class Tally:
    """What :func:`~cardrules.simulate` counts in a game, beside the deals.

    ``events`` names, per event class name, the frequency that counts the deals in
    which such an event happened (a deal counts once however many there were).
    ``dealt``, when given, is called at each deal's first shuffle with the state and
    the counts to add to (``counts["hands"]`` and one count per name of ``per_hand``:
    the hands dealt that made it); ``odds(rules)`` gives the exact chance of each of
    ``per_hand`` where it is known. ``words`` says what every frequency counts.
    """

    events: Mapping[str, str] = attrs.field(factory=dict)
    dealt: Callable[[Any, dict[str, int]], None] | None = attrs.field(default=None, eq=False)
    per_hand: tuple[str, ...] = ()
    odds: Callable[[Any], Mapping[str, Fraction]] = attrs.field(default=lambda rules: {}, eq=False)
    words: Mapping[str, str] = attrs.field(factory=dict)


@attrs.frozen(slots=True, kw_only=True)
class Descriptor:
    """One game, as the rest of the library sees it (see the module's text)."""

    game_id: str
    """The game's ``GAME_ID`` (records, the registry, the adapters' names)."""
    title: str
    """Its name for people: ``"Bouillotte (modern rules)"``."""
    module: str | Any
    """The import path of the game module (``Rules``, ``new_game``, ``parse_action``,
    ``ACTIONS``, ``State``, ``View``), or the module itself."""
    aliases: tuple[str, ...] = ()
    """Short names the command line, :func:`~cardrules.simulate` and
    :class:`~cardrules.bots.HeuristicBot` accept for it."""
    seats: tuple[int, int] = (2, 2)
    """The fewest and the most seats its ``Rules`` allow."""
    rule_prefixes: tuple[str, ...] = ("X-",)
    """The rule ids it obeys: ``("X-", "M-", "V-M.")`` (the shared rules and its own)."""
    rule_page: str | None = None
    """The rule reference page (``docs/rules/<page>``) of its own rule ids."""
    heuristic_bot: Callable[..., Any] | None = attrs.field(default=None, eq=False)
    """The class ``HeuristicBot(game_id, **tips)`` builds."""
    codec: Callable[[Any], Codec] | None = attrs.field(default=None, eq=False)
    """``codec(rules)``: its integer encoding (:mod:`cardrules.encodings`)."""
    determinization: Determinization | None = attrs.field(default=None, eq=False)
    """How :func:`~cardrules.determinize` proposes its hidden cards."""
    tally: Tally = attrs.field(factory=Tally, eq=False)
    """What a simulation counts."""
    deck: Callable[[Any], tuple[Card, ...]] | None = attrs.field(default=None, eq=False)
    """``deck(rules)``: the cards its chance nodes draw from, in canonical order."""
    cards_seen: Callable[[Any, Any], int | None] | None = attrs.field(default=None, eq=False)
    """``cards_seen(base, state)``: how many cards of the shuffle applied at the chance
    node ``base`` someone has seen in ``state`` (``None`` past that deal); the
    OpenSpiel adapter's card-by-card chance reads it."""
    untold_events: frozenset[str] = frozenset()
    """The names of its events a transcript leaves out, because the line of the action
    that caused them already says it (Bourré's ``Exchanged``: the exchange's line)."""

    def __attrs_post_init__(self) -> None:
        if not isinstance(self.game_id, str) or not self.game_id:
            raise TypeError(f"Descriptor.game_id must be a non-empty str, not {self.game_id!r}")
        if self.module == "" or self.module is None:
            raise TypeError(f"Descriptor.module must be an import path, not {self.module!r}")

    @property
    def game(self) -> Any:
        """The game module (imported on first use)."""
        if isinstance(self.module, str):
            return importlib.import_module(self.module)
        return self.module

    @property
    def openspiel_name(self) -> str:
        """Its name in OpenSpiel's registry: ``cardrules_`` and the id in snake case."""
        return "cardrules_" + self.game_id.replace("-", "_")
