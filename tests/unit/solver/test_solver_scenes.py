"""The issue's "Must show" scenes: >= 95% of constraints hold, physics valid, and the layout
document is self-consistent (supports, boxes, bounds)."""

from __future__ import annotations

import numpy as np
import pytest

from setdresser.blender_addon.core.model import Layout, program_from_dict
from setdresser.blender_addon.core.solver import solve
from solver_scenes import ALL_SCENES


def _assert_consistent(layout: Layout) -> None:
    objects = layout.by_id()
    lo, hi = np.array(layout.bounds.min), np.array(layout.bounds.max)
    for obj in layout.objects:
        assert np.all(np.array(obj.bbox_min) >= lo - 1e-6) and np.all(np.array(obj.bbox_max) <= hi + 1e-6), obj.id
        if obj.support == "ground":
            assert obj.location[2] == pytest.approx(lo[2], abs=1e-6), obj.id
        else:
            parent = objects[obj.support]
            assert obj.location[2] == pytest.approx(parent.location[2] + parent.dimensions[2], abs=0.02), obj.id


@pytest.mark.parametrize("name", sorted(ALL_SCENES))
def test_scene_is_solved(name: str) -> None:
    program = program_from_dict(ALL_SCENES[name]())
    layout = solve(program, seed=0, effort=2.667)
    failing = [f"{c.relation}{c.args}" for c in layout.constraints if not c.satisfied]
    assert layout.satisfied_fraction() >= 0.95, failing
    assert layout.checks.collisions == []
    assert layout.checks.unsupported == []
    assert layout.checks.out_of_bounds == []
    assert len(layout.objects) == len(program.objects)
    _assert_consistent(layout)


def test_stacked_boxes_shrink_upwards() -> None:
    layout = solve(program_from_dict(ALL_SCENES["stacked_boxes"]()), seed=3, effort=1.667)
    boxes = layout.by_id()
    volumes = [float(np.prod(boxes[f"box_{k}"].dimensions)) for k in range(1, 5)]
    assert volumes == sorted(volumes, reverse=True) and len(set(volumes)) == 4
    assert [boxes[f"box_{k}"].support for k in range(1, 5)] == ["ground", "box_1", "box_2", "box_3"]
    for k in range(1, 5):  # every scale within the program's scale_range [0.5, 1.5] of 0.6 x 0.6 x 0.4
        assert 0.3 - 1e-6 <= boxes[f"box_{k}"].dimensions[0] <= 0.9 + 1e-6


def test_theater_seats_face_the_stage() -> None:
    layout = solve(program_from_dict(ALL_SCENES["theater"]()), seed=1, effort=2.667)
    objects = layout.by_id()
    stage = np.array(objects["stage_1"].location[:2])
    for k in range(1, 19):
        seat = objects[f"seat_{k}"]
        yaw = seat.rotation_euler[2]
        front = np.array([np.sin(yaw), -np.cos(yaw)])
        to_stage = (stage - np.array(seat.location[:2])) / np.linalg.norm(stage - np.array(seat.location[:2]))
        assert front @ to_stage > np.cos(np.radians(20.5))
