"""Independent checks of solved rooms (issue 13 "Must show"): hung objects touch their wall at a
plausible height, shelf items rest on the named shelf level, pillows on the seat, door zones empty.

The checks read only the layout document (boxes, the room's opening zones), not solver internals.
"""

from __future__ import annotations

import math

import pytest
from setdresser.blender_addon.core.errors import ProgramError
from setdresser.blender_addon.core.knowledge.objects import load_knowledge
from setdresser.blender_addon.core.model import program_from_dict
from setdresser.blender_addon.core.solver.api import solve

BOUNDS = {"min": [-2.5, -2.0, 0.0], "max": [2.5, 2.0, 2.7]}
ROOM = {"kind": "indoor", "height": 2.7, "openings": [
    {"id": "door_1", "kind": "door", "wall": "south", "offset": 1.2, "width": 0.9},
    {"id": "window_1", "kind": "window", "wall": "north", "offset": 0.0, "width": 1.4}]}


def _obj(oid: str, category: str, dims: list[float], **extra: object) -> dict:
    return {"id": oid, "category": category, "dimensions": dims, **extra}


def _living_room() -> dict:
    objects = [_obj("tv_1", "tv", [1.2, 0.08, 0.7], mount="wall"), _obj("painting_1", "painting", [0.9, 0.04, 0.7]),
               _obj("clock_1", "clock", [0.4, 0.06, 0.4]),
               _obj("bookshelf_1", "bookshelf", [1.0, 0.3, 1.8]), _obj("sofa_1", "sofa", [2.0, 0.9, 0.85]),
               _obj("pillow_1", "pillow", [0.45, 0.15, 0.45]), _obj("desk_1", "desk", [1.2, 0.6, 0.75]),
               _obj("plant_1", "potted plant", [0.5, 0.5, 1.0]), _obj("armchair_1", "armchair", [0.85, 0.85, 0.95])]
    objects += [_obj(f"book_{k}", "book", [0.18, 0.24, 0.04]) for k in range(1, 4)]
    constraints = [{"relation": "on_top_of", "args": [f"book_{k}", "bookshelf_1"], "params": {"surface": "shelf_2"}}
                   for k in range(1, 4)]
    constraints += [{"relation": "on_top_of", "args": ["pillow_1", "sofa_1"]},
                    {"relation": "against_wall", "args": ["bookshelf_1"]},
                    {"relation": "against_wall", "args": ["sofa_1"]},
                    {"relation": "under_window", "args": ["desk_1", "window_1"]},
                    {"relation": "next_to_door", "args": ["plant_1", "door_1"]},
                    {"relation": "facing_door", "args": ["armchair_1", "door_1"]},
                    {"relation": "on_wall", "args": ["tv_1"], "params": {"wall": "east", "height": 1.3}}]
    return {"schema": "setdresser.program/2", "bounds": BOUNDS, "room": ROOM, "objects": objects,
            "constraints": constraints}


@pytest.fixture(scope="module")
def layout() -> dict:
    return solve(program_from_dict(_living_room()), seed=3, effort=2.667).to_dict()


def _by_id(layout: dict) -> dict[str, dict]:
    return {o["id"]: o for o in layout["objects"]}


def _wall_gap(obj: dict) -> float:
    lo, hi = obj["bbox_min"], obj["bbox_max"]
    return min(BOUNDS["max"][1] - hi[1], lo[1] - BOUNDS["min"][1], BOUNDS["max"][0] - hi[0], lo[0] - BOUNDS["min"][0])


def _wall_behind(obj: dict) -> str:
    """The wall the object's back (local +Y) faces and touches (a thing in a corner touches two)."""
    lo, hi, yaw = obj["bbox_min"], obj["bbox_max"], obj["rotation_euler"][2]
    gaps = {"north": BOUNDS["max"][1] - hi[1], "south": lo[1] - BOUNDS["min"][1], "east": BOUNDS["max"][0] - hi[0],
            "west": lo[0] - BOUNDS["min"][0]}
    outward = {"north": (0, 1), "south": (0, -1), "east": (1, 0), "west": (-1, 0)}
    back = (-math.sin(yaw), math.cos(yaw))
    [wall] = [w for w in gaps if abs(gaps[w]) <= 0.02 and back[0] * outward[w][0] + back[1] * outward[w][1] > 0.85]
    return wall


