"""Checkers of the group and room relations (CONTRACTS §5): stacked, alignment, row,
grid, around, hierarchy, against_wall, in_corner, centered."""

from __future__ import annotations

import math
from typing import Any, Mapping, Sequence

import numpy as np

from ....skill_library.compass import CORNER_WALLS
from ..model import Bounds
from .check_base import Check, cm, deg, graded, name, verdict
from .geometry import WALL_INWARD, Box, angle_between, wall_distances
from .pairs import on_top_of

Params = Mapping[str, Any]
LINE_TOL = 0.10  # m: row/grid centres off their line or lattice
WALL_TOL = 0.05  # m: against_wall / in_corner
GAP_BAND = 0.10  # m: against_wall's least band above its min_gap ("a metre out": 1.0-1.1 m)
# around's "each facing center" and against_wall's "front points into the room": CONTRACTS §5
# gives no number for either, so both use the facing relation's default tolerance
FACING_TOL = math.radians(30)


def ids(boxes: Sequence[Box]) -> str:
    return ", ".join(f"(ID: {b.id})" for b in boxes)


def stacked(args: Sequence[Box], params: Params, bounds: Bounds | None) -> Check:
    # each pair as on_top_of at the stack's height_tolerance (stacked v2; 2 cm when not given)
    pair = {k: params[k] for k in ("height_tolerance",) if params.get(k) is not None}
    checks = [on_top_of([upper, lower], pair, bounds) for lower, upper in zip(args, args[1:])]
    failing = [c.reason for c in checks if not c.holds]
    reason = f"stack {ids(args)}: " + ("each rests on the one below" if not failing else "; ".join(failing))
    return verdict([(c.holds, c.score) for c in checks], reason)


def alignment(args: Sequence[Box], params: Params, bounds: Bounds | None) -> Check:
    axis = 0 if params.get("axis", "x") == "x" else 1
    anchor = params.get("anchor", "center")
    values = []
    for box in args:
        lo, hi = box.world_aabb()
        values.append({"min": lo[axis], "max": hi[axis]}.get(anchor, (box.cx, box.cy)[axis]))
    spread = float(max(values) - min(values))
    tol = _tolerance(params, "tolerance", 0.05)  # the relation's parameter (alignment v2)
    reason = f"{'xy'[axis]} {anchor} of {ids(args)} spreads over {cm(spread)} (tolerance {cm(tol)})"
    return verdict([(spread <= tol + 1e-9, graded(spread - tol, 1.0))], reason)


def _line_fit(points: np.ndarray) -> tuple[np.ndarray, np.ndarray]:
    """(unit direction of the best line, distances of the points from it)."""
    centred = points - points.mean(axis=0)
    _, _, vt = np.linalg.svd(centred, full_matrices=False)
    direction = vt[0]
    normal = np.array([-direction[1], direction[0]])
    return direction, np.abs(centred @ normal)


def _tolerance(params: Params, key: str, default: float) -> float:
    """A tolerance parameter of the relation (its default when the constraint does not set it)."""
    value = _number(params, key)
    return default if value is None else value


def _number(params: Params, key: str) -> float | None:
    value = params.get(key)
    return float(value) if isinstance(value, (int, float)) and not isinstance(value, bool) else None


def _param(params: Params, key: str, default: float) -> float:
    value = _number(params, key)
    return default if value is None else value


def row(args: Sequence[Box], params: Params, bounds: Bounds | None) -> Check:
    points = np.array([b.centre for b in args])
    direction, off = _line_fit(points)
    order = np.argsort(points @ direction)
    gaps = np.diff((points @ direction)[order])
    worst_off = float(off.max())
    line_tol, gap_tol = _tolerance(params, "tolerance", LINE_TOL), _tolerance(params, "gap_tolerance", 0.10)
    conditions = [(worst_off <= line_tol + 1e-9, graded(worst_off - line_tol, 1.0))]
    spacing = _number(params, "spacing")
    if spacing is not None and spacing > 0:
        # spacing may mean centre distance or the free gap between neighbours: accept either reading
        reach = np.array([float(np.abs((args[i].corners() - args[i].centre) @ direction).max()) for i in order])
        free = gaps - reach[:-1] - reach[1:]
        error = min(float(np.abs(gaps / spacing - 1).max()), float(np.abs(free / spacing - 1).max()))
    else:
        mean = float(gaps.mean())
        error = float(np.abs(gaps / mean - 1).max()) if mean > 1e-9 else math.inf
    conditions.append((error <= gap_tol + 1e-9, graded(error - gap_tol, 1.0)))
    reason = (f"row {ids(args)}: centres up to {cm(worst_off)} off their line, spacing varies by "
              f"{error:.0%} (tolerance {gap_tol:.0%})")
    return verdict(conditions, reason)


