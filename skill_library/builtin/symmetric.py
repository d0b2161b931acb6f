"""symmetric(a, b, c): a and b are mirror images across a plane through c."""

from __future__ import annotations

from typing import Any, Mapping

import numpy as np

from .. import geometry as geo
from .. import moves
from ..base import Param, Placement, Poses, RelationSpec
from ..relation_math import METRES, RADIANS
from ..terms import Term, from_terms, pick

POSITION_TOLERANCE = 0.10  # §5: position within 10 cm (the default)

SPEC = RelationSpec(
    name="symmetric", min_args=3, max_args=3, arg_names=("a", "b", "c"),
    params=(Param("axis", "str", "x", "c's local axis normal to the mirror plane", choices=("x", "y")),
            Param("tolerance", "float", POSITION_TOLERANCE, "largest distance (m) between b and a's mirror image",
                  minimum=0.0),
            Param("tolerance_deg", "float", 15.0, "largest angle (deg) between b's yaw and a's mirrored yaw",
                  minimum=0.0, maximum=180.0)),
    description="a and b mirror each other across the vertical plane through c's centre normal to c's "
                "local axis ('x' default: left/right of c): positions within tolerance (m, default 0.1), yaws "
                "mirrored within tolerance_deg (default 15).",
    version=3,  # v3: both tolerances are parameters (v2: fixed 10 cm, 15 deg); v2: how a revision restates it
    unordered=(0, 2),  # the mirrored pair in either order
)
PLACEMENT = Placement(moves=moves.mirrored, anchored=True, moves_together=True)


def _terms(poses: Poses, idx: tuple[int, ...], params: Mapping[str, Any]) -> list[Term]:
    pos_a, yaw_a, _ = pick(poses, idx[0])
    pos_b, yaw_b, _ = pick(poses, idx[1])
    pos_c, yaw_c, _ = pick(poses, idx[2])
    normal_angle = yaw_c if params["axis"] == "x" else yaw_c + 0.5 * np.pi
    normal = np.stack([np.cos(normal_angle), np.sin(normal_angle)], axis=-1)
    centre_c = pos_c[:, :2]
    offset = np.sum((pos_a[:, :2] - centre_c) * normal, axis=-1)
    mirrored_xy = pos_a[:, :2] - 2.0 * offset[:, None] * normal
    mirrored = np.concatenate([mirrored_xy, pos_a[:, 2:3]], axis=-1)
    # reflecting across a plane with normal angle phi maps a heading yaw to 2*phi - yaw
    yaw_error = np.abs(geo.wrap_angle(yaw_b - (2.0 * normal_angle - yaw_a)))
    tolerance = float(params.get("tolerance", POSITION_TOLERANCE))
    yaw_tolerance = np.deg2rad(float(params.get("tolerance_deg", 15.0)))
    return [Term(np.linalg.norm(mirrored - pos_b, axis=-1) - tolerance, METRES),
            Term(yaw_error - yaw_tolerance, RADIANS)]


score, check = from_terms(
    _terms,
    score_doc='[B] in [0, 1]: 1 when mirrored, decaying with position and yaw mismatch.',
    check_doc="[B] bool: mirror of a within tolerance of b and b's yaw within tolerance_deg of a's mirrored yaw.")
