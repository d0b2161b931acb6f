"""proximity(a, b): the two boxes are near each other (XY gap within a range)."""

from __future__ import annotations

from typing import Any, Mapping


from .. import geometry as geo
from .. import moves
from ..base import Param, Placement, Poses, RelationSpec
from ..relation_math import METRES
from ..terms import Term, from_terms, pick

SPEC = RelationSpec(
    name="proximity", min_args=2, max_args=2, arg_names=("a", "b"),
    params=(Param("min_distance", "float", 0.0, "least XY gap (m) between the boxes", minimum=0.0),
            Param("max_distance", "float", 1.0, "largest XY gap (m) between the boxes", minimum=0.0)),
    description="a is near b: the XY gap between their boxes lies in [min_distance, max_distance] "
                "(m, defaults 0 and 1).",
    unordered=(0, None),  # the order of the objects says nothing
)
PLACEMENT = Placement(moves=moves.proximity, anchored=True, wall_preference="shared")

# The offline coder's words for this relation (setdresser.relation_phrases/1, skill_library/phrases.py):
# each phrase -> [kind, {params}]; the kind stands for this relation in the coder's tables listed.
PHRASES = {
    "schema": "setdresser.relation_phrases/1",
    "kinds": {"near": []},  # the offline coder's own rule writes proximity (small things closer)
    "phrases": {
        "next to": ["near", {"max_distance": 0.5}],
        "beside": ["near", {"max_distance": 0.5}],
        "besides": ["near", {"max_distance": 0.5}],
        "alongside": ["near", {"max_distance": 0.5}],
        "adjacent to": ["near", {"max_distance": 0.3}],
        "right next to": ["near", {"max_distance": 0.3}],
        "right beside": ["near", {"max_distance": 0.3}],
        "close to": ["near", {"max_distance": 0.8}],
        "near": ["near", {"max_distance": 0.8}],
        "near to": ["near", {"max_distance": 0.8}],
        "by": ["near", {"max_distance": 0.5}],
        "not far from": ["near", {"max_distance": 1.5}],
        "within reach of": ["near", {"max_distance": 0.5}],
        "within arms reach of": ["near", {"max_distance": 0.5}],
        "right by": ["near", {"max_distance": 0.3}],
        "just by": ["near", {"max_distance": 0.3}],
        "a few steps from": ["near", {"min_distance": 0.4, "max_distance": 2.0}],
        "a few steps away from": ["near", {"min_distance": 0.4, "max_distance": 2.0}],
        "a short distance from": ["near", {"min_distance": 0.4, "max_distance": 2.0}],
        "a safe distance from": ["near", {"min_distance": 1.5, "max_distance": 3.5}],
        "at a safe distance from": ["near", {"min_distance": 1.5, "max_distance": 3.5}],
        "outside of": ["near", {"min_distance": 1.2, "max_distance": 3.0}],
        # trailing: "a bench nearby" is near what the clause is about; "nearby the lake" has its object
        "nearby": ["near", {"max_distance": 0.8, "implicit": "optional"}],
        "close by": ["near", {"max_distance": 0.8, "implicit": "optional"}],
        "not far away": ["near", {"max_distance": 1.5, "implicit": True}],
        "a few steps away": ["near", {"min_distance": 0.4, "max_distance": 2.0, "implicit": True}],
        # everyday idioms of nearness (issue 14: users' wording beyond the plain prepositions)
        "next door to": ["near", {"max_distance": 0.5}],
        "close beside": ["near", {"max_distance": 0.3}],
        "hard by": ["near", {"max_distance": 0.3}],
        "close up to": ["near", {"max_distance": 0.3}],
        "up close to": ["near", {"max_distance": 0.3}],
        "right up next to": ["near", {"max_distance": 0.3}],
        "immediately next to": ["near", {"max_distance": 0.3}],
        "immediately beside": ["near", {"max_distance": 0.3}],
        "at the side of": ["near", {"max_distance": 0.5}],
        "by the side of": ["near", {"max_distance": 0.5}],
        "to the side of": ["near", {"max_distance": 0.5}],
        "among": ["near", {"max_distance": 0.4}],
        "amongst": ["near", {"max_distance": 0.4}],
        "in among": ["near", {"max_distance": 0.4}],
        "in amongst": ["near", {"max_distance": 0.4}],
        "amid": ["near", {"max_distance": 0.4}],
        "amidst": ["near", {"max_distance": 0.4}],
        "in the shade of": ["near", {"max_distance": 0.5}],
        "in the shadow of": ["near", {"max_distance": 0.8}],
        "in reach of": ["near", {"max_distance": 0.5}],
        "within easy reach of": ["near", {"max_distance": 0.5}],
        "within arm reach of": ["near", {"max_distance": 0.5}],
        "within arms length of": ["near", {"max_distance": 0.5}],
        "within arm length of": ["near", {"max_distance": 0.5}],
        "in the vicinity of": ["near", {"max_distance": 1.5}],
        "not too far from": ["near", {"max_distance": 1.5}],
        "not very far from": ["near", {"max_distance": 1.5}],
        "not far away from": ["near", {"max_distance": 1.5}],
        "not too far away from": ["near", {"max_distance": 1.5}],
        "a stone throw from": ["near", {"min_distance": 0.5, "max_distance": 3.0}],
        "a stones throw from": ["near", {"min_distance": 0.5, "max_distance": 3.0}],
        "a stone throw away from": ["near", {"min_distance": 0.5, "max_distance": 3.0}],
        "a stones throw away from": ["near", {"min_distance": 0.5, "max_distance": 3.0}],
        "within a stone throw of": ["near", {"max_distance": 3.0}],
        "within a stones throw of": ["near", {"max_distance": 3.0}],
        "a couple of steps from": ["near", {"min_distance": 0.3, "max_distance": 1.5}],
        "a couple of steps away from": ["near", {"min_distance": 0.3, "max_distance": 1.5}],
        "a short walk from": ["near", {"min_distance": 1.0, "max_distance": 4.0}],
        "a short walk away from": ["near", {"min_distance": 1.0, "max_distance": 4.0}],
        "just steps from": ["near", {"min_distance": 0.3, "max_distance": 1.5}],
        "steps from": ["near", {"min_distance": 0.3, "max_distance": 1.5}],
        "steps away from": ["near", {"min_distance": 0.3, "max_distance": 1.5}],
    },
}


def validate(params: Mapping[str, Any], n_args: int) -> str | None:
    """min_distance must not exceed max_distance."""
    if params["min_distance"] > params["max_distance"]:
        return f"min_distance {params['min_distance']} exceeds max_distance {params['max_distance']}"
    return None


def _terms(poses: Poses, idx: tuple[int, ...], params: Mapping[str, Any]) -> list[Term]:
    gap = geo.xy_gap(*pick(poses, idx[0]), *pick(poses, idx[1]))
    return [Term(float(params["min_distance"]) - gap, METRES), Term(gap - float(params["max_distance"]), METRES)]


score, check = from_terms(
    _terms,
    score_doc='[B] in [0, 1]: 1 inside the gap range, decaying with the distance to it.',
    check_doc='[B] bool: min_distance <= XY gap <= max_distance.')
