"""far_from(a, b): the two boxes keep their distance."""

from __future__ import annotations

from typing import Any, Mapping


from .. import geometry as geo
from .. import moves
from ..base import Param, Placement, Poses, RelationSpec
from ..relation_math import METRES
from ..terms import Term, from_terms, pick

SPEC = RelationSpec(
    name="far_from", min_args=2, max_args=2, arg_names=("a", "b"),
    params=(Param("min_distance", "float", 2.0, "least XY gap (m) between the boxes", minimum=0.0),),
    description="a is far from b: the XY gap between their boxes is at least min_distance (m, default 2).",
    unordered=(0, None),  # the order of the objects says nothing
)
PLACEMENT = Placement(moves=moves.far_from, wall_preference="opposite")


def _terms(poses: Poses, idx: tuple[int, ...], params: Mapping[str, Any]) -> list[Term]:
    gap = geo.xy_gap(*pick(poses, idx[0]), *pick(poses, idx[1]))
    return [Term(float(params["min_distance"]) - gap, METRES)]


score, check = from_terms(
    _terms,
    score_doc='[B] in [0, 1]: 1 once the gap reaches min_distance, lower the closer they are.',
    check_doc='[B] bool: XY gap >= min_distance.')
