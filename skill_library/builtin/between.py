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
                  minimum=0.0),
            Param("end_margin", "float", 0.1, "the part of segment b-c at each end, as a fraction of its length, "
                  "where a's centre may not project", minimum=0.0, maximum=0.45)),
    description="a is between b and c: a's centre within tolerance (m, default 0.5) of the segment "
                "joining b's and c's centres, projecting inside its middle (end_margin at each end, default "
                "0.1: the middle 80%).",
    version=3,  # v3: the end margin is a parameter (v2: fixed 0.1); v2: how a revision restates it
    unordered=(1, None),  # the two ends in either order
)
PLACEMENT = Placement(moves=moves.between, anchored=True, spans=True)

FRACTION = 0.2  # decay scale of the projection term, in fractions of the segment


def _terms(poses: Poses, idx: tuple[int, ...], params: Mapping[str, Any]) -> list[Term]:
    pa, pb, pc = (pick(poses, i)[0][:, :2] for i in idx)
    seg = pc - pb
    length2 = np.sum(seg * seg, axis=-1)
    t = np.sum((pa - pb) * seg, axis=-1) / np.maximum(length2, 1e-12)
    closest = pb + np.clip(t, 0.0, 1.0)[:, None] * seg
    dist = np.linalg.norm(pa - closest, axis=-1)
    end = float(params.get("end_margin", 0.1))
    return [Term(dist - float(params["tolerance"]), METRES),
            Term(np.maximum(end - t, t - (1.0 - end)), FRACTION)]


score, check = from_terms(
    _terms,
    score_doc="[B] in [0, 1]: 1 when a is between, decaying with the distance off the segment's middle.",
    check_doc='[B] bool: distance to segment <= tolerance and projection in [end_margin, 1 - end_margin].')
