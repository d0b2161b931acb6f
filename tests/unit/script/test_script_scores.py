"""Scoring functions are interpreted vectorised: one walk of the function over the whole batch
gives the same numbers as the numpy code it reads like; errors name the function's line."""
from __future__ import annotations

import numpy as np
import pytest
from setdresser.blender_addon.core.model import program_from_dict
from setdresser.blender_addon.core.script import (
    ScriptError,
    compile_score,
    custom_relations,
)
from setdresser.skill_library.base import Poses

PARALLEL = '''@custom_relation("parallel")
def parallel(poses, idx, params):
    d = poses.yaw[:, idx[0]] - poses.yaw[:, idx[1]]
    err = np.abs(np.arctan2(np.sin(2 * d), np.cos(2 * d))) / 2
    tol = np.deg2rad(params.get("tolerance_deg", 10.0))
    return np.exp(-((np.maximum(err - tol, 0.0) / 0.3) ** 2))
'''


def _poses(batch: int = 64, count: int = 3, seed: int = 0) -> Poses:
    rng = np.random.default_rng(seed)
    return Poses(pos=rng.uniform(-2, 2, (batch, count, 3)), yaw=rng.uniform(-np.pi, np.pi, (batch, count)),
                 size=rng.uniform(0.2, 1.0, (batch, count, 3)), bounds_min=np.array([-3.0, -3, 0]),
                 bounds_max=np.array([3.0, 3, 3]))


def test_a_learned_score_matches_its_numpy_reading() -> None:
    poses = _poses()
    d = poses.yaw[:, 0] - poses.yaw[:, 2]
    err = np.abs(np.arctan2(np.sin(2 * d), np.cos(2 * d))) / 2
    expected = np.exp(-((np.maximum(err - np.deg2rad(5.0), 0.0) / 0.3) ** 2))
    got = compile_score("parallel", PARALLEL)(poses, (0, 2), {"tolerance_deg": 5.0})
    np.testing.assert_allclose(got, expected)


def test_helpers_loops_methods_and_bounds_inside_a_score() -> None:
    source = '''import math

@custom_relation("inside_room")
def inside_room(poses, idx, params):
    def margin(lo, hi, x):
        return np.minimum(x - lo, hi - x)
    p = poses.pos[:, idx[0], :2]
    total = np.zeros(poses.batch)
    for axis in range(2):
        total = total + np.clip(margin(poses.bounds_min[axis], poses.bounds_max[axis], p[:, axis]), -1, 0)
    half = poses.size[:, idx[0], :2].max(axis=-1) / 2
    return np.where(total >= 0, 1.0, np.exp(total)) * (half.shape[0] == poses.batch) + 0 * math.pi
'''
    poses = _poses()
    got = compile_score("inside_room", source)(poses, (1,), {})
    p = poses.pos[:, 1, :2]
    total = sum(np.clip(np.minimum(p[:, a] + 3, 3 - p[:, a]), -1, 0) for a in range(2))
    np.testing.assert_allclose(got, np.where(total >= 0, 1.0, np.exp(total)))


def test_scores_are_clipped_and_shapes_checked() -> None:
    poses = _poses(batch=8)
    double = compile_score("x", '@custom_relation("x")\ndef x(poses, idx, params):\n    return 2.0\n')
    assert (double(poses, (0,), {}) == 1.0).all()
    wrong = compile_score("x", '@custom_relation("x")\ndef x(poses, idx, params):\n    return np.ones((2, 2))\n')
    with pytest.raises(ScriptError, match=r"shape \(2, 2\)"):
        wrong(poses, (0,), {})


def test_a_failing_score_names_its_line() -> None:
    source = '@custom_relation("x")\ndef x(poses, idx, params):\n    a = poses.pos[:, idx[0]]\n    return a[:, 7]\n'
    with pytest.raises(ScriptError, match=r"custom:x line 4, column 12: IndexError"):
        compile_score("x", source)(_poses(count=1), (0,), {})


def test_a_score_source_holds_only_its_function() -> None:
    with pytest.raises(ScriptError, match="holds only"):
        compile_score("x", 'bounds(min=(0, 0, 0), max=(1, 1, 1))\n@custom_relation("x")\ndef x(poses, idx, p):\n'
                           '    return 1.0\n')
    with pytest.raises(ScriptError, match="does not define|holds only"):
        compile_score("y", '@custom_relation("x")\ndef x(poses, idx, params):\n    return 1.0\n')


def test_an_endless_score_stops_at_its_step_budget() -> None:
    score = compile_score("x", '@custom_relation("x")\ndef x(poses, idx, params):\n    t = 0\n'
                               '    for i in range(10 ** 9):\n        t = t + 1\n    return t\n')
    with pytest.raises(ScriptError, match="steps"):
        score(_poses(batch=4), (0,), {})


def test_custom_relations_score_and_check_for_the_solver() -> None:
    program = program_from_dict({
        "schema": "setdresser.program/1",
        "objects": [{"id": "a", "category": "chair", "dimensions": [0.5, 0.5, 0.9]},
                    {"id": "b", "category": "chair", "dimensions": [0.5, 0.5, 0.9]}],
        "constraints": [{"relation": "custom:parallel", "args": ["a", "b"], "params": {"tolerance_deg": 10.0}}],
        "custom_functions": {"parallel": PARALLEL}})
    relation = custom_relations(program)["custom:parallel"]
    poses = Poses(pos=np.zeros((2, 2, 3)), yaw=np.array([[0.0, 0.05], [0.0, 1.2]]), size=np.ones((2, 2, 3)))
    assert relation.check(poses, (0, 1), {"tolerance_deg": 10.0}).tolist() == [True, False]
    assert relation.spec.min_args == 2 and relation.spec.params[0].name == "tolerance_deg"
