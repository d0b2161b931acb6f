"""A seat "under" a desk is tucked in at its front (relation under v4; solver10 triage #6: "push an office
chair under the desk", "a chair tucked under the front of it"). A 0.9 m chair can never stand beneath a
0.75 m desk, so under(chair, desk) could not hold and the solver left the chair where the footprint term was
least bad (centred inside the desk, or 0.3-0.7 m off). Now an a whose top stands above b's, or one the coder
marks ``tucked`` (a stool at a dressing table), is in front of b: beyond its front face (5 cm into the knee
space at most), gap <= 10 cm, within its width, facing it; what fits beneath (a box, a rug) still lies beneath.
The library's check, the independent evaluator and the solver agree."""

from __future__ import annotations

import numpy as np
import pytest

from setdresser.blender_addon.core.evaluation.checks import check_relation
from setdresser.blender_addon.core.evaluation.geometry import boxes_of
from setdresser.blender_addon.core.model import PROGRAM_SCHEMA, Bounds, layout_from_dict, program_from_dict
from setdresser.blender_addon.core.solver import solve
from setdresser.skill_library.base import Poses
from setdresser.skill_library.registry import default_registry
from setdresser.tests.benchmark.layouts import layout, obj

BOUNDS = Bounds((-3.0, -3.0, 0.0), (3.0, 3.0, 3.0))
DESK = (1.4, 0.7, 0.75)  # front: local -Y, so "in front" of an unturned desk is south of it
CHAIR = (0.45, 0.5, 0.9)
STOOL = (0.4, 0.4, 0.65)
SOUTH_FACING_NORTH = np.pi  # a chair's front is its local -Y: turned half round it looks north, at the desk


def _both(a_size: tuple, x: float, y: float, yaw: float, **params: object) -> tuple[bool, bool]:
    """(library check, evaluator check) of under(a, desk_1) with a at (x, y, yaw), the desk at the origin."""
    spec = default_registry().get("under")
    full = {p.name: p.default for p in spec.spec.params} | params
    poses = Poses(pos=np.array([[[x, y, 0.0], [0.0, 0.0, 0.0]]]), yaw=np.array([[yaw, 0.0]]),
                  size=np.array([[a_size, DESK]], dtype=float))
    library = bool(spec.check(poses, (0, 1), full)[0])
    boxes = boxes_of(layout_from_dict(layout([obj("desk_1", "desk", 0.0, 0.0, DESK),
                                              obj("a_1", "chair", x, y, a_size, yaw=yaw)])).objects)
    evaluator = check_relation("under", ("a_1", "desk_1"), params, boxes, BOUNDS).holds
    return library, evaluator


@pytest.mark.parametrize("y, yaw, holds", [
    (-0.35 - 0.25 - 0.03, SOUTH_FACING_NORTH, True),   # 3 cm off the front, facing the desk
    (-0.35 - 0.25 + 0.04, SOUTH_FACING_NORTH, True),   # 4 cm into the knee space
    (-0.35 - 0.25 - 0.30, SOUTH_FACING_NORTH, False),  # 30 cm off: not tucked in
    (-0.35 - 0.25 - 0.03, 0.0, False),                 # at the front, its back to the desk
    (0.0, SOUTH_FACING_NORTH, False),                  # inside the desk: where old main's footprint term led
    (0.35 + 0.25 + 0.03, 0.0, False),                  # behind it, at its back
])
def test_a_chair_taller_than_the_desk_is_tucked_in_at_its_front(y: float, yaw: float, holds: bool) -> None:
    assert _both(CHAIR, 0.1, y, yaw) == (holds, holds)


def test_a_lower_seat_is_tucked_in_when_the_program_says_so_and_a_box_still_lies_beneath() -> None:
    front = -0.35 - 0.2 - 0.03
    assert _both(STOOL, 0.0, front, SOUTH_FACING_NORTH) == (False, False)  # it fits beneath: beneath, by default
    assert _both(STOOL, 0.0, front, SOUTH_FACING_NORTH, tucked=True) == (True, True)
    assert _both(STOOL, 0.2, 0.1, 0.0, tucked=True) == (False, False)
    assert _both((0.4, 0.3, 0.3), 0.2, 0.1, 0.0) == (True, True)  # a box under the desk: beneath it


def _study(tucked_stool: bool) -> dict:
    def rel(relation: str, *args: str, **params: object) -> dict:
        return {"relation": relation, "args": list(args), "params": params}

    seat = ("stool_1", STOOL) if tucked_stool else ("chair_1", CHAIR)
    return {"schema": PROGRAM_SCHEMA, "bounds": {"min": [-2.0, -2.0, 0.0], "max": [2.0, 2.0, 2.7]},
            "objects": [{"id": "desk_1", "category": "desk", "dimensions": list(DESK)},
                        {"id": seat[0], "category": seat[0][:-2], "dimensions": list(seat[1])},
                        {"id": "lamp_1", "category": "lamp", "dimensions": [0.3, 0.3, 0.5]}],
            "constraints": [rel("against_wall", "desk_1", wall="north"), rel("on_top_of", "lamp_1", "desk_1"),
                            rel("under", seat[0], "desk_1", **({"tucked": True} if tucked_stool else {}))]}


@pytest.mark.parametrize("tucked_stool", [False, True])
def test_the_solver_tucks_the_seat_in_at_the_desk(tucked_stool: bool) -> None:
    for seed in range(2):
        layout_ = solve(program_from_dict(_study(tucked_stool)), seed=seed)
        assert layout_.checks.valid and all(c.satisfied for c in layout_.constraints), seed  # old main: never
        seat = next(o for o in layout_.objects if o.id != "desk_1" and o.id != "lamp_1")
        desk = next(o for o in layout_.objects if o.id == "desk_1")
        assert seat.location[1] < desk.location[1] - 0.35  # on the room side of a desk against the north wall
