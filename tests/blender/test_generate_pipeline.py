"""The pipeline driven by the real Blender driver and the real numpy solver, with a
hand-written graph/program (independent of the planner): the audit measures the built
scene, the best iteration is what ends up in the saved .blend and in layout.json."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from setdresser.blender_addon.core import pipeline as pl
from setdresser.blender_addon.core.model import Bounds, Constraint, ObjectSpec, Program
from setdresser.blender_addon.core.scene_graph import AssetNode, SceneGraph
from setdresser.blender_addon.core.script_api import render_script
from setdresser.blender_addon.core.stage_set import StageSet, geometric_review, numpy_evaluate, numpy_solve

pytestmark = pytest.mark.blender

PROMPT = "a table with a vase on it, two chairs facing the table"


def program() -> Program:
    return Program(
        objects=[ObjectSpec("table_1", "table", (1.2, 0.8, 0.75)), ObjectSpec("vase_1", "vase", (0.15, 0.15, 0.3)),
                 ObjectSpec("chair_1", "chair", (0.5, 0.5, 0.9)), ObjectSpec("chair_2", "chair", (0.5, 0.5, 0.9))],
        constraints=[Constraint("on_top_of", ("vase_1", "table_1")),
                     Constraint("facing", ("chair_1", "table_1")), Constraint("facing", ("chair_2", "table_1")),
                     Constraint("proximity", ("chair_1", "table_1"), {"max_distance": 0.6}),
                     Constraint("proximity", ("chair_2", "table_1"), {"max_distance": 0.6})],
        bounds=Bounds((-2.5, -2.5, 0.0), (2.5, 2.5, 2.5)))


def stages() -> StageSet:
    graph = SceneGraph(assets=[AssetNode(o.id, o.category) for o in program().objects], relations=[], edges=[],
                       prompt=PROMPT)
    return StageSet(name="test", plan=lambda prompt: graph,
                    code=lambda g: pl.ProgramDraft(program(), render_script(program())),
                    solve=numpy_solve, evaluate=numpy_evaluate, review=geometric_review)


def run(tmp_path: Path, seed: int) -> tuple[pl.GenerateResult, object]:
    from setdresser.blender_addon.bl.boxes import build_box
    from setdresser.blender_addon.bl.driver import BlenderDriver
    from setdresser.blender_addon.bl.scene_setup import empty_scene

    request = pl.GenerateRequest(PROMPT, seed=seed, max_iterations=2, effort=0.333, resolution=96, top_view=True)
    driver = BlenderDriver(stages(), request, tmp_path, builder=build_box, scene=empty_scene())
    return pl.drive(pl.run(request), driver.fulfil, lambda event: None), driver


def test_the_loop_builds_audits_renders_and_saves(tmp_path: Path) -> None:
    import bpy

    result, driver = run(tmp_path, seed=1)
    assert (tmp_path / "render.png").is_file() and (tmp_path / "review_top.png").is_file()
    assert (tmp_path / "scene.blend").is_file() and result.saved == str(tmp_path / "scene.blend")
    assert [o.id for o in result.layout.objects] == ["table_1", "vase_1", "chair_1", "chair_2"]
    assert result.layout.checks.valid, result.layout.checks
    best = result.iterations[result.best_iteration - 1]
    assert best.score.satisfied == sum(c.satisfied for c in result.layout.constraints)
    assert best.max_drift < 0.01  # the built boxes are where the solver put them
    # the scene holds the best iteration's poses (it is rebuilt when a later one was worse)
    for obj in result.layout.objects:
        built = next(o for o in bpy.data.objects if o.get("setdresser_id") == obj.id)
        assert tuple(built.location) == pytest.approx(obj.location, abs=0.01)
    assert set(driver.timings) >= {"plan", "code", "solve", "build", "audit", "render", "save"}
    vase, table = result.layout.by_id()["vase_1"], result.layout.by_id()["table_1"]
    assert vase.bbox_min[2] == pytest.approx(table.bbox_max[2], abs=0.02)


def test_same_seed_same_scene(tmp_path: Path) -> None:
    first, _ = run(tmp_path / "a", seed=5)
    second, _ = run(tmp_path / "b", seed=5)
    assert json.dumps(first.layout.to_dict()) == json.dumps(second.layout.to_dict())
