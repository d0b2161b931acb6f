"""Render every procedural asset on one labelled grid: docs/assets_contact_sheet.png.

    python scripts/asset_contact_sheet.py [--out docs/assets_contact_sheet.png] [--cell-px 200]
        [--coverage docs/asset_coverage.md] [--names KNOWLEDGE.json]
    blender --background --python scripts/asset_contact_sheet.py -- [same flags]

The sheet has one cell per catalog entry, one per family shape (an example noun the catalog
does not know, drawn by its family) and the labelled box of the last resort. ``--coverage``
also writes how every noun the project knows is drawn (own model / family / box) and counts
the boxes; ``--names`` adds the categories of a knowledge-base file to that count.

Each asset is built at its catalog size, then scaled for display only so that its largest
side is the same on the sheet (a cup and a house side by side would otherwise be
unreadable); the label under it gives the category and real size. Workbench, material colours, studio
light, cavity and outlines: the look the pipeline renders with by default.
"""

from __future__ import annotations

import argparse
import logging
import math
import sys
from pathlib import Path

import bpy
from setdresser.blender_addon.bl.assets import build_asset
from setdresser.blender_addon.core.assets import UNKNOWN_ASSET, load_catalog
from setdresser.blender_addon.core.assets.coverage import (
    coverage_markdown,
    drawn_by,
    knowledge_coverage,
    known_names,
    names_in,
)
from setdresser.blender_addon.core.assets.families import load_families

log = logging.getLogger("asset_contact_sheet")
CELL_X, CELL_Y = 2.4, 5.0  # grid pitch in metres; every asset's largest side is shown as FIT_M
FIT_M = 1.5
COLUMNS = 9
PITCH = math.radians(55)  # camera tilt from straight down: shows fronts and tops
YAW = math.radians(30)  # each asset turned a little so that a side shows next to its front
EXAMPLE_UNKNOWN = ("zeppelin", (0.5, 0.8, 0.9))


def _args(argv: list[str]) -> argparse.Namespace:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--out", type=Path,
                        default=Path(__file__).resolve().parents[1] / "docs" / "assets_contact_sheet.png")
    parser.add_argument("--cell-px", type=int, default=170, help="pixels per grid cell (width)")
    parser.add_argument("--only", nargs="+", default=None, metavar="CATEGORY", help="draw only these categories")
    parser.add_argument("--coverage", type=Path, default=None, help="also write the coverage table (markdown)")
    parser.add_argument("--names", type=Path, nargs="*", default=(), help="knowledge-base files whose categories count")
    parser.add_argument("--knowledge", action="store_true",
                        help="draw every knowledge-base category a family shape draws (its noun picks the variant)")
    return parser.parse_args(argv)


def _label(text: str, location: tuple[float, float, float], rotation: tuple[float, float, float],
           collection: bpy.types.Collection) -> None:
    curve = bpy.data.curves.new(f"label {text}", "FONT")
    curve.body = text
    curve.align_x = "CENTER"
    curve.size = 0.2
    obj = bpy.data.objects.new(f"label {text}", curve)
    obj.location, obj.rotation_euler = location, rotation
    mat = bpy.data.materials.new("label")
    mat.diffuse_color = (0.02, 0.02, 0.02, 1.0)
    curve.materials.append(mat)
    collection.objects.link(obj)


def _family_examples() -> list[tuple[str, str, tuple[float, float, float]]]:
    """One noun per family that the catalog does not model, drawn by its family's shape."""
    out = []
    catalog = load_catalog()
    drawn = [drawn_by(n) for n in known_names()]
    from setdresser.blender_addon.core.knowledge.objects import load_knowledge

    categories = [facts.category for facts in load_knowledge().all_facts()]
    drawn = [drawn_by(n) for n in categories] + drawn  # a knowledge-base category is the example first
    for family in load_families().families():
        noun = next((d.noun for d in drawn if d.family == family.name), None)
        if noun is not None:
            out.append((family.asset, f"{noun} ({family.name})", catalog.resolve(noun).dimensions))
    return out


def _knowledge_entries() -> list[tuple[str, str, tuple[float, float, float]]]:
    """Every knowledge-base category drawn by a family shape, at its typical size."""
    from setdresser.blender_addon.core.knowledge.objects import load_knowledge

    out = []
    for facts in load_knowledge().all_facts():
        drawn = drawn_by(facts.category)
        if drawn.kind == "family":
            out.append((drawn.asset, facts.category, tuple(facts.typical)))
    return out


