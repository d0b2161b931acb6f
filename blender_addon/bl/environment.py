"""The set around the objects: ground or a cut-away room, lights and the world.

Indoors, with room bounds, the floor covers them and low walls stand just outside the two
sides far from the camera (north and west for the default south-east view; the view is
chosen first, :func:`..core.framing.far_sides`), so objects against those walls read as
such and nothing blocks the view. Outdoors, or without bounds,
a ground plane extends well beyond the objects.
"""

from __future__ import annotations

import math
from typing import Sequence

import bpy
from mathutils import Euler

from ..core.framing import DEFAULT_AZIMUTH_DEG, far_sides
from ..core.model import Bounds, PlacedObject
from .boxes import box_mesh, solid_material
from .scene_setup import new_object

# Workbench colours (its studio light shows a material's colour nearly as authored).
FLOOR_COLOUR = (0.80, 0.76, 0.70, 1.0)   # warm grey: objects of any colour stand out on it
WALL_COLOUR = (0.92, 0.91, 0.88, 1.0)
GROUND_COLOUR = (0.58, 0.70, 0.48, 1.0)  # grass-like green, muted so objects stand out
SKY_COLOUR = (0.62, 0.70, 0.80)
# Cycles/EEVEE albedos of the same surfaces: path tracing adds the bounces between floor and
# walls, and with the Workbench colours (0.8-0.92) a room lit by sun and sky came out almost
# white (bedroom at 384 px: luminance p5-p95 0.49-0.74, shadows invisible). These keep the
# hues at ~65 % albedo.
FLOOR_ALBEDO = (0.55, 0.50, 0.43, 1.0)
WALL_ALBEDO = (0.70, 0.69, 0.66, 1.0)
GROUND_ALBEDO = (0.30, 0.44, 0.20, 1.0)
GROUND_ALBEDO_SCALE = 0.65  # another ground's Cycles/EEVEE albedo: its colour at ~65 %, as the others
# The world lights the set dimly (a strong sky flattens the sun's shadows) but the camera
# sees it at full strength, so the background reads as pale sky, not grey.
SKY_AMBIENT_STRENGTH = 0.2
SKY_SEEN_STRENGTH = 1.2
SKY_NODE_NAMES = ("SetDresser sky light", "SetDresser sky seen", "SetDresser camera ray", "SetDresser sky mix")
WALL_THICKNESS = 0.08
FLOOR_THICKNESS = 0.04


def wall_height(bounds: Bounds, objects: Sequence[PlacedObject]) -> float:
    """Low walls: 30 cm above the tallest object, at least 1 m, at most the room height."""
    tallest = max((o.bbox_max[2] - bounds.ground_z for o in objects), default=0.0)
    return min(bounds.max[2] - bounds.ground_z, max(1.0, tallest + 0.3))


def build_room(bounds: Bounds, objects: Sequence[PlacedObject], collection: bpy.types.Collection,
               azimuth_deg: float = DEFAULT_AZIMUTH_DEG) -> list[bpy.types.Object]:
    """Floor over the bounds plus two walls just outside the sides far from a camera at
    ``azimuth_deg`` (north and west for the default view)."""
    (x0, y0, z0), (x1, y1, _) = bounds.min, bounds.max
    height = wall_height(bounds, objects)
    t = WALL_THICKNESS
    north, west = far_sides(azimuth_deg)
    wall_y, wall_x = (y1 + t / 2, "north") if north else (y0 - t / 2, "south")
    side_x, side_name = (x0 - t / 2, "west") if west else (x1 + t / 2, "east")
    # the side wall reaches into the corner the long wall leaves open
    side_y = (y0 + y1) / 2 + (t / 2 if north else -t / 2)
    floor, wall = (FLOOR_COLOUR, FLOOR_ALBEDO), (WALL_COLOUR, WALL_ALBEDO)
    parts = [
        ("SetDresser floor", (x1 - x0, y1 - y0, FLOOR_THICKNESS), ((x0 + x1) / 2, (y0 + y1) / 2, z0 - FLOOR_THICKNESS),
         floor, "floor"),
        (f"SetDresser wall {wall_x}", (x1 - x0 + 2 * t, t, height), ((x0 + x1) / 2, wall_y, z0), wall, "wall"),
        (f"SetDresser wall {side_name}", (t, y1 - y0 + t, height), (side_x, side_y, z0), wall, "wall"),
    ]
    return [_slab(name, size, loc, colours, role, collection) for name, size, loc, colours, role in parts]


def build_ground(objects: Sequence[PlacedObject], collection: bpy.types.Collection,
                 bounds: Bounds | None = None, colour: Sequence[float] | None = None) -> bpy.types.Object:
    """A ground slab centred on the objects (and the bounds, if any), three times their
    extent plus 4 m, so its edge stays out of the picture; grass, or ``colour`` (a beach's sand)."""
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
    colours = (GROUND_COLOUR, GROUND_ALBEDO) if colour is None else (
        (*colour[:3], 1.0), tuple(c * GROUND_ALBEDO_SCALE for c in colour[:3]) + (1.0,))
    return _slab("SetDresser ground", (side, side, FLOOR_THICKNESS), (centre[0], centre[1], ground_z - FLOOR_THICKNESS),
                 colours, "floor", collection)  # type: ignore[arg-type]


