"""The member order of row/grid/around/stacked is chosen with the other constraints (issue 2):
the chosen order is what the checks see and what the layout reports; the set of args is kept."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from setdresser.blender_addon.cli import main
from setdresser.blender_addon.core.model import program_from_dict
from setdresser.blender_addon.core.solver import solve
from setdresser.blender_addon.core.solver.evaluate import evaluate
from setdresser.blender_addon.core.solver.ordering import topological_order
from setdresser.blender_addon.core.solver.problem import compile_program
from solver_scenes import obj, rel, room

BOXES = {"box_s": (0.3, 0.3, 0.25), "box_m": (0.5, 0.45, 0.25), "box_l": (0.7, 0.65, 0.3), "box_xl": (1.0, 0.9, 0.35)}


def _program(objects: list[dict], constraints: list[dict], size: float = 5.0) -> dict:
    return {"schema": "setdresser.program/1", "bounds": room(size, size), "objects": objects,
            "constraints": constraints}


def stack_smallest_first() -> dict:
    """stacked lists the boxes smallest first; hierarchy says largest volume first."""
    objects = [obj(oid, dims) for oid, dims in BOXES.items()]
    return _program(objects, [rel("stacked", "box_s", "box_m", "box_l", "box_xl"),
                              rel("hierarchy", "box_xl", "box_l", "box_m", "box_s", key="volume", order="descending")])


def row_against_sides() -> dict:
    """A row listed a, b, c whose left_of relations want c between a and b."""
    objects = [obj(f"chair_{k}", (0.45, 0.45, 0.85)) for k in "abc"]
    return _program(objects, [rel("row", "chair_a", "chair_b", "chair_c"),
                              rel("left_of", "chair_a", "chair_c", max_distance=1.0),
                              rel("left_of", "chair_c", "chair_b", max_distance=1.0),
                              rel("parallel", "chair_a", "chair_c"), rel("parallel", "chair_c", "chair_b")])


def _args(layout_or_results, relation: str) -> tuple[str, ...]:
    results = getattr(layout_or_results, "constraints", layout_or_results)
    return next(c.args for c in results if c.relation == relation)


def test_stack_listed_smallest_first_ends_largest_at_the_bottom() -> None:
    layout = solve(program_from_dict(stack_smallest_first()), seed=0, effort=1.0)
    assert _args(layout, "stacked") == ("box_xl", "box_l", "box_m", "box_s")
    objects = layout.by_id()
    assert objects["box_xl"].support == "ground"
    assert [objects[b].support for b in ("box_l", "box_m", "box_s")] == ["box_xl", "box_l", "box_m"]
    assert all(c.satisfied for c in layout.constraints), [c.relation for c in layout.constraints if not c.satisfied]
    assert layout.checks.valid


def test_row_contradicting_its_side_relations_still_holds() -> None:
    layout = solve(program_from_dict(row_against_sides()), seed=0, effort=1.0)
    assert _args(layout, "row") == ("chair_a", "chair_c", "chair_b")
    assert all(c.satisfied for c in layout.constraints), [(c.relation, c.args) for c in layout.constraints
                                                          if not c.satisfied]
    assert layout.checks.valid


def test_layout_file_reports_the_chosen_order_with_the_same_args(tmp_path: Path) -> None:
    program_path, out = tmp_path / "program.json", tmp_path / "layout.json"
    program_path.write_text(json.dumps(stack_smallest_first()))
    assert main(["solve", str(program_path), "--out", str(out), "--effort", "1.0"]) == 0
    reported = next(c for c in json.loads(out.read_text())["constraints"] if c["relation"] == "stacked")
    assert reported["args"] == ["box_xl", "box_l", "box_m", "box_s"]
    assert reported["satisfied"] is True


def test_an_audit_of_the_built_poses_sees_the_same_order() -> None:
    program = program_from_dict(row_against_sides())
    layout = solve(program, seed=0, effort=1.0)
    results, checks = evaluate(program, layout.objects)
    assert [(c.args, c.satisfied) for c in results] == [(c.args, c.satisfied) for c in layout.constraints]
    assert checks.valid


def test_order_choice_is_deterministic() -> None:
    program = program_from_dict(row_against_sides())
    assert solve(program, seed=4, effort=0.667).to_dict() == solve(program, seed=4, effort=0.667).to_dict()
    orders = {tuple(c.args) for _ in range(3) for c in compile_program(program).constraints if c.name == "row"}
    assert len(orders) == 1


def test_listed_order_is_kept_when_nothing_speaks_against_it() -> None:
    objects = [obj(f"shelf_{k}", (0.8, 0.35, 1.8)) for k in range(4)] + [obj("table_1", (1.6, 0.9, 0.75))]
    objects += [obj(f"chair_{k}", (0.45, 0.45, 0.85)) for k in range(4)]
    program = _program(objects, [rel("row", "shelf_2", "shelf_0", "shelf_3", "shelf_1"),
                                 rel("around", "chair_3", "chair_1", "chair_0", "chair_2", "table_1")])
    problem = compile_program(program_from_dict(program))
    assert [problem.ids[i] for i in problem.constraints[0].args] == ["shelf_2", "shelf_0", "shelf_3", "shelf_1"]
    around = [problem.ids[i] for i in problem.constraints[1].args]
    assert around == ["chair_3", "chair_1", "chair_0", "chair_2", "table_1"]


def test_a_row_read_backwards_by_its_sides_is_kept() -> None:
    objects = [obj(f"chair_{k}", (0.45, 0.45, 0.85)) for k in range(3)]
    program = _program(objects, [rel("row", "chair_0", "chair_1", "chair_2"), rel("left_of", "chair_1", "chair_0"),
                                 rel("left_of", "chair_2", "chair_1")])
    problem = compile_program(program_from_dict(program))
    assert problem.constraints[0].args == (0, 1, 2)


def test_around_follows_left_and_right_and_keeps_its_centre_last() -> None:
    objects = [obj(f"chair_{k}", (0.45, 0.45, 0.85)) for k in range(4)] + [obj("table_1", (1.2, 1.2, 0.75))]
    program = _program(objects, [rel("around", "chair_0", "chair_1", "chair_2", "chair_3", "table_1"),
                                 rel("left_of", "chair_2", "chair_0"), rel("right_of", "chair_3", "chair_0")])
    problem = compile_program(program_from_dict(program))
    order = [problem.ids[i] for i in problem.constraints[0].args]
    assert order[-1] == "table_1" and sorted(order[:-1]) == [f"chair_{k}" for k in range(4)]
    assert order.index("chair_2") + 1 == order.index("chair_0") == order.index("chair_3") - 1
    layout = solve(program_from_dict(program), seed=0, effort=1.333)
    assert layout.checks.valid and all(c.satisfied for c in layout.constraints)


def test_stack_without_hierarchy_puts_what_does_not_fit_lower() -> None:
    objects = [obj("crate_1", (0.3, 0.3, 0.3)), obj("pallet_1", (1.2, 1.0, 0.15))]
    problem = compile_program(program_from_dict(_program(objects, [rel("stacked", "crate_1", "pallet_1")])))
    assert [problem.ids[i] for i in problem.constraints[0].args] == ["pallet_1", "crate_1"]
    assert problem.support_options[0][0].parent == 1  # the crate rests on the pallet


def test_topological_order_breaks_a_cycle_at_its_lightest_edge() -> None:
    edges = [(0, 1, 1.0), (1, 2, 1.0), (2, 0, 0.2)]
    assert topological_order([2, 1, 0], edges, lambda n: n) == [0, 1, 2]
    assert topological_order([3, 1, 2], [], lambda n: [3, 1, 2].index(n)) == [3, 1, 2]


def test_unknown_relation_is_reported_before_repeated_args(tmp_path: Path,
                                                          capsys: pytest.CaptureFixture[str]) -> None:
    program = _program([obj("desk_1", (1.2, 0.6, 0.75))], [rel("on_topp", "desk_1", "desk_1")])
    path = tmp_path / "program.json"
    path.write_text(json.dumps(program))
    assert main(["solve", str(path), "--out", str(tmp_path / "layout.json")]) == 2
    err = capsys.readouterr().err
    assert "unknown relation 'on_topp'" in err and "twice" not in err
    assert err.count("on_topp(desk_1, desk_1)") == 1
