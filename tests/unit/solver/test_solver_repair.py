"""The last repair pass: it only ever gains constraints, never physics violations, and is seeded."""

from __future__ import annotations

import numpy as np

from setdresser.blender_addon.core.model import program_from_dict
from setdresser.blender_addon.core.solver.budget import Clock
from setdresser.blender_addon.core.solver.discrete import plan_variants
from setdresser.blender_addon.core.solver.energy import HELD_SCORE, Scorer, State
from setdresser.blender_addon.core.solver.init import construct
from setdresser.blender_addon.core.solver.legalise import legalise
from setdresser.blender_addon.core.solver.problem import compile_program
from setdresser.blender_addon.core.solver.repair import repair
from solver_planted import planted_program

NO_DEADLINE = Clock(float("inf"))


def _quality(scorer: Scorer, state: State) -> tuple[float, float, float]:
    pos, yaw, size = state.pos[None], state.yaw[None], scorer.sizes(state.scale[None])
    scores = scorer.constraint_scores(pos, yaw, size, list(range(len(scorer.weights))))[0]
    amount, count = scorer.physics_terms(pos, yaw, size, np.arange(scorer.problem.count))
    return float((scores >= HELD_SCORE) @ scorer.weights), float(amount[0]), float(count[0])


def _constructed(seed: int, count: int):
    problem = compile_program(program_from_dict(planted_program(seed, count, per_object=2.0)))
    rng = np.random.default_rng(seed)
    plan = plan_variants(problem, rng, 1)[0]
    scorer = Scorer(problem, plan)
    state = legalise(problem, plan, scorer, construct(problem, plan, scorer, rng), rng)
    return problem, plan, scorer, state


def test_repair_gains_constraints_and_never_physics() -> None:
    gained = 0.0
    for seed in range(3):
        problem, plan, scorer, state = _constructed(seed, 30)
        held, amount, count = _quality(scorer, state)
        out = repair(problem, plan, scorer, state, np.random.default_rng(seed), 150, NO_DEADLINE)
        new_held, new_amount, new_count = _quality(scorer, out)
        assert new_held >= held
        assert new_amount <= amount + 1e-9 and new_count <= count
        assert np.array_equal(out.pos[problem.locked], state.pos[problem.locked])
        gained += new_held - held
    assert gained >= 3.0  # a constructed layout (no search) leaves plenty a single move can fix


def test_repair_is_deterministic_for_a_seed() -> None:
    problem, plan, scorer, state = _constructed(1, 20)
    first = repair(problem, plan, scorer, state, np.random.default_rng(7), 80, NO_DEADLINE)
    second = repair(problem, plan, scorer, state, np.random.default_rng(7), 80, NO_DEADLINE)
    assert np.array_equal(first.pos, second.pos) and np.array_equal(first.yaw, second.yaw)


def test_repair_evicts_the_object_sitting_where_a_constraint_needs_to_be() -> None:
    # A corridor 0.6 m wide: 0.5 m boxes cannot pass each other. b must be within 0.3 m of the
    # locked a, but c stands in the only such spot; b gets there only if c is moved away.
    box = [0.5, 0.5, 0.5]
    program = program_from_dict({
        "schema": "setdresser.program/1",
        "bounds": {"min": [-1.5, -0.3, 0.0], "max": [1.5, 0.3, 2.0]},
        "objects": [{"id": "a", "category": "box", "dimensions": box, "locked": True,
                     "location": [-1.2, 0.0, 0.0], "rotation_euler": [0.0, 0.0, 0.0]},
                    {"id": "b", "category": "box", "dimensions": box},
                    {"id": "c", "category": "box", "dimensions": box}],
        "constraints": [{"relation": "proximity", "args": ["b", "a"], "params": {"max_distance": 0.3}}]})
    problem = compile_program(program)
    plan = plan_variants(problem, np.random.default_rng(0), 1)[0]
    scorer = Scorer(problem, plan)
    pos = np.array([[-1.2, 0.0, 0.0], [1.2, 0.0, 0.0], [-0.6, 0.0, 0.0]])
    state = State(pos, np.zeros(3), np.ones(3))
    assert _quality(scorer, state) == (0.0, 0.0, 0.0)
    out = repair(problem, plan, scorer, state, np.random.default_rng(0), 60, NO_DEADLINE)
    assert _quality(scorer, out) == (1.0, 0.0, 0.0)
    assert out.pos[1, 0] < out.pos[2, 0]  # b now stands between a and c
