"""The procedural library as the shell's asset builder: sizes, warnings for unknown nouns,
stable per-object seeds, and outdoor scenes getting ground instead of walls."""

from __future__ import annotations

import sys
from pathlib import Path

import pytest

sys.path.insert(0, str(Path(__file__).parent))
from layouts import office, placed  # noqa: E402

pytestmark = pytest.mark.blender


def test_known_and_unknown_nouns(tmp_path: Path) -> None:
    from setdresser.blender_addon.bl.asset_bridge import catalog_builder
    from setdresser.blender_addon.bl.build import build_objects, read_back
    from setdresser.blender_addon.bl.render import configure
    from setdresser.blender_addon.bl.scene_setup import empty_scene, our_collection

    scene = empty_scene()
    configure(scene, "workbench", 64)
    collection = our_collection(scene, "a desk and a gizmo")
    objects = [placed("desk_1", "desk", (0.0, 0.0, 0.0), 0.5, (1.4, 0.7, 0.75)),
               placed("gizmo_1", "gizmo", (2.0, 0.0, 0.0), 0.0, (0.5, 0.5, 0.5))]
    objects[1].asset = None
    built, warnings = build_objects(objects, collection, catalog_builder({"desk_1": ("wooden",)}, seed=3))
    assert len(warnings) == 1 and "gizmo" in warnings[0]
    assert built["gizmo_1"].get("setdresser_label") == "gizmo"
    assert built["desk_1"].get("setdresser_asset") == "procedural:desk"
    for plan, got in zip(objects, read_back(collection, objects)):
        assert got.dimensions == pytest.approx(plan.dimensions, abs=0.01), plan.id
        assert got.bbox_min == pytest.approx(plan.bbox_min, abs=0.01), plan.id
        assert got.bbox_max == pytest.approx(plan.bbox_max, abs=0.01), plan.id


def test_a_box_warning_gives_the_size_it_is_built_at() -> None:
    """A thing nobody knows is sized from its sentence (a small thing on the desk): the warning says
    the size the box is built at, not the catalog's half-metre default."""
    from setdresser.blender_addon.bl.asset_bridge import catalog_builder
    from setdresser.blender_addon.bl.build import build_objects
    from setdresser.blender_addon.bl.scene_setup import empty_scene, our_collection

    collection = our_collection(empty_scene(), "a frobnitz on the desk")
    objects = [placed("frobnitz_1", "frobnitz", (0.0, 0.0, 0.75), 0.0, (0.25, 0.25, 0.25))]
    objects[0].asset = None
    _, warnings = build_objects(objects, collection, catalog_builder({}, seed=0))
    assert warnings == ["no asset for 'frobnitz': using a box labelled 'frobnitz' of 0.25x0.25x0.25 m"]


def test_an_object_the_planner_described_is_drawn_by_its_described_family() -> None:
    """Issue 15: an LLM planner's "slum dweller" (no catalog category, no family keyword) described as
    "A thin old man in rags" is built as a person, reported as family:person; an undescribed one is
    still the last resort, a labelled box (report.json asset_fallback.boxes)."""
    from setdresser.blender_addon.bl.asset_bridge import FALLBACK_PROP, catalog_builder
    from setdresser.blender_addon.bl.build import build_objects
    from setdresser.blender_addon.bl.scene_setup import empty_scene, our_collection

    collection = our_collection(empty_scene(), "a slum dweller")
    objects = [placed("dweller_1", "slum dweller", (0.0, 0.0, 0.0), 0.0, (0.5, 0.3, 1.7)),
               placed("dweller_2", "slum dweller", (2.0, 0.0, 0.0), 0.0, (0.5, 0.3, 1.7))]
    for obj in objects:
        obj.asset = None
    builder = catalog_builder({}, seed=0, descriptions={"dweller_1": "A thin old man in rags, leaning on a stick"})
    built, _ = build_objects(objects, collection, builder)
    assert built["dweller_1"][FALLBACK_PROP] == "family:person" and built["dweller_1"].get("setdresser_label") is None
    assert built["dweller_2"][FALLBACK_PROP] == "box" and built["dweller_2"].get("setdresser_label") == "slum dweller"


def test_object_seeds_are_stable_and_distinct() -> None:
    from setdresser.blender_addon.bl.asset_bridge import object_seed

    assert object_seed(0, "tree_1") == object_seed(0, "tree_1")
    assert len({object_seed(0, "tree_1"), object_seed(0, "tree_2"), object_seed(1, "tree_1")}) == 3


def test_outdoor_layouts_get_ground_not_walls() -> None:
    from setdresser.blender_addon.bl.asset_bridge import is_outdoor
    from setdresser.blender_addon.bl.boxes import build_box
    from setdresser.blender_addon.bl.compose import build_scene
    from setdresser.blender_addon.bl.render import configure
    from setdresser.blender_addon.bl.scene_setup import empty_scene, our_collection

    indoor = office()
    camp = office()
    camp.objects.append(placed("tree_1", "tree", (2.0, -2.0, 0.0), 0.0, (0.8, 0.8, 2.0)))
    assert not is_outdoor(indoor.objects) and is_outdoor(camp.objects)
    scene = empty_scene()
    configure(scene, "workbench", 64)
    built = build_scene(scene, our_collection(scene, "camp"), camp, build_box, outdoor=True)
    roles = [o.get("setdresser_role") for o in built.collection.all_objects]
    assert "wall" not in roles and roles.count("floor") == 1
