"""Fidelity checks about things, the room and physics: for each kind, a hand-made layout that
says what the check says passes, and a copy with one planted defect of that kind fails."""

from __future__ import annotations

from typing import Any

import pytest

from setdresser.tests.benchmark.fidelity_cases import (BED, CHAIR, DESK, EAST, LAMP, NORTH, SOFA, SOUTH, TABLE, WEST,
                                                       judge)
from setdresser.tests.benchmark.layouts import facing_yaw, obj, opening

DOOR_S = {"openings": [opening("door_1", "door", "south")]}
WINDOW_N = {"openings": [opening("window_1", "window", "north", width=1.4, height=1.2, sill=0.9)]}
TV = (1.2, 0.08, 0.7)
CORNERS = [(2.6, 2.6), (-2.6, 2.6), (2.6, -2.6), (-2.6, -2.6)]

# (name, spec, good objects, defective objects, v2 room or None for a v1 layout)
CASES: list[tuple[str, dict[str, Any], list, list, dict | None]] = [
    ("count by synonym", {"kind": "count", "what": "sofa", "eq": 1},
     [obj("c", "couch", 0, 0, SOFA)], [obj("c", "couch", 0, 0, SOFA), obj("s", "settee", 0, 2, SOFA)], None),
    ("large desk is wide, not tall", {"kind": "size", "what": "desk", "long_min": 1.5, "height_max": 0.85},
     [obj("d", "desk", 0, 0, DESK)], [obj("d", "large desk", 0, 0, (1.3, 0.65, 1.05))], None),
    ("colour from RGB", {"kind": "colour", "what": "armchair", "colour": "red"},
     [obj("a", "armchair", 0, 0, CHAIR, color=[0.75, 0.08, 0.06])], [obj("a", "armchair", 0, 0, CHAIR, color=[0.1, 0.2, 0.8])],
     None),
    ("colour dropped", {"kind": "colour", "what": "armchair", "colour": "red"},
     [obj("a", "armchair", 0, 0, CHAIR, color=["red"])], [obj("a", "armchair", 0, 0, CHAIR)], None),
    ("material", {"kind": "material", "what": "desk", "material": "wood"},
     [obj("d", "desk", 0, 0, DESK, material="oak")], [obj("d", "desk", 0, 0, DESK, material="leather")], None),
    ("floor finish", {"kind": "finish", "part": "floor", "colour": "red"},
     [], [], {"floor": {"color": [0.7, 0.05, 0.05], "words": ["red"]}}),
    ("door on the named wall", {"kind": "opening", "opening": "door", "wall": "south"},
     [], [], DOOR_S),
    ("furnished", {"kind": "furnished", "min": 2},
     [obj("a", "chair", 0, 0, CHAIR), obj("b", "desk", 0, 2, DESK)], [obj("a", "chair", 0, 0, CHAIR)], None),
    ("no labelled box", {"kind": "no_boxes"},
     [obj("p", "person", 0, 0, (0.5, 0.3, 1.7), asset_fallback="family:biped")],
     [obj("p", "person", 0, 0, (0.5, 0.3, 1.7), asset_fallback="box")], None),
    ("no phantom object", {"kind": "no_phantoms"},
     [obj("t", "side table", 0, 0, (0.5, 0.5, 0.5))], [obj("h", "headboard", 0, 2.9, (1.6, 0.1, 1.0))], None),
    ("headboard against the wall", {"kind": "against_wall", "what": "bed", "wall": "north", "back": True},
     [obj("b", "bed", 0, 1.95, BED, yaw=SOUTH)], [obj("b", "bed", 0, 1.95, BED, yaw=NORTH)], None),
    ("against the wall, not near it", {"kind": "against_wall", "what": "bed", "wall": "north"},
     [obj("b", "bed", 0, 1.95, BED)], [obj("b", "bed", 0, 1.0, BED)], None),
    ("hung on the wall", {"kind": "on_wall", "what": "tv", "wall": "east", "z": [0.8, 2.0]},
     [obj("t", "tv", 2.96, 0, TV, yaw=WEST, z=1.0)],
     [obj("c", "tv stand", 2.8, 0, (1.4, 0.4, 0.5), yaw=WEST), obj("t", "tv", 2.96, 0, TV, yaw=WEST, z=0.5)], None),
    ("hung, not on the floor", {"kind": "on_wall", "what": "painting"},
     [obj("p", "painting", 0, 2.97, (0.8, 0.05, 0.6), z=1.3)], [obj("p", "painting", 0, 2.97, (0.8, 0.05, 0.6))], None),
    ("in the named corner", {"kind": "in_corner", "what": "armchair", "corner": "ne"},
     [obj("a", "armchair", 2.5, 2.5, CHAIR)], [obj("a", "armchair", 0.5, 0.5, CHAIR)], None),
    ("in the middle", {"kind": "centered", "what": "table"},
     [obj("t", "table", 0.3, 0, TABLE)], [obj("t", "table", 2.0, 0, TABLE)], None),
    ("facing a compass direction", {"kind": "facing_dir", "what": "sofa", "dir": "east"},
     [obj("s", "sofa", -2.5, 0, SOFA, yaw=EAST)], [obj("s", "sofa", -2.5, 0, SOFA, yaw=SOUTH)], None),
    ("angled toward the centre", {"kind": "facing_center", "what": "armchair"},
     [obj("a", "armchair", 2.5, 2.5, CHAIR, yaw=facing_yaw(2.5, 2.5, 0, 0))], [obj("a", "armchair", 2.5, 2.5, CHAIR)],
     None),
    ("on the floor", {"kind": "on_floor", "what": "lamp"},
     [obj("l", "floor lamp", 1, 1, LAMP)], [obj("l", "floor lamp", 1, 1, LAMP, z=0.4)], None),
    ("one in every corner", {"kind": "each_corner", "what": "plant"},
     [obj(f"p{i}", "plant", x, y, (0.4, 0.4, 1.0)) for i, (x, y) in enumerate(CORNERS)],
     [obj(f"p{i}", "plant", x, y, (0.4, 0.4, 1.0)) for i, (x, y) in enumerate(CORNERS[:3] + [(0, 0)])], None),
    ("doorway clear", {"kind": "clear", "opening": "door", "wall": "south"},
     [obj("s", "sofa", 0, 2.5, SOFA)], [obj("c", "chair", 0.2, -2.6, CHAIR)], DOOR_S),
    ("under the window", {"kind": "under_window", "what": ["desk", "bookshelf"], "wall": "north"},
     [obj("d", "desk", 0, 2.58, DESK, yaw=SOUTH)], [obj("b", "bookshelf", 0, 2.8, (0.9, 0.35, 1.8))], WINDOW_N),
    ("next to the door", {"kind": "near_opening", "what": "coat_rack", "opening": "door", "max": 0.8},
     [obj("c", "coat stand", 0.9, -2.7, (0.5, 0.5, 1.8))], [obj("c", "coat stand", 2.5, 2.5, (0.5, 0.5, 1.8))], DOOR_S),
    ("no big overlaps", {"kind": "no_overlap"},
     [obj("a", "chair", 0, 0, CHAIR), obj("b", "chair", 0.7, 0, CHAIR)],
     [obj("a", "chair", 0, 0, CHAIR), obj("b", "chair", 0.2, 0, CHAIR)], None),
    ("a chair tucked in is no overlap, one inside the table is", {"kind": "no_overlap"},
     [obj("t", "table", 0, 0, TABLE), obj("c", "chair", 0, -0.5, CHAIR, yaw=NORTH)],
     [obj("t", "table", 0, 0, TABLE), obj("c", "chair", 0, -0.1, CHAIR, yaw=NORTH)], None),
    ("a bin in the open space under a desk is no overlap, a cabinet as tall as the desk is", {"kind": "no_overlap"},
     [obj("d", "desk", 0, 0, DESK), obj("b", "bin", 0.2, 0, (0.3, 0.3, 0.35))],
     [obj("d", "desk", 0, 0, DESK), obj("c", "cabinet", 0.2, 0, (0.4, 0.4, 0.8))], None),
    ("a bench under a tree's crown is no overlap, one through its trunk is", {"kind": "no_overlap"},
     [obj("t", "tree", 0, 0, (4.0, 4.0, 5.5)), obj("b", "bench", 1.0, 0, (1.2, 0.4, 0.8))],
     [obj("t", "tree", 0, 0, (4.0, 4.0, 5.5)), obj("b", "bench", 0.1, 0, (1.2, 0.4, 0.8))], None),
    ("a lounger under a parasol's canopy is no overlap, one through its pole is", {"kind": "no_overlap"},
     [obj("p", "parasol", 0, 0, (2.4, 2.4, 2.35)), obj("l", "sun lounger", 0.7, 0, (0.7, 1.9, 0.4))],
     [obj("p", "parasol", 0, 0, (2.4, 2.4, 2.35)), obj("l", "sun lounger", 0.2, 0, (0.7, 1.9, 0.4))], None),
    ("nothing floating", {"kind": "grounded"},
     [obj("d", "desk", 0, 0, DESK), obj("l", "lamp", 0.4, 0, (0.3, 0.3, 0.5), z=0.75)],
     [obj("d", "desk", 0, 0, DESK), obj("l", "lamp", 1.5, 1.5, (0.3, 0.3, 0.5), z=0.75)], None),
    ("a wall-hung thing is held, a floating one is not", {"kind": "grounded"},
     [obj("p", "painting", 0, 2.97, (0.8, 0.05, 0.6), z=1.3)], [obj("p", "painting", 0, 1.5, (0.8, 0.05, 0.6), z=1.3)],
     None),
    ("a ceiling-hung pendant on its cord is held, the same lamp without its mount floats", {"kind": "grounded"},
     [obj("p", "pendant lamp", 0, 0, (0.4, 0.4, 0.4), z=2.0, mount="ceiling"),
      obj("f", "ceiling fan", 1.5, 0, (1.2, 1.2, 0.4), z=2.2, mount="ceiling")],
     [obj("p", "pendant lamp", 0, 0, (0.4, 0.4, 0.4), z=2.0),
      obj("f", "ceiling fan", 1.5, 0, (1.2, 1.2, 0.4), z=0.6, mount="ceiling")], None),
    ("inside the room", {"kind": "inside_room"},
     [obj("s", "sofa", 1.9, 0, SOFA)], [obj("s", "sofa", 2.6, 0, SOFA)], None),
]


