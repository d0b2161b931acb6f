"""A last repair pass over the constraints that still fail after search and legalisation.

For each failing constraint, each of its free objects in turn (with what rests on it) is
offered a batch of poses (proposals of that constraint, of its other constraints, re-samples
anywhere it may stand, jitters) while every other object stays fixed. The best candidate is
taken if it raises the weighted count of holding constraints it touches and adds no physics
violation. When every spot that would help is taken, the object goes there anyway and the
free objects it lands on are relocated (legalisation's move); when a spot helps only at the
cost of another constraint, that one is then repaired by moving its other objects. Both
compound moves are kept only if the whole layout holds more (weighted) constraints with no
more physics violation, so the pass never makes a layout less valid or satisfy fewer
constraints. (Planted 100-object programs, seeds 0-2: 8/5/5 failing after search; most had
a fixing spot for one of their objects, all of them blocked by another object.)
"""

from __future__ import annotations

import logging
from dataclasses import dataclass

import numpy as np

from .across import across, side_constraints
from .budget import Clock
from .discrete import Plan
from .energy import HELD_SCORE, Scorer, State
from .energy import VIOLATION_EPS
from .legalise import _relocate
from .moves import Candidates, rigid_targets
from .physics import pair_penetration
from .problem import Problem
from .proposals import propose
from .sampling import adopt, context, random_poses, relation_poses
from .search import FINAL_PHYSICS_WEIGHT

log = logging.getLogger(__name__)

REPAIR_BATCH = 96  # candidates per attempt: half from the failing constraint, the rest mixed
ATTEMPT_STEPS = 2  # a work unit (one batch of 96 candidates) costs about two search steps (measured 2-3 ms)
MAX_ROUNDS = 50  # passes over the failing constraints, each with fresh candidates, while attempts are left
EVICTION_TRIES = 3  # best blocked candidates tried with their blockers pushed away
MAX_BLOCKERS = 2
RELOCATE_TRIES = 4  # legalisation moves per blocker, each reaching further


@dataclass
class Work:
    """The repair's budget in work units (one candidate batch each), with the wall-clock cap."""

    units: int
    clock: Clock
    used: int = 0

    def charge(self, units: int) -> None:
        """Count ``units`` more of work."""
        self.used += units

    def spent(self) -> bool:
        """Whether the budget is used up (or, on a badly overloaded machine, the cap was reached)."""
        return self.used >= self.units or self.clock.over("repair", self.used, self.units)


def repair(problem: Problem, plan: Plan, scorer: Scorer, state: State, rng: np.random.Generator,
           attempts: int, clock: Clock) -> State:
    """``state`` with failing constraints repaired where the moves of the module doc can do it.

    ``attempts`` bounds the work (from the step cost model, so results do not depend on the clock);
    ``clock`` is the wall-clock safety cap (reaching it marks the solve cut short).
    """
    state = state.copy()
    work = Work(attempts, clock)
    before = None
    sides = set(side_constraints(problem))
    for _ in range(MAX_ROUNDS):
        evaluation = scorer.full(state, FINAL_PHYSICS_WEIGHT)
        failing = np.nonzero(~evaluation.checks)[0]
        before = len(failing) if before is None else before
        if not len(failing):
            break
        for k in failing:
            if int(k) in sides and not work.spent() and _across(problem, plan, scorer, state, int(k), rng, work):
                continue
            for i in problem.constraints[int(k)].args:
                if work.spent() or problem.locked[i]:
                    continue
                _attempt(problem, plan, scorer, state, int(k), int(i), rng, work)
        if work.spent():
            break
    after = int((~scorer.full(state, FINAL_PHYSICS_WEIGHT).checks).sum())
    log.info("repair: %s -> %d failing constraints in %d of %d work units", before, after, work.used, attempts)
    return state


