"""Shared candidate generation: random poses, relation proposals, and picking the best."""

from __future__ import annotations

import numpy as np

from .discrete import Plan
from .energy import Scorer, State
from .moves import Candidates
from .problem import Problem
from .proposals import Context, facing_yaw, propose

AXIS_YAWS = np.array([0.0, np.pi / 2, np.pi, -np.pi / 2])
LONG_SHARE = 0.75  # a thing longer than this share of the room's narrower side is sampled by its turned extent


def context(problem: Problem, scorer: Scorer, state: State, rng: np.random.Generator,
            active: np.ndarray) -> Context:
    """The proposal context for the current layout."""
    return Context(state.pos, state.yaw, scorer.sizes(state.scale[None])[0], problem.bounds_min, problem.bounds_max,
                   rng, active)


def class_yaws(plan: Plan, i: int, rng: np.random.Generator, count: int) -> np.ndarray:
    """Axis-aligned yaws [count] of object i's orientation class (any quarter turn when free)."""
    if plan.yaw_class[i] < 0:
        return AXIS_YAWS[rng.integers(0, 4, count)]
    return plan.yaw_class[i] * (np.pi / 2) + rng.integers(0, 2, count) * np.pi


def random_poses(problem: Problem, plan: Plan, ctx: Context, i: int, count: int) -> np.ndarray:
    """Poses [count, 3] anywhere object i may stand: in the bounds, or over its parent's top."""
    yaw = np.where(ctx.rng.random(count) < 0.7, class_yaws(plan, i, ctx.rng, count),
                   ctx.rng.uniform(-np.pi, np.pi, count))
    parent = plan.parent[i]
    if parent >= 0:
        half = 0.5 * ctx.size[parent, :2]
        u = ctx.rng.uniform(-1, 1, (count, 2)) * half
        c, s = np.cos(ctx.yaw[parent]), np.sin(ctx.yaw[parent])
        x = ctx.pos[parent, 0] + c * u[:, 0] - s * u[:, 1]
        y = ctx.pos[parent, 1] + s * u[:, 0] + c * u[:, 1]
        return np.stack([x, y, yaw], axis=-1)
    if problem.bounds_min is not None and problem.bounds_max is not None:
        xy = ctx.rng.uniform(0.0, 1.0, (count, 2))
        lo, hi = _centre_range(problem, ctx.size[i], yaw)
        xy = lo + xy * (hi - lo)
    else:
        spread = max(1.0, float(np.sqrt(np.sum(np.prod(ctx.size[:, :2], axis=1)))) * 1.5)
        centre = ctx.pos[ctx.active, :2].mean(axis=0) if ctx.active.any() else np.zeros(2)
        xy = centre + ctx.rng.uniform(-spread, spread, (count, 2))
    return np.concatenate([xy, yaw[:, None]], axis=-1)


def _centre_range(problem: Problem, size: np.ndarray, yaw: np.ndarray) -> tuple[np.ndarray, np.ndarray]:
    """([count, 2], [count, 2]) where the centre of a box of ``size`` turned by each ``yaw`` keeps its
    footprint in the bounds: half its turned extent in from each wall (a 90 m street turned at 50
    degrees fits nowhere, at 0 it fits); the middle of the bounds on an axis it cannot fit along. A
    box no longer than :data:`LONG_SHARE` of the room's narrower side keeps its half short side."""
    lo_b, hi_b = problem.bounds_min[:2], problem.bounds_max[:2]  # type: ignore[index]
    if float(np.max(size[:2])) <= LONG_SHARE * float(np.min(hi_b - lo_b)):
        pad = np.full((len(yaw), 2), 0.5 * float(np.min(size[:2])))
    else:
        c, s = np.abs(np.cos(yaw)), np.abs(np.sin(yaw))
        pad = 0.5 * np.stack([size[0] * c + size[1] * s, size[0] * s + size[1] * c], axis=-1)
    lo, hi = lo_b + pad, hi_b - pad
    middle = 0.5 * (lo_b + hi_b)
    lo, hi = np.where(lo <= hi, lo, middle), np.where(lo <= hi, hi, middle)
    return lo, np.maximum(hi, lo + 1e-6)


def relation_poses(problem: Problem, plan: Plan, ctx: Context, i: int, count: int,
                   active_only: bool = True) -> np.ndarray:
    """Poses proposed by the constraints on object i (each gets an equal share of ``count``)."""
    cons = list(problem.by_object[i])  # the constraints naming i, in program order
    if active_only:
        cons = [k for k in cons if all(ctx.active[j] or j == i for j in problem.constraints[k].args)]
    if not cons:
        return np.zeros((0, 3))
    share = max(2, count // len(cons))
    out = [propose(ctx, problem.constraints[k].relation, problem.constraints[k].args, plan.params[k], i, share)
           for k in cons]
    poses = np.concatenate(out) if out else np.zeros((0, 3))
    if len(poses) > count:
        poses = poses[ctx.rng.permutation(len(poses))[:count]]
    return _face_targets(problem, ctx, i, poses, cons)


def _face_targets(problem: Problem, ctx: Context, i: int, poses: np.ndarray, cons: list[int]) -> np.ndarray:
    """Half the proposals also turn i toward what it must face (a position proposal keeps the old yaw)."""
    targets = [problem.constraints[k].args[1] for k in cons
               if problem.constraints[k].placement.faces and problem.constraints[k].args[0] == i]
    if not targets or not len(poses):
        return poses
    target = targets[int(ctx.rng.integers(0, len(targets)))]
    turn = ctx.rng.random(len(poses)) < 0.5
    d = ctx.pos[target, :2] - poses[:, :2]
    poses = poses.copy()
    poses[turn, 2] = facing_yaw(d[turn, 0], d[turn, 1])
    return poses


def choose(scorer: Scorer, cands: Candidates, physics_weight: float,
           active: np.ndarray | None = None) -> tuple[np.ndarray, int]:
    """Energies [B] of a candidate batch (z settled first) and the index of the best non-current one."""
    size = scorer.batch_sizes(cands.scale, cands.moved)
    scorer.settle_z(cands.pos, size)
    energy = scorer.local_energy(cands.pos, cands.yaw, cands.scale, cands.moved, physics_weight, active, size)
    best = 1 + int(np.argmin(energy[1:])) if len(energy) > 1 else 0
    return energy, best


def adopt(state: State, cands: Candidates, row: int) -> None:
    """Write candidate ``row`` into the state (only the moved objects differ, plus settled z)."""
    state.pos[:] = cands.pos[row]
    state.yaw[:] = cands.yaw[row]
    state.scale[:] = cands.scale[row]
