"""Render the Blender side of issue 13 from hand-written layout v2 documents: rooms with doors
and windows, books on a bookshelf's second shelf, a TV and a painting on walls, a classroom's
blackboard, people at a cafe. Writes docs/example_room_*.png.

    python scripts/render_room_examples.py [--out docs] [--resolution 640] [--render workbench]

The layouts are written by hand (the poses a v2 planner and solver would produce: hung things'
backs on the wall plane, books on ``shelf_2``), so these pictures show what the Blender side
builds from the contract in docs/contracts.md, independently of the planner.
"""

from __future__ import annotations

import argparse
import math
import sys
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parents[1]
# the yaw that turns an object's front (local -Y) into the room from that wall: front(yaw) = (sin, -cos)
NORTH, SOUTH, EAST, WEST = 0.0, math.pi, -math.pi / 2, math.pi / 2


def obj(oid: str, category: str, xyz: tuple[float, float, float], yaw: float, dims: tuple[float, float, float],
        support: str | None = "ground", **extra: Any) -> Any:
    """A placed object (its world box from the yawed footprint) with layout v2 extras."""
    from setdresser.blender_addon.core.model import PlacedObject

    c, s = abs(math.cos(yaw)), abs(math.sin(yaw))
    hx, hy = (dims[0] * c + dims[1] * s) / 2, (dims[0] * s + dims[1] * c) / 2
    x, y, z = xyz
    placed = PlacedObject(oid, category, None, xyz, (0.0, 0.0, yaw), dims, (x - hx, y - hy, z),
                          (x + hx, y + hy, z + dims[2]), support)
    for key, value in extra.items():
        setattr(placed, key, value)
    return placed


def hung(oid: str, category: str, wall: str, along: float, centre_z: float, dims: tuple[float, float, float],
         half: tuple[float, float]) -> Any:
    """A wall-mounted object whose back touches the inner face of ``wall`` of a room of half size ``half``."""
    hx, hy = half
    depth, z = dims[1], centre_z - dims[2] / 2
    where = {"north": ((along, hy - depth / 2, z), NORTH), "south": ((along, -hy + depth / 2, z), SOUTH),
             "east": ((hx - depth / 2, along, z), EAST), "west": ((-hx + depth / 2, along, z), WEST)}[wall]
    return obj(oid, category, where[0], where[1], dims, support=None, mount="wall")


def living_room() -> tuple[Any, dict[str, Any], dict[str, tuple[str, ...]]]:
    half = (3.0, 2.5)
    shelves = [{"name": "top", "height": 1.8}] + [{"name": f"shelf_{k + 1}", "height": h}
                                                  for k, h in enumerate((0.1, 0.46, 0.82, 1.18, 1.54))]
    objects = [obj("sofa_1", "sofa", (0.0, -1.2, 0.0), SOUTH, (2.1, 0.9, 0.85)),
               obj("coffee_table_1", "coffee table", (0.0, 0.0, 0.0), 0.0, (1.1, 0.6, 0.45)),
               obj("rug_1", "rug", (0.0, -0.3, 0.0), 0.0, (2.6, 1.8, 0.01)),
               obj("tv_stand_1", "tv stand", (0.0, 2.28, 0.0), NORTH, (1.6, 0.42, 0.5)),
               hung("tv_1", "tv", "north", 0.0, 1.35, (1.3, 0.06, 0.75), half),
               hung("painting_1", "painting", "west", -0.6, 1.5, (1.0, 0.04, 0.7), half),
               obj("bookshelf_1", "bookshelf", (-2.4, 2.32, 0.0), NORTH, (0.9, 0.35, 1.8), surfaces=shelves),
               obj("armchair_1", "armchair", (2.1, 0.2, 0.0), EAST, (0.85, 0.85, 0.9)),
               obj("floor_lamp_1", "floor lamp", (2.5, -1.6, 0.0), 0.0, (0.4, 0.4, 1.6)),
               obj("plant_1", "potted plant", (-2.6, -2.1, 0.0), 0.0, (0.5, 0.5, 1.0)),
               obj("mug_1", "cup", (0.25, 0.05, 0.45), 0.0, (0.09, 0.09, 0.1), support="coffee_table_1")]
    for k in range(5):
        objects.append(obj(f"book_{k + 1}", "book", (-2.65 + 0.06 * k, 2.32, 0.46), NORTH, (0.045, 0.24, 0.28),
                           support="bookshelf_1", support_surface="shelf_2"))
    room = {"kind": "indoor", "height": 2.7, "floor": {"words": ["beige", "wooden"], "material": "wood"},
            "walls": {"color": [0.55, 0.62, 0.5]},
            "openings": [{"id": "door_1", "kind": "door", "wall": "west", "offset": 1.4, "width": 0.9, "height": 2.1},
                         {"id": "window_1", "kind": "window", "wall": "north", "offset": 1.7, "width": 1.4,
                          "height": 1.3, "sill": 0.9}]}
    return objects, room, {"sofa_1": ("grey",), "armchair_1": ("red",)}


