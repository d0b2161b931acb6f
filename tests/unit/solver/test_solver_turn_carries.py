"""A thing turned carries what stands only by it (its satellites: every relation of theirs names only it
or what rests on it). "Turn the armchair to face the TV" with a footstool a metre in front of it: the
square turn left the footstool behind, off the chair's front, and was never taken (tuned pq08's lamps in
front of the shacks: a shack facing away from its street could not turn round without losing its lamp)."""

from __future__ import annotations

import math

import numpy as np
from setdresser.blender_addon.core.model import program_from_dict
from setdresser.blender_addon.core.solver.discrete import plan_variants
from setdresser.blender_addon.core.solver.energy import Scorer, State
from setdresser.blender_addon.core.solver.finish import square_facings
from setdresser.blender_addon.core.solver.problem import compile_program
from setdresser.blender_addon.core.solver.units import satellites

BOUNDS = {"min": [-3.0, -3.0, 0.0], "max": [3.0, 3.0, 2.7]}
OBJECTS = [{"id": "tv_1", "category": "tv", "dimensions": [1.2, 0.3, 1.0]},
           {"id": "armchair_1", "category": "armchair", "dimensions": [0.85, 0.85, 0.9]},
           {"id": "footstool_1", "category": "footstool", "dimensions": [0.5, 0.4, 0.4]},
           {"id": "lamp_1", "category": "floor lamp", "dimensions": [0.4, 0.4, 1.6]}]
CONSTRAINTS = [{"relation": "against_wall", "args": ["tv_1"], "params": {"wall": "north"}},
               {"relation": "facing", "args": ["armchair_1", "tv_1"]},
               {"relation": "in_front_of", "args": ["footstool_1", "armchair_1"], "params": {"max_distance": 1.2}},
               {"relation": "proximity", "args": ["lamp_1", "armchair_1"], "params": {"max_distance": 0.5}},
               {"relation": "proximity", "args": ["lamp_1", "tv_1"], "params": {"max_distance": 4.0}}]


def _pieces() -> tuple:
    program = program_from_dict({"schema": "setdresser.program/2", "bounds": BOUNDS,
                                 "room": {"kind": "indoor", "height": 2.7}, "objects": OBJECTS,
                                 "constraints": CONSTRAINTS})
    problem = compile_program(program)
    plan = plan_variants(problem, np.random.default_rng(0), 1)[0]
    state = State(pos=problem.locked_pos.copy(), yaw=problem.locked_yaw.copy(), scale=np.ones(problem.count))
    state.pos[0], state.yaw[0] = [0.0, 2.85, 0.0], 0.0  # the TV against the north wall
    turn = math.radians(20)  # the chair faces the TV 20 degrees askew (within facing's 30)
    state.pos[1], state.yaw[1] = [0.0, -1.0, 0.0], math.pi + turn
    ahead = 1.5  # the footstool 1.5 m out along the chair's (askew) front, a metre clear of it
    state.pos[2, :2], state.yaw[2] = state.pos[1, :2] + _front(state.yaw[1]) * ahead, state.yaw[1]
    state.pos[3, :2] = [-0.95, -1.0]  # beside the chair
    return problem, plan, Scorer(problem, plan), state


def _front(yaw: float) -> np.ndarray:
    """The world direction of local -Y (an object's front) at ``yaw``."""
    return np.array([math.sin(yaw), -math.cos(yaw)])


def test_the_footstool_is_the_chair_s_satellite_and_the_lamp_is_not() -> None:
    problem, plan, _, _ = _pieces()
    assert satellites(problem, plan, 1) == [2]  # the lamp also stands by the TV: it stays


def test_the_chair_turns_square_to_the_tv_and_the_footstool_turns_with_it() -> None:
    problem, plan, scorer, state = _pieces()
    assert float(scorer.object_violations(state)[2]) == 0.0  # in front of the askew chair
    done = square_facings(problem, plan, scorer, state)
    assert abs(math.sin(done.yaw[1])) < 1e-6  # old main: still 20 degrees askew (the turn was rejected)
    assert np.allclose(done.pos[2, :2], done.pos[1, :2] + _front(done.yaw[1]) * 1.5)
    assert float(scorer.object_violations(done)[2]) == 0.0
    assert np.allclose(done.pos[3], state.pos[3])
