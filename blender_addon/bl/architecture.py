"""Rooms of layout v2 in Blender: a floor of the room's finish and walls with real openings.

The walls on the far sides of the view stand at the room's height with doors and windows
cut in them (:mod:`.room_plan`: pieces around each hole, frames, a door leaf with a knob,
window glass with mullions and a sill); the walls between the camera and the room are a low
cut-away strip, so nothing blocks the view. The view prefers the sides where the openings
are. Floor and wall colours come from the room's finish (an RGB colour, else its words read
by the asset catalog: "red", "beige wooden").
"""

from __future__ import annotations

import math
import json
from collections.abc import Mapping, Sequence
from contextlib import contextmanager
from typing import Any, Iterator

import bpy
import numpy as np

from ...skill_library.compass import wall_gaps
from ..core.assets import load_catalog
from ..core.architecture.geometry import hole_box
from ..core.framing import box_corners, candidate_azimuths, far_sides
from ..core.model import Bounds
from .boxes import box_mesh, solid_material
from .room_plan import Box, Finish, RoomSpec, path_segments, room_spec, wall_boxes
from .scene_setup import new_object

CUTAWAY_HEIGHT = 0.1  # m: the walls on the camera's side
WALL_SIDES = ("north", "south", "east", "west")
OPENING_WEIGHT = 1.0  # what a door or window on a far wall is worth to the view choice
HUNG_WEIGHT = 1.5  # a wall-hung thing: on a cut-away wall it floats, seen from behind
AGAINST_GAP = 0.3  # m: a floor thing this close to a wall stands against it
TALL = 1.5  # m: a thing this tall against a wall weighs as much as a door
VIEW_PROP = "setdresser_view"  # on our collection: the room, bounds and azimuth its walls are cut for
FLOOR_THICKNESS = 0.04
DEFAULT_FLOOR = (0.80, 0.76, 0.70)
DEFAULT_WALL = (0.92, 0.91, 0.88)
DEFAULT_CEILING = (0.95, 0.95, 0.94)
PART_COLOURS = {"frame": (0.93, 0.93, 0.91), "mullion": (0.93, 0.93, 0.91), "sill": (0.93, 0.93, 0.91),
                "leaf": (0.45, 0.27, 0.13), "knob": (0.75, 0.62, 0.3), "glass": (0.62, 0.8, 0.92)}


def finish_colour(finish: Finish, default: tuple[float, float, float]) -> tuple[float, float, float]:
    """The colour a finish asks for: its RGB, else what its words mean to the catalog."""
    if finish.color is not None:
        return finish.color
    words = [*finish.words, *([finish.material] if finish.material else [])]
    found = load_catalog().finish(words) if words else None
    return tuple(found.color) if found is not None else default  # type: ignore[return-value]


def far_walls(azimuth_deg: float) -> tuple[str, str]:
    """The two walls a camera at ``azimuth_deg`` looks at."""
    north, west = far_sides(azimuth_deg)
    return ("north" if north else "south"), ("west" if west else "east")


def wall_weights(spec: RoomSpec | None, hung_on: Sequence[str] = (),
                 against: Mapping[str, float] | None = None) -> dict[str, float]:
    """What each wall carries for the view choice: each opening (1), each wall-hung thing (``hung_on``:
    their walls, 1.5: on a cut wall it floats) and what stands against it (``against``, wall -> weight,
    :func:`against_walls`; on a near wall its back faces the camera and hides the room)."""
    weights: dict[str, float] = dict.fromkeys(WALL_SIDES, 0.0)
    if spec is None or spec.kind != "indoor":  # outdoors: no walls to look at
        return weights
    for wall in [o.wall for o in spec.openings]:
        weights[wall] = weights.get(wall, 0.0) + OPENING_WEIGHT
    for wall in hung_on:
        weights[wall] = weights.get(wall, 0.0) + HUNG_WEIGHT
    for wall, weight in (against or {}).items():
        weights[wall] = weights.get(wall, 0.0) + weight
    return weights


def shown(weights: Mapping[str, float], azimuth_deg: float) -> float:
    """What a view at ``azimuth_deg`` shows of ``weights`` on its far walls."""
    return round(sum(weights.get(wall, 0.0) for wall in far_walls(azimuth_deg)), 6)


