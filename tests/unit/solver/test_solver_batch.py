"""Batched scoring (issue 11): one relation call for many constraints gives exactly the values
of scoring every constraint alone, for every relation of the library, in the search's
candidate scoring, its full evaluation and the reported results."""

from __future__ import annotations

from typing import Any

import numpy as np
import pytest

from setdresser.blender_addon.core.errors import ProgramError
from setdresser.blender_addon.core.model import program_from_dict
from setdresser.blender_addon.core.solver.discrete import plan_variants
from setdresser.blender_addon.core.solver.energy import CHECK_WEIGHT, Scorer, State
from setdresser.blender_addon.core.solver.evaluate import score_constraints
from setdresser.blender_addon.core.solver.init import construct
from setdresser.blender_addon.core.solver.problem import Problem, compile_program
from setdresser.blender_addon.core.solver.search import FINAL_PHYSICS_WEIGHT
from setdresser.skill_library.base import Poses
from setdresser.skill_library.registry import default_registry
from setdresser.skill_library.terms import score_and_check
from solver_planted import planted_program
from solver_scenes import ALL_SCENES

COPIES = 3  # constraints per relation, so that every relation is scored batched


def every_relation_program(seed: int) -> dict[str, Any]:
    """Ten boxes and COPIES constraints of every library relation (default params) on random args."""
    rng = np.random.default_rng(seed)
    ids = [f"box_{k}" for k in range(10)]
    objects = [{"id": oid, "category": "box", "dimensions": [float(v) for v in rng.uniform(0.3, 1.2, 3)]}
               for oid in ids]
    registry, constraints = default_registry(), []
    for name in registry.names():
        spec = registry.get(name).spec
        arity = spec.min_args if spec.max_args == spec.min_args else spec.min_args + 1
        for _ in range(COPIES):
            args = [ids[int(k)] for k in rng.choice(len(ids), arity, replace=False)]
            constraints.append({"relation": name, "args": args, "params": {}})
    room = {"min": [-3.0, -2.5, 0.0], "max": [3.0, 2.5, 3.0]}
    return {"schema": "setdresser.program/1", "bounds": room, "objects": objects, "constraints": constraints}


def _compiled(program: dict[str, Any]) -> Problem:
    """The program compiled, dropping constraints whose relation needs params the default lacks."""
    kept = []
    for con in program["constraints"]:
        try:
            compile_program(program_from_dict({**program, "constraints": [con]}))
            kept.append(con)
        except ProgramError:
            continue
    return compile_program(program_from_dict({**program, "constraints": kept}))


def _layouts(problem: Problem, seed: int, batch: int) -> tuple[np.ndarray, np.ndarray, np.ndarray]:
    """A batch of random layouts [B, N, ...] in and around the room (some objects stacked)."""
    rng = np.random.default_rng(seed)
    n = problem.count
    pos = np.zeros((batch, n, 3))
    pos[..., :2] = rng.uniform(-3.5, 3.5, (batch, n, 2))
    pos[..., 2] = np.where(rng.random((batch, n)) < 0.3, rng.uniform(0.0, 1.2, (batch, n)), 0.0)
    yaw = rng.uniform(-np.pi, np.pi, (batch, n))
    yaw[:, ::2] = np.round(yaw[:, ::2] / (np.pi / 2)) * (np.pi / 2)  # axis-aligned ones hit exact tolerances
    size = problem.base_size[None] * rng.uniform(0.8, 1.2, (batch, n))[..., None]
    return pos, yaw, size


