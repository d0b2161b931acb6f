"""right_of(a, b): a lies on b's right side (CONTRACTS §1: read in b's frame, viewer in front of b)."""

from __future__ import annotations

from typing import Any, Mapping


from .. import moves
from ..base import Param, Placement, Poses, RelationSpec
from ..relation_math import NO_CONE, SIDE_TOLERANCE, side_terms
from ..terms import Term, from_terms

SPEC = RelationSpec(
    name="right_of", min_args=2, max_args=2, arg_names=("a", "b"), world_frame_when=(("frame", "world"),),
    params=(Param("max_distance", "float", 2.0, "largest XY gap (m) between the boxes", minimum=0.0),
            Param("frame", "str", "local", "'local': b's own orientation; 'world': as if b's yaw were 0",
                  choices=("local", "world")),
            Param("lateral_margin", "float", None, "how far (m) a's centre may lie ahead of or behind b's depth; "
                  "free when omitted", minimum=0.0),
            Param("face_tolerance", "float", 0.01, "how far (m) a may reach past b's face (touching)",
                  minimum=0.0, maximum=0.5),
            Param("cone_deg", "float", 90.0, "largest angle (deg) of a's centre off that side's direction from b's "
                  "centre ('east of the bed': east of its middle); 90: anywhere beyond the face",
                  minimum=0.0, maximum=90.0)),
    description="a is right of b as seen by a viewer facing b's front: beyond b's local +X side, XY gap <= "
                "max_distance (m, default 2); frame 'local' (default) or 'world' (b treated as unrotated).",
    version=3,  # v3: the cone (cone_deg) and the band (lateral_margin); v2: the face tolerance (v1: fixed 1 cm)
)
PLACEMENT = Placement(moves=moves.beside((1.0, 0.0)), side=(1.0, 0.0), anchored=True, wall_preference="shared")

# The offline coder's words for this relation (setdresser.relation_phrases/1, skill_library/phrases.py):
# each phrase -> [kind, {params}]; the kind stands for this relation in the coder's tables listed.
PHRASES = {
    "schema": "setdresser.relation_phrases/1",
    "kinds": {"right": ["directional"]},
    "phrases": {
        "right of": ["right", {"max_distance": 0.5}],
        "to the right of": ["right", {"max_distance": 0.5}],
        "on the right of": ["right", {"max_distance": 0.5}],
        "on the right side of": ["right", {"max_distance": 0.5}],
        "at the right of": ["right", {"max_distance": 0.5}],
        "right side of": ["right", {"max_distance": 0.5}],
        "to the right side of": ["right", {"max_distance": 0.5}],
        "at the right side of": ["right", {"max_distance": 0.5}],
        "to its right": ["right", {"implicit": True, "max_distance": 0.5}],
        "on its right": ["right", {"implicit": True, "max_distance": 0.5}],
        "at its right": ["right", {"implicit": True, "max_distance": 0.5}],
        "to the right": ["right", {"implicit": True, "max_distance": 0.5}],
        "on the right": ["right", {"implicit": True, "max_distance": 0.5}],
        "to their right": ["right", {"implicit": True, "max_distance": 0.5}],
        "on their right": ["right", {"implicit": True, "max_distance": 0.5}],
        "on its right side": ["right", {"implicit": True, "max_distance": 0.5}],
        "on the right side": ["right", {"implicit": True, "max_distance": 0.5}],
    },
}


def _terms(poses: Poses, idx: tuple[int, ...], params: Mapping[str, Any]) -> list[Term]:
    return side_terms(poses, idx[0], idx[1], "right", float(params["max_distance"]), str(params["frame"]),
                      face_tolerance=float(params.get("face_tolerance", SIDE_TOLERANCE)),
                      lateral_margin=_band(params),
                      cone_deg=float(params.get("cone_deg", NO_CONE)))


def _band(params: Mapping[str, Any]) -> float | None:
    """The band ahead/behind b's depth a's centre keeps to (None: free)."""
    margin = params.get("lateral_margin")
    return None if margin is None else float(margin)


score, check = from_terms(
    _terms,
    score_doc='[B] in [0, 1]: 1 when a is on that side within range, decaying with each shortfall.',
    check_doc='[B] bool: a beyond that face of b (within face_tolerance), laterally placed, gap <= max_distance.')
