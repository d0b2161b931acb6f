"""Oriented-box geometry of the evaluator, written apart from the solver's on purpose.

An evaluator that reused the solver's geometry would repeat its mistakes and call them
correct; every measure here is computed again from ``layout.json`` alone (location =
bottom-centre, ``dimensions`` along the local axes, yaw = ``rotation_euler[2]``, front =
local -Y, CONTRACTS §1). Objects are taken as upright boxes: tilted poses do not occur in
layouts (the solver only turns objects about Z).
"""

from __future__ import annotations

import math
from dataclasses import dataclass
from typing import Sequence

import numpy as np

from ....skill_library.compass import INWARD, wall_gaps
from ..model import Bounds, PlacedObject


@dataclass(frozen=True)
class Box:
    """An upright oriented box: XY centre, half sizes along local X/Y, yaw, Z range."""

    id: str
    category: str
    cx: float
    cy: float
    hx: float
    hy: float
    yaw: float
    z0: float
    z1: float

    @property
    def centre(self) -> np.ndarray:
        return np.array([self.cx, self.cy])

    @property
    def height(self) -> float:
        return self.z1 - self.z0

    @property
    def width(self) -> float:
        return 2.0 * self.hx

    @property
    def volume(self) -> float:
        return 4.0 * self.hx * self.hy * self.height

    @property
    def area(self) -> float:
        return 4.0 * self.hx * self.hy

    def axes(self) -> np.ndarray:
        """Rows: the local X axis (its right) and local Y axis (its back) in world XY."""
        c, s = math.cos(self.yaw), math.sin(self.yaw)
        return np.array([[c, s], [-s, c]])

    def front(self) -> np.ndarray:
        """Unit vector of the front (local -Y): (sin yaw, -cos yaw)."""
        return np.array([math.sin(self.yaw), -math.cos(self.yaw)])

    def corners(self) -> np.ndarray:
        """The four footprint corners, counter-clockwise, shape (4, 2)."""
        ax = self.axes()
        signs = np.array([[-1, -1], [1, -1], [1, 1], [-1, 1]], dtype=float)
        return self.centre + (signs[:, :1] * self.hx) * ax[0] + (signs[:, 1:] * self.hy) * ax[1]

    def to_local(self, points: np.ndarray, yaw: float | None = None) -> np.ndarray:
        """World XY points in this box's frame (or a frame of ``yaw``), shape (..., 2)."""
        angle = self.yaw if yaw is None else yaw
        c, s = math.cos(angle), math.sin(angle)
        d = np.asarray(points, dtype=float) - self.centre
        return np.stack([d[..., 0] * c + d[..., 1] * s, -d[..., 0] * s + d[..., 1] * c], axis=-1)

    def contains_xy(self, point: np.ndarray, margin: float = 0.0) -> bool:
        """Whether an XY point lies over this footprint grown by ``margin`` metres."""
        local = self.to_local(np.asarray(point, dtype=float))
        return bool(abs(local[0]) <= self.hx + margin + 1e-9 and abs(local[1]) <= self.hy + margin + 1e-9)

    def world_aabb(self) -> tuple[np.ndarray, np.ndarray]:
        """World axis-aligned bounds ((x, y, z) min, max) from the oriented corners."""
        pts = self.corners()
        lo, hi = pts.min(axis=0), pts.max(axis=0)
        return np.array([lo[0], lo[1], self.z0]), np.array([hi[0], hi[1], self.z1])


def box_of(obj: PlacedObject) -> Box:
    """The box of one layout object (origin at the bottom-centre, CONTRACTS §3)."""
    dx, dy, dz = (abs(float(v)) for v in obj.dimensions)
    x, y, z = (float(v) for v in obj.location)
    return Box(id=obj.id, category=obj.category, cx=x, cy=y, hx=dx / 2, hy=dy / 2,
               yaw=float(obj.rotation_euler[2]), z0=z, z1=z + dz)


def boxes_of(objects: Sequence[PlacedObject]) -> dict[str, Box]:
    """``{id: Box}`` for a layout's objects."""
    return {o.id: box_of(o) for o in objects}


def wrap_angle(angle: float) -> float:
    """An angle in (-pi, pi]."""
    wrapped = math.remainder(angle, 2 * math.pi)
    return math.pi if wrapped == -math.pi else wrapped


def axis_difference(yaw_a: float, yaw_b: float) -> float:
    """Angle between two yaws modulo pi, in [0, pi/2]: 0 parallel, pi/2 perpendicular."""
    diff = abs(math.remainder(yaw_a - yaw_b, math.pi))
    return min(diff, math.pi - diff)


def angle_between(u: np.ndarray, v: np.ndarray) -> float:
    """Unsigned angle between two XY vectors (radians); pi when either is zero."""
    nu, nv = float(np.linalg.norm(u)), float(np.linalg.norm(v))
    if nu < 1e-12 or nv < 1e-12:
        return math.pi
    return math.acos(max(-1.0, min(1.0, float(np.dot(u, v)) / (nu * nv))))


