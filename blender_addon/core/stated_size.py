"""Sizes the text states for an object ("a shelf 2 m long", "a 160 cm wide bed", "a rug 3 by
2 metres", "a desk 1.8 m wide and 80 cm deep"): which of the model's footprint sides each
measure sets. Pure Python; the planner writes them as an asset's ``size`` (docs/contracts.md).

``size`` maps ``length`` (the longer footprint side), ``width`` (across: the model's X, or the
shorter side when a length is stated for an X-long model), ``depth`` (the model's Y) and
``by`` (two sides, longer first) to metres. Sides the text leaves out keep the model's value.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

SIDES = ("length", "width", "depth")


def with_stated(dims: tuple[float, float, float], size: Mapping[str, Any] | None) -> tuple[float, float, float]:
    """The model's (width, depth, height) with the text's stated footprint sides put in."""
    if not size:
        return dims
    w, d, h = dims
    x_long = w >= d
    if size.get("by"):
        a, b = sorted((float(v) for v in size["by"]), reverse=True)
        w, d = (a, b) if x_long else (b, a)
    if size.get("length"):
        w, d = (float(size["length"]), d) if x_long else (w, float(size["length"]))
    if size.get("width"):
        w, d = (w, float(size["width"])) if size.get("length") and x_long else (float(size["width"]), d)
    if size.get("depth"):
        d = float(size["depth"])
    return round(w, 4), round(d, 4), h


def size_from_dict(raw: object, where: str) -> dict[str, object] | None:
    """A scene graph asset's ``size`` checked: a mapping of known sides to positive metres
    (``by``: two of them); ValueError naming ``where`` otherwise."""
    if raw is None:
        return None
    if not isinstance(raw, Mapping) or not set(raw) <= {*SIDES, "by"}:
        raise ValueError(f"{where}: size must map length/width/depth/by to metres, got {raw!r}")
    out: dict[str, object] = {}
    for key, value in raw.items():
        values = list(value) if key == "by" and isinstance(value, (list, tuple)) else [value]
        if (key == "by" and len(values) != 2) or not all(isinstance(v, (int, float)) and v > 0 for v in values):
            raise ValueError(f"{where}: size {key} must be positive metres, got {value!r}")
        out[key] = [float(v) for v in values] if key == "by" else float(values[0])
    return out
