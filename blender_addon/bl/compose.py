"""Compose a whole set from a layout: objects, ground or room, lights, cameras, labels.

:func:`build_scene` clears our collection and rebuilds everything in it, so each solver
iteration replaces the previous build and nothing of the user's is touched.
"""

from __future__ import annotations

from dataclasses import dataclass, field

import bpy
import numpy as np

from ..core.model import Layout, PlacedObject
from ..core.visibility import ViewCamera
from .architecture import (
    against_walls,
    build_architecture,
    build_ceiling,
    build_paths,
    far_walls,
    finish_colour,
    finish_warnings,
    hung_walls,
    opening_points,
    remember_view,
    shown,
    view_for_openings,
    wall_weights,
)
from .build import AssetBuilder, build_objects, read_back
from .camera import perspective_camera, scene_points, view_azimuth
from .ceiling import hang_from_ceiling
from .environment import build_ground, build_lights, build_room, setup_world
from .room_plan import RoomSpec, room_spec
from .scene_setup import clear_collection
from .top_view import build_top_view
from .views import first_azimuth, second_camera, view_cameras

# Floor margin (m) framed around the objects: enough floor to read where things stand.
FRAME_PAD = 0.4
NO_COLOUR = (-1.0, -1.0, -1.0)  # what finish_colour gives for words it cannot show


@dataclass
class SceneBuild:
    """Handles to what :func:`build_scene` made."""

    collection: bpy.types.Collection
    objects: dict[str, bpy.types.Object]
    camera: bpy.types.Object
    top_camera: bpy.types.Object
    warnings: list[str] = field(default_factory=list)
    second_camera: bpy.types.Object | None = None  # the other side's view (review renders)

    def view_cameras(self, scene: bpy.types.Scene) -> tuple[ViewCamera, ...]:
        """The cameras of the views ``RENDER_FILES`` names, as they render (core/visibility.py)."""
        return view_cameras(scene, self.collection, {"final": self.camera, "second": self.second_camera,
                                                     "top": self.top_camera})

    def measure(self, planned: list[PlacedObject]) -> list[PlacedObject]:
        """The built objects' real poses and bounds, in the plan's order."""
        return read_back(self.collection, planned)


def build_scene(scene: bpy.types.Scene, collection: bpy.types.Collection, layout: Layout,
                builder: AssetBuilder, *, outdoor: bool = False) -> SceneBuild:
    """Replace our collection's contents with ``layout`` built by ``builder``: a room when the
    layout has bounds and is not ``outdoor`` (a campsite in walls looks wrong), else ground.

    The render resolution must already be set: the camera framing depends on the aspect.
    """
    clear_collection(collection)
    objects, warnings = build_objects(layout.objects, collection, builder)
    # the view comes first: the room's walls stand on its far sides and the lights turn with it
    room = room_spec(getattr(layout, "room", None))  # layout v2 (docs/contracts.md)
    points = scene_points(layout.objects, layout.bounds, pad=FRAME_PAD)
    azimuth = _choose_azimuth(scene, collection, layout, room, points)
    _build_surroundings(room, layout, objects, collection, azimuth, warnings, outdoor)
    build_lights(collection, azimuth)
    setup_world(scene)
    # the doors and windows each view shows are framed too (the main view's on its far walls)
    framed = np.concatenate([points, opening_points(getattr(layout, "room", None), layout.bounds, far_walls(azimuth))])
    camera = perspective_camera(framed, scene, collection, azimuth)
    scene.camera = camera
    every = np.concatenate([points, opening_points(getattr(layout, "room", None), layout.bounds)])
    second = second_camera(scene, collection, layout, every, azimuth)
    indoor = layout.bounds is not None and (room.kind == "indoor" if room is not None else not outdoor)
    top = build_top_view(scene, collection, layout, room, indoor)
    bpy.context.view_layer.update()
    return SceneBuild(collection=collection, objects=objects, camera=camera, top_camera=top, warnings=warnings,
                      second_camera=second)


def _choose_azimuth(scene: bpy.types.Scene, collection: bpy.types.Collection, layout: Layout,
                    room: RoomSpec | None, points: np.ndarray) -> float:
    """The main view's direction: the usual one (fronts; the walls with openings, hung things and
    what stands against them) unless another one shows the prompt's subjects better."""
    hung = hung_walls(layout.objects, layout.bounds) if layout.bounds is not None else []
    against = against_walls(layout.objects, layout.bounds) if layout.bounds is not None else {}
    preferred = view_for_openings(room, view_azimuth(collection), hung, against)
    weights = wall_weights(room, hung, against)
    return first_azimuth(scene, layout, points, preferred,  # never away from the walls chosen
                         lambda az: shown(weights, az) >= shown(weights, preferred) - 1e-6)


def _build_surroundings(room: RoomSpec | None, layout: Layout, objects: dict[str, bpy.types.Object],
                        collection: bpy.types.Collection, azimuth: float, warnings: list[str],
                        outdoor: bool) -> None:
    """The room's architecture (walls, ceiling, hung objects), a plain room, or the ground with
    its paths; the room's finish warnings join ``warnings``."""
    if room is not None and room.kind == "indoor" and layout.bounds is not None:
        build_architecture(room, layout.bounds, collection, azimuth)
        remember_view(collection, layout.room, layout.bounds, azimuth)  # other views cut the walls their way
        warnings.extend(w for w in finish_warnings(room) if w not in warnings)
        hung_from_ceiling = any(getattr(o, "mount", None) == "ceiling" for o in layout.objects)
        if room.ceiling or hung_from_ceiling:  # what a pendant lamp hangs from is there too
            build_ceiling(room, layout.bounds, collection)
        hang_from_ceiling(layout.objects, objects, layout.bounds.min[2] + room.height, collection)
    elif layout.bounds is not None and not outdoor and (room is None or room.kind == "indoor"):
        build_room(layout.bounds, layout.objects, collection, azimuth)
    else:
        ground = room.floor if room is not None else None  # a beach's sand, a street's paving; else grass
        colour = finish_colour(ground, NO_COLOUR) if ground is not None and (ground.color or ground.words) else None
        build_ground(layout.objects, collection, layout.bounds, colour if colour != NO_COLOUR else None)
        if room is not None:  # outdoors: paths with their edges on the ground
            build_paths(room, layout.bounds.ground_z if layout.bounds is not None else 0.0, collection)
