"""A row that stands beside one anchor is seeded along that side of it (issue 14): "a street with six
houses on each side" started its rows anywhere in the scene, and the search rarely brought a second
side's row of eight-metre houses back to the street. The analytic layout of a ``row`` whose members
all stand on one side of a placed anchor now runs along that side, just clear of it, square to it."""

from __future__ import annotations

import math

import numpy as np

from setdresser.blender_addon.core.model import PROGRAM_SCHEMA, program_from_dict
from setdresser.blender_addon.core.solver.groups import common_side, place_group
from setdresser.blender_addon.core.solver.problem import compile_program
from setdresser.skill_library.moves import Context


def _problem(side: str, street_yaw: float):
    houses = [{"id": f"h{i}", "category": "house", "dimensions": [8.0, 7.0, 6.0]} for i in range(4)]
    program = program_from_dict({
        "schema": PROGRAM_SCHEMA, "bounds": {"min": [-30, -30, 0], "max": [30, 30, 8]},
        "objects": [{"id": "street", "category": "street", "dimensions": [6.0, 40.0, 0.02]}, *houses],
        "constraints": [{"relation": "row", "args": [h["id"] for h in houses]}]
        + [{"relation": side, "args": [h["id"], "street"], "params": {"max_distance": 0.5}} for h in houses]})
    problem = compile_program(program)
    n = problem.count
    pos, yaw = np.zeros((n, 3)), np.zeros(n)
    yaw[0] = street_yaw
    active = np.zeros(n, dtype=bool)
    active[0] = True
    ctx = Context(pos, yaw, problem.base_size.copy(), problem.bounds_min, problem.bounds_max,
                  np.random.default_rng(0), active)
    row = next(c for c in problem.constraints if c.relation_name == "row")
    return problem, row, ctx


def test_a_row_beside_a_street_is_seeded_along_that_side() -> None:
    for side, sign in (("left_of", -1.0), ("right_of", 1.0)):
        for street_yaw in (0.0, math.pi / 2):
            problem, row, ctx = _problem(side, street_yaw)
            members, xy, yaw = place_group(problem, row, dict(row.params), ctx, 16)
            out = np.array([math.cos(street_yaw), math.sin(street_yaw)]) * sign  # the street's local x, that side
            across = xy @ out  # [16, 4]: distance from the street's axis, toward that side
            assert np.allclose(across, 3.0 + 3.5 + 0.05)  # half the street, half a house's depth, the gap
            along = xy @ np.array([-out[1], out[0]])
            assert np.all(np.abs(along) <= 20.0)  # within the street's length
            assert np.allclose(np.diff(np.sort(along, axis=1), axis=1), 8.0 + 0.1)  # side by side
            assert np.allclose(yaw, yaw[:, :1])  # square to the street, all alike


def test_only_a_shared_side_of_one_placed_anchor_counts() -> None:
    problem, row, ctx = _problem("left_of", 0.0)
    members = list(row.args)
    assert common_side(problem, members, ctx) is not None
    ctx.active[0] = False
    assert common_side(problem, members, ctx) is None  # the street is not placed yet
    ctx.active[0] = True
    assert common_side(problem, members[:3] + [0], ctx) is None  # one member has no side relation
