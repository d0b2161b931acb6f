"""Export the built scene with Blender's own exporters (glTF, USD, FBX, OBJ), plus the JSON
sidecar (``nodes.json``) that maps each exported node to its layout id, category, support
and relations.

What is exported: every object Set Dresser built (layout objects, floor, walls and any other
room part), never the cameras, lights or the text labels. Files are written into a fresh
hidden folder and moved into place at the end, so an interrupted export never leaves a
half-written ``export/`` behind.
"""

from __future__ import annotations

import json
import logging
import os
import shutil
from collections.abc import Mapping, Sequence
from pathlib import Path
from typing import Any

import bpy
from mathutils import Matrix

from ..core.errors import BadInput
from ..core.export import habitat
from ..core.export.formats import EXPORT_DIR, FORMATS, SIDECAR, foreign_export_entries
from ..core.export.sidecar import Node, missing_objects, sidecar
from .build import ASSET_PROP, CATEGORY_PROP, ID_PROP
from .scene_setup import TAG

log = logging.getLogger(__name__)

NOT_EXPORTED = {"camera", "light", "label", "root"}


def exported_objects(scene: bpy.types.Scene | None = None) -> list[bpy.types.Object]:
    """Our built objects in ``scene`` that carry geometry (not cameras, lights, labels)."""
    scene = scene or bpy.context.scene
    return [o for o in scene.objects if o.get(TAG) and o.get(TAG) not in NOT_EXPORTED and o.type == "MESH"]


def as_node(obj: bpy.types.Object) -> Node:
    """The sidecar's view of one object (its pose as exported)."""
    layout_id = obj.get(ID_PROP)
    return Node(name=obj.name, role=str(obj.get(TAG)), layout_id=str(layout_id) if layout_id else None,
                category=obj.get(CATEGORY_PROP), asset=obj.get(ASSET_PROP) or None,
                location=tuple(obj.location), rotation_euler=tuple(obj.rotation_euler),
                dimensions=tuple(obj.dimensions),
                materials=tuple(m.name for m in obj.data.materials if m is not None))


def _select_only(objects: Sequence[bpy.types.Object]) -> None:
    for obj in bpy.context.view_layer.objects:
        obj.select_set(False)
    for obj in objects:
        obj.hide_set(False)
        obj.select_set(True)
    bpy.context.view_layer.objects.active = objects[0]


def _write(fmt: str, path: Path) -> None:
    """One file through Blender's exporter for ``fmt`` (the selected objects only)."""
    if fmt in ("glb", "gltf"):
        bpy.ops.export_scene.gltf(filepath=str(path), export_format="GLB" if fmt == "glb" else "GLTF_SEPARATE",
                                  use_selection=True, export_extras=True, export_cameras=False,
                                  export_lights=False)
    elif fmt == "usd":
        bpy.ops.wm.usd_export(filepath=str(path), selected_objects_only=True, export_materials=True,
                              export_custom_properties=True, convert_world_material=False)
    elif fmt == "fbx":
        bpy.ops.export_scene.fbx(filepath=str(path), use_selection=True, use_custom_props=True,
                                 object_types={"MESH"})
    elif fmt == "obj":
        bpy.ops.wm.obj_export(filepath=str(path), export_selected_objects=True, export_object_groups=False)
    elif fmt == "habitat":
        _write_habitat(path.parent, list(bpy.context.selected_objects))
    else:
        raise BadInput(f"unknown format {fmt!r} (choose from {', '.join(FORMATS)})", "--export")


def _glb(path: Path, objects: Sequence[bpy.types.Object]) -> None:
    _select_only(objects)
    bpy.ops.export_scene.gltf(filepath=str(path), export_format="GLB", use_selection=True, export_extras=True,
                              export_cameras=False, export_lights=False)


