"""Shared helpers of the fidelity-check tests: judge one check spec on hand-built objects."""

from __future__ import annotations

import math
from typing import Any

from setdresser.tests.benchmark.fidelity.scene import view
from setdresser.tests.benchmark.fidelity.scoring import KINDS
from setdresser.tests.benchmark.layouts import layout, layout_v2

PI, HALF = math.pi, math.pi / 2
CHAIR, DESK, TABLE = (0.5, 0.5, 0.9), (1.6, 0.8, 0.75), (1.2, 0.8, 0.75)
BED, SOFA, LAMP = (1.6, 2.1, 0.6), (2.0, 0.9, 0.85), (0.3, 0.3, 1.6)
NORTH, SOUTH, EAST, WEST = PI, 0.0, HALF, -HALF   # yaw that makes an object face that way


def judge(spec: dict[str, Any], objects: list[dict[str, Any]], *, v2: dict[str, Any] | None = None,
          report: dict[str, Any] | None = None, setting: str = "indoor") -> tuple[bool, str]:
    """Run one check over a v1 layout of the objects (v2 with a room when ``v2`` is given)."""
    doc = layout_v2(objects, **v2) if v2 is not None else layout(objects)
    ok, detail = KINDS[spec["kind"]][0](view(doc, report, setting=setting), spec)
    return bool(ok), detail
