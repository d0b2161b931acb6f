"""Relations are plugins: the solver reads a relation's PLACEMENT (moves and discrete role),
never its name. A renamed copy of every built-in relation solves byte-identically, and no
relation name appears in the solver's code."""

from __future__ import annotations

import ast
import dataclasses
import json
import re
import time
from pathlib import Path

import pytest

from setdresser.blender_addon.core.model import Constraint
from setdresser.blender_addon.core.offline import code, plan
from setdresser.blender_addon.core.solver import solve
from setdresser.skill_library.base import Relation
from setdresser.skill_library.registry import default_registry

ROOT = Path(__file__).resolve().parents[3]
SOLVER = ROOT / "blender_addon" / "core" / "solver"
# words of the physics-role and support-mode vocabulary (CONTRACTS §4) that are also relation names
PHYSICS_WORDS = {"inside", "above", "under", "overlap"}
PROMPTS = (  # together they use 26 built-in relations
    "A conference room with a long table, twelve office chairs around the table, a projector screen against "
    "the north wall and a plant in each corner.",
    "A dining room with a long wooden dining table in the middle of the room and eight chairs around it. "
    "A vase with flowers on the table.",
    "Create a cozy reading corner with a leather armchair facing the window, a small side table to its right "
    "with a mug and a stack of three books on it, a tall floor lamp behind the armchair, and a round rug under the armchair.",
    "A classroom with a whiteboard against the north wall, a teacher's desk in front of the whiteboard and twelve "
    "student desks arranged in a 3 by 4 grid facing the whiteboard.",
    "A wardrobe in the southwest corner, a dresser against the south wall with a mirror on it, and a bed aligned with the dresser.",
    "A kitchen with a stove between the fridge and the sink, and a table with four chairs in the middle.",
    "A tent far from the campfire, and a tree behind the tent.",
    "A small cabinet, a tall cabinet twice as tall as the small one, and a vase on the small cabinet.",
    "Two lamps placed symmetrically about the sofa.",
    "A rug in front of the fireplace with two armchairs on it facing the fire.",
    "A bookshelf against the west wall with a vase above it... and a ball inside a box near the bookshelf.",
    "A campsite with a campfire in the middle, four logs around the campfire, two tents near the campfire and a lantern on one of the logs.",
    "Arrange six stools in a circle, two sofas in an L shape and five chairs in a semicircle around the rug.",
)


def _renamed(relation: Relation) -> Relation:
    spec = dataclasses.replace(relation.spec, name="plugin_" + relation.spec.name)
    return dataclasses.replace(relation, spec=spec)


@pytest.mark.parametrize("prompt", PROMPTS, ids=[p[:30] for p in PROMPTS])
def test_a_renamed_copy_of_every_relation_solves_the_same(prompt: str, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(time, "monotonic", lambda: 0.0)  # the step budget alone decides (no overrun guard)
    program = code(plan(prompt))
    registry = default_registry()
    used = {c.relation for c in program.constraints}
    extra = {"plugin_" + name: _renamed(registry.get(name)) for name in used}
    renamed = dataclasses.replace(program, constraints=[
        dataclasses.replace(c, relation="plugin_" + c.relation) for c in program.constraints])
    assert all(isinstance(c, Constraint) for c in renamed.constraints)
    original = solve(program, seed=3, effort=0.167).to_dict()
    plugin = solve(renamed, seed=3, effort=0.167, extra_relations=extra).to_dict()
    assert json.dumps(original["objects"], sort_keys=True) == json.dumps(plugin["objects"], sort_keys=True)


def test_the_prompts_cover_the_placement_roles() -> None:
    used = {c.relation for p in PROMPTS for c in code(plan(p)).constraints}
    assert len(used) >= 24, sorted(used)


def _solver_files() -> list[Path]:
    return sorted(SOLVER.glob("*.py"))


def test_no_relation_name_in_the_solver() -> None:
    names = set(default_registry().names()) - PHYSICS_WORDS
    pattern = re.compile(r"""["'](%s)["']""" % "|".join(sorted(names)))
    found = [f"{p.name}:{n}" for p in _solver_files()
             for n, line in enumerate(p.read_text(encoding="utf-8").splitlines(), 1) if pattern.search(line)]
    assert not found, found


def test_the_solver_never_compares_a_relation_name() -> None:
    """Not even the names that double as physics words: ``.name`` is never compared with text."""
    found = []
    for path in _solver_files():
        for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
            if isinstance(node, ast.Compare):
                sides = [node.left, *node.comparators]
                named = any(isinstance(s, ast.Attribute) and s.attr in ("name", "relation_name") for s in sides)
                text = any(isinstance(s, (ast.Constant, ast.Tuple, ast.Set, ast.List, ast.Name)) and s is not node.left
                           for s in sides)
                if named and text:
                    found.append(f"{path.name}:{node.lineno}")
    assert not found, found


def _crowded_program(hard: bool) -> dict:
    """Two tables that cannot both be against the 2 m north wall: one of the walls must give."""
    from solver_scenes import obj, rel, room

    return {"schema": "setdresser.program/1", "bounds": room(2.0, 4.0),
            "objects": [obj("table_1", (1.6, 0.8, 0.75)), obj("table_2", (1.6, 0.8, 0.75))],
            "constraints": [rel("against_wall", "table_1", wall="north"),
                            {**rel("against_wall", "table_2", wall="north"), "hard": hard}]}


def test_a_hard_constraint_is_feasibility_and_reported_by_name(caplog: pytest.LogCaptureFixture) -> None:
    from setdresser.blender_addon.core.model import program_from_dict

    layout = solve(program_from_dict(_crowded_program(hard=True)), seed=0, effort=0.167)
    by_arg = {c.args[0]: c for c in layout.constraints}
    assert by_arg["table_2"].hard and by_arg["table_2"].satisfied  # the hard one holds, the soft one gives
    assert not by_arg["table_1"].satisfied and not by_arg["table_1"].hard
    assert layout.to_dict()["constraints"][1]["hard"] is True and "hard" not in layout.to_dict()["constraints"][0]


def test_a_hard_constraint_that_cannot_hold_is_named(caplog: pytest.LogCaptureFixture) -> None:
    from setdresser.blender_addon.core.model import program_from_dict

    data = _crowded_program(hard=True)
    data["constraints"][0]["hard"] = True
    layout = solve(program_from_dict(data), seed=0, effort=0.167)
    assert not all(c.satisfied for c in layout.constraints)
    assert "hard constraint(s) cannot hold: against_wall(table_" in caplog.text
