"""The Blender shell builds layouts faithfully, leaves user objects alone and saves a
.blend that reopens with the same objects (real bpy, box assets, hand-written layouts)."""

from __future__ import annotations

import math
import sys
from pathlib import Path

import pytest

sys.path.insert(0, str(Path(__file__).parent))
from layouts import office  # noqa: E402

pytestmark = pytest.mark.blender

CM = 0.01


@pytest.fixture()
def scene():  # type: ignore[no-untyped-def]
    from setdresser.blender_addon.bl.render import configure
    from setdresser.blender_addon.bl.scene_setup import empty_scene

    scene = empty_scene()
    configure(scene, "workbench", 128)
    return scene


def build(scene, layout):  # type: ignore[no-untyped-def]
    from setdresser.blender_addon.bl.boxes import build_box
    from setdresser.blender_addon.bl.compose import build_scene
    from setdresser.blender_addon.bl.scene_setup import our_collection

    collection = our_collection(scene, layout.prompt)
    return build_scene(scene, collection, layout, build_box)


def test_objects_get_the_layouts_transforms_and_bounds(scene) -> None:  # type: ignore[no-untyped-def]
    layout = office()
    built = build(scene, layout)
    measured = {m.id: m for m in built.measure(layout.objects)}
    assert set(measured) == {o.id for o in layout.objects}
    for plan in layout.objects:
        obj = built.objects[plan.id]
        assert obj["setdresser_id"] == plan.id and obj["setdresser_category"] == plan.category
        assert obj.name == plan.id
        assert tuple(obj.location) == pytest.approx(plan.location, abs=1e-5)
        assert obj.rotation_euler[2] == pytest.approx(plan.rotation_euler[2], abs=1e-5)
        got = measured[plan.id]
        assert got.bbox_min == pytest.approx(plan.bbox_min, abs=CM), plan.id
        assert got.bbox_max == pytest.approx(plan.bbox_max, abs=CM), plan.id
        assert got.dimensions == pytest.approx(plan.dimensions, abs=CM)
        assert got.location == pytest.approx(plan.location, abs=CM)
        assert got.support == plan.support


def test_room_walls_stand_outside_the_bounds_and_the_camera_sees_everything(scene) -> None:  # type: ignore[no-untyped-def]
    from bpy_extras.object_utils import world_to_camera_view

    from setdresser.blender_addon.bl.build import world_box

    layout = office()
    built = build(scene, layout)
    walls = [o for o in built.collection.all_objects if o.get("setdresser_role") == "wall"]
    assert len(walls) == 2
    for wall in walls:
        lo, hi = world_box(wall)[:2]
        assert hi.y <= layout.bounds.min[1] + 1e-6 or lo.y >= layout.bounds.max[1] - 1e-6 \
            or hi.x <= layout.bounds.min[0] + 1e-6 or lo.x >= layout.bounds.max[0] - 1e-6
    assert scene.camera == built.camera
    for obj in built.objects.values():
        for corner in world_box(obj)[2]:
            ndc = world_to_camera_view(scene, built.camera, corner)
            assert 0.0 <= ndc.x <= 1.0 and 0.0 <= ndc.y <= 1.0 and ndc.z > 0, obj.name


def test_building_never_touches_a_users_objects(scene) -> None:  # type: ignore[no-untyped-def]
    import bpy

    from setdresser.blender_addon.bl.build import our_objects

    bpy.ops.mesh.primitive_cube_add(size=2.0, location=(5.0, 5.0, 1.0))
    user_cube = bpy.context.active_object
    user_cube.name = "desk_1"  # the same name as one of our ids
    user_names = {o.name for o in bpy.data.objects}
    layout = office()
    first = build(scene, layout)
    second = build(scene, layout)  # a re-run replaces only our own objects
    assert bpy.data.objects.get("desk_1") is user_cube
    assert tuple(user_cube.location) == pytest.approx((5.0, 5.0, 1.0))
    assert user_cube.get("setdresser_role") is None and user_cube.users_collection[0] == scene.collection
    assert user_names <= {o.name for o in bpy.data.objects}
    ours = our_objects(second.collection)
    assert sorted(o["setdresser_id"] for o in ours) == sorted(o.id for o in layout.objects)
    assert first.collection == second.collection
    assert len([c for c in bpy.data.collections if c.name.startswith("SetDresser")]) == 1
    measured = second.measure(layout.objects)
    assert measured[0].id == "desk_1" and measured[0].location == pytest.approx(layout.objects[0].location, abs=CM)


def test_unbounded_layouts_get_a_ground_larger_than_the_objects(scene) -> None:  # type: ignore[no-untyped-def]
    from setdresser.blender_addon.bl.build import world_box

    layout = office(bounds=False)
    built = build(scene, layout)
    grounds = [o for o in built.collection.all_objects if o.get("setdresser_role") == "floor"]
    assert len(grounds) == 1
    lo, hi = world_box(grounds[0])[:2]
    assert hi.z == pytest.approx(0.0, abs=1e-6)
    assert lo.x < -2.9 - 1 and hi.x > 0.7 + 1 and lo.y < 1.5 - 1 and hi.y > 2.95 + 1


def test_the_blend_reopens_with_the_same_objects(scene, tmp_path: Path) -> None:  # type: ignore[no-untyped-def]
    import bpy

    from setdresser.blender_addon.bl.build import our_objects
    from setdresser.blender_addon.bl.render import save_blend

    layout = office()
    build(scene, layout)
    path = save_blend(tmp_path / "scene.blend")
    assert path.is_file() and path.stat().st_size > 10_000
    bpy.ops.wm.read_factory_settings(use_empty=True)
    assert not bpy.data.objects
    bpy.ops.wm.open_mainfile(filepath=str(path))
    collection = bpy.data.collections[f"SetDresser: {layout.prompt}"]
    reopened = {o["setdresser_id"]: o for o in our_objects(collection)}
    assert set(reopened) == {o.id for o in layout.objects}
    for plan in layout.objects:
        obj = reopened[plan.id]
        assert tuple(obj.location) == pytest.approx(plan.location, abs=1e-5)
        assert obj.rotation_euler[2] == pytest.approx(plan.rotation_euler[2], abs=1e-5)
    assert bpy.context.scene.camera is not None and bpy.context.scene.camera.name == "SetDresser camera"
    assert math.isclose(bpy.context.scene.camera.data.lens, 40.0)
