"""Cameras: a 3/4 perspective view framing everything, and a labelled top-down review view.

The framing maths lives in ``core/framing.py``; here the numbers become camera objects.
Labels are text objects with each object's id, hidden in the final render and shown only
for the top-down view (the vision reviewer of issue 4 reads them).
"""

from __future__ import annotations

from typing import Sequence

import bpy
import numpy as np
from mathutils import Vector

from ..core.framing import (DEFAULT_AZIMUTH_DEG, Facing, box_corners, choose_azimuth, field_of_view,
                            frame_points, top_down_view)
from ..core.model import Bounds, PlacedObject
from ..core.offline.reading.lexicon import load_lexicon
from .build import ASSET_PROP, CATEGORY_PROP, our_objects
from .scene_setup import new_object

LENS_MM = 40.0  # a little wider than the default 50 mm: rooms fit at a natural distance


def scene_points(objects: Sequence[PlacedObject], bounds: Bounds | None, pad: float = 0.0) -> np.ndarray:
    """Points a view must contain: every object's box corners, plus a floor margin of ``pad``
    metres around them (clamped to the room), so objects do not stand on the image border.

    The room itself is not framed whole: a few objects in a big room would look tiny.
    """
    boxes = [box_corners(lo, hi) for lo, hi in _framed_boxes(objects)]
    if not boxes:
        if bounds is None:
            return np.zeros((1, 3))
        return box_corners(bounds.min, (bounds.max[0], bounds.max[1], bounds.ground_z))
    points = np.concatenate(boxes, axis=0)
    if pad > 0.0:
        lo, hi = points.min(axis=0), points.max(axis=0)
        floor_lo = np.array([lo[0] - pad, lo[1] - pad, lo[2]])
        floor_hi = np.array([hi[0] + pad, hi[1] + pad, lo[2]])
        if bounds is not None:
            floor_lo[:2] = np.maximum(floor_lo[:2], bounds.min[:2])
            floor_hi[:2] = np.minimum(floor_hi[:2], bounds.max[:2])
        points = np.concatenate([points, box_corners(floor_lo, floor_hi)], axis=0)
    return points


FLAT = 0.15  # m: a thing this low is ground (a lake, a road, a rug): framed only near the rest
FLAT_MARGIN = 3.0  # m of such ground framed beyond the other objects


def _framed_boxes(objects: Sequence[PlacedObject]) -> list[tuple[Sequence[float], Sequence[float]]]:
    """Each object's box, flat ground (a 40 m sea, a long road) clipped to the others' extent plus
    :data:`FLAT_MARGIN`, so tents by a lake are not specks in a picture of the lake. All of them when
    everything is flat."""
    tall = [o for o in objects if o.bbox_max[2] - o.bbox_min[2] > FLAT]
    if not tall or len(tall) == len(objects):
        return [(o.bbox_min, o.bbox_max) for o in objects]
    lo = np.min([o.bbox_min for o in tall], axis=0) - FLAT_MARGIN
    hi = np.max([o.bbox_max for o in tall], axis=0) + FLAT_MARGIN
    out: list[tuple[Sequence[float], Sequence[float]]] = []
    upright = {id(o) for o in tall}
    for obj in objects:
        a, b = np.maximum(obj.bbox_min, lo), np.minimum(obj.bbox_max, hi)
        if id(obj) in upright:
            out.append((obj.bbox_min, obj.bbox_max))
        elif (a[:2] <= b[:2]).all():
            out.append((tuple(a[:2]) + (obj.bbox_min[2],), tuple(b[:2]) + (obj.bbox_max[2],)))
    return out


def perspective_camera(points: np.ndarray, scene: bpy.types.Scene, collection: bpy.types.Collection,
                       azimuth_deg: float = DEFAULT_AZIMUTH_DEG) -> bpy.types.Object:
    """The main camera at ``azimuth_deg`` (see :func:`view_azimuth`), 3/4 from above, as close
    as framing every point allows."""
    data = bpy.data.cameras.new("SetDresser camera")
    data.lens = LENS_MM
    data.clip_start = 0.05
    data.clip_end = 500.0
    h_fov, v_fov = field_of_view(data.angle, scene.render.resolution_x, scene.render.resolution_y)
    pose = frame_points(points, h_fov, v_fov, azimuth_deg=azimuth_deg)
    cam = new_object("SetDresser camera", data, "camera", collection)
    _aim(cam, pose.location, pose.target)
    return cam


def view_azimuth(collection: bpy.types.Collection) -> float:
    """The azimuth showing most of the fronts of the objects built in ``collection``. Only
    things with a front count (the lexicon's ``has_front`` role, by category or asset): a
    round table's or a lamp's yaw says nothing about which side to look at."""
    fronted = load_lexicon().roles.get("has_front", frozenset())
    facings = [Facing(yaw=float(o.rotation_euler[2]), front_area=float(o.dimensions[0] * o.dimensions[2]))
               for o in our_objects(collection) if _kinds(o) & fronted]
    return choose_azimuth(facings)


def _kinds(obj: bpy.types.Object) -> set[str]:
    """The object's category and its asset's name ("procedural:office_chair" -> "office chair")."""
    asset = str(obj.get(ASSET_PROP, ""))
    return {str(obj.get(CATEGORY_PROP, "")), asset.split(":")[-1].replace("_", " ")}


def top_camera(points: np.ndarray, scene: bpy.types.Scene, collection: bpy.types.Collection) -> bpy.types.Object:
    """An orthographic camera straight down over all points (north up in the image)."""
    view = top_down_view(points, scene.render.resolution_x, scene.render.resolution_y)
    data = bpy.data.cameras.new("SetDresser top view")
    data.type = "ORTHO"
    data.ortho_scale = view.ortho_scale
    data.clip_end = view.location[2] + 50.0
    cam = new_object("SetDresser top view", data, "camera", collection)
    cam.location = view.location
    cam.rotation_euler = (0.0, 0.0, 0.0)  # looking down -Z, image up = +Y = north
    return cam


def _aim(cam: bpy.types.Object, location: Sequence[float], target: Sequence[float]) -> None:
    cam.location = Vector(location)
    direction = Vector(target) - Vector(location)
    cam.rotation_euler = direction.to_track_quat("-Z", "Y").to_euler()


def show_labels(collection: bpy.types.Collection, visible: bool) -> None:
    """Show or hide the id labels in renders."""
    # copy first: changing hide_render rebuilds the collection's object cache under the iterator
    for obj in list(collection.all_objects):
        if obj.get("setdresser_role") == "label":
            obj.hide_render = not visible

