"""facing_door(a, door): a's front points at the door."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

import numpy as np

from .. import moves
from ..base import Param, Placement, Poses, RelationSpec
from ..opening_math import opening_centre_xy
from ..relation_math import RADIANS, facing_violation
from ..terms import Term, check_of, pick, score_of

SPEC = RelationSpec(
    name="facing_door", min_args=2, max_args=2, arg_names=("a", "door"),
    params=(Param("tolerance_deg", "float", 30.0, "allowed angle (deg)", minimum=0.0, maximum=180.0),),
    description="a faces a door or window (an opening id): a's front points at the opening's centre on its "
                "wall within tolerance_deg.",
)
PLACEMENT = Placement(moves=moves.facing, anchored=True, faces=True)


def _terms(poses: Poses, idx: tuple[int, ...], params: Mapping[str, Any]) -> list[Term]:
    pos_a, yaw_a, _ = pick(poses, idx[0])
    target = opening_centre_xy(*pick(poses, idx[1]))
    return [Term(facing_violation(pos_a, yaw_a, target, np.deg2rad(float(params["tolerance_deg"]))), RADIANS)]


def score(poses: Poses, idx: tuple[int, ...], params: Mapping[str, Any]) -> np.ndarray:
    """[B] in [0, 1]: 1 when a's front points at the door."""
    return score_of(_terms(poses, idx, params))


def check(poses: Poses, idx: tuple[int, ...], params: Mapping[str, Any]) -> np.ndarray:
    """[B] bool: the angle to the door's centre is within the tolerance."""
    return check_of(_terms(poses, idx, params))
