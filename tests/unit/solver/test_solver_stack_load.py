"""The search's load term reads each stack over its own objects (issue 11): the same values as
:func:`stack_excess` over every object of the layout."""

from __future__ import annotations

import numpy as np

from setdresser.blender_addon.core.model import program_from_dict
from setdresser.blender_addon.core.solver.discrete import plan_variants
from setdresser.blender_addon.core.solver.energy import LOAD_SLACK, Scorer
from setdresser.blender_addon.core.solver.problem import compile_program
from setdresser.blender_addon.core.stability import stack_excess
from solver_planted import planted_program
from solver_scenes import obj, rel


def _dense(scorer: Scorer, pos: np.ndarray, yaw: np.ndarray, size: np.ndarray, rows: np.ndarray) -> np.ndarray:
    """The load excess of ``rows`` read over all N objects (the term before issue 11's change)."""
    mass = scorer.density[None] * np.prod(size, axis=-1)
    return stack_excess(pos, yaw, size, mass, scorer.stack_child[rows], scorer.stack_parent[rows],
                        scorer.stack_members[rows], LOAD_SLACK)


def _towers() -> dict:
    """Planted boxes (one-level stacks) plus two towers of four boxes (stacks of 1 to 3 members)."""
    program = planted_program(1, 60, per_object=2.0)
    for t in range(2):
        ids = [f"box_{t}{k}" for k in range(4)]
        program["objects"] += [obj(oid, (0.8 - 0.15 * k, 0.7 - 0.12 * k, 0.3)) for k, oid in enumerate(ids)]
        program["constraints"] += [rel("on_top_of", ids[k + 1], ids[k]) for k in range(3)]
    return program


def test_stack_load_over_its_own_objects_equals_the_dense_term() -> None:
    problem = compile_program(program_from_dict(_towers()))
    scorer = Scorer(problem, plan_variants(problem, np.random.default_rng(0), 1)[0])
    stacks = len(scorer.stack_child)
    assert stacks >= 4  # the planted layout puts ~25% of its objects on others
    assert scorer.stack_members.sum(axis=1).max() == 3  # a tower's second box carries two more
    rng = np.random.default_rng(5)
    n = problem.count
    for trial in range(8):
        pos = np.zeros((6, n, 3))
        pos[..., :2] = rng.uniform(-3.0, 3.0, (6, n, 2))
        yaw = rng.uniform(-np.pi, np.pi, (6, n))
        size = problem.base_size[None] * rng.uniform(0.7, 1.3, (6, n))[..., None]
        scorer.settle_z(pos, size)
        children = scorer.stack_child
        parent = scorer.stack_parent
        pos[:, children, :2] = pos[:, parent, :2] + rng.normal(0.0, 0.3, (6, len(children), 2))  # some over the edge
        rows = np.sort(rng.choice(stacks, size=int(rng.integers(1, stacks + 1)), replace=False))
        got = scorer.load_excess(pos, yaw, size, None) if trial == 0 else scorer._stack_load(pos, yaw, size, rows)
        want = _dense(scorer, pos, yaw, size, np.arange(stacks) if trial == 0 else rows)
        assert got.shape == want.shape
        assert np.allclose(got, want, rtol=0.0, atol=1e-12)
        assert (want > 0).any() and (want == 0).any()
