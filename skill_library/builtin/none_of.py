"""none_of(objs..., anchor): no object stands in the member relation to the anchor (negation)."""

from __future__ import annotations

from typing import Any, Mapping

import numpy as np

from ..base import Poses, RelationSpec
from ..quantifiers import MEMBER, MEMBER_PARAMS, member, member_scores, negated

SPEC = RelationSpec(
    name="none_of", min_args=2, max_args=None, arg_names=("objs...", "anchor"), params=(MEMBER, MEMBER_PARAMS),
    description="negation: none of the objects (all args but the last) is in `relation` (default on_top_of) to "
                "the last one ('nothing on the desk', 'no chair in front of the door'); scored by the worst "
                "case over the objects.",
    unordered=(0, -1),  # the objects (all but the anchor) in any order
)


def validate(params: Mapping[str, Any], n_args: int) -> str | None:
    """The member relation must exist and take two arguments."""
    try:
        member(str(params["relation"]))
    except Exception as exc:  # noqa: BLE001 - a ProgramError or a registry lookup failure, reported as text
        return str(exc)
    return None


def score(poses: Poses, idx: tuple[int, ...], params: Mapping[str, Any]) -> np.ndarray:
    """[B] in [0, 1]: the worst case over the objects of not being in the relation."""
    scores, checks = member_scores(poses, idx, params)
    return np.ones(poses.batch) if scores.shape[1] == 0 else negated(scores, checks).min(axis=1)


def check(poses: Poses, idx: tuple[int, ...], params: Mapping[str, Any]) -> np.ndarray:
    """[B] bool: no member check holds."""
    _, checks = member_scores(poses, idx, params)
    return ~checks.any(axis=1)
