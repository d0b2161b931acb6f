"""Strict reply parsers of every stage: good replies become typed records, bad ones raise a
ReplyParseError whose message says what to fix (it is fed back to the model)."""
from __future__ import annotations

import json
import re
from typing import Any

import pytest
from stage_inputs import ASSETS, SCRIPT

from setdresser.blender_addon.core.stages import assets, coder, decomposer, planner, reviewer
from setdresser.blender_addon.core.stages.base import ReplyParseError, extract_json
from setdresser.blender_addon.core.stages.catalog import RelationCatalog
from setdresser.blender_addon.core.stages.schema import validate


def _raises(message: str):
    return pytest.raises(ReplyParseError, match=re.escape(message))


# ---------------------------------------------------------------- JSON extraction and schema

def test_json_is_taken_whole_or_from_a_single_fenced_block() -> None:
    assert extract_json(' {"a": 1} ') == {"a": 1}
    assert extract_json('Here you go:\n```json\n{"a": [1, 2]}\n```\nDone.') == {"a": [1, 2]}
    with _raises("the reply was empty"):
        extract_json("   ")
    with _raises("the reply is not valid JSON"):
        extract_json("Sure! The assets are a desk and a lamp.")
    with _raises("the ```json block is not valid JSON"):
        extract_json("```json\n{\"a\": }\n```")


@pytest.mark.parametrize("value, message", [
    ({"assets": "desk"}, "$.assets: expected array, got str"),
    ({"assets": []}, "$.assets: needs at least 1 item(s), got 0"),
    ({"assets": [{"name": "desk", "description": "d", "height": 0.7}]}, "$.assets[0]: missing required key 'count'"),
    ({"assets": [{"name": "desk", "description": "d", "height": True, "count": 1}]},
     "$.assets[0].height: expected number, got bool"),
    ({"assets": [{"name": "desk", "description": "d", "height": 0.7, "count": 1, "colour": "red"}]},
     "$.assets[0]: unexpected key 'colour'"),
    ({"assets": [{"name": "", "description": "d", "height": 0.7, "count": 1}]}, "$.assets[0].name: text must not be empty"),
    ({"assets": [{"name": "desk", "description": "d", "height": 0, "count": 1}]}, "must be greater than 0"),
    ({"assets": [{"name": "desk", "description": "d", "height": 0.7, "count": 1.5}]}, "expected integer, got float"),
])
def test_schema_errors_name_the_json_path(value: Any, message: str) -> None:
    with _raises(message):
        validate(value, assets.SCHEMA)


def test_schema_checker_refuses_keywords_it_does_not_implement() -> None:
    with pytest.raises(ValueError, match="unsupported keywords"):
        validate(1, {"type": "integer", "multipleOf": 2})


# ---------------------------------------------------------------- assets and decomposer

ASSET_REPLY = {"assets": [
    {"name": "Desk", "description": "an oak desk", "height": 0.75, "count": 1},
    {"name": "dining  chair", "description": "a wooden chair", "height": 0.9, "count": 4}]}


def test_assets_reply_becomes_typed_records() -> None:
    records = assets.parse_reply(json.dumps(ASSET_REPLY))
    assert records == [assets.AssetRecord("desk", "an oak desk", 0.75, 1),
                       assets.AssetRecord("dining chair", "a wooden chair", 0.9, 4)]


@pytest.mark.parametrize("change, message", [
    (lambda d: d["assets"].append(dict(d["assets"][0], name="desk")), "the name 'desk' appears twice"),
    (lambda d: d["assets"][0].update(height=750), "height 750.0 m for 'desk' is not plausible"),
    (lambda d: d["assets"][1].update(count=0), "$.assets[1].count: 0 is below the minimum 1"),
])
def test_assets_reply_errors(change: Any, message: str) -> None:
    data = json.loads(json.dumps(ASSET_REPLY))
    change(data)
    with _raises(message):
        assets.parse_reply(json.dumps(data))


def test_decomposer_maps_names_and_requires_every_asset() -> None:
    names = [a.name for a in ASSETS]
    good = {"subscenes": [{"title": "desk corner", "description": "desk at the wall, chair before it",
                           "assets": ["desk", "Office Chair"]},
                          {"title": "desk top", "description": "a lamp on the desk", "assets": ["lamp", "desk"]}]}
    parts = decomposer.parse_reply(json.dumps(good), names)
    assert [p.assets for p in parts] == [("desk", "office chair"), ("lamp", "desk")]
    good["subscenes"][1]["assets"] = ["desk"]
    with _raises("these objects are in no sub-scene: ['lamp']"):
        decomposer.parse_reply(json.dumps(good), names)
    good["subscenes"][1]["assets"] = ["sofa"]
    with _raises("$.subscenes[1].assets: 'sofa' is not in the object list"):
        decomposer.parse_reply(json.dumps(good), names)


