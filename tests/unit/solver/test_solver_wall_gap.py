"""against_wall v4 takes a floor for its gap (``min_gap``): "the treadmill a metre out from the north wall"
(measure12 left it not understood: the relation had only a ceiling, max_gap). The relation, its move (the
middle of the band), the solver and the independent evaluator read it alike; without it, as v3."""

from __future__ import annotations

import numpy as np
import pytest

from setdresser.blender_addon.core.evaluation.checks import check_relation
from setdresser.blender_addon.core.evaluation.geometry import Box
from setdresser.blender_addon.core.model import Bounds, program_from_dict
from setdresser.blender_addon.core.solver import solve
from setdresser.skill_library.base import Poses
from setdresser.skill_library.registry import default_registry
from solver_scenes import obj, rel, room

BMIN, BMAX = np.array([-2.0, -2.0, 0.0]), np.array([2.0, 2.0, 2.7])


def _holds(y: float, params: dict) -> bool:
    """A 1.8 x 0.8 m treadmill square to the north wall, its centre at ``y``."""
    relation = default_registry().get("against_wall")
    filled = {p.name: p.default for p in relation.spec.params} | {"wall": "north"} | params
    poses = Poses(np.array([[[0.0, y, 0.0]]]), np.array([[0.0]]), np.array([[[1.8, 0.8, 1.4]]]), BMIN, BMAX)
    return bool(relation.check(poses, (0,), filled)[0])


def test_the_gap_has_a_floor() -> None:
    flush, metre_out = 2.0 - 0.4, 2.0 - 0.4 - 1.0
    assert _holds(flush, {}) and not _holds(metre_out, {})  # v3: only flush
    assert not _holds(flush, {"min_gap": 1.0}) and _holds(metre_out, {"min_gap": 1.0})
    assert _holds(metre_out - 0.15, {"min_gap": 1.0, "max_gap": 1.2}) and not _holds(metre_out - 0.15, {"min_gap": 1.0})


def test_the_evaluator_reads_the_floor() -> None:
    bounds = Bounds(tuple(BMIN), tuple(BMAX))
    for y, params, holds in ((1.6, {}, True), (1.6, {"min_gap": 1.0}, False), (0.6, {"min_gap": 1.0}, True)):
        boxes = {"treadmill_1": Box("treadmill_1", "treadmill", 0.0, y, 0.9, 0.4, 0.0, 0.0, 1.4)}
        check = check_relation("against_wall", ["treadmill_1"], {"wall": "north"} | params, boxes, bounds)
        assert check.holds == holds, (y, params, check)


@pytest.mark.parametrize("seed", range(2))
def test_the_solver_stands_it_a_metre_out(seed: int) -> None:
    program = {"schema": "setdresser.program/1", "bounds": room(5.0, 5.0),
               "objects": [obj("treadmill_1", (0.8, 1.8, 1.4)), obj("exercise_bike_1", (0.5, 1.1, 1.2))],
               "constraints": [rel("against_wall", "treadmill_1", wall="north", min_gap=1.0),
                               rel("proximity", "exercise_bike_1", "treadmill_1", max_distance=0.6)]}
    layout = solve(program_from_dict(program), seed=seed)
    assert all(c.satisfied for c in layout.constraints), [c.relation for c in layout.constraints if not c.satisfied]
    treadmill = next(o for o in layout.objects if o.id == "treadmill_1")
    assert abs(treadmill.rotation_euler[2]) < np.deg2rad(30)  # its back to the wall
