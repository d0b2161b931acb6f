"""What moves with a thing: what rests on it (the support forest's descendants) and its satellites.

A satellite of i is a free floor thing placed only by i or by what rests on i: every relation of it
names nothing else, and none puts it at a wall, in a corner, at the centre or in a group ("a lamp in
front of each shack", "a mailbox by it", "a footstool in front of the armchair"). Moving or turning i
rigidly with its satellites keeps their relations (each is read in i's frame or is a distance); left
behind, they broke, and a turn that squared i, or flipped it to face the street, was never taken.
"""

from __future__ import annotations

import numpy as np

from .discrete import Plan
from .problem import Problem


def _anchors(problem: Problem, j: int) -> set[int] | None:
    """The other objects j's relations name, or None when j cannot be a satellite."""
    if problem.locked[j] or problem.mounts[j] != "floor" or not problem.by_object[j]:
        return None
    others: set[int] = set()
    for k in problem.by_object[j]:
        con = problem.constraints[k]
        if len(con.args) != 2 or con.placement.boundary is not None or con.placement.group is not None:
            return None
        others.update(a for a in con.args if a != j)
    return others or None


def satellite_lists(problem: Problem, plan: Plan) -> list[list[int]]:
    """Per object i: the free things placed only by i or by what rests on it (see the module doc)."""
    out: list[list[int]] = [[] for _ in range(problem.count)]
    objects = problem.n_objects if problem.n_objects >= 0 else problem.count
    for j in range(objects):
        others = _anchors(problem, j) if plan.parent[j] < 0 else None
        if others is None:
            continue
        i = next(iter(others))
        while i >= 0:  # i and each thing it rests on whose descendants hold all of j's anchors
            if i != j and others <= {int(d) for d in plan.descendants[i]}:
                out[i].append(j)
            i = int(plan.parent[i])
    return out


def satellites(problem: Problem, plan: Plan, i: int) -> list[int]:
    """The free things placed only by i or by what rests on it."""
    return satellite_lists(problem, plan)[i]


def carried_units(problem: Problem, plan: Plan) -> list[np.ndarray]:
    """Per object: itself, what rests on it, and its satellites with what rests on them."""
    out = []
    for i, sats in enumerate(satellite_lists(problem, plan)):
        extra = [plan.descendants[j] for j in sats] if not problem.locked[i] else []
        out.append(np.concatenate([plan.descendants[i], *extra]) if extra else plan.descendants[i])
    return out
