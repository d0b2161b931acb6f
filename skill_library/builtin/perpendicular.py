"""perpendicular(a, b): orientations at 90 degrees (modulo 180)."""

from __future__ import annotations

from typing import Any, Mapping

import numpy as np

from .. import moves
from ..base import Param, Placement, Poses, RelationSpec
from ..relation_math import RADIANS
from ..terms import Term, from_terms, mod_pi_distance, pick

SPEC = RelationSpec(
    name="perpendicular", min_args=2, max_args=2, arg_names=("a", "b"),
    params=(Param("tolerance_deg", "float", 10.0, "largest angle error (deg)", minimum=0.0, maximum=90.0),),
    description="a and b are at right angles: yaw difference modulo 180 deg within tolerance_deg (default "
                "10) of 90 deg.",
    unordered=(0, None),  # the order of the objects says nothing
)
PLACEMENT = Placement(moves=moves.turned(np.pi / 2), quarter_turns=1)

# The offline coder's words for this relation (setdresser.relation_phrases/1, skill_library/phrases.py):
# each phrase -> [kind, {params}]; the kind stands for this relation in the coder's tables listed.
PHRASES = {
    "schema": "setdresser.relation_phrases/1",
    "kinds": {"perpendicular": ["simple"]},
    "phrases": {
        "perpendicular to": ["perpendicular"],
        "at right angles to": ["perpendicular"],
        "at a right angle to": ["perpendicular"],
    },
}


def _terms(poses: Poses, idx: tuple[int, ...], params: Mapping[str, Any]) -> list[Term]:
    yaw_a, yaw_b = pick(poses, idx[0])[1], pick(poses, idx[1])[1]
    error = 0.5 * np.pi - mod_pi_distance(yaw_a - yaw_b)
    return [Term(error - np.deg2rad(float(params["tolerance_deg"])), RADIANS)]


score, check = from_terms(
    _terms,
    score_doc='[B] in [0, 1]: 1 within the tolerance, decaying with the extra angle.',
    check_doc='[B] bool: angle error <= tolerance_deg.')
