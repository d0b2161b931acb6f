"""Finishing moves after the search: small exact corrections no relation's tolerance asks for.

* :func:`snap_mounts`: a wall-mounted thing left off its wall (a TV "on the west wall" drifted
  0.3 m into the room and turned 60 degrees toward the seats) is put flat on it, back to the wall,
  facing into the room: on the wall its ``on_wall`` relation names (any wall: the nearest first),
  at the spot along it that keeps the most, what rests on it carried along;
* :func:`square_to_walls`: a thing standing with its back to a wall (``against_wall``, ``in_corner``)
  anywhere within the relation's 30 degrees (a sofa 18 degrees askew in its corner) is turned square
  to that wall, its back flush, at the same spot along it (or, in a corner, into the corner);
* :func:`square_facings`: a thing that ``faces`` another, anywhere within the relation's 30 degrees
  (an office chair 22 degrees to its desk), is turned to face it exactly: square to the side of it
  it stands before, else toward its centre; what rests on it turns along; not one whose back goes
  to a wall or a corner (it faces off the wall);
* :func:`.stacks.flush_stacks` (before the facings): the layers of a pile whose bottom stands at a
  wall or in a corner slid flush with it, square to it.

A move is taken only when it keeps the layout as physically valid as it was (no new overlap, no
box out of the room) and every relation that held; only a mount that cannot be made flush without
losing another relation is still put on its wall (it hangs there or nowhere: physics first), at the
spot that loses the least.
"""

from __future__ import annotations

import logging

import numpy as np

from ....skill_library import geometry as geo
from ....skill_library.compass import INWARD, WALL_YAW, along_axis, wall_gaps
from ....skill_library.geometry import world_aabb
from ....skill_library.moves import facing_yaw, wall_pose
from .discrete import Plan
from .energy import Scorer, State
from .legal_move import best_legal
from .evaluate import rules_of
from .moves import Candidates, rigid_targets
from .mounted import on_a_wall
from .problem import Problem
from .sampling import adopt, context
from .stacks import flush_stacks

log = logging.getLogger(__name__)

SQUARE_RAD = np.deg2rad(0.5)  # a thing this near square is left as it is
ASKEW_RAD = np.deg2rad(45.0)  # a thing turned further off a wall does not stand with its back to it
WALL_REACH = 0.10  # m: a thing whose box is this near a wall stands at it
SPOTS = 24  # positions along a wall tried besides the one straight behind the thing


def finish(problem: Problem, plan: Plan, scorer: Scorer, state: State) -> State:
    """The layout after the finishing moves (see the module doc); ``state`` is left as it is."""
    state = square_to_walls(problem, plan, scorer, snap_mounts(problem, plan, scorer, state))
    return square_facings(problem, plan, scorer, flush_stacks(problem, plan, scorer, state))


def snap_mounts(problem: Problem, plan: Plan, scorer: Scorer, state: State) -> State:
    """Every free wall-mounted object off its wall put flat on it (see the module doc)."""
    if problem.bounds_min is None or problem.bounds_max is None:
        return state
    rules = rules_of(problem)
    state = state.copy()
    for i in sorted(rules.on_walls):
        size = scorer.sizes(state.scale[None])[0]
        if problem.locked[i] or plan.parent[i] >= 0 or on_a_wall(state.pos, state.yaw, size, i, problem.bounds_min,
                                                                          problem.bounds_max):
            continue
        targets = _flush_poses(problem, scorer, state, i)
        cands = rigid_targets(state, plan.descendants[i], targets)
        row = best_legal(scorer, cands, _flush_rows(problem, scorer, cands, i), strict=False)
        if row is not None:
            adopt(state, cands, row)
            log.debug("put %s flat on its wall", problem.ids[i])
    return state


def _named_walls(problem: Problem, i: int) -> list[str]:
    """The walls i's wall relations name ('any' or none: every wall)."""
    named = {str(problem.constraints[k].params.get("wall")) for k in problem.by_object[i]
             if problem.constraints[k].args[:1] == (i,) and problem.constraints[k].placement.boundary == "wall"}
    named &= set(WALL_YAW)
    return sorted(named) if len(named) == 1 else list(WALL_YAW)


def _flush_poses(problem: Problem, scorer: Scorer, state: State, i: int) -> np.ndarray:
    """Poses [M, 3] with i's back on each of its walls: straight behind where it is, and spread along."""
    ctx = context(problem, scorer, state, np.random.default_rng(0), np.ones(problem.count, dtype=bool))
    lo, hi = ctx.room()
    out = []
    for wall in _named_walls(problem, i):
        axis = 0 if wall in ("north", "south") else 1
        along = np.concatenate([[state.pos[i, axis]], np.linspace(lo[axis], hi[axis], SPOTS)])
        out.append(wall_pose(ctx, i, wall, along))
    return np.concatenate(out)


def _flush_rows(problem: Problem, scorer: Scorer, cands: Candidates, i: int) -> np.ndarray:
    """[B] bool: candidate rows where i hangs flat on a wall (a hung thing's z is its own)."""
    size = scorer.batch_sizes(cands.scale, cands.moved)
    return np.array([on_a_wall(cands.pos[b], cands.yaw[b], size[b], i, problem.bounds_min, problem.bounds_max)
                     for b in range(len(cands.pos))])


