"""A hung or floating thing is supported only where its mount or relation holds it (physics §4.2):
a TV "on the north wall" 1.3 m from it, or turned 60 degrees off it, is reported unsupported; the
solver's finishing move puts a wall mount left off its wall flat on it."""

from __future__ import annotations

import math

import numpy as np
from setdresser.blender_addon.core.model import PlacedObject, program_from_dict
from setdresser.blender_addon.core.solver import PhysicsRules, evaluate, physics_checks
from setdresser.blender_addon.core.solver.api import solve
from setdresser.blender_addon.core.solver.discrete import plan_variants
from setdresser.blender_addon.core.solver.energy import Scorer, State
from setdresser.blender_addon.core.solver.finish import snap_mounts
from setdresser.blender_addon.core.solver.mounted import on_a_wall
from setdresser.blender_addon.core.solver.problem import compile_program

BOUNDS = {"min": [-2.5, -2.0, 0.0], "max": [2.5, 2.0, 2.7]}
ROOM = {"kind": "indoor", "height": 2.7}
LO, HI = np.array(BOUNDS["min"]), np.array(BOUNDS["max"])
TV = (1.2, 0.06, 0.7)


def _tv(x: float, y: float, yaw: float) -> tuple[np.ndarray, np.ndarray, np.ndarray]:
    return np.array([[x, y, 1.0]]), np.array([yaw]), np.array([TV])


def test_a_wall_mount_rests_only_flat_on_a_wall() -> None:
    north = HI[1] - TV[1] / 2  # back on the north wall's plane, facing south (yaw 0: front -Y)
    assert on_a_wall(*_tv(0.0, north, 0.0), 0, LO, HI)
    assert on_a_wall(*_tv(0.0, north - 0.02, 0.0), 0, LO, HI)  # 2 cm off: the relation's own contact
    assert not on_a_wall(*_tv(0.0, north - 1.3, 0.0), 0, LO, HI)  # 1.3 m into the room
    assert not on_a_wall(*_tv(0.0, north, math.radians(60)), 0, LO, HI)  # turned 60 deg: one end off
    assert not on_a_wall(*_tv(0.0, north, math.pi), 0, LO, HI)  # its face to the wall
    west = LO[0] + TV[1] / 2
    assert on_a_wall(*_tv(west, 0.5, math.pi / 2), 0, LO, HI)  # west wall, facing east
    assert not on_a_wall(*_tv(west + 0.29, 0.5, math.pi / 2 - math.radians(60)), 0, LO, HI)
    assert not on_a_wall(*_tv(0.0, north, 0.0), 0, None, None)  # no walls, nothing to hang on


def _checks(pos, yaw, size, rules) -> list[str]:
    return physics_checks(["a", "b"], np.array(pos, float), np.array(yaw, float), np.array(size, float),
                          rules=rules, bounds_min=LO, bounds_max=HI).unsupported


def test_hung_and_floating_objects_are_held_only_where_their_relation_puts_them() -> None:
    size = [[1.0, 1.0, 0.5], list(TV)]
    on_wall = PhysicsRules(on_walls=frozenset({1}))
    assert _checks([[0, 0, 0], [0, HI[1] - 0.03, 1.2]], [0, 0], size, on_wall) == []
    assert _checks([[0, 0, 0], [0, HI[1] - 1.33, 1.2]], [0, 0], size, on_wall) == ["b"]
    lamp = [[1.0, 1.0, 0.5], [0.3, 0.3, 0.4]]
    ceiling = PhysicsRules(from_ceiling={1: 2.0})
    assert _checks([[0, 0, 0], [1, 1, 2.0]], [0, 0], lamp, ceiling) == []
    assert _checks([[0, 0, 0], [1, 1, 1.2]], [0, 0], lamp, ceiling) == ["b"]  # not where it hangs
    above = PhysicsRules(above_of={1: ((0, 0.1),)})
    assert _checks([[0, 0, 0], [0.2, 0, 1.5]], [0, 0], lamp, above) == []
    assert _checks([[0, 0, 0], [1.5, 1.5, 1.5]], [0, 0], lamp, above) == ["b"]  # floating beside it
    assert _checks([[0, 0, 0], [1.5, 1.5, 1.5]], [0, 0], lamp, PhysicsRules(floating=frozenset({1}))) == []


