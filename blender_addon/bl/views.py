"""The two perspective views, chosen so the prompt's subjects are seen (``core/viewpoints.py``
decides; here are the Blender inputs and cameras): the main camera's direction before the
room is built (its walls stand on the far sides of that view), the second camera after, with
the built walls as occluders too.
"""

from __future__ import annotations

import logging
import math
from collections.abc import Callable

import bpy
import numpy as np
from mathutils import Vector

from ..core.framing import DEFAULT_ELEVATION_DEG, candidate_azimuths, field_of_view
from ..core.model import Layout
from ..core.viewpoints import Box, View, candidate_views, choose_first, choose_second, prompt_subjects
from ..core.visibility import ViewCamera, occluder_boxes
from .architecture import VIEW_PROP, camera_azimuth, cut_wall_boxes, hung_walls, saved_view
from .camera import LENS_MM, _aim
from .scene_setup import new_object

log = logging.getLogger(__name__)
SENSOR_MM = 36.0  # Blender's default sensor width (sensor fit AUTO: the wider side)
SECOND_NAME = "SetDresser camera 2"


def _fov(scene: bpy.types.Scene) -> tuple[float, float]:
    angle = 2.0 * math.atan(SENSOR_MM / 2.0 / LENS_MM)
    return field_of_view(angle, scene.render.resolution_x, scene.render.resolution_y)


def layout_boxes(layout: Layout) -> dict[str, Box]:
    """Each object's box, by id."""
    return {o.id: (tuple(o.bbox_min), tuple(o.bbox_max)) for o in layout.objects}  # type: ignore[misc]


def subjects_of(layout: Layout) -> list[str]:
    """The ids of the objects the layout's prompt names."""
    return prompt_subjects(layout.prompt or "", [(o.id, o.category) for o in layout.objects])


def first_azimuth(scene: bpy.types.Scene, layout: Layout, points: np.ndarray, preferred: float,
                  same_walls: Callable[[float], bool] | None = None) -> float:
    """``preferred`` (fronts, openings) unless another direction shows the subjects clearly better;
    only directions ``same_walls`` accepts are tried (those that keep the walls the preferred view
    chose for its doors, windows and hung things)."""
    if not layout.objects:
        return preferred
    h_fov, v_fov = _fov(scene)
    azimuths = [preferred] + [a for a in candidate_azimuths() if abs(a - preferred) > 1e-6
                              and (same_walls is None or same_walls(a))]
    views = candidate_views(points, h_fov, v_fov, azimuths, (DEFAULT_ELEVATION_DEG,))
    pick, score = choose_first(views, subjects_of(layout), layout_boxes(layout), occluder_boxes(layout.objects))
    if pick:
        log.info("main view turned to %.0f deg: the subjects are %.0f%% visible", views[pick].azimuth, score * 100)
    return views[pick].azimuth


def world_box(obj: bpy.types.Object) -> Box:
    """The axis-aligned world box of an object's bounding box."""
    corners = np.array([tuple(obj.matrix_world @ Vector(c)) for c in obj.bound_box])
    return tuple(corners.min(axis=0)), tuple(corners.max(axis=0))  # type: ignore[return-value]


def second_camera(scene: bpy.types.Scene, collection: bpy.types.Collection, layout: Layout, points: np.ndarray,
                  first: float) -> bpy.types.Object:
    """The second perspective camera: the side and height that show most of the subjects."""
    from ..core.viewpoints import SECOND_ELEVATIONS

    bpy.context.view_layer.update()
    # a room's walls are cut for each view on its own side (architecture.walls_cut_for): only the
    # objects occlude; the low walls of a room without a plan stand where the first view put them
    cut_per_view = VIEW_PROP in collection
    walls = [] if cut_per_view else [world_box(o) for o in collection.all_objects
                                     if o.get("setdresser_role") in ("wall", "opening") and o.type == "MESH"]
    h_fov, v_fov = _fov(scene)
    views = candidate_views(points, h_fov, v_fov, candidate_azimuths(start=first), SECOND_ELEVATIONS)
    main = View(first, DEFAULT_ELEVATION_DEG, views[0].pose)
    # a wall the second view cuts away must not carry a hung thing: it would float in the picture
    hung_on = hung_walls(layout.objects, layout.bounds) if cut_per_view and layout.bounds is not None else []
    pick, _ = choose_second(views, main, subjects_of(layout), layout_boxes(layout), walls, hung_on,
                            occluding=occluder_boxes(layout.objects))
    data = bpy.data.cameras.new(SECOND_NAME)
    data.lens, data.clip_start, data.clip_end = LENS_MM, 0.05, 500.0
    cam = new_object(SECOND_NAME, data, "camera", collection)
    _aim(cam, views[pick].pose.location, views[pick].pose.target)
    return cam


def view_camera(scene: bpy.types.Scene, view: str, cam: bpy.types.Object, walls: list[Box]) -> ViewCamera:
    """What ``core/visibility.py`` needs of a camera object: position, axes, field of view or ortho size."""
    matrix = cam.matrix_world.to_3x3()
    forward, up = -matrix.col[2], matrix.col[1]
    width, height = scene.render.resolution_x, scene.render.resolution_y
    base = dict(view=view, location=tuple(cam.matrix_world.translation), forward=tuple(forward.normalized()),
                up=tuple(up.normalized()), walls=tuple(walls))
    if cam.data.type == "ORTHO":  # ortho_scale spans the wider side (sensor fit AUTO)
        scale = float(cam.data.ortho_scale)
        size = (scale, scale * height / width) if width >= height else (scale * width / height, scale)
        return ViewCamera(**base, ortho=size)  # type: ignore[arg-type]
    h_fov, v_fov = field_of_view(float(cam.data.angle), width, height)
    return ViewCamera(**base, h_fov=h_fov, v_fov=v_fov)  # type: ignore[arg-type]


def view_walls(collection: bpy.types.Collection, cam: bpy.types.Object) -> list[Box]:
    """The wall boxes standing when ``cam`` renders: a room's walls cut for that camera as
    ``architecture.walls_cut_for`` cuts them (full height on its far sides, a low strip on its own), else
    the walls as built."""
    view = saved_view(collection) if cam.data.type != "ORTHO" else None
    if view is not None:
        spec, bounds, _ = view
        return [(tuple(b.lo), tuple(b.hi)) for b in  # type: ignore[misc]
                cut_wall_boxes(spec, bounds, camera_azimuth(cam, bounds.min, bounds.max)) if b.part == "wall"]
    return [world_box(o) for o in collection.all_objects
            if o.get("setdresser_role") == "wall" and o.type == "MESH"]


def view_cameras(scene: bpy.types.Scene, collection: bpy.types.Collection,
                 cameras: dict[str, bpy.types.Object | None]) -> tuple[ViewCamera, ...]:
    """Each view's camera as it renders (the Blender shell's record for the visibility check)."""
    bpy.context.view_layer.update()
    return tuple(view_camera(scene, view, cam, view_walls(collection, cam))
                 for view, cam in cameras.items() if cam is not None)
