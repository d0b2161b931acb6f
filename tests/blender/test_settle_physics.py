"""The dynamic check (issue 21): built scenes settled under Blender's rigid-body world.

A stack whose load is over the edge is flagged, a stable one is not, things hung on a wall
stay (and would fall if they were not held, so the check is not vacuous), the user's scene is
left as it was, the same scene gives the same numbers, and ``check-physics`` reports on an
output folder without touching its scene unless ``--apply`` is given.
"""

from __future__ import annotations

import json
import sys
from pathlib import Path

import pytest

sys.path.insert(0, str(Path(__file__).parent))
from layouts import placed

pytestmark = pytest.mark.blender

BOOK = (0.19, 0.25, 0.04)


def _layout(objects):  # type: ignore[no-untyped-def]
    from setdresser.blender_addon.core.model import Bounds, Layout, PhysicsChecks

    return Layout(objects=objects, constraints=[], checks=PhysicsChecks(),
                  bounds=Bounds((-2.0, -2.0, 0.0), (2.0, 2.0, 2.7)), prompt="settle test", seed=0)


def _stack(offsets: list[float]):  # type: ignore[no-untyped-def]
    objects = [placed("table_1", "table", (0.0, 0.0, 0.0), 0.0, (0.8, 0.8, 0.45))]
    for i, dx in enumerate(offsets):
        below = "table_1" if i == 0 else f"book_{i}"
        objects.append(placed(f"book_{i + 1}", "book", (dx, 0.0, 0.45 + i * BOOK[2]), 0.0, BOOK, support=below))
    return objects


def _build(objects):  # type: ignore[no-untyped-def]
    from setdresser.blender_addon.bl.boxes import build_box
    from setdresser.blender_addon.bl.compose import build_scene
    from setdresser.blender_addon.bl.render import configure
    from setdresser.blender_addon.bl.scene_setup import empty_scene, our_collection

    scene = empty_scene()
    configure(scene, "workbench", 64)
    layout = _layout(objects)
    collection = our_collection(scene, layout.prompt)
    build_scene(scene, collection, layout, build_box)
    return scene, collection


def _check(collection, mounts=None):  # type: ignore[no-untyped-def]
    from setdresser.blender_addon.bl.settle_scene import check_collection

    report, _ = check_collection(collection, mounts)
    return report


def test_stack_over_the_edge_is_flagged_and_a_straight_one_is_not() -> None:
    _, collection = _build(_stack([0.0, 0.06, 0.12, 0.18, 0.24]))
    report = _check(collection)
    assert {"book_3", "book_4", "book_5"} <= set(report.unstable)
    assert "table_1" not in report.unstable
    _, collection = _build(_stack([0.0, 0.01, 0.0, -0.01, 0.0, 0.01]))
    report = _check(collection)
    assert report.unstable == [], report.to_dict()
    assert {m.id for m in report.motions} == {"table_1", *(f"book_{i}" for i in range(1, 7))}


def test_hung_things_stay_and_would_fall_if_not_held() -> None:
    objects = [placed("painting_1", "painting", (0.0, 1.97, 1.2), 0.0, (0.8, 0.04, 0.6), support=None),
               placed("towel_1", "towel", (1.0, 1.96, 0.9), 0.0, (0.5, 0.06, 0.7), support=None)]
    _, collection = _build(objects)
    report = _check(collection, {"painting_1": "wall", "towel_1": "wall"})
    assert report.unstable == [] and set(report.held) == {"painting_1", "towel_1"}
    report = _check(collection)  # the same things not hung: they drop to the floor
    assert set(report.unstable) == {"painting_1", "towel_1"}


def test_the_users_scene_is_left_as_it_was_and_runs_repeat() -> None:
    import bpy

    scene, collection = _build(_stack([0.0, 0.06, 0.12, 0.18, 0.24]))
    before = {o.name: o.matrix_world.copy() for o in bpy.data.objects}
    counts = (len(bpy.data.scenes), len(bpy.data.objects), len(bpy.data.meshes), len(bpy.data.collections))
    first = _check(collection).to_dict()
    assert {o.name: o.matrix_world.copy() for o in bpy.data.objects} == before
    assert (len(bpy.data.scenes), len(bpy.data.objects), len(bpy.data.meshes), len(bpy.data.collections)) == counts
    assert scene.rigidbody_world is None
    assert _check(collection).to_dict() == first


def test_check_physics_command_reports_and_applies_only_when_asked(tmp_path: Path, capsys) -> None:  # type: ignore[no-untyped-def]
    import bpy
    from setdresser.blender_addon.cli import main

    _build(_stack([0.0, 0.06, 0.12, 0.18, 0.24]))
    folder = tmp_path / "out"
    folder.mkdir()
    bpy.ops.wm.save_as_mainfile(filepath=str(folder / "scene.blend"))
    saved = (folder / "scene.blend").read_bytes()
    assert main(["check-physics", str(folder)]) == 0
    report = json.loads((folder / "physics.json").read_text())
    assert report["schema"] == "setdresser.physics/1" and "book_5" in report["unstable"]
    assert "unstable: " in capsys.readouterr().out
    assert (folder / "scene.blend").read_bytes() == saved
    assert main(["check-physics", str(folder), "--apply"]) == 0
    bpy.ops.wm.open_mainfile(filepath=str(folder / "scene.blend"))
    top = next(o for o in bpy.data.objects if o.get("setdresser_id") == "book_5")
    assert top.matrix_world.translation.z < 0.45 + 4 * BOOK[2] - 0.02  # it fell, and the file keeps that
    assert main(["check-physics", str(tmp_path / "nowhere")]) == 2
