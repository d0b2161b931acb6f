"""``build_asset``: one procedural asset as one mesh object in a given collection.

The object's bounding box equals the requested dimensions (to float error: the parts are
fitted to it), its origin is the bottom-centre and its front faces local -Y (CONTRACTS §1).
Only new data-blocks are created (a mesh, an object, shared ``setdresser`` materials);
no other object of the file is touched and no bpy.ops is called.
"""

from __future__ import annotations

import logging
import math
from collections.abc import Sequence

import bpy
import numpy as np

from ...core.assets import UNKNOWN_ASSET, load_catalog
from ...core.errors import BadInput
from . import (  # noqa: F401
    beds,
    craft,
    decor,
    electronics,
    figures,
    fixtures,
    ground,
    handheld,
    household,
    lighting,
    machines,
    outdoor,
    play,
    seating,
    shaped,
    shapes,
    stands,
    storage,
    structures,
    tables,  # (importing registers the builders)
    tabletop,
    wall,
)
from ..scene_setup import TAG
from .palette import Palette
from .parts import Look, Parts
from .registry import BUILDERS

log = logging.getLogger(__name__)

MATERIAL_TAG = "setdresser_material"
UNKNOWN_BOX = Look((0.78, 0.74, 0.66), 0.8)
UNKNOWN_TEXT = Look((0.03, 0.03, 0.03), 0.5)


def _material(look: Look) -> bpy.types.Material:
    """A shared material for ``look``; made once per file, found again by its tag."""
    name = f"setdresser {look.key()}"
    found = bpy.data.materials.get(name)
    if found is not None and found.get(MATERIAL_TAG) == look.key():
        return found
    mat = bpy.data.materials.new(name)
    mat[MATERIAL_TAG] = look.key()
    mat.diffuse_color = (*look.color, 1.0)  # what Workbench shows with color_type MATERIAL
    mat.roughness, mat.metallic = look.roughness, look.metallic
    bsdf = mat.node_tree.nodes.get("Principled BSDF") if mat.node_tree else None
    if bsdf is not None:  # what Cycles/EEVEE show
        bsdf.inputs["Base Color"].default_value = (*look.color, 1.0)
        bsdf.inputs["Roughness"].default_value = look.roughness
        bsdf.inputs["Metallic"].default_value = look.metallic
    return mat


def _asset_id(asset: str) -> str:
    if asset.startswith("procedural:"):
        return "procedural:" + asset.split(":", 1)[1].strip().lower().replace(" ", "_")
    return asset


def _check_dimensions(dimensions: Sequence[float], name: str) -> tuple[float, float, float]:
    try:
        dims = tuple(float(v) for v in dimensions)
    except (TypeError, ValueError) as exc:
        raise BadInput(f"dimensions must be three numbers, got {dimensions!r}", name) from exc
    if len(dims) != 3 or not all(math.isfinite(v) and v > 0 for v in dims):
        raise BadInput(f"dimensions must be three positive numbers, got {dimensions!r}", name)
    return dims  # type: ignore[return-value]


def has_builder(asset: str) -> bool:
    """Whether ``asset`` is drawn by a builder: a registered procedural id, or any non-procedural
    reference (a user's model file is someone else's to load)."""
    key = _asset_id(asset)
    return not key.startswith("procedural:") or key in BUILDERS


def build_asset(asset: str, dimensions: Sequence[float], name: str, collection: bpy.types.Collection,
                *, label: str | None = None, hints: Sequence[str] = (), seed: int = 0,
                mount: str = "floor", surfaces: Sequence[tuple[str, float]] = (),
                carries: bool = False, noun: str = "", rest: float = 0.0) -> bpy.types.Object:
    """Build ``asset`` ("procedural:chair") at ``dimensions`` [w, d, h] (metres) as one mesh
    object called ``name``, linked into ``collection`` only.

    ``hints`` are adjectives ("red", "wooden", "round", "pine"); ``label`` is the noun the
    user wrote, printed on the box that stands in for an unknown asset; ``seed`` fixes the
    random details (foliage, book colours), so the same call builds the same mesh; ``mount``
    ("wall", "ceiling") picks the hung variant where a builder has one (a TV without its foot);
    ``surfaces`` (name, height) place a case's shelves where the layout's named surfaces are, and
    ``carries`` leaves out decorative contents (books) where the layout puts its own things;
    ``noun`` (the category the user wrote) picks a family builder's variant ("hammer", "sword");
    ``rest`` is how high the origin stands above the floor (a seat's height: a seated figure's
    shins reach down to the floor as a child object, outside the object's box).
    An asset id with no builder is built as a labelled box (and logged), never an error.
    """
    w, d, h = _check_dimensions(dimensions, name)
    key = _asset_id(asset)
    catalog = load_catalog()
    words = [w for h in hints for w in str(h).lower().split()]
    colours = [w for w in words if not catalog.is_material(w)]
    palette = Palette(catalog.finish(hints), hints, label or _noun_words(noun),
                      any(catalog.is_material(w) for w in words),
                      catalog.finish(colours), mount=mount, surfaces=surfaces, carries=carries, rest=rest)
    rng = np.random.default_rng(seed)
    parts = Parts()
    build = BUILDERS.get(key)
    if build is None:
        if key != UNKNOWN_ASSET:
            log.warning("no builder for asset %r of %r: building a labelled box", asset, name)
        _labelled_box(parts, w, d, h, palette, label or name)
    else:
        build(parts, w, d, h, palette, rng)
    mesh = parts.to_mesh(name, (w, d, h), [_material(look) for look in parts.looks])
    obj = bpy.data.objects.new(name, mesh)
    collection.objects.link(obj)
    obj["setdresser_asset"] = key
    if label:
        obj["setdresser_label"] = label
    if parts.appendage is not None:
        _appendage(obj, parts, (w, d, h), collection)
    return obj


