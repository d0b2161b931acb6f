"""Targeted renders for the evaluator (LEGO-Eval's visual tools): a labelled top-down view
of the whole scene, the front view of one object, and a view showing only the objects a
constraint is about. Opens the run's scene.blend and renders with Workbench (fast, no GPU).
"""

from __future__ import annotations

import logging
import math
from pathlib import Path
from typing import Sequence

import bpy
import numpy as np
from mathutils import Vector

from ..core.framing import box_corners, field_of_view, frame_points
from ..core.model import Layout
from .build import ID_PROP
from .camera import LENS_MM, scene_points, top_camera
from .render import configure, render_top_view, render_view
from .scene_setup import TAG
from .top_view import TOP_PX_PROP

log = logging.getLogger(__name__)
VIEWS_DIR = "evaluation_views"
FRONT_ELEVATION_DEG = 15.0  # a little above eye level: the front shows, the top edge too


def _safe(text: str) -> str:
    return "".join(ch if ch.isalnum() or ch in "-_" else "_" for ch in text)


class ViewRenderer:
    """Renders views of one saved scene into ``out_dir/evaluation_views``; call it with a
    constraint id and the object ids in question, it returns the image paths."""

    def __init__(self, blend: Path, layout: Layout, out_dir: Path, resolution: int = 256) -> None:
        bpy.ops.wm.open_mainfile(filepath=str(blend))
        self.scene = bpy.context.scene
        self.layout = layout
        self.views_dir = Path(out_dir) / VIEWS_DIR
        self.views_dir.mkdir(parents=True, exist_ok=True)
        configure(self.scene, "workbench", resolution)
        roots = [c for c in bpy.data.collections if c.get(TAG) == "root"]
        if not roots:
            raise RuntimeError(f"{blend} holds no Set Dresser collection")
        self.collection = roots[0]
        self.objects = {o[ID_PROP]: o for o in self.collection.all_objects if ID_PROP in o}
        self._top: Path | None = None

    def __call__(self, constraint_id: str, ids: Sequence[str]) -> list[Path]:
        ids = [i for i in ids if i in self.objects]
        if not ids:
            return []
        return [self.top(), self.front(constraint_id, ids[0]), self.only(constraint_id, ids)]

    def top(self) -> Path:
        """The labelled top-down view of the whole scene (made once per scene)."""
        saved = next((o for o in self.collection.all_objects if o.get(TOP_PX_PROP)), None)
        if self._top is None and saved is not None:  # the run's own top view (room, grid, labels)
            self._top = render_top_view(self.scene, saved, self.collection, self.views_dir / "top.png",
                                        own_size=False)  # at the evaluator's resolution, like its other views
        if self._top is None:
            points = scene_points(self.layout.objects, self.layout.bounds, pad=0.3)
            camera = top_camera(points, self.scene, self.scene.collection)
            try:
                self._top = render_top_view(self.scene, camera, self.collection, self.views_dir / "top.png")
            finally:
                bpy.data.objects.remove(camera, do_unlink=True)
        return self._top

    def front(self, constraint_id: str, object_id: str) -> Path:
        """The object seen from its front (local -Y side), framed to fill the image."""
        placed = next(o for o in self.layout.objects if o.id == object_id)
        points = box_corners(placed.bbox_min, placed.bbox_max)
        azimuth = math.degrees(placed.rotation_euler[2])  # camera due south = front of an object at yaw 0
        return self._render(points, self.views_dir / f"{_safe(constraint_id)}_front_{_safe(object_id)}.png",
                            azimuth=azimuth, elevation=FRONT_ELEVATION_DEG)

    def only(self, constraint_id: str, ids: Sequence[str]) -> Path:
        """A 3/4 view with every other object of the layout hidden."""
        placed = [o for o in self.layout.objects if o.id in set(ids)]
        hidden = [o for i, o in self.objects.items() if i not in set(ids) and not o.hide_render]
        for obj in hidden:
            obj.hide_render = True
        try:
            points = scene_points(placed, self.layout.bounds, pad=0.2)
            return self._render(points, self.views_dir / f"{_safe(constraint_id)}_only.png")
        finally:
            for obj in hidden:
                obj.hide_render = False

    def _render(self, points: np.ndarray, path: Path, **direction: float) -> Path:
        data = bpy.data.cameras.new("SetDresser eval view")
        data.lens = LENS_MM
        data.clip_start, data.clip_end = 0.02, 500.0
        h_fov, v_fov = field_of_view(data.angle, self.scene.render.resolution_x, self.scene.render.resolution_y)
        if direction:
            pose = frame_points(points, h_fov, v_fov, azimuth_deg=direction["azimuth"],
                                elevation_deg=direction["elevation"])
        else:
            pose = frame_points(points, h_fov, v_fov)
        camera = bpy.data.objects.new("SetDresser eval view", data)
        self.scene.collection.objects.link(camera)
        camera.location = Vector(pose.location)
        camera.rotation_euler = (Vector(pose.target) - Vector(pose.location)).to_track_quat("-Z", "Y").to_euler()
        try:
            return render_view(self.scene, camera, path)
        finally:
            bpy.data.objects.remove(camera, do_unlink=True)
            bpy.data.cameras.remove(data)
