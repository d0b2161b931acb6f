"""The objective the continuous search minimises, evaluated for batches of candidates.

energy = Σ_k w_k · [(1 − score_k) + CHECK_WEIGHT · (1 − check_k)]
         + physics_weight · (overlap depth + out-of-bounds + support excess + load excess, in metres)
         + COUNT_WEIGHT · physics_weight / 100 · (number of physics violations)

Hard constraints carry ``HARD_FACTOR`` × their weight. A move only touches a few objects,
so :meth:`Scorer.local_energy` evaluates just the terms that involve them: the constraints
over those objects (relations get the args' own sub-arrays, so their cost does not grow with
N) and the moved × all pairs of the collision test. The load excess (issue 21) is how far the
combined centre of mass of an object and everything on it lies outside its parent's footprint
shrunk by a margin (:func:`..stability.stack_excess`), for the stacks a move touches.
"""

from __future__ import annotations

from dataclasses import dataclass

import numpy as np

from ....skill_library.geometry import point_footprint_excess
from ..stability import densities_of, stack_excess
from .batch import Batcher
from .discrete import MODES, Plan
from .physics import COLLISION_TOLERANCE, exempt_matrix, move_contacts, out_of_bounds_amount, pair_penetration
from .problem import Problem

CHECK_WEIGHT = 0.5  # a crisp failure costs half a constraint on top of its score deficit
COUNT_WEIGHT = 1.0
HELD_SCORE = 1.0 - 1e-6
VIOLATION_EPS = 1e-3  # m; physics amounts below this are rounding, not violations
# m the load term shrinks a support beyond the crisp rule's margin: an excess the search and the
# legalisation pass read as rounding (< VIOLATION_EPS) must still be stable by the crisp check
# (issue 11: a centre of mass 0.3 mm outside left planted-100 seed 5 "unstable" after every
# chain, and the rescue chains it triggered ran 5x the priced steps)
LOAD_SLACK = 2.0 * VIOLATION_EPS
ON, INSIDE, ABOVE = MODES.index("on"), MODES.index("inside"), MODES.index("above")


@dataclass
class State:
    """One layout: positions [N,3] (z follows the support forest), yaws [N], uniform scales [N]."""

    pos: np.ndarray
    yaw: np.ndarray
    scale: np.ndarray

    def copy(self) -> "State":
        return State(self.pos.copy(), self.yaw.copy(), self.scale.copy())


@dataclass
class FullEvaluation:
    """Every term of one layout."""

    energy: float
    scores: np.ndarray  # [K]
    checks: np.ndarray  # [K] bool
    physics_amount: float
    physics_count: int
    badness: np.ndarray  # [N] how much each object takes part in failures


def flat_objects(problem: Problem) -> np.ndarray:
    """[N] bool: free objects no thicker, at their largest scale, than the crisp collision tolerance
    (a rug, a path, a mat). Whatever overlaps one overlaps it by at most its thickness, so the crisp
    check (CONTRACTS §4.1) never reports it, while the search's penalty (any depth) kept a rug away from
    the table it lies under: each chair standing on its edge cost 1 cm."""
    thickness = problem.base_size[:, 2] * problem.scale_hi
    return (thickness <= COLLISION_TOLERANCE) & ~problem.locked


def bridged_onto(problem: Problem, a: int, parent: int) -> int:
    """The second thing a, resting on ``parent``, bridges onto (-1: none): the other end of a spanning
    relation (``Placement.spans``: a pyramid's box between two below) from ``parent``, or another thing a
    may rest on (a plank on two trestles). Its load may then sit over the seam (:func:`..stability.stack_excess`)."""
    for con in problem.constraints:
        args = con.args
        if con.placement.spans and len(args) == 3 and args[0] == a and parent in args[1:]:
            return int(args[2] if args[1] == parent else args[1])
    others = [o.parent for o in problem.support_options.get(a, ()) if o.mode == "on" and o.parent != parent]
    return int(others[0]) if others else -1