def _appendage(obj: bpy.types.Object, parts: Parts, dims: tuple[float, float, float],
               collection: bpy.types.Collection) -> bpy.types.Object:
    """The parts drawn outside ``obj``'s box as a child object that moves with it (mapped like
    ``obj``'s own parts, so they join it), tagged as a part of it, not a layout object."""
    extra = parts.appendage
    assert extra is not None
    mesh = extra.to_mesh(f"{obj.name} appendage", dims, [_material(look) for look in extra.looks],
                         transform=parts.fit(dims))
    child = bpy.data.objects.new(f"{obj.name} appendage", mesh)
    collection.objects.link(child)
    child.parent = obj
    child[TAG] = "part"  # ours (cleared with the scene), not a layout object
    child["setdresser_part"] = "appendage"
    child["setdresser_owner"] = obj.name
    return child


def _noun_words(noun: str) -> str:
    """The noun and the knowledge-base category it names ("clarinet" is a trumpet's synonym there),
    or the thing an unknown compound ends with ("snowshoe": shoe), so a family builder's variant
    is found by either."""
    from ...core.knowledge.objects import load_knowledge

    from ...core.assets.compounds import compound_head

    facts = load_knowledge().lookup(noun) if noun.strip() else None
    if facts is None and noun.strip() and (head := compound_head(noun)) is not None:  # "narrowboat": a boat
        facts = load_knowledge().lookup(head)
        return f"{noun} {head} {facts.category}" if facts is not None else f"{noun} {head}"
    return f"{noun} {facts.category}" if facts is not None and facts.category != noun else noun


def _labelled_box(parts: Parts, w: float, d: float, h: float, palette: Palette, text: str) -> None:
    """A box with ``text`` written on its front face (-Y), fitted inside the face."""
    parts.box(-w / 2, -d / 2, 0, w / 2, d / 2, h, palette.main(UNKNOWN_BOX))
    verts, faces = _text_geometry(text)
    if not len(verts):
        return
    lo, hi = verts.min(axis=0), verts.max(axis=0)
    size = np.maximum(hi - lo, 1e-6)
    scale = min(0.84 * w / size[0], 0.4 * h / size[1])
    centre = (lo + hi) / 2
    flat = (verts - centre) * scale
    # Text lies in XY facing +Z; stand it up in XZ facing -Y, just in front of the face.
    placed = np.column_stack([flat[:, 0], np.full(len(flat), -d / 2 - 0.002), flat[:, 1] + h / 2])
    parts.add(placed, faces, UNKNOWN_TEXT)
    # The text is flat; its mirror on the back keeps the label readable from behind too.
    back = np.column_stack([-flat[:, 0], np.full(len(flat), d / 2 + 0.002), flat[:, 1] + h / 2])
    parts.add(back, faces, UNKNOWN_TEXT)


def _text_geometry(text: str) -> tuple[np.ndarray, list[tuple[int, ...]]]:
    """The filled outline of ``text`` (Blender's built-in font) as vertices and faces."""
    curve = bpy.data.curves.new("setdresser_label", "FONT")
    curve.body = text.strip()[:40] or "?"
    holder = bpy.data.objects.new("setdresser_label", curve)
    try:
        mesh = bpy.data.meshes.new_from_object(holder)
    finally:
        bpy.data.objects.remove(holder)
        bpy.data.curves.remove(curve)
    try:
        co = np.empty(len(mesh.vertices) * 3)
        mesh.vertices.foreach_get("co", co)
        faces = [tuple(p.vertices) for p in mesh.polygons]
    finally:
        bpy.data.meshes.remove(mesh)
    return co.reshape(-1, 3)[:, :2], faces
