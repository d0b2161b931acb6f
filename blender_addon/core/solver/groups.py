"""Analytic layouts for the structural relations: a row on a line, a grid on a lattice,
chairs around a centre. Each returns a batch of candidate placements of the whole group
(different centres and orientations) for the constructive initialisation to score.
"""

from __future__ import annotations

import math
from typing import Any

import numpy as np

from ....skill_library.compass import along_axis
from ....skill_library.ring_math import arc_step
from .problem import BoundConstraint, Problem
from .proposals import WALL_YAW, Context, facing_yaw, wall_pose

AROUND_SLACK = 1.15  # candidate radii range over [1, 1.15] x the tightest one
AISLE = 0.1  # m between neighbours in a row/grid when no spacing is given
ARC_CLEARANCE = 0.15  # m between neighbours on a circle or arc round a free centre
BESIDE_GAP = 0.05  # m between an anchor's side and the row seeded along it


def members_of(con: BoundConstraint) -> list[int]:
    """The objects a structural relation arranges (``around`` leaves out its centre)."""
    return con.placement.members(con.args)


def dependent_margins(problem: Problem, members: list[int], size: np.ndarray) -> np.ndarray:
    """Extra room [2] (local x, y) the members need for objects placed beside them (chairs at desks)."""
    margin = np.zeros(2)
    member_set = set(members)
    for con in problem.constraints:
        if con.placement.side and len(con.args) >= 2 and con.args[1] in member_set and con.args[0] not in member_set:
            axis = con.placement.side_axis()
            margin[axis] = max(margin[axis], float(np.max(size[con.args[0], :2])) + 0.1)
    return margin


