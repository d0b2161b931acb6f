"""scaling(a, b): a's height is a given multiple of b's."""

from __future__ import annotations

from typing import Any, Mapping

import numpy as np

from ..base import Param, Placement, Poses, RelationSpec
from ..terms import Term, from_terms, pick

SPEC = RelationSpec(
    name="scaling", min_args=2, max_args=2, arg_names=("a", "b"),
    params=(Param("ratio", "float", None, "wanted height(a) / height(b)", required=True, minimum=0.0),
            Param("tolerance", "float", 0.10, "largest relative error of the ratio", minimum=0.0, maximum=1.0)),
    description="a's height is ratio (required) times b's height, within tolerance (default 10%).",
    version=2,  # v2: the tolerance is a parameter (v1: fixed 10%)
)
PLACEMENT = Placement(scale="ratio")

TOLERANCE = 0.10  # §5: within 10% of ratio


def validate(params: Mapping[str, Any], n_args: int) -> str | None:
    """The ratio must be positive."""
    return None if params["ratio"] > 0 else f"ratio must be > 0, got {params['ratio']}"


def _terms(poses: Poses, idx: tuple[int, ...], params: Mapping[str, Any]) -> list[Term]:
    ratio = float(params["ratio"])
    actual = pick(poses, idx[0])[2][:, 2] / np.maximum(pick(poses, idx[1])[2][:, 2], 1e-12)
    return [Term(np.abs(actual / ratio - 1.0) - float(params.get("tolerance", TOLERANCE)), 0.3)]


score, check = from_terms(
    _terms,
    score_doc='[B] in [0, 1]: 1 within 10% of the ratio, decaying with the relative error.',
    check_doc='[B] bool: |height(a)/height(b) / ratio - 1| <= 10%.')
