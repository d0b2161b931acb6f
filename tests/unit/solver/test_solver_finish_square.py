"""The finishing moves square what the relations leave askew within their 30 degrees: the README's
office chair, 22 degrees to its desk, turns to face it square; a sofa against the south wall 18
degrees off it turns square to the wall, back flush; a turn that would knock into a neighbour or
break another relation is not made."""

from __future__ import annotations

import math

import numpy as np
from setdresser.blender_addon.core.model import program_from_dict
from setdresser.blender_addon.core.solver.discrete import plan_variants
from setdresser.blender_addon.core.solver.energy import Scorer, State
from setdresser.blender_addon.core.solver.finish import square_facings, square_to_walls
from setdresser.blender_addon.core.solver.problem import compile_program

BOUNDS = {"min": [-2.0, -2.0, 0.0], "max": [2.0, 2.0, 2.7]}


def _solved_pieces(objects: list[dict], constraints: list[dict]) -> tuple:
    program = program_from_dict({"schema": "setdresser.program/2", "bounds": BOUNDS,
                                 "room": {"kind": "indoor", "height": 2.7}, "objects": objects,
                                 "constraints": constraints})
    problem = compile_program(program)
    plan = plan_variants(problem, np.random.default_rng(0), 1)[0]
    state = State(pos=problem.locked_pos.copy(), yaw=problem.locked_yaw.copy(), scale=np.ones(problem.count))
    return problem, plan, Scorer(problem, plan), state


def _desk_and_chair(extra: list[dict] | None = None) -> tuple:
    objects = [{"id": "desk_1", "category": "desk", "dimensions": [1.4, 0.7, 0.75]},
               {"id": "office_chair_1", "category": "office chair", "dimensions": [0.62, 0.62, 1.05]}]
    constraints = [{"relation": "against_wall", "args": ["desk_1"], "params": {"wall": "north"}},
                   {"relation": "in_front_of", "args": ["office_chair_1", "desk_1"], "params": {"max_distance": 0.6}},
                   {"relation": "facing", "args": ["office_chair_1", "desk_1"], "weight": 0.7}]
    problem, plan, scorer, state = _solved_pieces(objects + (extra or []), constraints)
    state.pos[0], state.yaw[0] = [0.0, 1.65, 0.0], 0.0
    state.pos[1], state.yaw[1] = [0.35, 0.82, 0.0], math.radians(-158)  # faces the desk's centre, 22 deg askew
    return problem, plan, scorer, state


def test_the_readme_office_chair_turns_square_to_its_desk() -> None:
    problem, plan, scorer, state = _desk_and_chair()
    done = square_facings(problem, plan, scorer, state)
    assert abs(math.sin(done.yaw[1])) < 1e-9 and math.cos(done.yaw[1]) < 0  # front +Y: square to the desk
    assert np.allclose(done.pos, state.pos) and done.yaw[0] == state.yaw[0]  # it only turns


def test_a_turn_that_knocks_into_a_neighbour_is_not_made() -> None:
    box = [{"id": "box_1", "category": "box", "dimensions": [0.2, 0.2, 0.5]}]
    problem, plan, scorer, state = _desk_and_chair(box)
    state.pos[2], state.yaw[2] = [0.74, 1.2, 0.0], 0.0  # clear of the askew chair, not of a square one
    done = square_facings(problem, plan, scorer, state)
    assert abs(math.sin(done.yaw[1])) > 0.3  # still askew (at most turned onto the desk's centre)
    assert float(scorer.object_violations(done)[1]) == 0.0


def test_a_sofa_askew_against_its_wall_turns_square_to_it() -> None:
    objects = [{"id": "sofa_1", "category": "sofa", "dimensions": [2.0, 0.9, 0.85]},
               {"id": "coffee_table_1", "category": "coffee table", "dimensions": [1.1, 0.6, 0.45]}]
    constraints = [{"relation": "against_wall", "args": ["sofa_1"], "params": {"wall": "south"}},
                   {"relation": "in_front_of", "args": ["coffee_table_1", "sofa_1"], "params": {"max_distance": 1.0}}]
    problem, plan, scorer, state = _solved_pieces(objects, constraints)
    state.pos[0], state.yaw[0] = [0.3, -1.55, 0.0], math.radians(-162)  # 18 deg off the wall, its box at it
    state.pos[1], state.yaw[1] = [0.3, -0.4, 0.0], 0.0
    done = square_to_walls(problem, plan, scorer, state)
    assert abs(math.sin(done.yaw[0])) < 1e-9 and math.cos(done.yaw[0]) < 0  # front +Y: into the room
    assert abs(done.pos[0, 1] - (-2.0 + 0.45)) < 0.01 and abs(done.pos[0, 0] - 0.3) < 1e-9  # back flush, same spot
    assert np.allclose(done.pos[1], state.pos[1])
