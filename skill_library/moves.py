"""Proposal moves: where a relation says one of its objects should go.

For one of a constraint's objects, a move returns a few target poses ``(x, y, yaw)`` that
would satisfy (or nearly satisfy) the relation given where the other objects are now: a
lamp on the desk's top, a chair in front of the desk facing it, a sofa against its wall, a
seat in its slot of a row. A relation module names its moves in its ``PLACEMENT``
(:class:`~.base.Placement`); the solver seeds its construction with them and mixes them into
the search's random moves. A relation without moves (a custom one) gets random moves only.
Every move has the signature of :data:`~.base.MoveFn`.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any, Callable

import numpy as np

from .compass import CORNER_WALLS, CORNERS, INWARD, along_axis
from .compass import WALL_YAW as WALL_YAW
from .geometry import front, local_axes, world_half_extents_xy
from .ring_math import arc_step

TUCK_PROPOSAL_GAP = 0.08  # m: proposals for a tucked seat lie 1-5 cm off its anchor's front (0.6 x this)
WALL_EPS = 0.002  # m between a box and the wall it is against: inside, never touching the bound


@dataclass
class Context:
    """What a proposal may look at: current poses, sizes, bounds, an rng, which objects are placed."""

    pos: np.ndarray  # [N, 3]
    yaw: np.ndarray  # [N]
    size: np.ndarray  # [N, 3]
    bounds_min: np.ndarray | None
    bounds_max: np.ndarray | None
    rng: np.random.Generator
    active: np.ndarray  # [N] bool

    def room(self) -> tuple[np.ndarray, np.ndarray]:
        """The room's bounds (min, max); only for moves that checked there are bounds."""
        if self.bounds_min is None or self.bounds_max is None:
            raise ValueError("this move needs room bounds")
        return self.bounds_min, self.bounds_max

    def half(self, i: int, yaw: np.ndarray | float | None = None) -> np.ndarray:
        """World-axis half extents of object i at the given yaw(s): [..., 2]."""
        return world_half_extents_xy(self.yaw[i] if yaw is None else yaw, self.size[i])


def facing_yaw(dx: np.ndarray, dy: np.ndarray) -> np.ndarray:
    """The yaw whose front (sin, -cos) points along (dx, dy)."""
    return np.arctan2(dx, -dy)


def _others_active(ctx: Context, args: tuple[int, ...], i: int) -> bool:
    return all(ctx.active[j] for j in args if j != i)


def _stack(x: np.ndarray, y: np.ndarray, yaw: np.ndarray) -> np.ndarray:
    """Poses [..., 3] from x, y and yaw (broadcast)."""
    out = np.empty(np.broadcast(x, y, yaw).shape + (3,))  # (np.broadcast_shapes: the same, slower)
    out[..., 0], out[..., 1], out[..., 2] = x, y, yaw
    return out


def _keep_or(ctx: Context, i: int, yaw: np.ndarray) -> np.ndarray:
    """Half the candidates keep the current yaw, half take the suggested one."""
    keep = ctx.rng.random(yaw.shape) < 0.5
    return np.where(keep, ctx.yaw[i], yaw)


def on_anchor(ctx: Context, args: tuple[int, ...], params: dict[str, Any], i: int, count: int) -> np.ndarray | None:
    """Subject over the anchor's footprint (on_top_of, inside, under, above, overlap)."""
    if i != args[0] or not ctx.active[args[1]]:
        return None
    b = args[1]
    x_axis, y_axis = local_axes(ctx.yaw[b])
    room = np.maximum(0.5 * ctx.size[b, :2] - 0.5 * np.min(ctx.size[i, :2]), 0.0)
    u = ctx.rng.uniform(-1, 1, count) * room[0] * ctx.rng.choice([0.0, 0.5, 1.0], count)
    v = ctx.rng.uniform(-1, 1, count) * room[1] * ctx.rng.choice([0.0, 0.5, 1.0], count)
    xy = ctx.pos[b, :2] + u[:, None] * x_axis + v[:, None] * y_axis
    yaw = ctx.yaw[b] + ctx.rng.integers(0, 4, count) * (np.pi / 2)
    return _stack(xy[:, 0], xy[:, 1], _keep_or(ctx, i, yaw))