@pytest.mark.parametrize("name, spec, good, bad, room", CASES, ids=[c[0] for c in CASES])
def test_the_good_layout_passes(name: str, spec: dict, good: list, bad: list, room: dict | None) -> None:
    ok, detail = judge(spec, good, v2=room)
    assert ok, f"{name}: {detail}"


@pytest.mark.parametrize("name, spec, good, bad, room", CASES, ids=[c[0] for c in CASES])
def test_the_planted_defect_fails(name: str, spec: dict, good: list, bad: list, room: dict | None) -> None:
    if bad or room is None:
        ok, detail = judge(spec, bad, v2=room)
    else:
        ok, detail = judge(spec, bad, v2={**room, "openings": [], "floor": {"words": ["white"]}})
    assert not ok, f"{name}: the defect passed ({detail})"


def test_room_checks_fail_without_a_v2_room() -> None:
    """A v1 layout has no doors, windows or finishes: those checks fail instead of passing."""
    assert not judge({"kind": "opening", "opening": "door"}, [])[0]
    assert not judge({"kind": "clear", "opening": "door"}, [])[0]
    assert not judge({"kind": "finish", "part": "walls", "colour": "black"}, [])[0]


def test_room_size_checks_the_bounds() -> None:
    from setdresser.tests.benchmark.fidelity.checks_things import room_size
    from setdresser.tests.benchmark.fidelity.scene import view
    from setdresser.tests.benchmark.layouts import layout
    assert not room_size(view(layout([], bounds=((-2, -3, 0), (2, 3, 3)))), {"square": True})[0]
    assert not room_size(view(layout([], bounds=((-2, -3, 0), (2, 3, 3)))), {"width": 5, "depth": 5})[0]
    assert room_size(view(layout([], bounds=((-2, -2.5, 0), (2, 2.5, 3)))), {"width": 5, "depth": 4})[0]


