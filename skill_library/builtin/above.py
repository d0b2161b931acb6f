"""above(a, b): a floats over b (a lamp hanging over a table)."""

from __future__ import annotations

from typing import Any, Mapping


from .. import geometry as geo
from .. import moves
from ..base import Param, Placement, Poses, RelationSpec
from ..relation_math import METRES
from ..terms import Term, from_terms, pick, top

SPEC = RelationSpec(
    name="above", min_args=2, max_args=2, arg_names=("a", "b"), physics="above",
    params=(Param("min_gap", "float", 0.0, "least clear height (m) between b's top and a's bottom",
                  minimum=0.0),
            Param("margin", "float", 0.10, "how far (m) a's centre may lie outside b's footprint", minimum=0.0)),
    description="a hangs over b: a's bottom >= b's top + min_gap (m, default 0) and a's centre "
                "within b's footprint (+ margin, default 10 cm).",
    version=3,  # v3: the footprint margin is a parameter (v2: fixed 10 cm); v2: how a revision restates it
    converse="under",  # above(a, b) says what under(b, a) says
)
PLACEMENT = Placement(moves=moves.on_anchor)

# The offline coder's words for this relation (setdresser.relation_phrases/1, skill_library/phrases.py):
# each phrase -> [kind, {params}]; the kind stands for this relation in the coder's tables listed.
PHRASES = {
    "schema": "setdresser.relation_phrases/1",
    "kinds": {"above": ["simple"]},
    "phrases": {
        "above": ["above"],
        "over": ["above"],
        "hanging above": ["above"],
        "hanging over": ["above"],
        "hovering above": ["above"],
        "floating above": ["above"],
        "suspended above": ["above"],
        "hovering over": ["above"],
    },
}


def _terms(poses: Poses, idx: tuple[int, ...], params: Mapping[str, Any]) -> list[Term]:
    pos_a = pick(poses, idx[0])[0]
    pos_b, yaw_b, size_b = pick(poses, idx[1])
    min_gap = float(params.get("min_gap") or 0.0)
    margin = float(params.get("margin", 0.10))
    return [Term(top(pos_b, size_b) + min_gap - pos_a[:, 2], METRES),
            Term(geo.point_footprint_excess(pos_a[:, :2], pos_b, yaw_b, size_b, margin=margin), METRES)]


score, check = from_terms(
    _terms,
    score_doc='[B] in [0, 1]: 1 when a is above b with the gap, decaying with the shortfall/offset.',
    check_doc="[B] bool: a's bottom >= b's top + min_gap and a's centre over b (+ margin).")
