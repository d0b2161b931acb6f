"""The panel and the stability checks (issue 21): objects that move when a build is settled are
reported like a failing hard check, listed in the run and selected; a button selects them again."""

from __future__ import annotations

from typing import Any

import pytest

pytestmark = pytest.mark.blender

PROMPT = "a lamp on a desk, a chair in front of the desk"


def test_unstable_objects_are_reported_and_selected(bpy_addon: Any, monkeypatch: pytest.MonkeyPatch) -> None:
    from setdresser.blender_addon.bl import settle_scene
    from setdresser.blender_addon.core.stability.motion import Motion, SettleReport

    real = settle_scene.check_collection
    calls = []

    def lamp_topples(collection: Any, mounts: Any = None, settings: Any = None) -> Any:
        report, settled = real(collection, mounts, settings)  # the real settle runs ...
        calls.append(report)
        motions = [m if m.id != "lamp_1" else Motion("lamp_1", 0.3, 80.0, True) for m in report.motions]
        return SettleReport(motions, report.held, report.settings), settled  # ... and the lamp is said to fall

    monkeypatch.setattr(settle_scene, "check_collection", lamp_topples)
    bpy = bpy_addon
    assert bpy.ops.setdresser.generate() == {"FINISHED"}
    run = bpy.context.window_manager.setdresser_run
    assert calls and all(not r.unstable for r in calls)  # the real settle found this scene stable
    assert run.unstable == "lamp_1" and "physics violated" in run.message
    assert [o["setdresser_id"] for o in bpy.context.selected_objects] == ["lamp_1"]
    for obj in list(bpy.context.selected_objects):
        obj.select_set(False)
    assert bpy.ops.setdresser.select_unstable() == {"FINISHED"}
    assert [o["setdresser_id"] for o in bpy.context.selected_objects] == ["lamp_1"]


def test_select_unstable_needs_unstable_objects(bpy_addon: Any) -> None:
    bpy = bpy_addon
    bpy.context.window_manager.setdresser_run.unstable = ""
    with pytest.raises(RuntimeError):
        bpy.ops.setdresser.select_unstable()
