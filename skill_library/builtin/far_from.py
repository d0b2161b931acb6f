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

# The offline coder's words for this relation (setdresser.relation_phrases/1, skill_library/phrases.py):
# each phrase -> [kind, {params}]; the kind stands for this relation in the coder's tables listed.
PHRASES = {
    "schema": "setdresser.relation_phrases/1",
    "kinds": {"far": ["directional"]},
    "phrases": {
        "far from": ["far"],
        "far away from": ["far"],
        "away from": ["far"],
        "apart from": ["far"],
        # everyday idioms of distance and negated nearness (issue 14)
        "as far as possible from": ["far", {"min_distance": 3.0}],
        "as far away as possible from": ["far", {"min_distance": 3.0}],
        "as far away from": ["far", {"min_distance": 3.0}],
        "as far from": ["far", {"min_distance": 3.0}],
        "a long way from": ["far", {"min_distance": 3.0}],
        "a long way away from": ["far", {"min_distance": 3.0}],
        "a good distance from": ["far"],
        "a fair distance from": ["far"],
        "some distance from": ["far", {"min_distance": 1.5}],
        "some way from": ["far", {"min_distance": 1.5}],
        "at a distance from": ["far", {"min_distance": 1.5}],
        "distant from": ["far"],
        "nowhere near": ["far"],
        "not near": ["far", {"min_distance": 1.5}],
        "not close to": ["far", {"min_distance": 1.5}],
        "not next to": ["far", {"min_distance": 1.0}],
        "at the other end of the room from": ["far", {"min_distance": 3.0}],
        "at the opposite end of the room from": ["far", {"min_distance": 3.0}],
        "at the far end of the room from": ["far", {"min_distance": 3.0}],
        "on the other side of the room from": ["far", {"min_distance": 3.0}],
        "on the opposite side of the room from": ["far", {"min_distance": 3.0}],
        "on the far side of the room from": ["far", {"min_distance": 3.0}],
    },
}


def _terms(poses: Poses, idx: tuple[int, ...], params: Mapping[str, Any]) -> list[Term]:
    gap = geo.xy_gap(*pick(poses, idx[0]), *pick(poses, idx[1]))
    return [Term(float(params["min_distance"]) - gap, METRES)]


score, check = from_terms(
    _terms,
    score_doc='[B] in [0, 1]: 1 once the gap reaches min_distance, lower the closer they are.',
    check_doc='[B] bool: XY gap >= min_distance.')
