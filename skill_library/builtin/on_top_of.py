"""on_top_of(a, b): a rests on b's top face."""

from __future__ import annotations

from typing import Any, Mapping


from .. import moves
from ..base import Placement, Poses, RelationSpec
from ..relation_math import support_terms
from ..terms import Term, from_terms, pick

SPEC = RelationSpec(
    name="on_top_of", min_args=2, max_args=2, params=(), arg_names=("a", "b"), physics="support",
    description="a rests on b: a's bottom within 2 cm of b's top and a's centre over b's top face.",
)
PLACEMENT = Placement(moves=moves.on_anchor)


def _terms(poses: Poses, idx: tuple[int, ...], params: Mapping[str, Any]) -> list[Term]:
    pos_a = pick(poses, idx[0])[0]
    pos_b, yaw_b, size_b = pick(poses, idx[1])
    return support_terms(pos_a, pos_b, yaw_b, size_b)


score, check = from_terms(
    _terms,
    score_doc='[B] in [0, 1]: 1 when a sits on b, decaying with the height mismatch and overhang.',
    check_doc="[B] bool: bottom within 2 cm of b's top and centre inside b's footprint.")
