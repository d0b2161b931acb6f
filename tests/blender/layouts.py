"""Hand-written layouts for the Blender shell tests (no solver needed)."""

from __future__ import annotations

import math

from setdresser.blender_addon.core.model import Bounds, Layout, PhysicsChecks, PlacedObject


def placed(oid: str, category: str, location: tuple[float, float, float], yaw: float,
           dims: tuple[float, float, float], support: str | None = "ground") -> PlacedObject:
    """A placed object with its world AABB computed from the yawed box."""
    c, s = abs(math.cos(yaw)), abs(math.sin(yaw))
    hx, hy = (dims[0] * c + dims[1] * s) / 2, (dims[0] * s + dims[1] * c) / 2
    x, y, z = location
    return PlacedObject(oid, category, f"procedural:{category}", location, (0.0, 0.0, yaw), dims,
                        (x - hx, y - hy, z), (x + hx, y + hy, z + dims[2]), support)


def office(bounds: bool = True) -> Layout:
    """A desk against the north wall with a lamp on it, a chair facing it, a yawed shelf."""
    objects = [
        placed("desk_1", "desk", (0.0, 2.6, 0.0), 0.0, (1.4, 0.7, 0.75)),
        placed("lamp_1", "lamp", (0.4, 2.6, 0.75), 0.3, (0.2, 0.2, 0.45), support="desk_1"),
        placed("chair_1", "chair", (0.0, 1.8, 0.0), math.pi, (0.5, 0.5, 0.9)),
        placed("bookshelf_1", "bookshelf", (-2.5, 2.4, 0.0), -math.pi / 4, (0.8, 0.3, 1.8)),
    ]
    return Layout(objects=objects, constraints=[], checks=PhysicsChecks(),
                  bounds=Bounds((-3.0, -3.0, 0.0), (3.0, 3.0, 3.0)) if bounds else None,
                  prompt="a desk with a lamp", seed=0)


def segment_hits_box(start, end, lo, hi) -> bool:  # type: ignore[no-untyped-def]
    """Slab test: does the segment start-end pass through the axis-aligned box?"""
    t0, t1 = 0.0, 1.0
    for axis in range(3):
        d = end[axis] - start[axis]
        if abs(d) < 1e-12:
            if not lo[axis] <= start[axis] <= hi[axis]:
                return False
            continue
        a, b = sorted(((lo[axis] - start[axis]) / d, (hi[axis] - start[axis]) / d))
        t0, t1 = max(t0, a), min(t1, b)
    return t0 <= t1
