"""The continuous stage: annealed, batched local search over poses and scales.

Every step picks a move (one object with what rests on it; a whole structural group;
an object with the objects it shares constraints with, moved rigidly; or a swap of two
objects), builds a batch of candidates from it (random jitters whose size
anneals, re-samples, relation proposals, group rotations), scores the batch on the terms
the move touches and takes the best candidate if it lowers the energy, or with the
Metropolis probability exp(-ΔE / T). Objects are picked in proportion to how much they
take part in failing constraints and physics violations. The physics weight ramps up
over the first part of the run so early moves can pass through each other.
"""

from __future__ import annotations

import logging
from dataclasses import dataclass, replace

import numpy as np

from .across import across, side_constraints
from .budget import Clock
from .discrete import Plan
from .energy import FullEvaluation, Scorer, State
from .evaluate import rules_of
from .moves import Candidates, group_transform, rigid_targets, with_scales
from .physics import physics_checks
from .problem import Problem
from .proposals import Context, propose
from .sampling import adopt, class_yaws, choose, context, random_poses, relation_poses

log = logging.getLogger(__name__)

FINAL_PHYSICS_WEIGHT = 1000.0  # per metre: a 1 cm overlap outweighs ~7 failed constraints
SEARCH_SHARE = 0.7  # of the budget planned for search steps; the rest covers construction and legalisation
# (0.6 left a third of the budget unused: planted 100-object programs ended after 17-20 of 30 s)
STEP_BASE, STEP_PER_OBJECT = 200, 60  # steps of one chain: each step moves one unit, so they grow with N
# move mix (cumulative): group 12%, swap 6%, neighbourhood 10%, single object the rest
GROUP_SHARE, SWAP_SHARE, NEIGHBOURHOOD_SHARE = 0.12, 0.18, 0.28
# share of single moves of an object in a failing constraint that draw their proposals from that
# constraint alone (planted 30/60-object programs: 0 -> 34/31, 0.25 -> 28/27, 0.5 -> 24/35 unsatisfied)
FOCUS_SHARE = 0.3
# share of steps (taken from single moves, only while a side relation fails) that bring a thing across its
# anchor to the named side, shifting the anchor to make room (across.py)
ACROSS_SHARE = 0.06
# share of neighbourhood moves, while the object fails a wall/corner relation of its own, that take it
# where that relation proposes with its neighbourhood carried along (a corner chair with its lamp)
CARRY_SHARE = 0.5


@dataclass(frozen=True)
class Schedule:
    """Iteration caps and annealing ranges of one chain."""

    steps: int
    batch: int = 24  # candidates per step; a relation call costs about the same for 1 or 64
    temperature: tuple[float, float] = (0.4, 0.003)
    sigma: tuple[float, float] = (0.6, 0.01)  # m, position jitter
    physics: tuple[float, float] = (30.0, FINAL_PHYSICS_WEIGHT)
    eval_every: int = 60

    def limited(self, steps: int) -> "Schedule":
        """The same schedule with at most ``steps`` steps."""
        return replace(self, steps=min(self.steps, steps))

    def reheated(self) -> "Schedule":
        """A cooler, local schedule for re-annealing a good layout: physics at full weight throughout."""
        return replace(self, temperature=(0.1, self.temperature[1]), sigma=(0.2, self.sigma[1]),
                       physics=(self.physics[1], self.physics[1]))

    @staticmethod
    def for_problem(problem: Problem) -> "Schedule":
        """More steps for more objects: each step moves one unit, so steps grow with N."""
        return Schedule(steps=STEP_BASE + STEP_PER_OBJECT * problem.count)


def step_cost_ms(problem: Problem) -> float:
    """The cost of one search step on the project's shared 2-core machine, in ms (a price, not a clock).

    Refitted after the batched evaluation and the step's hot-path work (issue 11: the old model,
    ``0.2 + 0.25 * degree + 0.005 * N``, priced a step 1.9x low at 10 objects and 3.3x at 400, so
    effort 1 ran ~5 s instead of 3). A step's cost is mostly a fixed count of numpy calls over a
    batch of candidates, so it barely grows with the program: measured per step over whole solves
    (search time / steps, full evaluations included; load 8-12 on the 2 cores), planted programs
    (degree ~4): 10 objects 2.3 ms, 30 2.6, 60 2.8, 100 2.4, 400 3.5; furnished (degree ~1.9):
    30 objects 2.1, 100 2.4, 400 3.1 (model: 2.2, 2.3, 2.4, 2.5, 3.4; 2.0, 2.2, 3.1).
    ``degree``: constraint arguments per object.
    """
    degree = sum(len(c.args) for c in problem.constraints) / max(problem.count, 1)
    return 1.6 + 0.15 * degree + 0.003 * problem.count


