"""Negation, counting, comparators and extremes in generation (issue 17): the relations'
checks on constructed scenes, score/check agreement on random batches, and solves where they
hold ("a desk with nothing on it next to a table with three things on it")."""

from __future__ import annotations

import numpy as np
import pytest

from setdresser.blender_addon.core.model import Bounds, Constraint, ObjectSpec, Program
from setdresser.blender_addon.core.solver.api import solve
from setdresser.skill_library.errors import ProgramError
from setdresser.skill_library.registry import default_registry

from setdresser.tests.unit.skill_library.relation_cases import BOX, TABLE, poses_of

REGISTRY = default_registry()
NEW = ("none_of", "count_of", "closer_than", "larger_than", "nearest", "farthest")
CUP_ON = (0.2, 0.1, 0.75, 0.0, 0.1, 0.1, 0.1)
CUP_OFF = (2.0, 2.0, 0.0, 0.0, 0.1, 0.1, 0.1)


def params(name: str, **given: object) -> dict:
    out = {p.name: p.default for p in REGISTRY.get(name).spec.params}
    out.update(given)
    return out


def run(name: str, scenes: list[list], idx: tuple[int, ...], **given: object) -> tuple[np.ndarray, np.ndarray]:
    poses = poses_of(*scenes)
    relation = REGISTRY.get(name)
    p = params(name, **given)
    return relation.score(poses, idx, p), relation.check(poses, idx, p)


def test_none_of_holds_only_when_nothing_is_on_the_table() -> None:
    score, check = run("none_of", [[CUP_OFF, CUP_OFF, TABLE], [CUP_OFF, CUP_ON, TABLE]], (0, 1, 2))
    assert check.tolist() == [True, False] and score[0] >= 0.95 and score[1] < 0.2


def test_none_of_with_another_member_relation() -> None:
    front = (0.0, -1.0, 0.0, 0.0, 0.5, 0.5, 0.9)
    score, check = run("none_of", [[CUP_OFF, TABLE], [front, TABLE]], (0, 1), relation="in_front_of")
    assert check.tolist() == [True, False]


@pytest.mark.parametrize("mode, count, expected", [
    ("exactly", 2, [False, True, False]), ("exactly", 3, [False, False, True]), ("at_least", 2, [False, True, True]),
])
def test_count_of(mode: str, count: int, expected: list[bool]) -> None:
    scenes = [[CUP_ON, CUP_OFF, CUP_OFF, TABLE], [CUP_ON, CUP_ON, CUP_OFF, TABLE], [CUP_ON, CUP_ON, CUP_ON, TABLE]]
    score, check = run("count_of", scenes, (0, 1, 2, 3), count=count, mode=mode)
    assert check.tolist() == expected
    assert np.all(score[check] >= 0.95) and np.all(score[~check] < 0.95)


def test_comparators_and_extremes() -> None:
    near, far = (1.0, 0.0, 0.0, 0.0, 0.5, 0.5, 0.5), (2.5, 0.0, 0.0, 0.0, 0.5, 0.5, 0.5)
    assert run("closer_than", [[near, far, BOX], [far, near, BOX]], (0, 1, 2))[1].tolist() == [True, False]
    assert run("nearest", [[near, BOX, far, far], [far, BOX, near, far]], (0, 1, 2, 3))[1].tolist() == [True, False]
    assert run("farthest", [[far, BOX, near, near], [near, BOX, far, near]], (0, 1, 2, 3))[1].tolist() == [True, False]
    big, small = (0, 0, 0, 0, 2.0, 1.0, 1.0), (0, 0, 0, 0, 1.0, 1.0, 1.0)
    assert run("larger_than", [[big, small], [small, big]], (0, 1))[1].tolist() == [True, False]
    assert run("larger_than", [[big, small]], (0, 1), measure="height", ratio=1.1)[1].tolist() == [False]


@pytest.mark.parametrize("name", NEW)
def test_random_batches_agree(name: str) -> None:
    rng = np.random.default_rng(len(name))
    n = 5
    from setdresser.skill_library.base import Poses
    poses = Poses(pos=rng.uniform(-3, 3, (64, n, 3)) * [1, 1, 0.2], yaw=rng.uniform(-4, 4, (64, n)),
                  size=rng.uniform(0.05, 2.0, (64, n, 3)), bounds_min=np.array([-3.0, -3, 0]),
                  bounds_max=np.array([3.0, 3, 3]))
    spec = REGISTRY.get(name).spec
    k = spec.max_args or 4
    p = params(name, **({"count": 1} if name == "count_of" else {}))
    score, check = REGISTRY.get(name).score(poses, tuple(range(k)), p), REGISTRY.get(name).check(poses, tuple(range(k)), p)
    assert np.all(np.isfinite(score)) and np.all((score >= 0) & (score <= 1))
    assert np.all(score[check] >= 0.95)


def test_a_quantifier_rejects_a_member_it_cannot_use() -> None:
    from setdresser.skill_library.quantifiers import member
    with pytest.raises(ProgramError):
        member("against_wall")
    with pytest.raises(ProgramError):
        member("none_of")


def test_desk_with_nothing_next_to_table_with_three_things_solves() -> None:
    objs = [ObjectSpec("desk_1", "desk", (1.2, 0.6, 0.75)), ObjectSpec("table_1", "table", (1.0, 1.0, 0.75)),
            ObjectSpec("cup_1", "cup", (0.1, 0.1, 0.1)), ObjectSpec("book_1", "book", (0.2, 0.15, 0.04)),
            ObjectSpec("vase_1", "vase", (0.15, 0.15, 0.3))]
    things = ("cup_1", "book_1", "vase_1")
    constraints = [Constraint("on_top_of", (t, "table_1")) for t in things]
    constraints += [Constraint("proximity", ("desk_1", "table_1"), {"max_distance": 0.5}),
                    Constraint("none_of", (*things, "desk_1")),
                    Constraint("count_of", (*things, "table_1"), {"count": 3})]
    program = Program(objects=objs, constraints=constraints, bounds=Bounds((-2.5, -2.5, 0), (2.5, 2.5, 3)))
    layout = solve(program, seed=0, effort=1.667)
    assert layout.checks.valid and all(c.satisfied for c in layout.constraints), \
        [(c.relation, c.args) for c in layout.constraints if not c.satisfied]
