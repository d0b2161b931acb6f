"""Bring your own assets in Blender: index a folder written by the test, retrieve, import.

The folder (see ``test_user_assets_kit``) has a chair modelled facing +X with an override,
a floor lamp, a crate in centimetres marked as an asset in a .blend, and three bad files.
"""

from __future__ import annotations

import json
import subprocess
import sys
from pathlib import Path

import pytest

sys.path.insert(0, str(Path(__file__).parent))
from test_user_assets_kit import CHAIR, LAMP_HEIGHT, SIZE_LIMIT_MB, write_asset_folder  # noqa: E402

pytestmark = pytest.mark.blender

CHAIR_HEIGHT = CHAIR["seat_z"] + CHAIR["seat"][2] + CHAIR["back_h"]


@pytest.fixture(scope="module")
def indexed(tmp_path_factory: pytest.TempPathFactory):
    from setdresser.blender_addon.bl.asset_index_build import IndexSettings, build_index

    folder = write_asset_folder(tmp_path_factory.mktemp("assets"), bad_files=True)
    index = build_index(IndexSettings(roots=(folder,), out=folder / ".setdresser_index", max_mb=SIZE_LIMIT_MB))
    return folder, index


def _by_name(index):
    return {r.name: r for r in index.records}


def test_every_good_model_is_indexed_normalised(indexed) -> None:
    _, index = indexed
    records = _by_name(index)
    assert set(records) == {"chair", "floor_lamp", "Crate"}  # the unmarked helper in crate.blend is not an asset
    assert records["chair"].dimensions == pytest.approx((CHAIR["seat"][0], CHAIR["seat"][1], CHAIR_HEIGHT), abs=1e-4)
    assert records["floor_lamp"].dimensions == pytest.approx((0.3, 0.3, LAMP_HEIGHT), abs=1e-4)
    assert records["Crate"].dimensions == pytest.approx((0.5, 0.5, 0.5), abs=1e-4)  # 50 cm via scale 0.01


def test_metadata_and_corrections_are_recorded(indexed) -> None:
    _, index = indexed
    chair, crate = _by_name(index)["chair"], _by_name(index)["Crate"]
    assert chair.corrections.front == "+X" and chair.license == "CC0-1.0" and "seat" in chair.tags
    assert chair.corrections.rotation == ((0.0, 1.0, 0.0), (-1.0, 0.0, 0.0), (0.0, 0.0, 1.0))  # +X -> -Y
    assert crate.unit_kind == "object" and crate.unit_name == "Crate" and crate.corrections.scale == 0.01
    assert set(crate.tags) == {"box", "wooden"} and crate.license == "CC-BY-4.0"


def test_thumbnails_are_128px_renders(indexed) -> None:
    import bpy

    _, index = indexed
    for rec in index.records:
        path = index.folder / rec.thumbnail
        image = bpy.data.images.load(str(path))
        try:
            assert tuple(image.size) == (128, 128)
            pixels = list(image.pixels)
            assert max(pixels) - min(pixels) > 0.2  # something was drawn, not a blank frame
        finally:
            bpy.data.images.remove(image)


def test_bad_files_are_skipped_with_reasons(indexed) -> None:
    folder, index = indexed
    manifest = json.loads((index.folder / "index.json").read_text())
    reasons = {Path(s["file"]).name: s["reason"] for s in manifest["skipped"]}
    assert set(reasons) == {"broken.glb", "notes.xyz", "huge.obj"}
    assert "importer failed" in reasons["broken.glb"]
    assert "unsupported" in reasons["notes.xyz"] and "too large" in reasons["huge.obj"]
    assert manifest["schema"] == "setdresser.asset_index/1" and manifest["counts"]["assets"] == 3