def common_target(problem: Problem, members: list[int], ctx: Context) -> int | None:
    """A placed object every member should face (the stage of a theatre), if the program says so."""
    targets: dict[int, int] = {}
    for con in problem.constraints:
        if con.placement.faces and con.args[0] in members and ctx.active[con.args[1]]:
            targets[con.args[1]] = targets.get(con.args[1], 0) + 1
    if not targets:
        return None
    best = max(targets, key=lambda t: targets[t])
    return best if targets[best] >= max(1, len(members) // 2) else None


def common_wall(problem: Problem, members: list[int]) -> str | None:
    """The wall every member must stand against, if the program names one for all of them."""
    walls: dict[int, str] = {}
    for con in problem.constraints:
        wall = con.params.get(con.placement.boundary_param or "")
        if con.placement.boundary == "wall" and con.args[0] in members and wall in WALL_YAW:
            walls[con.args[0]] = str(wall)
    found = set(walls.values())
    return found.pop() if len(walls) == len(members) and len(found) == 1 else None


def common_side(problem: Problem, members: list[int], ctx: Context) -> tuple[int, tuple[float, float]] | None:
    """(anchor, side) when every member stands on the same side of one placed anchor ("houses on the
    left of the street", in its frame: x right, y back), else None."""
    found: dict[int, tuple[int, tuple[float, float]]] = {}
    for con in problem.constraints:
        side = con.placement.side
        if side is not None and len(con.args) == 2 and con.args[0] in members and con.params.get("frame") != "world":
            found.setdefault(con.args[0], (con.args[1], (float(side[0]), float(side[1]))))
    sides = set(found.values())
    if len(found) != len(members) or len(sides) != 1:
        return None
    anchor, side = sides.pop()
    return (anchor, side) if ctx.active[anchor] and anchor not in members else None


def _beside_line(ctx: Context, members: list[int], beside: tuple[int, tuple[float, float]], length: float,
                 count: int) -> tuple[np.ndarray, np.ndarray]:
    """(centre [count, 2], yaw [count]) of a row along one side of its anchor: parallel to that side,
    just clear of it, the members' fronts toward the anchor, slid anywhere along the side it spans."""
    anchor, (sx, sy) = beside
    c, s = math.cos(float(ctx.yaw[anchor])), math.sin(float(ctx.yaw[anchor]))
    out = np.array([sx * c - sy * s, sx * s + sy * c])  # from the anchor toward the row, in the world
    axis = 0 if abs(sx) > abs(sy) else 1
    reach = 0.5 * float(ctx.size[anchor, axis]) + 0.5 * float(np.max(ctx.size[members, 1])) + BESIDE_GAP
    phi = float(facing_yaw(-out[0], -out[1]))
    run = np.array([math.cos(phi), math.sin(phi)])  # the members' local x: along the side
    slack = max(0.0, 0.5 * float(ctx.size[anchor, 1 - axis]) - 0.5 * length)
    shift = ctx.rng.uniform(-slack, slack, count) if slack > 0 else np.zeros(count)
    centre = ctx.pos[anchor, :2] + reach * out + shift[:, None] * run
    return centre, np.full(count, phi)


def _centres(ctx: Context, count: int, extent: float) -> np.ndarray:
    if ctx.bounds_min is None or ctx.bounds_max is None:
        return ctx.rng.normal(0, max(extent, 1.0), (count, 2))
    lo, hi = ctx.bounds_min[:2], ctx.bounds_max[:2]
    pad = np.minimum(0.5 * extent, 0.45 * (hi - lo))
    return ctx.rng.uniform(lo + pad, hi - pad, (count, 2))


def place_group(problem: Problem, con: BoundConstraint, params: dict[str, Any], ctx: Context,
                count: int) -> tuple[list[int], np.ndarray, np.ndarray] | None:
    """(members, xy [count, m, 2], yaw [count, m]) candidate placements, or None if not applicable."""
    members = members_of(con)
    if con.placement.group == "ring":
        if not ctx.active[con.args[-1]]:
            return None
        xy, yaw = _around(con, params, ctx, members, count)
    elif con.placement.group == "arc":
        xy, yaw = _arc(problem, params, ctx, members, count)
    else:
        layout = _lattice_shape(con, params, len(members))
        xy, yaw = _lattice(problem, params, ctx, members, layout, count)
    return members, xy, yaw


def _lattice_shape(con: BoundConstraint, params: dict[str, Any], m: int) -> tuple[int, int]:
    if con.placement.group == "line":
        return 1, m
    rows, cols = params.get("rows"), params.get("cols")
    if rows and cols:
        return int(rows), int(cols)
    if rows:
        return int(rows), math.ceil(m / int(rows))
    if cols:
        return math.ceil(m / int(cols)), int(cols)
    cols = math.ceil(math.sqrt(m))
    return math.ceil(m / cols), cols


def _lattice(problem: Problem, params: dict[str, Any], ctx: Context, members: list[int],
             shape: tuple[int, int], count: int) -> tuple[np.ndarray, np.ndarray]:
    rows, cols = shape
    size = ctx.size
    margin = dependent_margins(problem, members, size)
    spacing = params.get("spacing")
    step_x = float(np.max(size[members, 0])) + AISLE + margin[0]
    step_y = float(np.max(size[members, 1])) + AISLE + margin[1]
    if spacing:
        step_x = step_y = float(spacing)
    extent = max(cols * step_x, rows * step_y)
    centre = _centres(ctx, count, extent)
    target = common_target(problem, members, ctx)
    phi = ctx.rng.integers(0, 4, count) * (np.pi / 2)
    wall = common_wall(problem, members)
    beside = common_side(problem, members, ctx) if rows == 1 else None
    if wall is not None and ctx.bounds_min is not None:  # the front row's backs against that wall
        phi = np.full(count, WALL_YAW[wall])
        depth = float(np.max(size[members, 1]))
        along = wall_pose(ctx, members[0], wall, centre[:, along_axis(wall)])
        inward = np.stack([np.sin(phi), -np.cos(phi)], axis=-1)  # the members' front: into the room
        centre = along[:, :2] + inward * (0.5 * depth - 0.5 * float(size[members[0], 1]) + (rows - 1) / 2.0 * step_y)
    elif beside is not None:
        centre, phi = _beside_line(ctx, members, beside, cols * step_x, count)
    elif target is not None:  # rows run across the direction to what they face
        d = ctx.pos[target, :2] - centre
        phi = np.where(ctx.rng.random(count) < 0.75, facing_yaw(d[:, 0], d[:, 1]), phi)
    k = np.arange(len(members))
    col, row = k % cols, k // cols
    u = (col - (cols - 1) / 2.0) * step_x  # along the members' local x
    v = (row - (rows - 1) / 2.0) * step_y  # along their local y: row 0 nearest their front
    x_axis = np.stack([np.cos(phi), np.sin(phi)], axis=-1)
    y_axis = np.stack([-np.sin(phi), np.cos(phi)], axis=-1)
    xy = centre[:, None, :] + u[None, :, None] * x_axis[:, None, :] + v[None, :, None] * y_axis[:, None, :]
    yaw = np.repeat(phi[:, None], len(members), axis=1)
    if target is not None and beside is None:  # a row beside what it faces stays square to it
        d = ctx.pos[target, None, None, :2] - xy
        yaw = np.where(ctx.rng.random((count, 1)) < 0.5, facing_yaw(d[..., 0], d[..., 1]), yaw)
    return xy, yaw


def around_radius(con: BoundConstraint, params: dict[str, Any], size: np.ndarray) -> float:
    """Centre-to-member distance for ``around``: clear of the centre's footprint, members not touching."""
    if params.get("radius"):
        return float(params["radius"])
    members, centre = members_of(con), con.args[-1]
    depth, width = float(np.max(size[members, 1])), float(np.max(size[members, 0]))
    reach = float(np.linalg.norm(0.5 * size[centre, :2]))
    step = arc_step(params, len(members))
    chord = (width + 0.1) / (2.0 * math.sin(0.5 * min(step, math.pi))) if len(members) > 1 else 0.0
    return max(reach + 0.5 * depth + 0.05, chord)


def around_extent(con: BoundConstraint, params: dict[str, Any], size: np.ndarray) -> float:
    """Radius of the circle the whole ``around`` group covers (members turned to the centre)."""
    members = members_of(con)
    depth, width = float(np.max(size[members, 1])), float(np.max(size[members, 0]))
    outer = AROUND_SLACK * around_radius(con, params, size) + 0.5 * depth
    return float(np.hypot(outer, 0.5 * width))


def _around(con: BoundConstraint, params: dict[str, Any], ctx: Context, members: list[int],
            count: int) -> tuple[np.ndarray, np.ndarray]:
    """Members evenly on a circle, turned to the centre (also when ``facing`` is false: their
    width then runs along the circle, which is what keeps them clear of each other)."""
    centre = con.args[-1]
    m = len(members)
    radius = around_radius(con, params, ctx.size) * ctx.rng.uniform(1.0, AROUND_SLACK, count)
    start = np.where(ctx.rng.random(count) < 0.5, 0.0, np.pi / m) + ctx.rng.integers(0, 4, count) * np.pi / 2
    step = arc_step(params, m)
    if step * m < 2 * np.pi - 1e-6 and ctx.bounds_min is not None and ctx.bounds_max is not None:
        inward = 0.5 * (ctx.bounds_min[:2] + ctx.bounds_max[:2]) - ctx.pos[centre, :2]  # an arc opens to the room
        middle = np.arctan2(inward[1], inward[0]) if np.hypot(*inward) > 1e-6 else 0.0
        start = np.where(ctx.rng.random(count) < 0.5, middle - 0.5 * (m - 1) * step, start)
    angle = start[:, None] + np.arange(m)[None, :] * step
    direction = np.stack([np.cos(angle), np.sin(angle)], axis=-1)
    xy = ctx.pos[centre, None, None, :2] + radius[:, None, None] * direction
    yaw = facing_yaw(-direction[..., 0], -direction[..., 1])
    return xy, yaw


def arc_geometry(params: dict[str, Any], size: np.ndarray, members: list[int]) -> tuple[float, float]:
    """(radius, step) of a circle or arc round a free centre: the even angular step between
    neighbours (``arc_deg``/(n-1), or 360/n closed) and the radius at which neighbours clear each other."""
    step = arc_step(params, len(members))
    if params.get("radius"):
        return float(params["radius"]), step
    width, depth = float(np.max(size[members, 0])), float(np.max(size[members, 1]))
    chord = (width + ARC_CLEARANCE) / (2.0 * math.sin(0.5 * min(step, math.pi)))
    return max(chord, 0.5 * depth + ARC_CLEARANCE), step


def _arc(problem: Problem, params: dict[str, Any], ctx: Context, members: list[int],
         count: int) -> tuple[np.ndarray, np.ndarray]:
    """Members on a circle or arc round a free centre, turned to it; with a thing they all face
    (a lectern, a screen), half the candidates put the centre there and the rest turn the arc's
    open side toward it."""
    m = len(members)
    least, step = arc_geometry(params, ctx.size, members)
    radius = least * ctx.rng.uniform(1.0, AROUND_SLACK, count)
    depth = float(np.max(ctx.size[members, 1]))
    centre = _centres(ctx, count, 2.0 * (radius.max() + depth))
    middle = ctx.rng.uniform(-np.pi, np.pi, count)
    target = common_target(problem, members, ctx)
    if target is not None:
        away = centre - ctx.pos[target, :2]
        middle = np.arctan2(away[:, 1], away[:, 0])  # the arc's middle on the far side from the target
        at_target = ctx.rng.random(count) < 0.5
        centre = np.where(at_target[:, None], ctx.pos[target, None, :2], centre)
    angle = middle[:, None] + (np.arange(m)[None, :] - 0.5 * (m - 1)) * step
    direction = np.stack([np.cos(angle), np.sin(angle)], axis=-1)
    xy = centre[:, None, :] + radius[:, None, None] * direction
    yaw = facing_yaw(-direction[..., 0], -direction[..., 1])
    return xy, yaw
