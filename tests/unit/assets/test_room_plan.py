"""Walls cut around doors and windows (pure geometry of bl/room_plan, no bpy)."""

from __future__ import annotations

import pytest
from setdresser.blender_addon.bl.room_plan import WALL_THICKNESS, room_spec, wall_boxes
from setdresser.blender_addon.core.errors import BadInput

LO, HI = (-3.0, -2.0, 0.0), (3.0, 2.0, 2.7)


def _room(*openings: dict, **extra) -> dict:
    return {"kind": "indoor", "height": 2.7, "openings": list(openings), **extra}


def _solid_at(boxes, x: float, y: float, z: float, part: str = "wall") -> bool:
    return any(b.part == part and all(lo <= v <= hi for lo, v, hi in zip(b.lo, (x, y, z), b.hi)) for b in boxes)


def test_a_door_is_a_hole_with_a_leaf_and_the_wall_stands_around_it() -> None:
    door = {"id": "door_1", "kind": "door", "wall": "north", "offset": 1.0, "width": 0.9, "height": 2.1, "sill": 0.0}
    boxes = wall_boxes(room_spec(_room(door)), LO, HI)
    y = HI[1] + WALL_THICKNESS / 2
    assert not _solid_at(boxes, 1.0, y, 1.0)  # the hole
    assert _solid_at(boxes, 1.0, y, 2.5)  # the lintel above it
    assert _solid_at(boxes, 0.0, y, 1.0) and _solid_at(boxes, 2.0, y, 1.0)  # the wall beside it
    assert any(b.part == "leaf" and b.owner == "door_1" for b in boxes)
    assert sum(b.part == "frame" and b.owner == "door_1" for b in boxes) == 3
    # every wall piece stands outside the room: its inner face on the bounds' side
    assert all(b.lo[1] >= HI[1] - 1e-9 for b in boxes if b.owner == "north_wall")


def test_a_window_has_wall_under_its_sill_glass_and_mullions() -> None:
    window = {"id": "window_1", "kind": "window", "wall": "west", "offset": -0.5, "width": 1.2, "height": 1.2, "sill": 0.9}
    boxes = wall_boxes(room_spec(_room(window)), LO, HI)
    x = LO[0] - WALL_THICKNESS / 2
    assert _solid_at(boxes, x, -0.5, 0.5)  # under the sill
    assert not _solid_at(boxes, x, -0.5, 1.4)  # the opening (glass is not wall)
    assert _solid_at(boxes, x, -0.5, 2.4)  # above
    parts = {b.part for b in boxes if b.owner == "window_1"}
    assert {"glass", "mullion", "sill", "frame"} <= parts


def test_near_walls_are_low_and_an_l_room_has_six_walls() -> None:
    boxes = wall_boxes(room_spec(_room()), LO, HI, sides=("north", "west"), low_height=0.1)
    assert max(b.hi[2] for b in boxes if b.owner == "south_wall") == pytest.approx(0.1)
    assert max(b.hi[2] for b in boxes if b.owner == "north_wall") == pytest.approx(2.7)
    spec = room_spec(_room(shape="L", notch={"corner": "ne", "size": [2.0, 1.0]}))
    boxes = wall_boxes(spec, LO, HI)
    north = [b for b in boxes if b.owner == "north_wall"]
    assert {round(b.lo[1], 3) for b in north} == {HI[1], HI[1] - 1.0}  # the long side and the notch's side
    assert not _solid_at(boxes, 2.0, HI[1] + WALL_THICKNESS / 2, 1.0)  # no wall across the cut-out corner


def test_bad_openings_are_named() -> None:
    with pytest.raises(BadInput, match=r"openings\[0\]"):
        room_spec(_room({"kind": "door", "wall": "up"}))
    with pytest.raises(BadInput, match="width"):
        room_spec(_room({"kind": "door", "wall": "north", "width": "wide"}))
    assert room_spec(None) is None