def beneath(ctx: Context, args: tuple[int, ...], params: dict[str, Any], i: int, count: int) -> np.ndarray | None:
    """under: over the anchor's footprint (:func:`on_anchor`), or, for a subject whose top stands above
    the anchor's (a chair "under" a desk: relation under v4) or a ``tucked`` one, at the anchor's front, facing it;
    under a crown on a trunk or pole (``trunk`` > 0, under v5), beside the trunk (:func:`beside_trunk`)."""
    a, b = args[0], args[1]
    if params.get("tucked") or ctx.pos[a, 2] + ctx.size[a, 2] > ctx.pos[b, 2] + ctx.size[b, 2] + 1e-6:
        return _TUCKED(ctx, args, {"max_distance": TUCK_PROPOSAL_GAP}, i, count)
    if float(params.get("trunk") or 0.0) > 0.0:
        return beside_trunk(ctx, args, float(params["trunk"]), i, count)
    return on_anchor(ctx, args, params, i, count)


def beside_trunk(ctx: Context, args: tuple[int, ...], trunk: float, i: int, count: int) -> np.ndarray | None:
    """The subject under the anchor's crown with the trunk (the anchor's centre) ``trunk`` m (+ 5 cm)
    beyond one of its sides: a bench beside the tree's trunk, a lounger beside the parasol's pole."""
    if i != args[0] or not ctx.active[args[1]]:
        return None
    b = args[1]
    yaw = ctx.yaw[b] + ctx.rng.integers(0, 4, count) * (np.pi / 2)
    x_axis, y_axis = local_axes(yaw)
    side = ctx.rng.integers(0, 2, count)  # off the subject's long or short side
    half = 0.5 * ctx.size[i, :2]
    reach = np.where(side == 0, half[0], half[1]) + trunk + 0.05
    sign = ctx.rng.choice([-1.0, 1.0], count)
    slide = ctx.rng.uniform(-0.5, 0.5, count) * np.where(side == 0, half[1], half[0])
    off_x = np.where(side == 0, sign * reach, slide)
    off_y = np.where(side == 0, slide, sign * reach)
    xy = ctx.pos[b, :2] + off_x[:, None] * x_axis + off_y[:, None] * y_axis
    return _stack(xy[:, 0], xy[:, 1], yaw)


def beside(side: tuple[float, float]) -> Callable[..., np.ndarray | None]:
    """args[0] at ``side`` (a unit direction in args[1]'s frame, e.g. (0, -1) = in front) of args[1],
    or (when args[1] is the one moving) args[1] turned and placed so args[0] is there."""
    su, sv = side

    def geometry(frame_yaw: np.ndarray) -> tuple[np.ndarray, np.ndarray]:
        x_axis, y_axis = local_axes(frame_yaw)
        return su * x_axis + sv * y_axis, sv * x_axis - su * y_axis  # outward, lateral

    def fn(ctx: Context, args: tuple[int, ...], params: dict[str, Any], i: int, count: int) -> np.ndarray | None:
        a, b = args[0], args[1]
        if not ctx.active[a if i == b else b]:
            return None
        world = params.get("frame") == "world"
        high = min(0.5, 0.6 * _number(params, "max_distance", 2.0))
        gap = ctx.rng.uniform(min(0.02, high), high, count)  # a tight max_distance (3 cm) is no error
        if i == a:
            frame_yaw = np.full(count, 0.0 if world else ctx.yaw[b])
            out_dir, lateral_dir = geometry(frame_yaw)
            yaw_a = np.where(ctx.rng.random(count) < 0.5, facing_yaw(-out_dir[:, 0], -out_dir[:, 1]), ctx.yaw[a])
            yaw_a = np.where(ctx.rng.random(count) < 0.2, ctx.yaw[b], yaw_a)
            yaw_b = np.full(count, ctx.yaw[b])
        else:
            yaw_b = np.where(ctx.rng.random(count) < 0.5, ctx.yaw[b], ctx.rng.integers(0, 4, count) * (np.pi / 2))
            frame_yaw = np.zeros(count) if world else yaw_b
            yaw_a = np.full(count, ctx.yaw[a])
            out_dir, lateral_dir = geometry(frame_yaw)
        reach = 0.5 * (abs(su) * ctx.size[b, 0] + abs(sv) * ctx.size[b, 1])
        width = 0.5 * (abs(sv) * ctx.size[b, 0] + abs(su) * ctx.size[b, 1])
        half_a = world_half_extents_xy(yaw_a - frame_yaw, ctx.size[a])
        own = abs(su) * half_a[:, 0] + abs(sv) * half_a[:, 1]
        shift = ctx.rng.uniform(-0.5, 0.5, count) * width
        offset = (reach + own + gap)[:, None] * out_dir + shift[:, None] * lateral_dir
        if i == a:
            xy = ctx.pos[b, :2] + offset
            return _stack(xy[:, 0], xy[:, 1], yaw_a)
        xy = ctx.pos[a, :2] - offset
        return _stack(xy[:, 0], xy[:, 1], yaw_b)
    return fn