def step_budget(problem: Problem, nominal_seconds: float) -> int:
    """How many search steps (over all restarts) an effort buys, priced by the cost model.

    ``nominal_seconds`` is ``Budget.nominal_seconds``: a count of work, not a clock, so results
    depend on the program, the seed and the effort only, never on this machine's speed.
    """
    return int(SEARCH_SHARE * 1000.0 * nominal_seconds / step_cost_ms(problem))


def structural_groups(problem: Problem) -> list[np.ndarray]:
    """Objects that move together: each row/grid/around/alignment/stacked with its dependents."""
    out = []
    for con in problem.constraints:
        if not con.placement.moves_together:
            continue
        members = set(con.args)
        for other in problem.constraints:
            if other.placement.side and len(other.args) >= 2 and other.args[1] in members:
                members.add(other.args[0])
        out.append(np.array(sorted(members), dtype=int))
    return out


def _root_neighbours(problem: Problem, plan: Plan) -> list[set[int]]:
    """For each object: the roots of the objects it shares a (non-wall) constraint with."""
    def root(i: int) -> int:
        while plan.parent[i] >= 0:
            i = int(plan.parent[i])
        return i

    out: list[set[int]] = [set() for _ in range(problem.count)]
    for con in problem.constraints:
        roots = {root(i) for i in con.args}
        for i in roots:
            out[i] |= roots - {i}
    return out


