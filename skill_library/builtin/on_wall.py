"""on_wall(a): a hangs on a wall of the room: back on the wall's inner plane, at a height."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

import numpy as np

from .. import geometry as geo
from .. import moves
from ..base import Param, Placement, Poses, RelationSpec
from ..opening_math import HEIGHT, WALL_CONTACT
from ..relation_math import METRES, RADIANS, WALL_FACING_DEG, back_wall_distances
from ..terms import Term, angle_between, centre_z, check_of, no_bounds, pick, score_of

WALLS = ("north", "south", "east", "west")

SPEC = RelationSpec(
    name="on_wall", min_args=1, max_args=1, arg_names=("a",), frame_free=False,
    params=(Param("wall", "str", "any", "which wall (north = max Y, east = max X)", choices=("any",) + WALLS),
            Param("height", "float", None, "centre height above the floor (m); default: the knowledge "
                  "base's typical mounting height of a's category", minimum=0.0),
            Param("tolerance", "float", 0.15, "allowed centre-height error (m)", minimum=0.0),
            Param("tolerance_deg", "float", WALL_FACING_DEG,
                  "largest angle (deg) between a's front and the wall's inward normal", minimum=0.0, maximum=180.0),
            Param("max_gap", "float", WALL_CONTACT, "largest gap (m) from a's back to the wall", minimum=0.0,
                  maximum=0.5)),
    description="a hangs on a wall (painting, mirror, clock, TV, blackboard): its back flat on that wall, both "
                "ends of its back face within max_gap (default 2 cm) of the wall's inner plane (a thing turned off "
                "the wall is off it), facing into the room (within tolerance_deg, default 30), its "
                "centre at `height` above the floor (within `tolerance`); not over a door or window (the openings' "
                "zones are kept free).",
    version=4,  # v4: both ends of the back face touch the wall (v3: its box did: a TV turned 12 deg hung 0.13 m
    # off at one end); v3: the wall gap is a parameter (fixed 2 cm before); v2: the facing tolerance
    synonyms=("against_wall",),  # a hung object's against_wall is on_wall (mounting)
)
PLACEMENT = Placement(moves=moves.against_wall, boundary="wall", boundary_param="wall")


def _terms(poses: Poses, idx: tuple[int, ...], params: Mapping[str, Any]) -> dict[str, list[Term]]:
    pos, yaw, size = pick(poses, idx[0])
    front = geo.front(yaw)
    facing = np.deg2rad(float(params.get("tolerance_deg", WALL_FACING_DEG)))
    contact = float(params.get("max_gap", WALL_CONTACT))
    common: list[Term] = []
    if params.get("height") is not None:
        assert poses.bounds_min is not None
        error = np.abs(centre_z(pos, size) - (poses.bounds_min[2] + float(params["height"])))
        common.append(Term(error - float(params["tolerance"]), HEIGHT))
    return {wall: [Term(np.abs(dist) - contact, METRES), Term(angle_between(front, normal) - facing, RADIANS),
                   *common]
            for wall, (dist, normal) in back_wall_distances(poses, idx[0]).items()}


def score(poses: Poses, idx: tuple[int, ...], params: Mapping[str, Any]) -> np.ndarray:
    """[B] in [0, 1]: that wall's score ('any': the best wall's); 0-ish without bounds."""
    if poses.bounds_min is None:
        return score_of([no_bounds(poses)])
    per_wall = _terms(poses, idx, params)
    walls = WALLS if params["wall"] == "any" else (params["wall"],)
    return np.max([score_of(per_wall[w]) for w in walls], axis=0)


def check(poses: Poses, idx: tuple[int, ...], params: Mapping[str, Any]) -> np.ndarray:
    """[B] bool: both ends of the back within max_gap of the wall plane, facing in, centre height within tolerance."""
    if poses.bounds_min is None:
        return np.zeros(poses.batch, dtype=bool)
    per_wall = _terms(poses, idx, params)
    walls = WALLS if params["wall"] == "any" else (params["wall"],)
    return np.any([check_of(per_wall[w]) for w in walls], axis=0)
