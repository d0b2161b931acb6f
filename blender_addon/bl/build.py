"""Layout -> Blender objects, and the built objects' real poses back as PlacedObject.

Each placed object becomes one object named by its layout id (Blender may append
``.001`` when the user already has that name; the ``setdresser_id`` property is the truth),
at the layout's location and rotation, built by an *asset builder* at the layout's
dimensions. Reading back measures the evaluated geometry, so an asset whose origin or size
is off shows up in the audit instead of passing silently.
"""

from __future__ import annotations

import logging
from collections.abc import Callable, Sequence
from contextvars import ContextVar
from dataclasses import dataclass, field

import bpy
from mathutils import Euler, Vector

from ..core.model import PlacedObject
from .scene_setup import TAG, tag

log = logging.getLogger(__name__)

ID_PROP = "setdresser_id"
CATEGORY_PROP = "setdresser_category"
ASSET_PROP = "setdresser_asset"
MOUNT_PROP = "setdresser_mount"


@dataclass
class BuiltAsset:
    """What an asset builder made: the object and any warning for the user."""

    obj: bpy.types.Object
    warnings: list[str] = field(default_factory=list)


# The ids of the objects the layout being built rests things in (on a shelf, not only on the
# top): a bookshelf among them leaves its decorative books out. Set by :func:`build_objects`.
CARRYING: ContextVar[frozenset[str]] = ContextVar("setdresser_carrying", default=frozenset())


def carriers(objects: Sequence[PlacedObject]) -> frozenset[str]:
    """Ids that something rests on other than on their top surface (layout v2 ``support_surface``;
    a v1 layout does not say, so anything resting on an object counts)."""
    out = set()
    for obj in objects:
        surface = str(getattr(obj, "support_surface", "") or "")
        if obj.support not in (None, "ground") and surface != "top" and obj.mount not in ("wall", "ceiling"):
            out.add(str(obj.support))
    return frozenset(out)


# (placed object, collection) -> a new mesh object with origin at its bottom-centre, front -Y,
# bbox = placed.dimensions, already linked into the collection
AssetBuilder = Callable[[PlacedObject, bpy.types.Collection], BuiltAsset]


def build_objects(objects: Sequence[PlacedObject], collection: bpy.types.Collection,
                  builder: AssetBuilder) -> tuple[dict[str, bpy.types.Object], list[str]]:
    """Build every placed object; returns ``{id: object}`` and the builders' warnings."""
    built: dict[str, bpy.types.Object] = {}
    warnings: list[str] = []
    token = CARRYING.set(carriers(objects))
    try:
        results = [(placed, builder(placed, collection)) for placed in objects]
    finally:
        CARRYING.reset(token)
    for placed, result in results:
        obj = tag(result.obj, "object", collection)
        obj.location = Vector(placed.location)
        obj.rotation_mode = "XYZ"
        obj.rotation_euler = Euler(placed.rotation_euler, "XYZ")
        obj[ID_PROP] = placed.id
        obj[CATEGORY_PROP] = placed.category
        obj[ASSET_PROP] = placed.asset or ""
        obj[MOUNT_PROP] = str(getattr(placed, "mount", None) or "floor")  # layout v2: floor|wall|ceiling|surface
        built[placed.id] = obj
        warnings.extend(w for w in result.warnings if w not in warnings)
    bpy.context.view_layer.update()
    return built, warnings


def our_objects(collection: bpy.types.Collection) -> list[bpy.types.Object]:
    """The layout objects in our collection (not floor, camera, lights or labels)."""
    return [o for o in collection.all_objects if o.get(TAG) == "object" and ID_PROP in o]


def world_box(obj: bpy.types.Object) -> tuple[Vector, Vector, list[Vector]]:
    """World AABB of the evaluated object's local bounding box, and its 8 world corners."""
    depsgraph = bpy.context.evaluated_depsgraph_get()
    evaluated = obj.evaluated_get(depsgraph)
    corners = [evaluated.matrix_world @ Vector(c) for c in evaluated.bound_box]
    lo = Vector((min(c.x for c in corners), min(c.y for c in corners), min(c.z for c in corners)))
    hi = Vector((max(c.x for c in corners), max(c.y for c in corners), max(c.z for c in corners)))
    return lo, hi, corners


def read_back(collection: bpy.types.Collection, planned: Sequence[PlacedObject]) -> list[PlacedObject]:
    """The built objects as measured: origin = bottom-centre of the evaluated local box.

    ``support`` and ``locked`` come from the plan (they are not geometric facts); objects
    are returned in the plan's order.
    """
    bpy.context.view_layer.update()
    by_id = {o[ID_PROP]: o for o in our_objects(collection)}
    measured: list[PlacedObject] = []
    for plan in planned:
        obj = by_id.get(plan.id)
        if obj is None:
            log.warning("object '%s' of the layout is missing from the scene", plan.id)
            continue
        measured.append(_measure(obj, plan))
    return measured


def _measure(obj: bpy.types.Object, plan: PlacedObject) -> PlacedObject:
    depsgraph = bpy.context.evaluated_depsgraph_get()
    evaluated = obj.evaluated_get(depsgraph)
    local = [Vector(c) for c in evaluated.bound_box]
    lo = Vector((min(c.x for c in local), min(c.y for c in local), min(c.z for c in local)))
    hi = Vector((max(c.x for c in local), max(c.y for c in local), max(c.z for c in local)))
    bottom_centre = evaluated.matrix_world @ Vector(((lo.x + hi.x) / 2, (lo.y + hi.y) / 2, lo.z))
    scale = evaluated.matrix_world.to_scale()
    dims = ((hi.x - lo.x) * scale.x, (hi.y - lo.y) * scale.y, (hi.z - lo.z) * scale.z)
    rot = evaluated.matrix_world.to_euler("XYZ")
    wlo, whi, _ = world_box(obj)
    return PlacedObject(
        id=plan.id, category=str(obj.get(CATEGORY_PROP, plan.category)), asset=plan.asset,
        location=tuple(bottom_centre), rotation_euler=(rot.x, rot.y, rot.z), dimensions=dims,  # type: ignore[arg-type]
        bbox_min=tuple(wlo), bbox_max=tuple(whi), support=plan.support, locked=plan.locked,  # type: ignore[arg-type]
        mount=plan.mount, support_surface=plan.support_surface, color=plan.color, material=plan.material,
        asset_fallback=plan.asset_fallback,
    )
