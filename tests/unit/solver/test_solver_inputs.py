"""Bad programs exit 2 naming the item (CLI, run as a subprocess for some); locked objects,
custom relations and the discrete stage."""

from __future__ import annotations

import json
import subprocess
import sys
from pathlib import Path

import numpy as np
import pytest

from setdresser.blender_addon.cli import main
from setdresser.blender_addon.core.errors import ProgramError
from setdresser.blender_addon.core.model import program_from_dict
from setdresser.blender_addon.core.solver import solve
from setdresser.blender_addon.core.solver.discrete import assign_scales, solve_support, wall_assignments
from setdresser.blender_addon.core.solver.problem import compile_program
from setdresser.skill_library.base import Param, Relation, RelationSpec
from solver_scenes import obj, rel, room


def small_program(**changes) -> dict:
    data = {"schema": "setdresser.program/1", "bounds": room(4, 4),
            "objects": [obj("desk_1", (1.2, 0.6, 0.75)), obj("lamp_1", (0.2, 0.2, 0.4))],
            "constraints": [rel("on_top_of", "lamp_1", "desk_1")]}
    data.update(changes)
    return data


BAD_PROGRAMS = {
    "unknown relation": (small_program(constraints=[rel("hovering_over", "lamp_1", "desk_1")]), "hovering_over"),
    "unknown id": (small_program(constraints=[rel("on_top_of", "lamp_9", "desk_1")]), "lamp_9"),
    "wrong arity": (small_program(constraints=[rel("on_top_of", "lamp_1")]), "on_top_of(lamp_1)"),
    "bad param": (small_program(constraints=[rel("proximity", "lamp_1", "desk_1", max_distance="far")]),
                  "max_distance"),
    "non-numeric dimensions": (small_program(objects=[obj("desk_1", (1.2, 0.6, 0.75)),
                                                      {"id": "lamp_1", "dimensions": ["a", 0.2, 0.4]}]), "lamp_1"),
    "negative dimensions": (small_program(objects=[obj("desk_1", (1.2, -0.6, 0.75)), obj("lamp_1", (0.2, 0.2, 0.4))]),
                            "desk_1"),
    "locked without pose": (small_program(objects=[obj("desk_1", (1.2, 0.6, 0.75), locked=True),
                                                   obj("lamp_1", (0.2, 0.2, 0.4))]), "desk_1"),
    "same object twice": (small_program(constraints=[rel("on_top_of", "lamp_1", "lamp_1")]), "on_top_of(lamp_1, lamp_1)"),
}


