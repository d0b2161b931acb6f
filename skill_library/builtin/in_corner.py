"""in_corner(a): a stands in a corner of the room bounds."""

from __future__ import annotations

from typing import Any, Mapping

import numpy as np

from .. import moves
from ..base import Param, Placement, Poses, RelationSpec
from ..relation_math import WALL_TOLERANCE, near_wall_term, wall_distances
from ..terms import Term, check_of, no_bounds, score_of

CORNERS = {"ne": ("north", "east"), "nw": ("north", "west"), "se": ("south", "east"), "sw": ("south", "west")}

SPEC = RelationSpec(
    name="in_corner", min_args=1, max_args=1, arg_names=("a",), frame_free=False,
    params=(Param("corner", "str", "any", "which corner (ne = north-east = max X, max Y)",
                  choices=("any",) + tuple(CORNERS)),
            Param("max_gap", "float", WALL_TOLERANCE, "largest distance (m) between a's box and each of the "
                  "two walls", minimum=0.0)),
    description="a stands in a corner of the room bounds: its box within max_gap (m, default 0.05) of both "
                "sides; corner 'any' (default), 'ne', 'nw', 'se', 'sw'.",
    version=2,  # v2: the gap is a parameter (v1: fixed 5 cm)
)
PLACEMENT = Placement(moves=moves.in_corner, boundary="corner", boundary_param="corner")


def _corner_terms(poses: Poses, idx: tuple[int, ...], params: Mapping[str, Any]) -> dict[str, list[Term]]:
    dist = wall_distances(poses, idx[0])
    gap = float(params.get("max_gap", WALL_TOLERANCE))
    return {c: [near_wall_term(dist[w1][0], gap), near_wall_term(dist[w2][0], gap)] for c, (w1, w2) in CORNERS.items()}


def score(poses: Poses, idx: tuple[int, ...], params: Mapping[str, Any]) -> np.ndarray:
    """[B] in [0, 1]: that corner's score ('any': the best corner's); 0-ish without bounds."""
    if poses.bounds_min is None:
        return score_of([no_bounds(poses)])
    per_corner = _corner_terms(poses, idx, params)
    corners = tuple(CORNERS) if params["corner"] == "any" else (params["corner"],)
    return np.max([score_of(per_corner[c]) for c in corners], axis=0)


def check(poses: Poses, idx: tuple[int, ...], params: Mapping[str, Any]) -> np.ndarray:
    """[B] bool: within max_gap of both sides of that corner (any corner for 'any')."""
    if poses.bounds_min is None:
        return np.zeros(poses.batch, dtype=bool)
    per_corner = _corner_terms(poses, idx, params)
    corners = tuple(CORNERS) if params["corner"] == "any" else (params["corner"],)
    return np.any([check_of(per_corner[c]) for c in corners], axis=0)
