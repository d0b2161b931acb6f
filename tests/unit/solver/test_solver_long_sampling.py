"""Random poses of a thing nearly as long as the room keep it in the room (issue 14): a 93 m street in a
95 m scene was sampled with its centre anywhere and at any yaw, so the best of the first batch was a
street turned 53 degrees, half out of the scene, and the houses lining it were never placed. Its
centre now keeps half its turned extent from each wall (the middle where it cannot fit that way)."""

from __future__ import annotations

import numpy as np

from setdresser.blender_addon.core.model import PROGRAM_SCHEMA, program_from_dict
from setdresser.blender_addon.core.solver.discrete import plan_variants
from setdresser.blender_addon.core.solver.problem import compile_program
from setdresser.blender_addon.core.solver.sampling import class_yaws, random_poses
from setdresser.skill_library.moves import Context


def _setup(length: float):
    program = program_from_dict({
        "schema": PROGRAM_SCHEMA, "bounds": {"min": [-48, -48, 0], "max": [48, 48, 8]},
        "objects": [{"id": "street", "category": "street", "dimensions": [6.0, length, 0.02]},
                    {"id": "bin", "category": "bin", "dimensions": [0.5, 0.5, 0.8]}],
        "constraints": []})
    problem = compile_program(program)
    plan = plan_variants(problem, np.random.default_rng(0), 1)[0]
    ctx = Context(np.zeros((problem.count, 3)), np.zeros(problem.count), problem.base_size.copy(),
                  problem.bounds_min, problem.bounds_max, np.random.default_rng(1), np.zeros(problem.count, bool))
    return problem, plan, ctx


def _out_of_bounds(pose: np.ndarray, size: np.ndarray) -> float:
    c, s = abs(np.cos(pose[2])), abs(np.sin(pose[2]))
    half = 0.5 * np.array([size[0] * c + size[1] * s, size[0] * s + size[1] * c])
    return float(np.max(np.maximum(np.abs(pose[:2]) + half - 48.0, 0.0)))


def test_a_long_thing_is_sampled_inside_the_bounds_wherever_it_fits() -> None:
    problem, plan, ctx = _setup(90.0)
    poses = random_poses(problem, plan, ctx, 0, 400)
    size = problem.base_size[0]
    for pose in poses:
        fits = _out_of_bounds(np.array([0.0, 0.0, pose[2]]), size) == 0.0
        assert _out_of_bounds(pose, size) <= (1e-6 if fits else _out_of_bounds(np.array([0, 0, pose[2]]), size) + 1e-6)
    axis = [p for p in poses if abs(np.sin(2 * p[2])) < 1e-9]
    assert len(axis) > 200 and all(_out_of_bounds(p, size) < 1e-6 for p in axis)


def test_small_things_are_sampled_as_before() -> None:
    """The bin keeps half its short side from the walls, drawn from the same numbers as before."""
    problem, plan, ctx = _setup(90.0)
    poses = random_poses(problem, plan, ctx, 1, 50)
    rng = np.random.default_rng(1)
    yaw = np.where(rng.random(50) < 0.7, class_yaws(plan, 1, rng, 50), rng.uniform(-np.pi, np.pi, 50))
    xy = rng.uniform(problem.bounds_min[:2] + 0.25, problem.bounds_max[:2] - 0.25, (50, 2))
    assert np.array_equal(poses[:, 2], yaw) and np.array_equal(poses[:, :2], xy)