def classroom() -> tuple[Any, dict[str, Any], dict[str, tuple[str, ...]]]:
    half = (4.0, 3.5)
    objects = [hung("blackboard_1", "blackboard", "north", 0.0, 1.45, (3.0, 0.05, 1.2), half),
               obj("teacher_desk_1", "desk", (-1.8, 2.2, 0.0), SOUTH, (1.4, 0.7, 0.75)),
               obj("teacher_1", "teacher", (0.3, 2.6, 0.0), NORTH, (0.5, 0.3, 1.75)),
               hung("clock_1", "wall clock", "north", 2.2, 2.3, (0.4, 0.05, 0.4), half),
               obj("globe_1", "globe", (-2.2, 2.2, 0.75), 0.0, (0.3, 0.3, 0.45), support="teacher_desk_1")]
    for row in range(2):
        for col in range(3):
            x, y = -2.0 + col * 2.0, 0.3 - row * 1.8
            k = row * 3 + col + 1
            objects.append(obj(f"desk_{k}", "desk", (x, y, 0.0), NORTH, (1.1, 0.55, 0.72)))
            objects.append(obj(f"chair_{k}", "chair", (x, y - 0.6, 0.0), SOUTH, (0.45, 0.5, 0.85)))
            objects.append(obj(f"student_{k}", "student", (x, y - 0.58, 0.0), SOUTH, (0.5, 0.66, 1.26),
                               ))
    room = {"kind": "indoor", "height": 3.0, "floor": {"words": ["grey"]}, "walls": {"words": ["cream"]},
            "openings": [{"id": "door_1", "kind": "door", "wall": "north", "offset": 3.2, "width": 1.0, "height": 2.1},
                         {"id": "window_1", "kind": "window", "wall": "west", "offset": 1.2, "width": 1.6,
                          "height": 1.4, "sill": 0.9},
                         {"id": "window_2", "kind": "window", "wall": "west", "offset": -1.4, "width": 1.6,
                          "height": 1.4, "sill": 0.9}]}
    hints = {f"student_{k}": ("sitting",) for k in range(1, 7)}
    return objects, room, hints


def cafe() -> tuple[Any, dict[str, Any], dict[str, tuple[str, ...]]]:
    half = (4.0, 3.0)
    objects = [obj("counter_1", "counter", (2.0, 2.3, 0.0), NORTH, (2.6, 0.7, 1.0)),
               obj("waiter_1", "waiter", (0.6, 1.2, 0.0), NORTH + 0.6, (0.5, 0.3, 1.75)),
               obj("coffee_maker_1", "microwave", (2.6, 2.35, 1.0), NORTH, (0.45, 0.4, 0.35), support="counter_1"),
               hung("menu_1", "blackboard", "north", -1.0, 1.7, (1.2, 0.04, 0.8), half),
               obj("plant_1", "potted plant", (-3.5, 2.5, 0.0), 0.0, (0.5, 0.5, 1.2))]
    for t, (x, y) in enumerate(((-2.2, 0.6), (0.0, -1.2), (-2.2, -1.8)), start=1):
        objects.append(obj(f"table_{t}", "round table", (x, y, 0.0), 0.0, (0.8, 0.8, 0.75)))
        objects.append(obj(f"cup_{t}", "cup", (x + 0.1, y, 0.75), 0.0, (0.09, 0.09, 0.1), support=f"table_{t}"))
        for side, yaw in ((-1, WEST), (1, EAST)):  # each faces the table
            cx = x + side * 0.62
            objects.append(obj(f"chair_{t}_{side}", "chair", (cx, y, 0.0), yaw, (0.45, 0.5, 0.85)))
            if t != 2 or side < 0:
                objects.append(obj(f"guest_{t}_{side}", "customer", (cx + side * 0.02, y, 0.0), yaw,
                                   (0.5, 0.66, 1.26)))
    room = {"kind": "indoor", "height": 2.8, "floor": {"words": ["brown", "wooden"]}, "walls": {"words": ["beige"]},
            "openings": [{"id": "door_1", "kind": "door", "wall": "west", "offset": -1.5, "width": 1.0, "height": 2.2},
                         {"id": "window_1", "kind": "window", "wall": "west", "offset": 1.0, "width": 1.8,
                          "height": 1.5, "sill": 0.8},
                         {"id": "window_2", "kind": "window", "wall": "north", "offset": -3.0, "width": 1.2,
                          "height": 1.5, "sill": 0.8}]}
    return objects, room, {}


SCENES = {"living_room": (living_room, (3.0, 2.5)), "classroom": (classroom, (4.0, 3.5)), "cafe": (cafe, (4.0, 3.0))}


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--out", type=Path, default=ROOT / "docs")
    parser.add_argument("--resolution", type=int, default=640)
    parser.add_argument("--render", default="workbench", choices=("workbench", "eevee", "cycles"))
    parser.add_argument("--only", nargs="*", default=None)
    args = parser.parse_args(argv)
    from setdresser.blender_addon.bl.asset_bridge import catalog_builder
    from setdresser.blender_addon.bl.compose import build_scene
    from setdresser.blender_addon.bl.render import configure, render_view
    from setdresser.blender_addon.bl.scene_setup import empty_scene, our_collection
    from setdresser.blender_addon.bl.settle_scene import check_collection
    from setdresser.blender_addon.core.model import Bounds, Layout, PhysicsChecks

    for name, (make, (hx, hy)) in SCENES.items():
        if args.only and name not in args.only:
            continue
        objects, room, hints = make()
        scene = empty_scene()
        configure(scene, args.render, args.resolution)
        layout = Layout(objects, [], PhysicsChecks(), Bounds((-hx, -hy, 0.0), (hx, hy, room["height"])), name, 0)
        layout.room = room  # type: ignore[attr-defined]
        collection = our_collection(scene, name)
        build = build_scene(scene, collection, layout, catalog_builder(hints))
        report, _ = check_collection(collection)
        path = args.out / f"example_room_{name}.png"
        render_view(scene, build.camera, path)
        print(f"{path}: {report.summary()}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