def test_resume_skips_indexed_files_and_takes_new_ones(indexed, tmp_path: Path) -> None:
    import shutil

    from setdresser.blender_addon.bl.asset_index_build import IndexSettings, build_index

    folder, first = indexed
    copy = tmp_path / "copy"
    shutil.copytree(folder, copy)
    settings = IndexSettings(roots=(copy,), out=copy / ".setdresser_index", max_mb=SIZE_LIMIT_MB, resume=True)
    again = build_index(settings)
    assert again.manifest.counts["files_already_indexed"] == 3 and again.manifest.counts["files_indexed"] == 0
    assert [r.id for r in again.records] == [r.id for r in first.records]
    (copy / "floor_lamp.obj").rename(copy / "tall_lamp.obj")  # same bytes: still known
    (copy / "stool.obj").write_text("v 0 0 0\nv 0.4 0 0\nv 0 0.4 0\nv 0 0 0.45\nf 1 2 3\nf 1 2 4\n")
    third = build_index(settings)
    assert third.manifest.counts["files_indexed"] == 1
    assert [r.name for r in third.records][-1] == "stool"


def test_text_retrieval_over_the_index(indexed) -> None:
    from setdresser.blender_addon.core.retrieval.index import load_index
    from setdresser.blender_addon.core.retrieval.select import AssetQuery, Retriever

    _, index = indexed
    retriever = Retriever(load_index(index.folder))
    assert retriever.choose(AssetQuery("l", "floor lamp", dimensions=(0.4, 0.4, 1.6))).record.name == "floor_lamp"
    assert retriever.choose(AssetQuery("b", "crate", "wooden crate", ("wooden",))).record.name == "Crate"
    assert retriever.choose(AssetQuery("c", "dining chair", synonyms=("chair",))).record.name == "chair"
    assert retriever.choose(AssetQuery("s", "sofa", synonyms=("couch",))).record is None


def test_imported_asset_fills_its_planned_box_facing_minus_y(indexed) -> None:
    import bpy
    import numpy as np

    from setdresser.blender_addon.bl.asset_import import mesh_points, user_asset_builder
    from setdresser.blender_addon.core.model import PlacedObject

    _, index = indexed
    chair = _by_name(index)["chair"]
    bpy.ops.wm.read_factory_settings(use_empty=True)
    collection = bpy.data.collections.new("test")
    bpy.context.scene.collection.children.link(collection)
    fallback_calls = []
    builder = user_asset_builder(index.by_id(), lambda: fallback_calls.append(1) or (lambda p, c: None))
    dims = (0.44, 0.44, 0.9)
    placed = PlacedObject("chair_1", "chair", chair.asset, (0, 0, 0), (0, 0, 0), dims, (0, 0, 0), dims)
    built = builder(placed, collection)
    points = mesh_points(built.obj.data)
    assert np.allclose(points.min(axis=0), (-0.22, -0.22, 0.0), atol=1e-5)  # origin = bottom-centre
    assert np.allclose(points.max(axis=0), (0.22, 0.22, 0.9), atol=1e-5)  # bbox = planned dimensions
    top = points[points[:, 2] > 0.8]
    assert top[:, 1].min() > 0.1  # the back is behind (+Y): the chair faces -Y
    assert len(built.obj.data.materials) == 6 and built.warnings == []
    assert built.obj.name in collection.objects
    bpy.context.view_layer.update()  # the scene evaluates: no dangling scratch data
    assert [s.name for s in bpy.data.scenes] == ["Scene"] and fallback_calls == []
    builder(PlacedObject("desk_1", "desk", "procedural:desk", (0, 0, 0), (0, 0, 0), dims, (0, 0, 0), dims),
            collection)
    assert fallback_calls == [1]


