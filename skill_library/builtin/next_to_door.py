"""next_to_door(a, door): a stands against the door's wall beside the opening, not in it."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

import numpy as np

from .. import moves
from ..base import Param, Placement, Poses, RelationSpec
from ..opening_math import (
    AGAINST,
    LATERAL_TOLERANCE,
    METRES,
    lateral_extent,
    local_corners,
    wall_side_term,
)
from ..terms import Term, check_of, pick, score_of

SPEC = RelationSpec(
    name="next_to_door", min_args=2, max_args=2, arg_names=("a", "door"),
    params=(Param("max_distance", "float", 1.0, "largest gap between a and the door's edge (m)", minimum=0.0),
            Param("max_gap", "float", AGAINST, "largest distance (m) between a and the door's wall", minimum=0.0)),
    description="a stands beside a door (an opening id such as door_1): against the door's wall (within "
                "max_gap, default 5 cm), beside the opening and not in front of it, at most max_distance from "
                "its edge.",
    version=2,  # v2: the gap to the wall is a parameter (v1: fixed 5 cm)
)
PLACEMENT = Placement(moves=moves.beside((1.0, 0.0)), anchored=True)  # beside the opening


def _terms(poses: Poses, idx: tuple[int, ...], params: Mapping[str, Any]) -> list[Term]:
    pos_a, yaw_a, size_a = pick(poses, idx[0])
    pos_d, yaw_d, size_d = pick(poses, idx[1])
    corners = local_corners(pos_a, yaw_a, size_a, pos_d, yaw_d)
    lo, hi = lateral_extent(corners)
    half = 0.5 * size_d[:, 0]
    gap = np.maximum(lo - half, -half - hi)  # < 0: a overlaps the opening's width
    return [wall_side_term(corners, size_d, float(params.get("max_gap", AGAINST))),
            Term(-gap - LATERAL_TOLERANCE, METRES),
            Term(gap - float(params["max_distance"]), METRES)]


def score(poses: Poses, idx: tuple[int, ...], params: Mapping[str, Any]) -> np.ndarray:
    """[B] in [0, 1]: 1 when a stands beside the door."""
    return score_of(_terms(poses, idx, params))


def check(poses: Poses, idx: tuple[int, ...], params: Mapping[str, Any]) -> np.ndarray:
    """[B] bool: against the wall, beside the opening, gap <= max_distance."""
    return check_of(_terms(poses, idx, params))
