"""stacked(objs...): each next object rests on the previous one (bottom first)."""

from __future__ import annotations

from typing import Any, Mapping

from .. import moves
from ..base import Param, Placement, Poses, RelationSpec
from ..relation_math import SUPPORT_Z_TOLERANCE, support_terms
from ..terms import Term, from_terms, pick_many

SPEC = RelationSpec(
    name="stacked", min_args=2, max_args=None, arg_names=("objs...",), physics="stack",
    params=(Param("height_tolerance", "float", SUPPORT_Z_TOLERANCE, "largest gap (m) from each object's bottom "
                  "to the top of the one below", minimum=0.0, maximum=0.5),),
    description="a pile in the order listed (first at the bottom): each next object on_top_of the previous "
                "(its bottom within height_tolerance, default 2 cm, of the top below, its centre over it).",
    version=2,  # v2: height_tolerance (v1: fixed 2 cm)
)
PLACEMENT = Placement(moves=moves.stacked, moves_together=True)


def _terms(poses: Poses, idx: tuple[int, ...], params: Mapping[str, Any]) -> list[Term]:
    pos, yaw, size = pick_many(poses, idx)
    tolerance = float(params.get("height_tolerance", SUPPORT_Z_TOLERANCE))
    return support_terms(pos[:, 1:], pos[:, :-1], yaw[:, :-1], size[:, :-1], tolerance)


score, check = from_terms(
    _terms,
    score_doc='[B] in [0, 1]: pooled on_top_of score of every consecutive pair.',
    check_doc='[B] bool: every consecutive pair satisfies on_top_of.')
