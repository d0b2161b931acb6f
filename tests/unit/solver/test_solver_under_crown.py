"""Under a tree or a parasol is under its crown, clear of its trunk or pole (relation under v5, param
``trunk``; vertical15). A tree's or a parasol's box is as wide as its crown, so "a hammock under the maple"
or "loungers under a parasol" could hold with the trunk or pole through the middle of the thing (the
fidelity scorer: the hammock 1 m into the trunk, the audit: holds). With ``trunk`` > 0 the anchor's centre
must lie ``trunk`` m outside the subject's footprint; the library's check, the independent evaluator (the
product's audit) and the solver agree. ``trunk`` 0 (the default) is v4's meaning."""

from __future__ import annotations

import numpy as np
import pytest

from setdresser.blender_addon.core.evaluation.checks import check_relation
from setdresser.blender_addon.core.evaluation.geometry import boxes_of
from setdresser.blender_addon.core.model import PROGRAM_SCHEMA, Bounds, layout_from_dict, program_from_dict
from setdresser.blender_addon.core.solver import solve
from setdresser.skill_library.base import Poses
from setdresser.skill_library.registry import default_registry
from setdresser.tests.benchmark.layouts import layout, obj

BOUNDS = Bounds((-6.0, -6.0, 0.0), (6.0, 6.0, 10.0))
TREE = (4.0, 4.0, 6.5)
BENCH = (1.4, 0.4, 0.45)


def _both(x: float, y: float, **params: object) -> tuple[bool, bool]:
    """(library check, evaluator check) of under(bench, tree) with the bench at (x, y), the tree at the origin."""
    spec = default_registry().get("under")
    full = {p.name: p.default for p in spec.spec.params} | params
    poses = Poses(pos=np.array([[[x, y, 0.0], [0.0, 0.0, 0.0]]]), yaw=np.array([[0.0, 0.0]]),
                  size=np.array([[BENCH, TREE]], dtype=float))
    library = bool(spec.check(poses, (0, 1), full)[0])
    boxes = boxes_of(layout_from_dict(layout([obj("tree_1", "tree", 0.0, 0.0, TREE),
                                              obj("bench_1", "bench", x, y, BENCH)])).objects)
    evaluator = check_relation("under", ("bench_1", "tree_1"), params, boxes, BOUNDS).holds
    return library, evaluator


def test_under_v5_takes_the_trunk_param() -> None:
    spec = default_registry().get("under").spec
    assert spec.version >= 5 and any(p.name == "trunk" and p.default == 0.0 for p in spec.params)


@pytest.mark.parametrize("x, y, holds", [
    (0.0, 0.0, False),   # the trunk through the middle of the bench: where old main left it
    (0.9, 0.0, False),   # the trunk 20 cm inside the bench's end
    (0.0, 0.6, True),    # beside the trunk, its back 40 cm from the trunk's centre
    (1.5, 1.0, True),    # further out, still under the crown
    (0.0, 2.2, False),   # out from under the crown
])
def test_a_bench_under_a_tree_stands_under_its_crown_clear_of_its_trunk(x: float, y: float, holds: bool) -> None:
    assert _both(x, y, trunk=0.3) == (holds, holds)


def test_without_a_trunk_under_keeps_v4s_meaning() -> None:
    assert _both(0.0, 0.0) == (True, True)
    assert _both(0.9, 0.0) == (True, True)


def _garden(trunk: float) -> dict:
    def rel(relation: str, *args: str, **params: object) -> dict:
        return {"relation": relation, "args": list(args), "params": params}

    return {"schema": PROGRAM_SCHEMA, "bounds": {"min": [-5.0, -5.0, 0.0], "max": [5.0, 5.0, 10.0]},
            "objects": [{"id": "tree_1", "category": "tree", "dimensions": list(TREE)},
                        {"id": "bench_1", "category": "bench", "dimensions": list(BENCH)},
                        {"id": "lounger_1", "category": "sun lounger", "dimensions": [0.7, 1.9, 0.4]},
                        {"id": "parasol_1", "category": "parasol", "dimensions": [2.4, 2.4, 2.35]}],
            "constraints": [rel("centered", "tree_1"), rel("under", "bench_1", "tree_1", trunk=trunk),
                            rel("under", "lounger_1", "parasol_1", trunk=trunk)]}


def test_the_solver_sets_the_bench_beside_the_trunk_and_the_lounger_beside_the_pole() -> None:
    for seed in range(2):
        result = solve(program_from_dict(_garden(0.3)), seed=seed)
        assert result.checks.valid and all(c.satisfied for c in result.constraints), seed
        boxes = boxes_of(result.objects)
        for a, b in (("bench_1", "tree_1"), ("lounger_1", "parasol_1")):
            assert not boxes[a].contains_xy(boxes[b].centre, 0.3), (seed, a)  # old main: no such term
            assert boxes[b].contains_xy(boxes[a].centre), (seed, a)
