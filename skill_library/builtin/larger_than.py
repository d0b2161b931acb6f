"""larger_than(a, b): a is larger than b by a measure (comparator over sizes)."""

from __future__ import annotations

from typing import Any, Mapping

import numpy as np

from ..base import Param, Poses, RelationSpec
from ..terms import Term, check_of, score_of

SPEC = RelationSpec(
    name="larger_than", min_args=2, max_args=2, arg_names=("a", "b"),
    params=(Param("measure", "str", "volume", "what is compared", choices=("volume", "height", "width", "footprint")),
            Param("ratio", "float", 1.0, "a's measure is at least ratio x b's", minimum=0.0)),
    description="comparator: a's measure (volume by default; height, width = larger horizontal side, or "
                "footprint area) is at least ratio (default 1) times b's ('a table larger than the desk').",
)
RELATIVE = 0.1  # a 10% shortfall scores 1/3... of the way down


def _measure(size: np.ndarray, what: str) -> np.ndarray:
    if what == "height":
        return size[..., 2]
    if what == "width":
        return np.maximum(size[..., 0], size[..., 1])
    if what == "footprint":
        return size[..., 0] * size[..., 1]
    return size[..., 0] * size[..., 1] * size[..., 2]


def _terms(poses: Poses, idx: tuple[int, ...], params: Mapping[str, Any]) -> list[Term]:
    ma = _measure(poses.size[:, idx[0]], str(params["measure"]))
    mb = _measure(poses.size[:, idx[1]], str(params["measure"]))
    need = float(params["ratio"]) * mb
    return [Term((need - ma) / np.maximum(need, 1e-9), RELATIVE)]


def score(poses: Poses, idx: tuple[int, ...], params: Mapping[str, Any]) -> np.ndarray:
    """[B] in [0, 1]: 1 when a is large enough, decaying with the relative shortfall."""
    return score_of(_terms(poses, idx, params))


def check(poses: Poses, idx: tuple[int, ...], params: Mapping[str, Any]) -> np.ndarray:
    """[B] bool: measure(a) >= ratio * measure(b)."""
    return check_of(_terms(poses, idx, params))
