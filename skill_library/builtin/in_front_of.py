"""in_front_of(a, b): a lies on b's front side (CONTRACTS §1: read in b's frame, viewer in front of b)."""

from __future__ import annotations

from typing import Any, Mapping


from .. import moves
from ..base import Param, Placement, Poses, RelationSpec
from ..relation_math import NO_CONE, SIDE_TOLERANCE, side_terms
from ..terms import Term, from_terms

SPEC = RelationSpec(
    name="in_front_of", min_args=2, max_args=2, arg_names=("a", "b"), world_frame_when=(("frame", "world"),),
    params=(Param("max_distance", "float", 2.0, "largest XY gap (m) between the boxes", minimum=0.0),
            Param("frame", "str", "local", "'local': b's own orientation; 'world': as if b's yaw were 0",
                  choices=("local", "world")),
            Param("lateral_margin", "float", 0.0, "how far (m) a's centre may lie sideways beyond b's width",
                  minimum=0.0),
            Param("face_tolerance", "float", 0.01, "how far (m) a may reach past b's face (touching)",
                  minimum=0.0, maximum=0.5),
            Param("cone_deg", "float", 90.0, "largest angle (deg) of a's centre off that side's direction from b's "
                  "centre ('east of the bed': east of its middle); 90: anywhere beyond the face",
                  minimum=0.0, maximum=90.0)),
    description="a is in front of b: beyond b's front face (local -Y), its centre within b's width (+ "
                "lateral_margin, default 0), XY gap <= max_distance (m, default 2); frame 'local' (default) or "
                "'world' (b treated as unrotated).",
    version=4,  # v4: the cone (cone_deg); v3: the face tolerance is a parameter (fixed 1 cm before); v2: the
    # lateral margin
)
PLACEMENT = Placement(moves=moves.beside((0.0, -1.0)), side=(0.0, -1.0), anchored=True)

# The offline coder's words for this relation (setdresser.relation_phrases/1, skill_library/phrases.py):
# each phrase -> [kind, {params}]; the kind stands for this relation in the coder's tables listed.
PHRASES = {
    "schema": "setdresser.relation_phrases/1",
    "kinds": {"front": ["directional", "negated"]},
    "phrases": {
        "in front of": ["front"],
        "right in front of": ["front", {"max_distance": 0.3}],
        "in the front of": ["front"],
        "before": ["front"],
        "from the foot end": ["front", {"implicit": True, "max_distance": 1.0}],  # "faces the bed from the foot end"
        "from the foot of": ["front", {"max_distance": 1.0}],
        "from the foot": ["front", {"implicit": True, "max_distance": 1.0}],
        "from the front": ["front", {"implicit": True, "max_distance": 1.0}],
        "from the end": ["front", {"implicit": True, "max_distance": 1.0}],
        "in front": ["front", {"implicit": True}],
        "at the front": ["front", {"implicit": True}],
        "at the end": ["front", {"implicit": True}],
        "at one end": ["front", {"implicit": True}],
        "at its end": ["front", {"implicit": True}],
        "block": ["front"],
        "blocks": ["front"],
        "blocking": ["front"],
        "obstruct": ["front"],
        "obstructs": ["front"],
        "obstructing": ["front"],
        "in the way of": ["front"],
        "stand in front of": ["front"],
        "stands in front of": ["front"],
        "get in the way of": ["front"],
        "gets in the way of": ["front"],
    },
}


def _terms(poses: Poses, idx: tuple[int, ...], params: Mapping[str, Any]) -> list[Term]:
    return side_terms(poses, idx[0], idx[1], "front", float(params["max_distance"]), str(params["frame"]),
                      float(params.get("lateral_margin", 0.0)),
                      float(params.get("face_tolerance", SIDE_TOLERANCE)),
                      float(params.get("cone_deg", NO_CONE)))


score, check = from_terms(
    _terms,
    score_doc='[B] in [0, 1]: 1 when a is on that side within range, decaying with each shortfall.',
    check_doc='[B] bool: a beyond that face of b (within face_tolerance), laterally placed, gap <= max_distance.')
