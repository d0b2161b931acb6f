"""Camera framing (core/framing.py): every point lands inside the frame, tightly."""

from __future__ import annotations

import math

import numpy as np
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from setdresser.blender_addon.core.framing import (box_corners, field_of_view, frame_points, top_down_view,
                                                   view_direction)


def project(points: np.ndarray, location, target) -> np.ndarray:  # type: ignore[no-untyped-def]
    """Tangent-plane coordinates (x/depth, y/depth) of points seen from a camera with world-up Z."""
    forward = np.asarray(target) - np.asarray(location)
    forward /= np.linalg.norm(forward)
    right = np.cross(forward, [0, 0, 1.0])
    right /= np.linalg.norm(right)
    up = np.cross(right, forward)
    rel = points - np.asarray(location)
    depth = rel @ forward
    assert (depth > 0).all(), "a point is behind the camera"
    return np.stack([rel @ right / depth, rel @ up / depth], axis=1)


@settings(max_examples=60, deadline=None)
@given(st.lists(st.tuples(st.floats(-5, 5), st.floats(-5, 5), st.floats(0, 2),
                          st.floats(0.05, 2), st.floats(0.05, 2), st.floats(0.05, 2)), min_size=1, max_size=6))
def test_every_box_corner_is_inside_the_frame(boxes) -> None:  # type: ignore[no-untyped-def]
    points = np.concatenate([box_corners((x, y, z), (x + w, y + d, z + h)) for x, y, z, w, d, h in boxes])
    h_fov, v_fov = field_of_view(math.radians(48), 640, 480)
    pose = frame_points(points, h_fov, v_fov)
    uv = project(points, pose.location, pose.target)
    assert (np.abs(uv[:, 0]) <= math.tan(h_fov / 2) + 1e-9).all()
    assert (np.abs(uv[:, 1]) <= math.tan(v_fov / 2) + 1e-9).all()


def test_the_fit_is_tight_and_the_camera_is_south_and_above() -> None:
    points = box_corners((-1, -1, 0), (1, 1, 1))
    h_fov, v_fov = field_of_view(math.radians(48), 512, 384)
    pose = frame_points(points, h_fov, v_fov, margin=1.0)
    uv = project(points, pose.location, pose.target)
    # some point touches an edge of the frame (tight), none beyond
    touch = max(np.abs(uv[:, 0]).max() / math.tan(h_fov / 2), np.abs(uv[:, 1]).max() / math.tan(v_fov / 2))
    assert touch == pytest.approx(1.0, abs=1e-6)
    assert pose.location[1] < -1 and pose.location[2] > 1 and pose.location[0] > 0


def test_view_direction_points_north_and_down() -> None:
    d = view_direction(0.0, 30.0)
    assert d[0] == pytest.approx(0.0) and d[1] > 0 and d[2] == pytest.approx(-0.5)


def test_field_of_view_applies_the_lens_angle_to_the_wider_side() -> None:
    h, v = field_of_view(1.0, 800, 400)
    assert h == 1.0 and v < h
    h, v = field_of_view(1.0, 300, 600)
    assert v == 1.0 and h < v
    with pytest.raises(ValueError):
        field_of_view(1.0, 0, 10)


def test_top_down_view_covers_the_footprint() -> None:
    points = box_corners((0, 0, 0), (4, 1, 2))
    view = top_down_view(points, 400, 300, margin=1.0)
    assert view.ortho_scale == pytest.approx(4.0)
    assert view.location[:2] == (2.0, 0.5) and view.location[2] > 2
    tall = top_down_view(box_corners((0, 0, 0), (1, 3, 1)), 400, 300, margin=1.0)
    assert tall.ortho_scale == pytest.approx(3 * 400 / 300)
    with pytest.raises(ValueError):
        frame_points(np.zeros((0, 3)), 1.0, 1.0)


def test_labels_on_the_same_spot_are_spread_apart() -> None:
    from setdresser.blender_addon.core.framing import spread_labels

    spots = spread_labels([(0.0, 0.0), (0.05, 0.0), (5.0, 5.0)], [1.0, 1.0, 1.0], 0.2)
    assert spots[0] == (0.0, 0.0) and spots[2] == (5.0, 5.0)
    assert spots[1][0] == 0.05 and spots[1][1] <= -0.2