def _lattice_residual(points: np.ndarray, rows: int, cols: int, angle: float) -> float:
    """Worst distance of the points from the best rows x cols lattice with rows along ``angle``."""
    u = np.array([math.cos(angle), math.sin(angle)])
    v = np.array([-u[1], u[0]])
    order = np.argsort(points @ v, kind="stable")
    index = np.zeros((len(points), 2))
    for r in range(rows):
        chunk = order[r * cols:(r + 1) * cols]
        chunk = chunk[np.argsort(points[chunk] @ u, kind="stable")]
        index[chunk] = [[c, r] for c in range(len(chunk))]
    design = np.column_stack([np.ones(len(points)), index])
    coeffs, *_ = np.linalg.lstsq(design, points, rcond=None)
    return float(np.linalg.norm(design @ coeffs - points, axis=1).max())


def grid(args: Sequence[Box], params: Params, bounds: Bounds | None) -> Check:
    points = np.array([b.centre for b in args])
    n = len(points)
    rows, cols = params.get("rows"), params.get("cols")
    shapes = [(int(rows), int(cols))] if isinstance(rows, int) and isinstance(cols, int) and rows * cols == n else [
        (r, n // r) for r in range(1, n + 1) if n % r == 0]
    angles = {math.atan2(*(p - points[0])[::-1]) for p in points[1:]} | {0.0}
    best = math.inf
    for r, c in shapes:
        for angle in angles:
            best = min(best, _lattice_residual(points, r, c, angle), _lattice_residual(points, c, r, angle))
    if isinstance(rows, int) and isinstance(cols, int) and rows * cols != n:
        return Check(False, 0.0, f"grid {ids(args)}: {n} objects cannot fill {rows} × {cols}")
    tol = _tolerance(params, "tolerance", LINE_TOL)
    reason = f"grid {ids(args)}: centres up to {cm(best)} off the best regular lattice (tolerance {cm(tol)})"
    return verdict([(best <= tol + 1e-9, graded(best - tol, 1.0))], reason)


def around(args: Sequence[Box], params: Params, bounds: Bounds | None) -> Check:
    *ring, centre = args
    offsets = np.array([b.centre - centre.centre for b in ring])
    dist = np.linalg.norm(offsets, axis=1)
    radius = _number(params, "radius")
    target = radius if radius is not None else float(dist.mean())
    spread = float(np.abs(dist / target - 1).max()) if target > 1e-9 else math.inf
    angles = np.sort(np.arctan2(offsets[:, 1], offsets[:, 0]))
    gaps = np.diff(np.concatenate([angles, angles[:1] + 2 * math.pi]))
    gap_error = float(np.abs(gaps - 2 * math.pi / len(ring)).max())
    spread_tol = _param(params, "radius_tolerance", 0.10)  # the relation's parameters (around v2)
    gap_tol = math.radians(_param(params, "gap_tolerance_deg", 15.0))
    facing_tol = math.radians(_param(params, "tolerance_deg", 30.0))
    conditions = [(spread <= spread_tol + 1e-9, graded(spread - spread_tol, 1.0)),
                  (gap_error <= gap_tol + 1e-9, graded(gap_error - gap_tol, math.pi))]
    text = f"around {name(centre)}: distances vary by {spread:.0%}, angular gaps up to {deg(gap_error)} off equal"
    if params.get("facing", True):
        off = max(angle_between(b.front(), centre.centre - b.centre) for b in ring)
        conditions.append((off <= facing_tol + 1e-9, graded(off - facing_tol, math.pi)))
        text += f", facing it within {deg(off)}"
    return verdict(conditions, f"{ids(ring)} {text}")


def hierarchy(args: Sequence[Box], params: Params, bounds: Bounds | None) -> Check:
    key = params.get("key", "volume")
    sizes = [{"height": b.height, "width": b.width}.get(key, b.volume) for b in args]
    if params.get("order", "descending") == "ascending":
        steps = [b - a for a, b in zip(sizes, sizes[1:])]
    else:
        steps = [a - b for a, b in zip(sizes, sizes[1:])]
    worst = min(steps) if steps else 1.0
    shown = ", ".join(f"{b.id}={s:.3g}" for b, s in zip(args, sizes))
    reason = f"{key} of {ids(args)} in listed order: {shown} ({params.get('order', 'descending')} wanted)"
    scale = max(max(sizes), 1e-6)
    return verdict([(worst > 0, graded(-worst + 1e-9, scale))], reason)


def _facing_tolerance(params: Params) -> float:
    """against_wall's tolerance_deg (radians), the evaluator's facing default without it."""
    return math.radians(float(params["tolerance_deg"])) if params.get("tolerance_deg") is not None else FACING_TOL


def against_wall(args: Sequence[Box], params: Params, bounds: Bounds | None) -> Check:
    (a,) = args
    if bounds is None:
        return Check(False, 0.0, f"{name(a)}: the scene has no bounds, so no walls")
    wanted = params.get("wall", "any")
    distances = wall_distances(a, bounds)
    walls = list(WALL_INWARD) if wanted == "any" else [wanted]
    tol, facing_tol = float(params.get("max_gap", WALL_TOL)), _facing_tolerance(params)  # the relation's parameters
    floor = float(params.get("min_gap") or 0.0)  # "a metre out from the wall": at least that far off it
    tol = max(tol, floor + GAP_BAND) if floor > 0 else tol
    best: Check | None = None
    for wall in walls:
        gap = distances.get(wall, math.inf)
        turn = angle_between(a.front(), WALL_INWARD.get(wall, np.zeros(2)))
        miss = max(floor - gap, gap - tol) if floor > 0 else abs(gap) - tol
        check = verdict([((floor - 1e-9 if floor > 0 else -0.01) <= gap <= tol + 1e-9, graded(miss, 2.0)),
                         (turn <= facing_tol + 1e-9, graded(turn - facing_tol, math.pi))],
                        f"{name(a)} is {cm(gap)} from the {wall} wall, its front {deg(turn)} off pointing "
                        "into the room")
        if best is None or (check.holds, check.score) > (best.holds, best.score):
            best = check
    assert best is not None
    return best


def in_corner(args: Sequence[Box], params: Params, bounds: Bounds | None) -> Check:
    (a,) = args
    if bounds is None:
        return Check(False, 0.0, f"{name(a)}: the scene has no bounds, so no corners")
    wanted = params.get("corner", "any")
    distances = wall_distances(a, bounds)
    best: Check | None = None
    for corner, walls in CORNER_WALLS.items():
        if wanted not in ("any", corner):
            continue
        worst = max(abs(distances[w]) for w in walls)
        tol = float(params.get("max_gap", WALL_TOL))
        check = verdict([(worst <= tol + 1e-9, graded(worst - tol, 2.0))],
                        f"{name(a)} is {cm(distances[walls[0]])} from the {walls[0]} wall and "
                        f"{cm(distances[walls[1]])} from the {walls[1]} wall ({corner} corner)")
        if best is None or check.score > best.score:
            best = check
    if best is None:
        return Check(False, 0.0, f"{name(a)}: unknown corner {wanted!r}")
    return best


def centered(args: Sequence[Box], params: Params, bounds: Bounds | None) -> Check:
    (a,) = args
    if bounds is None:
        return Check(False, 0.0, f"{name(a)}: the scene has no bounds, so no middle")
    axes = [i for i, axis in enumerate("xy") if axis in str(params.get("axis", "xy"))]
    conditions, parts = [], []
    fraction = _tolerance(params, "tolerance", 0.1)  # the relation's parameter (centered v2)
    for i in axes:
        size = bounds.max[i] - bounds.min[i]
        off = abs((a.cx, a.cy)[i] - (bounds.min[i] + bounds.max[i]) / 2)
        conditions.append((off <= fraction * size + 1e-9, graded(off - fraction * size, size / 2)))
        parts.append(f"{cm(off)} off the middle in {'xy'[i]} (tolerance {cm(fraction * size)})")
    if params.get("align", "walls") == "walls":  # the relation's parameter (centered v3): square to the walls
        off_square = abs((a.yaw + math.pi / 4) % (math.pi / 2) - math.pi / 4)
        limit = math.radians(_tolerance(params, "tolerance_deg", 10.0))
        conditions.append((off_square <= limit + 1e-9, graded(off_square - limit, math.pi / 4)))
        parts.append(f"{deg(off_square)} off square with the walls (tolerance {deg(limit)})")
    return verdict(conditions, f"{name(a)} is " + ", ".join(parts))