def view_for_openings(spec: RoomSpec | None, azimuth_deg: float, hung_on: Sequence[str] = (),
                      against: Mapping[str, float] | None = None) -> float:
    """``azimuth_deg``, or the candidate view whose far walls (the near ones are cut away) carry the
    most (:func:`wall_weights`). Ties keep ``azimuth_deg``."""
    weights = wall_weights(spec, hung_on, against)
    if not any(weights.values()):
        return azimuth_deg
    pool = [azimuth_deg, *candidate_azimuths()]
    return max(pool, key=lambda az: (shown(weights, az), -pool.index(az)))


def opening_points(room: Any, bounds: Bounds | None, walls: Sequence[str] | None = None) -> np.ndarray:
    """[k, 3] corners of the room's door and window holes (on ``walls`` only, when given): points a
    view must frame, so a door the text names is in the picture, not cut off by a frame fitted to
    the furniture. ``room`` is the layout's (a core Room, or its JSON with each opening's ``box``)."""
    boxes = []
    if isinstance(room, Mapping):
        boxes = [(o["box"]["min"], o["box"]["max"]) for o in room.get("openings", [])
                 if isinstance(o, Mapping) and "box" in o and (walls is None or o.get("wall") in walls)]
    elif room is not None and bounds is not None and getattr(room, "kind", "indoor") == "indoor":
        boxes = [hole_box(bounds, o) for o in getattr(room, "openings", ()) if walls is None or o.wall in walls]
    if not boxes:
        return np.zeros((0, 3))
    return np.concatenate([box_corners(lo, hi) for lo, hi in boxes], axis=0)


_SIDES = ("west", "east", "south", "north")  # the order the walls are weighed in (a tie: the first)


def against_walls(objects: Sequence[Any], bounds: Bounds) -> dict[str, float]:
    """Wall -> weight of the floor-standing things against it (within :data:`AGAINST_GAP`; a thing in
    a corner counts for both walls): their height over :data:`TALL` (at most 1.5), so a wardrobe
    counts more than a low bench."""
    out: dict[str, float] = {}
    for obj in objects:
        if getattr(obj, "mount", "floor") not in (None, "floor") or getattr(obj, "support", "ground") != "ground":
            continue
        lo, hi = obj.bbox_min, obj.bbox_max
        gaps = wall_gaps(lo, hi, bounds.min, bounds.max)
        for wall in (side for side in _SIDES if gaps[side] <= AGAINST_GAP):  # both walls of a corner
            out[wall] = out.get(wall, 0.0) + min(1.5, (hi[2] - lo[2]) / TALL)
    return out


def hung_walls(objects: Sequence[Any], bounds: Bounds) -> list[str]:
    """The wall each wall-mounted object (layout v2 ``mount``) hangs on: the nearest side."""
    out = []
    for obj in objects:
        if getattr(obj, "mount", None) != "wall":
            continue
        gaps = wall_gaps(obj.location, obj.location, bounds.min, bounds.max)  # a point: its gap to each side
        out.append(min(_SIDES, key=lambda side: gaps[side]))
    return out


PATH_COLOUR = (0.55, 0.47, 0.36)
EDGE_COLOUR = (0.42, 0.41, 0.38)
EDGE = 0.08  # m: the kerb along each side of a path


def build_paths(spec: RoomSpec, ground_z: float, collection: bpy.types.Collection) -> list[bpy.types.Object]:
    """Outdoor paths: a gravel strip per straight piece (overlapping at the bends) with kerbs."""
    made = []
    colour = finish_colour(spec.floor, PATH_COLOUR) if spec.floor.words or spec.floor.color else PATH_COLOUR
    for path in spec.paths:
        for index, (centre, length, heading) in enumerate(path_segments(path)):
            strip = new_object(f"SetDresser {path.id} {index}",
                               box_mesh(path.id, (length + path.width * 0.5, path.width, 0.02)), "floor", collection)
            parts = [strip]
            for side in (-1, 1):
                kerb = new_object(f"SetDresser {path.id} edge {index} {side}",
                                  box_mesh(path.id, (length, EDGE, 0.06)), "floor", collection)
                offset = side * (path.width / 2 + EDGE / 2)
                kerb.location = (centre[0] - math.sin(heading) * offset, centre[1] + math.cos(heading) * offset,
                                 ground_z)
                parts.append(kerb)
            strip.location = (centre[0], centre[1], ground_z)
            for obj, look in zip(parts, (colour, EDGE_COLOUR, EDGE_COLOUR)):
                obj.rotation_euler = (0.0, 0.0, heading)
                obj.data.materials.append(solid_material(f"SetDresser path {' '.join(f'{c:.3f}' for c in look)}",
                                                         (*look, 1.0)))
                obj["setdresser_part"], obj["setdresser_owner"] = "path", path.id
            made.extend(parts)
    return made