def _program(extra: list[dict] | None = None) -> dict:
    objects = [{"id": "tv_1", "category": "tv", "dimensions": list(TV), "mount": "wall"},
               {"id": "sofa_1", "category": "sofa", "dimensions": [2.0, 0.9, 0.85]}]
    constraints = [{"relation": "on_wall", "args": ["tv_1"], "params": {"wall": "north", "height": 1.3}}]
    return {"schema": "setdresser.program/2", "bounds": BOUNDS, "room": ROOM, "objects": objects,
            "constraints": constraints + (extra or [])}


def _placed(oid: str, loc, dims, yaw: float = 0.0) -> PlacedObject:
    half = np.array(dims[:2]) / 2
    lo, hi = (loc[0] - half[0], loc[1] - half[1], loc[2]), (loc[0] + half[0], loc[1] + half[1], loc[2] + dims[2])
    return PlacedObject(oid, oid, None, tuple(loc), (0.0, 0.0, yaw), tuple(dims), lo, hi)


def test_evaluate_reports_a_tv_off_its_wall_as_unsupported() -> None:
    program = program_from_dict(_program())
    sofa = _placed("sofa_1", (0.0, -1.4, 0.0), (2.0, 0.9, 0.85))
    flush = _placed("tv_1", (0.0, HI[1] - TV[1] / 2, 0.95), TV)
    _, checks = evaluate(program, [flush, sofa])
    assert checks.unsupported == [] and checks.valid
    off = _placed("tv_1", (0.0, HI[1] - TV[1] / 2 - 1.3, 0.95), TV)
    _, checks = evaluate(program, [off, sofa])
    assert checks.unsupported == ["tv_1"] and not checks.valid


def test_the_finishing_move_puts_a_tv_left_off_its_wall_flat_on_it() -> None:
    program = program_from_dict(_program())
    problem = compile_program(program)
    plan = plan_variants(problem, np.random.default_rng(0), 1)[0]
    scorer = Scorer(problem, plan)
    state = State(pos=problem.locked_pos.copy(), yaw=problem.locked_yaw.copy(), scale=np.ones(problem.count))
    state.pos[0] = [0.8, 0.6, 0.95]  # the TV 0.4 m into the room, turned 60 degrees
    state.yaw[0] = math.radians(60)
    state.pos[1] = [0.0, -1.4, 0.0]
    done = snap_mounts(problem, plan, scorer, state)
    size = scorer.sizes(done.scale[None])[0]
    assert on_a_wall(done.pos, done.yaw, size, 0, LO, HI)
    assert abs(done.pos[0, 1] - (HI[1] - TV[1] / 2)) < 0.01 and abs(math.sin(done.yaw[0])) < 1e-9  # the north wall
    assert abs(done.pos[0, 0] - 0.8) < 1e-9  # straight behind where it was
    assert np.allclose(done.pos[1], state.pos[1])  # nothing else moves


def test_a_tv_on_its_wall_facing_the_sofa_hangs_flat_in_every_seed() -> None:
    program = program_from_dict(_program([
        {"relation": "facing", "args": ["tv_1", "sofa_1"], "weight": 0.7},
        {"relation": "against_wall", "args": ["sofa_1"], "params": {"wall": "west"}}]))
    for seed in range(3):
        layout = solve(program, seed=seed, effort=0.5)
        assert layout.checks.unsupported == [], seed
        tv = layout.by_id()["tv_1"]
        assert abs(tv.bbox_max[1] - HI[1]) < 0.03, seed
