"""Batched box geometry: known cases, brute-force cross-checks, broadcasting."""
from __future__ import annotations

import numpy as np
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from setdresser.skill_library import geometry as g

UNIT = np.array([1.0, 1.0, 1.0])


def _box(x: float, y: float, z: float = 0.0) -> np.ndarray:
    return np.array([x, y, z])


def test_front_and_axes_follow_contract() -> None:
    np.testing.assert_allclose(g.front(0.0), [0.0, -1.0], atol=1e-12)
    np.testing.assert_allclose(g.front(np.pi / 2), [1.0, 0.0], atol=1e-12)
    x_axis, y_axis = g.local_axes(np.pi / 2)
    np.testing.assert_allclose(x_axis, [0.0, 1.0], atol=1e-12)
    np.testing.assert_allclose(y_axis, [-1.0, 0.0], atol=1e-12)
    # front is always local -Y
    yaw = np.linspace(-4, 4, 17)
    np.testing.assert_allclose(g.front(yaw), -g.local_axes(yaw)[1], atol=1e-12)


def test_corners_and_aabb_of_rotated_box() -> None:
    size = np.array([2.0, 1.0, 0.5])
    corners = g.footprint_corners(_box(1, 2, 0.3), np.pi / 2, size)
    assert corners.shape == (4, 2)
    lo, hi = g.world_aabb(_box(1, 2, 0.3), np.pi / 2, size)
    np.testing.assert_allclose(lo, [0.5, 1.0, 0.3], atol=1e-12)
    np.testing.assert_allclose(hi, [1.5, 3.0, 0.8], atol=1e-12)
    np.testing.assert_allclose(corners.min(axis=0), lo[:2], atol=1e-12)
    np.testing.assert_allclose(corners.max(axis=0), hi[:2], atol=1e-12)


@pytest.mark.parametrize("offset, expected", [(0.5, 0.5), (1.0, 0.0), (1.5, 0.0), (0.0, 1.0)])
def test_penetration_axis_aligned(offset: float, expected: float) -> None:
    assert g.penetration_depth(_box(0, 0), 0.0, UNIT, _box(offset, 0), 0.0, UNIT) == pytest.approx(expected)


def test_penetration_needs_z_overlap() -> None:
    assert g.penetration_depth(_box(0, 0), 0.0, UNIT, _box(0, 0, 1.0), 0.0, UNIT) == 0.0
    assert g.penetration_depth(_box(0, 0), 0.0, UNIT, _box(0, 0, 0.98), 0.0, UNIT) == pytest.approx(0.02)


def test_rotated_diamond_beside_square() -> None:
    # a unit square rotated 45 deg reaches sqrt(0.5) from its centre along x
    reach = np.sqrt(0.5)
    apart = g.penetration_depth(_box(0, 0), 0.0, UNIT, _box(0.5 + reach + 0.01, 0), np.pi / 4, UNIT)
    touching = g.penetration_depth(_box(0, 0), 0.0, UNIT, _box(0.5 + reach - 0.05, 0), np.pi / 4, UNIT)
    assert apart == 0.0
    assert touching == pytest.approx(0.05)


def _brute_gap(a: np.ndarray, b: np.ndarray) -> float:
    """Distance between two convex quads by dense edge sampling (reference only)."""
    t = np.linspace(0, 1, 400)[:, None]
    pa = np.concatenate([a[i] + t * (a[(i + 1) % 4] - a[i]) for i in range(4)])
    pb = np.concatenate([b[i] + t * (b[(i + 1) % 4] - b[i]) for i in range(4)])
    return float(np.sqrt(((pa[:, None] - pb[None]) ** 2).sum(-1)).min())


def test_xy_gap_matches_brute_force_on_random_separated_boxes() -> None:
    rng = np.random.default_rng(3)
    checked = 0
    for _ in range(40):
        pa, pb = rng.uniform(-3, 3, 3), rng.uniform(-3, 3, 3)
        ya, yb = rng.uniform(-np.pi, np.pi, 2)
        sa, sb = rng.uniform(0.2, 1.5, 3), rng.uniform(0.2, 1.5, 3)
        gap = float(g.xy_gap(pa, ya, sa, pb, yb, sb))
        if gap == 0.0:
            assert g.xy_separation(pa, ya, sa, pb, yb, sb) <= 0.0
            continue
        ref = _brute_gap(g.footprint_corners(pa, ya, sa), g.footprint_corners(pb, yb, sb))
        assert gap == pytest.approx(ref, abs=5e-3)
        assert g.xy_separation(pa, ya, sa, pb, yb, sb) <= gap + 1e-9
        checked += 1
    assert checked > 10


def test_xy_gap_zero_for_crossing_boxes_without_corners_inside() -> None:
    long_x, long_y = np.array([4.0, 0.5, 1.0]), np.array([0.5, 4.0, 1.0])
    assert g.xy_gap(_box(0, 0), 0.0, long_x, _box(0, 0), 0.0, long_y) == 0.0


def test_overlap_fraction() -> None:
    size = np.array([2.0, 1.0, 1.0])
    assert g.footprint_overlap_fraction(_box(0, 0), 0.0, size, _box(1.5, 0), 0.0, size) == pytest.approx(0.25)
    assert g.footprint_overlap_fraction(_box(0, 0), 0.0, size, _box(5, 0), 0.0, size) == 0.0
    small = np.array([0.5, 0.5, 0.5])
    assert g.footprint_overlap_fraction(_box(0, 0), 0.0, size, _box(0.2, 0.1), 0.3, small) == pytest.approx(1.0)
    # perpendicular boxes on one centre: exact (a 1 x 1 square of the smaller 2 m^2)
    assert g.footprint_overlap_fraction(_box(0, 0), 0.0, size, _box(0, 0), np.pi / 2, size) == pytest.approx(0.5)


