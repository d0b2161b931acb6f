"""Physics checks (CONTRACTS §4) and evaluate() on hand-made poses."""

from __future__ import annotations

import numpy as np

from setdresser.blender_addon.core.model import PlacedObject, program_from_dict
from setdresser.blender_addon.core.solver import PhysicsRules, evaluate, physics_checks
from solver_scenes import obj, rel, room

IDS = ["a", "b"]
SIZE = np.array([[1.0, 1.0, 1.0], [1.0, 1.0, 1.0]])


def _checks(pos, yaw=(0.0, 0.0), rules=PhysicsRules(), size=SIZE):
    return physics_checks(IDS, np.array(pos, float), np.array(yaw, float), size, rules=rules,
                          bounds_min=np.array([-3.0, -3.0, 0.0]), bounds_max=np.array([3.0, 3.0, 3.0]))


def test_overlap_beyond_one_centimetre_is_a_collision() -> None:
    assert _checks([[0, 0, 0], [0.995, 0, 0]]).collisions == []  # 5 mm overlap is tolerated
    hit = _checks([[0, 0, 0], [0.9, 0, 0]]).collisions
    assert [(a, b) for a, b, _ in hit] == [("a", "b")] and abs(hit[0][2] - 0.1) < 1e-9


def test_rotated_boxes_use_oriented_overlap() -> None:
    # a at 45 degrees reaches 0.707 m along x: 1.2 m apart is clear, 0.9 m collides
    assert _checks([[0, 0, 0], [1.21, 0, 0]], yaw=(np.pi / 4, 0)).collisions == []
    assert _checks([[0, 0, 0], [1.0, 0, 0]], yaw=(np.pi / 4, 0)).collisions != []


def test_exempt_pairs_may_overlap() -> None:
    rules = PhysicsRules(exempt=frozenset({frozenset((0, 1))}))
    assert _checks([[0, 0, 0], [0.5, 0, 0]], rules=rules).collisions == []


def test_floating_and_resting_objects() -> None:
    assert _checks([[0, 0, 0], [0, 0, 1.0]]).unsupported == []  # b on a's top
    assert _checks([[0, 0, 0], [0, 0, 1.015]]).unsupported == []  # within 2 cm
    assert _checks([[0, 0, 0], [0, 0, 1.05]]).unsupported == ["b"]
    assert _checks([[0, 0, 0], [0.7, 0, 1.0]]).unsupported == ["b"]  # centre beyond a's top
    assert _checks([[0, 0, 0], [0, 0, 1.5]], rules=PhysicsRules(floating=frozenset({1}))).unsupported == []


def test_out_of_bounds() -> None:
    assert _checks([[0, 0, 0], [2.6, 0, 0]]).out_of_bounds == ["b"]
    assert _checks([[0, 0, 0], [2.49, 0, 0]]).out_of_bounds == []
    assert _checks([[0, 0, 0], [0, 0, 2.5]]).out_of_bounds == ["b"]  # through the ceiling (and floating)


def _placed(oid: str, loc, dims, yaw=0.0) -> PlacedObject:
    half = np.array(dims[:2]) / 2
    return PlacedObject(oid, oid, None, tuple(loc), (0.0, 0.0, yaw), tuple(dims),
                        (loc[0] - half[0], loc[1] - half[1], loc[2]), (loc[0] + half[0], loc[1] + half[1], loc[2] + dims[2]))


def test_evaluate_scores_measured_poses() -> None:
    program = program_from_dict({"schema": "setdresser.program/1", "bounds": room(4, 4),
                                 "objects": [obj("desk_1", (1.2, 0.6, 0.75)), obj("lamp_1", (0.2, 0.2, 0.4)),
                                             obj("chair_1", (0.45, 0.45, 0.85))],
                                 "constraints": [rel("on_top_of", "lamp_1", "desk_1"),
                                                 rel("in_front_of", "chair_1", "desk_1", max_distance=0.5)]})
    good = [_placed("desk_1", (0, 0, 0), (1.2, 0.6, 0.75)), _placed("lamp_1", (0.3, 0, 0.75), (0.2, 0.2, 0.4)),
            _placed("chair_1", (0, -0.7, 0), (0.45, 0.45, 0.85))]
    results, checks = evaluate(program, good)
    assert [r.satisfied for r in results] == [True, True] and checks.valid
    assert all(r.score > 0.95 for r in results)
    bad = [good[0], _placed("lamp_1", (1.5, 1.5, 0.9), (0.2, 0.2, 0.4)), _placed("chair_1", (0, -0.2, 0), (0.45, 0.45, 0.85))]
    results, checks = evaluate(program, bad)
    assert [r.satisfied for r in results] == [False, False]
    assert checks.unsupported == ["lamp_1"]
    assert [(a, b) for a, b, _ in checks.collisions] == [("desk_1", "chair_1")]
