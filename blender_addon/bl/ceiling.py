"""The ceiling's Blender side (issue 13): things hung from the ceiling are attached to it, and
views from above leave the ceiling out.

A ceiling-mounted object (layout v2 ``mount: ceiling``: a pendant lamp, a chandelier, a ceiling
fan) hangs a little below the ceiling (the knowledge base's ceiling drop); a stem from its top to
the ceiling's plane and a canopy plate there show what holds it. The stem is a child object of
the fixture, tagged as a part of it (not a layout object). The ceiling slab itself (room
``ceiling``) is drawn for the scene and its exports; a camera above it (the review's top view and
the default perspective, which look in from outside over the cut-away walls) does not render it;
a camera inside the room does.
"""

from __future__ import annotations

from collections.abc import Iterator, Mapping, Sequence
from contextlib import contextmanager

import bpy

from ..core.model import PlacedObject
from .boxes import solid_material
from .scene_setup import TAG, new_object

STEM_RADIUS = 0.008  # m
CANOPY = (0.07, 0.025)  # m: radius and thickness of the plate at the ceiling
STEM_COLOUR = (0.12, 0.12, 0.12, 1.0)
MIN_GAP = 0.005  # m: a fixture this close to the ceiling needs no stem


def hang_from_ceiling(placed: Sequence[PlacedObject], built: Mapping[str, bpy.types.Object], ceiling_z: float,
                      collection: bpy.types.Collection) -> list[bpy.types.Object]:
    """A stem and canopy from each ceiling-mounted object's top up to ``ceiling_z``."""
    made = []
    for obj in placed:
        if getattr(obj, "mount", None) != "ceiling" or obj.id not in built:
            continue
        top = float(obj.bbox_max[2])
        gap = ceiling_z - top
        if gap <= MIN_GAP:
            continue
        made.append(_stem(built[obj.id], obj, top, gap, collection))
    return made


def _stem(fixture: bpy.types.Object, placed: PlacedObject, top: float, gap: float,
          collection: bpy.types.Collection) -> bpy.types.Object:
    mesh = bpy.data.meshes.new(f"{placed.id} ceiling stem")
    verts, faces = _cylinder(STEM_RADIUS, 0.0, gap)
    canopy_verts, canopy_faces = _cylinder(CANOPY[0], gap - CANOPY[1], gap)
    offset = len(verts)
    mesh.from_pydata(verts + canopy_verts, [], faces + [tuple(i + offset for i in f) for f in canopy_faces])
    mesh.materials.append(solid_material("SetDresser ceiling stem", STEM_COLOUR))
    stem = new_object(f"SetDresser {placed.id} stem", mesh, "part", collection)
    stem["setdresser_part"], stem["setdresser_owner"] = "ceiling_stem", placed.id
    x, y = (placed.bbox_min[0] + placed.bbox_max[0]) / 2, (placed.bbox_min[1] + placed.bbox_max[1]) / 2
    stem.parent = fixture  # moves with the fixture; placed in world coordinates as it is now
    stem.matrix_parent_inverse = fixture.matrix_world.inverted()
    stem.location = (x, y, top)
    return stem


def _cylinder(radius: float, z0: float, z1: float, segments: int = 12) -> tuple[list, list]:
    import math

    ring = [(radius * math.cos(2 * math.pi * k / segments), radius * math.sin(2 * math.pi * k / segments))
            for k in range(segments)]
    verts = [(x, y, z0) for x, y in ring] + [(x, y, z1) for x, y in ring]
    n = segments
    faces = [(k, (k + 1) % n, n + (k + 1) % n, n + k) for k in range(n)]
    faces += [tuple(range(n - 1, -1, -1)), tuple(range(n, 2 * n))]
    return verts, faces


def ceiling_objects(scene: bpy.types.Scene) -> list[bpy.types.Object]:
    """Our ceiling slabs in ``scene``."""
    return [o for o in scene.objects if o.get(TAG) == "ceiling"]


def _looks_in_from_outside(camera: bpy.types.Object, ceiling: bpy.types.Object) -> bool:
    """Whether ``camera`` stands above ``ceiling`` or outside its footprint (looking in over the
    cut-away walls), where the ceiling would only hide the room."""
    at = camera.matrix_world.translation
    corners = [ceiling.matrix_world @ v.co for v in ceiling.data.vertices]
    inside = (min(c.x for c in corners) < at.x < max(c.x for c in corners)
              and min(c.y for c in corners) < at.y < max(c.y for c in corners))
    return not inside or at.z > min(c.z for c in corners)


@contextmanager
def ceilings_hidden_from(scene: bpy.types.Scene, camera: bpy.types.Object) -> Iterator[None]:
    """Within the block, ceiling slabs that ``camera`` looks in past (from above or from outside
    the room) are left out of renders; a camera inside the room sees its ceiling."""
    hidden = [o for o in ceiling_objects(scene) if not o.hide_render and _looks_in_from_outside(camera, o)]
    for obj in hidden:
        obj.hide_render = True
    try:
        yield
    finally:
        for obj in hidden:
            obj.hide_render = False
