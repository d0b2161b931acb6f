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
