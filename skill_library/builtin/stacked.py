"""stacked(objs...): each next object rests on the previous one (bottom first)."""

from __future__ import annotations

from typing import Any, Mapping

import numpy as np

from .. import moves
from ..base import Placement, Poses, RelationSpec
from ..relation_math import support_terms
from ..terms import Term, check_of, pick_many, score_of

SPEC = RelationSpec(
    name="stacked", min_args=2, max_args=None, params=(), arg_names=("objs...",), physics="stack",
    description="a pile in the order listed (first at the bottom): each next object on_top_of the previous.",
)
PLACEMENT = Placement(moves=moves.stacked, moves_together=True)


def _terms(poses: Poses, idx: tuple[int, ...], params: Mapping[str, Any]) -> list[Term]:
    pos, yaw, size = pick_many(poses, idx)
    return support_terms(pos[:, 1:], pos[:, :-1], yaw[:, :-1], size[:, :-1])


def score(poses: Poses, idx: tuple[int, ...], params: Mapping[str, Any]) -> np.ndarray:
    """[B] in [0, 1]: pooled on_top_of score of every consecutive pair."""
    return score_of(_terms(poses, idx, params))


def check(poses: Poses, idx: tuple[int, ...], params: Mapping[str, Any]) -> np.ndarray:
    """[B] bool: every consecutive pair satisfies on_top_of."""
    return check_of(_terms(poses, idx, params))
