"""The benchmark's own geometry over layout objects: oriented footprints, gaps, overlaps,
frames and facing angles. Plain Python; no code shared with the product.

Conventions of the layout contract: metres, Z up, an object's origin is its bottom centre,
its front is local -Y, so front(yaw) = (sin yaw, -cos yaw) and its right is (cos yaw, sin yaw).
"""

from __future__ import annotations

import math
from collections.abc import Sequence
from dataclasses import dataclass
from typing import Any

Point = tuple[float, float]


@dataclass(frozen=True)
class Thing:
    """One layout object as the checks see it."""

    id: str
    category: str
    concept: str
    x: float
    y: float
    z: float
    yaw: float
    w: float          # local X extent
    d: float          # local Y extent (front to back)
    h: float
    raw: dict[str, Any]

    @property
    def top(self) -> float:
        return self.z + self.h

    @property
    def centre(self) -> Point:
        return (self.x, self.y)

    @property
    def front(self) -> Point:
        return (math.sin(self.yaw), -math.cos(self.yaw))

    @property
    def right(self) -> Point:
        return (math.cos(self.yaw), math.sin(self.yaw))

    @property
    def long(self) -> float:
        return max(self.w, self.d)

    @property
    def short(self) -> float:
        return min(self.w, self.d)

    def corners(self) -> list[Point]:
        """The footprint's four corners, counter-clockwise."""
        (fx, fy), (rx, ry) = self.front, self.right
        hw, hd = self.w / 2, self.d / 2
        return [(self.x + sx * hw * rx + sy * hd * -fx, self.y + sx * hw * ry + sy * hd * -fy)
                for sx, sy in ((-1, -1), (1, -1), (1, 1), (-1, 1))]


def thing(raw: dict[str, Any], concept: str) -> Thing:
    """A Thing from a layout object dict."""
    loc, dims = raw.get("location", [0, 0, 0]), raw.get("dimensions", [0, 0, 0])
    yaw = float((raw.get("rotation_euler") or [0, 0, 0])[2])
    return Thing(id=str(raw.get("id")), category=str(raw.get("category", "")), concept=concept,
                 x=float(loc[0]), y=float(loc[1]), z=float(loc[2]), yaw=yaw, w=abs(float(dims[0])),
                 d=abs(float(dims[1])), h=abs(float(dims[2])), raw=raw)


def local(p: Point, anchor: Thing) -> Point:
    """A point in the anchor's frame: (right, forward)."""
    dx, dy = p[0] - anchor.x, p[1] - anchor.y
    (fx, fy), (rx, ry) = anchor.front, anchor.right
    return dx * rx + dy * ry, dx * fx + dy * fy


def extent_in(a: Thing, anchor: Thing) -> tuple[float, float, float, float]:
    """(min right, max right, min forward, max forward) of a's corners in the anchor's frame."""
    pts = [local(p, anchor) for p in a.corners()]
    return min(p[0] for p in pts), max(p[0] for p in pts), min(p[1] for p in pts), max(p[1] for p in pts)


def _axes(poly: Sequence[Point]) -> list[Point]:
    out = []
    for i, p in enumerate(poly):
        q = poly[(i + 1) % len(poly)]
        ex, ey = q[0] - p[0], q[1] - p[1]
        norm = math.hypot(ex, ey) or 1.0
        out.append((-ey / norm, ex / norm))
    return out


def penetration(a: Thing, b: Thing) -> float:
    """How deep the two footprints overlap (separating-axis minimum, metres); 0 when apart."""
    pa, pb = a.corners(), b.corners()
    depth = math.inf
    for ax, ay in _axes(pa) + _axes(pb):
        la = [p[0] * ax + p[1] * ay for p in pa]
        lb = [p[0] * ax + p[1] * ay for p in pb]
        overlap = min(max(la), max(lb)) - max(min(la), min(lb))
        if overlap <= 0:
            return 0.0
        depth = min(depth, overlap)
    return depth


def _seg_dist(p: Point, a: Point, b: Point) -> float:
    ex, ey = b[0] - a[0], b[1] - a[1]
    length2 = ex * ex + ey * ey
    t = 0.0 if length2 == 0 else max(0.0, min(1.0, ((p[0] - a[0]) * ex + (p[1] - a[1]) * ey) / length2))
    return math.hypot(p[0] - a[0] - t * ex, p[1] - a[1] - t * ey)


def gap(a: Thing, b: Thing) -> float:
    """Shortest horizontal distance between the two oriented footprints (0 when they touch)."""
    if penetration(a, b) > 0:
        return 0.0
    pa, pb = a.corners(), b.corners()
    best = math.inf
    for poly, other in ((pa, pb), (pb, pa)):
        for p in poly:
            for i in range(4):
                best = min(best, _seg_dist(p, other[i], other[(i + 1) % 4]))
    return best


