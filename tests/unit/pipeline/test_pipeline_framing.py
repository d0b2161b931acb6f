"""Camera framing (core/framing.py): every point lands inside the frame, tightly."""

from __future__ import annotations

import math

import numpy as np
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from setdresser.blender_addon.core.framing import (DEFAULT_AZIMUTH_DEG, VIEW_SWITCH_GAIN, Facing, box_corners,
                                                   candidate_azimuths, choose_azimuth, far_sides, field_of_view,
                                                   frame_points, front_score, top_down_view, view_direction)


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


def test_candidate_views_go_round_from_the_default() -> None:
    views = candidate_azimuths()
    assert views[0] == DEFAULT_AZIMUTH_DEG and len(views) == 8
    assert sorted(round((b - a) % 360, 6) for a, b in zip(views, views[1:] + views[:1])) == [45.0] * 8


def test_objects_facing_south_keep_the_default_view() -> None:
    facings = [Facing(yaw=0.0, front_area=1.0), Facing(yaw=0.3, front_area=0.5)]
    assert choose_azimuth(facings) == DEFAULT_AZIMUTH_DEG


def test_nothing_with_a_front_keeps_the_default_view() -> None:
    assert choose_azimuth([]) == DEFAULT_AZIMUTH_DEG
    assert choose_azimuth([Facing(yaw=1.0, front_area=0.0)]) == DEFAULT_AZIMUTH_DEG


@pytest.mark.parametrize("yaw_deg", [90.0, 135.0, 180.0, 225.0, 270.0])
def test_the_camera_turns_to_see_fronts(yaw_deg: float) -> None:
    yaw = math.radians(yaw_deg)
    azimuth = choose_azimuth([Facing(yaw=yaw, front_area=1.5), Facing(yaw=yaw + 0.2, front_area=0.4)])
    front = np.array([math.sin(yaw), -math.cos(yaw)])
    to_camera = np.array([math.sin(math.radians(azimuth)), -math.cos(math.radians(azimuth))])
    # the best of 45-degree-spaced candidates is within 22.5 deg of the front
    assert front @ to_camera >= math.cos(math.radians(22.5)) - 1e-9
    assert front_score([Facing(yaw, 1.5)], azimuth) > VIEW_SWITCH_GAIN * front_score([Facing(yaw, 1.5)],
                                                                                       DEFAULT_AZIMUTH_DEG)


def test_a_small_gain_does_not_switch_views() -> None:
    # a big sofa facing south and a smaller chair facing north: the north view shows less front
    facings = [Facing(yaw=0.0, front_area=1.7), Facing(yaw=math.pi, front_area=1.5)]
    assert choose_azimuth(facings) == DEFAULT_AZIMUTH_DEG
    # the same chair, larger than the sofa by more than the switch gain, turns the camera north
    facings = [Facing(yaw=0.0, front_area=1.0), Facing(yaw=math.pi, front_area=1.6)]
    azimuth = choose_azimuth(facings)
    assert math.cos(math.radians(azimuth)) < 0


def test_front_score_counts_only_visible_fronts_by_area() -> None:
    south = Facing(yaw=0.0, front_area=2.0)
    assert front_score([south], 0.0) == pytest.approx(2.0)
    assert front_score([south], 180.0) == 0.0
    assert front_score([south], 90.0) == pytest.approx(0.0, abs=1e-12)
    assert front_score([south, Facing(yaw=math.pi / 2, front_area=1.0)], 45.0) == pytest.approx(3 * math.sqrt(0.5))


@pytest.mark.parametrize("azimuth,expected", [(25.0, (True, True)), (160.0, (False, True)),
                                              (205.0, (False, False)), (295.0, (True, False))])
def test_walls_stand_on_the_sides_the_camera_looks_toward(azimuth: float, expected: tuple[bool, bool]) -> None:
    assert far_sides(azimuth) == expected
    north, west = far_sides(azimuth)
    camera = -view_direction(azimuth, 30.0)  # from the target toward the camera
    # the camera stands on the opposite side of each wall's side
    assert (camera[1] < 0) == north and (camera[0] > 0) == west