def _targets(problem: Problem, plan: Plan, scorer: Scorer, state: State, k: int, i: int,
             rng: np.random.Generator) -> np.ndarray:
    """Candidate poses [m, 3] for object i to make constraint k hold."""
    ctx = context(problem, scorer, state, rng, np.ones(problem.count, dtype=bool))
    con = problem.constraints[k]
    n = REPAIR_BATCH
    focused = propose(ctx, con.relation, con.args, plan.params[k], i, n // 2)
    others = relation_poses(problem, plan, ctx, i, n // 4)
    anywhere = random_poses(problem, plan, ctx, i, n // 8)
    n_jitter = max(4, n - len(focused) - len(others) - len(anywhere))
    jitter = np.repeat(np.array([[state.pos[i, 0], state.pos[i, 1], state.yaw[i]]]), n_jitter, axis=0)
    jitter[:, :2] += rng.normal(0, 1, (n_jitter, 2)) * (0.3 * np.exp(rng.uniform(-3.0, 0.0, n_jitter)))[:, None]
    jitter[:, 2] += np.where(rng.random(n_jitter) < 0.3, rng.normal(0, 0.3, n_jitter), 0.0)
    return np.concatenate([focused, others, anywhere, jitter])


def _attempt(problem: Problem, plan: Plan, scorer: Scorer, state: State, k: int, i: int,
             rng: np.random.Generator, work: "Work", lookahead: bool = True) -> bool:
    """Move i (and what rests on it) to the best candidate if that is a strict improvement; in place."""
    work.charge(1)
    cands = rigid_targets(state, plan.descendants[i], _targets(problem, plan, scorer, state, k, i, rng))
    size = scorer.batch_sizes(cands.scale, cands.moved)
    scorer.settle_z(cands.pos, size)
    which = sorted(set().union(*(scorer.touching[j] for j in cands.moved)))
    scores = scorer.constraint_scores(cands.pos, cands.yaw, size, which)
    held = (scores >= HELD_SCORE) @ scorer.weights[which]  # [B] weighted count of holding constraints
    amount, count = scorer.physics_terms(cands.pos, cands.yaw, size, cands.moved)
    # no new physics: neither more depth nor more violations than the current layout (row 0)
    allowed = (amount <= amount[0] + 1e-9) & (count <= count[0])
    gain = held - held[0]
    gain[0] = -np.inf
    soft = 1e-3 * scores.sum(axis=1)  # ties go to the higher soft scores
    best = int(np.argmax(np.where(allowed, gain, -np.inf) + soft))
    if allowed[best] and gain[best] > 1e-9:
        adopt(state, cands, best)
        return True
    # the spots that would make k hold are taken: move there anyway and push the blockers away
    # (planted 100-object programs: most failing constraints had such spots, all blocked)
    order = np.lexsort((amount, -np.round(gain, 6)))[:EVICTION_TRIES]  # most gain, then least overlap
    if any(_evict(problem, plan, scorer, state, cands, int(row), rng, work)
           for row in order if gain[row] > 1e-9 and not work.spent()):
        return True
    return lookahead and _trade(problem, plan, scorer, state, cands, k, which, scores, allowed, rng, work)


def _across(problem: Problem, plan: Plan, scorer: Scorer, state: State, k: int, rng: np.random.Generator,
            work: "Work") -> bool:
    """Bring side constraint k's thing across its anchor (across.py) if that is a strict improvement; in place."""
    work.charge(1)
    size = scorer.sizes(state.scale[None])[0]
    cands = across(problem, plan, state.pos, state.yaw, state.scale, size, k, rng, REPAIR_BATCH)
    if cands is None:
        return False
    size = scorer.batch_sizes(cands.scale, cands.moved)
    scorer.settle_z(cands.pos, size)
    which = sorted(set().union(*(scorer.touching[j] for j in cands.moved)))
    scores = scorer.constraint_scores(cands.pos, cands.yaw, size, which)
    held = (scores >= HELD_SCORE) @ scorer.weights[which]
    amount, count = scorer.physics_terms(cands.pos, cands.yaw, size, cands.moved)
    gain = np.where((amount <= amount[0] + 1e-9) & (count <= count[0]), held - held[0], -np.inf)
    gain[0] = -np.inf
    best = int(np.argmax(gain + 1e-3 * scores.sum(axis=1)))
    if gain[best] > 1e-9:
        adopt(state, cands, best)
        return True
    return False


def _trade(problem: Problem, plan: Plan, scorer: Scorer, state: State, cands: Candidates, k: int,
           which: list[int], scores: np.ndarray, allowed: np.ndarray, rng: np.random.Generator,
           work: "Work") -> bool:
    """Make k hold at the cost of another constraint, then repair that one by moving its other objects.

    Kept only if the whole layout then holds more (weighted) constraints with no more physics violation.
    """
    held = scores >= HELD_SCORE
    fixes = allowed & held[:, which.index(k)]
    fixes[0] = False
    if not fixes.any():
        return False
    losses = (held[0][None, :] & ~held) @ scorer.weights[which]
    row = int(np.argmin(np.where(fixes, losses - 1e-3 * scores.sum(axis=1), np.inf)))
    trial = state.copy()
    adopt(trial, cands, row)
    moved = set(cands.moved.tolist())
    for col in np.nonzero(held[0] & ~held[row])[0]:
        for j in problem.constraints[which[col]].args:
            if j not in moved and not problem.locked[j] and not work.spent():
                _attempt(problem, plan, scorer, trial, which[col], int(j), rng, work, lookahead=False)
    work.charge(1)
    if _worse_or_equal(scorer, trial, state):
        return False
    adopt_state(state, trial)
    return True


def _evict(problem: Problem, plan: Plan, scorer: Scorer, state: State, cands: Candidates, row: int,
           rng: np.random.Generator, work: "Work") -> bool:
    """Take candidate ``row`` and relocate the free objects it lands on; keep it if the whole layout gained."""
    trial = state.copy()
    adopt(trial, cands, row)
    size = scorer.sizes(trial.scale[None])
    depth = pair_penetration(trial.pos[None], trial.yaw[None], size, cands.moved)[0].max(axis=0)
    depth[cands.moved] = 0.0
    depth[scorer.exempt[cands.moved].any(axis=0)] = 0.0  # pairs allowed to overlap (contents, under)
    blockers = [int(j) for j in np.nonzero((depth > VIOLATION_EPS) & ~problem.locked)[0] if plan.parent[j] < 0]
    if not blockers or len(blockers) > MAX_BLOCKERS:
        return False
    for j in blockers:
        for attempt in range(1, 1 + RELOCATE_TRIES):
            work.charge(1)
            trial = _relocate(problem, plan, scorer, trial, j, rng, attempt)
            if scorer.object_violations(trial)[j] <= VIOLATION_EPS:
                break
    work.charge(1)
    if _worse_or_equal(scorer, trial, state):
        return False
    adopt_state(state, trial)
    return True


def _worse_or_equal(scorer: Scorer, trial: State, state: State) -> bool:
    """Whether ``trial`` holds no more weighted constraints than ``state`` or has more physics violation."""
    new, old = _quality(scorer, trial), _quality(scorer, state)
    return new[1] > old[1] + 1e-9 or new[2] > old[2] or new[0] <= old[0] + 1e-9


def _quality(scorer: Scorer, state: State) -> tuple[float, float, float]:
    """(weighted count of holding constraints, physics amount, physics violation count) of one layout.

    A constraint holds when its score is 1 (the library's scores are exactly 1 inside the check's
    tolerance); scoring all constraints batched costs a fraction of ``Scorer.full``'s crisp checks.
    """
    pos, yaw, size = state.pos[None], state.yaw[None], scorer.sizes(state.scale[None])
    everything = np.arange(scorer.problem.count)
    scores = scorer.constraint_scores(pos, yaw, size, list(range(len(scorer.weights))))[0]
    amount, count = scorer.physics_terms(pos, yaw, size, everything)
    return float((scores >= HELD_SCORE) @ scorer.weights), float(amount[0]), float(count[0])


def adopt_state(state: State, other: State) -> None:
    """Copy ``other`` into ``state`` in place."""
    state.pos[:], state.yaw[:], state.scale[:] = other.pos, other.yaw, other.scale