# ---------------------------------------------------------------- planner

def _graph_reply() -> dict[str, Any]:
    return {"assets": [{"id": "desk_1", "category": "desk", "description": "oak desk", "height": 0.75},
                       {"id": "lamp_1", "category": "lamp", "description": "brass lamp", "height": 0.45},
                       {"id": "chair_1", "category": "office chair", "description": "mesh chair", "height": 1.0}],
            "relations": [{"id": "r1", "relation": "on_top_of", "args": ["lamp_1", "desk_1"], "params": {},
                           "source": "a lamp on it"},
                          {"id": "r2", "relation": "in_front_of", "args": ["chair_1", "desk_1"],
                           "params": {"max_distance": 0.8}, "source": "chair in front of the desk"},
                          {"id": "r3", "relation": "against_wall", "args": ["desk_1"], "params": {"wall": "north"},
                           "source": "against the north wall"}]}


def test_planner_reply_becomes_a_bipartite_scene_graph(catalog: RelationCatalog) -> None:
    graph = planner.parse_reply(json.dumps(_graph_reply()), catalog, prompt="p", asset_names=[a.name for a in ASSETS])
    assert graph.prompt == "p"
    assert graph.triples() == [("on_top_of", ("lamp_1", "desk_1")), ("in_front_of", ("chair_1", "desk_1")),
                               ("against_wall", ("desk_1",))]
    assert {(e.relation, e.asset, e.role) for e in graph.edges if e.relation == "r2"} == {
        ("r2", "chair_1", 0), ("r2", "desk_1", 1)}
    assert graph.relations[1].params == {"max_distance": 0.8} and graph.relations[1].source.startswith("chair")
    assert graph.assets[2].height == 1.0


@pytest.mark.parametrize("change, message", [
    (lambda d: d["relations"][0].update(relation="sits_on"), "unknown relation 'sits_on'; use one of: against_wall"),
    (lambda d: d["relations"][0].update(args=["lamp_1"]), "on_top_of(a, b) takes 2 object(s), got 1"),
    (lambda d: d["relations"][1].update(params={"distance": 1}), "in_front_of has no parameter(s) ['distance']"),
    (lambda d: d["relations"][0].update(args=["lamp_2", "desk_1"]), "args name unknown asset id(s) ['lamp_2']"),
    (lambda d: d["relations"][0].update(args=["desk_1", "desk_1"]), "the same asset appears twice"),
    (lambda d: d["relations"][1].update(id="r1"), "duplicate relation node id"),
    (lambda d: d["assets"][1].update(id="desk_1"), "duplicate asset id"),
    (lambda d: d["assets"][0].update(category="table"), "category 'table' is not one of the listed objects"),
    (lambda d: d["relations"][0].pop("source"), "$.relations[0]: missing required key 'source'"),
    (lambda d: d["relations"][0].update(params={"x": [1]}), "$.relations[0].params.x: expected number or string"),
])
def test_planner_reply_errors(catalog: RelationCatalog, change: Any, message: str) -> None:
    data = _graph_reply()
    change(data)
    with _raises(message):
        planner.parse_reply(json.dumps(data), catalog, asset_names=[a.name for a in ASSETS])


def test_planner_without_an_asset_list_accepts_any_category(catalog: RelationCatalog) -> None:
    data = _graph_reply()
    data["assets"][0]["category"] = "Writing Desk"
    graph = planner.parse_reply(json.dumps(data), catalog)
    assert graph.assets[0].category == "writing desk"


# ---------------------------------------------------------------- coder

def test_coder_takes_the_fenced_script_with_the_header(catalog: RelationCatalog) -> None:
    reply = f"Here is the script.\n```python\n{SCRIPT}```\nIt places the chair.\n```python\nprint(1)\n```"
    assert coder.parse_reply(reply, catalog) == SCRIPT
    assert coder.parse_reply("# generated\n" + SCRIPT, catalog) == "# generated\n" + SCRIPT


CUSTOM = '''
@custom_relation("near_window")
def near_window(poses, idx, params):
    return np.ones(poses.pos.shape[0])

relate("custom:near_window", "desk_1")
'''