def clip_area(a: Sequence[Point], b: Sequence[Point]) -> float:
    """Area of the intersection of two convex counter-clockwise polygons."""
    out = list(a)
    for i in range(len(b)):
        c, d = b[i], b[(i + 1) % len(b)]
        src, out = out, []
        for j, p in enumerate(src):
            q = src[(j + 1) % len(src)]
            if _left_of(q, c, d):
                if not _left_of(p, c, d):
                    out.append(_cross(p, q, c, d))
                out.append(q)
            elif _left_of(p, c, d):
                out.append(_cross(p, q, c, d))
        if not out:
            return 0.0
    return abs(sum(p[0] * q[1] - q[0] * p[1] for p, q in zip(out, out[1:] + out[:1]))) / 2


def _left_of(p: Point, c: Point, d: Point) -> bool:
    return (d[0] - c[0]) * (p[1] - c[1]) - (d[1] - c[1]) * (p[0] - c[0]) >= 0


def _cross(p: Point, q: Point, c: Point, d: Point) -> Point:
    a1, b1 = q[1] - p[1], p[0] - q[0]
    a2, b2 = d[1] - c[1], c[0] - d[0]
    det = a1 * b2 - a2 * b1
    if abs(det) < 1e-12:
        return q
    c1, c2 = a1 * p[0] + b1 * p[1], a2 * c[0] + b2 * c[1]
    return ((b2 * c1 - b1 * c2) / det, (a1 * c2 - a2 * c1) / det)


def overlap_volume(a: Thing, b: Thing) -> float:
    """Volume shared by the two oriented boxes (footprint intersection x shared height)."""
    dz = min(a.top, b.top) - max(a.z, b.z)
    if dz <= 0:
        return 0.0
    return clip_area(a.corners(), b.corners()) * dz


def contains_point(b: Thing, p: Point, margin: float = 0.0) -> bool:
    """p lies over b's oriented footprint grown by margin."""
    r, f = local(p, b)
    return abs(r) <= b.w / 2 + margin and abs(f) <= b.d / 2 + margin


def angle_between(u: Point, v: Point) -> float:
    """Degrees between two horizontal directions (180 when one is zero)."""
    nu, nv = math.hypot(*u), math.hypot(*v)
    if nu < 1e-9 or nv < 1e-9:
        return 180.0
    return math.degrees(math.acos(max(-1.0, min(1.0, (u[0] * v[0] + u[1] * v[1]) / (nu * nv)))))


def facing_angle(a: Thing, p: Point) -> float:
    """Degrees between a's front and the direction from a's centre to p."""
    return angle_between(a.front, (p[0] - a.x, p[1] - a.y))


def ray_hits(a: Thing, b: Thing, reach: float) -> bool:
    """a's front ray from its centre crosses b's footprint within ``reach`` metres."""
    fx, fy = a.front
    steps = max(2, int(reach / 0.05))
    return any(contains_point(b, (a.x + fx * reach * i / steps, a.y + fy * reach * i / steps)) for i in range(1, steps + 1))


def yaw_difference(a: Thing, b: Thing) -> float:
    """Degrees between two fronts (0 = same way, 180 = opposite)."""
    return angle_between(a.front, b.front)


def axis_difference(a: Thing, b: Thing) -> float:
    """Degrees between two objects' axes modulo 90 doubled: 0 parallel, 90 perpendicular."""
    d = yaw_difference(a, b) % 180.0
    return min(d, 180.0 - d)


def dist(a: Thing, b: Thing) -> float:
    return math.hypot(a.x - b.x, a.y - b.y)


def circle_fit(points: Sequence[Point]) -> tuple[Point, float]:
    """Least-squares circle through the points (Kasa): (centre, radius)."""
    n = len(points)
    sx = sum(p[0] for p in points) / n
    sy = sum(p[1] for p in points) / n
    uu = sum((p[0] - sx) ** 2 for p in points)
    vv = sum((p[1] - sy) ** 2 for p in points)
    uv = sum((p[0] - sx) * (p[1] - sy) for p in points)
    r1 = sum((p[0] - sx) * ((p[0] - sx) ** 2 + (p[1] - sy) ** 2) for p in points) / 2
    r2 = sum((p[1] - sy) * ((p[0] - sx) ** 2 + (p[1] - sy) ** 2) for p in points) / 2
    det = uu * vv - uv * uv
    if abs(det) < 1e-12:
        return (sx, sy), math.inf
    cu, cv = (r1 * vv - r2 * uv) / det, (r2 * uu - r1 * uv) / det
    centre = (sx + cu, sy + cv)
    radius = sum(math.dist(centre, p) for p in points) / n
    return centre, radius


def clusters(values: Sequence[float], gap_size: float) -> list[list[int]]:
    """Indices grouped by 1-D value: a new group starts where sorted neighbours differ by
    more than gap_size."""
    order = sorted(range(len(values)), key=lambda i: values[i])
    groups: list[list[int]] = []
    for i in order:
        if groups and values[i] - values[groups[-1][-1]] <= gap_size:
            groups[-1].append(i)
        else:
            groups.append([i])
    return groups


def rests_on(a: Thing, b: Thing, tol: float = 0.03) -> bool:
    """a stands on b's top: a's bottom within ``tol`` of b's top and its centre over b."""
    return abs(a.z - b.top) <= tol and contains_point(b, a.centre, 0.02)
