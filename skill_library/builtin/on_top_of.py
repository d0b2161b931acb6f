"""on_top_of(a, b): a rests on b's top face, or on one of b's named surfaces (a shelf, a seat)."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

import numpy as np

from .. import moves
from ..base import Param, Placement, Poses, RelationSpec
from ..relation_math import support_terms
from ..terms import Term, from_terms, pick

SPEC = RelationSpec(
    name="on_top_of", min_args=2, max_args=2, arg_names=("a", "b"), physics="support",
    params=(Param("surface", "str", None, "which named surface of b: top, shelf_1..N, seat, mattress, "
                  "counter_top (b's surfaces come from the object knowledge base); default: b's usual "
                  "one (a sofa's seat, a bed's mattress, else the top)"),
            Param("level", "float", None, "the surface's height as a fraction of b's height; filled in from "
                  "b's named surfaces before solving (None: b's top)", minimum=0.0)),
    description="a rests on b: a's bottom within 2 cm of b's top (or of the named surface's height, e.g. "
                "surface='shelf_2' or 'seat') and a's centre over b's footprint.",
    version=2,  # v2: named surfaces (issue 13); v1: the top face only
)
PLACEMENT = Placement(moves=moves.on_anchor)


def _terms(poses: Poses, idx: tuple[int, ...], params: Mapping[str, Any]) -> list[Term]:
    pos_a = pick(poses, idx[0])[0]
    pos_b, yaw_b, size_b = pick(poses, idx[1])
    level = params.get("level")
    if level is None or float(level) == 1.0:
        return support_terms(pos_a, pos_b, yaw_b, size_b)
    # the surface as a box top: b's footprint, height at the level
    surface = np.concatenate([size_b[..., :2], size_b[..., 2:3] * float(level)], axis=-1)
    return support_terms(pos_a, pos_b, yaw_b, surface)


score, check = from_terms(
    _terms,
    score_doc="[B] in [0, 1]: 1 when a sits on b's surface, decaying with the height mismatch and overhang.",
    check_doc="[B] bool: bottom within 2 cm of the surface (b's top by default) and centre inside b's footprint.")