def _projections(points: np.ndarray, axis: np.ndarray) -> tuple[float, float]:
    values = points @ axis
    return float(values.min()), float(values.max())


def footprint_penetration(a: Box, b: Box) -> float:
    """Separating-axis depth of two footprints: the least shift that parts them (0 if apart)."""
    pa, pb = a.corners(), b.corners()
    depth = math.inf
    for axis in (*a.axes(), *b.axes()):
        lo_a, hi_a = _projections(pa, axis)
        lo_b, hi_b = _projections(pb, axis)
        overlap = min(hi_a, hi_b) - max(lo_a, lo_b)
        if overlap <= 0.0:
            return 0.0
        depth = min(depth, overlap)
    return float(depth)


def z_overlap(a: Box, b: Box) -> float:
    """Length of the overlap of the two Z ranges (0 when they only touch or are apart)."""
    return max(0.0, min(a.z1, b.z1) - max(a.z0, b.z0))


def penetration(a: Box, b: Box) -> float:
    """How deep two boxes interpenetrate (metres): the smaller of the footprint and Z depths."""
    return min(footprint_penetration(a, b), z_overlap(a, b))


def _segment_distance(point: np.ndarray, p: np.ndarray, q: np.ndarray) -> float:
    d = q - p
    length2 = float(d @ d)
    t = 0.0 if length2 < 1e-18 else max(0.0, min(1.0, float((point - p) @ d) / length2))
    return float(np.linalg.norm(point - (p + t * d)))


def xy_gap(a: Box, b: Box) -> float:
    """Shortest XY distance between two footprints; 0 when they overlap."""
    if footprint_penetration(a, b) > 0.0:
        return 0.0
    pa, pb = a.corners(), b.corners()
    best = math.inf
    for pts, other in ((pa, pb), (pb, pa)):
        for point in pts:
            for i in range(4):
                best = min(best, _segment_distance(point, other[i], other[(i + 1) % 4]))
    return float(best)


def _clip(polygon: list[np.ndarray], p: np.ndarray, q: np.ndarray) -> list[np.ndarray]:
    """Sutherland-Hodgman: the part of a convex polygon left of the directed edge p -> q."""
    def side(x: np.ndarray) -> float:
        return float((q[0] - p[0]) * (x[1] - p[1]) - (q[1] - p[1]) * (x[0] - p[0]))

    out: list[np.ndarray] = []
    for i, cur in enumerate(polygon):
        prev = polygon[i - 1]
        s_cur, s_prev = side(cur), side(prev)
        if s_cur >= 0:
            if s_prev < 0:
                out.append(prev + (cur - prev) * (s_prev / (s_prev - s_cur)))
            out.append(cur)
        elif s_prev >= 0:
            out.append(prev + (cur - prev) * (s_prev / (s_prev - s_cur)))
    return out


def polygon_area(points: Sequence[np.ndarray]) -> float:
    """Area of a simple polygon (shoelace)."""
    if len(points) < 3:
        return 0.0
    pts = np.asarray(points)
    x, y = pts[:, 0], pts[:, 1]
    return float(abs(np.dot(x, np.roll(y, -1)) - np.dot(y, np.roll(x, -1))) / 2.0)


def footprint_overlap_area(a: Box, b: Box) -> float:
    """Area (m²) shared by two footprints."""
    polygon = list(a.corners())
    clip = b.corners()
    for i in range(4):
        if not polygon:
            return 0.0
        polygon = _clip(polygon, clip[i], clip[(i + 1) % 4])
    return polygon_area(polygon)


def point_segment(point: np.ndarray, p: np.ndarray, q: np.ndarray) -> tuple[float, float]:
    """(distance from point to the segment p-q, projection parameter t along p->q, unclamped)."""
    d = q - p
    length2 = float(d @ d)
    t = 0.0 if length2 < 1e-18 else float((point - p) @ d) / length2
    return _segment_distance(point, p, q), t


def box_inside(inner: Box, outer: Box, tolerance: float) -> bool:
    """Whether ``inner``'s box lies in ``outer``'s box, each face allowed ``tolerance`` metres."""
    local = outer.to_local(inner.corners())
    in_xy = bool(np.all(np.abs(local[:, 0]) <= outer.hx + tolerance + 1e-9)
                 and np.all(np.abs(local[:, 1]) <= outer.hy + tolerance + 1e-9))
    return in_xy and inner.z0 >= outer.z0 - tolerance - 1e-9 and inner.z1 <= outer.z1 + tolerance + 1e-9


def wall_distances(box: Box, bounds: Bounds) -> dict[str, float]:
    """Distance (m) from the box to each side of the bounds; negative when it pokes through."""
    lo, hi = box.world_aabb()
    return {wall: float(gap) for wall, gap in wall_gaps(lo, hi, bounds.min, bounds.max).items()}


WALL_INWARD = {wall: np.array(inward) for wall, inward in INWARD.items()}
