"""against_wall(a): a stands with its back to a side of the room bounds."""

from __future__ import annotations

from typing import Any, Mapping

import numpy as np

from .. import geometry as geo
from .. import moves
from ..base import Param, Placement, Poses, RelationSpec
from ..relation_math import METRES, RADIANS, WALL_FACING_DEG, WALL_TOLERANCE, near_wall_term, wall_distances
from ..terms import Term, angle_between, check_of, no_bounds, pick, score_of

WALLS = ("north", "south", "east", "west")
BAND = 0.10  # m: the least width of the gap band "a metre out from the wall" (min_gap 1.0) leaves: 1.0-1.1 m

SPEC = RelationSpec(
    name="against_wall", min_args=1, max_args=1, arg_names=("a",), frame_free=False,
    params=(Param("wall", "str", "any", "which side of the bounds (north = max Y, east = max X)",
                  choices=("any",) + WALLS),
            Param("max_gap", "float", WALL_TOLERANCE, "largest distance (m) between a's box and the wall", minimum=0.0),
            Param("min_gap", "float", 0.0, "least gap (m)", minimum=0.0),
            Param("tolerance_deg", "float", WALL_FACING_DEG,
                  "largest angle (deg) between a's front and the wall's inward normal", minimum=0.0, maximum=180.0)),
    description="a stands against a wall of the room bounds: its box min_gap to max_gap (m) from that side and "
                "its front pointing into the room (within tolerance_deg of the wall's inward normal); wall 'any' "
                "(default), 'north', 'south', 'east', 'west'.",
    version=4,  # v4: min_gap, a floor for the gap (v3: the gap and the angle tolerance are parameters;
    # v2: fixed 5 cm, 30 deg; v1: 15 deg)
    synonyms=("on_wall",),  # a hung object's against_wall is on_wall (mounting)
)
PLACEMENT = Placement(moves=moves.against_wall, boundary="wall", boundary_param="wall")


def wall_terms(poses: Poses, idx: tuple[int, ...], params: Mapping[str, Any] | None = None) -> dict[str, list[Term]]:
    """The terms for every wall (``params``: max_gap, tolerance_deg; defaults without); needs bounds."""
    params = params or {}
    front = geo.front(pick(poses, idx[0])[1])
    facing_tolerance = np.deg2rad(float(params.get("tolerance_deg", WALL_FACING_DEG)))
    gap, floor = gap_band(params)
    return {wall: [gap_term(dist, floor, gap), Term(angle_between(front, normal) - facing_tolerance, RADIANS)]
            for wall, (dist, normal) in wall_distances(poses, idx[0]).items()}


def gap_band(params: Mapping[str, Any]) -> tuple[float, float]:
    """(ceiling, floor) of the gap: max_gap, and min_gap with a ceiling at least :data:`BAND` above it."""
    gap, floor = float(params.get("max_gap", WALL_TOLERANCE)), float(params.get("min_gap") or 0.0)
    return (max(gap, floor + BAND) if floor > 0.0 else gap), floor


def gap_term(distance: np.ndarray, floor: float, gap: float) -> Term:
    """The box's gap to a wall within [floor, gap]; with no floor, within ``gap`` either way (out
    of bounds is the physics' business: the v3 term, unchanged)."""
    if floor <= 0.0:
        return near_wall_term(distance, gap)
    return Term(np.maximum(floor - distance, distance - gap), METRES)


def score(poses: Poses, idx: tuple[int, ...], params: Mapping[str, Any]) -> np.ndarray:
    """[B] in [0, 1]: that wall's score ('any': the best wall's); 0-ish without bounds."""
    if poses.bounds_min is None:
        return score_of([no_bounds(poses)])
    per_wall = wall_terms(poses, idx, params)
    walls = WALLS if params["wall"] == "any" else (params["wall"],)
    return np.max([score_of(per_wall[w]) for w in walls], axis=0)


def check(poses: Poses, idx: tuple[int, ...], params: Mapping[str, Any]) -> np.ndarray:
    """[B] bool: within max_gap of that wall (any wall for 'any') and facing into the room (tolerance_deg)."""
    if poses.bounds_min is None:
        return np.zeros(poses.batch, dtype=bool)
    per_wall = wall_terms(poses, idx, params)
    walls = WALLS if params["wall"] == "any" else (params["wall"],)
    return np.any([check_of(per_wall[w]) for w in walls], axis=0)
