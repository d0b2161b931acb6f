"""Properties of the evaluator's own box geometry (hypothesis): symmetry, rigid-motion
invariance, and consistency between gap, depth and shared area."""

from __future__ import annotations

import math

from hypothesis import given, settings
from hypothesis import strategies as st

from setdresser.blender_addon.core.evaluation.geometry import (Box, footprint_overlap_area, footprint_penetration,
                                                               xy_gap)

coord = st.floats(-3.0, 3.0, allow_nan=False)
size = st.floats(0.05, 2.0, allow_nan=False)
angle = st.floats(-math.pi, math.pi, allow_nan=False)
boxes = st.builds(lambda x, y, w, d, yaw: Box("b", "box", x, y, w / 2, d / 2, yaw, 0.0, 1.0), coord, coord, size, size,
                  angle)


def moved(box: Box, turn: float, dx: float, dy: float) -> Box:
    c, s = math.cos(turn), math.sin(turn)
    return Box(box.id, box.category, box.cx * c - box.cy * s + dx, box.cx * s + box.cy * c + dy, box.hx, box.hy,
               box.yaw + turn, box.z0, box.z1)


@settings(max_examples=150, deadline=None)
@given(boxes, boxes)
def test_measures_are_symmetric(a: Box, b: Box) -> None:
    assert math.isclose(xy_gap(a, b), xy_gap(b, a), abs_tol=1e-9)
    assert math.isclose(footprint_penetration(a, b), footprint_penetration(b, a), abs_tol=1e-9)
    assert math.isclose(footprint_overlap_area(a, b), footprint_overlap_area(b, a), abs_tol=1e-7)


@settings(max_examples=150, deadline=None)
@given(boxes, boxes, angle, coord, coord)
def test_measures_survive_a_rigid_motion(a: Box, b: Box, turn: float, dx: float, dy: float) -> None:
    a2, b2 = moved(a, turn, dx, dy), moved(b, turn, dx, dy)
    assert math.isclose(xy_gap(a, b), xy_gap(a2, b2), abs_tol=1e-7)
    assert math.isclose(footprint_penetration(a, b), footprint_penetration(a2, b2), abs_tol=1e-7)
    assert math.isclose(footprint_overlap_area(a, b), footprint_overlap_area(a2, b2), abs_tol=1e-6)


@settings(max_examples=150, deadline=None)
@given(boxes, boxes)
def test_gap_depth_and_area_agree(a: Box, b: Box) -> None:
    area = footprint_overlap_area(a, b)
    assert area <= min(a.area, b.area) + 1e-7
    if footprint_penetration(a, b) > 1e-6:
        assert xy_gap(a, b) == 0.0 and area > 0.0
    if xy_gap(a, b) > 1e-6:
        assert area < 1e-9
    assert math.isclose(footprint_overlap_area(a, a), a.area, rel_tol=1e-9)