def test_every_relation_and_the_physics_hold(layout: dict) -> None:
    failing = [(c["relation"], c["args"]) for c in layout["constraints"] if not c["satisfied"]]
    assert not failing
    assert all(not v for v in layout["checks"].values()), layout["checks"]


def test_hung_objects_touch_their_wall_at_a_plausible_height(layout: dict) -> None:
    objects = _by_id(layout)
    for oid in ("tv_1", "painting_1", "clock_1"):
        obj = objects[oid]
        assert obj["mount"] == "wall" and obj["support_surface"] is None  # not standing on furniture
        assert abs(_wall_gap(obj)) <= 0.02, oid
        # layout/4: what holds it is the wall its back touches (not "ground")
        assert obj["support"] == f"{_wall_behind(obj)}_wall", (oid, obj["support"])
        centre = 0.5 * (obj["bbox_min"][2] + obj["bbox_max"][2])
        assert 1.0 <= centre <= 2.2 and obj["bbox_min"][2] > 0.5, (oid, centre)
    tv = objects["tv_1"]
    assert BOUNDS["max"][0] - tv["bbox_max"][0] <= 0.02 and tv["support"] == "east_wall"  # as asked
    assert abs(0.5 * (tv["bbox_min"][2] + tv["bbox_max"][2]) - 1.3) <= 0.15


def test_books_rest_on_the_named_shelf_level(layout: dict) -> None:
    objects = _by_id(layout)
    shelf = objects["bookshelf_1"]
    facts = load_knowledge().lookup("bookshelf")
    level = facts.surface("shelf_2", shelf["dimensions"]).height
    for k in range(1, 4):
        book = objects[f"book_{k}"]
        assert book["support"] == "bookshelf_1" and book["support_surface"] == "shelf_2"
        assert abs(book["bbox_min"][2] - (shelf["bbox_min"][2] + level)) <= 0.02
        assert book["bbox_max"][2] < shelf["bbox_max"][2] - 0.5  # on the second shelf, not on the top
        for axis in (0, 1):
            centre = 0.5 * (book["bbox_min"][axis] + book["bbox_max"][axis])
            assert shelf["bbox_min"][axis] <= centre <= shelf["bbox_max"][axis]


def test_pillow_rests_on_the_seat_not_the_backrest(layout: dict) -> None:
    objects = _by_id(layout)
    sofa, pillow = objects["sofa_1"], objects["pillow_1"]
    assert pillow["support_surface"] == "seat"
    seat = load_knowledge().lookup("sofa").surface("seat", sofa["dimensions"]).height
    assert abs(pillow["bbox_min"][2] - seat) <= 0.02 and pillow["bbox_min"][2] < sofa["bbox_max"][2] - 0.3


def test_door_clearance_zone_is_empty(layout: dict) -> None:
    zones = {o["id"]: o["zone"] for o in layout["room"]["openings"]}
    door = zones["door_1"]
    assert door["max"][1] - door["min"][1] == pytest.approx(0.9)  # the walkway in front of the door
    for obj in layout["objects"]:
        overlap = [min(obj["bbox_max"][a], door["max"][a]) - max(obj["bbox_min"][a], door["min"][a]) for a in range(3)]
        assert min(overlap) <= 0.01, obj["id"]


def test_layout_room_has_wall_segments_and_openings(layout: dict) -> None:
    room = layout["room"]
    assert [s["id"] for s in room["wall_segments"]] == ["north_wall", "south_wall", "east_wall", "west_wall"]
    window = next(o for o in room["openings"] if o["id"] == "window_1")
    assert window["box"]["min"][2] == pytest.approx(0.9) and window["box"]["max"][2] == pytest.approx(2.1)


def test_something_locked_in_the_doorway_is_reported_as_blocked_clearance() -> None:
    data = {"schema": "setdresser.program/2", "bounds": BOUNDS, "room": ROOM,
            "objects": [_obj("crate_1", "box", [0.5, 0.5, 0.5], locked=True, location=[1.2, -1.6, 0.0])],
            "constraints": []}
    layout = solve(program_from_dict(data), seed=0, effort=0.333)
    assert layout.checks.blocked_clearance == [("crate_1", "door_1")] and not layout.checks.valid


