"""The optional ceiling in Blender (issue 13 item 1): a room with ``ceiling`` on has a slab at its
height; a ceiling-mounted thing hangs from it by a stem that reaches from its top to the ceiling
plane; renders from above or outside leave the ceiling out, the room data's ceiling off builds none."""

from __future__ import annotations

import sys
from pathlib import Path

import pytest

sys.path.insert(0, str(Path(__file__).parent))
from layouts import placed

pytestmark = pytest.mark.blender

HEIGHT = 2.7


def _build(ceiling: bool, hung: bool):  # type: ignore[no-untyped-def]
    from setdresser.blender_addon.bl.boxes import build_box
    from setdresser.blender_addon.bl.compose import build_scene
    from setdresser.blender_addon.bl.render import configure
    from setdresser.blender_addon.bl.scene_setup import empty_scene, our_collection
    from setdresser.blender_addon.core.model import Bounds, Layout, PhysicsChecks

    scene = empty_scene()
    configure(scene, "workbench", 64)
    objects = [placed("table_1", "table", (0.0, 0.0, 0.0), 0.0, (1.4, 0.8, 0.75))]
    if hung:
        lamp = placed("lamp_1", "pendant lamp", (0.0, 0.0, 1.8), 0.0, (0.4, 0.4, 0.5), support=None)
        lamp.mount = "ceiling"  # type: ignore[attr-defined]
        objects.append(lamp)
    layout = Layout(objects, [], PhysicsChecks(), Bounds((-2.5, -2.0, 0.0), (2.5, 2.0, HEIGHT)), "a room", 0)
    layout.room = {"kind": "indoor", "height": HEIGHT, "shape": "rect", "ceiling": ceiling,  # type: ignore[attr-defined]
                   "floor": {}, "walls": {}, "openings": []}
    collection = our_collection(scene, layout.prompt)
    return scene, collection, build_scene(scene, collection, layout, build_box)


def _z_range(obj):  # type: ignore[no-untyped-def]
    zs = [(obj.matrix_world @ v.co).z for v in obj.data.vertices]
    return min(zs), max(zs)


def test_a_ceiling_slab_at_the_room_height_and_a_stem_up_to_it() -> None:
    import bpy

    scene, collection, build = _build(ceiling=True, hung=True)
    bpy.context.view_layer.update()
    ceilings = [o for o in collection.all_objects if o.get("setdresser_role") == "ceiling"]
    assert ceilings and _z_range(ceilings[0])[0] == pytest.approx(HEIGHT, abs=1e-4)
    (stem,) = [o for o in collection.all_objects if o.get("setdresser_part") == "ceiling_stem"]
    lamp = build.objects["lamp_1"]
    assert stem.parent is lamp and "setdresser_id" not in stem
    low, high = _z_range(stem)
    assert low == pytest.approx(_z_range(lamp)[1], abs=1e-3) and high == pytest.approx(HEIGHT, abs=1e-3)
    stem_x = sum((stem.matrix_world @ v.co).x for v in stem.data.vertices) / len(stem.data.vertices)
    assert stem_x == pytest.approx(0.0, abs=1e-3)  # over the lamp, not at the origin of its parent


def test_renders_from_above_or_outside_leave_the_ceiling_out() -> None:
    from setdresser.blender_addon.bl.ceiling import ceilings_hidden_from

    scene, collection, build = _build(ceiling=True, hung=False)
    ceilings = [o for o in collection.all_objects if o.get("setdresser_role") == "ceiling"]
    for camera in (build.camera, build.top_camera):  # outside the room, or above it
        with ceilings_hidden_from(scene, camera):
            assert all(o.hide_render for o in ceilings)
        assert not any(o.hide_render for o in ceilings)  # the scene keeps its ceiling
    inside = build.camera.copy()
    inside.matrix_world.translation = (0.0, 0.0, 1.6)
    with ceilings_hidden_from(scene, inside):
        assert not any(o.hide_render for o in ceilings)  # a camera in the room sees its ceiling


def test_ceiling_off_and_nothing_hung_builds_none() -> None:
    _, collection, _ = _build(ceiling=False, hung=False)
    assert not [o for o in collection.all_objects if o.get("setdresser_role") == "ceiling"]
