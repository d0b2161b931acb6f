"""symmetric(a, b, c): a and b are mirror images across a plane through c."""

from __future__ import annotations

from typing import Any, Mapping

import numpy as np

from .. import geometry as geo
from .. import moves
from ..base import Param, Placement, Poses, RelationSpec
from ..relation_math import METRES, RADIANS
from ..terms import Term, from_terms, pick

SPEC = RelationSpec(
    name="symmetric", min_args=3, max_args=3, arg_names=("a", "b", "c"),
    params=(Param("axis", "str", "x", "c's local axis normal to the mirror plane", choices=("x", "y")),),
    description="a and b mirror each other across the vertical plane through c's centre normal to c's "
                "local axis ('x' default: left/right of c): positions within 10 cm, yaws mirrored (15 deg).",
    version=2,  # v2: how a revision restates it (core/revision.py)
    unordered=(0, 2),  # the mirrored pair in either order
)
PLACEMENT = Placement(moves=moves.mirrored, anchored=True, moves_together=True)

POSITION_TOLERANCE = 0.10  # §5: position within 10 cm
YAW_TOLERANCE = np.deg2rad(15.0)  # "yaw mirrored": not given in §5; 15 deg


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
    return [Term(np.linalg.norm(mirrored - pos_b, axis=-1) - POSITION_TOLERANCE, METRES),
            Term(yaw_error - YAW_TOLERANCE, RADIANS)]


score, check = from_terms(
    _terms,
    score_doc='[B] in [0, 1]: 1 when mirrored, decaying with position and yaw mismatch.',
    check_doc="[B] bool: mirror of a within 10 cm of b and b's yaw within 15 deg of a's mirrored yaw.")
