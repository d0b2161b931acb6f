"""LadybugDB in the same process as bpy 5.0.1: a scene database built, written, reopened
read-only and queried while Blender is loaded (the panel's situation)."""
from __future__ import annotations

import sys
from pathlib import Path

import pytest

pytestmark = pytest.mark.blender
pytest.importorskip("ladybug")

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))
from support.scenes import documents  # noqa: E402


def test_store_beside_bpy(tmp_path: Path) -> None:
    import bpy

    from setdresser.blender_addon.core.scene_db.facts import facts_from_documents
    from setdresser.blender_addon.core.scene_db.rows import build_rows
    from setdresser.blender_addon.services.scene_store import QueryRefused, SceneStore, write_scene_db

    bpy.ops.wm.read_factory_settings(use_empty=True)
    rows = build_rows(facts_from_documents(*documents("bedroom")))
    path = write_scene_db(rows, tmp_path / "scene.db")
    with SceneStore.open(path) as store, SceneStore.in_memory(rows) as memory:
        for target in (store, memory):
            assert target.run("MATCH (o:Object) RETURN count(*)").rows == ((8,),)
            with pytest.raises(QueryRefused):
                target.run("MATCH (o:Object) DETACH DELETE o")
    assert bpy.app.version >= (4, 2, 0)


PROMPT = "a desk with a lamp on it and a chair in front of the desk"
LAMPS = "MATCH (d:Object {category: 'desk'}), (l:Object {category: 'lamp'}) RETURN l.id ORDER BY dist(d, l)"


@pytest.fixture
def generated(bpy_addon):  # type: ignore[no-untyped-def]
    """The panel's offline Generate of PROMPT, plus a cube the user placed named 'Armchair'."""
    bpy = bpy_addon
    assert bpy.ops.setdresser.generate() == {"FINISHED"}
    bpy.ops.mesh.primitive_cube_add(size=0.8, location=(1.6, 1.6, 0.4))
    bpy.context.active_object.name = "Armchair"
    return bpy


def test_live_scene_rows_include_the_users_objects_and_follow_edits(generated) -> None:  # type: ignore[no-untyped-def]
    from setdresser.blender_addon.bl.scene_live import live_rows

    bpy = generated
    rows = live_rows(bpy.context.scene)
    objects = {r["id"]: r for r in rows.nodes["Object"]}
    assert {"desk_1", "lamp_1", "chair_1", "armchair"} <= set(objects)
    assert objects["armchair"]["source"] == "user" and objects["armchair"]["category"] == "armchair"
    assert objects["desk_1"]["source"] == "generated"
    assert ("lamp_1", "desk_1.top") in {(e.src, e.dst) for e in rows.edges if e.rel == "RESTS_ON"}
    on_top = next(e for e in rows.edges if e.rel == "RELATION" and e.props["name"] == "on_top_of")
    assert on_top.props["holds"] is True
    lamp = next(o for o in bpy.context.scene.objects if o.get("setdresser_id") == "lamp_1")
    lamp.location.z = 0.0  # the user puts the lamp on the floor: the next sync sees it
    lamp.location.x += 3.0
    moved = live_rows(bpy.context.scene)
    assert not any(e.rel == "RESTS_ON" and e.src == "lamp_1" for e in moved.edges)
    on_top = next(e for e in moved.edges if e.rel == "RELATION" and e.props["name"] == "on_top_of")
    assert on_top.props["holds"] is False


def test_ask_box_answers_and_selects(generated, monkeypatch: pytest.MonkeyPatch) -> None:  # type: ignore[no-untyped-def]
    pytest.importorskip("openai")
    from support.openai_server import OpenAIServer, text, tool_calls

    bpy = generated
    state = bpy.context.scene.setdresser_ask
    with OpenAIServer() as server:
        monkeypatch.setenv("OPENAI_BASE_URL", server.url)
        monkeypatch.setenv("OPENAI_API_KEY", "sk-ask-panel-0123456789abcdef")
        server.script(tool_calls(("cypher_query", {"reasoning": "lamps by distance to the desk", "query": LAMPS})),
                      text("<answer><lamp_1></answer>"))
        state.question = "which lamp is on or near the desk?"
        assert bpy.ops.setdresser.ask() == {"FINISHED"}
        assert state.status == "DONE" and state.answer == "<lamp_1>" and state.objects == "lamp_1"
        selected = [o.get("setdresser_id") for o in bpy.context.selected_objects]
        assert selected == ["lamp_1"]
        assert "tool" in [m["role"] for m in server.requests[-1].body["messages"]]
    monkeypatch.delenv("OPENAI_BASE_URL")
    monkeypatch.delenv("OPENAI_API_KEY")
    with pytest.raises(RuntimeError):  # offline: the operator refuses with a message naming what is missing
        bpy.ops.setdresser.ask()
    assert state.status == "FAILED" and "needs an LLM" in state.message


def test_generate_and_resolve_keep_the_scene_database_in_sync(generated) -> None:  # type: ignore[no-untyped-def]
    from setdresser.blender_addon.bl import scene_live

    bpy = generated
    store = scene_live._stores[bpy.context.scene.name]  # synced by Generate
    desk = next(o for o in bpy.context.scene.objects if o.get("setdresser_id") == "desk_1")
    before = store.run("MATCH (o:Object {id: 'desk_1'}) RETURN o.x").rows[0][0]
    assert before == pytest.approx(desk.location.x, abs=1e-3)
    assert store.run("MATCH (o:Object) RETURN count(*)").rows == ((3,),)  # the cube came after the sync
    bpy.context.scene.setdresser.seed = 7
    assert bpy.ops.setdresser.resolve() == {"FINISHED"}
    assert store.run("MATCH (o:Object) RETURN count(*)").rows == ((4,),)  # Re-solve synced: the user's cube too
    desk = next(o for o in bpy.context.scene.objects if o.get("setdresser_id") == "desk_1")
    assert store.run("MATCH (o:Object {id: 'desk_1'}) RETURN o.x").rows[0][0] == pytest.approx(desk.location.x, abs=1e-3)