def _alone(problem: Problem, params: list[dict], pos: np.ndarray, yaw: np.ndarray,
           size: np.ndarray) -> tuple[np.ndarray, np.ndarray]:
    """Scores and checks [B, K], one relation call per constraint (the reference)."""
    poses = Poses(pos, yaw, size, problem.bounds_min, problem.bounds_max)
    scores = np.empty((pos.shape[0], len(problem.constraints)))
    checks = np.empty(scores.shape, dtype=bool)
    for k, con in enumerate(problem.constraints):
        raw = con.relation.score(poses, con.args, params[k])
        scores[:, k] = np.clip(np.nan_to_num(np.broadcast_to(raw, pos.shape[:1]), nan=0.0), 0.0, 1.0)
        checks[:, k] = np.asarray(con.relation.check(poses, con.args, params[k]), dtype=bool)
    return scores, checks


PROGRAMS = {
    "every relation": lambda: every_relation_program(0),
    "planted 30": lambda: planted_program(1, 30, per_object=2.0),
    **{name: make for name, make in ALL_SCENES.items()},
}


@pytest.mark.parametrize("name", sorted(PROGRAMS))
def test_batched_scores_and_checks_equal_one_call_per_constraint(name: str) -> None:
    problem = _compiled(PROGRAMS[name]())
    plan = plan_variants(problem, np.random.default_rng(0), 1)[0]
    scorer = Scorer(problem, plan)
    pos, yaw, size = _layouts(problem, 1, 7)
    everything = list(range(len(problem.constraints)))
    want_scores, want_checks = _alone(problem, plan.params, pos, yaw, size)
    scores, checks = scorer.constraint_terms(pos, yaw, size, everything)
    assert np.array_equal(scores, want_scores) and np.array_equal(checks, want_checks)
    assert np.array_equal(scorer.constraint_scores(pos, yaw, size, everything), want_scores)
    some = everything[::-3]  # a subset, out of order, as a move's constraints are
    assert np.array_equal(scorer.constraint_scores(pos, yaw, size, some), want_scores[:, some])
    if name == "every relation":
        assert len({con.relation_name for con in problem.constraints}) >= 30
        assert 0 < want_checks.mean() < 1  # both outcomes occur


@pytest.mark.parametrize("name", sorted(PROGRAMS))
def test_reported_results_equal_one_call_per_constraint(name: str) -> None:
    problem = _compiled(PROGRAMS[name]())
    pos, yaw, size = (a[0] for a in _layouts(problem, 2, 1))
    results = score_constraints(problem, pos, yaw, size)
    want_scores, want_checks = _alone(problem, [con.params for con in problem.constraints],
                                      pos[None], yaw[None], size[None])
    assert [r.score for r in results] == want_scores[0].tolist()
    assert [r.satisfied for r in results] == want_checks[0].tolist()


def test_full_evaluation_uses_the_batched_terms() -> None:
    problem = _compiled(PROGRAMS["planted 30"]())
    rng = np.random.default_rng(3)
    plan = plan_variants(problem, rng, 1)[0]
    scorer = Scorer(problem, plan)
    state: State = construct(problem, plan, scorer, rng)
    full = scorer.full(state, FINAL_PHYSICS_WEIGHT)
    want_scores, want_checks = _alone(problem, plan.params, state.pos[None], state.yaw[None],
                                      scorer.sizes(state.scale[None]))
    assert np.array_equal(full.scores, want_scores[0]) and np.array_equal(full.checks, want_checks[0])
    constraint_part = float(((1.0 - want_scores[0]) + CHECK_WEIGHT * ~want_checks[0]) @ scorer.weights)
    assert full.energy >= constraint_part


def test_score_and_check_in_one_terms_call_equal_the_two_calls() -> None:
    problem = _compiled(every_relation_program(4))
    pos, yaw, size = _layouts(problem, 5, 9)
    poses = Poses(pos, yaw, size, problem.bounds_min, problem.bounds_max)
    for con in problem.constraints:
        score, check = score_and_check(con.relation.score, con.relation.check, poses, con.args, con.params)
        assert np.array_equal(score, con.relation.score(poses, con.args, con.params)), con.label
        assert np.array_equal(check, con.relation.check(poses, con.args, con.params)), con.label