def test_outdoor_needs_an_outdoor_room() -> None:
    assert judge({"kind": "outdoor"}, [], v2={"kind": "outdoor"})[0]
    assert not judge({"kind": "outdoor"}, [], v2={"kind": "indoor"})[0]


def test_labelled_boxes_are_read_from_v1_assets_and_report_warnings() -> None:
    person = obj("p", "person", 0, 0, (0.5, 0.3, 1.7))
    assert not judge({"kind": "no_boxes"}, [{**person, "asset": "procedural:unknown"}])[0]
    warning = {"warnings": ["no asset for 'girl hunter': using a box labelled 'girl hunter' of 0.5x0.5x0.5 m"]}
    ok, detail = judge({"kind": "no_boxes"}, [person], report=warning)
    assert not ok and "girl hunter" in detail


def test_a_family_shape_is_not_a_labelled_box() -> None:
    """A v2 object drawn by a family shape keeps the catalog's procedural:unknown asset: no box."""
    knight = {**obj("k", "knight", 0, 0, (0.5, 0.3, 1.75)), "asset": "procedural:unknown"}
    assert judge({"kind": "no_boxes"}, [{**knight, "asset_fallback": "family:person"}])[0]
    ok, detail = judge({"kind": "no_boxes"}, [{**knight, "asset_fallback": "box"}])
    assert not ok and "knight" in detail


