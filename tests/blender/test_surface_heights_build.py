"""The knowledge base's support surfaces are where the built shapes are (issue 13 leftovers): a
thing put on a named surface rests at that surface's height, so a surface the builder does not
draw there makes it float or sink and fail the settle (market-stall baskets fell off the open back
half of a counter the knowledge base said covered the whole stall; a pot on a campfire stood in
the flames). Rays cast straight down over each surface's area must meet the built shape at the
surface's height, for outdoor supports and the common indoor ones."""

from __future__ import annotations

import sys
from pathlib import Path

import pytest

sys.path.insert(0, str(Path(__file__).parent))
from layouts import placed

pytestmark = pytest.mark.blender

CATEGORIES = ("market stall", "campfire", "bar cart", "picnic table", "folding table", "table", "desk",
              "coffee table", "nightstand", "kitchen counter", "bean bag", "ottoman", "sofa", "armchair", "bed",
              "bench", "stool")
TOLERANCE = 0.03  # m


def _facts():  # type: ignore[no-untyped-def]
    from setdresser.blender_addon.core.knowledge.objects import load_knowledge

    kb = load_knowledge()
    return [f for f in (kb.lookup(c) for c in CATEGORIES) if f is not None and f.surfaces]


def test_rays_down_meet_each_named_surface_at_its_height() -> None:
    import bpy
    from mathutils import Vector

    from setdresser.blender_addon.bl.asset_bridge import catalog_builder
    from setdresser.blender_addon.bl.compose import build_scene
    from setdresser.blender_addon.bl.scene_setup import empty_scene, our_collection
    from setdresser.blender_addon.core.model import Layout, PhysicsChecks

    facts, objects, x = _facts(), [], 0.0
    assert len(facts) >= 12, [f.category for f in facts]
    centres = []
    for f in facts:
        w = f.typical[0]
        obj = placed(f.category.replace(" ", "_") + "_1", f.category, (x + w / 2, 0.0, 0.0), 0.0, f.typical)
        obj.surfaces = [s.to_dict() for s in f.surfaces]  # type: ignore[attr-defined]
        objects.append(obj)
        centres.append(x + w / 2)
        x += w + 1.0
    scene = empty_scene()
    build_scene(scene, our_collection(scene, "heights"), Layout(objects, [], PhysicsChecks(), None, "heights", 0),
                catalog_builder({}))
    graph = bpy.context.evaluated_depsgraph_get()
    wrong = []
    for f, cx in zip(facts, centres):
        w, d, _ = f.typical
        for s in f.surfaces:
            lo, hi = s.min or (-w / 2, -d / 2), s.max or (w / 2, d / 2)
            start = s.height + (s.clear_height - 0.01 if s.clear_height else 0.3)
            for a, b in ((0.5, 0.5), (0.25, 0.25), (0.75, 0.25), (0.25, 0.75), (0.75, 0.75)):
                px, py = lo[0] + (hi[0] - lo[0]) * a, lo[1] + (hi[1] - lo[1]) * b
                hit, where, *_ = scene.ray_cast(graph, Vector((cx + px, py, start)), Vector((0, 0, -1)),
                                                distance=start + 1.0)
                if not hit or abs(where.z - s.height) > TOLERANCE:
                    wrong.append((f.category, s.name, s.height, (round(px, 2), round(py, 2)),
                                  round(where.z, 3) if hit else None))
    assert not wrong, wrong
