"""The export formats a scene can be written to, and how each names its file and its nodes.

Blender's own exporters write the files (``bl/export.py``); this module only knows the names,
so the sidecar, the manifest and the tests agree on them without Blender.
"""

from __future__ import annotations

import re
from dataclasses import dataclass

from ..errors import BadInput


@dataclass(frozen=True)
class ExportFormat:
    """One format: its name on the command line, its file, and what reads it."""

    name: str
    filename: str
    description: str


FORMATS: dict[str, ExportFormat] = {
    "glb": ExportFormat("glb", "scene.glb", "glTF 2.0 binary (Y up): three.js, Godot, Unity, Isaac Sim, trimesh"),
    "gltf": ExportFormat("gltf", "scene.gltf", "glTF 2.0 JSON with a .bin beside it (Y up)"),
    "usd": ExportFormat("usd", "scene.usd", "OpenUSD (Z up, metres): Isaac Sim, Omniverse, Houdini, usd-core"),
    "fbx": ExportFormat("fbx", "scene.fbx", "FBX binary: Unity, Unreal, Maya"),
    "obj": ExportFormat("obj", "scene.obj", "Wavefront OBJ + .mtl (one group per object): PyBullet, MuJoCo tools"),
    "habitat": ExportFormat("habitat", "habitat/scene.scene_instance.json",
                            "Habitat-Sim scene instance: the room as a stage glb, one glb per object, placed"),
}
EXPORT_DIR = "export"
SIDECAR = "nodes.json"
# what an export folder may hold besides the FORMATS files (glTF's .bin, OBJ's .mtl, USD's textures)
COMPANIONS = (SIDECAR, "scene.bin", "scene.mtl", "textures")


def foreign_export_entries(names: list[str]) -> list[str]:
    """Names in an export folder that no export writes (sorted): such a folder is not replaced."""
    ours = {f.filename.split("/")[0] for f in FORMATS.values()} | set(COMPANIONS)
    return sorted(n for n in names if n not in ours)


def parse_formats(text: str, *, where: str = "--export") -> tuple[str, ...]:
    """``"glb,usd"`` -> ``("glb", "usd")`` (order kept, duplicates dropped); BadInput names an unknown one."""
    names = [part.strip().lower().lstrip(".") for part in text.split(",") if part.strip()]
    if not names:
        raise BadInput(f"names no format (choose from {', '.join(FORMATS)})", where)
    unknown = [n for n in names if n not in FORMATS]
    if unknown:
        raise BadInput(f"unknown format(s) {', '.join(map(repr, unknown))} (choose from {', '.join(FORMATS)})", where)
    return tuple(dict.fromkeys(names))


_USD_UNSAFE = re.compile(r"[^A-Za-z0-9_]")


def usd_name(name: str) -> str:
    """The prim name Blender's USD exporter gives an object name (characters outside
    ``[A-Za-z0-9_]`` become ``_``; a leading digit gets a ``_`` before it)."""
    safe = _USD_UNSAFE.sub("_", name) or "_"
    return f"_{safe}" if safe[0].isdigit() else safe


def node_names(name: str) -> dict[str, str]:
    """The node each format gives a Blender object named ``name``."""
    return {"glb": name, "gltf": name, "fbx": name, "obj": name, "usd": f"/root/{usd_name(name)}", "habitat": name}
