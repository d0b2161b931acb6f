"""closer_than(a, b, to): a is closer to `to` than b is (comparator MORE/LESS of a distance)."""

from __future__ import annotations

from typing import Any, Mapping

import numpy as np

from ..base import Param, Poses, RelationSpec
from ..quantifiers import xy_distance
from ..relation_math import METRES
from ..terms import Term, check_of, score_of

SPEC = RelationSpec(
    name="closer_than", min_args=3, max_args=3, arg_names=("a", "b", "to"),
    params=(Param("margin", "float", 0.1, "by at least this much (m)", minimum=0.0),),
    description="comparator: a's centre is closer to `to`'s centre than b's is, by at least margin (m, default "
                "0.1) ('the chair closer to the tv than the sofa'); swap a and b for 'farther'.",
)


def _terms(poses: Poses, idx: tuple[int, ...], params: Mapping[str, Any]) -> list[Term]:
    a, b, to = idx
    return [Term(xy_distance(poses, a, to) + float(params["margin"]) - xy_distance(poses, b, to), METRES)]


def score(poses: Poses, idx: tuple[int, ...], params: Mapping[str, Any]) -> np.ndarray:
    """[B] in [0, 1]: 1 when a is closer by the margin, decaying with the shortfall."""
    return score_of(_terms(poses, idx, params))


def check(poses: Poses, idx: tuple[int, ...], params: Mapping[str, Any]) -> np.ndarray:
    """[B] bool: d(a, to) + margin <= d(b, to)."""
    return check_of(_terms(poses, idx, params))
