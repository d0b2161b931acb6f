"""What the four side relations share (``left_of``, ``right_of``, ``behind``, ``in_front_of``): their
parameters, their terms and, for the two hands, one table of the offline coder's phrases.

Each of ``builtin/left_of.py``, ``right_of.py``, ``behind.py`` and ``in_front_of.py`` keeps its own
``SPEC`` name, description, version and ``PLACEMENT`` and builds the rest here: :func:`side_params`
(the parameters; only the lateral margin differs between the hands and the faces), :func:`side_rule`
(``score`` and ``check`` of "a beyond b's <side> face") and :func:`hand_phrases` (the words for
"left" and "right" are one table said with either hand, ``"to the {hand} of"``).
"""

from __future__ import annotations

from typing import Any, Callable, Mapping

from .base import Param, Poses
from .relation_math import NO_CONE, SIDE_TOLERANCE, side_terms
from .terms import Term, from_terms

HAND_MARGIN = Param("lateral_margin", "float", None, "how far (m) a's centre may lie ahead of or behind b's depth; "
                    "free when omitted", minimum=0.0)
FACE_MARGIN = Param("lateral_margin", "float", 0.0, "how far (m) a's centre may lie sideways beyond b's width",
                    minimum=0.0)

# "left of", "to its left", ...: each phrase said with either hand -> whether it has no object of its own
# ("to its left": the thing just named); each reads max_distance 0.5 m
HAND_PHRASES: tuple[tuple[str, bool], ...] = (
    ("{hand} of", False), ("to the {hand} of", False), ("on the {hand} of", False), ("on the {hand} side of", False),
    ("at the {hand} of", False), ("{hand} side of", False), ("to the {hand} side of", False),
    ("at the {hand} side of", False), ("to its {hand}", True), ("on its {hand}", True), ("at its {hand}", True),
    ("to the {hand}", True), ("on the {hand}", True), ("to their {hand}", True), ("on their {hand}", True),
    ("on its {hand} side", True), ("on the {hand} side", True),
)
HAND_REACH = 0.5  # m: "to the left of the sofa" is beside it


def side_params(margin: Param) -> tuple[Param, ...]:
    """The parameters of a side relation, with ``margin`` (:data:`HAND_MARGIN` or :data:`FACE_MARGIN`)."""
    return (Param("max_distance", "float", 2.0, "largest XY gap (m) between the boxes", minimum=0.0),
            Param("frame", "str", "local", "'local': b's own orientation; 'world': as if b's yaw were 0",
                  choices=("local", "world")),
            margin,
            Param("face_tolerance", "float", 0.01, "how far (m) a may reach past b's face (touching)",
                  minimum=0.0, maximum=0.5),
            Param("cone_deg", "float", 90.0, "largest angle (deg) of a's centre off that side's direction from b's "
                  "centre ('east of the bed': east of its middle); 90: anywhere beyond the face",
                  minimum=0.0, maximum=90.0))


def side_rule(side: str, margin: float | None) -> tuple[Callable[..., Any], Callable[..., Any]]:
    """``score`` and ``check`` of "a lies beyond b's ``side`` face" (``margin``: the lateral margin
    when the params give none; None leaves a's centre free along that face)."""
    def terms(poses: Poses, idx: tuple[int, ...], params: Mapping[str, Any]) -> list[Term]:
        given = params.get("lateral_margin", margin)
        return side_terms(poses, idx[0], idx[1], side, float(params["max_distance"]), str(params["frame"]),
                          lateral_margin=None if given is None else float(given),
                          face_tolerance=float(params.get("face_tolerance", SIDE_TOLERANCE)),
                          cone_deg=float(params.get("cone_deg", NO_CONE)))
    return from_terms(
        terms,
        score_doc='[B] in [0, 1]: 1 when a is on that side within range, decaying with each shortfall.',
        check_doc='[B] bool: a beyond that face of b (within face_tolerance), laterally placed, gap <= max_distance.')


def hand_phrases(hand: str) -> dict[str, Any]:
    """The ``setdresser.relation_phrases/1`` document of the relation on that hand ("left", "right")."""
    return {
        "schema": "setdresser.relation_phrases/1",
        "kinds": {hand: ["directional"]},
        "phrases": {template.format(hand=hand): [hand, {"implicit": True, "max_distance": HAND_REACH} if implicit
                                                  else {"max_distance": HAND_REACH}]
                    for template, implicit in HAND_PHRASES},
    }
