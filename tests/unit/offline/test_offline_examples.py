"""The offline planner on its example prompts (examples.json, heldout.json): every example
yields exactly the expected objects and relation triples, and a program that parses, uses
only the CONTRACTS vocabulary and binds through the skill-library registry."""

from __future__ import annotations

import json
from collections import Counter

import pytest

from setdresser.blender_addon.core.model import program_from_dict
from setdresser.blender_addon.core.offline import code, plan
from setdresser.blender_addon.core.offline.referents.world import INFERRED
from setdresser.blender_addon.core.scene_graph import SceneGraph
from setdresser.skill_library.registry import default_registry

from example_sets import load_examples
from offline_contracts import CONTRACT_RELATIONS, CORNERS, WALLS

EXAMPLES = load_examples()


def _key(graph: SceneGraph, index: int) -> str:
    rel = graph.relations[index]
    args = graph.relation_args(rel.id)
    return ("~" if rel.source.startswith(INFERRED) else "") + f"{rel.relation}({', '.join(args)})"


@pytest.fixture(scope="module")
def graphs() -> dict[str, SceneGraph]:
    # what the text says, without room completion (tests/unit/offline/test_offline_completion.py)
    return {ex["prompt"]: plan(ex["prompt"], complete=False) for ex in EXAMPLES}


def test_there_are_enough_varied_examples() -> None:
    assert len(load_examples("examples.json")) >= 25 and len(load_examples("heldout.json")) >= 60
    assert len({ex["prompt"] for ex in EXAMPLES}) == len(EXAMPLES)
    relations = {r.lstrip("~").split("(")[0] for ex in EXAMPLES for r in ex["relations"]}
    assert len(relations) >= 18, sorted(relations)


@pytest.mark.parametrize("example", EXAMPLES, ids=[e["prompt"][:48] for e in EXAMPLES])
def test_example_yields_expected_graph(example: dict, graphs: dict[str, SceneGraph]) -> None:
    graph = graphs[example["prompt"]]
    assert dict(Counter(a.category for a in graph.assets)) == example["assets"]
    keys = [_key(graph, i) for i in range(len(graph.relations))]
    assert sorted(keys) == sorted(example["relations"])
    by_key = {k: graph.relations[i].params for i, k in enumerate(keys)}
    for key, params in example["params"].items():
        assert by_key[key] == params, key
    assert graph.unparsed == example["unparsed"]


@pytest.mark.parametrize("example", EXAMPLES, ids=[e["prompt"][:48] for e in EXAMPLES])
def test_example_program_uses_contract_vocabulary(example: dict, graphs: dict[str, SceneGraph]) -> None:
    program = code(graphs[example["prompt"]])
    parsed = program_from_dict(json.loads(json.dumps(program.to_dict())))
    assert parsed.to_dict() == program.to_dict()
    registry = default_registry()
    for index, con in enumerate(parsed.constraints):
        low, high, allowed = CONTRACT_RELATIONS[con.relation]
        assert low <= len(con.args) and (high is None or len(con.args) <= high), con.label()
        assert set(con.params) <= allowed, con.label()
        if con.relation == "against_wall":
            assert con.params["wall"] in WALLS
        if con.relation == "in_corner":
            assert con.params["corner"] in CORNERS
        registry.bind(con, f"constraints[{index}]")


@pytest.mark.parametrize("example", EXAMPLES, ids=[e["prompt"][:48] for e in EXAMPLES])
def test_every_object_has_one_support_and_no_cycle(example: dict, graphs: dict[str, SceneGraph]) -> None:
    graph = graphs[example["prompt"]]
    below: dict[str, str] = {}
    for name, args in graph.triples():
        pairs = [(args[0], args[1])] if name in ("on_top_of", "inside") else []
        pairs += list(zip(args[1:], args)) if name == "stacked" else []
        for upper, lower in pairs:
            assert upper not in below, f"{upper} has two supports"
            below[upper] = lower
    for start in below:
        seen, node = set(), start
        while node in below:
            assert node not in seen, f"support cycle through {node}"
            seen.add(node)
            node = below[node]
