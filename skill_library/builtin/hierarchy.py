"""hierarchy(objs...): sizes strictly ordered as listed."""

from __future__ import annotations

from typing import Any, Mapping

import numpy as np

from ..base import Param, Placement, Poses, RelationSpec
from ..terms import Term, check_of, pick_many, score_of

SPEC = RelationSpec(
    name="hierarchy", min_args=2, max_args=None, arg_names=("objs...",),
    params=(Param("key", "str", "volume", "which size is compared", choices=("volume", "height", "width")),
            Param("order", "str", "descending", "first largest or first smallest",
                  choices=("descending", "ascending"))),
    description="sizes strictly ordered as listed: key 'volume' (default), 'height' or 'width'; order "
                "'descending' (default: first is largest) or 'ascending'.",
)
PLACEMENT = Placement(scale="order")

RATIO = 0.1  # decay scale of the relative excess
# The check is strict (any shrink holds), but equal sizes would score ~1 and a search would stop
# there; the score asks for a 5% step (equal sizes: 0.57; 2% smaller: 0.72; 5% smaller: 1).
SCORE_MARGIN = 0.05


def _sizes(size: np.ndarray, key: str) -> np.ndarray:
    if key == "height":
        return size[..., 2]
    if key == "width":
        return size[..., 0]
    return size[..., 0] * size[..., 1] * size[..., 2]


def _excess(poses: Poses, idx: tuple[int, ...], params: Mapping[str, Any]) -> np.ndarray:
    """Relative excess of each next size over the previous, [B, M-1]; < 0 is in order."""
    sizes = _sizes(pick_many(poses, idx)[2], str(params["key"]))
    if params["order"] == "ascending":
        sizes = sizes[:, ::-1]
    prev, nxt = sizes[:, :-1], sizes[:, 1:]
    return (nxt - prev) / np.maximum(prev, 1e-12)


def score(poses: Poses, idx: tuple[int, ...], params: Mapping[str, Any]) -> np.ndarray:
    """[B] in [0, 1]: 1 when each size is >= 5% below the previous, decaying with the excess."""
    return score_of([Term(_excess(poses, idx, params) + SCORE_MARGIN, RATIO)])


def check(poses: Poses, idx: tuple[int, ...], params: Mapping[str, Any]) -> np.ndarray:
    """[B] bool: every size strictly larger (descending) than the next."""
    return check_of([Term(_excess(poses, idx, params) + 2e-9, RATIO)])
