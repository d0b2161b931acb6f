"""The built scene as rigid bodies, settled, and the report (issue 21).

Fixed: the floor or ground, walls and openings (our ``floor``/``wall``/``opening`` roles), and
objects hung on a wall or from the ceiling (``setdresser_mount``). Everything else of ours is
active, weighed with the density table; a hollow object standing on the floor (something
reaches into its box) is fixed as a triangle mesh (see :mod:`.settle`).
"""

from __future__ import annotations

import os
from collections.abc import Mapping
from pathlib import Path

import bpy
from mathutils import Vector

from ..core.errors import BadInput
from ..core.stability import masses
from ..core.stability.motion import SettleReport, SettleSettings
from .build import CATEGORY_PROP, ID_PROP, MOUNT_PROP, our_objects, world_box
from .render import quiet_blender
from .scene_setup import COLLECTION_PREFIX, TAG
from .settle import Body, Settled, settle

FIXED_ROLES = frozenset({"floor", "wall", "opening"})
HUNG = frozenset({"wall", "ceiling"})
OVERLAP = 0.005  # m two boxes must share on every axis for one to reach into the other
GROUND_TOLERANCE = 0.02  # m


def scene_bodies(collection: bpy.types.Collection, mounts: Mapping[str, str] | None = None) -> list[Body]:
    """The bodies of our collection: set pieces and hung things fixed, the rest active."""
    mounts = dict(mounts or {})
    fixed = [o for o in collection.all_objects if o.get(TAG) in FIXED_ROLES and o.type == "MESH"]
    ours = our_objects(collection)
    boxes = {o.name: world_box(o)[:2] for o in fixed + ours}
    ground = max((boxes[o.name][1].z for o in fixed if o.get(TAG) == "floor"), default=0.0)
    bodies = [Body(o.name, o, fixed=True) for o in fixed]
    for obj in ours:
        oid = str(obj[ID_PROP])
        mount = str(mounts.get(oid) or obj.get(MOUNT_PROP) or "floor")
        lo, hi = boxes[obj.name]
        hollow = any(_reaches_into(boxes[other.name], (lo, hi)) for other in ours if other is not obj)
        on_floor = abs(lo.z - ground) <= GROUND_TOLERANCE
        size = [hi.x - lo.x, hi.y - lo.y, hi.z - lo.z]
        mass = float(masses([str(obj.get(CATEGORY_PROP, oid))], [size])[0])
        bodies.append(Body(oid, obj, fixed=mount in HUNG or (hollow and on_floor), mass=mass, hollow=hollow))
    return bodies


def _reaches_into(inner: tuple[Vector, Vector], outer: tuple[Vector, Vector]) -> bool:
    """Whether box ``inner`` overlaps box ``outer`` by more than OVERLAP on every axis."""
    (ilo, ihi), (olo, ohi) = inner, outer
    return all(min(ihi[k], ohi[k]) - max(ilo[k], olo[k]) > OVERLAP for k in range(3))


def check_collection(collection: bpy.types.Collection, mounts: Mapping[str, str] | None = None,
                     settings: SettleSettings | None = None) -> tuple[SettleReport, list[Settled]]:
    """Settle our collection's objects; the report and each active body's settled pose."""
    settings = settings or SettleSettings()
    bodies = scene_bodies(collection, mounts)
    settled = settle(bodies, settings)
    held = sorted(b.id for b in bodies if b.fixed and ID_PROP in b.obj)
    return SettleReport([s.motion for s in settled], held, settings), settled


def apply_poses(collection: bpy.types.Collection, settled: list[Settled]) -> int:
    """Move our objects to their settled poses (``--apply``); returns how many moved."""
    by_id = {str(o[ID_PROP]): o for o in our_objects(collection)}
    count = 0
    for item in settled:
        obj = by_id.get(item.motion.id)
        if obj is not None and (item.motion.moved > 0 or item.motion.turned_deg > 0):
            obj.matrix_world = item.matrix
            count += 1
    bpy.context.view_layer.update()
    return count


def check_blend(path: Path, mounts: Mapping[str, str] | None = None, settings: SettleSettings | None = None,
                *, apply: bool = False) -> tuple[SettleReport, int]:
    """Open a saved scene, settle its Set Dresser collection; with ``apply`` write the settled
    poses back into ``path`` (atomically). Returns the report and how many objects were moved."""
    with quiet_blender():
        bpy.ops.wm.open_mainfile(filepath=str(path))
    roots = [c for c in bpy.data.collections if c.get(TAG) == "root" and c.name.startswith(COLLECTION_PREFIX)]
    if not roots:
        raise BadInput("holds no Set Dresser collection", str(path))
    report, settled = check_collection(roots[0], mounts, settings)
    moved = 0
    if apply:
        moved = apply_poses(roots[0], settled)
        tmp = path.with_name(f".{path.stem}.settled.blend")
        with quiet_blender():
            bpy.ops.wm.save_as_mainfile(filepath=str(tmp), copy=True, compress=True)
        os.replace(tmp, path)
    return report, moved
