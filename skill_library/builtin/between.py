"""between(a, b, c): a stands between b and c."""

from __future__ import annotations

from typing import Any, Mapping

import numpy as np

from .. import moves
from ..base import Param, Placement, Poses, RelationSpec
from ..relation_math import METRES
from ..terms import Term, from_terms, pick

SPEC = RelationSpec(
    name="between", min_args=3, max_args=3, arg_names=("a", "b", "c"),
    params=(Param("tolerance", "float", 0.5, "largest XY distance (m) from a's centre to segment b-c",
                  minimum=0.0),),
    description="a is between b and c: a's centre within tolerance (m, default 0.5) of the segment "
                "joining b's and c's centres, projecting inside its middle 80%.",
    version=2,  # v2: how a revision restates it (core/revision.py)
    unordered=(1, None),  # the two ends in either order
)
PLACEMENT = Placement(moves=moves.between, anchored=True)

FRACTION = 0.2  # decay scale of the projection term, in fractions of the segment


def _terms(poses: Poses, idx: tuple[int, ...], params: Mapping[str, Any]) -> list[Term]:
    pa, pb, pc = (pick(poses, i)[0][:, :2] for i in idx)
    seg = pc - pb
    length2 = np.sum(seg * seg, axis=-1)
    t = np.sum((pa - pb) * seg, axis=-1) / np.maximum(length2, 1e-12)
    closest = pb + np.clip(t, 0.0, 1.0)[:, None] * seg
    dist = np.linalg.norm(pa - closest, axis=-1)
    return [Term(dist - float(params["tolerance"]), METRES),
            Term(np.maximum(0.1 - t, t - 0.9), FRACTION)]


score, check = from_terms(
    _terms,
    score_doc="[B] in [0, 1]: 1 when a is between, decaying with the distance off the segment's middle.",
    check_doc='[B] bool: distance to segment <= tolerance and projection in [0.1, 0.9].')
