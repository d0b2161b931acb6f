"""Rooms of layout v2 built in Blender: walls with real holes for doors and windows, frames,
a door leaf, glass, floor and wall colours from the room's finish, the view toward the openings."""

from __future__ import annotations

import math
import sys
from pathlib import Path

import pytest

sys.path.insert(0, str(Path(__file__).parent))
from layouts import placed, segment_hits_box

pytestmark = pytest.mark.blender

ROOM = {"kind": "indoor", "height": 2.7, "shape": "rect",
        "floor": {"color": [0.6, 0.05, 0.05], "material": None, "words": ["red"]},
        "walls": {"color": None, "material": None, "words": ["black"]},
        "openings": [{"id": "door_1", "kind": "door", "wall": "south", "offset": 1.0, "width": 0.9,
                      "height": 2.1, "sill": 0.0},
                     {"id": "window_1", "kind": "window", "wall": "east", "offset": 0.0, "width": 1.2,
                      "height": 1.2, "sill": 0.9}]}


@pytest.fixture()
def built():  # type: ignore[no-untyped-def]
    from setdresser.blender_addon.bl.boxes import build_box
    from setdresser.blender_addon.bl.compose import build_scene
    from setdresser.blender_addon.bl.render import configure
    from setdresser.blender_addon.bl.scene_setup import empty_scene, our_collection
    from setdresser.blender_addon.core.model import Bounds, Layout, PhysicsChecks

    scene = empty_scene()
    configure(scene, "workbench", 64)
    layout = Layout([placed("bed_1", "bed", (0.0, 0.5, 0.0), 0.0, (1.6, 2.0, 0.6))], [], PhysicsChecks(),
                    Bounds((-2.5, -2.0, 0.0), (2.5, 2.0, 2.7)), "a room", 0)
    layout.room = ROOM  # type: ignore[attr-defined]
    collection = our_collection(scene, layout.prompt)
    return scene, collection, build_scene(scene, collection, layout, build_box)


def _ray_hits(scene, origin, direction):  # type: ignore[no-untyped-def]
    import bpy
    from mathutils import Vector

    hit, _, _, _, obj, _ = scene.ray_cast(bpy.context.evaluated_depsgraph_get(), Vector(origin), Vector(direction),
                                          distance=3.0)
    return obj if hit else None


def test_openings_are_holes_filled_by_a_leaf_and_glass(built) -> None:  # type: ignore[no-untyped-def]
    scene, collection, _ = built
    walls = [o for o in collection.all_objects if o.get("setdresser_role") == "wall"]
    assert walls
    # beside the door the ray meets the wall; through the door it meets the leaf, not a wall
    assert _ray_hits(scene, (-1.0, -1.5, 1.0), (0, -1, 0)).get("setdresser_role") == "wall"
    through_door = _ray_hits(scene, (1.0, -1.5, 1.0), (0, -1, 0))
    assert through_door.get("setdresser_role") == "opening" and through_door.get("setdresser_part") == "leaf"
    through_window = _ray_hits(scene, (2.0, 0.3, 1.5), (1, 0, 0))
    assert through_window.get("setdresser_part") in ("glass", "mullion")
    assert _ray_hits(scene, (2.0, 0.3, 0.5), (1, 0, 0)).get("setdresser_role") == "wall"  # under the sill


def test_finishes_colour_the_floor_and_walls(built) -> None:  # type: ignore[no-untyped-def]
    from setdresser.blender_addon.core.assets import load_catalog

    _, collection, _ = built
    floor = next(o for o in collection.all_objects if o.get("setdresser_role") == "floor")
    assert tuple(floor.active_material.diffuse_color)[:3] == pytest.approx((0.6, 0.05, 0.05), abs=1e-3)
    wall = next(o for o in collection.all_objects if o.get("setdresser_role") == "wall" and o.dimensions.z > 2)
    black = load_catalog().finish(["black"]).color
    assert tuple(wall.active_material.diffuse_color)[:3] == pytest.approx(tuple(black), abs=1e-3)


def test_the_view_looks_at_the_walls_with_openings(built) -> None:  # type: ignore[no-untyped-def]
    _, collection, build = built
    tall = {o.get("setdresser_owner") for o in collection.all_objects
            if o.get("setdresser_role") == "wall" and o.dimensions.z > 2}
    assert tall == {"south_wall", "east_wall"}  # the door's and the window's walls stand full height
    cam = build.camera.location
    assert cam.y > 0 and cam.x < 0  # so the camera stands north-west, looking at them


def test_the_view_turns_toward_wall_hung_things() -> None:
    from setdresser.blender_addon.bl.architecture import (
        far_walls,
        hung_walls,
        view_for_openings,
    )
    from setdresser.blender_addon.bl.room_plan import room_spec
    from setdresser.blender_addon.core.model import Bounds

    bounds = Bounds((-2.0, -2.0, 0.0), (2.0, 2.0, 2.7))
    tv = placed("tv_1", "tv", (1.96, 0.0, 1.0), 1.57, (1.2, 0.06, 0.7), support=None)
    tv.mount = "wall"  # type: ignore[attr-defined]
    assert hung_walls([tv, placed("bed_1", "bed", (0.0, 0.0, 0.0), 0.0, (1.6, 2.0, 0.6))], bounds) == ["east"]
    azimuth = view_for_openings(room_spec({"kind": "indoor"}), 25.0, ["east", "south"])
    assert set(far_walls(azimuth)) == {"east", "south"}
    assert view_for_openings(None, 25.0) == 25.0


