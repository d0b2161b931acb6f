"""Exports of the README's example scene read back by independent readers: trimesh for glTF
and OBJ, usd-core (pxr) for USD. Every layout object is a node under its own name, at the
transform layout.json gives it (converted to the file's axes), and nodes.json maps it back
to its layout id, category, support and relations; manifest.json lists every file."""

from __future__ import annotations

import hashlib
import json
import math
import subprocess
import sys
from pathlib import Path

import numpy as np
import pytest

pytestmark = pytest.mark.blender
trimesh = pytest.importorskip("trimesh")
pxr = pytest.importorskip("pxr")

ROOT = Path(__file__).resolve().parents[2]
README_PROMPT = ("a desk against the north wall with a lamp on it, an office chair in front of the desk "
                 "and a bookshelf in the corner")


def cli(*args: str) -> subprocess.CompletedProcess[str]:
    return subprocess.run([sys.executable, "-m", "setdresser", *args], capture_output=True, text=True, timeout=300,
                          check=False, cwd=ROOT)


@pytest.fixture(scope="module")
def scene(tmp_path_factory: pytest.TempPathFactory) -> Path:
    out = tmp_path_factory.mktemp("export") / "demo"
    done = cli("generate", README_PROMPT, "--llm", "offline", "--out", str(out), "--render", "none",
               "--export", "habitat,glb,usd,fbx,obj")  # habitat first: it moves objects and must put them back
    assert done.returncode == 0, done.stderr[-2000:]
    return out


def layout_pose(obj: dict) -> np.ndarray:
    """The 4x4 world matrix layout.json gives an object (Z up: location, then yaw/pitch/roll XYZ)."""
    rx, ry, rz = obj["rotation_euler"]
    cx, sx, cy, sy, cz, sz = math.cos(rx), math.sin(rx), math.cos(ry), math.sin(ry), math.cos(rz), math.sin(rz)
    rot_x = np.array([[1, 0, 0], [0, cx, -sx], [0, sx, cx]])
    rot_y = np.array([[cy, 0, sy], [0, 1, 0], [-sy, 0, cy]])
    rot_z = np.array([[cz, -sz, 0], [sz, cz, 0], [0, 0, 1]])
    out = np.eye(4)
    out[:3, :3] = rot_z @ rot_y @ rot_x
    out[:3, 3] = obj["location"]
    return out


Z_UP_TO_Y_UP = np.array([[1, 0, 0, 0], [0, 0, 1, 0], [0, -1, 0, 0], [0, 0, 0, 1]], dtype=float)


def assert_in_its_box(world_y_up: np.ndarray, obj: dict) -> None:
    """The object's vertices (Y-up world, as the file has them), taken into the layout's frame of the object
    (location, then yaw/pitch/roll), fill its box: ±half its size across, from its base up to its height.
    In the object's own frame, so the check holds at any turn (a chair turned 22 degrees to its desk)."""
    z_up = np.stack([world_y_up[:, 0], -world_y_up[:, 2], world_y_up[:, 1]], axis=1)
    pose = layout_pose(obj)
    local = (z_up - pose[:3, 3]) @ pose[:3, :3]
    size = np.array(obj["dimensions"])
    lo, hi = local.min(axis=0), local.max(axis=0)
    assert np.allclose(lo, [-size[0] / 2, -size[1] / 2, 0.0], atol=0.02), (obj["id"], lo, size)
    assert np.allclose(hi, [size[0] / 2, size[1] / 2, size[2]], atol=0.02), (obj["id"], hi, size)


def test_gltf_nodes_have_the_layout_names_and_transforms(scene: Path) -> None:
    layout = json.loads((scene / "layout.json").read_text())
    glb = trimesh.load(scene / "export" / "scene.glb", force="scene")
    assert len(layout["objects"]) >= 4
    for obj in layout["objects"]:
        matrix, _ = glb.graph[obj["id"]]
        # glTF is Y up: the file's matrix is the layout's pose seen through (x, y, z) -> (x, z, -y)
        expected = Z_UP_TO_Y_UP @ layout_pose(obj) @ Z_UP_TO_Y_UP.T
        assert np.allclose(matrix, expected, atol=1e-3), obj["id"]


def test_usd_prims_have_the_layout_transforms_on_a_z_up_metre_stage(scene: Path) -> None:
    from pxr import Usd, UsdGeom

    layout = json.loads((scene / "layout.json").read_text())
    nodes = {n["layout_id"]: n for n in json.loads((scene / "export" / "nodes.json").read_text())["nodes"]}
    stage = Usd.Stage.Open(str(scene / "export" / "scene.usd"))
    assert UsdGeom.GetStageUpAxis(stage) == "Z" and UsdGeom.GetStageMetersPerUnit(stage) == pytest.approx(1.0)
    for obj in layout["objects"]:
        prim = stage.GetPrimAtPath(nodes[obj["id"]]["paths"]["usd"])
        assert prim.IsValid(), obj["id"]
        matrix = np.array(UsdGeom.Xformable(prim).ComputeLocalToWorldTransform(Usd.TimeCode.Default()))
        assert np.allclose(matrix.T, layout_pose(obj), atol=1e-3), obj["id"]  # USD matrices are row-vector


def obj_groups(path: Path) -> dict[str, np.ndarray]:
    """Vertices of each ``o`` group of an OBJ file (a plain reading of the text format)."""
    groups: dict[str, list[list[float]]] = {}
    current = None
    for line in path.read_text().splitlines():
        if line.startswith("o "):
            current = groups.setdefault(line[2:].strip(), [])
        elif line.startswith("v ") and current is not None:
            current.append([float(v) for v in line.split()[1:4]])
    return {name: np.array(vs) for name, vs in groups.items()}


