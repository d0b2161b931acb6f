"""Export formats, the node sidecar and the scene manifest (pure, no Blender)."""

from __future__ import annotations

import json
from pathlib import Path

import pytest
from setdresser.blender_addon.core.errors import BadInput
from setdresser.blender_addon.core.export.formats import foreign_export_entries, parse_formats, usd_name
from setdresser.blender_addon.core.export.manifest import (
    asset_entries,
    build_manifest,
    file_entries,
    models_from_transcript,
    write_manifest,
)
from setdresser.blender_addon.core.export.sidecar import Node, missing_objects, relations_by_object, sidecar

LAYOUT = {"prompt": "a lamp on a desk", "seed": 1, "objects": [
    {"id": "desk_1", "category": "desk", "asset": "procedural:desk", "support": "ground"},
    {"id": "lamp_1", "category": "lamp", "asset": "user:lamp", "support": "desk_1", "support_surface": "top"}],
    "constraints": [{"relation": "on_top_of", "args": ["lamp_1", "desk_1"], "satisfied": True},
                    {"relation": "against_wall", "args": ["desk_1"], "params": {"wall": "north"}, "satisfied": False}]}


def node(name: str, oid: str | None, role: str = "object") -> Node:
    return Node(name, role, oid, oid and oid.split("_")[0], None, (1.0, 2.0, 0.0), (0.0, 0.0, 1.5), (1.0, 1.0, 1.0))


def test_formats_parse_in_order_without_duplicates_and_name_unknown_ones() -> None:
    assert parse_formats("GLB, usd,.obj,glb") == ("glb", "usd", "obj")
    with pytest.raises(BadInput, match="--to: unknown format.*'stl'"):
        parse_formats("glb,stl", where="--to")
    with pytest.raises(BadInput, match="names no format"):
        parse_formats(" , ")
    assert usd_name("desk_1.001") == "desk_1_001" and usd_name("3 chairs") == "_3_chairs"
    assert foreign_export_entries(["scene.glb", "nodes.json", "textures", "notes.txt"]) == ["notes.txt"]


def test_sidecar_maps_nodes_to_layout_ids_support_and_relations() -> None:
    nodes = [node("lamp_1", "lamp_1"), node("desk_1.001", "desk_1"), node("SetDresser floor", None, "floor")]
    doc = sidecar(nodes, LAYOUT, ("glb", "usd"))
    assert [n["name"] for n in doc["nodes"]] == ["desk_1.001", "lamp_1", "SetDresser floor"]
    desk = doc["nodes"][0]
    assert desk["paths"] == {"glb": "desk_1.001", "usd": "/root/desk_1_001"} and desk["layout_id"] == "desk_1"
    assert [r["relation"] for r in desk["relations"]] == ["on_top_of", "against_wall"]
    assert doc["nodes"][1]["support"] == "desk_1" and doc["nodes"][1]["support_surface"] == "top"
    assert doc["files"] == {"glb": "scene.glb", "usd": "scene.usd"} and set(doc["axes"]) == {"blender", "glb", "usd"}
    assert missing_objects(nodes[:1], LAYOUT) == ["desk_1"] and missing_objects(nodes, LAYOUT) == []
    assert relations_by_object({"constraints": [{"relation": "near", "args": ["a", "a"]}]}) == \
        {"a": [{"relation": "near", "args": ["a", "a"], "satisfied": None}]}


def test_manifest_names_models_assets_licences_and_files(tmp_path: Path) -> None:
    transcript = [json.dumps({"stage": "plan", "model": "gpt-x"}), "not json", json.dumps({"stage": "plan", "model": "y"}),
                  json.dumps({"stage": "review", "model": "vision-z"})]
    assert models_from_transcript(transcript) == {"plan": "gpt-x", "review": "vision-z"}
    retrieval = [{"object": "lamp_1", "asset": "user:lamp", "file": "/models/lamp.glb", "license": "CC-BY-4.0",
                  "method": "text"}]
    assets = asset_entries(LAYOUT, retrieval)
    assert assets[0]["method"] == "procedural" and "GPL" in assets[0]["licence"]
    assert assets[1] == {"object": "lamp_1", "category": "lamp", "source": "/models/lamp.glb", "licence": "CC-BY-4.0",
                         "asset": "user:lamp", "method": "text"}
    report = {"prompt": "p", "seed": 1, "llm": {"backend": "offline", "tokens": {"prompt": 0}},
              "versions": {"setdresser": "0.1.0", "blender": "5.0.1"},
              "function_edits": {"library_versions": {"near": 2}}, "asset_retrieval": retrieval}
    doc = build_manifest(report, LAYOUT, {}, [])
    assert doc["library_version"] == "0.1.0" and doc["skill_library_versions"] == {"near": 2}
    assert doc["llm"]["models"]["planner"].startswith("offline")
    (tmp_path / "report.json").write_text(json.dumps(report))
    (tmp_path / "layout.json").write_text(json.dumps(LAYOUT))
    (tmp_path / "sub").mkdir()
    (tmp_path / "sub" / "x.bin").write_bytes(b"abc")
    written = json.loads(write_manifest(tmp_path).read_text())
    assert [f["path"] for f in written["files"]] == ["layout.json", "report.json", "sub/x.bin"]
    assert written["files"][2] == {"path": "sub/x.bin", "bytes": 3, "sha256": file_entries(tmp_path / "sub")[0]["sha256"]}


def test_habitat_pose_is_the_layout_pose_in_a_y_up_frame() -> None:
    import math

    import numpy as np
    from setdresser.blender_addon.core.export.habitat import (
        Z_TO_Y_UP,
        instance_pose,
        quaternion_wxyz,
        rotation_matrix,
        scene_instance,
    )

    translation, rotation = instance_pose((1.0, 2.0, 0.5), (0.0, 0.0, math.pi / 2))
    assert translation == [1.0, 0.5, -2.0]  # (x, y, z) -> (x, z, -y)
    half = round(math.sqrt(0.5), 6)
    assert rotation == [half, 0.0, half, 0.0]  # a yaw about Blender's +Z is a turn about Habitat's +Y
    for euler in [(0.3, -0.2, 2.5), (math.pi, 0.0, 0.0), (0.0, math.pi, 0.1), (0.0, 0.0, -math.pi)]:
        w, x, y, z = quaternion_wxyz(rotation_matrix(euler))
        back = np.array([[1 - 2 * (y * y + z * z), 2 * (x * y - z * w), 2 * (x * z + y * w)],
                         [2 * (x * y + z * w), 1 - 2 * (x * x + z * z), 2 * (y * z - x * w)],
                         [2 * (x * z - y * w), 2 * (y * z + x * w), 1 - 2 * (x * x + y * y)]])
        assert np.allclose(back, rotation_matrix(euler), atol=1e-5) and w >= 0, euler
    assert np.allclose(Z_TO_Y_UP @ Z_TO_Y_UP.T, np.eye(3))
    doc = scene_instance([{"id": "desk_1", "location": (0, 0, 0), "rotation_euler": (0, 0, 0)}])
    assert doc["object_instances"][0]["template_name"] == "objects/desk_1"
    assert doc["object_instances"][0]["rotation"] == [1.0, 0.0, 0.0, 0.0]