@pytest.mark.parametrize("script, message", [
    ("```python\nprint('hi')\n```", "no ```python code block containing the line"),
    ("Sorry, I cannot.", "no ```python code block containing the line"),
    ("```python\nimport math\n" + SCRIPT + "```", "the script must start with the line"),
    ("```python\n" + SCRIPT + "relate('on_top_of', 'lamp_1' 'desk_1'\n```", "program.py line 10, column 7: syntax error"),
    ("```python\n" + SCRIPT + "relate('next_to', 'lamp_1', 'desk_1')\n```", "line 10 relate('next_to', ...): unknown relation"),
    ("```python\n" + SCRIPT + "relate('on_top_of', 'lamp_1')\n```", "takes 2 object(s), got 1"),
    ("```python\n" + SCRIPT + "relate('proximity', 'a', 'b', distance=1)\n```", "proximity has no parameter(s) ['distance']"),
    ("```python\n" + SCRIPT + "relate('custom:near_door', 'desk_1')\n```", "no @custom_relation(\"near_door\") defines it"),
    ("```python\nfrom setdresser.script import *\nrelate('on_top_of', 'a', 'b')\n```", "declares no objects"),
    (f"```python\n{SCRIPT}```\n```python\n{SCRIPT}```", "several ```python blocks"),
])
def test_coder_reply_errors(catalog: RelationCatalog, script: str, message: str) -> None:
    with _raises(message):
        coder.parse_reply(script, catalog)


def test_coder_accepts_custom_relations_it_defines_and_weights(catalog: RelationCatalog) -> None:
    source = SCRIPT + CUSTOM + "relate('on_top_of', 'lamp_1', 'desk_1', weight=3, hard=True)\n"
    assert coder.parse_reply(f"```py\n{source}```", catalog) == source


# ---------------------------------------------------------------- reviewer

def test_reviewer_accepts_or_revises(catalog: RelationCatalog) -> None:
    accepted = reviewer.parse_reply(json.dumps({"accepted": True, "issues": [], "revised_script": None}), catalog)
    assert accepted == reviewer.Review(True, (), None)
    revised = SCRIPT.replace("max_distance=0.8", "max_distance=0.5, weight=3.0")
    reply = {"accepted": False, "revised_script": revised, "issues": [
        {"relation": "in_front_of", "ids": ["office_chair_1", "desk_1"], "problem": "the chair is too far",
         "fix": "lower max_distance to 0.5 and raise its weight"}]}
    review = reviewer.parse_reply(json.dumps(reply), catalog)
    assert not review.accepted and review.revised_script == revised
    assert review.issues[0].ids == ("office_chair_1", "desk_1")
    reply["revised_script"] = f"```python\n{revised}```"
    assert reviewer.parse_reply(json.dumps(reply), catalog).revised_script == revised


def test_reviewer_errors(catalog: RelationCatalog) -> None:
    with _raises("$.revised_script: 'accepted' is false, so give the complete revised script"):
        reviewer.parse_reply(json.dumps({"accepted": False, "issues": [], "revised_script": None}), catalog)
    bad = SCRIPT + "relate('hovering', 'lamp_1')\n"
    with _raises("$.revised_script: line 10 relate('hovering', ...): unknown relation 'hovering'"):
        reviewer.parse_reply(json.dumps({"accepted": False, "issues": [], "revised_script": bad}), catalog)
    with _raises("$.issues[0]: missing required key 'fix'"):
        reviewer.parse_reply(json.dumps({"accepted": True, "revised_script": None, "issues": [
            {"relation": "x", "ids": [], "problem": "p"}]}), catalog)


# ---------------------------------------------------------------- the real skill library

CONTRACT_RELATIONS = {"on_top_of", "stacked", "under", "above", "inside", "proximity", "far_from", "facing",
                      "in_front_of", "behind", "left_of", "right_of", "between", "alignment", "parallel",
                      "perpendicular", "symmetric", "row", "grid", "around", "hierarchy", "scaling", "overlap",
                      "against_wall", "in_corner", "centered"}


def test_the_installed_skill_library_feeds_the_prompts_and_checks() -> None:
    from setdresser.blender_addon.core.stages.catalog import default_catalog

    real = default_catalog()
    assert CONTRACT_RELATIONS <= set(real.names())
    text = real.prompt_text()
    assert all(f"- {name}(" in text for name in CONTRACT_RELATIONS)
    real.check_use("between", 3, {"tolerance": 0.3}, "here")
    with _raises("between(a, b, c) takes 3 object(s), got 2"):
        real.check_use("between", 2, {}, "here")
