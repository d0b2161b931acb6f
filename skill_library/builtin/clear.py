"""clear(zone, objs...): nothing stands in the zone in front of a door or window."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

import numpy as np

from .. import geometry as geo
from ..base import Param, Placement, Poses, RelationSpec
from ..opening_math import METRES, zone_pose
from ..terms import Term, check_of, pick, pick_many, score_of

SPEC = RelationSpec(
    name="clear", min_args=1, max_args=None, arg_names=("zone", "objs..."),
    params=(Param("depth", "float", None, "depth of the zone in front of the opening (m); default: the "
                  "opening's clearance (a door) or 0.05 (a window)", minimum=0.0),),
    description="the zone in front of a door or window (an opening id) stays free: none of objs (default: "
                "every object standing on the floor or hung on a wall) overlaps the opening's width x depth "
                "in front of it.",
    unordered=(1, None),  # the objects kept out, in any order
)
PLACEMENT = Placement()  # only scores: the zone is fixed, its members move for other reasons


def _terms(poses: Poses, idx: tuple[int, ...], params: Mapping[str, Any]) -> list[Term]:
    if len(idx) < 2:
        return [Term(np.zeros(poses.batch) - 1.0, METRES)]
    depth = params.get("depth")
    pos_o, zone_yaw, size_o = pick(poses, idx[0])
    zone_pos, zone_size = zone_pose(pos_o, zone_yaw, size_o, float(depth) if depth is not None else None)
    pos, yaw, size = pick_many(poses, idx[1:])
    overlap = geo.footprint_overlap_area(pos, yaw, size, zone_pos[:, None], zone_yaw[:, None], zone_size[:, None])
    return [Term(np.sqrt(np.maximum(overlap, 0.0)) - 0.01, METRES)]


def score(poses: Poses, idx: tuple[int, ...], params: Mapping[str, Any]) -> np.ndarray:
    """[B] in [0, 1]: 1 when no member overlaps the zone."""
    return score_of(_terms(poses, idx, params))


def check(poses: Poses, idx: tuple[int, ...], params: Mapping[str, Any]) -> np.ndarray:
    """[B] bool: every member's footprint overlaps the zone by less than 1 cm x 1 cm."""
    return check_of(_terms(poses, idx, params))