def finish_warnings(spec: RoomSpec) -> list[str]:
    """A note for each floor or wall finish word the catalog cannot show (it keeps its default)."""
    out = []
    catalog = load_catalog()
    for surface, finish in (("floor", spec.floor), ("walls", spec.walls)):
        words = [w for w in (*finish.words, *([finish.material] if finish.material else [])) if w]
        if finish.color is None and words and catalog.finish(words) is None:
            out.append(f"cannot show the {surface} finish {' '.join(words)!r}: the default colour is kept")
    return out


def build_architecture(spec: RoomSpec, bounds: Bounds, collection: bpy.types.Collection,
                       azimuth_deg: float) -> list[bpy.types.Object]:
    """Floor and walls (with openings) of ``spec`` over ``bounds``."""
    floor_colour = finish_colour(spec.floor, DEFAULT_FLOOR)
    made = [_floor(spec, bounds, floor_colour, collection)]  # (the first slab of an L)
    return made + build_walls(spec, bounds, collection, azimuth_deg)


def build_walls(spec: RoomSpec, bounds: Bounds, collection: bpy.types.Collection,
                azimuth_deg: float) -> list[bpy.types.Object]:
    """The walls with their openings, full height on the far sides of a camera at ``azimuth_deg``
    and a low strip on the near sides."""
    wall_colour = finish_colour(spec.walls, DEFAULT_WALL)
    made = []
    for index, box in enumerate(cut_wall_boxes(spec, bounds, azimuth_deg)):
        colour = wall_colour if box.part == "wall" else PART_COLOURS.get(box.part, DEFAULT_WALL)
        role = "wall" if box.part == "wall" else "opening"
        made.append(_box(f"SetDresser {box.owner} {box.part} {index}", box, colour, role, collection))
    return made


def cut_wall_boxes(spec: RoomSpec, bounds: Bounds, azimuth_deg: float) -> list[Box]:
    """The wall (and opening) boxes of ``spec`` as cut for a camera at ``azimuth_deg``: full height
    on its far sides, a low strip on its own."""
    return wall_boxes(spec, bounds.min, bounds.max, far_walls(azimuth_deg), CUTAWAY_HEIGHT)


def saved_view(collection: bpy.types.Collection) -> tuple[RoomSpec, Bounds, float] | None:
    """What :func:`remember_view` kept on ``collection``: the room, the bounds and the azimuth its
    walls are cut for; None when it kept nothing or the layout has no room."""
    if VIEW_PROP not in collection:
        return None
    saved = json.loads(str(collection[VIEW_PROP]))
    spec = room_spec(saved["room"])
    if spec is None:
        return None
    return spec, Bounds(tuple(saved["min"]), tuple(saved["max"])), float(saved["azimuth"])  # type: ignore[arg-type]


def remember_view(collection: bpy.types.Collection, room: Any, bounds: Bounds, azimuth_deg: float) -> None:
    """Keep on ``collection`` what its walls were cut for (the layout's room, the bounds, the azimuth),
    so that a render from another side can cut them for itself (:func:`walls_cut_for`)."""
    raw = room.to_dict() if hasattr(room, "to_dict") else dict(room)
    collection[VIEW_PROP] = json.dumps({"room": raw, "min": list(bounds.min), "max": list(bounds.max),
                                        "azimuth": azimuth_deg}, sort_keys=True, default=list)


def camera_azimuth(camera: bpy.types.Object, bounds_min: Sequence[float], bounds_max: Sequence[float]) -> float:
    """The azimuth (degrees, 0 = south, 90 = east) of the camera seen from the room's centre."""
    at = camera.matrix_world.translation
    cx, cy = (bounds_min[0] + bounds_max[0]) / 2, (bounds_min[1] + bounds_max[1]) / 2
    return math.degrees(math.atan2(at.x - cx, -(at.y - cy))) % 360.0


