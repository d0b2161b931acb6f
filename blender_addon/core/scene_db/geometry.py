"""Plane geometry for the scene rows: world boxes, gaps between footprints, distances."""

from __future__ import annotations

import math
from dataclasses import dataclass
from typing import Any, Sequence

import numpy as np

from .schema import NEAR_THRESHOLD_M


@dataclass(frozen=True)
class Box:
    """A world-space axis-aligned box (metres)."""

    min_x: float
    min_y: float
    min_z: float
    max_x: float
    max_y: float
    max_z: float

    @property
    def center(self) -> tuple[float, float]:
        return ((self.min_x + self.max_x) / 2.0, (self.min_y + self.max_y) / 2.0)

    @property
    def area(self) -> float:
        """Footprint area (m^2)."""
        return max(0.0, self.max_x - self.min_x) * max(0.0, self.max_y - self.min_y)

    def union(self, other: "Box") -> "Box":
        """The smallest box holding both."""
        return Box(min(self.min_x, other.min_x), min(self.min_y, other.min_y), min(self.min_z, other.min_z),
                   max(self.max_x, other.max_x), max(self.max_y, other.max_y), max(self.max_z, other.max_z))

    def contains_xy(self, x: float, y: float, margin: float = 0.0) -> bool:
        """True when (x, y) lies inside the footprint grown by ``margin``."""
        return (self.min_x - margin <= x <= self.max_x + margin) and (self.min_y - margin <= y <= self.max_y + margin)


def rotated_box(location: tuple[float, float, float], yaw: float, dimensions: tuple[float, float, float],
                local_min: tuple[float, float] | None = None,
                local_max: tuple[float, float] | None = None) -> Box:
    """The world box of a footprint rectangle turned by ``yaw`` about the origin ``location``
    (bottom centre); the rectangle is the object's whole footprint unless ``local_min/max``
    name a part of it (a shelf's area, in the object's local frame)."""
    w, d, h = dimensions
    lo = local_min if local_min is not None else (-w / 2.0, -d / 2.0)
    hi = local_max if local_max is not None else (w / 2.0, d / 2.0)
    c, s = math.cos(yaw), math.sin(yaw)
    xs, ys = [], []
    for lx in (lo[0], hi[0]):
        for ly in (lo[1], hi[1]):
            xs.append(location[0] + c * lx - s * ly)
            ys.append(location[1] + s * lx + c * ly)
    return Box(min(xs), min(ys), location[2], max(xs), max(ys), location[2] + h)


def footprint_gap(a: Box, b: Box) -> float:
    """Gap between two footprints (m); 0 when they touch or overlap."""
    dx = max(0.0, a.min_x - b.max_x, b.min_x - a.max_x)
    dy = max(0.0, a.min_y - b.max_y, b.min_y - a.max_y)
    return math.hypot(dx, dy)


def center_distance(a: tuple[float, float], b: tuple[float, float]) -> float:
    """Distance between two plan points (m)."""
    return math.hypot(a[0] - b[0], a[1] - b[1])


def overlap_area(a: Box, b: Box) -> float:
    """Area of the intersection of two footprints (m^2)."""
    w = min(a.max_x, b.max_x) - max(a.min_x, b.min_x)
    d = min(a.max_y, b.max_y) - max(a.min_y, b.min_y)
    return w * d if w > 0 and d > 0 else 0.0


def segment_distance(px: float, py: float, start: tuple[float, float], end: tuple[float, float]) -> tuple[float, float]:
    """``(distance, t)``: from point (px, py) to the segment start->end, and the position of the
    nearest point along it (0 at start, 1 at end)."""
    sx, sy = end[0] - start[0], end[1] - start[1]
    length2 = sx * sx + sy * sy
    t = 0.0 if length2 == 0 else max(0.0, min(1.0, ((px - start[0]) * sx + (py - start[1]) * sy) / length2))
    return math.hypot(px - (start[0] + t * sx), py - (start[1] + t * sy)), t


def near_pairs(objects: Sequence[Any], threshold: float = NEAR_THRESHOLD_M) -> list[tuple[str, str, float, float]]:
    """``(a id, b id, footprint gap, centre distance)`` for every pair of objects (``.id`` and
    ``.box``) whose footprints are within ``threshold``; a < b in the objects' order."""
    if len(objects) < 2:
        return []
    lo = np.array([[o.box.min_x, o.box.min_y] for o in objects])
    hi = np.array([[o.box.max_x, o.box.max_y] for o in objects])
    gaps = np.maximum(0.0, np.maximum(lo[:, None, :] - hi[None, :, :], lo[None, :, :] - hi[:, None, :]))
    gap = np.hypot(gaps[..., 0], gaps[..., 1])
    centres = (lo + hi) / 2.0
    centre = np.hypot(*(centres[:, None, :] - centres[None, :, :]).transpose(2, 0, 1))
    first, second = np.nonzero(np.triu(gap <= threshold, k=1))
    return [(objects[i].id, objects[j].id, float(gap[i, j]), float(centre[i, j])) for i, j in zip(first, second)]
