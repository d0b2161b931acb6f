"""farthest(a, to, others...): of a and the others, a is the one farthest from `to` (MIN_OF/MAX_OF)."""

from __future__ import annotations

from typing import Any, Mapping

import numpy as np

from ..base import Param, Poses, RelationSpec
from ..quantifiers import xy_distance
from ..relation_math import METRES
from ..terms import Term, check_of, score_of

SPEC = RelationSpec(
    name="farthest", min_args=3, max_args=None, arg_names=("a", "to", "others..."),
    params=(Param("margin", "float", 0.1, "by at least this much (m)", minimum=0.0),),
    description="extreme: a is farthest from `to` than every other listed object, by at least margin (m, default "
                "0.1), centre to centre ('the lamp farthest from the window').",
    unordered=(2, None),  # the others in any order
)


def _terms(poses: Poses, idx: tuple[int, ...], params: Mapping[str, Any]) -> list[Term]:
    a, to, others = idx[0], idx[1], idx[2:]
    d_a = xy_distance(poses, a, to)[:, None]
    d_o = np.stack([xy_distance(poses, o, to) for o in others], axis=1)
    return [Term(d_o - d_a + float(params["margin"]), METRES)]


def score(poses: Poses, idx: tuple[int, ...], params: Mapping[str, Any]) -> np.ndarray:
    """[B] in [0, 1]: 1 when a beats every other by the margin."""
    return score_of(_terms(poses, idx, params))


def check(poses: Poses, idx: tuple[int, ...], params: Mapping[str, Any]) -> np.ndarray:
    """[B] bool: a beats every other by the margin."""
    return check_of(_terms(poses, idx, params))