@contextmanager
def walls_cut_for(camera: bpy.types.Object) -> Iterator[None]:
    """Within the block the room's walls are cut for ``camera`` (full height on its far sides, a low
    strip between it and the room), then cut again for the main view as saved. A camera looking
    straight down, or a collection without a remembered room, changes nothing."""
    collection = next((c for c in camera.users_collection if VIEW_PROP in c), None)
    looks_down = camera.matrix_world.to_3x3()[2][2] > 0.99  # its view axis (local -Z) is world -Z
    view = None if collection is None or camera.data.type == "ORTHO" or looks_down else saved_view(collection)
    if view is None:
        yield
        return
    spec, bounds, azimuth = view
    own = camera_azimuth(camera, bounds.min, bounds.max)
    if set(far_walls(own)) == set(far_walls(azimuth)):
        yield
        return
    _remove_walls(collection)
    build_walls(spec, bounds, collection, own)
    try:
        yield
    finally:
        _remove_walls(collection)
        build_walls(spec, bounds, collection, azimuth)


def _remove_walls(collection: bpy.types.Collection) -> None:
    for obj in [o for o in collection.objects if o.get("setdresser_role") in ("wall", "opening")]:
        mesh = obj.data
        bpy.data.objects.remove(obj, do_unlink=True)
        if mesh is not None and mesh.users == 0:
            bpy.data.meshes.remove(mesh)


def _floor(spec: RoomSpec, bounds: Bounds, colour: Sequence[float],
           collection: bpy.types.Collection) -> bpy.types.Object:
    """The floor slab under the room (two slabs joined for an L, none under its notch)."""
    z0, z = bounds.min[2], bounds.min[2] - FLOOR_THICKNESS
    objects = [_box(f"SetDresser floor {k}", Box((r[0], r[1], z), (r[2], r[3], z0), "floor", "floor"), colour,
                    "floor", collection) for k, r in enumerate(_slab_rects(spec, bounds))]
    return objects[0]


def build_ceiling(spec: RoomSpec, bounds: Bounds, collection: bpy.types.Collection) -> list[bpy.types.Object]:
    """The ceiling slab at the room's height over the room (as the floor: two for an L), tagged
    ``ceiling``: renders from above leave it out (:func:`ceilings_hidden_from`)."""
    z = bounds.min[2] + spec.height
    made = []
    for k, r in enumerate(_slab_rects(spec, bounds)):
        obj = _box(f"SetDresser ceiling {k}", Box((r[0], r[1], z), (r[2], r[3], z + FLOOR_THICKNESS), "ceiling",
                                                  "ceiling"), DEFAULT_CEILING, "ceiling", collection)
        made.append(obj)
    return made


def _slab_rects(spec: RoomSpec, bounds: Bounds) -> list[tuple[float, float, float, float]]:
    """The rectangles (x0, y0, x1, y1) a floor or ceiling slab covers: the room and its walls' feet,
    two for an L (none over its notch)."""
    (x0, y0, _), (x1, y1, _) = bounds.min, bounds.max
    t = 0.12
    rects = [(x0 - t, y0 - t, x1 + t, y1 + t)]
    if spec.notch is not None:
        corner, w, d = spec.notch
        yn = y1 - d if corner[0] == "n" else y0 + d
        xn = x1 - w if corner[1] == "e" else x0 + w
        full = (x0 - t, y0 - t, x1 + t, yn) if corner[0] == "n" else (x0 - t, yn, x1 + t, y1 + t)
        if corner[0] == "n":
            part = (x0 - t, yn, xn + t, y1 + t) if corner[1] == "e" else (xn - t, yn, x1 + t, y1 + t)
        else:
            part = (x0 - t, y0 - t, xn + t, yn) if corner[1] == "e" else (xn - t, y0 - t, x1 + t, yn)
        rects = [full, part]
    return rects


def _box(name: str, box: Box, colour: Sequence[float], role: str, collection: bpy.types.Collection) -> bpy.types.Object:
    size = tuple(h - lo for lo, h in zip(box.lo, box.hi))
    obj = new_object(name, box_mesh(name, size), role, collection)  # type: ignore[arg-type]
    obj.location = ((box.lo[0] + box.hi[0]) / 2, (box.lo[1] + box.hi[1]) / 2, box.lo[2])
    obj.display.show_shadows = role == "opening"
    rgba = (*colour, 1.0)
    key = " ".join(f"{c:.3f}" for c in colour)
    obj.data.materials.append(solid_material(f"SetDresser {role} {key}", rgba))
    obj["setdresser_part"] = box.part
    obj["setdresser_owner"] = box.owner
    return obj
