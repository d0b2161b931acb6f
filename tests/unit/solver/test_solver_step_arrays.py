"""A search step's cheaper array layouts give the values of the plain ones (issue 11): a batch's
sizes from row 0's plus the moved scalable objects, and the broad phase's axis-major world boxes."""

from __future__ import annotations

import numpy as np

from setdresser.blender_addon.core.model import program_from_dict
from setdresser.blender_addon.core.solver.discrete import plan_variants
from setdresser.blender_addon.core.solver.energy import Scorer, State
from setdresser.blender_addon.core.solver.moves import rigid_targets, with_scales
from setdresser.blender_addon.core.solver.physics import _boxes, _boxes_major
from setdresser.blender_addon.core.solver.problem import compile_program
from solver_planted import planted_program


def _scorer_and_state() -> tuple[Scorer, State]:
    program = planted_program(2, 30, per_object=2.0)
    for k, spec in enumerate(program["objects"]):
        if k % 3 == 0:
            spec["scale_range"] = [0.7, 1.4]  # a third of the objects may be scaled
    problem = compile_program(program_from_dict(program))
    rng = np.random.default_rng(0)
    state = State(rng.uniform(-2, 2, (problem.count, 3)), rng.uniform(-np.pi, np.pi, problem.count),
                  rng.uniform(0.8, 1.2, problem.count))
    return Scorer(problem, plan_variants(problem, rng, 1)[0]), state


def test_batch_sizes_equal_the_broadcast_sizes_bit_for_bit() -> None:
    scorer, state = _scorer_and_state()
    rng = np.random.default_rng(1)
    scalable = np.nonzero(scorer.problem.scale_hi > scorer.problem.scale_lo)[0]
    assert len(scalable) >= 5
    for unit in (np.array([scalable[0]]), np.array([scalable[1], 4, scalable[2]]), np.array([1, 2])):
        cands = rigid_targets(state, unit, rng.uniform(-2, 2, (16, 3)))
        with_scales(cands, cands.moved, scorer.problem.scale_lo, scorer.problem.scale_hi, rng, 0.2, share=0.8)
        assert np.array_equal(scorer.batch_sizes(cands.scale, cands.moved), scorer.sizes(cands.scale))
    changed = (cands.scale != cands.scale[:1]).any(axis=0)
    assert not changed.any()  # the last unit has no scalable object: rows keep row 0's scales


def test_axis_major_boxes_are_the_boxes_transposed() -> None:
    scorer, state = _scorer_and_state()
    size = scorer.sizes(state.scale[None])
    lo, hi = _boxes(state.pos[None], state.yaw[None], size)
    lo_m, hi_m = _boxes_major(state.pos[None], state.yaw[None], size)
    assert np.array_equal(np.moveaxis(lo, -1, 0), lo_m) and np.array_equal(np.moveaxis(hi, -1, 0), hi_m)
