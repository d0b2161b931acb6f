"""The knowledge base's support surfaces are where the built shapes are (issue 13 leftovers): a
thing put on a named surface rests at that surface's height, so a surface the builder does not
draw there makes it float or sink and fail the settle (market-stall baskets fell off the open back
half of a counter the knowledge base said covered the whole stall; a pot on a campfire stood in
the flames; a scan of every category found 72 more: a grill's lid, a pier's plank gaps, a bunk
bed drawn without its upper mattress, a hutch without its counter, a bathtub's rim over its water,
a car's bonnet under its roof...). Every knowledge-base category with a surface is built in one
Blender session, at its typical and at its largest size, and rays cast straight down over each
surface's area must meet the built shape at the surface's height."""

from __future__ import annotations

import sys
from pathlib import Path
from typing import Any

import pytest

sys.path.insert(0, str(Path(__file__).parent))
from layouts import placed

pytestmark = pytest.mark.blender

TOLERANCE = 0.03  # m
ROW = 60.0  # m of objects side by side before the next row
SPOTS = ((0.5, 0.5), (0.25, 0.25), (0.75, 0.25), (0.25, 0.75), (0.75, 0.75))  # shares of the surface's area


def _sized(size: str) -> list[tuple[Any, tuple[float, float, float]]]:
    """(facts, dimensions) of every knowledge-base category with a surface, at ``size``."""
    from setdresser.blender_addon.core.knowledge.objects import load_knowledge

    facts = [f for f in load_knowledge().all_facts() if f.surfaces]
    return [(f, tuple(f.typical if size == "typical" else f.dim_max)) for f in facts]  # type: ignore[misc]


def _build(sized: list[tuple[Any, tuple[float, float, float]]]) -> tuple[Any, list[tuple[float, float]]]:
    """Build every category in rows, each carrying things on its surfaces (so a bookcase leaves its
    decorative books out, as in a layout that puts its own there); returns the scene and the centres."""
    from setdresser.blender_addon.bl.asset_bridge import catalog_builder
    from setdresser.blender_addon.bl.build import CARRYING
    from setdresser.blender_addon.bl.compose import build_scene
    from setdresser.blender_addon.bl.scene_setup import empty_scene, our_collection
    from setdresser.blender_addon.core.model import Layout, PhysicsChecks

    objects, centres, x, y, depth = [], [], 0.0, 0.0, 0.0
    for facts, (w, d, h) in sized:
        if x > ROW:
            x, y, depth = 0.0, y + depth + 1.0, 0.0
        obj = placed(facts.category.replace(" ", "_") + "_1", facts.category, (x + w / 2, y + d / 2, 0.0), 0.0,
                     (w, d, h))
        obj.surfaces = [s.to_dict() for s in facts.surfaces_at((w, d, h))]  # type: ignore[attr-defined]
        objects.append(obj)
        centres.append((x + w / 2, y + d / 2))
        x, depth = x + w + 1.0, max(depth, d)
    ids = frozenset(o.id for o in objects)
    inner = catalog_builder({})

    def carrying(obj: Any, collection: Any) -> Any:
        token = CARRYING.set(ids)
        try:
            return inner(obj, collection)
        finally:
            CARRYING.reset(token)

    scene = empty_scene()
    build_scene(scene, our_collection(scene, "heights"), Layout(objects, [], PhysicsChecks(), None, "heights", 0),
                carrying)
    return scene, centres


@pytest.mark.parametrize("size", ["typical", "largest"])
def test_rays_down_meet_each_named_surface_at_its_height(size: str) -> None:
    import bpy
    from mathutils import Vector

    sized = _sized(size)
    assert len(sized) >= 200, len(sized)
    scene, centres = _build(sized)
    graph = bpy.context.evaluated_depsgraph_get()
    wrong = []
    for (facts, dims), (cx, cy) in zip(sized, centres):
        w, d, _ = dims
        for s in facts.surfaces_at(dims):
            lo, hi = s.min or (-w / 2, -d / 2), s.max or (w / 2, d / 2)
            start = s.height + (s.clear_height - 0.01 if s.clear_height else 0.3)
            for a, b in SPOTS:
                px, py = lo[0] + (hi[0] - lo[0]) * a, lo[1] + (hi[1] - lo[1]) * b
                hit, where, *_ = scene.ray_cast(graph, Vector((cx + px, cy + py, start)), Vector((0, 0, -1)),
                                                distance=start + 1.0)
                if not hit or abs(where.z - s.height) > TOLERANCE:
                    wrong.append((facts.category, s.name, s.height, (round(px, 2), round(py, 2)),
                                  round(where.z, 3) if hit else None))
    assert not wrong, wrong
