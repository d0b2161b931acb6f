"""hierarchy(objs...): sizes strictly ordered as listed."""

from __future__ import annotations

from typing import Any, Mapping

import numpy as np

from ..base import Param, Poses, RelationSpec
from ..terms import Term, check_of, pick_many, score_of

SPEC = RelationSpec(
    name="hierarchy", min_args=2, max_args=None, arg_names=("objs...",),
    params=(Param("key", "str", "volume", "which size is compared", choices=("volume", "height", "width")),
            Param("order", "str", "descending", "first largest or first smallest",
                  choices=("descending", "ascending"))),
    description="sizes strictly ordered as listed: key 'volume' (default), 'height' or 'width'; order "
                "'descending' (default: first is largest) or 'ascending'.",
)

RATIO = 0.1  # decay scale: being 10% too large halves a pair's score


def _sizes(size: np.ndarray, key: str) -> np.ndarray:
    if key == "height":
        return size[..., 2]
    if key == "width":
        return size[..., 0]
    return size[..., 0] * size[..., 1] * size[..., 2]


def _terms(poses: Poses, idx: tuple[int, ...], params: Mapping[str, Any]) -> list[Term]:
    sizes = _sizes(pick_many(poses, idx)[2], str(params["key"]))
    if params["order"] == "ascending":
        sizes = sizes[:, ::-1]
    prev, nxt = sizes[:, :-1], sizes[:, 1:]
    # relative excess of the next over the previous; strictly smaller is required (> 0 fails)
    excess = (nxt - prev) / np.maximum(prev, 1e-12)
    return [Term(excess + 2e-9, RATIO)]


def score(poses: Poses, idx: tuple[int, ...], params: Mapping[str, Any]) -> np.ndarray:
    """[B] in [0, 1]: 1 when strictly ordered, decaying with each pair's relative excess."""
    return score_of(_terms(poses, idx, params))


def check(poses: Poses, idx: tuple[int, ...], params: Mapping[str, Any]) -> np.ndarray:
    """[B] bool: every size strictly larger (descending) than the next."""
    return check_of(_terms(poses, idx, params))
