"""Physical validity on constructed layouts: a collision and none, floating and supported,
in and out of bounds, and the exemptions relations grant."""

from __future__ import annotations

import math

from setdresser.blender_addon.core.evaluation.geometry import (box_of, boxes_of, footprint_overlap_area,
                                                               penetration, xy_gap)
from setdresser.blender_addon.core.evaluation.physics import physics_report
from setdresser.blender_addon.core.model import layout_from_dict
from setdresser.tests.benchmark.layouts import constraint, layout, obj

CUBE = (1.0, 1.0, 1.0)


def report(objects, constraints=(), bounds=((-3, -3, 0), (3, 3, 3))):
    parsed = layout_from_dict(layout(objects, constraints=constraints, bounds=bounds))
    return physics_report(boxes_of(parsed.objects), parsed.constraints, parsed.bounds)


def test_two_boxes_apart_do_not_collide() -> None:
    result = report([obj("a", "box", 0, 0, CUBE), obj("b", "box", 1.5, 0, CUBE)])
    assert result.collisions == [] and result.collision_free_pct == 100.0 and result.valid


def test_overlapping_boxes_collide_with_their_depth() -> None:
    result = report([obj("a", "box", 0, 0, CUBE), obj("b", "box", 0.8, 0, CUBE), obj("c", "box", -2, 0, CUBE)])
    (a, b, depth), = result.collisions
    assert {a, b} == {"a", "b"} and math.isclose(depth, 0.2, abs_tol=1e-9)
    assert math.isclose(result.collision_free_pct, 100 / 3)


def test_one_centimetre_of_contact_is_allowed() -> None:
    assert report([obj("a", "box", 0, 0, CUBE), obj("b", "box", 0.995, 0, CUBE)]).collisions == []


def test_turned_boxes_that_only_look_overlapping_in_aabb_do_not_collide() -> None:
    # a diamond (45°) next to a square: the AABBs overlap, the boxes do not
    diamond = obj("d", "box", 1.25, 1.25, CUBE, yaw=math.pi / 4)
    boxes = boxes_of(layout_from_dict(layout([obj("a", "box", 0, 0, CUBE), diamond])).objects)
    assert penetration(boxes["a"], boxes["d"]) == 0.0
    assert xy_gap(boxes["a"], boxes["d"]) > 0.0


def test_on_top_of_pair_is_exempt_from_collision() -> None:
    lamp = obj("lamp", "lamp", 0, 0, (0.3, 0.3, 0.5), z=0.98)
    desk = obj("desk", "desk", 0, 0, CUBE)
    assert report([desk, lamp]).collisions != []
    assert report([desk, lamp], [constraint("on_top_of", "lamp", "desk")]).collisions == []


def test_floating_object_is_unsupported_and_resting_one_is_supported() -> None:
    desk = obj("desk", "desk", 0, 0, CUBE)
    floating = report([desk, obj("lamp", "lamp", 0, 0, (0.3, 0.3, 0.5), z=1.3)])
    assert floating.unsupported == ["lamp"] and floating.supported_pct == 50.0
    resting = report([desk, obj("lamp", "lamp", 0, 0, (0.3, 0.3, 0.5), z=1.01)])
    assert resting.unsupported == [] and resting.supported_pct == 100.0


def test_object_beside_its_support_is_unsupported() -> None:
    desk = obj("desk", "desk", 0, 0, CUBE)
    assert report([desk, obj("lamp", "lamp", 0.8, 0, (0.3, 0.3, 0.5), z=1.0)]).unsupported == ["lamp"]


def test_above_lets_an_object_float() -> None:
    desk = obj("desk", "desk", 0, 0, CUBE)
    clock = obj("clock", "clock", 0, 0, (0.3, 0.1, 0.3), z=2.0)
    assert report([desk, clock], [constraint("above", "clock", "desk")]).unsupported == []


def test_out_of_bounds_and_in_bounds() -> None:
    inside = report([obj("a", "box", 2.4, 0, CUBE)])
    assert inside.out_of_bounds == [] and inside.in_bounds_pct == 100.0
    poking = report([obj("a", "box", 2.7, 0, CUBE), obj("b", "box", 0, 0, CUBE)])
    assert poking.out_of_bounds == ["a"] and poking.in_bounds_pct == 50.0


def test_without_bounds_in_bounds_is_not_applicable() -> None:
    result = report([obj("a", "box", 50, 0, CUBE)], bounds=None)
    assert result.in_bounds_pct is None and result.to_dict()["in_bounds_pct"] is None


def test_overlap_area_of_turned_squares() -> None:
    a = box_of(layout_from_dict(layout([obj("a", "box", 0, 0, CUBE)])).objects[0])
    b = box_of(layout_from_dict(layout([obj("b", "box", 0.5, 0, CUBE)])).objects[0])
    assert math.isclose(footprint_overlap_area(a, b), 0.5, abs_tol=1e-9)
    diamond = box_of(layout_from_dict(layout([obj("d", "box", 0, 0, CUBE, yaw=math.pi / 4)])).objects[0])
    # a unit square and the same square turned 45°: overlap = 2 (sqrt 2 - 1) = 0.828
    assert math.isclose(footprint_overlap_area(a, diamond), 2 * (math.sqrt(2) - 1), abs_tol=1e-9)


def test_a_hung_thing_is_held_by_the_wall_it_touches_and_a_pendant_by_the_ceiling() -> None:
    """layout/4 names a hung object's wall or the ceiling as its support; the evaluator checks it
    touches that wall (it used to call every painting on a wall unsupported)."""
    from setdresser.tests.benchmark.layouts import layout_v2

    painting = obj("painting_1", "painting", 0, 2.98, (0.8, 0.04, 0.6), z=1.3, support="north_wall", mount="wall")
    astray = obj("mirror_1", "mirror", 0, 0, (0.5, 0.04, 0.9), z=1.0, support="north_wall", mount="wall")
    pendant = obj("pendant_1", "pendant lamp", 1, 1, (0.4, 0.4, 0.5), z=2.1, support="ceiling", mount="ceiling")
    doc = layout_v2([painting, astray, pendant])
    parsed = layout_from_dict(doc)
    result = physics_report(boxes_of(parsed.objects), parsed.constraints, parsed.bounds,
                            {o.id: o.support for o in parsed.objects})
    assert result.unsupported == ["mirror_1"]  # on no wall: floats in the middle of the room
    old = layout_from_dict(doc | {"schema": "setdresser.layout/3", "objects": [
        dict(o, support="ground") for o in doc["objects"]]})  # /3 said "ground": read as /4
    supports = [o.support for o in old.objects]
    assert supports[0::2] == ["north_wall", "ceiling"] and supports[1].endswith("_wall")  # the stray: nearest
