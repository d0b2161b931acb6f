"""on_top_of(a, b): a rests on b's top face, or on one of b's named surfaces (a shelf, a seat)."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

import numpy as np

from .. import geometry as geo
from .. import moves
from ..base import Param, Placement, Poses, RelationSpec
from ..relation_math import METRES, SUPPORT_Z_TOLERANCE, support_terms
from ..terms import Term, from_terms, pick

SPEC = RelationSpec(
    name="on_top_of", min_args=2, max_args=2, arg_names=("a", "b"), physics="support",
    params=(Param("surface", "str", None, "which named surface of b: top, shelf_1..N, seat, mattress, "
                  "counter_top (b's surfaces come from the object knowledge base); default: b's usual "
                  "one (a sofa's seat, a bed's mattress, else the top)"),
            Param("level", "float", None, "the surface's height as a fraction of b's height; filled in from "
                  "b's named surfaces before solving (None: b's top)", minimum=0.0, internal=True),
            *(Param(f"region_{k}", "float", None, "the surface's region in b's frame (fractions of b's width and "
                    "depth); filled in before solving", internal=True) for k in ("x0", "y0", "x1", "y1")),
            Param("height_tolerance", "float", SUPPORT_Z_TOLERANCE, "largest gap (m) from a's bottom to the surface",
                  minimum=0.0, maximum=0.5)),
    description="a rests on b: a's bottom within 2 cm of b's top and a's centre over b's footprint; on a named "
                "surface (surface='shelf_2', 'seat') at its height, on its region (all of a between panels or arms).",
    version=6,  # v6: height_tolerance; v5: the whole footprint only between side panels/arms; v3-4: always
)
PLACEMENT = Placement(moves=moves.on_anchor)

# The offline coder's words for this relation (setdresser.relation_phrases/1, skill_library/phrases.py):
# each phrase -> [kind, {params}]; the kind stands for this relation in the coder's tables listed.
PHRASES = {
    "schema": "setdresser.relation_phrases/1",
    "kinds": {"on": ["negated"], "on_top_bare": ["negated"]},
    "phrases": {
        "on": ["on"],
        "onto": ["on"],
        "upon": ["on"],
        "atop": ["on"],
        "on top of": ["on"],
        "on the top of": ["on"],
        "on top": ["on_top_bare"],
        "resting on": ["on"],
        "sitting on": ["on"],
        "standing on": ["on"],
        "hanging from": ["on"],
        "hangs from": ["on"],
        "hung from": ["on"],
        "hang from": ["on"],
        "suspended from": ["on"],
        "dangling from": ["on"],
    },
}


def _terms(poses: Poses, idx: tuple[int, ...], params: Mapping[str, Any]) -> list[Term]:
    pos_a, yaw_a, size_a = pick(poses, idx[0])
    pos_b, yaw_b, size_b = pick(poses, idx[1])
    level = params.get("level")
    z_tolerance = float(params.get("height_tolerance", SUPPORT_Z_TOLERANCE))
    if level is None or float(level) == 1.0:
        return support_terms(pos_a, pos_b, yaw_b, size_b, z_tolerance)
    # the surface as a box top: b's footprint (or the surface's region of it), height at the level
    surface = np.concatenate([size_b[..., :2], size_b[..., 2:3] * float(level)], axis=-1)
    region = [float(r) for k in ("x0", "y0", "x1", "y1") if (r := params.get(f"region_{k}")) is not None]
    if len(region) < 4:
        return support_terms(pos_a, pos_b, yaw_b, surface, z_tolerance)
    return _region_terms(pos_a, yaw_a, size_a, pos_b, yaw_b, surface, region, z_tolerance)


def _region_terms(pos_a: np.ndarray, yaw_a: np.ndarray, size_a: np.ndarray, pos_b: np.ndarray,
                  yaw_b: np.ndarray, surface: np.ndarray, region: list[float], z_tolerance: float) -> list[Term]:
    """a on the surface's rectangle: the height term of :func:`support_terms` and, where the region is
    bounded at both sides (a shelf between its case's panels, a seat between the arms), how far a's
    farthest footprint corner lies outside it; on a region open at a side, how far a's centre does."""
    x0, y0, x1, y1 = region
    local = np.array([(x0 + x1) / 2, (y0 + y1) / 2])
    offset = surface[..., :2] * local  # the region's centre in b's frame, metres
    c, s = np.cos(yaw_b), np.sin(yaw_b)
    centre = pos_b.copy()
    centre[..., 0] += c * offset[..., 0] - s * offset[..., 1]
    centre[..., 1] += s * offset[..., 0] + c * offset[..., 1]
    rect = surface.copy()
    rect[..., 0], rect[..., 1] = surface[..., 0] * (x1 - x0), surface[..., 1] * (y1 - y0)
    height, centre_outside = support_terms(pos_a, centre, yaw_b, rect, z_tolerance)
    if x0 <= -0.5 or x1 >= 0.5:  # open at a side (a mattress): the centre rule, as on a top
        return [height, centre_outside]
    corners = geo.footprint_corners(pos_a, yaw_a, size_a)  # [B, 4, 2]: between panels or arms, all of a
    outside = np.max(np.stack([geo.point_footprint_excess(corners[..., k, :], centre, yaw_b, rect)
                               for k in range(4)]), axis=0)
    return [height, Term(outside, METRES)]


score, check = from_terms(
    _terms,
    score_doc="[B] in [0, 1]: 1 when a sits on b's surface, decaying with the height mismatch and overhang.",
    check_doc="[B] bool: bottom within height_tolerance of the surface (b's top by default) and centre inside "
              "b's footprint.")
