"""stacked(objs...): each next object rests on the previous one (bottom first)."""

from __future__ import annotations

from typing import Any, Mapping


from .. import moves
from ..base import Placement, Poses, RelationSpec
from ..relation_math import support_terms
from ..terms import Term, from_terms, pick_many

SPEC = RelationSpec(
    name="stacked", min_args=2, max_args=None, params=(), arg_names=("objs...",), physics="stack",
    description="a pile in the order listed (first at the bottom): each next object on_top_of the previous.",
)
PLACEMENT = Placement(moves=moves.stacked, moves_together=True)


def _terms(poses: Poses, idx: tuple[int, ...], params: Mapping[str, Any]) -> list[Term]:
    pos, yaw, size = pick_many(poses, idx)
    return support_terms(pos[:, 1:], pos[:, :-1], yaw[:, :-1], size[:, :-1])


score, check = from_terms(
    _terms,
    score_doc='[B] in [0, 1]: pooled on_top_of score of every consecutive pair.',
    check_doc='[B] bool: every consecutive pair satisfies on_top_of.')
