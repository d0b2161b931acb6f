"""A small user asset folder written with bpy, for the user-asset tests (no tests here).

- ``chair.glb``: seat, four legs and a back, modelled facing **+X** (back at -X), with a
  sidecar override saying so (front +X, tags, licence);
- ``lamp.obj``: a tall floor lamp (0.3 x 0.3 x 1.6 m), front -Y already;
- ``crate.blend``: a crate *marked as an asset* (tags "box", "wooden"), modelled in
  centimetres (50 units), with ``overrides.json`` giving scale 0.01; an unmarked helper
  object in the same file is ignored;
- optionally the bad ones: ``broken.glb`` (random bytes), ``notes.xyz`` (unsupported) and
  ``huge.obj`` (over a 0.5 MB limit).
"""

from __future__ import annotations

import json
from pathlib import Path

CHAIR = {"seat": (0.45, 0.45, 0.05), "seat_z": 0.42, "leg": 0.04, "back_h": 0.45}
LAMP_HEIGHT = 1.6
CRATE_CM = 50.0
SIZE_LIMIT_MB = 0.5


def _box(name: str, size: tuple[float, float, float], centre: tuple[float, float, float], colour=None):
    import bmesh
    import bpy

    mesh = bpy.data.meshes.new(name)
    bm = bmesh.new()
    bmesh.ops.create_cube(bm, size=1.0)
    for v in bm.verts:
        v.co = (v.co.x * size[0] + centre[0], v.co.y * size[1] + centre[1], v.co.z * size[2] + centre[2])
    bm.to_mesh(mesh)
    bm.free()
    if colour is not None:
        material = bpy.data.materials.new(name + "_mat")
        material.diffuse_color = (*colour, 1.0)
        bsdf = material.node_tree.nodes.get("Principled BSDF") if material.node_tree else None
        if bsdf is not None:  # what glTF exports as the base colour
            bsdf.inputs["Base Color"].default_value = (*colour, 1.0)
        mesh.materials.append(material)
    obj = bpy.data.objects.new(name, mesh)
    bpy.context.scene.collection.objects.link(obj)
    return obj


def _clear() -> None:
    import bpy

    bpy.ops.wm.read_factory_settings(use_empty=True)


def _export_selected(objects, exporter) -> None:
    import bpy

    for obj in bpy.context.scene.objects:
        obj.select_set(obj in objects)
    exporter()


def chair_parts() -> list:
    """The chair facing +X: the back stands at -X, the seat's front edge at +X."""
    sx, sy, sz = CHAIR["seat"]
    z = CHAIR["seat_z"]
    leg = CHAIR["leg"]
    red, wood = (0.7, 0.1, 0.08), (0.45, 0.28, 0.12)
    parts = [_box("seat", (sx, sy, sz), (0, 0, z + sz / 2), red)]
    for ix in (-1, 1):
        for iy in (-1, 1):
            parts.append(_box(f"leg_{ix}_{iy}", (leg, leg, z), (ix * (sx - leg) / 2, iy * (sy - leg) / 2, z / 2), wood))
    parts.append(_box("back", (0.05, sy, CHAIR["back_h"]), (-(sx - 0.05) / 2, 0, z + sz + CHAIR["back_h"] / 2), red))
    return parts


def write_asset_folder(folder: Path, *, bad_files: bool = False) -> Path:
    """Write the asset set into ``folder`` (created); returns it."""
    import bpy

    folder.mkdir(parents=True, exist_ok=True)
    _clear()
    parts = chair_parts()
    _export_selected(parts, lambda: bpy.ops.export_scene.gltf(filepath=str(folder / "chair.glb"), export_format="GLB",
                                                              use_selection=True))
    (folder / "chair.glb.setdresser.json").write_text(json.dumps(
        {"front": "+X", "tags": ["seat", "dining chair"], "license": "CC0-1.0", "author": "tests"}))
    _clear()
    lamp = [_box("base", (0.3, 0.3, 0.04), (0, 0, 0.02)), _box("pole", (0.03, 0.03, 1.3), (0, 0, 0.69)),
            _box("shade", (0.28, 0.28, 0.26), (0, 0, LAMP_HEIGHT - 0.13), (0.9, 0.85, 0.6))]
    _export_selected(lamp, lambda: bpy.ops.wm.obj_export(filepath=str(folder / "floor_lamp.obj"),
                                                         export_selected_objects=True, export_materials=False))
    _clear()
    crate = _box("Crate", (CRATE_CM, CRATE_CM, CRATE_CM), (0, 0, CRATE_CM / 2), (0.5, 0.35, 0.2))
    crate.asset_mark()
    for tag in ("box", "wooden"):
        crate.asset_data.tags.new(tag)
    crate.asset_data.license = "CC-BY-4.0"
    helper = _box("Helper", (1, 1, 1), (300, 0, 0))
    bpy.data.libraries.write(str(folder / "crate.blend"), {crate, helper, crate.data, helper.data}, compress=True)
    (folder / "overrides.json").write_text(json.dumps({"crate.blend": {"scale": 0.01}}))
    _clear()
    if bad_files:
        import numpy as np

        (folder / "broken.glb").write_bytes(np.random.default_rng(7).bytes(2048))
        (folder / "notes.xyz").write_text("not a model")
        (folder / "huge.obj").write_text("# padding\n" * 80000 + "v 0 0 0\nv 1 0 0\nv 0 1 0\nf 1 2 3\n")
    return folder
