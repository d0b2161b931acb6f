"""left_of(a, b): a lies on b's left side (CONTRACTS §1: read in b's frame, viewer in front of b)."""

from __future__ import annotations

from .. import moves
from ..base import Placement, RelationSpec
from ..side_relations import HAND_MARGIN, hand_phrases, side_params, side_rule

SPEC = RelationSpec(
    name="left_of", min_args=2, max_args=2, arg_names=("a", "b"), world_frame_when=(("frame", "world"),),
    params=side_params(HAND_MARGIN),
    description="a is left of b as seen by a viewer facing b's front: beyond b's local -X side, XY gap <= "
                "max_distance (m, default 2); frame 'local' (default) or 'world' (b treated as unrotated).",
    version=3,  # v3: the cone (cone_deg) and the band (lateral_margin); v2: the face tolerance (v1: fixed 1 cm)
)
PLACEMENT = Placement(moves=moves.beside((-1.0, 0.0)), side=(-1.0, 0.0), anchored=True, wall_preference="shared")

# The offline coder's words for this relation (setdresser.relation_phrases/1, skill_library/phrases.py): the
# hands' one table (side_relations.HAND_PHRASES) said with "left"
PHRASES = hand_phrases("left")

score, check = side_rule("left", None)