def square_to_walls(problem: Problem, plan: Plan, scorer: Scorer, state: State) -> State:
    """Every free thing with its back to a wall or a corner, turned off it, squared to it (module doc)."""
    if problem.bounds_min is None or problem.bounds_max is None:
        return state
    backed: dict[int, bool] = {}  # object -> it goes in a corner
    for con in problem.constraints:
        if con.placement.boundary in ("wall", "corner") and con.args and problem.mounts[con.args[0]] == "floor":
            backed[con.args[0]] = backed.get(con.args[0], False) or con.placement.boundary == "corner"
    state = state.copy()
    ctx = context(problem, scorer, state, np.random.default_rng(0), np.ones(problem.count, dtype=bool))
    for i, corner in sorted(backed.items()):
        if problem.locked[i] or plan.parent[i] >= 0:
            continue
        walls = _askew_walls(problem, scorer, state, i)
        poses = [wall_pose(ctx, i, wall, _spots(state, i, wall, corner)) for wall in walls]
        if not poses:
            continue
        cands = rigid_targets(state, plan.descendants[i], np.concatenate(poses))
        row = best_legal(scorer, cands, np.ones(len(cands.pos), dtype=bool))
        if row is not None:
            adopt(state, cands, row)
    return state


def _askew_walls(problem: Problem, scorer: Scorer, state: State, i: int) -> list[str]:
    """The walls i stands at (its box within :data:`WALL_REACH`) with its back turned off them by
    more than :data:`SQUARE_RAD` and at most :data:`ASKEW_RAD`."""
    size = scorer.sizes(state.scale[None])[0]
    lo, hi = world_aabb(state.pos[i], state.yaw[i], size[i])
    gaps = wall_gaps(lo, hi, problem.bounds_min, problem.bounds_max)
    front = geo.front(state.yaw[i])
    out = []
    for wall, inward in INWARD.items():
        turn = float(np.arccos(np.clip(front @ np.asarray(inward), -1.0, 1.0)))
        if gaps[wall] <= WALL_REACH and SQUARE_RAD <= turn <= ASKEW_RAD:
            out.append(wall)
    return out


def _spots(state: State, i: int, wall: str, corner: bool) -> np.ndarray:
    """Where along the wall to try: where i is; in a corner also the wall's two ends (clipped in)."""
    along = state.pos[i, along_axis(wall)]
    return np.array([along, -1e9, 1e9]) if corner else np.array([along])


def square_facings(problem: Problem, plan: Plan, scorer: Scorer, state: State) -> State:
    """Every free thing that faces another turned to face it exactly (see the module doc)."""
    walled = {con.args[0] for con in problem.constraints if con.placement.boundary in ("wall", "corner")}
    walled |= {i for i, mount in enumerate(problem.mounts) if mount in ("wall", "ceiling")}
    targets: dict[int, list[int]] = {}
    for con in problem.constraints:
        if con.placement.faces and len(con.args) == 2 and con.args[0] not in walled:
            targets.setdefault(con.args[0], []).append(con.args[1])
    state = state.copy()
    for i, faced in sorted(targets.items()):
        if problem.locked[i]:
            continue
        yaw = _square_yaws(state, scorer.sizes(state.scale[None])[0], i, faced)
        turn = np.angle(np.exp(1j * (yaw - state.yaw[i])))
        if np.all(np.abs(turn) < SQUARE_RAD):
            continue
        yaw = state.yaw[i] + turn  # the nearer way round
        poses = np.stack([np.full(len(yaw), state.pos[i, 0]), np.full(len(yaw), state.pos[i, 1]), yaw], axis=-1)
        cands = rigid_targets(state, plan.descendants[i], poses)
        row = best_legal(scorer, cands, np.ones(len(cands.pos), dtype=bool))
        if row is not None:
            adopt(state, cands, row)
    return state


def _square_yaws(state: State, size: np.ndarray, i: int, faced: list[int]) -> np.ndarray:
    """Yaws that face each target exactly, best first: square to the side of it that i stands
    before (a chair at its desk: its front opposite the desk's front), then toward its centre."""
    square, centre = [], []
    for target in faced:
        local = geo.to_local(state.pos[i, :2], state.pos[target], state.yaw[target])
        half = size[target, :2] / 2
        x_axis, y_axis = geo.local_axes(state.yaw[target])
        if abs(local[0]) <= half[0] and abs(local[1]) > half[1]:  # before its front or back
            square.append(facing_yaw(*(-np.sign(local[1]) * y_axis)))
        elif abs(local[1]) <= half[1] and abs(local[0]) > half[0]:  # beside it
            square.append(facing_yaw(*(-np.sign(local[0]) * x_axis)))
        d = state.pos[target, :2] - state.pos[i, :2]
        centre.append(facing_yaw(d[0], d[1]))
    return np.array(square + centre, dtype=float)
