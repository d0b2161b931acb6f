"""around(objs..., center): the objects ring the last argument, evenly, in the order listed."""

from __future__ import annotations

from typing import Any, Mapping

import numpy as np

from .. import moves
from ..base import Param, Placement, Poses, RelationSpec
from ..relation_math import METRES, RADIANS, facing_violation
from ..ring_math import arc_step, arc_step_error, closed
from ..terms import Term, from_terms, pick, pick_many

SPEC = RelationSpec(
    name="around", min_args=3, max_args=None, arg_names=("objs...", "center"),
    params=(Param("radius", "float", None, "centre distance (m); free when omitted", minimum=0.0),
            Param("arc_deg", "float", 360.0, "the angle (deg) the objects span round the center: 360 all round, "
                  "180 a semicircle on one side", minimum=60.0, maximum=360.0),
            Param("facing", "bool", True, "each object faces the center"),
            Param("radius_tolerance", "float", 0.10, "largest difference of a distance from the radius, as a "
                  "fraction of it", minimum=0.0, maximum=1.0),
            Param("gap_tolerance_deg", "float", 15.0, "largest error (deg) of an angular gap from 360/n",
                  minimum=0.0, maximum=180.0),
            Param("tolerance_deg", "float", 30.0, "largest angle (deg) between a member's front and the "
                  "direction to the center", minimum=0.0, maximum=180.0)),
    description="the objects (all args but the last) ring the last one in the order listed: equal "
                "distance to it (within radius_tolerance, default 10%; = radius in m when given), equal "
                "angular gaps (360/n, or arc_deg/(n-1) for an arc of arc_deg < 360; within gap_tolerance_deg, "
                "default 15), each facing it (within tolerance_deg, "
                "default 30) when facing is true (default).",
    version=3,  # v3: arc_deg (a semicircle round the center); v2: the three tolerances are parameters
)
PLACEMENT = Placement(moves=moves.around_slot, group="ring", moves_together=True)

RADIUS_TOLERANCE = 0.10  # §5: ±10%


def validate(params: Mapping[str, Any], n_args: int) -> str | None:
    """A given radius must be positive."""
    radius = params.get("radius")
    return None if radius is None or radius > 0 else f"radius must be > 0, got {radius}"


def _angular_gap_error(angles: np.ndarray) -> np.ndarray:
    """|gap - 2pi/n| per consecutive pair (wrapping), for the better of both turning directions, [B, M]."""
    n = angles.shape[1]
    gaps = np.diff(np.concatenate([angles, angles[:, :1]], axis=1), axis=1) % (2.0 * np.pi)
    ideal = 2.0 * np.pi / n
    ccw = np.abs(gaps - ideal)
    cw = np.abs((2.0 * np.pi - gaps) % (2.0 * np.pi) - ideal)
    use_cw = cw.sum(axis=1) < ccw.sum(axis=1)
    return np.where(use_cw[:, None], cw, ccw)


def _gap_error(angles: np.ndarray, params: Mapping[str, Any]) -> np.ndarray:
    """The angular step errors: even all round, or along an arc of ``arc_deg``."""
    if closed(params):
        return _angular_gap_error(angles)
    return arc_step_error(angles, arc_step(params, angles.shape[1]), wrap=False)


def _terms(poses: Poses, idx: tuple[int, ...], params: Mapping[str, Any]) -> list[Term]:
    pos, yaw, _ = pick_many(poses, idx[:-1])
    centre = pick(poses, idx[-1])[0][:, None, :2]
    offset = pos[..., :2] - centre
    dist = np.linalg.norm(offset, axis=-1)
    radius = params.get("radius")
    target = np.full(dist.shape[0], float(radius)) if radius is not None else dist.mean(axis=1)
    angles = np.arctan2(offset[..., 1], offset[..., 0])
    spread = float(params.get("radius_tolerance", RADIUS_TOLERANCE))
    gap = np.deg2rad(float(params.get("gap_tolerance_deg", 15.0)))
    terms = [Term(np.abs(dist - target[:, None]) - spread * target[:, None], METRES),
             Term(_gap_error(angles, params) - gap, RADIANS),
             Term(0.01 - target, METRES)]
    if params.get("facing", True):
        facing = np.deg2rad(float(params.get("tolerance_deg", 30.0)))
        terms.append(Term(facing_violation(pos, yaw, np.broadcast_to(centre, offset.shape), facing), RADIANS))
    return terms


score, check = from_terms(
    _terms,
    score_doc='[B] in [0, 1]: 1 for an even ring facing the center, decaying with each deviation.',
    check_doc='[B] bool: radii within radius_tolerance, angular gaps within gap_tolerance_deg of 360/n, '
              'facing within tolerance_deg.')
