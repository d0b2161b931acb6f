"""Legalisation: remove what is left of collisions, overhangs and out-of-bounds boxes.

Repeatedly take the object most involved in a physics violation (of a colliding pair, the
one with fewer constraints; never a locked one) and move it to the best of a large batch
of candidates (small pushes growing to re-samples anywhere it may stand, plus relation
proposals), scored with a physics weight that dwarfs every constraint. A candidate is
taken only if it lowers the layout's total physics violation, so the pass never makes a
layout less valid.
"""

from __future__ import annotations

import logging

import numpy as np

from .discrete import Plan
from .energy import VIOLATION_EPS, Scorer, State
from .moves import rigid_targets
from .physics import pair_penetration
from .problem import Problem
from .sampling import adopt, choose, context, random_poses, relation_poses

log = logging.getLogger(__name__)

LEGAL_WEIGHT = 1e5  # per metre: physics first, constraints only break ties
LEGAL_BATCH = 96
MAX_ROUNDS_PER_OBJECT = 6


def legalise(problem: Problem, plan: Plan, scorer: Scorer, state: State, rng: np.random.Generator) -> State:
    """A layout at least as physically valid as ``state``, usually fully valid (see module doc)."""
    state = state.copy()
    free = ~problem.locked
    tries = np.zeros(problem.count, dtype=int)
    for _ in range(MAX_ROUNDS_PER_OBJECT * problem.count):
        amount = scorer.object_violations(state)
        candidates = np.nonzero((amount > VIOLATION_EPS) & free & (tries < MAX_ROUNDS_PER_OBJECT))[0]
        if not len(candidates):
            break
        i = _culprit(problem, candidates, amount)
        tries[i] += 1
        before = float(amount.sum())
        trial = _relocate(problem, plan, scorer, state, i, rng, tries[i])
        if float(scorer.object_violations(trial).sum()) >= before - 1e-9:
            trial = _make_room(problem, plan, scorer, trial, i, rng, tries[i])
        if float(scorer.object_violations(trial).sum()) < before - 1e-9:
            state = trial
    remaining = float(scorer.object_violations(state).sum())
    if remaining > VIOLATION_EPS:
        log.info("legalisation left %.3f m of physics violations", remaining)
    return state


def _culprit(problem: Problem, candidates: np.ndarray, amount: np.ndarray) -> int:
    """The violating object to move: few constraints and much violation first."""
    degree = np.array([len(problem.by_object[i]) for i in candidates])
    order = np.lexsort((-amount[candidates], degree))
    return int(candidates[order[0]])


def _make_room(problem: Problem, plan: Plan, scorer: Scorer, trial: State, i: int,
               rng: np.random.Generator, attempt: int) -> State:
    """i's best spot is taken: move each free object now overlapping i's box elsewhere."""
    size = scorer.sizes(trial.scale[None])
    depth = pair_penetration(trial.pos[None], trial.yaw[None], size, np.array([i]))[0, 0]
    depth[list(plan.descendants[i])] = 0.0
    blockers = [int(j) for j in np.nonzero((depth > VIOLATION_EPS) & ~problem.locked & ~scorer.exempt[i])[0]
                if plan.parent[j] < 0]
    for j in blockers:
        trial = _relocate(problem, plan, scorer, trial, j, rng, attempt)
    return trial


def _relocate(problem: Problem, plan: Plan, scorer: Scorer, state: State, i: int,
              rng: np.random.Generator, attempt: int) -> State:
    ctx = context(problem, scorer, state, rng, np.ones(problem.count, dtype=bool))
    n = LEGAL_BATCH
    reach = 0.05 * 2.0 ** np.linspace(0, 4 + attempt, n // 2)  # 5 cm pushes up to metres
    angle = rng.uniform(-np.pi, np.pi, n // 2)
    pushes = np.stack([state.pos[i, 0] + reach * np.cos(angle), state.pos[i, 1] + reach * np.sin(angle),
                       np.full(n // 2, state.yaw[i])], axis=-1)
    targets = np.concatenate([pushes, relation_poses(problem, plan, ctx, i, n // 4),
                              random_poses(problem, plan, ctx, i, n // 4)])
    cands = rigid_targets(state, plan.descendants[i], targets)
    _, best = choose(scorer, cands, LEGAL_WEIGHT)
    trial = state.copy()
    adopt(trial, cands, best)
    return trial
