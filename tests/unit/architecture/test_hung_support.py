"""``setdresser.layout/4``: what holds a hung object is its wall (``north_wall``) or the ceiling, not
"ground" (docs/contracts.md). Layouts /1-/3 said "ground" for them and are still read, as /4."""

from __future__ import annotations

import copy
import json
import math

import pytest
from setdresser.blender_addon.core.architecture.geometry import hung_support
from setdresser.blender_addon.core.model import LAYOUT_SCHEMA, layout_from_dict, program_from_dict
from setdresser.blender_addon.core.solver.api import solve

BOUNDS = {"min": [-2.0, -1.5, 0.0], "max": [2.0, 1.5, 2.6]}
LO, HI = BOUNDS["min"], BOUNDS["max"]


def _program() -> dict:
    objects = [{"id": "painting_1", "category": "painting", "dimensions": [0.8, 0.04, 0.6]},
               {"id": "mirror_1", "category": "mirror", "dimensions": [0.5, 0.04, 0.9]},
               {"id": "pendant_1", "category": "pendant lamp", "dimensions": [0.4, 0.4, 0.5], "mount": "ceiling"},
               {"id": "table_1", "category": "table", "dimensions": [1.2, 0.8, 0.75]},
               {"id": "vase_1", "category": "vase", "dimensions": [0.15, 0.15, 0.3]}]
    constraints = [{"relation": "on_wall", "args": ["painting_1"], "params": {"wall": "north"}},
                   {"relation": "on_wall", "args": ["mirror_1"], "params": {"wall": "west"}},
                   {"relation": "on_top_of", "args": ["vase_1", "table_1"]}]
    return {"schema": "setdresser.program/2", "bounds": BOUNDS, "room": {"kind": "indoor", "height": 2.6},
            "objects": objects, "constraints": constraints}


@pytest.fixture(scope="module")
def layout() -> dict:
    return solve(program_from_dict(_program()), seed=1, effort=0.667).to_dict()


def test_a_hung_object_is_supported_by_its_wall_or_the_ceiling(layout: dict) -> None:
    objects = {o["id"]: o for o in layout["objects"]}
    assert layout["schema"] == LAYOUT_SCHEMA == "setdresser.layout/4"
    assert objects["painting_1"]["support"] == "north_wall" and objects["mirror_1"]["support"] == "west_wall"
    assert objects["painting_1"]["mount"] == "wall" and objects["painting_1"]["support_surface"] is None
    assert objects["pendant_1"]["support"] == "ceiling" and objects["pendant_1"]["mount"] == "ceiling"
    assert objects["table_1"]["support"] == "ground" and objects["vase_1"]["support"] == "table_1"
    wall_ids = {s["id"] for s in layout["room"]["wall_segments"]}
    assert {"north_wall", "west_wall"} <= wall_ids  # the support names a wall of the layout's room


def test_the_same_program_and_seed_give_the_same_bytes(layout: dict) -> None:
    again = solve(program_from_dict(_program()), seed=1, effort=0.667).to_dict()
    assert json.dumps(again, sort_keys=True) == json.dumps(layout, sort_keys=True)


def test_a_layout_3_is_read_as_4(layout: dict) -> None:
    """A /3 file wrote "ground" (or null, for a kept object) under every hung thing."""
    old = copy.deepcopy(layout)
    old["schema"] = "setdresser.layout/3"
    for obj in old["objects"]:
        if obj["mount"] in ("wall", "ceiling"):
            obj["support"] = "ground" if obj["id"] != "mirror_1" else None
    read = {o.id: o for o in layout_from_dict(old).objects}
    assert (read["painting_1"].support, read["mirror_1"].support, read["pendant_1"].support) == \
        ("north_wall", "west_wall", "ceiling")
    assert read["table_1"].support == "ground" and read["vase_1"].support == "table_1"
    assert layout_from_dict(layout).to_dict() == layout  # /4 round-trips unchanged


def test_a_layout_without_a_room_keeps_ground() -> None:
    data = {"schema": "setdresser.layout/3", "objects": [
        {"id": "p", "category": "painting", "location": [0, 0, 1], "rotation_euler": [0, 0, 0],
         "dimensions": [1, 0.1, 1], "bbox_min": [-0.5, -0.05, 1], "bbox_max": [0.5, 0.05, 2], "support": "ground",
         "mount": "wall"}], "constraints": []}
    assert layout_from_dict(data).objects[0].support == "ground"


@pytest.mark.parametrize(("yaw", "expected"), [(0.0, "north_wall"), (math.pi / 2, "west_wall"),
                                                (-math.pi / 2, "east_wall"), (math.pi, "south_wall")])
def test_in_a_corner_the_wall_its_back_faces_holds_it(yaw: float, expected: str) -> None:
    """A thing hung in the north-east corner touches two walls; its back (local +Y) says which."""
    if expected in ("north_wall", "east_wall"):
        lo, hi = (HI[0] - 0.5, HI[1] - 0.5, 1.0), (HI[0], HI[1], 1.5)
    else:
        lo, hi = (LO[0], LO[1], 1.0), (LO[0] + 0.5, LO[1] + 0.5, 1.5)
    assert hung_support("wall", lo, hi, yaw, LO, HI) == expected


def test_only_hung_mounts_get_a_hung_support() -> None:
    box = ((-0.5, HI[1] - 0.05, 1.0), (0.5, HI[1], 1.6))
    assert hung_support("wall", *box, 0.0, LO, HI) == "north_wall"
    assert hung_support("ceiling", *box, 0.0, LO, HI) == "ceiling"
    assert hung_support("floor", *box, 0.0, LO, HI) is None and hung_support("surface", *box, 0.0, LO, HI) is None
