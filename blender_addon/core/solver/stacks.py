"""A finishing move for piles at a wall: each thing of a ``stacked`` pile whose bottom stands against
a wall or in a corner is slid flush with that wall (or both walls of the corner), square to it.

Only the pile's bottom carries the wall relation (the coder cannot put every layer at the wall: it
does not know their sizes), so the layers above it were free to drift anywhere over the one below:
"stack three boxes against the east wall" left the two smaller boxes 0.3 m off the wall, "a stack of
canvases in the corner" the upper canvases out of it. A pile at a wall is read as one against it, layer
by layer. A layer moves with what rests on it, and only when the move keeps every relation that held
and adds no physics violation (:func:`.legal_move.best_legal`).
"""

from __future__ import annotations

import numpy as np

from ....skill_library.compass import WALL_YAW, wall_gaps
from ....skill_library.geometry import world_aabb, world_half_extents_xy
from .discrete import Plan
from .energy import Scorer, State
from .legal_move import best_legal
from .moves import Candidates, rigid_targets, tiled
from .problem import Problem
from .sampling import adopt

WALL_REACH = 0.10  # m: a pile's bottom whose box is this near a wall stands at it (finish.WALL_REACH)
WALL_EPS = 0.002  # m between a flushed box and its wall (skill_library.moves.WALL_EPS)


def flush_stacks(problem: Problem, plan: Plan, scorer: Scorer, state: State) -> State:
    """The layers of every pile whose bottom stands at a wall slid flush with it (module doc): the whole
    pile at once (what rests on a layer is carried along with it), else layer by layer, bottom up."""
    if problem.bounds_min is None or problem.bounds_max is None:
        return state
    state = state.copy()
    for bottom, layers in _piles(problem):
        walls = _walls_at(problem, scorer, state, bottom)
        layers = [i for i in layers if not problem.locked[i]]
        if not walls or not layers or _take(scorer, state, _whole_pile(problem, plan, scorer, state, layers, walls)):
            continue
        for i in layers:  # each onto the one below as that one now stands
            _take(scorer, state, rigid_targets(state, plan.descendants[i], _flush_poses(problem, scorer, state, i,
                                                                                      walls)))
    return state


def _take(scorer: Scorer, state: State, cands: Candidates) -> bool:
    """Adopt the best legal candidate (:func:`.legal_move.best_legal`); whether one was."""
    row = best_legal(scorer, cands, np.ones(len(cands.pos), dtype=bool))
    if row is not None:
        adopt(state, cands, row)
    return row is not None


def _whole_pile(problem: Problem, plan: Plan, scorer: Scorer, state: State, layers: list[int],
                walls: list[str]) -> Candidates:
    """Candidates with every layer at its own flush pose (the same choice of walls and turn for all),
    what rests on a layer moved by that layer's shift."""
    poses = np.stack([_flush_poses(problem, scorer, state, i, walls) for i in layers], axis=1)  # [C, L, 3]
    moved = np.unique(np.concatenate([plan.descendants[i] for i in layers]))
    batch = len(poses) + 1
    pos, yaw, scale = tiled(state, batch)
    owner = {int(j): i for i in layers for j in plan.descendants[i]}  # the highest layer under each (bottom up)
    for j in moved:
        k = layers.index(owner[int(j)])
        if owner[int(j)] == j:
            pos[1:, j, :2], yaw[1:, j] = poses[:, k, :2], poses[:, k, 2]
        else:
            pos[1:, j, :2] = state.pos[j, :2] + poses[:, k, :2] - state.pos[owner[int(j)], :2]
    return Candidates(moved, pos, yaw, scale)


def _piles(problem: Problem) -> list[tuple[int, list[int]]]:
    """(bottom, the layers above it, bottom up) of each ``stacked`` relation whose bottom has a wall
    or corner relation of its own and stands on the floor."""
    walled = {con.args[0] for con in problem.constraints
              if con.placement.boundary in ("wall", "corner") and len(con.args) == 1}
    return [(con.args[0], list(con.args[1:])) for con in problem.constraints
            if con.physics == "stack" and con.args[0] in walled and problem.mounts[con.args[0]] == "floor"]


def _walls_at(problem: Problem, scorer: Scorer, state: State, i: int) -> list[str]:
    """The walls i's box stands within :data:`WALL_REACH` of, its back to the first (nearest) one."""
    size = scorer.sizes(state.scale[None])[0]
    lo, hi = world_aabb(state.pos[i], state.yaw[i], size[i])
    gaps = wall_gaps(lo, hi, problem.bounds_min, problem.bounds_max)
    return sorted((w for w, g in gaps.items() if g <= WALL_REACH), key=lambda w: float(gaps[w]))


def _flush_poses(problem: Problem, scorer: Scorer, state: State, i: int, walls: list[str]) -> np.ndarray:
    """Poses [M, 3] of layer i: flush with every wall of ``walls``, then with each alone; square to the
    first (its back to it) and as turned now."""
    size = scorer.sizes(state.scale[None])[0][i]
    lo, hi = problem.bounds_min, problem.bounds_max
    assert lo is not None and hi is not None  # flush_stacks runs only in a room
    out = []
    for yaw in (WALL_YAW[walls[0]], float(state.yaw[i])):
        half = world_half_extents_xy(yaw, size)
        for chosen in [walls] + ([[w] for w in walls] if len(walls) > 1 else []):
            x, y = float(state.pos[i, 0]), float(state.pos[i, 1])
            for wall in chosen:
                if wall == "east":
                    x = hi[0] - half[0] - WALL_EPS
                elif wall == "west":
                    x = lo[0] + half[0] + WALL_EPS
                elif wall == "north":
                    y = hi[1] - half[1] - WALL_EPS
                else:
                    y = lo[1] + half[1] + WALL_EPS
            out.append((x, y, yaw))
    return np.array(out, dtype=float)
