"""Constructive initialisation: place objects one unit at a time, best of a scored batch.

Order: locked objects are there from the start; then objects against walls and in corners,
then anchors before the objects related to them (most-referenced first), each structural
group (row, grid, around) as a whole from its analytic layouts, and every child right after
its parent. Each placement scores a batch of candidates (relation proposals + random poses)
on the terms among already placed objects only, and keeps the best.
"""

from __future__ import annotations

import logging

import numpy as np

from .discrete import Plan
from .energy import Scorer, State
from .groups import around_extent, members_of, place_group
from ....skill_library.geometry import penetration_depth
from .moves import Candidates, placed_members, rigid_targets
from .physics import out_of_bounds_amount
from .problem import Problem
from .sampling import adopt, choose, context, random_poses, relation_poses

log = logging.getLogger(__name__)

INIT_BATCH = 64
INIT_PHYSICS_WEIGHT = 300.0


def initial_state(problem: Problem, plan: Plan) -> State:
    """Locked objects at their poses, everything else at the origin on the ground, scales from the plan."""
    n = problem.count
    pos = np.zeros((n, 3))
    pos[:, 2] = problem.ground_z + (problem.rest_z if problem.rest_z is not None else 0.0)  # hung objects
    if problem.bounds_min is not None and problem.bounds_max is not None:
        pos[:, :2] = 0.5 * (problem.bounds_min[:2] + problem.bounds_max[:2])
    yaw = np.zeros(n)
    scale = plan.scale0.copy()
    pos[problem.locked] = problem.locked_pos[problem.locked]
    yaw[problem.locked] = problem.locked_yaw[problem.locked]
    scale[problem.locked] = 1.0
    return State(pos, yaw, scale)


def placement_order(problem: Problem, plan: Plan) -> list[int]:
    """Free root objects, anchors before what is placed relative to them.

    Priority: wall/corner objects, then how often an object anchors others; before an object
    is placed, the anchors it is placed against (args[1:] of its relations) are placed first.
    """
    anchored = np.zeros(problem.count)
    on_wall = np.zeros(problem.count, dtype=int)  # 2 = corner, 1 = wall: corners are claimed first
    anchors: list[list[int]] = [[] for _ in range(problem.count)]
    for con in problem.constraints:
        if con.placement.boundary:
            on_wall[con.args[0]] = max(on_wall[con.args[0]], 2 if con.placement.boundary == "corner" else 1)
        for j in con.args[1:]:
            anchored[j] += con.effective_weight
        if con.placement.group == "ring":
            anchored[con.args[-1]] += 10.0
        if con.placement.anchored:
            anchors[con.args[0]].extend(con.args[1:])
    roots = sorted((i for i in range(problem.count) if plan.parent[i] < 0 and not problem.locked[i]),
                   key=lambda i: (-on_wall[i], -anchored[i], i))
    dependents: list[list[int]] = [[] for _ in range(problem.count)]
    for i in range(problem.count):
        for j in anchors[i]:
            dependents[_root_of(plan, j)].append(_root_of(plan, i))
    order: list[int] = []
    seen: set[int] = set()

    def visit(i: int) -> None:
        if i in seen or problem.locked[i]:
            return
        seen.add(i)
        for j in anchors[i]:
            visit(_root_of(plan, j))
        order.append(i)
        for j in dependents[i]:  # what is placed against i comes right after it, while there is room
            visit(j)

    for i in roots:
        visit(i)
    return order


def _root_of(plan: Plan, i: int) -> int:
    while plan.parent[i] >= 0:
        i = int(plan.parent[i])
    return i


def construct(problem: Problem, plan: Plan, scorer: Scorer, rng: np.random.Generator) -> State:
    """A first layout built unit by unit (see module doc)."""
    state = initial_state(problem, plan)
    active = problem.locked.copy()
    groups = [k for k, c in enumerate(problem.constraints) if c.placement.group]
    for i in placement_order(problem, plan):
        if active[i]:
            continue
        for k in groups:
            con = problem.constraints[k]
            members = members_of(con)
            if i in members and not any(active[j] for j in members):
                _place_group(problem, plan, scorer, state, active, k, rng)
        if not active[i]:
            _place_centre_or_single(problem, plan, scorer, state, active, i, rng, groups)
        for j in plan.descendants[i][1:]:
            if not active[j]:
                _place_single(problem, plan, scorer, state, active, int(j), rng)
    for i in range(problem.count):  # children of locked parents, and anything left over
        if not active[i]:
            _place_single(problem, plan, scorer, state, active, i, rng)
    return state