def test_outdoor_paths_have_edges_and_unknown_finishes_are_reported() -> None:
    from setdresser.blender_addon.bl.boxes import build_box
    from setdresser.blender_addon.bl.compose import build_scene
    from setdresser.blender_addon.bl.render import configure
    from setdresser.blender_addon.bl.scene_setup import empty_scene, our_collection
    from setdresser.blender_addon.core.model import Bounds, Layout, PhysicsChecks

    scene = empty_scene()
    configure(scene, "workbench", 64)
    layout = Layout([placed("tree_1", "tree", (3.0, 3.0, 0.0), 0.0, (2.0, 2.0, 4.0))], [], PhysicsChecks(),
                    Bounds((-6.0, -6.0, 0.0), (6.0, 6.0, 10.0)), "a park", 0)
    layout.room = {"kind": "outdoor", "paths": [{"id": "path_1", "points": [[-5, -5], [0, 0], [5, 0]],  # type: ignore[attr-defined]
                                                 "width": 1.5}]}
    collection = our_collection(scene, layout.prompt)
    build_scene(scene, collection, layout, build_box)
    parts = [o for o in collection.all_objects if o.get("setdresser_owner") == "path_1"]
    assert len(parts) == 6  # two straight pieces, each a strip and two edges
    assert not [o for o in collection.all_objects if o.get("setdresser_role") == "wall"]
    layout.room = {"kind": "indoor", "floor": {"words": ["sparkly"]}}  # type: ignore[attr-defined]
    build = build_scene(scene, collection, layout, build_box)
    assert any("floor finish 'sparkly'" in w for w in build.warnings)


def test_each_view_cuts_the_walls_on_its_own_side(built) -> None:  # type: ignore[no-untyped-def]
    """The second camera looks from another side: while it renders, the walls between it and the room
    are the low strips and its far walls stand full height; afterwards the main view's cut is back."""
    from setdresser.blender_addon.bl.architecture import camera_azimuth, far_walls, walls_cut_for
    from setdresser.blender_addon.bl.build import world_box

    _, collection, build = built

    def tall() -> set[str]:
        return {o.get("setdresser_owner") for o in collection.all_objects
                if o.get("setdresser_role") == "wall" and o.dimensions.z > 2}

    before = tall()
    second = build.second_camera
    own = {f"{w}_wall" for w in far_walls(camera_azimuth(second, (-2.5, -2.0), (2.5, 2.0)))}
    assert own != before  # the second view looks from elsewhere
    with walls_cut_for(second):
        assert tall() == own
        at = second.matrix_world.translation
        for wall in [o for o in collection.all_objects if o.get("setdresser_role") == "wall"]:
            lo, hi = world_box(wall)[:2]
            for obj in build.objects.values():
                for corner in world_box(obj)[2]:
                    assert not segment_hits_box(at, corner, lo, hi), f"{wall.name} hides {obj.name}"
    assert tall() == before


def test_the_view_looks_at_the_walls_things_stand_against() -> None:
    """A wardrobe against the east wall and a bed against the north wall: the main view looks at
    those two walls (their fronts), not at the empty ones, even with a door on a third wall; alone,
    the door's wall is a far one."""
    from setdresser.blender_addon.bl.architecture import against_walls, far_walls, view_for_openings
    from setdresser.blender_addon.bl.room_plan import room_spec
    from setdresser.blender_addon.core.model import Bounds

    bounds = Bounds((-2.0, -2.0, 0.0), (2.0, 2.0, 2.7))
    wardrobe = placed("wardrobe_1", "wardrobe", (1.7, 0.0, 0.0), math.pi / 2, (1.2, 0.6, 2.0))
    bed = placed("bed_1", "bed", (0.0, 1.0, 0.0), 0.0, (1.6, 2.0, 1.0))
    weights = against_walls([wardrobe, bed], bounds)
    assert set(weights) == {"east", "north"} and weights["east"] > weights["north"]
    spec = room_spec({"kind": "indoor", "openings": [{"id": "door_1", "kind": "door", "wall": "west",
                                                      "offset": 0.0, "width": 0.9, "height": 2.1, "sill": 0.0}]})
    assert set(far_walls(view_for_openings(spec, 25.0, [], weights))) == {"east", "north"}
    assert "west" not in far_walls(295.0) and "west" in far_walls(view_for_openings(spec, 295.0, [], {}))


def test_outdoors_no_wall_steers_the_view() -> None:
    """Outdoors there are no walls: things near the scene's edge (a tent, a lantern in front of it)
    do not turn the main view as if they stood against walls; the fronts' view is kept (a campsite's
    view had turned to the tent's back, hiding the lantern in front of it)."""
    from setdresser.blender_addon.bl.architecture import against_walls, view_for_openings, wall_weights
    from setdresser.blender_addon.bl.room_plan import room_spec
    from setdresser.blender_addon.core.model import Bounds

    bounds = Bounds((-2.0, -2.0, 0.0), (2.0, 2.0, 2.7))
    tent = placed("tent_1", "tent", (1.0, 0.0, 0.0), 0.0, (2.0, 2.0, 1.4))
    against = against_walls([tent], bounds)
    assert against, "the tent is at the scene's edge"
    outdoor = room_spec({"kind": "outdoor"})
    assert not any(wall_weights(outdoor, ["north"], against).values())
    assert view_for_openings(outdoor, 25.0, ["north"], against) == 25.0
    assert view_for_openings(room_spec({"kind": "indoor"}), 25.0, [], against) != 25.0
