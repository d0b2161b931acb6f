"""Layout v2 surfaces and mounts in the built scene: a bookshelf's boards sit at the layout's
named shelf heights and books rest on the named shelf (not on decorative books), a TV hung on
a wall is built without its foot, and things are drawn by family shapes, not boxes."""

from __future__ import annotations

import sys
from pathlib import Path

import pytest

sys.path.insert(0, str(Path(__file__).parent))
from layouts import placed

pytestmark = pytest.mark.blender

SHELVES = [{"name": "top", "height": 1.8}, {"name": "shelf_1", "height": 0.1}, {"name": "shelf_2", "height": 0.55},
           {"name": "shelf_3", "height": 1.0}, {"name": "shelf_4", "height": 1.4}]


def _build(objects):  # type: ignore[no-untyped-def]
    from setdresser.blender_addon.bl.asset_bridge import catalog_builder
    from setdresser.blender_addon.bl.compose import build_scene
    from setdresser.blender_addon.bl.render import configure
    from setdresser.blender_addon.bl.scene_setup import empty_scene, our_collection
    from setdresser.blender_addon.core.model import Layout, PhysicsChecks

    scene = empty_scene()
    configure(scene, "workbench", 64)
    collection = our_collection(scene, "surfaces")
    build = build_scene(scene, collection, Layout(objects, [], PhysicsChecks(), None, "surfaces", 0),
                        catalog_builder({}))
    return scene, collection, build


def _down(scene, x: float, y: float, z: float):  # type: ignore[no-untyped-def]
    import bpy
    from mathutils import Vector

    hit, where, _, _, obj, _ = scene.ray_cast(bpy.context.evaluated_depsgraph_get(), Vector((x, y, z)),
                                              Vector((0, 0, -1)), distance=2.0)
    return (obj, where.z) if hit else (None, None)


def _shelf_with_books():  # type: ignore[no-untyped-def]
    shelf = placed("bookshelf_1", "bookshelf", (0.0, 0.0, 0.0), 0.0, (0.9, 0.3, 1.8))
    shelf.surfaces = SHELVES  # type: ignore[attr-defined]
    books = []
    for i in range(3):
        book = placed(f"book_{i + 1}", "book", (-0.2 + 0.05 * i, 0.0, 0.55), 0.0, (0.04, 0.22, 0.26),
                      support="bookshelf_1")
        book.support_surface = "shelf_2"  # type: ignore[attr-defined]
        books.append(book)
    return [shelf, *books]


def test_books_rest_on_the_named_shelf_board() -> None:
    scene, collection, build = _build(_shelf_with_books())
    shelf = build.objects["bookshelf_1"]
    for x in (-0.3, 0.3):  # an empty stretch of each board: at the layout's heights, no books of its own
        for height in (0.1, 0.55, 1.0, 1.4):
            obj, z = _down(scene, x, 0.0, height + 0.2)
            assert obj == shelf and z == pytest.approx(height, abs=0.003), (x, height, z)
    book = build.objects["book_1"]
    assert book.matrix_world.translation.z == pytest.approx(0.55)  # its bottom on shelf_2's board


def test_without_things_on_it_a_bookshelf_has_its_own_books() -> None:
    shelf = placed("bookshelf_1", "bookshelf", (0.0, 0.0, 0.0), 0.0, (0.9, 0.3, 1.8))
    _, _, alone = _build([shelf])
    faces_alone = len(alone.objects["bookshelf_1"].data.polygons)
    _, _, carrying = _build(_shelf_with_books())
    assert faces_alone > len(carrying.objects["bookshelf_1"].data.polygons)


def test_a_tv_on_a_wall_has_no_foot() -> None:
    standing = placed("tv_1", "tv", (0.0, 0.0, 0.0), 0.0, (1.2, 0.08, 0.7))
    hung = placed("tv_2", "tv", (2.0, 0.0, 1.2), 0.0, (1.2, 0.08, 0.7), support=None)
    hung.mount = "wall"  # type: ignore[attr-defined]
    scene, _, build = _build([standing, hung])
    obj, _ = _down(scene, 0.0, 0.0, 0.03)  # the standing TV's foot is under its centre
    assert obj == build.objects["tv_1"]
    obj, _ = _down(scene, 2.0, 0.0, 1.2 + 0.03)  # the hung one is a panel down to its bottom edge
    assert obj == build.objects["tv_2"]
    assert build.objects["tv_2"].get("setdresser_mount") == "wall"


def test_family_shapes_and_boxes_are_marked() -> None:
    objects = [placed("gator_1", "alligator", (0.0, 0.0, 0.0), 0.0, (0.5, 2.0, 0.4)),
               placed("zep_1", "zeppelin", (1.5, 0.0, 0.0), 0.0, (0.5, 0.8, 0.9)),
               placed("man_1", "teacher", (3.0, 0.0, 0.0), 0.0, (0.5, 0.3, 1.75))]
    objects[0].asset = objects[1].asset = objects[2].asset = None
    _, _, build = _build(objects)
    assert build.objects["zep_1"]["setdresser_fallback"] == "box"
    assert build.objects["man_1"]["setdresser_fallback"] == ""  # a teacher is a person: its own model
    assert build.objects["gator_1"]["setdresser_fallback"] == "family:quadruped"
    assert len(build.objects["man_1"].data.polygons) > 100  # a figure, not a box


def test_seats_and_mattresses_are_built_at_the_named_heights() -> None:
    sofa = placed("sofa_1", "sofa", (0.0, 0.0, 0.0), 0.0, (2.1, 0.925, 0.875))
    sofa.surfaces = [{"name": "seat", "height": 0.43}]  # type: ignore[attr-defined]
    bed = placed("bed_1", "bed", (3.0, 0.0, 0.0), 0.0, (1.65, 2.1, 1.05))
    bed.surfaces = [{"name": "mattress", "height": 0.55}]  # type: ignore[attr-defined]
    pillow = placed("pillow_1", "pillow", (3.0, 0.6, 0.55), 0.0, (0.5, 0.3, 0.15), support="bed_1")
    scene, _, build = _build([sofa, bed, pillow])
    obj, z = _down(scene, 0.0, -0.2, 1.0)  # on the middle seat cushion
    assert obj == build.objects["sofa_1"] and z == pytest.approx(0.43, abs=0.003)
    obj, z = _down(scene, 3.5, 0.75, 1.0)  # where its own second pillow would lie: the bare mattress
    assert obj == build.objects["bed_1"] and z == pytest.approx(0.55, abs=0.003)
