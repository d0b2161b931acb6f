"""The user's locked objects as the plan's definite references: "a lamp on my desk" with the
user's own locked desk puts the lamp on that desk (no second desk), leaves the desk where it
is, and Re-solve keeps the reference."""

from __future__ import annotations

from typing import Any

import pytest

pytestmark = pytest.mark.blender

PROMPT = "a lamp on my desk and a chair in front of the desk"


def user_desk(bpy: Any) -> Any:
    """A 1.2 x 0.6 x 0.75 m box named "Desk", locked, standing at (0.5, 1.0), turned 20 deg."""
    bpy.ops.mesh.primitive_cube_add(size=1.0, location=(0.5, 1.0, 0.375))
    desk = bpy.context.active_object
    desk.name = "Desk"
    desk.scale = (1.2, 0.6, 0.75)
    desk.rotation_euler.z = 0.35
    assert bpy.ops.setdresser.lock_selected() == {"FINISHED"}
    bpy.context.view_layer.update()
    return desk


def aabb(obj: Any) -> tuple[Any, Any]:
    from mathutils import Vector

    corners = [obj.matrix_world @ Vector(c) for c in obj.bound_box]
    return (Vector([min(c[i] for c in corners) for i in range(3)]), Vector([max(c[i] for c in corners) for i in range(3)]))


def generated(bpy: Any) -> dict[str, Any]:
    collection = bpy.data.collections[bpy.context.scene.setdresser.collection_name]
    return {o["setdresser_id"]: o for o in collection.all_objects if "setdresser_id" in o}


def assert_lamp_on(desk: Any, lamp: Any) -> None:
    (dlo, dhi), (llo, lhi) = aabb(desk), aabb(lamp)
    assert llo.z == pytest.approx(dhi.z, abs=0.02)  # stands on the desk's top
    centre = (llo + lhi) / 2
    assert dlo.x <= centre.x <= dhi.x and dlo.y <= centre.y <= dhi.y


def test_my_desk_is_the_users_locked_desk(bpy_addon: Any) -> None:
    bpy = bpy_addon
    desk = user_desk(bpy)
    pose = (tuple(desk.location), tuple(desk.rotation_euler), tuple(desk.scale))
    assert bpy.ops.setdresser.generate() == {"FINISHED"}
    run = bpy.context.window_manager.setdresser_run
    assert run.status == "DONE", run.message
    ours = generated(bpy)
    assert set(ours) == {"lamp_1", "chair_1"}  # no second desk
    assert (tuple(desk.location), tuple(desk.rotation_euler), tuple(desk.scale)) == pose
    assert_lamp_on(desk, ours["lamp_1"])
    labels = {c.label for c in run.constraints}
    assert {"on_top_of(lamp_1, desk)", "in_front_of(chair_1, desk)"} <= labels
    assert all(c.satisfied for c in run.constraints if c.label == "on_top_of(lamp_1, desk)")


def test_resolve_keeps_the_reference_to_the_users_desk(bpy_addon: Any) -> None:
    bpy = bpy_addon
    desk = user_desk(bpy)
    bpy.ops.setdresser.generate()
    desk.location.x -= 0.6  # the user moves their desk; the lamp follows on Re-solve
    bpy.context.view_layer.update()
    assert bpy.ops.setdresser.resolve() == {"FINISHED"}
    run = bpy.context.window_manager.setdresser_run
    assert run.status == "DONE", run.message
    ours = generated(bpy)
    assert set(ours) == {"lamp_1", "chair_1"}
    assert_lamp_on(desk, ours["lamp_1"])


def test_a_desk_is_a_new_desk_next_to_the_users(bpy_addon: Any) -> None:
    bpy = bpy_addon
    user_desk(bpy)
    bpy.context.scene.setdresser.prompt = "a lamp on a desk"
    assert bpy.ops.setdresser.generate() == {"FINISHED"}
    assert set(generated(bpy)) == {"lamp_1", "desk_1"}
