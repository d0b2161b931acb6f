"""The JSON sidecar written beside exported files: every exported node mapped to its layout id,
category, support and relations, with the transform it was exported at.

Nodes are read from the built Blender scene (``bl/export.py``) as :class:`Node`; the layout
gives support, mount and the relations (constraints) each object takes part in.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from typing import Any

from .formats import FORMATS, node_names

SIDECAR_SCHEMA = "setdresser.export-nodes/1"
AXES = {
    "blender": "Z up, -Y front, metres (layout.json's frame)",
    "glb": "Y up: a layout point (x, y, z) is (x, z, -y) in the file",
    "gltf": "Y up: a layout point (x, y, z) is (x, z, -y) in the file",
    "usd": "Z up (upAxis Z), metersPerUnit 1: the layout frame",
    "fbx": "Blender's FBX axis conversion (-Z forward, Y up)",
    "obj": "Y up (-Z forward): vertices are baked into world space",
    "habitat": "Y up, -Z front: objects/<layout id>.glb in their own frame, placed by the scene instance",
}


@dataclass(frozen=True)
class Node:
    """One exported Blender object as built."""

    name: str
    role: str  # object | floor | wall | ground ...
    layout_id: str | None
    category: str | None
    asset: str | None
    location: tuple[float, float, float]
    rotation_euler: tuple[float, float, float]
    dimensions: tuple[float, float, float]
    materials: tuple[str, ...] = ()


def relations_by_object(layout: Mapping[str, Any]) -> dict[str, list[dict[str, Any]]]:
    """``{object id: [{relation, args, satisfied}, ...]}`` from the layout's constraints."""
    out: dict[str, list[dict[str, Any]]] = {}
    for constraint in layout.get("constraints", []) or []:
        entry = {"relation": constraint.get("relation"), "args": list(constraint.get("args", [])),
                 "satisfied": constraint.get("satisfied")}
        for arg in dict.fromkeys(constraint.get("args", [])):
            out.setdefault(str(arg), []).append(entry)
    return out


def sidecar(nodes: Sequence[Node], layout: Mapping[str, Any], formats: Sequence[str]) -> dict[str, Any]:
    """The ``nodes.json`` document for ``formats`` (names as in formats.FORMATS)."""
    by_id = {str(o["id"]): o for o in layout.get("objects", [])}
    relations = relations_by_object(layout)
    rows = []
    for node in sorted(nodes, key=lambda n: (n.role != "object", n.name)):
        placed = by_id.get(node.layout_id or "", {})
        paths = node_names(node.name)
        if node.layout_id:  # Habitat: an object is its own asset, a room part a node of the stage
            paths["habitat"] = f"objects/{node.layout_id}"
        else:
            paths["habitat"] = f"stage/{node.name}"
        rows.append({
            "name": node.name, "paths": {f: paths[f] for f in formats}, "role": node.role,
            "layout_id": node.layout_id, "category": node.category, "asset": node.asset,
            "support": placed.get("support"), "support_surface": placed.get("support_surface"),
            "mount": placed.get("mount"), "relations": relations.get(node.layout_id or "", []),
            "materials": list(node.materials), "location": [round(v, 6) for v in node.location],
            "rotation_euler": [round(v, 6) for v in node.rotation_euler],
            "dimensions": [round(v, 6) for v in node.dimensions],
        })
    return {"schema": SIDECAR_SCHEMA, "prompt": layout.get("prompt"), "seed": layout.get("seed"),
            "files": {f: FORMATS[f].filename for f in formats}, "axes": {k: AXES[k] for k in ("blender", *formats)},
            "nodes": rows}


def missing_objects(nodes: Sequence[Node], layout: Mapping[str, Any]) -> list[str]:
    """Layout object ids with no exported node (should be empty)."""
    exported = {n.layout_id for n in nodes}
    return sorted(str(o["id"]) for o in layout.get("objects", []) if str(o["id"]) not in exported)