Colour = tuple[float, float, float, float]


def _slab(name: str, size: tuple[float, float, float], location: tuple[float, float, float],
          colours: tuple[Colour, Colour], role: str, collection: bpy.types.Collection) -> bpy.types.Object:
    """A box of the set; ``colours``: (Workbench colour, Cycles/EEVEE albedo)."""
    obj = new_object(name, box_mesh(name, size), role, collection)
    obj.location = location
    # Workbench's shadow volumes of thin wall slabs streak across the other walls; the set
    # only receives shadows
    obj.display.show_shadows = False
    material = solid_material(name, colours[0])
    bsdf = next((n for n in material.node_tree.nodes if n.type == "BSDF_PRINCIPLED"), None)
    if bsdf is not None:
        bsdf.inputs["Base Color"].default_value = colours[1]
        bsdf.inputs["Roughness"].default_value = 0.8  # matte: no sun glare on the floor
    obj.data.materials.append(material)
    return obj


def build_lights(collection: bpy.types.Collection, azimuth_deg: float = DEFAULT_AZIMUTH_DEG) -> list[bpy.types.Object]:
    """A warm key sun from the south-west, 50 deg up, and a dim cool fill from the west, for
    the default view; for a camera at ``azimuth_deg`` both turn with it about Z, so every view
    is lit alike (a key from behind a turned camera flattened a Cycles room to a p5-p95
    luminance spread of 0.08, against 0.43 as designed).

    The camera looks from the south-east: a key from behind it lit every face the camera sees
    and hid the shadows behind the objects (a flat, washed-out Cycles render). From the
    south-west the shadows fall to the north-east, visibly beside the objects, the north wall
    is lit and the west wall is in shade, which gives the room its depth.
    """
    key = bpy.data.lights.new("SetDresser sun", type="SUN")
    key.energy = 5.0
    key.angle = math.radians(10)  # soft-edged shadows
    key.color = (1.0, 0.96, 0.9)
    fill = bpy.data.lights.new("SetDresser fill", type="SUN")
    fill.energy = 0.4
    fill.color = (0.85, 0.9, 1.0)
    fill.use_shadow = False
    key_obj = new_object("SetDresser sun", key, "light", collection)
    turn = math.radians(azimuth_deg - DEFAULT_AZIMUTH_DEG)
    key_obj.rotation_euler = Euler((math.radians(40), 0.0, math.radians(-40) + turn), "XYZ")
    fill_obj = new_object("SetDresser fill", fill, "light", collection)
    fill_obj.rotation_euler = Euler((math.radians(60), 0.0, math.radians(-100) + turn), "XYZ")
    return [key_obj, fill_obj]


def setup_world(scene: bpy.types.Scene) -> bpy.types.World:
    """A pale sky: Workbench's background colour, and for Cycles/EEVEE a dim ambient light that
    the camera sees as a bright sky. A world whose node tree someone built (an HDRI...) keeps
    its nodes; only Workbench's colour is set there."""
    world = scene.world or bpy.data.worlds.new("SetDresser world")
    scene.world = world
    world.color = SKY_COLOUR
    if world.node_tree is None:
        world.use_nodes = True
    tree = world.node_tree
    if tree is not None and _is_plain_sky(tree):
        _sky_nodes(tree)
    return world


def _is_plain_sky(tree: bpy.types.NodeTree) -> bool:
    """Only Blender's default Background -> World Output, or our own sky nodes."""
    return all(n.type in ("BACKGROUND", "OUTPUT_WORLD") or n.name in SKY_NODE_NAMES for n in tree.nodes)


def _sky_nodes(tree: bpy.types.NodeTree) -> None:
    """Background (ambient) and Background (seen) mixed by Light Path's 'Is Camera Ray'."""
    tree.nodes.clear()
    light = tree.nodes.new("ShaderNodeBackground")
    seen = tree.nodes.new("ShaderNodeBackground")
    ray = tree.nodes.new("ShaderNodeLightPath")
    mix = tree.nodes.new("ShaderNodeMixShader")
    output = tree.nodes.new("ShaderNodeOutputWorld")
    for node, name in zip((light, seen, ray, mix), SKY_NODE_NAMES):
        node.name = node.label = name
    for node, strength in ((light, SKY_AMBIENT_STRENGTH), (seen, SKY_SEEN_STRENGTH)):
        node.inputs["Color"].default_value = (*SKY_COLOUR, 1.0)
        node.inputs["Strength"].default_value = strength
    tree.links.new(ray.outputs["Is Camera Ray"], mix.inputs["Fac"])
    tree.links.new(light.outputs["Background"], mix.inputs[1])
    tree.links.new(seen.outputs["Background"], mix.inputs[2])
    tree.links.new(mix.outputs["Shader"], output.inputs["Surface"])
