"""count_of(objs..., anchor): exactly / at least N of the objects are in the member relation to the anchor."""

from __future__ import annotations

from typing import Any, Mapping

import numpy as np

from ..base import Param, Poses, RelationSpec
from ..quantifiers import MEMBER, MEMBER_PARAMS, member, member_scores, negated

SPEC = RelationSpec(
    name="count_of", min_args=2, max_args=None, arg_names=("objs...", "anchor"),
    params=(MEMBER, MEMBER_PARAMS, Param("count", "int", 1, "how many", minimum=0),
            Param("mode", "str", "exactly", "'exactly' or 'at_least'", choices=("exactly", "at_least"))),
    description="counting: exactly (or at_least) `count` of the objects (all args but the last) are in `relation` "
                "(default on_top_of) to the last one ('a table with three things on it').",
    unordered=(0, -1),  # the objects (all but the anchor) in any order
)


def validate(params: Mapping[str, Any], n_args: int) -> str | None:
    """The member must exist; the count cannot exceed the objects listed."""
    try:
        member(str(params["relation"]))
    except Exception as exc:  # noqa: BLE001 - reported as text
        return str(exc)
    if int(params["count"]) > n_args - 1:
        return f"count {params['count']} exceeds the {n_args - 1} objects listed"
    return None


def score(poses: Poses, idx: tuple[int, ...], params: Mapping[str, Any]) -> np.ndarray:
    """[B]: the N best members should hold (and, for 'exactly', the others should not)."""
    scores, checks = member_scores(poses, idx, params)
    n = int(params["count"])
    order = np.argsort(-(scores + checks), axis=1, kind="stable")  # holders first, then the best scores
    ranked = np.take_along_axis(scores, order, axis=1)
    held = np.take_along_axis(checks, order, axis=1)
    parts = [np.ones(poses.batch)]
    if n > 0:
        parts.append(ranked[:, :n].min(axis=1))
    if params["mode"] == "exactly" and n < ranked.shape[1]:
        parts.append(negated(ranked[:, n:], held[:, n:]).min(axis=1))
    return np.minimum.reduce(parts)


def check(poses: Poses, idx: tuple[int, ...], params: Mapping[str, Any]) -> np.ndarray:
    """[B] bool: the number of members that hold is N (or at least N)."""
    _, checks = member_scores(poses, idx, params)
    held = checks.sum(axis=1)
    n = int(params["count"])
    return held == n if params["mode"] == "exactly" else held >= n
