"""The pure mapping documents -> scene facts -> database rows (no database here)."""
from __future__ import annotations

import json
import math

import pytest

from setdresser.blender_addon.core.errors import BadInput
from setdresser.blender_addon.core.scene_db.facts import facts_from_documents, object_fact
from setdresser.blender_addon.core.scene_db.rows import build_rows
from setdresser.blender_addon.core.scene_db.schema import NODES, RELS, ddl, schema_text
from setdresser.blender_addon.core.scene_db.space import free_floor_area, wall_free_runs
from support.scenes import SCENE_NAMES, documents, v2_dining_room


def rows_of(name: str):
    return build_rows(facts_from_documents(*documents(name)))


def edges(rows, rel: str) -> list:
    return [e for e in rows.edges if e.rel == rel]


@pytest.mark.parametrize("name", SCENE_NAMES)
def test_every_object_and_constraint_becomes_rows(name: str) -> None:
    layout, program, _ = documents(name)
    rows = rows_of(name)
    assert [r["id"] for r in rows.nodes["Object"]] == [o["id"] for o in layout["objects"]]
    assert {e.props["constraint"] for e in edges(rows, "RELATION")} == set(range(len(program["constraints"])))
    assert not rows.skipped
    # every object is reachable from the room through CONTAINS (the transitive hierarchy)
    children: dict[str, list[str]] = {}
    for e in edges(rows, "CONTAINS"):
        children.setdefault(e.src, []).append(e.dst)
    seen, stack = set(), ["room"]
    while stack:
        seen.add(node := stack.pop())
        stack.extend(children.get(node, ()))
    assert {o["id"] for o in layout["objects"]} <= seen


def test_rows_are_deterministic() -> None:
    assert rows_of("classroom") == rows_of("classroom")


def test_near_edges_go_both_ways_within_the_threshold() -> None:
    near = edges(rows_of("living_room"), "NEAR")
    pairs = {(e.src, e.dst) for e in near}
    assert all((b, a) in pairs for a, b in pairs)
    assert all(0.0 <= e.props["distance"] <= 1.0 and e.props["center_distance"] >= e.props["distance"] for e in near)


def test_zones_group_related_objects_around_their_anchor() -> None:
    zones = {z.kind: z for z in rows_of("dining_room").zones}
    assert set(zones) == {"dining"}
    assert set(zones["dining"].members) == {"table_1"} | {f"chair_{i}" for i in range(1, 7)}
    # a grid of desks is one work zone, each chair joins it through its desk
    classroom = [z for z in rows_of("classroom").zones if z.kind == "work"]
    assert len(classroom) == 2  # the 12-desk grid and the teacher's desk
    grid = next(z for z in classroom if "desk_1" in z.members)
    assert {f"desk_{i}" for i in range(1, 13)} | {f"chair_{i}" for i in range(1, 13)} <= set(grid.members)


def test_objects_on_a_surface_hang_below_it() -> None:
    rows = rows_of("reading_nook")
    surface = next(r for r in rows.nodes["Surface"] if r["object"] == "side_table_1")
    assert surface["items"] == 2 and surface["free_area"] < surface["area"]
    on = {(e.src, e.dst) for e in edges(rows, "RESTS_ON")}
    assert on == {("book_1", surface["id"]), ("mug_1", surface["id"])}


def test_free_floor_area_of_one_box() -> None:
    layout = {"schema": "setdresser.layout/1", "bounds": {"min": [0, 0, 0], "max": [4, 4, 3]}, "objects": [
        {"id": "box_1", "category": "box", "location": [2, 2, 0], "rotation_euler": [0, 0, math.pi / 4],
         "dimensions": [1, 1, 1]}]}
    facts = facts_from_documents(layout)
    assert free_floor_area(facts.room, facts.objects) == pytest.approx(15.0, abs=0.05)
    north = next(w for w in facts.room.walls if w.side == "north")
    assert wall_free_runs(north, facts.objects, ()) == (pytest.approx(4.0), pytest.approx(4.0))
    near_wall = object_fact("sofa_1", "sofa", (1.0, 3.5, 0.0), 0.0, (1.0, 0.8, 0.8))
    assert wall_free_runs(north, [near_wall], ()) == (pytest.approx(3.0), pytest.approx(2.5))


def test_v2_room_openings_mounts_and_named_surfaces() -> None:
    rows = build_rows(facts_from_documents(*v2_dining_room()))
    walls = {w["id"]: w for w in rows.nodes["Wall"]}
    assert {"north_wall", "south_wall", "east_wall", "west_wall", "notch_wall_1", "notch_wall_2"} == set(walls)
    room = rows.nodes["Room"][0]
    assert room["shape"] == "L" and room["floor_area"] == pytest.approx(walls["south_wall"]["length"] ** 2 - 1.0, abs=1e-3)
    assert rows.nodes["Room"][0]["floor_material"] == "wood"
    door = next(o for o in rows.nodes["Opening"] if o["id"] == "door_1")
    assert door["wall"] == "south" and door["y"] == pytest.approx(layoutish_south(rows))
    assert ("CONTAINS", "south_wall", "door_1") in {(e.rel, e.src, e.dst) for e in rows.edges}
    assert [(e.src, e.dst) for e in edges(rows, "MOUNTED_ON")] == [("tv_1", "north_wall")]
    surfaces = {s["id"] for s in rows.nodes["Surface"]}
    assert {"sideboard_1.shelf_top", "sideboard_1.shelf_1"} <= surfaces
    assert {(e.src, e.dst) for e in edges(rows, "RESTS_ON")} == {("lamp_1", "sideboard_1.shelf_top"),
                                                                ("lamp_2", "sideboard_1.shelf_top")}
    relation = {(e.props["name"], e.src_label, e.dst_label, e.dst) for e in edges(rows, "RELATION")}
    assert ("on_wall", "Object", "Wall", "north_wall") in relation
    assert ("clear", "Room", "Opening", "door_1") in relation
    assert walls["south_wall"]["free_length"] < walls["south_wall"]["length"]  # the door takes its width


def layoutish_south(rows) -> float:
    return next(w for w in rows.nodes["Wall"] if w["id"] == "south_wall")["y1"]


def test_plan_words_and_scores_reach_the_relation_edges() -> None:
    rows = rows_of("dining_room")
    on_top = [e for e in edges(rows, "RELATION") if e.props["name"] == "on_top_of"]
    assert on_top and all(e.props["holds"] is True and e.props["words"] for e in on_top)
    assert json.loads(on_top[0].props["params"]) == {}


@pytest.mark.parametrize("layout, where", [
    ({"schema": "setdresser.layout/9", "objects": []}, "layout.json: schema"),
    ({"schema": "setdresser.layout/1", "objects": [{"id": "a", "category": "chair", "location": [0, 0],
                                                    "dimensions": [1, 1, 1]}]}, "layout.json: objects[0].location"),
    ({"schema": "setdresser.layout/1", "objects": "nope"}, "layout.json: objects"),
])
def test_bad_documents_name_the_field(layout: dict, where: str) -> None:
    with pytest.raises(BadInput) as info:
        facts_from_documents(layout)
    assert str(info.value).startswith(where)


def test_schema_text_and_ddl_come_from_one_definition() -> None:
    text = schema_text()
    for table in NODES:
        assert f"- {table.label}:" in text
        assert any(f"CREATE NODE TABLE {table.label}(" in s for s in ddl())
    for rel in RELS:
        assert f"- {rel.name}:" in text
    assert "dist(a, b)" in text and "inside_footprint(a, b)" in text
