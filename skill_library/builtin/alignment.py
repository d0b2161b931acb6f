"""alignment(objs...): the objects share one world coordinate (their boxes line up)."""

from __future__ import annotations

from typing import Any, Mapping

import numpy as np

from .. import geometry as geo
from .. import moves
from ..base import Param, Placement, Poses, RelationSpec
from ..relation_math import METRES
from ..terms import Term, from_terms, pick_many

SPEC = RelationSpec(
    name="alignment", min_args=2, max_args=None, arg_names=("objs...",), frame_free=False,
    params=(Param("axis", "str", "x", "world coordinate that must be equal", choices=("x", "y")),
            Param("anchor", "str", "center", "which part of the boxes lines up",
                  choices=("center", "min", "max")),
            Param("tolerance", "float", 0.05, "largest spread (m) of the coordinate (max - min)", minimum=0.0)),
    description="the objects line up: the world axis coordinate (axis 'x' or 'y', default 'x') of their "
                "box centres (anchor 'center', default) or min/max edges is equal within tolerance (m, "
                "default 0.05).",
    version=2,  # v2: the tolerance is a parameter (v1: fixed 5 cm)
    unordered=(0, None),  # the order of the objects says nothing
)
PLACEMENT = Placement(moves=moves.aligned, moves_together=True, wall_preference="shared")

TOLERANCE = 0.05  # §5: equal within 5 cm (max - min)


def _terms(poses: Poses, idx: tuple[int, ...], params: Mapping[str, Any]) -> list[Term]:
    lo, hi = geo.world_aabb(*pick_many(poses, idx))
    k = 0 if params["axis"] == "x" else 1
    anchor = params["anchor"]
    coord = lo[..., k] if anchor == "min" else hi[..., k] if anchor == "max" else 0.5 * (lo[..., k] + hi[..., k])
    mid = 0.5 * (coord.max(axis=1) + coord.min(axis=1))
    # max |c - mid| = (max - min) / 2, so this member-wise form is exactly "range <= tolerance"
    return [Term(np.abs(coord - mid[:, None]) - 0.5 * float(params.get("tolerance", TOLERANCE)), METRES)]


score, check = from_terms(
    _terms,
    score_doc="[B] in [0, 1]: 1 when aligned, decaying with each member's offset from the common line.",
    check_doc='[B] bool: max - min of the coordinate <= tolerance (5 cm by default).')