def _number(params: dict[str, Any], key: str, default: float) -> float:
    """A numeric parameter, ``default`` when absent (0 stays 0: never ``or default``)."""
    value = params.get(key)
    return float(default if value is None else value)


def proximity(ctx: Context, args: tuple[int, ...], params: dict[str, Any], i: int, count: int) -> np.ndarray | None:
    if i not in args[:2] or not _others_active(ctx, args, i):
        return None
    other = args[1] if i == args[0] else args[0]
    lo = _number(params, "min_distance", 0.0)
    hi = _number(params, "max_distance", 1.0)
    angle = ctx.rng.uniform(-np.pi, np.pi, count)
    direction = np.stack([np.cos(angle), np.sin(angle)], axis=-1)
    reach = np.abs(direction) @ ctx.half(other) + np.abs(direction) @ ctx.half(i)
    gap = ctx.rng.uniform(lo, lo + 0.7 * max(hi - lo, 0.05), count)
    xy = ctx.pos[other, :2] + (reach + gap)[:, None] * direction
    return _stack(xy[:, 0], xy[:, 1], np.full(count, ctx.yaw[i]))


def far_from(ctx: Context, args: tuple[int, ...], params: dict[str, Any], i: int, count: int) -> np.ndarray | None:
    if i not in args[:2] or not _others_active(ctx, args, i):
        return None
    other = args[1] if i == args[0] else args[0]
    angle = ctx.rng.uniform(-np.pi, np.pi, count)
    direction = np.stack([np.cos(angle), np.sin(angle)], axis=-1)
    reach = np.abs(direction) @ ctx.half(other) + np.abs(direction) @ ctx.half(i)
    gap = float(params.get("min_distance", 2.0) or 0.0) + ctx.rng.uniform(0.05, 1.0, count)
    xy = ctx.pos[other, :2] + (reach + gap)[:, None] * direction
    return _stack(xy[:, 0], xy[:, 1], np.full(count, ctx.yaw[i]))


def facing(ctx: Context, args: tuple[int, ...], params: dict[str, Any], i: int, count: int) -> np.ndarray | None:
    a, b = args[0], args[1]
    if i == b and ctx.active[a]:  # the target moves onto the line a looks along
        f = front(ctx.yaw[a])
        reach = np.abs(f) @ ctx.half(a) + np.abs(f) @ ctx.half(b)
        xy = ctx.pos[a, :2] + (reach + ctx.rng.uniform(0.1, 2.5, count))[:, None] * f
        return _stack(xy[:, 0], xy[:, 1], np.full(count, ctx.yaw[b]))
    if i != a or not ctx.active[b]:
        return None
    d = ctx.pos[args[1], :2] - ctx.pos[i, :2]
    yaw = facing_yaw(d[0], d[1]) + ctx.rng.normal(0, 0.05, count)
    return _stack(np.full(count, ctx.pos[i, 0]), np.full(count, ctx.pos[i, 1]), yaw)


def turned(offset: float) -> Callable[..., np.ndarray | None]:
    """One of the pair turned to the other's yaw + ``offset`` (or half a turn more)."""
    def fn(ctx: Context, args: tuple[int, ...], params: dict[str, Any], i: int, count: int) -> np.ndarray | None:
        if i not in args[:2] or not _others_active(ctx, args, i):
            return None
        other = args[1] if i == args[0] else args[0]
        yaw = ctx.yaw[other] + offset + ctx.rng.integers(0, 2, count) * np.pi
        return _stack(np.full(count, ctx.pos[i, 0]), np.full(count, ctx.pos[i, 1]), yaw)
    return fn


def between(ctx: Context, args: tuple[int, ...], params: dict[str, Any], i: int, count: int) -> np.ndarray | None:
    if i != args[0] or not _others_active(ctx, args, i):
        return None
    t = ctx.rng.uniform(0.3, 0.7, count)
    xy = ctx.pos[args[1], :2] + t[:, None] * (ctx.pos[args[2], :2] - ctx.pos[args[1], :2])
    return _stack(xy[:, 0], xy[:, 1], np.full(count, ctx.yaw[i]))


def mirrored(ctx: Context, args: tuple[int, ...], params: dict[str, Any], i: int, count: int) -> np.ndarray | None:
    if i not in args[:2] or not _others_active(ctx, args, i):
        return None
    other, c = (args[1] if i == args[0] else args[0]), args[2]
    x_axis, y_axis = local_axes(ctx.yaw[c])
    normal = x_axis if params.get("axis", "x") == "x" else y_axis
    rel = ctx.pos[other, :2] - ctx.pos[c, :2]
    xy = ctx.pos[other, :2] - 2.0 * (rel @ normal) * normal
    f = front(ctx.yaw[other])
    f_mirror = f - 2.0 * (f @ normal) * normal
    yaw = facing_yaw(f_mirror[0], f_mirror[1])
    return _stack(np.full(count, xy[0]), np.full(count, xy[1]), np.full(count, yaw))


