"""Hand-built layout.json documents for tests: objects placed by centre, yaw and size."""

from __future__ import annotations

import math
from typing import Any, Sequence

Vec = Sequence[float]


def obj(oid: str, category: str, x: float, y: float, dims: Vec, yaw: float = 0.0, z: float = 0.0,
        support: str | None = "ground", **extra: Any) -> dict[str, Any]:
    """One layout object with its origin (bottom-centre) at (x, y, z), turned by ``yaw`` radians;
    the world bbox is computed from the turned footprint. ``extra`` adds v2 fields (color,
    material, mount, support_surface, asset_fallback)."""
    hx, hy = dims[0] / 2, dims[1] / 2
    c, s = math.cos(yaw), math.sin(yaw)
    xs = [x + sx * hx * c - sy * hy * s for sx in (-1, 1) for sy in (-1, 1)]
    ys = [y + sx * hx * s + sy * hy * c for sx in (-1, 1) for sy in (-1, 1)]
    return {"id": oid, "category": category, "asset": f"procedural:{category}", "location": [x, y, z],
            "rotation_euler": [0.0, 0.0, yaw], "dimensions": list(dims),
            "bbox_min": [min(xs), min(ys), z], "bbox_max": [max(xs), max(ys), z + dims[2]],
            "support": support, "locked": False, **extra}


def facing_yaw(x: float, y: float, tx: float, ty: float) -> float:
    """The yaw that turns an object at (x, y) to face (tx, ty) (front = local -Y)."""
    return math.atan2(tx - x, -(ty - y))


def layout(objects: Sequence[dict[str, Any]], *, bounds: tuple[Vec, Vec] | None = ((-3, -3, 0), (3, 3, 3)),
           constraints: Sequence[dict[str, Any]] = (), prompt: str = "") -> dict[str, Any]:
    """A ``setdresser.layout/1`` document."""
    out: dict[str, Any] = {"schema": "setdresser.layout/1", "prompt": prompt, "seed": 0, "units": "m", "up": "+Z",
                           "front": "-Y", "objects": list(objects), "constraints": list(constraints),
                           "checks": {"collisions": [], "unsupported": [], "out_of_bounds": []}}
    if bounds is not None:
        out["bounds"] = {"min": list(bounds[0]), "max": list(bounds[1])}
    return out


def constraint(relation: str, *args: str, satisfied: bool = True, **params: Any) -> dict[str, Any]:
    return {"relation": relation, "args": list(args), "params": params, "score": 1.0 if satisfied else 0.0,
            "satisfied": satisfied}


def opening(oid: str, kind: str, wall: str, offset: float = 0.0, width: float = 0.9, height: float = 2.1,
            sill: float = 0.0) -> dict[str, Any]:
    """A v2 door or window cut in a wall."""
    return {"id": oid, "kind": kind, "wall": wall, "offset": offset, "width": width, "height": height, "sill": sill}


def layout_v2(objects: Sequence[dict[str, Any]], *, bounds: tuple[Vec, Vec] = ((-3, -3, 0), (3, 3, 3)),
              openings: Sequence[dict[str, Any]] = (), kind: str = "indoor", floor: dict[str, Any] | None = None,
              walls: dict[str, Any] | None = None) -> dict[str, Any]:
    """A ``setdresser.layout/2`` document with a room (openings, floor and wall finishes)."""
    out = layout(objects, bounds=bounds)
    out["schema"] = "setdresser.layout/2"
    out["room"] = {"kind": kind, "height": bounds[1][2] - bounds[0][2], "shape": "rect", "openings": list(openings),
                   "floor": floor or {"color": None, "material": None, "words": []},
                   "walls": walls or {"color": None, "material": None, "words": []}}
    return out
