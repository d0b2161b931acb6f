"""under_window(a, window): a stands against the window's wall, below its sill, within its width."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

import numpy as np

from .. import geometry as geo
from .. import moves
from ..base import Param, Placement, Poses, RelationSpec
from ..opening_math import HEIGHT, METRES, local_corners, wall_side_term
from ..relation_math import RADIANS, WALL_FACING_DEG
from ..terms import Term, angle_between, check_of, pick, score_of, top

SPEC = RelationSpec(
    name="under_window", min_args=2, max_args=2, arg_names=("a", "window"),
    params=(Param("max_distance", "float", 0.3, "how far a's wall side may stand from the wall (m)",
                  minimum=0.0),
            Param("tolerance_deg", "float", WALL_FACING_DEG, "largest angle (deg) between a's front and the "
                  "window's (into the room)", minimum=0.0, maximum=180.0)),
    description="a stands under a window (an opening id such as window_1): its wall side within "
                "max_distance of the window's wall, its centre within the window's width, its top below "
                "the sill, facing into the room (within tolerance_deg, default 30).",
    version=2,  # v2: the facing tolerance is a parameter (v1: fixed 30 deg)
)
PLACEMENT = Placement(moves=moves.beside((0.0, -1.0)), anchored=True)  # in front of the window, at its wall


def _terms(poses: Poses, idx: tuple[int, ...], params: Mapping[str, Any]) -> list[Term]:
    pos_a, yaw_a, size_a = pick(poses, idx[0])
    pos_w, yaw_w, size_w = pick(poses, idx[1])
    corners = local_corners(pos_a, yaw_a, size_a, pos_w, yaw_w)
    centre_x = corners[..., 0].mean(axis=-1)
    return [wall_side_term(corners, size_w, float(params["max_distance"])),
            Term(np.abs(centre_x) - 0.5 * size_w[:, 0], METRES),
            Term(top(pos_a, size_a) - pos_w[:, 2], HEIGHT),
            Term(angle_between(geo.front(yaw_a), geo.front(yaw_w))
                 - np.deg2rad(float(params.get("tolerance_deg", WALL_FACING_DEG))), RADIANS)]


def score(poses: Poses, idx: tuple[int, ...], params: Mapping[str, Any]) -> np.ndarray:
    """[B] in [0, 1]: 1 when a stands under the window."""
    return score_of(_terms(poses, idx, params))


def check(poses: Poses, idx: tuple[int, ...], params: Mapping[str, Any]) -> np.ndarray:
    """[B] bool: against the window's wall, within its width, below its sill, facing in."""
    return check_of(_terms(poses, idx, params))
