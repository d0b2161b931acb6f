"""Shared math of the quantified relations (issue 17): negation, counting and extremes over a
member relation, and centre distances for the comparators.

A quantified relation names a *member* relation (a library relation of two arguments, e.g.
``on_top_of``) and applies it to each of its objects against the last argument. Member
scores and checks come from the registry, so a learned version of the member is used
wherever it is active.
"""

from __future__ import annotations

from typing import Any, Mapping, Sequence

import numpy as np

from .base import Param, Poses
from .errors import ProgramError

MEMBER = Param("relation", "str", "on_top_of", "the member relation of two arguments (x, anchor), e.g. on_top_of, "
               "in_front_of, proximity", required=False)
MEMBER_PARAMS = Param("relation_params", "str", "", "the member relation's params as k=v pairs separated by ';' "
                      "(e.g. 'max_distance=0.5')")
NO_QUANTIFIED = frozenset({"none_of", "count_of", "nearest", "farthest"})


def member(name: str) -> Any:
    """The registry's relation ``name``; it must take two arguments (x, anchor)."""
    from .registry import default_registry  # lazy: the registry loads this package's modules

    if name in NO_QUANTIFIED:
        raise ProgramError(f"a quantified relation cannot quantify {name!r}", "relation")
    relation = default_registry().get(name, where="relation")
    spec = relation.spec
    if spec.min_args > 2 or (spec.max_args is not None and spec.max_args < 2):
        raise ProgramError(f"{name} does not take two arguments (x, anchor)", "relation")
    return relation


def member_params(relation: Any, raw: str) -> dict[str, Any]:
    """The member's params: its defaults, overridden by ``k=v`` pairs (numbers parsed)."""
    params = {p.name: p.default for p in relation.spec.params}
    for pair in filter(None, (s.strip() for s in str(raw or "").split(";"))):
        key, _, value = pair.partition("=")
        if key.strip() not in params:
            raise ProgramError(f"{relation.spec.name} has no parameter {key.strip()!r}", "relation_params")
        try:
            params[key.strip()] = float(value) if value.strip().replace(".", "", 1).lstrip("-").isdigit() \
                else value.strip()
        except ValueError:
            params[key.strip()] = value.strip()
    return params


def member_scores(poses: Poses, idx: Sequence[int], params: Mapping[str, Any]) -> tuple[np.ndarray, np.ndarray]:
    """Member score and check of each object (all args but the last) against the last: [B, M] each."""
    relation = member(str(params["relation"]))
    inner = member_params(relation, str(params.get("relation_params", "")))
    anchor = idx[-1]
    scores = [np.asarray(relation.score(poses, (i, anchor), inner), dtype=float) for i in idx[:-1]]
    checks = [np.asarray(relation.check(poses, (i, anchor), inner), dtype=bool) for i in idx[:-1]]
    if not scores:
        return np.ones((poses.batch, 0)), np.zeros((poses.batch, 0), dtype=bool)
    return np.stack(scores, axis=1), np.stack(checks, axis=1)


def xy_distance(poses: Poses, a: int, b: int) -> np.ndarray:
    """Centre-to-centre XY distance of two objects, [B] (box centres: origins are bottom centres)."""
    d = poses.pos[:, a, :2] - poses.pos[:, b, :2]
    return np.sqrt(np.sum(d * d, axis=-1))


# A member that holds scores this in a negation; one that does not, 1 - 5% of its own score:
# the check and the score agree (a held negation scores >= 0.95) and a near miss still ranks lower.
HELD_NEGATED = 0.1


def negated(scores: np.ndarray, checks: np.ndarray) -> np.ndarray:
    """Per member: how well it does NOT stand in the member relation, [B, M] in (0, 1]."""
    return np.where(checks, HELD_NEGATED, 1.0 - 0.05 * scores)
