"""under(a, b): a sits beneath b (a chair under a table)."""

from __future__ import annotations

from typing import Any, Mapping


from .. import geometry as geo
from .. import moves
from ..base import Param, Placement, Poses, RelationSpec
from ..relation_math import METRES
from ..terms import Term, from_terms, pick, top

SPEC = RelationSpec(
    name="under", min_args=2, max_args=2, arg_names=("a", "b"), physics="under",
    params=(Param("margin", "float", 0.05, "how far (m) a's centre may lie outside b's footprint", minimum=0.0),),
    description="a is beneath b: a's top not above b's top and a's centre within b's footprint (+ margin, "
                "default 5 cm).",
    version=3,  # v3: the footprint margin is a parameter (v2: fixed 5 cm); v2: how a revision restates it
    converse="above",  # under(a, b) says what above(b, a) says
)
PLACEMENT = Placement(moves=moves.on_anchor, anchored=True)

# The offline coder's words for this relation (setdresser.relation_phrases/1, skill_library/phrases.py):
# each phrase -> [kind, {params}]; the kind stands for this relation in the coder's tables listed.
PHRASES = {
    "schema": "setdresser.relation_phrases/1",
    "kinds": {"under": ["simple", "negated"]},
    "phrases": {
        "under": ["under"],
        "beneath": ["under"],
        "underneath": ["under"],
        "below": ["under"],
        "under neath": ["under"],
    },
}


def _terms(poses: Poses, idx: tuple[int, ...], params: Mapping[str, Any]) -> list[Term]:
    pos_a, _, size_a = pick(poses, idx[0])
    pos_b, yaw_b, size_b = pick(poses, idx[1])
    return [Term(top(pos_a, size_a) - top(pos_b, size_b), METRES),
            Term(geo.point_footprint_excess(pos_a[:, :2], pos_b, yaw_b, size_b,
                                            margin=float(params.get("margin", 0.05))), METRES)]


score, check = from_terms(
    _terms,
    score_doc='[B] in [0, 1]: 1 when a is under b, decaying with how far a sticks out or up.',
    check_doc="[B] bool: a's top <= b's top and a's centre inside b's footprint grown by margin.")
