"""The JSON Schema of the record format (``cardrules/record.schema.json``) matches
what :func:`cardrules.dumps` writes and :func:`cardrules.loads` reads: records of every
game and rule variant fit it, its rules and actions are exactly the games', and what
``loads`` refuses for its shape the schema refuses too (so servers in other languages
can validate records before they reach the engine)."""

from __future__ import annotations

import copy
import json
import random
from importlib import resources
from typing import Any

import attrs
import pytest

from cardrules import CHANCE, bourre, dumps, sample_chance
from cardrules.bouillotte import historic, modern

jsonschema = pytest.importorskip("jsonschema")

SCHEMA = json.loads(resources.files("cardrules").joinpath("record.schema.json").read_text())
VALIDATOR = jsonschema.Draft202012Validator(SCHEMA)
GAMES: dict[str, tuple[Any, list[Any]]] = {
    "bouillotte-modern": (
        modern,
        [
            modern.Rules(),
            modern.Rules(players=5, retournes=2, open_card=True, betting_rounds=3, deals=2),
            modern.Rules(announce_fee=None, target=150, favori="off", point_values="pip"),
        ],
    ),
    "bouillotte-historic": (historic, [historic.Rules(deals=2), historic.Rules(cave=20)]),
    "bourre": (
        bourre,
        [
            bourre.Rules(),
            bourre.Rules(players=7, hand_size=7, deals=2),
            bourre.Rules(exchange=False, pot_cap=8, rising_ante=True, ante_exemptions=True),
        ],
    ),
}


def _record(game: Any, rules: Any, seed: int, steps: int = 400) -> dict[str, Any]:
    rng = random.Random(seed)
    state = game.new_game(rules)
    for _ in range(steps):
        if state.is_terminal:
            break
        legal = state.legal_actions()
        state = state.apply(
            sample_chance(state, rng) if state.to_act is CHANCE else rng.choice(legal)
        )
    record: dict[str, Any] = json.loads(dumps(state))
    return record


def test_the_schema_is_a_valid_draft_2020_12_schema_shipped_in_the_package() -> None:
    jsonschema.Draft202012Validator.check_schema(SCHEMA)
    assert SCHEMA["$schema"] == "https://json-schema.org/draft/2020-12/schema"


@pytest.mark.parametrize("game_id", GAMES)
def test_records_of_every_game_and_variant_fit_the_schema(game_id: str) -> None:
    game, variants = GAMES[game_id]
    for index, rules in enumerate(variants):
        for seed in range(4):
            record = _record(game, rules, seed * 10 + index)
            errors = [error.message for error in VALIDATOR.iter_errors(record)]
            assert not errors, (game_id, rules, errors[:3])


@pytest.mark.parametrize("game_id", GAMES)
def test_the_schema_names_every_rules_field_and_action_of_the_game(game_id: str) -> None:
    game, _ = GAMES[game_id]
    branch = next(b for b in SCHEMA["oneOf"] if b["properties"]["game"]["const"] == game_id)
    rules = SCHEMA["$defs"][branch["properties"]["rules"]["$ref"].rsplit("/", 1)[1]]
    assert set(rules["properties"]) == {field.name for field in attrs.fields(game.Rules)}
    assert rules["required"] == list(rules["properties"])
    actions = branch["properties"]["actions"]["items"]["oneOf"]
    names = {item["properties"]["action"]["const"] for item in actions}
    assert names == {cls.__name__ for cls in game.ACTIONS} | {"Shuffle"}
    for item in actions:
        name = item["properties"]["action"]["const"]
        cls = next((c for c in game.ACTIONS if c.__name__ == name), None)
        if cls is not None:
            assert set(item["properties"]) - {"action"} == {f.name for f in attrs.fields(cls)}


def _broken(record: dict[str, Any], change: str) -> dict[str, Any]:
    broken = copy.deepcopy(record)
    if change == "missing field":
        del broken["final"]
    elif change == "unknown field":
        broken["comment"] = "x"
    elif change == "format":
        broken["format"] = "something-else"
    elif change == "version":
        broken["version"] = 2
    elif change == "foreign action":
        broken["actions"].append({"action": "Play", "card": "As"})
    elif change == "unknown rules field":
        broken["rules"]["speed"] = 3
    elif change == "card code":
        shuffle = next(action for action in broken["actions"] if action["action"] == "Shuffle")
        shuffle["order"][0] = "Xx"
    elif change == "chips beyond the bound":
        broken["stacks"][0] = 10**16
    elif change == "boolean as a number":
        broken["stacks"][0] = True
    return broken


CHANGES = [
    "missing field",
    "unknown field",
    "format",
    "version",
    "foreign action",
    "unknown rules field",
    "card code",
    "chips beyond the bound",
    "boolean as a number",
]


@pytest.mark.parametrize("change", CHANGES)
def test_what_loads_refuses_for_its_shape_the_schema_refuses(change: str) -> None:
    from cardrules import RecordError, loads

    record = _record(historic, historic.Rules(deals=1), 1, steps=10)
    assert VALIDATOR.is_valid(record)
    broken = _broken(record, change)
    assert not VALIDATOR.is_valid(broken), change
    with pytest.raises(RecordError):
        loads(json.dumps(broken))