def test_obj_groups_bound_each_object_where_the_layout_puts_it_and_fbx_is_written(scene: Path) -> None:
    layout = json.loads((scene / "layout.json").read_text())
    groups = obj_groups(scene / "export" / "scene.obj")
    every = np.concatenate(list(groups.values()))
    mesh = trimesh.load(scene / "export" / "scene.obj", force="mesh")  # trimesh reads the same geometry
    assert np.allclose(mesh.bounds, [every.min(axis=0), every.max(axis=0)], atol=1e-4)
    for obj in layout["objects"]:
        assert_in_its_box(groups[obj["id"]], obj)  # OBJ is Y up with baked world vertices
    assert (scene / "export" / "scene.fbx").read_bytes().startswith(b"Kaydara FBX Binary")


def quaternion_matrix(wxyz: list[float]) -> np.ndarray:
    w, x, y, z = wxyz
    return np.array([[1 - 2 * (y * y + z * z), 2 * (x * y - z * w), 2 * (x * z + y * w)],
                     [2 * (x * y + z * w), 1 - 2 * (x * x + z * z), 2 * (y * z - x * w)],
                     [2 * (x * z - y * w), 2 * (y * z + x * w), 1 - 2 * (x * x + y * y)]])


def test_habitat_instances_place_each_object_asset_where_the_layout_puts_it(scene: Path) -> None:
    layout = json.loads((scene / "layout.json").read_text())
    folder = scene / "export" / "habitat"
    doc = json.loads((folder / "scene.scene_instance.json").read_text())
    assert doc["stage_instance"]["template_name"] == "stage"
    assert json.loads((folder / "stage.stage_config.json").read_text())["render_asset"] == "stage.glb"
    nodes = trimesh.load(folder / "stage.glb", force="scene").graph.nodes  # the room's floor (slab 0 of a v2 room)
    assert any(str(n).startswith("SetDresser floor") for n in nodes)
    instances = {i["template_name"]: i for i in doc["object_instances"]}
    assert set(instances) == {f"objects/{o['id']}" for o in layout["objects"]}
    for obj in layout["objects"]:
        instance = instances[f"objects/{obj['id']}"]
        config = json.loads((folder / "objects" / f"{obj['id']}.object_config.json").read_text())
        local = trimesh.load(folder / "objects" / config["render_asset"], force="mesh").vertices
        world = local @ quaternion_matrix(instance["rotation"]).T + np.array(instance["translation"])
        assert_in_its_box(world, obj)


def test_sidecar_maps_every_node_to_its_layout_object_and_relations(scene: Path) -> None:
    layout = json.loads((scene / "layout.json").read_text())
    doc = json.loads((scene / "export" / "nodes.json").read_text())
    by_id = {n["layout_id"]: n for n in doc["nodes"] if n["role"] == "object"}
    assert set(by_id) == {o["id"] for o in layout["objects"]}
    for obj in layout["objects"]:
        node = by_id[obj["id"]]
        assert node["category"] == obj["category"] and node["support"] == obj.get("support")
        assert np.allclose(node["location"], obj["location"], atol=1e-4)
        stated = [c for c in layout["constraints"] if obj["id"] in c["args"]]
        assert len(node["relations"]) == len(stated)
    assert {n["role"] for n in doc["nodes"]} >= {"object", "floor"}
    assert set(doc["files"]) == {"habitat", "glb", "usd", "fbx", "obj"}


def test_manifest_lists_the_exports_with_their_hashes(scene: Path) -> None:
    manifest = json.loads((scene / "manifest.json").read_text())
    files = {f["path"]: f for f in manifest["files"]}
    for name in ("export/scene.glb", "export/scene.usd", "export/nodes.json", "layout.json", "scene.blend"):
        assert files[name]["sha256"] == hashlib.sha256((scene / name).read_bytes()).hexdigest()
    assert manifest["prompt"] == README_PROMPT and manifest["seed"] == 0
    assert manifest["library_version"] and manifest["versions"]["blender"]
    assert {a["object"] for a in manifest["assets"]} == {o["id"] for o in json.loads((scene / "layout.json")
                                                                                       .read_text())["objects"]}
    assert all(a["licence"] and a["source"] for a in manifest["assets"])


def test_export_command_on_an_existing_scene_and_bad_input(scene: Path, tmp_path: Path) -> None:
    done = cli("export", str(scene), "--to", "gltf", "--out", str(tmp_path / "gltf"))
    assert done.returncode == 0, done.stderr[-2000:]
    gltf = trimesh.load(tmp_path / "gltf" / "scene.gltf", force="scene")
    layout = json.loads((scene / "layout.json").read_text())
    assert {o["id"] for o in layout["objects"]} <= set(gltf.graph.nodes)
    bad = cli("export", str(scene), "--to", "glb,stl")
    assert bad.returncode == 2 and "'stl'" in bad.stderr and "--to" in bad.stderr
    (tmp_path / "mine").mkdir()
    (tmp_path / "mine" / "notes.txt").write_text("mine")
    refused = cli("export", str(scene), "--to", "glb", "--out", str(tmp_path / "mine"))
    assert refused.returncode == 2 and "notes.txt" in refused.stderr
    assert (tmp_path / "mine" / "notes.txt").read_text() == "mine"
