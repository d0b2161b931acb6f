"""The operators on real scenes: Generate in background mode and through the panel driver, one
undo step, locked objects (the user's and our own), Re-solve, selecting a constraint's
objects, Accept."""

from __future__ import annotations

import tempfile
import time
from pathlib import Path
from types import SimpleNamespace
from typing import Any

import numpy as np
import pytest

pytestmark = pytest.mark.blender

PROMPT = "a lamp on a desk, a chair in front of the desk"


def ours(bpy: Any) -> dict[str, Any]:
    """Generated layout objects by id."""
    collection = bpy.data.collections[bpy.context.scene.setdresser.collection_name]
    return {o["setdresser_id"]: o for o in collection.all_objects if "setdresser_id" in o}


def world_aabb(obj: Any) -> tuple[Any, Any]:
    from mathutils import Vector

    corners = [obj.matrix_world @ Vector(c) for c in obj.bound_box]
    return (Vector([min(c[i] for c in corners) for i in range(3)]), Vector([max(c[i] for c in corners) for i in range(3)]))


def footprint(obj: Any) -> np.ndarray:
    """The object's oriented box seen from above: 4 XY corners in order around the centre."""
    from mathutils import Vector

    corners = np.array([tuple(obj.matrix_world @ Vector(c))[:2] for c in obj.bound_box])
    unique = np.unique(np.round(corners, 6), axis=0)
    centre = unique.mean(axis=0)
    return unique[np.argsort(np.arctan2(*(unique - centre).T[::-1]))]


def penetration(a: Any, b: Any) -> float:
    """Depth of overlap of two upright oriented boxes (separating axis test; <= 0: apart)."""
    (alo, ahi), (blo, bhi) = world_aabb(a), world_aabb(b)
    depth = min(ahi.z, bhi.z) - max(alo.z, blo.z)
    pa, pb = footprint(a), footprint(b)
    for poly in (pa, pb):
        for edge in np.roll(poly, -1, axis=0) - poly:
            axis = np.array([-edge[1], edge[0]]) / np.linalg.norm(edge)
            ra, rb = pa @ axis, pb @ axis
            depth = min(depth, min(ra.max(), rb.max()) - max(ra.min(), rb.min()))
    return float(depth)


def test_generate_builds_the_scene_in_background_mode(bpy_addon: Any) -> None:
    bpy = bpy_addon
    settings = bpy.context.scene.setdresser
    settings.render_engine, settings.resolution = "workbench", 64
    assert bpy.ops.setdresser.generate() == {"FINISHED"}
    run = bpy.context.window_manager.setdresser_run
    assert run.status == "DONE" and "relations hold" in run.message
    assert set(ours(bpy)) == {"lamp_1", "desk_1", "chair_1"}
    lamp, desk = ours(bpy)["lamp_1"], ours(bpy)["desk_1"]
    assert world_aabb(lamp)[0].z == pytest.approx(world_aabb(desk)[1].z, abs=0.02)
    labels = [c.label for c in run.constraints]
    assert {"on_top_of(lamp_1, desk_1)", "in_front_of(chair_1, desk_1)"} <= set(labels)
    assert run.message.startswith(f"3 objects; {sum(c.satisfied for c in run.constraints)}/{len(labels)} relations hold")
    assert len(run.history) >= 1 and Path(run.history[0].render_path).is_file()
    assert (Path(run.out_dir) / "render.png").is_file()
    assert bpy.data.filepath == ""  # the user's file is never saved by a run
    assert run.elapsed > 0 and run.tokens == 0 and run.backend.startswith("offline")


def test_an_empty_prompt_is_refused(bpy_addon: Any) -> None:
    bpy = bpy_addon
    bpy.context.scene.setdresser.prompt = "   "
    with pytest.raises(RuntimeError, match="Write a prompt first"):
        bpy.ops.setdresser.generate()
    assert bpy.context.window_manager.setdresser_run.status == "IDLE"


def test_one_undo_step_undoes_a_generation(bpy_addon: Any) -> None:
    bpy = bpy_addon
    bpy.ops.mesh.primitive_cube_add()  # the user's own object (operators called from Python push no undo step)
    before = {o.name for o in bpy.data.objects}
    bpy.ops.setdresser.generate()
    assert len(bpy.data.objects) > len(before)
    bpy.ops.ed.undo()
    assert {o.name for o in bpy.data.objects} == before
    assert not [c for c in bpy.data.collections if c.name.startswith("SetDresser")]


