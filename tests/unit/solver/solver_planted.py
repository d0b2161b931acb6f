"""Programs satisfiable by construction: a random physically valid layout, then random
relations kept only where the library's check holds in it. They stand in for programs the
solver has never seen (no cluster structure, mixed relations, crowded rooms)."""

from __future__ import annotations

from typing import Any

import numpy as np

from setdresser.blender_addon.core.model import Constraint
from setdresser.skill_library.base import Poses
from setdresser.skill_library.geometry import penetration_depth, world_aabb
from setdresser.skill_library.registry import default_registry

PAIR_RELATIONS = ("on_top_of", "proximity", "far_from", "facing", "in_front_of", "behind", "left_of",
                  "right_of", "parallel", "perpendicular", "under")
SINGLE_RELATIONS = ("against_wall", "in_corner", "centered")


def _random_layout(rng: np.random.Generator, count: int, lo: np.ndarray, hi: np.ndarray):
    pos: list[np.ndarray] = []
    yaw: list[float] = []
    size: list[np.ndarray] = []
    parent: list[int] = []
    for _ in range(count):
        for _attempt in range(200):
            s = np.array([rng.uniform(0.3, 1.4), rng.uniform(0.3, 1.4), rng.uniform(0.3, 1.2)])
            y = float(rng.choice([0, np.pi / 2, np.pi, -np.pi / 2]) if rng.random() < 0.7 else rng.uniform(-np.pi, np.pi))
            par = -1
            if pos and rng.random() < 0.25:
                cand = int(rng.integers(0, len(pos)))
                if parent[cand] < 0 and min(size[cand][:2]) > 0.6:
                    par, s = cand, s * 0.35
            if par >= 0:
                p = np.array([*(pos[par][:2] + rng.uniform(-0.15, 0.15, 2)), pos[par][2] + size[par][2]])
            else:
                p = np.array([*rng.uniform(lo[:2], hi[:2]), 0.0])
            box_lo, box_hi = world_aabb(p, y, s)
            if np.any(box_lo < lo) or np.any(box_hi > hi):
                continue
            if pos and np.max(penetration_depth(p[None], np.array([y]), s[None], np.array(pos), np.array(yaw),
                                                np.array(size))) > 0:
                continue
            pos.append(p), yaw.append(y), size.append(s), parent.append(par)
            break
    return np.array(pos), np.array(yaw), np.array(size), parent


# A room of 4-8 m a side holds 30 objects of this generator at a density the solver's tests were
# tuned on; larger programs get a room whose floor grows with the count (same mean density), and
# a room the random placement could not fill is grown until every object fits (issue 11: "planted
# 100" used to have 61 objects in an 8 x 8 m cap).
ROOM_OBJECTS = 30
GROWTH = 1.1  # side factor per retry when the random placement jammed


def planted_program(seed: int, count: int, per_object: float = 2.5) -> dict[str, Any]:
    """A setdresser.program/1 dict of exactly ``count`` objects and about ``per_object`` relations each."""
    rng = np.random.default_rng([seed, count])
    half = rng.uniform(2.0, 4.0, 2) * np.sqrt(max(1.0, count / ROOM_OBJECTS))
    while True:
        lo, hi = np.array([-half[0], -half[1], 0.0]), np.array([half[0], half[1], 3.0])
        pos, yaw, size, parent = _random_layout(rng, count, lo, hi)
        if len(pos) == count:
            break
        half = half * GROWTH
    ids = [f"o_{k}" for k in range(len(pos))]
    poses = Poses(pos[None], yaw[None], size[None], lo, hi)
    registry = default_registry()
    constraints = [{"relation": "on_top_of", "args": [ids[k], ids[p]], "params": {}} for k, p in enumerate(parent) if p >= 0]
    seen = {("on_top_of", ids[k], ids[p]) for k, p in enumerate(parent) if p >= 0}
    for _ in range(40 * len(ids)):
        if len(constraints) >= per_object * len(ids):
            break
        if rng.random() < 0.8:
            a, b = rng.choice(len(ids), 2, replace=False)
            name, args = str(rng.choice(PAIR_RELATIONS)), (ids[a], ids[b])
        else:
            name, args = str(rng.choice(SINGLE_RELATIONS)), (ids[int(rng.integers(0, len(ids)))],)
        relation, params = registry.bind(Constraint(name, args, {}), "planted")
        if (name, *args) not in seen and bool(relation.check(poses, tuple(ids.index(x) for x in args), params)[0]):
            seen.add((name, *args))
            constraints.append({"relation": name, "args": list(args), "params": {}})
    objects = [{"id": oid, "category": "thing", "dimensions": [round(float(v), 4) for v in size[k]]}
               for k, oid in enumerate(ids)]
    return {"schema": "setdresser.program/1", "bounds": {"min": lo.tolist(), "max": hi.tolist()},
            "objects": objects, "constraints": constraints}
