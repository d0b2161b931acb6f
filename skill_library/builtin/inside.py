"""inside(a, b): a's box lies within b's box (a book inside a shelf); an open container may let a's
top stand ``above_rim`` over its own (a man seated in the bathtub, head and shoulders out)."""

from __future__ import annotations

from typing import Any, Mapping

import numpy as np

from .. import geometry as geo
from .. import moves
from ..base import Param, Placement, Poses, RelationSpec
from ..relation_math import METRES
from ..terms import Term, from_terms, pick, top

SPEC = RelationSpec(
    name="inside", min_args=2, max_args=2, arg_names=("a", "b"), physics="inside",
    params=(Param("tolerance", "float", 0.01, "how far (m) a's box may stick out of b's on any side", minimum=0.0),
            Param("above_rim", "float", 0.0, "how much higher (m) a's top may stand than b's, on top of the "
                  "tolerance (what stands out of an open container: a person seated in a bath)", minimum=0.0)),
    description="a is contained in b: every corner of a's box inside b's box (within tolerance, default 1 cm), "
                "its top at most above_rim (m, default 0) higher.",
    version=3,  # v3: above_rim (v2: the tolerance is a parameter; v1: fixed 1 cm)
)
PLACEMENT = Placement(moves=moves.on_anchor)

# The offline coder's words for this relation (setdresser.relation_phrases/1, skill_library/phrases.py):
# each phrase -> [kind, {params}]; the kind stands for this relation in the coder's tables listed.
PHRASES = {
    "schema": "setdresser.relation_phrases/1",
    "kinds": {"in": ["negated"]},
    "phrases": {
        "inside": ["in"],
        "inside of": ["in"],
        "in": ["in"],
        "within": ["in"],
        "into": ["in"],
        # a place words set a scene in (issue 14: "deep in the jungle", "on the outskirts of town")
        "through": ["in"],
        "all through": ["in"],
        "deep in": ["in"],
        "deep inside": ["in"],
        "deep within": ["in"],
        "at the edge of": ["in"],
        "on the edge of": ["in"],
        "on the outskirts of": ["in"],
        "in the heart of": ["in"],
        "at the heart of": ["in"],
    },
}

TOLERANCE = 0.01  # §5: ±1 cm


def _terms(poses: Poses, idx: tuple[int, ...], params: Mapping[str, Any]) -> list[Term]:
    pos_a, yaw_a, size_a = pick(poses, idx[0])
    pos_b, yaw_b, size_b = pick(poses, idx[1])
    corners = geo.to_local(geo.footprint_corners(pos_a, yaw_a, size_a), pos_b[:, None], yaw_b[:, None])
    xy_excess = (np.abs(corners) - 0.5 * size_b[:, None, :2]).max(axis=(1, 2))
    rim = float(params.get("above_rim", 0.0))
    z_excess = np.maximum(pos_b[:, 2] - pos_a[:, 2], top(pos_a, size_a) - top(pos_b, size_b) - rim)
    tolerance = float(params.get("tolerance", TOLERANCE))
    return [Term(xy_excess - tolerance, METRES), Term(z_excess - tolerance, METRES)]


score, check = from_terms(
    _terms,
    score_doc='[B] in [0, 1]: 1 when a is inside b, decaying with how far a sticks out.',
    check_doc="[B] bool: a's box inside b's box within tolerance on every side.")