class Scorer:
    """Evaluates constraint and physics terms for batches of candidate layouts."""

    def __init__(self, problem: Problem, plan: Plan) -> None:
        self.problem = problem
        self.plan = plan
        self.weights = np.array([c.effective_weight for c in problem.constraints])
        self.exempt = exempt_matrix(problem.count, problem.exempt_pairs)
        flat = flat_objects(problem)  # their overlaps never exceed the crisp tolerance: no penalty
        self.exempt[flat, :] = self.exempt[:, flat] = True
        self.has_parent = plan.parent >= 0
        self.touching: list[set[int]] = [set() for _ in range(problem.count)]  # object -> constraint positions
        self._touched: dict[bytes, tuple[list[int], np.ndarray]] = {}  # remembered per moved set
        self._moved: dict[bytes, tuple[np.ndarray, np.ndarray, np.ndarray, np.ndarray, np.ndarray]] = {}
        self.batcher = Batcher(problem.constraints, plan.params, problem.bounds_min, problem.bounds_max)
        for k, con in enumerate(problem.constraints):
            for i in con.args:
                self.touching[i].add(k)
        self._stacks_of(problem, plan)
        self._settling(problem, plan)

    def _stacks_of(self, problem: Problem, plan: Plan) -> None:
        """The objects resting "on" a parent that carry a load, for the stability term."""
        n = problem.count
        self.density = densities_of(problem.categories) if len(problem.categories) == n else np.full(n, 250.0)
        self.stack_child = np.nonzero((plan.parent >= 0) & (plan.mode == ON))[0]
        self.stack_parent = plan.parent[self.stack_child]
        self.stack_members = np.zeros((len(self.stack_child), n), dtype=bool)
        for row, child in enumerate(self.stack_child):
            self.stack_members[row, plan.descendants[child]] = True
        self.stack_co = np.array([bridged_onto(problem, int(a), int(b)) for a, b in
                                  zip(self.stack_child, self.stack_parent)], dtype=int)

    # ------------------------------------------------------------ geometry of a batch

    def sizes(self, scale: np.ndarray) -> np.ndarray:
        """[B, N, 3] extents from [B, N] scales."""
        return self.problem.base_size[None] * scale[..., None]

    def batch_sizes(self, scale: np.ndarray, moved: np.ndarray) -> np.ndarray:
        """:meth:`sizes` of a candidate batch whose scales differ from row 0's only at ``moved``: row 0's
        sizes repeated, the scalable moved objects' recomputed (the same products; the [B, N, 1] x [N, 3]
        broadcast cost ~10x a plain copy, its inner loops being 3 long)."""
        base = self.problem.base_size
        size = np.repeat((base * scale[0][:, None])[None], scale.shape[0], axis=0)
        scalable = moved[self.problem.scale_hi[moved] > self.problem.scale_lo[moved]]
        if len(scalable):
            size[:, scalable] = base[scalable] * scale[:, scalable, None]
        return size

    def _settling(self, problem: Problem, plan: Plan) -> None:
        """Per level of the support forest, what :meth:`settle_z` reads besides the poses: the parents,
        the share of the parent's height the object rests at (a named surface: shelf_2, seat; inside:
        the container's inner floor, 0 for its bottom) and the ``above`` clearances (None when there are none)."""
        self.settling = []
        for level in plan.levels:
            mode = plan.mode[level]
            surface = problem.surface_level[level] if problem.surface_level is not None else 1.0
            inner = problem.inner_level[level] if problem.inner_level is not None else 0.0
            add = np.where(mode == ABOVE, plan.gap[level], 0.0)
            factor = np.where(mode == ON, surface, np.where(mode == INSIDE, inner, 1.0))
            self.settling.append((level, plan.parent[level], factor, add if add.any() else None))

    def settle_z(self, pos: np.ndarray, size: np.ndarray) -> None:
        """Set z of every supported object from its parent, level by level (in place, [B, N, 3])."""
        for level, parent, factor, add in self.settling:
            z = pos[:, parent, 2] + size[:, parent, 2] * factor
            if add is not None:
                z += add
            pos[:, level, 2] = z

    # ------------------------------------------------------------ terms

    def constraint_terms(self, pos: np.ndarray, yaw: np.ndarray, size: np.ndarray,
                         which: list[int]) -> tuple[np.ndarray, np.ndarray]:
        """Scores [B, len(which)] and checks [B, len(which)] of the listed constraints (one call per relation)."""
        return self.batcher.terms(pos, yaw, size, which)

    def constraint_scores(self, pos: np.ndarray, yaw: np.ndarray, size: np.ndarray, which: list[int]) -> np.ndarray:
        """Scores [B, len(which)] of the listed constraints (no crisp checks; one call per relation)."""
        return self.batcher.scores(pos, yaw, size, which)

    def physics_terms(self, pos: np.ndarray, yaw: np.ndarray, size: np.ndarray, moved: np.ndarray,
                      active: np.ndarray | None = None,
                      depth: np.ndarray | None = None) -> tuple[np.ndarray, np.ndarray]:
        """Physics amount (m) and violation count, each [B], over the moved objects' terms.

        The candidates differ only at ``moved`` (and at inactive objects); ``depth``: their
        :func:`pair_penetration` when already known."""
        pair_weight, children, parent, stacks, reach = self._moved_terms(moved, active)
        if depth is None:  # a move's batch: only the pairs that touch, summed per candidate
            batch, row, col, pair_depth = move_contacts(pos, yaw, size, moved, reach)
            weight = pair_weight[row, col]
            amount = np.bincount(batch, pair_depth * weight, minlength=pos.shape[0]).astype(float)  # (no pair: int)
            count = np.bincount(batch, (pair_depth > VIOLATION_EPS) * weight, minlength=pos.shape[0]).astype(float)
        else:
            amount = (depth * pair_weight).sum(axis=(1, 2))
            count = ((depth > VIOLATION_EPS) * pair_weight).sum(axis=(1, 2))
        oob = out_of_bounds_amount(pos.take(moved, axis=1), yaw.take(moved, axis=1), size.take(moved, axis=1),
                                   self.problem.bounds_min, self.problem.bounds_max)
        amount += oob.sum(axis=1)
        count += (oob > VIOLATION_EPS).sum(axis=1)
        if len(children):
            excess = point_footprint_excess(pos[:, children, :2], pos[:, parent], yaw[:, parent], size[:, parent])
            amount += excess.sum(axis=1)
            count += (excess > VIOLATION_EPS).sum(axis=1)
        load = self._stack_load(pos, yaw, size, stacks)
        amount += load.sum(axis=1)
        count += (load > VIOLATION_EPS).sum(axis=1)
        return amount, count

    def _moved_terms(self, moved: np.ndarray,
                     active: np.ndarray | None) -> tuple[np.ndarray, np.ndarray, np.ndarray, np.ndarray, np.ndarray]:
        """What the physics terms of a moved set read besides the poses: the pair weights [M, N] (0
        allowed, 1/2 for pairs within the set, seen twice), the moved children and their parents, the
        stacks holding a moved object and the objects any moved one may collide with ([N] bool: a
        weight above 0); remembered per set when every object is active."""
        key = moved.tobytes() if active is None else None
        if key is not None and key in self._moved:
            return self._moved[key]
        allowed = self.exempt[moved].copy()
        if active is not None:
            allowed |= ~active[None, :]
        in_moved = np.zeros(self.problem.count, dtype=bool)
        in_moved[moved] = True
        pair_weight = np.where(allowed, 0.0, np.where(in_moved[None, :], 0.5, 1.0))
        children = moved[self.has_parent[moved]]
        out = (pair_weight, children, self.plan.parent[children], self._stack_rows(in_moved),
               (pair_weight > 0.0).any(axis=0))
        if key is not None and len(self._moved) < 4096:
            self._moved[key] = out
        return out

    def _stack_rows(self, touched: np.ndarray | None) -> np.ndarray:
        """The stacks that hold a ``touched`` object (all when None)."""
        rows = np.arange(len(self.stack_child))
        if touched is not None and len(rows):
            rows = rows[self.stack_members[:, touched].any(axis=1) | touched[self.stack_parent]]
        return rows

    def _stack_load(self, pos: np.ndarray, yaw: np.ndarray, size: np.ndarray, rows: np.ndarray) -> np.ndarray:
        """[B, len(rows)] load excess of those stacks, read over their own objects only (their members
        and parents: a few of N; the other objects weigh nothing in them)."""
        if not len(rows):
            return np.zeros((pos.shape[0], 0))
        members, parent = self.stack_members[rows], self.stack_parent[rows]
        co = self.stack_co[rows]
        own = np.union1d(np.union1d(np.nonzero(members.any(axis=0))[0], parent), co[co >= 0])  # sorted
        size = size.take(own, axis=1)
        mass = self.density[own][None] * np.prod(size, axis=-1)
        return stack_excess(pos.take(own, axis=1), yaw.take(own, axis=1), size, mass, self.stack_child[rows],
                            np.searchsorted(own, parent), members[:, own], LOAD_SLACK,
                            np.where(co >= 0, np.searchsorted(own, co), -1))

    def load_excess(self, pos: np.ndarray, yaw: np.ndarray, size: np.ndarray,
                    touched: np.ndarray | None = None) -> np.ndarray:
        """[B, C'] load excess of the stacks that hold a ``touched`` object (all when None)."""
        return self._stack_load(pos, yaw, size, self._stack_rows(touched))

    def touched_by(self, moved: np.ndarray, active: np.ndarray | None = None) -> tuple[list[int], np.ndarray]:
        """The constraints over ``moved`` (all of whose objects are active) and their weights;
        remembered per moved set when all objects are active (the search's case)."""
        key = moved.tobytes() if active is None else None
        if key is not None and key in self._touched:
            return self._touched[key]
        which = sorted(set().union(*(self.touching[i] for i in moved)))
        if active is not None:
            which = [k for k in which if active[list(self.problem.constraints[k].args)].all()]
        out = (which, self.weights[which])
        if key is not None and len(self._touched) < 4096:
            self._touched[key] = out
        return out

    def local_energy(self, pos: np.ndarray, yaw: np.ndarray, scale: np.ndarray, moved: np.ndarray,
                     physics_weight: float, active: np.ndarray | None = None,
                     size: np.ndarray | None = None) -> np.ndarray:
        """Energy [B] of the terms touching ``moved`` (candidates differ only there); ``size``:
        ``sizes(scale)`` when already known."""
        size = self.sizes(scale) if size is None else size
        which, weights = self.touched_by(moved, active)
        energy = np.zeros(pos.shape[0])
        if which:
            scores = self.constraint_scores(pos, yaw, size, which)
            # The library's scores are exactly 1 inside the check's tolerance (terms.py), so the
            # crisp term is read off the score: calling check() too doubled the cost of a step.
            failing = scores < HELD_SCORE
            energy += ((1.0 - scores) + CHECK_WEIGHT * failing) @ weights
        amount, count = self.physics_terms(pos, yaw, size, moved, active)
        return energy + physics_weight * amount + COUNT_WEIGHT * physics_weight / 100.0 * count

    def full(self, state: State, physics_weight: float) -> FullEvaluation:
        """All terms of one layout, plus per-object badness used to pick what to move."""
        pos, yaw, scale = state.pos[None], state.yaw[None], state.scale[None]
        size = self.sizes(scale)
        n, k_count = self.problem.count, len(self.problem.constraints)
        scores, checks = self.constraint_terms(pos, yaw, size, list(range(k_count)))
        everything = np.arange(n)
        depth = pair_penetration(pos, yaw, size, everything)  # shared with object_violations
        amount, count = self.physics_terms(pos, yaw, size, everything, depth=depth)
        energy = float(((1.0 - scores[0]) + CHECK_WEIGHT * (~checks[0])) @ self.weights)
        energy += physics_weight * float(amount[0]) + COUNT_WEIGHT * physics_weight / 100.0 * float(count[0])
        badness = np.full(n, 0.05)
        for k in np.nonzero(~checks[0])[0]:
            badness[list(self.problem.constraints[k].args)] += self.weights[k]
        badness += 5.0 * self.object_violations(state, depth[0].copy())
        return FullEvaluation(energy, scores[0], checks[0], float(amount[0]), int(count[0]), badness)

    def object_violations(self, state: State, depth: np.ndarray | None = None) -> np.ndarray:
        """[N] physics amount each object takes part in (collisions, bounds, support); ``depth``:
        the layout's [N, N] :func:`pair_penetration` when already known (overwritten)."""
        pos, yaw, size = state.pos[None], state.yaw[None], self.sizes(state.scale[None])
        if depth is None:
            depth = pair_penetration(pos, yaw, size, np.arange(self.problem.count))[0]
        depth[self.exempt] = 0.0
        amount = depth.sum(axis=1)
        amount += out_of_bounds_amount(pos[0], yaw[0], size[0], self.problem.bounds_min, self.problem.bounds_max)
        children = np.nonzero(self.has_parent)[0]
        if len(children):
            parent = self.plan.parent[children]
            amount[children] += point_footprint_excess(pos[0, children, :2], pos[0, parent], yaw[0, parent],
                                                       size[0, parent])
        if len(self.stack_child):
            amount[self.stack_child] += self.load_excess(pos, yaw, size)[0]
        return amount