def test_the_panel_path_runs_on_the_pump_and_pushes_one_undo_step(bpy_addon: Any) -> None:
    bpy = bpy_addon
    from setdresser.blender_addon import ops
    from setdresser.blender_addon.bl import panel_driver

    before = {o.name for o in bpy.data.objects}
    operator = SimpleNamespace(report=lambda level, text: None)
    assert ops.start_session(operator, bpy.context, PROMPT, "generate", blocking=False) == {"FINISHED"}
    run = bpy.context.window_manager.setdresser_run
    assert run.status == "RUNNING" and panel_driver.active().running  # returned before any work
    ticks, deadline = 0, time.monotonic() + 60
    while panel_driver.active().running:
        assert time.monotonic() < deadline
        panel_driver.pump()
        ticks += 1
        time.sleep(0.01)
    assert run.status == "DONE" and ticks > 1, (run.status, run.message, ticks)
    assert set(ours(bpy)) == {"lamp_1", "desk_1", "chair_1"}
    bpy.ops.ed.undo()
    assert {o.name for o in bpy.data.objects} == before


def test_a_locked_object_of_the_user_keeps_its_pose_and_is_avoided(bpy_addon: Any) -> None:
    bpy = bpy_addon
    bpy.ops.mesh.primitive_cube_add(size=1.0, location=(0.2, 0.1, 0.5))
    crate = bpy.context.active_object
    crate.name = "Crate"
    crate.rotation_euler.z = 0.3
    assert bpy.ops.setdresser.lock_selected() == {"FINISHED"}
    pose = (tuple(crate.location), tuple(crate.rotation_euler))
    assert bpy.ops.setdresser.generate() == {"FINISHED"}
    run = bpy.context.window_manager.setdresser_run
    assert run.message.startswith("4 objects") and "physics ok" in run.message  # the crate was in the program
    assert (tuple(crate.location), tuple(crate.rotation_euler)) == pose
    assert crate.name == "Crate" and "crate" not in ours(bpy)  # measured, never rebuilt
    for obj in ours(bpy).values():
        assert penetration(obj, crate) <= 0.011, obj.name  # CONTRACTS §4: at most 1 cm interpenetration
    from setdresser.blender_addon.bl.panel_session import load_source

    _, _, program = load_source(bpy.data.collections[bpy.context.scene.setdresser.collection_name])
    assert "crate" not in program.object_ids()  # the stored program is the plan's, without the user's objects


def test_resolve_keeps_a_moved_locked_object_and_replaces_the_others(bpy_addon: Any) -> None:
    bpy = bpy_addon
    bpy.ops.setdresser.generate()
    chair = ours(bpy)["chair_1"]
    chair.location.x += 0.4
    chair.rotation_euler.z += 0.2
    bpy.context.view_layer.update()
    moved = (chair.location.copy(), chair.rotation_euler.z)
    bpy.ops.object.select_all(action="DESELECT")
    chair.select_set(True)
    bpy.ops.setdresser.lock_selected()
    assert bpy.ops.setdresser.resolve.poll()
    assert bpy.ops.setdresser.resolve() == {"FINISHED"}
    run = bpy.context.window_manager.setdresser_run
    assert run.status == "DONE", run.message
    rebuilt = ours(bpy)
    assert set(rebuilt) == {"lamp_1", "desk_1", "chair_1"}
    chair = rebuilt["chair_1"]
    assert (chair.location - moved[0]).length < 0.01 and chair.rotation_euler.z == pytest.approx(moved[1], abs=1e-3)
    assert chair.get("setdresser_locked") is True  # still locked after the rebuild
    assert not rebuilt["desk_1"].get("setdresser_locked")


def test_resolve_forgets_objects_the_user_deleted(bpy_addon: Any) -> None:
    bpy = bpy_addon
    bpy.ops.setdresser.generate()
    bpy.data.objects.remove(ours(bpy)["lamp_1"], do_unlink=True)
    assert bpy.ops.setdresser.resolve() == {"FINISHED"}
    run = bpy.context.window_manager.setdresser_run
    assert set(ours(bpy)) == {"desk_1", "chair_1"}
    labels = [c.label for c in run.constraints]
    assert "in_front_of(chair_1, desk_1)" in labels and not [label for label in labels if "lamp_1" in label]


def test_selecting_a_constraint_selects_its_objects(bpy_addon: Any) -> None:
    bpy = bpy_addon
    bpy.ops.setdresser.generate()
    run = bpy.context.window_manager.setdresser_run
    index = [c.label for c in run.constraints].index("in_front_of(chair_1, desk_1)")
    assert bpy.ops.setdresser.select_constraint(index=index) == {"FINISHED"}
    assert sorted(o["setdresser_id"] for o in bpy.context.selected_objects) == ["chair_1", "desk_1"]
    assert bpy.context.view_layer.objects.active["setdresser_id"] == "chair_1"
    assert run.constraint_index == index
    with pytest.raises(RuntimeError, match="no constraint number"):
        bpy.ops.setdresser.select_constraint(index=99)


