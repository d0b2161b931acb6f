"""A tiny stand-in solver for sandbox tests, loaded in the sandbox child by file path.

It tries ``CANDIDATES`` random layouts (seeded), scores each with the ``extra_relations``
the sandbox compiled from the program's custom functions, and keeps the best one. Library
relations are not scored (reported as 0), so the test sees exactly what the custom
functions say. It also checks each relation's declared arity.
"""
from __future__ import annotations

from typing import Mapping

import numpy as np

from setdresser.blender_addon.core.model import ConstraintResult, Layout, PhysicsChecks, PlacedObject, Program
from setdresser.skill_library.base import Poses, Relation

CANDIDATES = 64


def solve(program: Program, *, seed: int, time_budget: float, prompt: str = "",
          extra_relations: Mapping[str, Relation] | None = None) -> Layout:
    """Best of CANDIDATES random layouts in [-2, 2]^2 under the custom relations."""
    relations = dict(extra_relations or {})
    ids = program.object_ids()
    rng = np.random.default_rng(seed)
    count = len(ids)
    pos = np.zeros((CANDIDATES, count, 3))
    pos[:, :, :2] = rng.uniform(-2.0, 2.0, size=(CANDIDATES, count, 2))
    size = np.array([[o.dimensions for o in program.objects]] * CANDIDATES, dtype=float)
    poses = Poses(pos=pos, yaw=np.zeros((CANDIDATES, count)), size=size)
    total = np.zeros(CANDIDATES)
    for con in program.constraints:
        relation = relations.get(con.relation)
        if relation is None:
            continue
        spec = relation.spec
        if not spec.min_args <= len(con.args) <= (spec.max_args or len(con.args)):
            raise ValueError(f"{con.relation}: arity {len(con.args)} outside the declared range")
        total += con.weight * relation.score(poses, tuple(ids.index(a) for a in con.args), con.params)
    best = int(np.argmax(total))
    return _layout(program, poses, best, relations, prompt, seed)


def _layout(program: Program, poses: Poses, best: int, relations: Mapping[str, Relation], prompt: str,
            seed: int) -> Layout:
    ids = program.object_ids()
    one = Poses(pos=poses.pos[best:best + 1], yaw=poses.yaw[best:best + 1], size=poses.size[best:best + 1])
    objects = []
    for i, spec in enumerate(program.objects):
        loc = tuple(float(v) for v in one.pos[0, i])
        half = np.asarray(spec.dimensions) / 2
        objects.append(PlacedObject(id=spec.id, category=spec.category, asset=spec.asset, location=loc,
                                    rotation_euler=(0.0, 0.0, 0.0), dimensions=spec.dimensions,
                                    bbox_min=(loc[0] - half[0], loc[1] - half[1], loc[2]),
                                    bbox_max=(loc[0] + half[0], loc[1] + half[1], loc[2] + spec.dimensions[2])))
    results = []
    for con in program.constraints:
        relation = relations.get(con.relation)
        idx = tuple(ids.index(a) for a in con.args)
        score = float(relation.score(one, idx, con.params)[0]) if relation else 0.0
        ok = bool(relation.check(one, idx, con.params)[0]) if relation else False
        results.append(ConstraintResult(relation=con.relation, args=con.args, params=dict(con.params),
                                        score=score, satisfied=ok))
    return Layout(objects=objects, constraints=results, checks=PhysicsChecks(), bounds=program.bounds,
                  prompt=prompt, seed=seed)
