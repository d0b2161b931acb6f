"""facing_direction(a): a's front points toward a compass direction or the room's centre."""

from __future__ import annotations

from typing import Any, Mapping

import numpy as np

from ..base import Param, Poses, RelationSpec
from ..relation_math import RADIANS, facing_violation
from ..terms import Term, check_of, no_bounds, pick, score_of

DIRECTIONS = ("north", "south", "east", "west", "center")
COMPASS = {"north": (0.0, 1.0), "south": (0.0, -1.0), "east": (1.0, 0.0), "west": (-1.0, 0.0)}

SPEC = RelationSpec(
    name="facing_direction", min_args=1, max_args=1, arg_names=("a",), frame_free=False,
    params=(Param("direction", "str", "center", "where a's front points: a compass direction "
                  "(north = +Y, east = +X) or the centre of the room", choices=DIRECTIONS),
            Param("tolerance_deg", "float", 30.0, "largest angle (deg) between a's front and that "
                  "direction", minimum=0.0, maximum=180.0)),
    description="a faces a direction ('facing south') or the middle of the room ('angled toward the "
                "centre'): the angle between a's front and the direction (for 'center', the direction "
                "from a's centre to the room's) is at most tolerance_deg (default 30).",
)


def _terms(poses: Poses, idx: tuple[int, ...], params: Mapping[str, Any]) -> list[Term]:
    pos_a, yaw_a, _ = pick(poses, idx[0])
    tolerance = np.deg2rad(float(params["tolerance_deg"]))
    direction = str(params["direction"])
    if direction == "center":
        if poses.bounds_min is None or poses.bounds_max is None:
            return [no_bounds(poses)]
        target = np.broadcast_to(0.5 * (poses.bounds_min[:2] + poses.bounds_max[:2]), pos_a[:, :2].shape)
    else:
        target = pos_a[:, :2] + np.asarray(COMPASS[direction])
    return [Term(facing_violation(pos_a, yaw_a, target, tolerance), RADIANS)]


def score(poses: Poses, idx: tuple[int, ...], params: Mapping[str, Any]) -> np.ndarray:
    """[B] in [0, 1]: 1 within the tolerance, decaying with the extra angle."""
    return score_of(_terms(poses, idx, params))


def check(poses: Poses, idx: tuple[int, ...], params: Mapping[str, Any]) -> np.ndarray:
    """[B] bool: angle(front(a), direction) <= tolerance_deg."""
    return check_of(_terms(poses, idx, params))