def test_accept_removes_the_review_helpers_only(bpy_addon: Any) -> None:
    bpy = bpy_addon
    bpy.ops.setdresser.generate()
    collection = bpy.data.collections[bpy.context.scene.setdresser.collection_name]
    assert any(o.get("setdresser_role") == "label" for o in collection.all_objects)
    assert bpy.ops.setdresser.accept() == {"FINISHED"}
    roles = [o.get("setdresser_role") for o in collection.all_objects]
    assert "label" not in roles and roles.count("camera") == 1
    assert bpy.context.scene.camera is not None and set(ours(bpy)) == {"lamp_1", "desk_1", "chair_1"}
    assert bpy.context.window_manager.setdresser_run.accepted


def test_an_explicit_llm_run_without_online_access_is_refused(bpy_addon: Any, monkeypatch: pytest.MonkeyPatch) -> None:
    bpy = bpy_addon
    if bpy.app.online_access:
        pytest.skip("this Blender allows online access")
    monkeypatch.setenv("OPENAI_API_KEY", "sk-test-not-used")
    monkeypatch.delenv("OPENAI_BASE_URL", raising=False)
    bpy.context.scene.setdresser.llm_mode = "openai"
    with pytest.raises(RuntimeError, match="online access is off"):
        bpy.ops.setdresser.generate()
    assert bpy.context.window_manager.setdresser_run.status == "FAILED"
    bpy.context.scene.setdresser.llm_mode = "auto"  # auto falls back to offline and says why
    assert bpy.ops.setdresser.generate() == {"FINISHED"}
    assert "online access is off" in bpy.context.window_manager.setdresser_run.backend


def test_the_penetration_check_sees_rotated_overlaps(bpy_addon: Any) -> None:
    """The collision check above must be able to fail: 10 cm overlap, a gap, a 45° corner."""
    bpy = bpy_addon
    bpy.ops.mesh.primitive_cube_add(size=1.0, location=(0.0, 0.0, 0.5))
    a = bpy.context.active_object
    bpy.ops.mesh.primitive_cube_add(size=1.0, location=(0.9, 0.0, 0.5))
    b = bpy.context.active_object
    assert penetration(a, b) == pytest.approx(0.1, abs=1e-4)
    b.location.x = 1.05
    bpy.context.view_layer.update()
    assert penetration(a, b) < 0
    b.location.x, b.rotation_euler.z = 1.2, np.pi / 4  # its corner reaches x = 1.2 - 0.7071
    bpy.context.view_layer.update()
    assert penetration(a, b) == pytest.approx(0.5 - (1.2 - 0.5 * np.sqrt(2)), abs=1e-4)


def test_stop_before_the_first_build_leaves_the_previous_scene_alone(bpy_addon: Any) -> None:
    bpy = bpy_addon
    from setdresser.blender_addon import ops
    from setdresser.blender_addon.bl import panel_driver

    bpy.ops.setdresser.generate()
    before = {oid: tuple(obj.location) for oid, obj in ours(bpy).items()}
    engine = bpy.context.scene.render.engine
    bpy.context.scene.setdresser.seed = 9  # a different arrangement, if it got that far
    operator = SimpleNamespace(report=lambda level, text: None)
    ops.start_session(operator, bpy.context, PROMPT, "generate", blocking=False)
    panel_driver.pump()  # planning is under way in the worker
    assert bpy.ops.setdresser.stop() == {"FINISHED"}
    assert bpy.context.window_manager.setdresser_run.status == "CANCELLED"
    assert {oid: tuple(obj.location) for oid, obj in ours(bpy).items()} == before
    assert bpy.context.scene.render.engine == engine


def test_output_folder_problems_are_reported(bpy_addon: Any, tmp_path: Path) -> None:
    bpy = bpy_addon
    blocker = tmp_path / "a_file"
    blocker.write_text("not a folder")
    bpy.context.scene.setdresser.output_dir = str(blocker / "runs")
    with pytest.raises(RuntimeError, match="cannot create the output folder"):
        bpy.ops.setdresser.generate()
    assert bpy.context.window_manager.setdresser_run.status == "FAILED"
    bpy.context.scene.setdresser.output_dir = "//renders"  # relative to a file never saved: temp folder
    assert bpy.ops.setdresser.generate() == {"FINISHED"}
    assert Path(bpy.context.window_manager.setdresser_run.out_dir).is_relative_to(Path(tempfile.gettempdir()))