def test_free_objects_are_kept_out_of_the_doorway() -> None:
    objects = [_obj(f"chair_{k}", "chair", [0.5, 0.5, 0.9]) for k in range(6)]
    small = {"min": [-1.0, -1.0, 0.0], "max": [1.0, 1.0, 2.7]}
    data = {"schema": "setdresser.program/2", "bounds": small,
            "room": {"openings": [{"id": "door_1", "kind": "door", "wall": "south", "width": 0.9}]},
            "objects": objects, "constraints": [{"relation": "against_wall", "args": [f"chair_{k}"]} for k in range(6)]}
    layout = solve(program_from_dict(data), seed=1, effort=1.333)
    assert not layout.checks.blocked_clearance and layout.checks.valid


def test_unknown_surface_is_refused_naming_the_constraint() -> None:
    data = _living_room()
    data["constraints"][0]["params"]["surface"] = "shelf_9"
    with pytest.raises(ProgramError, match=r"constraints\[0\].*shelf_9|shelf_9.*constraints\[0\]"):
        solve(program_from_dict(data), seed=0, effort=0.333)


def test_bed_headboard_goes_against_a_wall_and_a_chandelier_hangs_from_the_ceiling() -> None:
    data = {"schema": "setdresser.program/2", "bounds": BOUNDS, "room": {"height": 2.7},
            "objects": [_obj("bed_1", "bed", [1.6, 2.1, 1.0]), _obj("chandelier_1", "chandelier", [0.8, 0.8, 0.7]),
                        _obj("nightstand_1", "nightstand", [0.5, 0.4, 0.55])],
            "constraints": [{"relation": "left_of", "args": ["nightstand_1", "bed_1"],
                             "params": {"max_distance": 0.2}}]}
    layout = solve(program_from_dict(data), seed=2, effort=1.333).to_dict()
    objects = _by_id(layout)
    bed = objects["bed_1"]
    yaw = bed["rotation_euler"][2]
    back = (-math.sin(yaw), math.cos(yaw))  # the headboard side (+Y local)
    reach = {"north": BOUNDS["max"][1] - bed["bbox_max"][1], "south": bed["bbox_min"][1] - BOUNDS["min"][1],
             "east": BOUNDS["max"][0] - bed["bbox_max"][0], "west": bed["bbox_min"][0] - BOUNDS["min"][0]}
    normal = {"north": (0, 1), "south": (0, -1), "east": (1, 0), "west": (-1, 0)}
    wall = min(reach, key=reach.get)
    assert reach[wall] <= 0.05 and back[0] * normal[wall][0] + back[1] * normal[wall][1] > 0.85
    lamp = objects["chandelier_1"]
    assert lamp["mount"] == "ceiling" and 2.7 - 0.7 <= lamp["bbox_max"][2] <= 2.7
    assert lamp["support"] == "ceiling" and bed["support"] == "ground"  # layout/4
    assert not layout["checks"]["unsupported"]


def test_nothing_stands_in_the_notch_of_an_l_shaped_room() -> None:
    room = {"shape": "L", "notch": {"corner": "ne", "size": [2.5, 2.0]}}
    objects = [_obj(f"box_{k}", "box", [0.8, 0.8, 0.8]) for k in range(5)]
    data = {"schema": "setdresser.program/2", "bounds": BOUNDS, "room": room, "objects": objects,
            "constraints": [{"relation": "against_wall", "args": ["box_0"], "params": {"wall": "north"}}]}
    layout = solve(program_from_dict(data), seed=0, effort=1.333).to_dict()
    for obj in layout["objects"]:
        inside_x = obj["bbox_max"][0] > BOUNDS["max"][0] - 2.5 + 0.01
        inside_y = obj["bbox_max"][1] > BOUNDS["max"][1] - 2.0 + 0.01
        assert not (inside_x and inside_y), obj["id"]
    assert layout["checks"]["out_of_bounds"] == []