def aligned(ctx: Context, args: tuple[int, ...], params: dict[str, Any], i: int, count: int) -> np.ndarray | None:
    others = [j for j in args if j != i and ctx.active[j]]
    if not others:
        return None
    axis = 0 if params.get("axis", "x") == "x" else 1
    anchor = params.get("anchor", "center")
    ref = np.array(others)[ctx.rng.integers(0, len(others), count)]
    sign = {"min": -1.0, "max": 1.0}.get(anchor, 0.0)
    coordinate = ctx.pos[ref, axis] + sign * (world_half_extents_xy(ctx.yaw[ref], ctx.size[ref])[:, axis]
                                              - ctx.half(i)[axis])
    xy = np.repeat(ctx.pos[i, None, :2], count, axis=0)
    xy[:, axis] = coordinate
    return _stack(xy[:, 0], xy[:, 1], np.full(count, ctx.yaw[i]))




def wall_pose(ctx: Context, i: int, wall: str, along: np.ndarray) -> np.ndarray:
    """Poses [m, 3] with object i's back against ``wall`` (front into the room), at ``along`` on it."""
    lo, hi = ctx.room()
    yaw = np.full(along.shape, WALL_YAW[wall])
    half = world_half_extents_xy(WALL_YAW[wall], ctx.size[i])
    if along_axis(wall) == 0:
        y = hi[1] - half[1] - WALL_EPS if wall == "north" else lo[1] + half[1] + WALL_EPS
        x = np.clip(along, lo[0] + half[0] + WALL_EPS, hi[0] - half[0] - WALL_EPS)
        return _stack(x, np.full(along.shape, y), yaw)
    x = hi[0] - half[0] - WALL_EPS if wall == "east" else lo[0] + half[0] + WALL_EPS
    y = np.clip(along, lo[1] + half[1] + WALL_EPS, hi[1] - half[1] - WALL_EPS)
    return _stack(np.full(along.shape, x), y, yaw)


def against_wall(ctx: Context, args: tuple[int, ...], params: dict[str, Any], i: int, count: int) -> np.ndarray | None:
    if ctx.bounds_min is None:
        return None
    wall = params.get("wall", "any")
    walls = list(WALL_YAW) if wall not in WALL_YAW else [wall]
    floor = float(params.get("min_gap") or 0.0)  # "a metre out from the wall": the middle of its gap band
    ceiling = max(floor + 0.1, float(params.get("max_gap") or 0.0))  # against_wall.gap_band
    out = []
    for w in walls:
        axis = along_axis(w)
        lo, hi = ctx.room()
        spread = ctx.rng.uniform(lo[axis], hi[axis], count)
        along = np.where(ctx.rng.random(count) < 0.3, ctx.pos[i, axis], spread)
        poses = wall_pose(ctx, i, w, along)
        if floor > 0.0:
            poses[:, :2] += np.asarray(INWARD[w]) * 0.5 * (floor + ceiling)
        out.append(poses)
    return np.concatenate(out)[ctx.rng.permutation(count * len(walls))[:count]]


def in_corner(ctx: Context, args: tuple[int, ...], params: dict[str, Any], i: int, count: int) -> np.ndarray | None:
    """Into a corner at one of three yaws: back to one of its walls, as it is turned now, or facing
    the room's middle; its box tight to both walls, or within ``max_gap`` of them (half the poses),
    so what stands behind or beside it (a lamp behind a corner armchair) finds room in the corner."""
    if ctx.bounds_min is None:
        return None
    lo, hi = ctx.room()
    corner = params.get("corner", "any")
    corners = list(CORNERS) if corner not in CORNERS else [corner]
    picked = [corners[k] for k in ctx.rng.integers(0, len(corners), count)]
    east = np.array(["e" in c for c in picked])
    north = np.array(["n" in c for c in picked])
    wall = [CORNER_WALLS[c][k] for c, k in zip(picked, ctx.rng.integers(0, 2, count))]
    corner_xy = np.stack([np.where(east, hi[0], lo[0]), np.where(north, hi[1], lo[1])], axis=1)
    middle = 0.5 * (lo[:2] + hi[:2]) - corner_xy
    yaws = np.stack([np.array([WALL_YAW[w] for w in wall]), np.full(count, ctx.yaw[i]),
                     facing_yaw(middle[:, 0], middle[:, 1])])
    yaw = yaws[ctx.rng.integers(0, 3, count), np.arange(count)]
    half = ctx.half(i, yaw)
    gap = ctx.rng.uniform(0.0, 0.9 * _number(params, "max_gap", 0.05), (count, 2))
    gap = np.where(ctx.rng.random((count, 1)) < 0.5, 0.0, gap) + WALL_EPS
    inward = np.where(np.stack([east, north], axis=1), -1.0, 1.0)
    xy = corner_xy + inward * (half + gap)
    return _stack(xy[:, 0], xy[:, 1], yaw)