def test_index_assets_cli_finishes_and_names_the_broken_file(tmp_path: Path) -> None:
    folder = tmp_path / "assets"
    folder.mkdir()
    (folder / "broken[v2].glb").write_bytes(b"\x00garbage" * 100)  # brackets: no rich markup
    (folder / "box.obj").write_text("v 0 0 0\nv 1 0 0\nv 0 1 0\nv 0 0 1\nf 1 2 3\nf 1 2 4\n")
    out = tmp_path / "index"
    proc = subprocess.run([sys.executable, "-m", "setdresser", "index-assets", str(folder), "--out", str(out)],
                          capture_output=True, text=True, timeout=120)
    assert proc.returncode == 0, proc.stderr
    assert "broken[v2].glb" in proc.stderr and "1 assets" in proc.stderr
    manifest = json.loads((out / "index.json").read_text())
    assert [Path(s["file"]).name for s in manifest["skipped"]] == ["broken[v2].glb"]
    bad = subprocess.run([sys.executable, "-m", "setdresser", "index-assets", str(tmp_path / "nope")],
                         capture_output=True, text=True, timeout=60)
    assert bad.returncode == 2 and "nope" in bad.stderr


def test_an_interrupted_run_keeps_its_checkpoint_and_resumes(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    from setdresser.blender_addon.bl import asset_index_build as build
    from setdresser.blender_addon.core.retrieval.index import load_index

    folder = write_asset_folder(tmp_path / "assets")
    settings = build.IndexSettings(roots=(folder,), out=tmp_path / "index", resume=True)
    monkeypatch.setattr(build, "CHECKPOINT_FILES", 1)
    real_render, calls = build.ThumbnailStage.render, []

    def render_then_die(self, mesh, dims, path):  # the second file "crashes" the run
        calls.append(path)
        if len(calls) == 2:
            raise KeyboardInterrupt
        return real_render(self, mesh, dims, path)

    monkeypatch.setattr(build.ThumbnailStage, "render", render_then_die)
    with pytest.raises(KeyboardInterrupt):
        build.build_index(settings)
    assert len(load_index(settings.out).records) == 1  # the first file survived
    monkeypatch.setattr(build.ThumbnailStage, "render", real_render)
    resumed = build.build_index(settings)
    assert resumed.manifest.counts["files_already_indexed"] == 1 and resumed.manifest.counts["files_indexed"] == 2
    assert sorted(r.name for r in resumed.records) == ["Crate", "chair", "floor_lamp"]
    assert [s.name for s in __import__("bpy").data.scenes if s.name.startswith("setdresser")] == []


def _export_box(folder: Path) -> list[str]:
    """A 0.4 x 0.6 x 0.8 m box (front -Y) in every format Blender can write; returns the names."""
    import bpy

    from test_user_assets_kit import _box, _clear

    _clear()
    _box("box", (0.4, 0.6, 0.8), (1.0, 2.0, 0.9), (0.2, 0.4, 0.8))  # off-centre and lifted: normalising moves it
    writers = {
        "box.gltf": lambda p: bpy.ops.export_scene.gltf(filepath=p, export_format="GLTF_SEPARATE"),
        "box.glb": lambda p: bpy.ops.export_scene.gltf(filepath=p, export_format="GLB"),
        "box.obj": lambda p: bpy.ops.wm.obj_export(filepath=p),
        "box.fbx": lambda p: bpy.ops.export_scene.fbx(filepath=p),
        "box.usdc": lambda p: bpy.ops.wm.usd_export(filepath=p),
        "box.usda": lambda p: bpy.ops.wm.usd_export(filepath=p),
        "box.usdz": lambda p: bpy.ops.wm.usd_export(filepath=p),
    }
    for name, write in writers.items():
        write(str(folder / name))
    _clear()
    return sorted(writers)


def test_every_supported_format_imports_at_its_real_size(tmp_path: Path) -> None:
    from setdresser.blender_addon.bl.asset_index_build import IndexSettings, build_index

    folder = tmp_path / "formats"
    folder.mkdir()
    names = _export_box(folder)
    index = build_index(IndexSettings(roots=(folder,), out=tmp_path / "index"))
    assert index.manifest.skipped == []
    assert sorted(Path(r.file).name for r in index.records) == names
    for rec in index.records:
        assert rec.dimensions == pytest.approx((0.4, 0.6, 0.8), abs=1e-4), rec.file


def test_corrupt_files_of_every_format_are_skipped(tmp_path: Path) -> None:
    import numpy as np

    from setdresser.blender_addon.bl.asset_index_build import IndexSettings, build_index

    folder = tmp_path / "bad"
    folder.mkdir()
    rng = np.random.default_rng(1)
    suffixes = ["blend", "glb", "gltf", "obj", "fbx", "usd", "usda", "usdc", "usdz"]
    for suffix in suffixes:
        (folder / f"random.{suffix}").write_bytes(rng.bytes(4096))
    (folder / "truncated.blend").write_bytes(b"BLENDER-v500" + rng.bytes(100))
    index = build_index(IndexSettings(roots=(folder,), out=tmp_path / "index"))
    assert index.records == []
    assert sorted(Path(s.file).name for s in index.manifest.skipped) == sorted(
        [f"random.{s}" for s in suffixes] + ["truncated.blend"])
    assert all(s.reason for s in index.manifest.skipped)


def test_assets_paths_for_generate_are_loaded_indexed_or_refused(indexed, tmp_path: Path,
                                                                 monkeypatch: pytest.MonkeyPatch) -> None:
    from setdresser.blender_addon.bl import asset_index_build as build
    from setdresser.blender_addon.core.errors import BadInput

    folder, index = indexed
    (loaded,) = build.open_asset_indexes([index.folder])  # an index folder: read as it is
    assert [r.id for r in loaded.records] == [r.id for r in index.records]
    fresh = tmp_path / "fresh"
    fresh.mkdir()
    (fresh / "box.obj").write_text("v 0 0 0\nv 1 0 0\nv 0 1 0\nv 0 0 1\nf 1 2 3\nf 1 2 4\n")
    (built,) = build.open_asset_indexes([fresh])  # a model folder: indexed into FOLDER/.setdresser_index
    assert [r.name for r in built.records] == ["box"] and (fresh / ".setdresser_index" / "index.json").is_file()
    with pytest.raises(BadInput, match="neither"):
        build.open_asset_indexes([fresh / "box.obj"])

    def read_only(*args, **kwargs):  # tests run as root, for whom chmod 555 changes nothing
        raise PermissionError(13, "Permission denied")

    monkeypatch.setattr(build, "write_index", read_only)
    other = tmp_path / "other"
    other.mkdir()
    (other / "box.obj").write_text("v 0 0 0\nv 1 0 0\nv 0 1 0\nf 1 2 3\n")
    with pytest.raises(BadInput, match="cannot write its index .Permission denied.; run index-assets"):
        build.open_asset_indexes([other])


def test_blend_collections_marked_as_assets_and_plain_objects(tmp_path: Path) -> None:
    import bpy

    from setdresser.blender_addon.bl.asset_index_build import IndexSettings, build_index
    from test_user_assets_kit import _box, _clear

    folder = tmp_path / "blends"
    folder.mkdir()
    _clear()
    top, leg = _box("top", (1.2, 0.6, 0.05), (0, 0, 0.725)), _box("leg", (0.05, 0.05, 0.7), (0.5, 0.2, 0.35))
    table = bpy.data.collections.new("Table")
    for obj in (top, leg):
        table.objects.link(obj)
    table.asset_mark()
    table.asset_data.description = "a small table"
    bpy.data.libraries.write(str(folder / "table.blend"), {table, top, leg, top.data, leg.data})
    _clear()
    stool, seat = _box("Stool", (0.3, 0.3, 0.4), (0, 0, 0.2)), _box("Cushion", (0.3, 0.3, 0.05), (0, 0, 0.425))
    seat.parent = stool  # a child travels with its top-level object
    vase = _box("Vase", (0.1, 0.1, 0.3), (2, 0, 0.15))
    bpy.data.libraries.write(str(folder / "props.blend"), {stool, seat, vase, stool.data, seat.data, vase.data})
    _clear()
    records = {r.name: r for r in build_index(IndexSettings(roots=(folder,), out=tmp_path / "index")).records}
    assert set(records) == {"Table", "Stool", "Vase"}
    assert records["Table"].unit_kind == "collection" and records["Table"].description == "a small table"
    assert records["Table"].dimensions == pytest.approx((1.2, 0.6, 0.75), abs=1e-4)
    assert records["Stool"].unit_kind == "object" and records["Stool"].dimensions == pytest.approx((0.3, 0.3, 0.45))
    assert records["Vase"].dimensions == pytest.approx((0.1, 0.1, 0.3))


def test_import_survives_a_name_clash_with_the_open_scene(indexed) -> None:
    import bpy
    import numpy as np

    from setdresser.blender_addon.bl.asset_import import mesh_points, user_asset_builder
    from setdresser.blender_addon.core.model import PlacedObject
    from test_user_assets_kit import _box

    _, index = indexed
    crate = _by_name(index)["Crate"]
    bpy.ops.wm.read_factory_settings(use_empty=True)
    mine = _box("Crate", (2, 2, 2), (5, 5, 1))  # the user's own "Crate": the appended one becomes Crate.001
    collection = bpy.data.collections.new("test")
    bpy.context.scene.collection.children.link(collection)
    dims = (0.4, 0.4, 0.4)
    placed = PlacedObject("crate_1", "crate", crate.asset, (0, 0, 0), (0, 0, 0), dims, (0, 0, 0), dims)
    built = user_asset_builder(index.by_id(), lambda: None)(placed, collection)
    points = mesh_points(built.obj.data)
    assert np.allclose(points.max(axis=0) - points.min(axis=0), dims, atol=1e-5)
    assert [o.name for o in bpy.context.scene.objects if o.name.startswith("Crate")] == ["Crate"]
    assert tuple(mine.location) == (0, 0, 0) and mine.dimensions[0] == pytest.approx(2.0)


def test_index_assets_flags_are_checked(tmp_path: Path) -> None:
    from setdresser.blender_addon.services.clip_encoder import clip_available

    def index_assets(*flags: str) -> subprocess.CompletedProcess:
        return subprocess.run([sys.executable, "-m", "setdresser", "index-assets", str(tmp_path), *flags],
                              capture_output=True, text=True, timeout=120)

    for flags, message in ((("--clip-pretrained", "openai"), "--clip-pretrained: needs --clip-model"),
                           (("--max-mb", "0"), "--max-mb: must be positive")):
        proc = index_assets(*flags)
        assert proc.returncode == 2 and message in proc.stderr, proc.stderr
    if not clip_available():
        proc = index_assets("--clip-model", "ViT-B-32")
        assert proc.returncode == 2 and "pip install 'setdresser[clip]'" in proc.stderr, proc.stderr


def test_a_vanished_asset_file_falls_back_to_the_procedural_library(indexed, tmp_path: Path) -> None:
    import dataclasses

    import bpy

    from setdresser.blender_addon.bl.asset_import import user_asset_builder
    from setdresser.blender_addon.bl.build import BuiltAsset
    from setdresser.blender_addon.core.model import PlacedObject

    _, index = indexed
    lamp = dataclasses.replace(_by_name(index)["floor_lamp"], file=str(tmp_path / "gone.obj"))
    bpy.ops.wm.read_factory_settings(use_empty=True)
    collection = bpy.data.collections.new("test")
    bpy.context.scene.collection.children.link(collection)
    seen = []

    def procedural(placed, coll):
        seen.append(placed.asset)
        obj = bpy.data.objects.new(placed.id, bpy.data.meshes.new(placed.id))
        coll.objects.link(obj)
        return BuiltAsset(obj=obj)

    dims = (0.3, 0.3, 1.6)
    placed = PlacedObject("lamp_1", "floor lamp", lamp.asset, (0, 0, 0), (0, 0, 0), dims, (0, 0, 0), dims)
    built = user_asset_builder({lamp.id: lamp}, lambda: procedural)(placed, collection)
    assert seen == [None]  # the catalog resolves the noun, not the user: asset
    assert built.obj.name == "lamp_1" and "gone.obj" in built.warnings[0] and "procedural" in built.warnings[0]
