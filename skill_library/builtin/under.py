"""under(a, b): a sits beneath b (a box under a table); a seat taller than b's top is tucked in at b's front;
under a tree or a parasol (``trunk`` > 0) a stands under the crown, clear of the trunk or pole at its centre."""

from __future__ import annotations

from typing import Any, Mapping


import numpy as np

from .. import geometry as geo
from .. import moves
from ..base import Param, Placement, Poses, RelationSpec
from ..relation_math import (METRES, RADIANS, TUCK_FACING_DEG, TUCK_GAP, TUCK_OVERLAP, facing_violation,
                             side_terms)
from ..terms import Term, from_terms, pick, top

TALLER = 1e-6  # m: a's top above b's top by more than this: a cannot be beneath b, it is tucked in

SPEC = RelationSpec(
    name="under", min_args=2, max_args=2, arg_names=("a", "b"), physics="under",
    params=(Param("margin", "float", 0.05, "how far (m) a's centre may lie outside b's footprint", minimum=0.0),
            Param("tucked", "bool", False, "a is tucked in at b's front, facing it (a stool pushed in under a "
                  "dressing table), not beneath; an a whose top stands above b's always is"),
            Param("trunk", "float", 0.0, "how far (m) a's footprint keeps from b's centre: the trunk or pole b's "
                  "crown stands on (a bench under a tree, a lounger under a parasol); 0: no trunk", minimum=0.0)),
    description="a is beneath b: a's top not above b's top and a's centre within b's footprint (+ margin, "
                "default 5 cm) and, with trunk > 0, b's centre (its trunk or pole) at least trunk m outside a's "
                "footprint. With tucked=true, or when a's top stands above b's (a chair 'under' a desk), a is "
                "tucked in instead: beyond b's front face (up to 5 cm into it), gap <= 10 cm, centre within b's "
                "width, facing b.",
    version=5,  # v5: the param trunk (a tree's or parasol's trunk/pole kept clear; 0 = v4's meaning).
    # v4: a taller a is tucked in at b's front (it can never be beneath); v3: the footprint margin is
    # a parameter (v2: fixed 5 cm); v2: how a revision restates it. v4 also adds the param tucked
    converse="above",  # under(a, b) says what above(b, a) says
)
PLACEMENT = Placement(moves=moves.beneath, anchored=True)

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
    """Beneath b (top not above b's, centre over its footprint), or, for an a whose top stands above b's
    (it can never be beneath: a 0.9 m chair at a 0.75 m desk), tucked in at b's front, facing it."""
    pos_a, yaw_a, size_a = pick(poses, idx[0])
    pos_b, yaw_b, size_b = pick(poses, idx[1])
    rise = top(pos_a, size_a) - top(pos_b, size_b)
    tucked = (rise > TALLER) | bool(params.get("tucked", False))
    beneath = [Term(rise - TALLER, METRES),
               Term(geo.point_footprint_excess(pos_a[:, :2], pos_b, yaw_b, size_b,
                                               margin=float(params.get("margin", 0.05))), METRES),
               Term(trunk_depth(pos_a, yaw_a, size_a, pos_b[:, :2], float(params.get("trunk") or 0.0)), METRES)]
    front = side_terms(poses, idx[0], idx[1], "front", TUCK_GAP, "local", 0.0, TUCK_OVERLAP)
    front.append(Term(facing_violation(pos_a, yaw_a, pos_b[:, :2], np.deg2rad(TUCK_FACING_DEG)), RADIANS))
    return ([Term(np.where(tucked, 0.0, t.violation), t.scale) for t in beneath]
            + [Term(np.where(tucked, t.violation, 0.0), t.scale) for t in front])


def trunk_depth(pos_a: np.ndarray, yaw_a: np.ndarray, size_a: np.ndarray, trunk_xy: np.ndarray,
                trunk: float) -> np.ndarray:
    """How deep (m) the point ``trunk_xy`` lies inside a's footprint grown by ``trunk`` (0 when clear, or when
    trunk is 0): a bench must not stand through the trunk of the tree it is under."""
    if trunk <= 0.0:
        return np.zeros(pos_a.shape[0])
    local = np.abs(geo.to_local(trunk_xy, pos_a, yaw_a))
    return np.maximum(np.min(0.5 * size_a[:, :2] + trunk - local, axis=-1), 0.0)


score, check = from_terms(
    _terms,
    score_doc='[B] in [0, 1]: 1 when a is under b (or tucked in at its front), decaying with each shortfall.',
    check_doc="[B] bool: a's top <= b's top, a's centre inside b's footprint grown by margin and (trunk > 0) b's "
              "centre at least trunk m outside a's footprint; for a taller a: "
              "beyond b's front face (5 cm tolerance), gap <= 10 cm, within b's width, facing b (30 deg).")
