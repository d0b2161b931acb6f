"""in_front_of(a, b): a lies on b's front side (CONTRACTS §1: read in b's frame, viewer in front of b)."""

from __future__ import annotations

from .. import moves
from ..base import Placement, RelationSpec
from ..side_relations import FACE_MARGIN, side_params, side_rule

SPEC = RelationSpec(
    name="in_front_of", min_args=2, max_args=2, arg_names=("a", "b"), world_frame_when=(("frame", "world"),),
    params=side_params(FACE_MARGIN),
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


score, check = side_rule("front", 0.0)