@pytest.mark.parametrize("case", sorted(BAD_PROGRAMS))
def test_bad_program_exits_2_naming_the_item(case: str, tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    data, named = BAD_PROGRAMS[case]
    path = tmp_path / "program.json"
    path.write_text(json.dumps(data))
    assert main(["solve", str(path), "--out", str(tmp_path / "layout.json")]) == 2
    err = capsys.readouterr().err.strip()
    assert named in err and len(err.splitlines()) == 1
    assert not (tmp_path / "layout.json").exists()


def _cli(*args: str) -> subprocess.CompletedProcess[str]:
    return subprocess.run([sys.executable, "-m", "setdresser", *args], capture_output=True, text=True, timeout=120)


def test_cli_malformed_json_and_missing_file(tmp_path: Path) -> None:
    path = tmp_path / "broken.json"
    path.write_text('{"objects": [')
    done = _cli("solve", str(path), "--out", str(tmp_path / "out.json"))
    assert done.returncode == 2 and "broken.json" in done.stderr and "line 1" in done.stderr
    done = _cli("solve", str(tmp_path / "absent.json"), "--out", str(tmp_path / "out.json"))
    assert done.returncode == 2 and "absent.json" in done.stderr
    path.write_text(json.dumps(BAD_PROGRAMS["wrong arity"][0]))
    done = _cli("solve", str(path), "--out", str(tmp_path / "out.json"))
    assert done.returncode == 2 and "constraints[0] on_top_of(lamp_1)" in done.stderr


def test_cli_writes_the_layout(tmp_path: Path) -> None:
    path = tmp_path / "program.json"
    path.write_text(json.dumps(small_program()))
    done = _cli("solve", str(path), "--out", str(tmp_path / "layout.json"), "--seed", "4", "--effort", "1.0")
    assert done.returncode == 0, done.stderr
    assert "1/1 constraints hold, physics valid" in done.stdout
    layout = json.loads((tmp_path / "layout.json").read_text())
    assert layout["schema"] == "setdresser.layout/4" and layout["seed"] == 4
    assert layout["constraints"][0]["satisfied"] is True and layout["constraints"][0]["score"] >= 0.95
    lamp = next(o for o in layout["objects"] if o["id"] == "lamp_1")
    assert lamp["support"] == "desk_1" and lamp["location"][2] == pytest.approx(0.75)
    assert layout["checks"] == {"collisions": [], "unsupported": [], "out_of_bounds": [], "unstable": [],
                                "blocked_clearance": []}


def test_locked_objects_keep_their_pose() -> None:
    tv = obj("tv_1", (1.2, 0.1, 0.7), locked=True, location=[0.0, 1.9, 0.9], rotation_euler=[0.0, 0.0, 0.0])
    sofa = obj("sofa_1", (2.0, 0.9, 0.85), locked=True, location=[0.0, 0.0, 0.0], rotation_euler=[0.0, 0.0, 3.14159])
    program = program_from_dict(small_program(objects=[tv, sofa, obj("table_1", (1.0, 0.6, 0.45)),
                                                       obj("armchair_1", (0.8, 0.8, 0.9))],
                                              constraints=[rel("in_front_of", "table_1", "sofa_1", max_distance=0.8),
                                                           rel("facing", "armchair_1", "tv_1")]))
    layout = solve(program, seed=0, effort=1.333)
    placed = layout.by_id()
    assert placed["tv_1"].location == (0.0, 1.9, 0.9) and placed["tv_1"].locked
    assert placed["sofa_1"].rotation_euler == (0.0, 0.0, 3.14159)
    assert layout.checks.valid and all(c.satisfied for c in layout.constraints)


def _west_half() -> Relation:
    spec = RelationSpec(name="custom:west_half", min_args=1, max_args=1,
                        params=(Param("margin", "float", 0.0, "metres west of x = 0"),),
                        description="the object's centre lies west of x = -margin")

    def score(poses, idx, params):
        excess = np.maximum(poses.pos[:, idx[0], 0] + params["margin"], 0.0)
        return 1.0 / (1.0 + 4.0 * excess)

    def check(poses, idx, params):
        return poses.pos[:, idx[0], 0] <= -params["margin"]

    return Relation(spec=spec, score=score, check=check)


def test_custom_relation_from_extra_relations() -> None:
    data = small_program(constraints=[rel("on_top_of", "lamp_1", "desk_1"),
                                      rel("custom:west_half", "desk_1", margin=1.0)])
    program = program_from_dict(data)
    with pytest.raises(ProgramError, match="custom:west_half"):
        solve(program)
    layout = solve(program, seed=0, effort=1.0, extra_relations={"custom:west_half": _west_half()})
    assert [c.relation for c in layout.constraints] == ["on_top_of", "custom:west_half"]
    assert all(c.satisfied for c in layout.constraints) and layout.by_id()["desk_1"].location[0] <= -1.0


def test_support_csp_picks_a_fitting_parent_and_breaks_cycles() -> None:
    data = small_program(objects=[obj("box_1", (0.3, 0.3, 0.3)), obj("crate_1", (1.0, 1.0, 0.5)),
                                  obj("book_1", (0.4, 0.4, 0.05)), obj("a_1", (0.5, 0.5, 0.5)), obj("b_1", (0.5, 0.5, 0.5))],
                         constraints=[rel("on_top_of", "book_1", "box_1"), rel("on_top_of", "book_1", "crate_1"),
                                      rel("on_top_of", "a_1", "b_1"), rel("on_top_of", "b_1", "a_1")])
    problem = compile_program(program_from_dict(data))
    parent, _, _ = solve_support(problem)
    ids = problem.ids
    assert ids[parent[ids.index("book_1")]] == "crate_1"  # the 0.4 m book does not fit the 0.3 m box
    a, b = ids.index("a_1"), ids.index("b_1")
    assert sorted([parent[a], parent[b]]) in ([-1, a], [-1, b])  # one of the two, never a cycle


def test_wall_csp_respects_wall_length_and_single_corners() -> None:
    objects = [obj(f"bed_{k}", (3.0, 2.0, 0.6)) for k in range(2)] + [obj(f"plant_{k}", (0.4, 0.4, 1)) for k in range(4)]
    constraints = [rel("against_wall", f"bed_{k}") for k in range(2)] + [rel("in_corner", f"plant_{k}") for k in range(4)]
    data = small_program(bounds=room(6.0, 3.5), objects=objects, constraints=constraints)
    problem = compile_program(program_from_dict(data))
    assignment = wall_assignments(problem, np.random.default_rng(0), 1)[0]
    # a 3 m bed does not fit a 3.5 m wall beside two corner plants, and two do not fit one 6 m wall
    assert sorted(assignment[k] for k in range(2)) == ["north", "south"]
    assert sorted(assignment[k] for k in range(2, 6)) == ["ne", "nw", "se", "sw"]


def test_hierarchy_scales_are_strictly_ordered() -> None:
    boxes = [obj(f"box_{k}", (0.5, 0.5, 0.5), scale_range=[0.5, 2.0]) for k in range(5)]
    data = small_program(objects=boxes, constraints=[rel("hierarchy", *[f"box_{k}" for k in range(5)], key="height",
                                                         order="ascending")])
    scale = assign_scales(compile_program(program_from_dict(data)))
    assert np.all(np.diff(scale) > 0) and scale.min() >= 0.5 and scale.max() <= 2.0