def centred(ctx: Context, args: tuple[int, ...], params: dict[str, Any], i: int, count: int) -> np.ndarray | None:
    if ctx.bounds_min is None:
        return None
    lo, hi = ctx.room()
    centre = 0.5 * (lo[:2] + hi[:2])
    xy = centre + ctx.rng.normal(0, 0.05, (count, 2)) * (hi[:2] - lo[:2])
    if params.get("axis", "xy") == "x":
        xy[:, 1] = ctx.pos[i, 1]
    elif params.get("axis", "xy") == "y":
        xy[:, 0] = ctx.pos[i, 0]
    yaw = np.full(count, ctx.yaw[i])
    if params.get("align", "walls") == "walls":  # square to the walls: the nearest multiple of 90 degrees
        yaw = np.round(yaw / (np.pi / 2)) * (np.pi / 2)
    return _stack(xy[:, 0], xy[:, 1], yaw)


def row_slot(ctx: Context, args: tuple[int, ...], params: dict[str, Any], i: int, count: int) -> np.ndarray | None:
    """A row member between or beyond its placed neighbours, on their line."""
    members = list(args)
    k = members.index(i)
    placed = [j for j in members if j != i and ctx.active[j]]
    if len(placed) < 2:
        return None
    if 0 < k < len(members) - 1 and ctx.active[members[k - 1]] and ctx.active[members[k + 1]]:
        xy = 0.5 * (ctx.pos[members[k - 1], :2] + ctx.pos[members[k + 1], :2])
    elif k >= 2 and ctx.active[members[k - 1]] and ctx.active[members[k - 2]]:
        xy = 2 * ctx.pos[members[k - 1], :2] - ctx.pos[members[k - 2], :2]
    elif k + 2 < len(members) and ctx.active[members[k + 1]] and ctx.active[members[k + 2]]:
        xy = 2 * ctx.pos[members[k + 1], :2] - ctx.pos[members[k + 2], :2]
    else:
        return None
    xy = xy + ctx.rng.normal(0, 0.02, (count, 2))
    yaw = ctx.yaw[placed[ctx.rng.integers(0, len(placed))]]
    return _stack(xy[:, 0], xy[:, 1], np.full(count, yaw))


def around_slot(ctx: Context, args: tuple[int, ...], params: dict[str, Any], i: int, count: int) -> np.ndarray | None:
    members, centre = list(args[:-1]), args[-1]
    if i == centre or not ctx.active[centre]:
        return None
    rel = ctx.pos[members, :2] - ctx.pos[centre, :2]
    placed = np.array([ctx.active[j] and j != i for j in members])
    radius = float(params.get("radius") or 0.0) or (float(np.linalg.norm(rel[placed], axis=1).mean())
                                                  if placed.any() else float(np.max(ctx.size[centre, :2])))
    k = members.index(i)
    if placed.any():
        j = int(np.nonzero(placed)[0][0])
        base = np.arctan2(rel[j, 1], rel[j, 0])
        angle = base + (k - j) * arc_step(params, len(members)) * np.where(ctx.rng.random(count) < 0.5, 1.0, -1.0)
    else:
        angle = ctx.rng.uniform(-np.pi, np.pi, count)
    xy = ctx.pos[centre, :2] + radius * np.stack([np.cos(angle), np.sin(angle)], axis=-1)
    yaw = facing_yaw(-np.cos(angle), -np.sin(angle))
    if not params.get("facing", True):
        yaw = np.full(count, ctx.yaw[i])
    return _stack(xy[:, 0], xy[:, 1], yaw)


def stacked(ctx: Context, args: tuple[int, ...], params: dict[str, Any], i: int, count: int) -> np.ndarray | None:
    k = list(args).index(i)
    if k == 0:
        return None
    return on_anchor(ctx, (i, args[k - 1]), params, i, count)


_TUCKED = beside((0.0, -1.0))  # a tucked seat's places: in front of its anchor (beneath, under v4)
