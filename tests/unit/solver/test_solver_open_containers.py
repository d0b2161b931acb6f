"""What stands out of an open container still rests *inside* it (issue 14): "an old man relaxing in a
bathtub" was left on the floor in the tub's place (a seated man is taller than the tub, so the solver
found no room for him *in* it and the relation could never hold), "a cat curled up in a basket" too
(its curled body a little longer than the basket). The knowledge defaults give ``inside`` the
overhang (``above_rim`` over the rim from the inner floor, a figure's ``tolerance`` over the sides)."""

from __future__ import annotations

import numpy as np
import pytest

from setdresser.blender_addon.core.architecture.mounting import complete_program
from setdresser.blender_addon.core.model import PROGRAM_SCHEMA, Program, program_from_dict
from setdresser.blender_addon.core.solver.api import solve
from setdresser.skill_library.base import Poses
from setdresser.skill_library.registry import default_registry

EFFORT = 0.167


def _program(inner: dict, outer: dict, params: dict | None = None) -> Program:
    return program_from_dict({
        "schema": PROGRAM_SCHEMA, "bounds": {"min": [-2, -2, 0], "max": [2, 2, 3]},
        "objects": [inner, outer],
        "constraints": [{"relation": "inside", "args": [inner["id"], outer["id"]], "params": params or {}}]})


MAN = {"id": "man_1", "category": "man", "dimensions": [0.45, 0.35, 0.96]}  # seated
TUB = {"id": "tub_1", "category": "bathtub", "dimensions": [1.7, 0.78, 0.58]}
CAT = {"id": "cat_1", "category": "cat", "dimensions": [0.2, 0.45, 0.3]}  # curled up, longer than the basket
BASKET = {"id": "basket_1", "category": "basket", "dimensions": [0.4, 0.3, 0.3]}


@pytest.mark.parametrize("inner, outer", [(MAN, TUB), (CAT, BASKET)])
def test_a_figure_too_big_for_its_container_rests_in_it(inner: dict, outer: dict) -> None:
    layout = solve(_program(inner, outer), seed=0, effort=EFFORT)
    placed = {o.id: o for o in layout.objects}
    assert placed[inner["id"]].support == outer["id"]
    assert all(c.satisfied for c in layout.constraints if c.relation == "inside")
    child, box = placed[inner["id"]].location, placed[outer["id"]].location
    assert abs(child[0] - box[0]) < 0.2 and abs(child[1] - box[1]) < 0.2  # over the container, not beside it


def test_the_overhang_is_the_part_above_the_inner_floor_s_rim() -> None:
    done = complete_program(_program(MAN, TUB))
    tub = next(o for o in done.objects if o.id == "tub_1")
    basin = min(s.height for s in tub.surfaces if s.height < 0.58)
    params = next(c.params for c in done.constraints if c.relation == "inside")
    assert params["above_rim"] == pytest.approx(basin + 0.96 - 0.58 + 0.02, abs=1e-3)  # RIM_SLACK to spare
    assert "tolerance" not in params  # a seated man fits the tub's footprint


def test_a_stated_overhang_is_kept_and_what_fits_gets_none() -> None:
    done = complete_program(_program(MAN, TUB, {"above_rim": 0.1}))
    assert next(c.params for c in done.constraints if c.relation == "inside")["above_rim"] == 0.1
    ball = {"id": "ball_1", "category": "ball", "dimensions": [0.1, 0.1, 0.1]}
    done = complete_program(_program(ball, BASKET))
    assert next(c.params for c in done.constraints if c.relation == "inside") == {}


def test_above_rim_lets_only_the_top_stand_out() -> None:
    """The relation's own check: the top may stand above_rim higher, the sides keep the tolerance."""
    inside = default_registry().get("inside")
    pos = np.array([[[0.0, 0.0, 0.1], [0.0, 0.0, 0.0]], [[0.9, 0.0, 0.1], [0.0, 0.0, 0.0]]])
    yaw = np.zeros((2, 2))
    size = np.array([[[0.4, 0.3, 0.9], [1.7, 0.78, 0.58]]] * 2)
    poses = Poses(pos, yaw, size)
    ok = inside.check(poses, (0, 1), {"tolerance": 0.01, "above_rim": 0.5})
    assert list(ok) == [True, False]  # sticking out of the top: fine; half past the end: not
    assert not inside.check(poses, (0, 1), {"tolerance": 0.01, "above_rim": 0.0})[0]
