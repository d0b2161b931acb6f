"""facing(a, b): a's front points at b."""

from __future__ import annotations

from typing import Any, Mapping

import numpy as np

from .. import moves
from ..base import Param, Placement, Poses, RelationSpec
from ..relation_math import RADIANS, facing_violation
from ..terms import Term, from_terms, pick

SPEC = RelationSpec(
    name="facing", min_args=2, max_args=2, arg_names=("a", "b"),
    params=(Param("tolerance_deg", "float", 30.0, "largest angle (deg) between a's front and the "
                  "direction to b", minimum=0.0, maximum=180.0),),
    description="a faces b: the angle between a's front and the direction from a's centre to b's "
                "is at most tolerance_deg (default 30).",
)
PLACEMENT = Placement(moves=moves.facing, anchored=True, faces=True, wall_preference="opposite")


def _terms(poses: Poses, idx: tuple[int, ...], params: Mapping[str, Any]) -> list[Term]:
    pos_a, yaw_a, _ = pick(poses, idx[0])
    pos_b = pick(poses, idx[1])[0]
    tolerance = np.deg2rad(float(params["tolerance_deg"]))
    return [Term(facing_violation(pos_a, yaw_a, pos_b[:, :2], tolerance), RADIANS)]


score, check = from_terms(
    _terms,
    score_doc='[B] in [0, 1]: 1 within the tolerance, decaying with the extra angle.',
    check_doc='[B] bool: angle(front(a), b - a) <= tolerance_deg.')
