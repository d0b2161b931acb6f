"""A plain box asset builder: the simplest :data:`~.build.AssetBuilder`.

Used to test the shell without the procedural asset library, and by anyone who wants a
quick blocking-out of a layout (every object a coloured box of its real size).
"""

from __future__ import annotations

import hashlib

import bpy  # first: importing bpy is what makes bmesh importable in the bpy module
import bmesh  # noqa: I001

from ..core.model import PlacedObject
from .build import BuiltAsset
from .scene_setup import new_object


def box_mesh(name: str, size: tuple[float, float, float]) -> bpy.types.Mesh:
    """A box mesh of ``size`` with its origin at the bottom-centre (outward normals)."""
    bm = bmesh.new()
    try:
        bmesh.ops.create_cube(bm, size=1.0)
        bmesh.ops.scale(bm, vec=size, verts=bm.verts)
        bmesh.ops.translate(bm, vec=(0.0, 0.0, size[2] / 2.0), verts=bm.verts)
        mesh = bpy.data.meshes.new(name)
        bm.to_mesh(mesh)
    finally:
        bm.free()
    return mesh


def category_colour(category: str) -> tuple[float, float, float, float]:
    """A stable, fairly saturated colour per category (same word, same colour in every run)."""
    digest = hashlib.sha256(category.encode("utf-8")).digest()
    r, g, b = (0.25 + 0.6 * digest[i] / 255 for i in range(3))
    return (r, g, b, 1.0)


def solid_material(name: str, colour: tuple[float, float, float, float]) -> bpy.types.Material:
    """A material whose viewport colour (Workbench) and base colour (Cycles/EEVEE) agree."""
    material = bpy.data.materials.get(name) or bpy.data.materials.new(name)
    material.diffuse_color = colour
    tree = material.node_tree
    if tree is None:
        material.use_nodes = True
        tree = material.node_tree
    bsdf = next((n for n in tree.nodes if n.type == "BSDF_PRINCIPLED"), None)
    if bsdf is not None:
        bsdf.inputs["Base Color"].default_value = colour
        bsdf.inputs["Roughness"].default_value = 0.7
    return material


def build_box(placed: PlacedObject, collection: bpy.types.Collection) -> BuiltAsset:
    """One box object of ``placed.dimensions``, coloured by category."""
    obj = new_object(placed.id, box_mesh(placed.id, placed.dimensions), "object", collection)
    obj.data.materials.append(solid_material(f"SetDresser {placed.category}", category_colour(placed.category)))
    return BuiltAsset(obj=obj)