def test_door_and_window_objects_flush_with_a_wall_count_as_openings() -> None:
    door = obj("d", "door", 0, -2.97, (0.9, 0.05, 2.1))
    assert judge({"kind": "opening", "opening": "door", "wall": "south"}, [door])[0]
    assert not judge({"kind": "opening", "opening": "door", "wall": "south"}, [{**door, "location": [0, 0, 0]}])[0]


def test_planets_may_float_unless_the_prompt_says_otherwise() -> None:
    planet = obj("p", "planet", 0, 0, (1, 1, 1), z=1.0)
    assert judge({"kind": "grounded"}, [planet])[0]
    assert not judge({"kind": "grounded", "float_ok": ["sun"]}, [planet])[0]


def test_the_long_and_the_short_wall_follow_the_room_shape() -> None:
    """``wall: "long"`` is either long wall of the room, ``"short"`` either short one; a list names
    several ("a side wall": east or west)."""
    from setdresser.tests.benchmark.fidelity.checks_walls import against_wall
    from setdresser.tests.benchmark.fidelity.scene import view
    from setdresser.tests.benchmark.layouts import layout
    wide = ((-3, -2, 0), (3, 2, 3))  # 6 m east-west, 4 m north-south: north and south are long
    at_south = view(layout([obj("s", "sofa", 0, -1.55, SOFA, yaw=NORTH)], bounds=wide))
    at_east = view(layout([obj("s", "sofa", 2.55, 0, SOFA, yaw=WEST)], bounds=wide))
    assert against_wall(at_south, {"what": "sofa", "wall": "long", "back": True})[0]
    assert not against_wall(at_east, {"what": "sofa", "wall": "long", "back": True})[0]
    assert against_wall(at_east, {"what": "sofa", "wall": "short", "back": True})[0]
    assert against_wall(at_east, {"what": "sofa", "wall": ["east", "west"]})[0]
    assert not against_wall(at_south, {"what": "sofa", "wall": ["east", "west"]})[0]