class Annealer:
    """One chain of the annealed search for a plan."""

    def __init__(self, problem: Problem, plan: Plan, scorer: Scorer, rng: np.random.Generator,
                 schedule: Schedule, clock: Clock) -> None:
        self.problem, self.plan, self.scorer, self.rng = problem, plan, scorer, rng
        self.schedule, self.clock = schedule, clock
        self.free = np.nonzero(~problem.locked)[0]
        self.groups = [g for g in structural_groups(problem) if not problem.locked[g].any()]
        self.neighbours = _root_neighbours(problem, plan)
        self.rules = rules_of(problem)
        self.sides = set(side_constraints(problem))
        self.failing: set[int] = set()  # constraint positions failing at the last full evaluation
        self.room = (float(np.max(problem.bounds_max[:2] - problem.bounds_min[:2]))
                     if problem.bounds_min is not None and problem.bounds_max is not None else 4.0)

    def run(self, state: State) -> tuple[State, FullEvaluation]:
        """Anneal from ``state``; returns the best layout seen (by final-weight energy).

        ``self.steps_run`` tells how many steps it took (it stops early once everything holds).
        """
        self.steps_run = 0
        sched = self.schedule
        best_state, best_eval = state.copy(), self.scorer.full(state, FINAL_PHYSICS_WEIGHT)
        badness = best_eval.badness
        self.failing = set(np.nonzero(~best_eval.checks)[0].tolist())
        for step in range(sched.steps):
            if self.free.size == 0:
                break
            if self.clock.over("search", step, sched.steps):
                break
            self.steps_run = step + 1
            t = step / max(sched.steps - 1, 1)
            temperature = sched.temperature[0] * (sched.temperature[1] / sched.temperature[0]) ** t
            sigma = sched.sigma[0] * self.room / 6.0 * (sched.sigma[1] / sched.sigma[0]) ** t
            ramp = min(1.0, t / 0.4)
            physics = sched.physics[0] * (sched.physics[1] / sched.physics[0]) ** ramp
            cands = self._move(state, badness, sigma)
            energy, row = choose(self.scorer, cands, physics)
            delta = energy[row] - energy[0]
            if delta < 0 or self.rng.random() < np.exp(-delta / temperature):
                adopt(state, cands, row)
            if step % sched.eval_every == 0 or step == sched.steps - 1:
                current = self.scorer.full(state, FINAL_PHYSICS_WEIGHT)
                badness = current.badness
                self.failing = set(np.nonzero(~current.checks)[0].tolist())
                if current.energy < best_eval.energy:
                    best_state, best_eval = state.copy(), current
                if current.checks.all() and self._physics_holds(state):
                    log.debug("all constraints hold at step %d", step)
                    break
        final = self.scorer.full(state, FINAL_PHYSICS_WEIGHT)
        if final.energy < best_eval.energy:
            best_state, best_eval = state.copy(), final
        return best_state, best_eval

    def _physics_holds(self, state: State) -> bool:
        """The crisp physics of CONTRACTS §4 (1 cm overlap tolerated), not the search's stricter penalty."""
        size = self.problem.base_size * state.scale[:, None]
        return physics_checks(self.problem.ids, state.pos, state.yaw, size, rules=self.rules,
                              bounds_min=self.problem.bounds_min, bounds_max=self.problem.bounds_max,
                              ground_z=self.problem.ground_z).valid

    # ------------------------------------------------------------ moves

    def _move(self, state: State, badness: np.ndarray, sigma: float) -> Candidates:
        r = self.rng.random()
        if self.groups and r < GROUP_SHARE:
            return self._group_move(state, sigma)
        if len(self.free) >= 2 and r < SWAP_SHARE:
            return self._swap_move(state, badness, sigma)
        if r < NEIGHBOURHOOD_SHARE:
            return self._neighbourhood_move(state, badness, sigma)
        if r < NEIGHBOURHOOD_SHARE + ACROSS_SHARE and self.failing & self.sides:
            cands = self._across_move(state)
            if cands is not None:
                return cands
        return self._single_move(state, badness, sigma)

    def _pick(self, badness: np.ndarray) -> int:
        """A free object, drawn in proportion to its badness.

        The draw is ``rng.choice(len(free), p=weights / weights.sum())`` written out (cumulative
        sum, one uniform, sorted search: the same arithmetic and the same random stream, so the same
        object) without choice's checks of p, which cost more than the draw."""
        weights = badness[self.free]
        cdf = (weights / weights.sum()).cumsum()
        cdf /= cdf[-1]
        return int(self.free[int(cdf.searchsorted(self.rng.random(), side="right"))])

    def _single_move(self, state: State, badness: np.ndarray, sigma: float) -> Candidates:
        i = self._pick(badness)
        b = self.schedule.batch
        ctx = context(self.problem, self.scorer, state, self.rng, np.ones(self.problem.count, dtype=bool))
        proposals = self._focused_proposals(ctx, i, b // 2)
        if proposals is None:
            proposals = relation_poses(self.problem, self.plan, ctx, i, b // 3)
        resampled = random_poses(self.problem, self.plan, ctx, i, max(2, b // 8))
        n_jitter = b - len(proposals) - len(resampled)
        jitter = np.repeat(np.array([[state.pos[i, 0], state.pos[i, 1], state.yaw[i]]]), n_jitter, axis=0)
        scales = sigma * np.exp(self.rng.uniform(-2.5, 0.0, n_jitter))  # several step sizes per batch
        jitter[:, :2] += self.rng.normal(0, 1, (n_jitter, 2)) * scales[:, None]
        turn = self.rng.random(n_jitter)
        jitter[:, 2] += np.where(turn < 0.25, self.rng.normal(0, 0.3, n_jitter), 0.0)
        snap = turn > 0.9
        jitter[snap, 2] = class_yaws(self.plan, i, self.rng, int(snap.sum()))
        targets = np.concatenate([proposals, resampled, jitter])
        cands = rigid_targets(state, self.plan.descendants[i], targets)
        with_scales(cands, cands.moved, self.problem.scale_lo, self.problem.scale_hi, self.rng, 0.1)
        return cands

    def _focused_proposals(self, ctx: Context, i: int, count: int) -> np.ndarray | None:
        """Half the time, when i is in a failing constraint: many proposals from that one alone."""
        failing = [k for k in self.problem.by_object[i] if k in self.failing]
        if not failing or self.rng.random() >= FOCUS_SHARE:
            return None
        con = self.problem.constraints[failing[int(self.rng.integers(0, len(failing)))]]
        poses = propose(ctx, con.relation, con.args, self.plan.params[con.index], i, count)
        return poses if len(poses) else None

    def _across_move(self, state: State) -> Candidates | None:
        """A failing side relation's thing brought across its anchor (across.py); None when it cannot move."""
        failing = sorted(self.failing & self.sides)
        k = failing[int(self.rng.integers(0, len(failing)))]
        size = self.scorer.sizes(state.scale[None])[0]
        return across(self.problem, self.plan, state.pos, state.yaw, state.scale, size, k, self.rng,
                      self.schedule.batch - 1)

    def _group_move(self, state: State, sigma: float) -> Candidates:
        group = self.groups[self.rng.integers(0, len(self.groups))]
        moved = np.unique(np.concatenate([self.plan.descendants[i] for i in group]))
        b = self.schedule.batch - 1
        pivot = state.pos[group, :2].mean(axis=0)
        shift = self.rng.normal(0, 1, (b, 2)) * (sigma * np.exp(self.rng.uniform(-2.0, 0.0, b)))[:, None]
        kind = self.rng.random(b)
        turn = np.where(kind < 0.3, self.rng.normal(0, 0.15, b), 0.0)
        turn = np.where(kind > 0.9, self.rng.integers(1, 4, b) * (np.pi / 2), turn)
        return group_transform(state, moved, pivot, shift, turn)

    def _neighbourhood_move(self, state: State, badness: np.ndarray, sigma: float) -> Candidates:
        """Turn/shift an object together with the free objects it shares constraints with.

        A rigid motion keeps the relations inside the neighbourhood (they are frame-free)
        and changes only those to the outside: how a chain of parallel/facing/beside
        relations is re-oriented without breaking it link by link.
        """
        i = self._pick(badness)
        root = i
        while self.plan.parent[root] >= 0:
            root = int(self.plan.parent[root])
        members = {root} | {j for j in self.neighbours[root] if not self.problem.locked[j]}
        carried = self._carried(state, root, sorted(members - {root}))
        if carried is not None:
            return carried
        moved = np.unique(np.concatenate([self.plan.descendants[j] for j in members]))
        b = self.schedule.batch - 1
        shift = self.rng.normal(0, 1, (b, 2)) * (0.3 * sigma * np.exp(self.rng.uniform(-2.0, 0.0, b)))[:, None]
        kind = self.rng.random(b)
        turn = np.where(kind < 0.6, self.rng.normal(0, 0.4, b), self.rng.integers(1, 4, b) * (np.pi / 2))
        return group_transform(state, moved, state.pos[root, :2].copy(), shift, turn)

    def _carried(self, state: State, root: int, others: list[int]) -> Candidates | None:
        """Half the time, when ``root`` fails a constraint of its own that proposes poses (into its
        corner, against its wall): ``root`` taken there with its neighbourhood carried rigidly, so a
        corner armchair brings the lamp behind it and the table beside it instead of leaving them."""
        own = [k for k in self.problem.by_object[root] if k in self.failing
               and self.problem.constraints[k].args[0] == root and self.problem.constraints[k].placement.boundary]
        if not own or not others or self.rng.random() >= CARRY_SHARE:
            return None
        con = self.problem.constraints[own[int(self.rng.integers(0, len(own)))]]
        ctx = context(self.problem, self.scorer, state, self.rng, np.ones(self.problem.count, dtype=bool))
        poses = propose(ctx, con.relation, con.args, self.plan.params[con.index], root, self.schedule.batch - 1)
        if not len(poses):
            return None
        rest = [int(j) for k in others for j in self.plan.descendants[k] if j not in self.plan.descendants[root]]
        unit = np.array(list(self.plan.descendants[root]) + sorted(set(rest)), dtype=int)
        if self.problem.locked[unit].any():  # the user's own things stay where they are, and so does what they carry
            return None
        return rigid_targets(state, unit, poses)

    def _swap_move(self, state: State, badness: np.ndarray, sigma: float) -> Candidates:
        i = self._pick(badness)
        peers = [j for j in self.free if j != i and self.plan.parent[j] == self.plan.parent[i]]
        if not peers:
            return self._single_move(state, badness, sigma)
        j = int(peers[self.rng.integers(0, len(peers))])
        b = self.schedule.batch - 1
        moved = np.unique(np.concatenate([self.plan.descendants[i], self.plan.descendants[j]]))
        first = rigid_targets(state, self.plan.descendants[i],
                              np.repeat([[state.pos[j, 0], state.pos[j, 1], state.yaw[i]]], b, axis=0))
        swapped = State(first.pos[1], first.yaw[1], first.scale[1])
        targets = np.repeat([[state.pos[i, 0], state.pos[i, 1], state.yaw[j]]], b, axis=0)
        targets[1:, :2] += self.rng.normal(0, 0.2 * sigma, (b - 1, 2))
        second = rigid_targets(swapped, self.plan.descendants[j], targets)
        second.pos[0], second.yaw[0], second.scale[0] = state.pos, state.yaw, state.scale
        second.moved = moved
        return second
