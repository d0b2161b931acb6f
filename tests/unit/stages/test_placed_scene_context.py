"""Planners that cannot query the user's scene read where its objects stand (issue 15): a scene
large enough to be planned sub-scene by sub-scene in a scene that exists (and any plan without the
graph extra) gets each user object's id, category, centre, footprint, height and facing in the
compact request form, and each later sub-scene the size of what was planned before it; a planner
may name a user object by its id (with its category: a wrong one goes back to the model)."""

from __future__ import annotations

import json
import math

from test_stage_runner import ScriptedBackend

from setdresser.blender_addon.core.model import ObjectSpec
from setdresser.blender_addon.core.stages.catalog import RelationCatalog
from setdresser.blender_addon.core.stages.compact import PLACED_LIMIT, facing_word, placed_objects_text
from setdresser.blender_addon.core.stages.runner import LLMStages

DESK = ObjectSpec("Desk.001", "desk", (1.2, 0.6, 0.75), locked=True, location=(1.8, 0.5, 0.0),
                  rotation_euler=(0.0, 0.0, math.pi / 2))
SUBSCENES = {"subscenes": [
    {"title": "reading", "description": "a lamp on my desk and a chair at it", "assets": ["lamp", "chair"]},
    {"title": "shelves", "description": "two bookshelves by the desk", "assets": ["bookshelf"]}]}
ASSETS = {"assets": [{"name": n, "description": n, "height": h, "count": c}
                     for n, h, c in (("lamp", 0.45, 1), ("chair", 0.9, 1), ("bookshelf", 1.8, 2))]}


def _graph(assets: list[tuple[str, str]], relations: list[tuple[str, list[str]]]) -> str:
    return json.dumps({"assets": [{"id": i, "category": c} for i, c in assets],
                       "relations": [{"id": f"r{k}", "relation": r, "args": a, "params": {}, "source": ""}
                                     for k, (r, a) in enumerate(relations, start=1)]})


def test_each_sub_scene_planner_reads_where_the_users_objects_stand_and_may_name_them(
        catalog: RelationCatalog) -> None:
    wrong = _graph([("Desk.001", "lamp"), ("lamp_1", "lamp"), ("chair_1", "chair")], [])
    first = _graph([("Desk.001", "desk"), ("lamp_1", "lamp"), ("chair_1", "chair")],
                   [("on_top_of", ["lamp_1", "Desk.001"]), ("in_front_of", ["chair_1", "Desk.001"])])
    second = _graph([("bookshelf_1", "bookshelf"), ("bookshelf_2", "bookshelf")],
                    [("left_of", ["bookshelf_1", "Desk.001"]), ("proximity", ["bookshelf_2", "Desk.001"])])
    backend = ScriptedBackend(json.dumps(ASSETS), json.dumps(SUBSCENES), wrong, first, second)
    graph = LLMStages(backend, catalog, decompose_above=3).plan("a reading corner at my desk", placed=(DESK,))
    assert ("on_top_of", ("lamp_1", "Desk.001")) in graph.triples()
    assert ("left_of", ("bookshelf_1", "Desk.001")) in graph.triples()
    assert [a.id for a in graph.assets if a.id == "Desk.001"] == ["Desk.001"]  # the user's desk, once
    line = "- Desk.001 (desk) at (1.80, 0.50), 1.2 x 0.6 m, 0.75 m high, facing east"
    planners = ["\n".join(m.text for m in r.messages) for r in backend.requests[2:]]
    assert all(line in text for text in planners)  # every sub-scene planner, the first too
    assert "'Desk.001' is the user's desk; give its category 'desk'" in planners[1]  # the wrong reply, fed back
    assert "- lamp_1 (lamp, ~" in planners[2] and "- chair_1 (chair, ~" in planners[2]  # sizes of what came before
    whole = 'The whole scene in the user\'s words (you plan one part of it): "a reading corner at my desk"'
    assert whole in planners[0] and whole in planners[2]  # each part's planner knows what the whole is


def test_an_earlier_door_or_window_is_listed_with_its_wall() -> None:
    from setdresser.blender_addon.core.scene_graph import AssetNode, SceneGraph
    from setdresser.blender_addon.core.stages.compact import scene_so_far_text

    graph = SceneGraph(assets=[AssetNode("window_1", "window", "a tall window in the East wall"),
                               AssetNode("door_1", "door", "a door")], relations=[], edges=[], prompt="a nook")
    text = scene_so_far_text(graph, [])
    assert "- window_1 (window): an opening in the east wall" in text  # not "no relation yet" (trial defect G)
    assert "- door_1 (door): an opening in a wall" in text


def test_a_plan_in_one_call_reads_them_too_and_an_empty_scene_changes_nothing(catalog: RelationCatalog) -> None:
    one = {"assets": [{"name": "lamp", "description": "lamp", "height": 0.45, "count": 1}]}
    reply = _graph([("Desk.001", "desk"), ("lamp_1", "lamp")], [("on_top_of", ["lamp_1", "Desk.001"])])
    backend = ScriptedBackend(json.dumps(one), reply)
    graph = LLMStages(backend, catalog).plan("a lamp on my desk", placed=(DESK,))
    assert ("on_top_of", ("lamp_1", "Desk.001")) in graph.triples()
    assert "Desk.001 (desk) at (1.80, 0.50)" in backend.requests[1].messages[-1].text
    backend = ScriptedBackend(json.dumps(one), _graph([("lamp_1", "lamp")], []))
    LLMStages(backend, catalog).plan("a lamp")
    assert "In the user's scene" not in backend.requests[1].messages[-1].text


def test_the_placed_list_is_compact_and_bounded() -> None:
    assert [facing_word(math.radians(a)) for a in (0, 90, 180, 270, 45)] == \
        ["south", "east", "north", "west", "south-east"]
    many = [ObjectSpec(f"box_{k}", "box", (0.5, 0.5, 0.5), locked=True, location=(k * 0.1, 0.0, 0.0))
            for k in range(PLACED_LIMIT + 5)]
    text = placed_objects_text(many)
    assert text.count("\n- box_") == PLACED_LIMIT and text.endswith("- and 5 more (not listed)")
    assert len(text) < 400 + 70 * (PLACED_LIMIT + 1)  # a header and about 70 characters an object
    unposed = ObjectSpec("ghost", "box", (1, 1, 1))
    assert "ghost" not in placed_objects_text([unposed, many[0]])
