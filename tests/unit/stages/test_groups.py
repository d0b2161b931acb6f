"""Groups (issue 15): many like objects as one planner node, expanded deterministically."""
from __future__ import annotations

import json
from pathlib import Path

import pytest

from setdresser.blender_addon.core.groups import GroupNode, MemberRelation
from setdresser.blender_addon.core.scene_graph import SceneGraph, add_groups, scene_graph_from_dict
from setdresser.blender_addon.core.stages import planner
from setdresser.blender_addon.core.stages.assets import AssetRecord
from setdresser.blender_addon.core.stages.base import ReplyParseError
from setdresser.blender_addon.core.stages.catalog import default_catalog
from setdresser.blender_addon.core.stages.compact import graph_prompt_json

FIXTURES = Path(__file__).resolve().parents[2] / "fixtures" / "llm_runs"
RECORDS = [AssetRecord("student desk", "a school desk", 0.75, 24), AssetRecord("chair", "a school chair", 0.82, 24)]


def _recorded(stage_index: int) -> str:
    lines = (FIXTURES / "scene3" / "transcript.jsonl").read_text().splitlines()
    return json.loads(lines[stage_index])["reply"]["text"]


def _adapted(stage_index: int) -> str:
    lines = (FIXTURES / "scene3_groups" / "replies.jsonl").read_text().splitlines()
    return json.loads(lines[stage_index])["content"]


def test_the_classroom_groups_expand_to_exactly_the_recorded_relations() -> None:
    catalog = default_catalog()
    names = [r.name for r in RECORDS]
    grouped = planner.parse_reply(_adapted(3), catalog, asset_names=names, records=RECORDS)
    recorded = planner.parse_reply(_recorded(3), catalog, asset_names=names, records=RECORDS)
    assert [a.id for a in grouped.assets] == [a.id for a in recorded.assets]  # 24 desks, then 24 chairs

    def triples(graph: SceneGraph) -> list[tuple[str, tuple[str, ...], str]]:
        return sorted((r.relation, graph.relation_args(r.id), json.dumps(r.params, sort_keys=True))
                      for r in graph.relations)
    assert triples(grouped) == triples(recorded) and len(grouped.relations) == 72
    assert [g.id for g in grouped.groups] == ["student_desk", "chair"]
    assert all(a.description == "a school desk" for a in grouped.assets[:24])  # shared per category


def test_the_coder_reads_a_group_as_one_node_and_each_description_once() -> None:
    graph = planner.parse_reply(_adapted(3), default_catalog(), records=RECORDS)
    text = graph_prompt_json(graph)
    json.loads(text)
    assert text.count("a school desk") == 1 and "student_desk_7" not in text
    assert '"members": "student_desk_1..student_desk_24"' in text
    assert len(text) < len(_recorded(3)) / 10


def test_expansion_is_deterministic_and_round_trips_through_scene_graph_json() -> None:
    desks = GroupNode("desk", "desk", 3, arrangement="row", each=(MemberRelation("facing", ("@", "board_1")),))
    chairs = GroupNode("chair", "chair", 3, first=4, each=(MemberRelation("in_front_of", ("@", "@desk")),))
    base = scene_graph_from_dict({"assets": [{"id": "board_1", "category": "board"}]})
    graph = add_groups(base, [desks, chairs])
    assert graph.triples()[0] == ("row", ("desk_1", "desk_2", "desk_3"))
    assert ("in_front_of", ("chair_6", "desk_3")) in graph.triples()
    again = scene_graph_from_dict(json.loads(json.dumps(graph.to_dict())))
    assert again.to_dict() == graph.to_dict() and again.groups == graph.groups
    assert "groups" not in base.to_dict()  # a graph without groups is written as before


@pytest.mark.parametrize("group, message", [
    ({"id": "chair", "category": "chair", "count": 3, "each": [{"relation": "behind", "args": ["@", "@desk"]}]},
     "there is no group 'desk'"),
    ({"id": "chair", "category": "chair", "count": 3, "each": [{"relation": "facing", "args": ["@", "sofa_1"]}]},
     "unknown object id(s) ['sofa_1']"),
    ({"id": "chair", "category": "chair", "count": 3, "each": [{"relation": "facing", "args": ["board_1"]}]},
     "facing(a, b) takes 2 object(s), got 1"),
    ({"id": "chair", "category": "chair", "count": 3, "arrangement": {"relation": "grid", "params": {"gap": 1}}},
     "grid has no parameter(s) ['gap']"),
    ({"id": "chair", "category": "lamp", "count": 3}, "category 'lamp' is not one of the listed objects"),
])
def test_bad_groups_are_named_for_the_model(group: dict, message: str) -> None:
    reply = {"assets": [{"id": "board_1", "category": "board"}], "groups": [group], "relations": []}
    with pytest.raises(ReplyParseError, match=__import__("re").escape(message)):
        planner.parse_reply(json.dumps(reply), default_catalog(), asset_names=["board", "chair"])


def test_a_later_sub_scene_relates_to_earlier_objects_and_continues_a_split_count() -> None:
    catalog = default_catalog()
    relation = {"id": "r1", "relation": "in_front_of", "args": ["chair_1", "table_1"], "params": {}, "source": ""}
    first = planner.parse_reply(json.dumps({"assets": [{"id": "table_1", "category": "table"},
                                                       {"id": "chair_1", "category": "chair"}],
                                            "relations": [relation]}),
                                catalog, asset_names=["table", "chair"], prefix="s1_")
    group = {"id": "chair", "category": "chair", "count": 2,
             "each": [{"relation": "proximity", "args": ["@", "table_1"]}]}
    second = planner.parse_reply(json.dumps({"assets": [], "groups": [group], "relations": []}), catalog,
                                 asset_names=["chair"], earlier=first, prefix="s2_")
    assert [a.id for a in second.assets] == ["table_1", "chair_1", "chair_2", "chair_3"]
    assert ("proximity", ("chair_3", "table_1")) in second.triples() and second.relations[0].id == "s1_r1"
    with pytest.raises(ReplyParseError, match="already placed as a table"):
        planner.parse_reply(json.dumps({"assets": [{"id": "table_1", "category": "chair"}], "relations": []}),
                            catalog, asset_names=["chair"], earlier=first)


def test_the_audit_folds_a_numbered_series_into_one_line_naming_what_fails() -> None:
    from setdresser.blender_addon.core.model import ConstraintResult, PhysicsChecks
    from setdresser.blender_addon.core.stages.reviewer import audit_text

    results = [ConstraintResult("behind", (f"chair_{k}", f"desk_{k}"), {"max_distance": 0.1}, 0.02 if k == 9 else 1.0,
                                k != 9) for k in range(1, 25)]
    results += [ConstraintResult("parallel", ("desk_1", f"desk_{k}"), {}, 1.0, True) for k in range(2, 5)]
    results.append(ConstraintResult("against_wall", ("board_1",), {"wall": "north"}, 0.0, False, hard=True))
    text = audit_text(results, PhysicsChecks())
    lines = text.splitlines()
    assert lines[0] == ("- behind($1, $2, max_distance=0.1) for $1 = chair_1..chair_24; $2 = desk_1..desk_24: "
                        "23 of 24 hold; FAILS for chair_9/desk_9 (score 0.02)")
    assert "- parallel(desk_1, desk_2): holds (score 1.00)" in lines  # a short series stays one line each
    assert "- against_wall(board_1, wall='north'): FAILS (hard: must hold) (score 0.00)" in lines
    assert len(lines) == 1 + 3 + 1 + 1  # the folded series, three parallels, the wall, physics
