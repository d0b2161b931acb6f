"""The phrase-kind -> relation tables of the offline coder are data (phrase_relations.json)."""

from __future__ import annotations

import json

import pytest

from setdresser.blender_addon.core.errors import BadInput
from setdresser.blender_addon.core.offline.lexicon import load_lexicon
from setdresser.blender_addon.core.offline.phrase_relations import (
    PHRASE_RELATIONS_PATH, TABLES, load_phrase_relations, parse_phrase_relations)
from setdresser.blender_addon.core.offline.planner import plan
from setdresser.skill_library.registry import default_registry


def _shipped() -> dict:
    return json.loads(PHRASE_RELATIONS_PATH.read_text(encoding="utf-8"))


def test_every_relation_named_is_in_the_library_and_every_kind_is_one_the_lexicon_makes() -> None:
    registry = default_registry()
    kinds = {kind for kind, _ in load_lexicon().relation_phrases.values()}
    tables = load_phrase_relations()
    directions = {params["direction"] for kind, params in load_lexicon().relation_phrases.values() if kind == "compass"}
    for name in TABLES:
        for kind, relation in getattr(tables, name).items():
            assert relation in registry, (name, kind, relation)
            assert kind in (directions if name == "compass" else kinds), (name, kind)
    assert set(tables.compass) == {"north", "south", "east", "west"}


@pytest.mark.parametrize("prompt, relation", [
    ("a lamp in front of a sofa", "in_front_of"),
    ("a rug under a table", "under"),
    ("a chair to the left of a desk", "left_of"),
])
def test_the_coder_writes_the_relation_the_table_names(prompt: str, relation: str) -> None:
    assert relation in {r.relation for r in plan(prompt, complete=False).relations}


@pytest.mark.parametrize("change, where", [
    (lambda d: d.update(schema="other/1"), "phrase_relations.json"),
    (lambda d: d["simple"].update(under=3), "phrase_relations.json: simple"),
    (lambda d: d.pop("negated"), "phrase_relations.json: negated"),
    (lambda d: d.update(extra={}), "phrase_relations.json"),
])
def test_a_malformed_file_is_bad_input_naming_where(change, where: str) -> None:
    data = _shipped()
    change(data)
    with pytest.raises(BadInput) as err:
        parse_phrase_relations(data, "phrase_relations.json")
    assert err.value.where == where