def _write_habitat(folder: Path, objects: Sequence[bpy.types.Object]) -> None:
    """Habitat's stage (room parts in place), one glb per layout object in its own frame, and
    the scene instance that places them (core/export/habitat.py)."""
    placed = [o for o in objects if o.get(ID_PROP)]
    # a part of a layout object (a seated figure's shins, a lamp's ceiling stem) goes with its object
    parts = {p.name: [c for c in objects if c.parent is p] for p in placed}
    room = [o for o in objects if not o.get(ID_PROP) and not (o.parent is not None and o.parent.get(ID_PROP))]
    (folder / habitat.OBJECTS_DIR).mkdir(parents=True)
    if room:
        _glb(folder / f"{habitat.STAGE_NAME}.glb", room)
    _json(folder / f"{habitat.STAGE_NAME}.stage_config.json", habitat.asset_config(f"{habitat.STAGE_NAME}.glb"))
    poses = []
    for obj in placed:
        oid, saved = str(obj[ID_PROP]), obj.matrix_world.copy()
        poses.append({"id": oid, "location": tuple(obj.location), "rotation_euler": tuple(obj.rotation_euler)})
        obj.matrix_world = Matrix.Identity(4)  # the asset in its own frame: origin bottom-centre, front -Y
        try:
            _glb(folder / habitat.OBJECTS_DIR / f"{oid}.glb", [obj, *parts[obj.name]])
        finally:
            obj.matrix_world = saved
        _json(folder / habitat.OBJECTS_DIR / f"{oid}.object_config.json", habitat.asset_config(f"{oid}.glb"))
    _json(folder / habitat.SCENE_FILE, habitat.scene_instance(poses))
    _select_only(objects)


def _json(path: Path, doc: Any) -> None:
    path.write_text(json.dumps(doc, indent=2) + "\n", encoding="utf-8")


def export_scene(folder: Path, formats: Sequence[str], layout: Mapping[str, Any],
                 scene: bpy.types.Scene | None = None, target: Path | None = None, force: bool = False) -> Path:
    """Export the current scene into ``target`` (default ``folder/export``) in ``formats``
    with the sidecar; returns the folder. An earlier export there is replaced whole; a folder
    holding other files is refused unless ``force``."""
    target = target or folder / EXPORT_DIR
    if target.exists() and not force:
        if not target.is_dir():
            raise BadInput("exists and is not a folder", str(target))
        if foreign := foreign_export_entries([p.name for p in target.iterdir()]):
            raise BadInput(f"holds files an export did not write ({', '.join(foreign[:5])}); "
                           "choose another folder or pass --force", str(target))
    objects = exported_objects(scene)
    if not objects:
        raise BadInput("holds no Set Dresser object to export", str(folder))
    nodes = [as_node(o) for o in objects]
    if missing := missing_objects(nodes, layout):
        log.warning("layout objects with no built object (not exported): %s", ", ".join(missing))
    partial = target.with_name(f".{target.name}.partial-{os.getpid()}")
    shutil.rmtree(partial, ignore_errors=True)
    partial.mkdir(parents=True)
    try:
        _select_only(objects)
        for fmt in formats:
            _write(fmt, partial / FORMATS[fmt].filename)
        doc = sidecar(nodes, layout, formats)
        (partial / SIDECAR).write_text(json.dumps(doc, indent=2, ensure_ascii=False) + "\n", encoding="utf-8")
        _swap_in(partial, target)
    finally:
        shutil.rmtree(partial, ignore_errors=True)
    return target


def _swap_in(partial: Path, target: Path) -> None:
    """Replace ``target`` by ``partial`` (the old folder is removed only once the new one is in place)."""
    old = target.with_name(f".{target.name}.old-{os.getpid()}")
    if target.exists():
        target.rename(old)
    partial.rename(target)
    shutil.rmtree(old, ignore_errors=True)


def open_scene(blend: Path) -> bpy.types.Scene:
    """Load a generated ``scene.blend`` (headless) and return its scene."""
    bpy.ops.wm.open_mainfile(filepath=str(blend))
    return bpy.context.scene
