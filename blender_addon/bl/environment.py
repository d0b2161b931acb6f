"""The set around the objects: ground or a cut-away room, lights and the world.

Indoors, with room bounds, the floor covers them and low walls stand just outside the north
and west sides (the far sides from the camera, which looks from the south-east), so objects
against those walls read as such and nothing blocks the view. Outdoors, or without bounds,
a ground plane extends well beyond the objects.
"""

from __future__ import annotations

import math
from typing import Sequence

import bpy
from mathutils import Euler

from ..core.model import Bounds, PlacedObject
from .boxes import box_mesh, solid_material
from .scene_setup import new_object

FLOOR_COLOUR = (0.80, 0.76, 0.70, 1.0)   # warm grey: objects of any colour stand out on it
WALL_COLOUR = (0.92, 0.91, 0.88, 1.0)
GROUND_COLOUR = (0.58, 0.70, 0.48, 1.0)  # grass-like green, muted so objects stand out
SKY_COLOUR = (0.62, 0.70, 0.80)
WALL_THICKNESS = 0.08
FLOOR_THICKNESS = 0.04


def wall_height(bounds: Bounds, objects: Sequence[PlacedObject]) -> float:
    """Low walls: 30 cm above the tallest object, at least 1 m, at most the room height."""
    tallest = max((o.bbox_max[2] - bounds.ground_z for o in objects), default=0.0)
    return min(bounds.max[2] - bounds.ground_z, max(1.0, tallest + 0.3))


def build_room(bounds: Bounds, objects: Sequence[PlacedObject], collection: bpy.types.Collection) -> list[bpy.types.Object]:
    """Floor over the bounds plus north and west walls outside them."""
    (x0, y0, z0), (x1, y1, _) = bounds.min, bounds.max
    height = wall_height(bounds, objects)
    t = WALL_THICKNESS
    parts = [
        ("SetDresser floor", (x1 - x0, y1 - y0, FLOOR_THICKNESS), ((x0 + x1) / 2, (y0 + y1) / 2, z0 - FLOOR_THICKNESS),
         FLOOR_COLOUR, "floor"),
        ("SetDresser wall north", (x1 - x0 + 2 * t, t, height), ((x0 + x1) / 2, y1 + t / 2, z0), WALL_COLOUR, "wall"),
        ("SetDresser wall west", (t, y1 - y0 + t, height), (x0 - t / 2, (y0 + y1) / 2 + t / 2, z0), WALL_COLOUR, "wall"),
    ]
    return [_slab(name, size, loc, colour, role, collection) for name, size, loc, colour, role in parts]


def build_ground(objects: Sequence[PlacedObject], collection: bpy.types.Collection,
                 bounds: Bounds | None = None) -> bpy.types.Object:
    """A ground slab centred on the objects (and the bounds, if any), three times their
    extent plus 4 m, so its edge stays out of the picture."""
    xs = [v for o in objects for v in (o.bbox_min[0], o.bbox_max[0])]
    ys = [v for o in objects for v in (o.bbox_min[1], o.bbox_max[1])]
    if bounds is not None:
        xs += [bounds.min[0], bounds.max[0]]
        ys += [bounds.min[1], bounds.max[1]]
    if xs:
        centre = ((min(xs) + max(xs)) / 2, (min(ys) + max(ys)) / 2)
        extent = max(max(xs) - min(xs), max(ys) - min(ys))
    else:
        centre, extent = (0.0, 0.0), 1.0
    side = 3 * extent + 4.0
    ground_z = bounds.ground_z if bounds is not None else 0.0
    return _slab("SetDresser ground", (side, side, FLOOR_THICKNESS), (centre[0], centre[1], ground_z - FLOOR_THICKNESS),
                 GROUND_COLOUR, "floor", collection)


def _slab(name: str, size: tuple[float, float, float], location: tuple[float, float, float],
          colour: tuple[float, float, float, float], role: str, collection: bpy.types.Collection) -> bpy.types.Object:
    obj = new_object(name, box_mesh(name, size), role, collection)
    obj.location = location
    # Workbench's shadow volumes of thin wall slabs streak across the other walls; the set
    # only receives shadows
    obj.display.show_shadows = False
    obj.data.materials.append(solid_material(name, colour))
    return obj


def build_lights(collection: bpy.types.Collection) -> list[bpy.types.Object]:
    """A warm key sun from the south-east (45 deg up) and a dim cool fill from the west."""
    key = bpy.data.lights.new("SetDresser sun", type="SUN")
    key.energy = 2.5
    key.angle = math.radians(10)  # soft-edged shadows
    key.color = (1.0, 0.96, 0.9)
    fill = bpy.data.lights.new("SetDresser fill", type="SUN")
    fill.energy = 0.8
    fill.color = (0.85, 0.9, 1.0)
    fill.use_shadow = False
    key_obj = new_object("SetDresser sun", key, "light", collection)
    key_obj.rotation_euler = Euler((math.radians(45), 0.0, math.radians(35)), "XYZ")
    fill_obj = new_object("SetDresser fill", fill, "light", collection)
    fill_obj.rotation_euler = Euler((math.radians(60), 0.0, math.radians(-100)), "XYZ")
    return [key_obj, fill_obj]


def setup_world(scene: bpy.types.Scene) -> bpy.types.World:
    """A pale sky: Workbench's background colour and a soft ambient light for Cycles/EEVEE."""
    world = scene.world or bpy.data.worlds.new("SetDresser world")
    scene.world = world
    world.color = SKY_COLOUR
    tree = world.node_tree
    background = next((n for n in tree.nodes if n.type == "BACKGROUND"), None) if tree else None
    if background is not None:
        background.inputs["Color"].default_value = (*SKY_COLOUR, 1.0)
        background.inputs["Strength"].default_value = 0.3
    return world