def _populate(collection: bpy.types.Collection, view_rotation: tuple[float, float, float],
              only: list[str] | None, knowledge: bool = False) -> int:
    if knowledge:
        entries = _knowledge_entries()
    else:
        entries = [(e.asset, e.category, e.dimensions) for e in load_catalog().entries()]
        entries += _family_examples()
        entries.append((UNKNOWN_ASSET, *EXAMPLE_UNKNOWN))
    if only:
        entries = [e for e in entries if e[1] in only]
    for index, (asset, name, dims) in enumerate(entries):
        col, row = index % COLUMNS, index // COLUMNS
        x, y = col * CELL_X, -row * CELL_Y
        obj = build_asset(asset, dims, name, collection, label=name if asset == UNKNOWN_ASSET else None, seed=index,
                          noun=name.split(" (")[0])
        obj.scale = (FIT_M / max(dims),) * 3
        obj.location = (x, y, 0.0)
        obj.rotation_euler = (0.0, 0.0, YAW)
        size = " x ".join(f"{v:g}" for v in dims)
        _label(name, (x, y - 1.3, -0.05), view_rotation, collection)
        _label(size + " m", (x, y - 1.55, -0.15), view_rotation, collection)
    return len(entries)


def _camera_and_render(scene: bpy.types.Scene, count: int, cell_px: int,
                       view_rotation: tuple[float, float, float]) -> None:
    columns = min(COLUMNS, count)
    rows = math.ceil(count / columns)
    pitch = view_rotation[0]
    # An orthographic camera tilted by `pitch` about X: screen-up is (0, cos, sin) in world.
    up = (0.0, math.cos(pitch), math.sin(pitch))
    forward = (0.0, math.sin(pitch), -math.cos(pitch))
    v_top = FIT_M * (up[2] + 0.75 * up[1]) + 0.2  # a turned asset's back corner reaches higher
    v_bottom = (-(rows - 1) * CELL_Y - 1.7) * up[1] - 0.2 * up[2]
    u_left, u_right = -CELL_X / 2, (columns - 0.5) * CELL_X
    width_m, height_m = u_right - u_left, v_top - v_bottom
    cam_data = bpy.data.cameras.new("sheet camera")
    cam_data.type = "ORTHO"
    cam_data.ortho_scale = max(width_m, height_m)
    cam_data.clip_end = 4000.0  # a long sheet reaches far from the camera
    cam = bpy.data.objects.new("sheet camera", cam_data)
    scene.collection.objects.link(cam)
    cam.rotation_euler = view_rotation
    u_mid, v_mid = (u_left + u_right) / 2, (v_top + v_bottom) / 2
    centre = (u_mid, v_mid * up[1], v_mid * up[2])
    distance = 60 + rows * CELL_Y  # far enough back that the farthest row is in front of the camera
    cam.location = tuple(c - distance * f for c, f in zip(centre, forward))
    scene.camera = cam
    scene.render.engine = "BLENDER_WORKBENCH"
    shading = scene.display.shading
    shading.light, shading.color_type = "STUDIO", "MATERIAL"
    shading.show_cavity, shading.cavity_type = True, "BOTH"
    shading.show_object_outline = True
    scene.render.resolution_x = columns * cell_px
    scene.render.resolution_y = int(scene.render.resolution_x * height_m / width_m)
    scene.render.resolution_percentage = 100
    scene.render.image_settings.file_format = "PNG"
    scene.render.image_settings.color_mode = "RGB"
    scene.render.image_settings.compression = 100
    scene.render.dither_intensity = 0.0  # dither noise would double the PNG's size
    world = bpy.data.worlds.new("sheet")
    world.color = (0.75, 0.75, 0.73)
    scene.world = world


def main(argv: list[str]) -> int:
    """Build the grid, render it, write the PNG; returns the exit status."""
    args = _args(argv)
    if args.coverage is not None:
        extra = [n for path in args.names for n in names_in(path)]
        args.coverage.write_text(coverage_markdown([drawn_by(n) for n in known_names(extra)], knowledge_coverage()),
                                 encoding="utf-8")
        log.info("wrote %s", args.coverage)
    bpy.ops.wm.read_factory_settings(use_empty=True)
    scene = bpy.context.scene
    collection = bpy.data.collections.new("contact sheet")
    scene.collection.children.link(collection)
    view_rotation = (PITCH, 0.0, 0.0)
    count = _populate(collection, view_rotation, args.only, args.knowledge)
    _camera_and_render(scene, count, args.cell_px, view_rotation)
    args.out.parent.mkdir(parents=True, exist_ok=True)
    scene.render.filepath = str(args.out)
    bpy.ops.render.render(write_still=True)
    log.info("wrote %s (%d assets)", args.out, count)
    return 0


if __name__ == "__main__":
    logging.basicConfig(level=logging.INFO, format="%(message)s")
    argv = sys.argv[sys.argv.index("--") + 1:] if "--" in sys.argv else sys.argv[1:]
    sys.exit(main(argv))
