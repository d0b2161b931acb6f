"""behind(a, b): a lies on b's behind side (CONTRACTS §1: read in b's frame, viewer in front of b)."""

from __future__ import annotations

from .. import moves
from ..base import Placement, RelationSpec
from ..side_relations import FACE_MARGIN, side_params, side_rule

SPEC = RelationSpec(
    name="behind", min_args=2, max_args=2, arg_names=("a", "b"), world_frame_when=(("frame", "world"),),
    params=side_params(FACE_MARGIN),
    description="a is behind b: beyond b's back face (local +Y), its centre within b's width (+ lateral_margin, "
                "default 0), XY gap <= max_distance (m, default 2); frame 'local' (default) or 'world' (b treated "
                "as unrotated).",
    version=4,  # v4: the cone (cone_deg); v3: the face tolerance is a parameter (fixed 1 cm before); v2: the
    # lateral margin
)
PLACEMENT = Placement(moves=moves.beside((0.0, 1.0)), side=(0.0, 1.0), anchored=True)

# The offline coder's words for this relation (setdresser.relation_phrases/1, skill_library/phrases.py):
# each phrase -> [kind, {params}]; the kind stands for this relation in the coder's tables listed.
PHRASES = {
    "schema": "setdresser.relation_phrases/1",
    "kinds": {"behind": ["directional"]},
    "phrases": {
        "behind": ["behind"],
        "in back of": ["behind"],
        "at the back of": ["behind"],
        "back of": ["behind"],
        "right behind": ["behind", {"max_distance": 0.3}],
        "from the head end": ["behind", {"implicit": True, "max_distance": 1.0}],
        "from behind": ["behind", {"implicit": True, "max_distance": 1.0}],
        "at the back": ["behind", {"implicit": True}],
        "in the back": ["behind", {"implicit": True}],
        "at its back": ["behind", {"implicit": True}],
    },
}


score, check = side_rule("behind", 0.0)
