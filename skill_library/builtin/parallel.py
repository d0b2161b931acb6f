"""parallel(a, b): orientations at 0 degrees (modulo 180)."""

from __future__ import annotations

from typing import Any, Mapping

import numpy as np

from .. import moves
from ..base import Param, Placement, Poses, RelationSpec
from ..relation_math import RADIANS
from ..terms import Term, from_terms, mod_pi_distance, pick

SPEC = RelationSpec(
    name="parallel", min_args=2, max_args=2, arg_names=("a", "b"),
    params=(Param("tolerance_deg", "float", 10.0, "largest angle error (deg)", minimum=0.0, maximum=90.0),),
    description="a and b point the same or opposite way: yaw difference modulo 180 deg within "
                "tolerance_deg (default 10).",
    unordered=(0, None),  # the order of the objects says nothing
)
PLACEMENT = Placement(moves=moves.turned(0.0), quarter_turns=0, wall_preference="shared")

# The offline coder's words for this relation (setdresser.relation_phrases/1, skill_library/phrases.py):
# each phrase -> [kind, {params}]; the kind stands for this relation in the coder's tables listed.
PHRASES = {
    "schema": "setdresser.relation_phrases/1",
    "kinds": {"parallel": ["simple"]},
    "phrases": {
        "parallel to": ["parallel"],
        "parallel with": ["parallel"],
    },
}


def _terms(poses: Poses, idx: tuple[int, ...], params: Mapping[str, Any]) -> list[Term]:
    yaw_a, yaw_b = pick(poses, idx[0])[1], pick(poses, idx[1])[1]
    error = mod_pi_distance(yaw_a - yaw_b)
    return [Term(error - np.deg2rad(float(params["tolerance_deg"])), RADIANS)]


score, check = from_terms(
    _terms,
    score_doc='[B] in [0, 1]: 1 within the tolerance, decaying with the extra angle.',
    check_doc='[B] bool: angle error <= tolerance_deg.')
