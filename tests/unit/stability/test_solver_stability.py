"""The stability rule inside the solver and its checks: a planted overhanging stack is rejected,
the energy prefers the stable pose, and solved stacks come out stable (issue 21)."""

from __future__ import annotations

import itertools
from typing import Any

import numpy as np
from setdresser.blender_addon.core.model import PlacedObject, program_from_dict
from setdresser.blender_addon.core.solver import solve
from setdresser.blender_addon.core.solver.discrete import plan_variants
from setdresser.blender_addon.core.solver.energy import Scorer, State
from setdresser.blender_addon.core.solver.evaluate import evaluate
from setdresser.blender_addon.core.solver.problem import compile_program

BOOK = (0.19, 0.25, 0.04)


def obj(oid: str, dims: tuple[float, float, float]) -> dict[str, Any]:
    return {"id": oid, "category": oid.rsplit("_", 1)[0], "dimensions": list(dims)}


def rel(relation: str, *args: str) -> dict[str, Any]:
    return {"relation": relation, "args": list(args), "params": {}}


def room(x: float, y: float, z: float = 3.0) -> dict[str, list[float]]:
    return {"min": [-x / 2, -y / 2, 0.0], "max": [x / 2, y / 2, z]}


def _program(count: int) -> dict:
    objects = [obj("table_1", (0.8, 0.8, 0.45))] + [obj(f"book_{i}", BOOK) for i in range(1, count + 1)]
    chain = ["table_1"] + [f"book_{i}" for i in range(1, count + 1)]
    constraints = [rel("on_top_of", above, below) for below, above in itertools.pairwise(chain)]
    return {"schema": "setdresser.program/1", "bounds": room(4, 4), "objects": objects, "constraints": constraints}


def _placed(offsets: list[float]) -> list[PlacedObject]:
    out = [PlacedObject("table_1", "table", None, (0, 0, 0), (0, 0, 0), (0.8, 0.8, 0.45), (-0.4, -0.4, 0), (0.4, 0.4, 0.45))]
    for i, dx in enumerate(offsets):
        z = 0.45 + i * BOOK[2]
        out.append(PlacedObject(f"book_{i + 1}", "book", None, (dx, 0, z), (0, 0, 0), BOOK,
                                (dx - 0.095, -0.125, z), (dx + 0.095, 0.125, z + 0.04)))
    return out


def test_planted_overhanging_stack_is_rejected_though_every_on_top_of_holds() -> None:
    program = program_from_dict(_program(4))
    results, checks = evaluate(program, _placed([0.0, 0.06, 0.12, 0.18]))
    assert all(r.satisfied for r in results)  # each centre is over the book below ...
    assert checks.unstable and "book_2" in checks.unstable  # ... but the load above book_2 leans out
    assert not checks.valid
    _, fine = evaluate(program, _placed([0.0, 0.01, 0.0, -0.01]))
    assert fine.unstable == [] and fine.valid


def test_energy_prefers_the_stable_stack() -> None:
    problem = compile_program(program_from_dict(_program(4)))
    plan = plan_variants(problem, np.random.default_rng(0), 1)[0]
    scorer = Scorer(problem, plan)
    placed = _placed([0.0, 0.06, 0.12, 0.18])
    state = State(np.array([p.location for p in placed]), np.zeros(5), np.ones(5))
    leaning = scorer.full(state, physics_weight=10.0)
    upright = state.copy()
    upright.pos[:, 0] = 0.0
    straight = scorer.full(upright, physics_weight=10.0)
    assert leaning.energy > straight.energy
    assert scorer.object_violations(state)[2] > 0 and scorer.object_violations(upright).max() == 0


def test_solved_stacks_are_stable() -> None:
    for seed in (0, 1):
        layout = solve(program_from_dict(_program(6)), seed=seed, effort=1.667)
        assert layout.checks.unstable == [], layout.checks