def test_point_in_footprint_and_excess() -> None:
    size = np.array([2.0, 1.0, 1.0])
    assert g.point_in_footprint(np.array([0.9, 0.4]), _box(0, 0), 0.0, size)
    assert not g.point_in_footprint(np.array([0.4, 0.9]), _box(0, 0), 0.0, size)
    assert g.point_in_footprint(np.array([0.4, 0.9]), _box(0, 0), np.pi / 2, size)
    assert g.point_footprint_excess(np.array([2.0, 0.0]), _box(0, 0), 0.0, size) == pytest.approx(1.0)
    assert g.point_footprint_excess(np.array([2.0, 0.0]), _box(0, 0), 0.0, size, margin=0.5) == pytest.approx(0.5)


def test_all_pairs_broadcast_shapes_and_symmetry() -> None:
    rng = np.random.default_rng(0)
    b, n = 8, 12
    pos, yaw, size = rng.uniform(-2, 2, (b, n, 3)), rng.uniform(-3, 3, (b, n)), rng.uniform(0.2, 1.5, (b, n, 3))
    pairs = (pos[:, :, None], yaw[:, :, None], size[:, :, None], pos[:, None], yaw[:, None], size[:, None])
    depth = g.penetration_depth(*pairs)
    gap = g.xy_gap(*pairs)
    assert depth.shape == gap.shape == (b, n, n)
    np.testing.assert_allclose(depth, depth.transpose(0, 2, 1), atol=1e-12)
    np.testing.assert_allclose(gap, gap.transpose(0, 2, 1), atol=1e-12)
    assert np.all(np.diagonal(depth, axis1=1, axis2=2) > 0)
    single = g.penetration_depth(pos[3, 4], yaw[3, 4], size[3, 4], pos[3, 7], yaw[3, 7], size[3, 7])
    assert depth[3, 4, 7] == pytest.approx(float(single))


_coord = st.floats(-3.0, 3.0)
_extent = st.floats(0.05, 2.0)
_box_strategy = st.tuples(_coord, _coord, st.floats(0.0, 1.0), st.floats(-4.0, 4.0), _extent, _extent, _extent)


def _split(box: tuple[float, ...]) -> tuple[np.ndarray, float, np.ndarray]:
    return np.array(box[0:3]), box[3], np.array(box[4:7])


def _rigid(box: tuple[float, ...], angle: float, shift: tuple[float, float]) -> tuple[float, ...]:
    c, s = np.cos(angle), np.sin(angle)
    x, y = box[0] * c - box[1] * s + shift[0], box[0] * s + box[1] * c + shift[1]
    return (x, y, box[2], box[3] + angle, *box[4:])


@settings(max_examples=150, deadline=None)
@given(_box_strategy, _box_strategy, st.floats(-3.2, 3.2), st.tuples(_coord, _coord))
def test_pair_measures_are_symmetric_and_rigid_invariant(a: tuple, b: tuple, angle: float,
                                                         shift: tuple[float, float]) -> None:
    depth, gap = g.penetration_depth(*_split(a), *_split(b)), g.xy_gap(*_split(a), *_split(b))
    assert depth >= 0.0 and gap >= 0.0
    assert not (depth > 1e-9 and gap > 1e-9), "boxes cannot both overlap and be apart"
    assert g.penetration_depth(*_split(b), *_split(a)) == pytest.approx(float(depth), abs=1e-9)
    assert g.xy_gap(*_split(b), *_split(a)) == pytest.approx(float(gap), abs=1e-9)
    ra, rb = _rigid(a, angle, shift), _rigid(b, angle, shift)
    assert g.penetration_depth(*_split(ra), *_split(rb)) == pytest.approx(float(depth), abs=1e-7)
    assert g.xy_gap(*_split(ra), *_split(rb)) == pytest.approx(float(gap), abs=1e-7)
    frac = g.footprint_overlap_fraction(*_split(a), *_split(b))
    assert 0.0 <= frac <= 1.0
    assert (frac > 0) <= (g.xy_separation(*_split(a), *_split(b)) < 1e-9)


def test_xy_gap_of_paired_arrays_equals_the_broadcast_form_bit_for_bit() -> None:
    # same-shaped arrays take the stacked path (issue 11); one extra axis forces the one-sided path
    rng = np.random.default_rng(5)
    pa, pb = rng.uniform(-2, 2, (300, 3)), rng.uniform(-2, 2, (300, 3))
    pa[::4, :2], pb[::4, :2] = np.round(pa[::4, :2]), np.round(pb[::4, :2])  # touching unit boxes
    ya, yb = rng.uniform(-3, 3, 300), rng.uniform(-3, 3, 300)
    ya[::4], yb[::4] = 0.0, np.pi / 2
    sa, sb = rng.uniform(0.3, 1.0, (300, 3)), rng.uniform(0.3, 1.0, (300, 3))
    sa[::4], sb[::4] = 1.0, 1.0
    paired = g.xy_gap(pa, ya, sa, pb, yb, sb)
    broadcast = g.xy_gap(pa[:, None], ya[:, None], sa[:, None], pb[:, None], yb[:, None], sb[:, None, :])[:, 0]
    assert np.array_equal(paired, broadcast)
    assert (paired == 0).any() and (paired > 0).any()
