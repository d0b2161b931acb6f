"""The panel's Edit box (issue 17) on a real generated scene: each verb through the operator,
the user's own objects untouched unless named, physics valid after the edit, one undo step
restores the scene, the stored program follows the edit."""

from __future__ import annotations

from typing import Any

import pytest

pytestmark = pytest.mark.blender

PROMPT = "a desk with a lamp on it, a chair in front of the desk and a bookshelf against the north wall"


def ours(bpy: Any) -> dict[str, Any]:
    collection = bpy.data.collections[bpy.context.scene.setdresser.collection_name]
    return {o["setdresser_id"]: o for o in collection.all_objects if "setdresser_id" in o}


def edit(bpy: Any, text: str, ask: bool = False) -> Any:
    state = bpy.context.scene.setdresser_edit
    state.instruction, state.ask = text, ask
    bpy.ops.setdresser.edit()
    return state


@pytest.fixture
def scene(bpy_addon: Any) -> Any:
    bpy = bpy_addon
    bpy.ops.mesh.primitive_cube_add(size=0.5, location=(1.6, -1.6, 0.25))  # the user's own crate
    bpy.context.active_object.name = "Crate"
    bpy.ops.setdresser.generate()
    assert bpy.context.window_manager.setdresser_run.status == "DONE"
    return bpy


def poses(bpy: Any) -> dict[str, tuple[float, ...]]:
    return {
        o.name: tuple(round(v, 5) for v in (*o.matrix_world.translation, o.rotation_euler.z))
        for o in bpy.data.objects
        if o.type == "MESH" and (o.get("setdresser_role") == "object" or o.name == "Crate")
    }


def test_move_puts_the_lamp_on_the_bookshelf_and_leaves_the_rest(scene: Any) -> None:
    bpy = scene
    before = poses(bpy)
    state = edit(bpy, "move the lamp onto the bookshelf")
    assert state.status == "DONE", state.message
    lamp, shelf = ours(bpy)["lamp_1"], ours(bpy)["bookshelf_1"]
    assert lamp.matrix_world.translation.z == pytest.approx(shelf.dimensions.z, abs=0.05)
    after = poses(bpy)
    changed = {n for n in before if before[n] != after.get(n)}
    assert changed == {lamp.name}
    assert after["Crate"] == before["Crate"]


def test_one_undo_step_restores_the_scene(scene: Any) -> None:
    bpy = scene
    before = poses(bpy)
    edit(bpy, "remove the chair")
    assert "chair_1" not in ours(bpy)
    bpy.ops.ed.undo()
    assert poses(bpy) == before


def test_the_users_object_moves_only_when_named(scene: Any) -> None:
    bpy = scene
    crate = bpy.data.objects["Crate"]
    state = edit(bpy, "move the crate next to the desk")
    assert state.status == "DONE", state.message
    desk = ours(bpy)["desk_1"]
    gap = (crate.matrix_world.translation.xy - desk.matrix_world.translation.xy).length
    assert gap < 1.6


@pytest.mark.parametrize(
    "text, check",
    [
        ("add a plant in the north east corner", lambda o: any(k.startswith("plant_") for k in o)),
        (
            "replace the chair with a stool",
            lambda o: "chair_1" not in o and any(k.startswith("stool_") for k in o),
        ),
        ("turn the chair around", lambda o: "chair_1" in o),
        ("make the desk bigger", lambda o: "desk_1" in o),
        ("make the bookshelf blue", lambda o: "bookshelf_1" in o),
        ("swap the chair and the bookshelf", lambda o: "chair_1" in o),
    ],
)
def test_every_verb_through_the_operator(scene: Any, text: str, check: Any) -> None:
    bpy = scene
    state = edit(bpy, text)
    assert state.status == "DONE", state.message
    assert state.message.endswith("physics ok"), state.message
    assert check(ours(bpy))
    from setdresser.blender_addon.bl.panel_session import load_source

    collection = bpy.data.collections[bpy.context.scene.setdresser.collection_name]
    _, _, program = load_source(collection)
    assert set(program.object_ids()) >= set(ours(bpy))


def test_a_bad_instruction_reports_and_changes_nothing(scene: Any) -> None:
    bpy = scene
    before = poses(bpy)
    with pytest.raises(RuntimeError):
        edit(bpy, "juggle the desk")
    assert bpy.context.scene.setdresser_edit.status == "FAILED"
    assert poses(bpy) == before