def _place_centre_or_single(problem: Problem, plan: Plan, scorer: Scorer, state: State, active: np.ndarray,
                            i: int, rng: np.random.Generator, groups: list[int]) -> None:
    """Place i; the centre of an ``around`` whose members are still unplaced is placed as if it
    were as big as the whole circle, so the chairs/logs later find room around it."""
    circles = [k for k in groups
               if problem.constraints[k].placement.group == "ring" and problem.constraints[k].args[-1] == i
               and not any(active[j] for j in members_of(problem.constraints[k]))]
    if not circles:
        _place_single(problem, plan, scorer, state, active, i, rng)
        return
    size = scorer.sizes(state.scale[None])[0]
    extent = max(around_extent(problem.constraints[k], plan.params[k], size) for k in circles)
    own_size = problem.base_size[i].copy()
    problem.base_size[i, :2] = 2.0 * extent / state.scale[i]  # the circle's square, just for this placement
    try:
        _place_single(problem, plan, scorer, state, active, i, rng)
    finally:
        problem.base_size[i] = own_size


def _place_single(problem: Problem, plan: Plan, scorer: Scorer, state: State, active: np.ndarray,
                  i: int, rng: np.random.Generator) -> None:
    ctx = context(problem, scorer, state, rng, active)
    targets = np.concatenate([relation_poses(problem, plan, ctx, i, INIT_BATCH // 2),
                              random_poses(problem, plan, ctx, i, INIT_BATCH // 2)])
    cands = rigid_targets(state, plan.descendants[i], targets)
    cands.moved = plan.descendants[i][:1]  # what rests on i is not placed yet: only i's terms count
    active[i] = True
    energy, best = choose(scorer, cands, INIT_PHYSICS_WEIGHT, active)
    ghosts = _dependent_room(problem, plan, scorer, state, i, active)
    if ghosts:
        energy = energy + INIT_PHYSICS_WEIGHT * _blocked(problem, scorer, state, cands, i, ghosts, active)
        best = 1 + int(np.argmin(energy[1:]))
    adopt(state, cands, best)


def _dependent_room(problem: Problem, plan: Plan, scorer: Scorer, state: State, i: int,
                    active: np.ndarray) -> list[tuple[np.ndarray, float]]:
    """Sides of i that still-unplaced objects must stand at (chairs in front of a desk):
    (local outward direction, depth of room needed) per side."""
    size = scorer.sizes(state.scale[None])[0]
    need: dict[tuple[float, float], float] = {}
    for k in sorted(set(problem.by_object[i])):  # the constraints naming i, in program order
        con = problem.constraints[k]
        side = con.placement.side
        if side is not None and con.args[1] == i and not active[con.args[0]] and con.params.get("frame") != "world":
            need[side] = max(need.get(side, 0.0), float(np.max(size[con.args[0], :2])) + 0.05)
    return [(np.array(side), depth) for side, depth in need.items()]


def _blocked(problem: Problem, scorer: Scorer, state: State, cands: Candidates, i: int,
             ghosts: list[tuple[np.ndarray, float]], active: np.ndarray) -> np.ndarray:
    """[B] how much the room beside each candidate pose of i is taken by walls or placed objects (m)."""
    size = scorer.sizes(state.scale[None])[0]
    pos, yaw = cands.pos[:, i], cands.yaw[:, i]
    others = np.nonzero(active)[0]
    others = others[others != i]
    total = np.zeros(len(pos))
    for side, depth in ghosts:
        extent = np.abs(side) * (0.5 * size[i, :2] + 0.5 * depth)  # offset of the ghost's centre along the side
        ghost_size = np.where(np.abs(side) > 0, depth, size[i, :2])
        c, s = np.cos(yaw), np.sin(yaw)
        local = side * extent
        centre = pos.copy()
        centre[:, 0] += c * local[0] - s * local[1]
        centre[:, 1] += s * local[0] + c * local[1]
        gsize = np.broadcast_to(np.array([ghost_size[0], ghost_size[1], size[i, 2]]), (len(pos), 3))
        total += out_of_bounds_amount(centre, yaw, gsize, problem.bounds_min, problem.bounds_max)
        if len(others):
            depth_hit = penetration_depth(centre[:, None], yaw[:, None], gsize[:, None],
                                          state.pos[None, others], state.yaw[None, others], size[None, others])
            total += depth_hit.sum(axis=1)
    return total


def _place_group(problem: Problem, plan: Plan, scorer: Scorer, state: State, active: np.ndarray,
                 k: int, rng: np.random.Generator) -> None:
    ctx = context(problem, scorer, state, rng, active)
    placed = place_group(problem, problem.constraints[k], plan.params[k], ctx, INIT_BATCH)
    if placed is None:
        return
    members, xy, yaw = placed
    moved = np.array(members, dtype=int)
    cands = placed_members(state, moved, members, xy, yaw)
    active[moved] = True
    energy, best = choose(scorer, cands, INIT_PHYSICS_WEIGHT, active)
    adopt(state, cands, best)
    log.debug("placed %s as a group (energy %.3f)", problem.constraints[k].label, energy[best])
