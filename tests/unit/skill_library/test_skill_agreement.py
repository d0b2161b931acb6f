"""The library agrees with the independent evaluator: exact overlap at any yaw, facing tolerances.

The evaluator (blender_addon/core/evaluation) is a separate, scalar implementation of the same
CONTRACTS §5 checks; where both measure the same thing, they must give the same verdict.
"""
from __future__ import annotations

import math

import numpy as np
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from setdresser.blender_addon.core.evaluation import geometry as eval_geo
from setdresser.blender_addon.core.evaluation import groups as eval_groups
from setdresser.blender_addon.core.model import Bounds, Constraint
from setdresser.skill_library import geometry as g
from setdresser.skill_library.base import Poses
from setdresser.skill_library.registry import default_registry

REGISTRY = default_registry()
ROOM = Bounds(min=(-3.0, -3.0, 0.0), max=(3.0, 3.0, 3.0))


def _eval_box(name: str, obj: tuple[float, ...]) -> eval_geo.Box:
    x, y, z, yaw, w, d, h = obj
    return eval_geo.Box(name, "thing", x, y, 0.5 * w, 0.5 * d, yaw, z, z + h)


def _poses(*scenes: list[tuple[float, ...]]) -> Poses:
    arr = np.array(scenes, dtype=float)
    return Poses(pos=arr[..., 0:3], yaw=arr[..., 3], size=arr[..., 4:7],
                 bounds_min=np.array(ROOM.min), bounds_max=np.array(ROOM.max))


def _library_check(name: str, scenes: list[list[tuple[float, ...]]], params: dict | None = None) -> np.ndarray:
    n_args = len(scenes[0])
    relation, bound = REGISTRY.bind(Constraint(name, tuple(f"o{i}" for i in range(n_args)), params or {}), "t")
    return relation.check(_poses(*scenes), tuple(range(n_args)), bound)


def test_equal_squares_45_degrees_apart_share_a_regular_octagon() -> None:
    unit, origin = np.ones(3), np.zeros(3)
    octagon = 2.0 * (math.sqrt(2.0) - 1.0)  # 0.828 of the square; the v1 bound read 1.0
    assert g.footprint_overlap_area(origin, 0.0, unit, origin, np.pi / 4, unit) == pytest.approx(octagon)
    assert g.footprint_overlap_fraction(origin, 0.0, unit, origin, np.pi / 4, unit) == pytest.approx(octagon)


_coord = st.floats(-2.0, 2.0)
_extent = st.floats(0.05, 2.5)
_obj = st.tuples(_coord, _coord, st.just(0.0), st.floats(-4.0, 4.0), _extent, _extent, st.just(1.0))


@settings(max_examples=200, deadline=None)
@given(_obj, _obj)
def test_overlap_area_matches_the_evaluators_polygon_clipping(a: tuple, b: tuple) -> None:
    ours = g.footprint_overlap_area(np.array(a[:3]), a[3], np.array(a[4:]), np.array(b[:3]), b[3], np.array(b[4:]))
    theirs = eval_geo.footprint_overlap_area(_eval_box("a", a), _eval_box("b", b))
    assert float(ours) == pytest.approx(theirs, abs=1e-7)


def test_overlap_area_broadcasts_over_all_pairs() -> None:
    rng = np.random.default_rng(3)
    pos, yaw, size = rng.uniform(-1, 1, (5, 9, 3)), rng.uniform(-3, 3, (5, 9)), rng.uniform(0.2, 1.5, (5, 9, 3))
    area = g.footprint_overlap_area(pos[:, :, None], yaw[:, :, None], size[:, :, None],
                                    pos[:, None], yaw[:, None], size[:, None])
    assert area.shape == (5, 9, 9)
    np.testing.assert_allclose(area, area.transpose(0, 2, 1), atol=1e-12)
    np.testing.assert_allclose(np.diagonal(area, axis1=1, axis2=2), size[..., 0] * size[..., 1], rtol=1e-12)


def test_overlap_check_rejects_a_skewed_car_on_a_road_at_45_percent() -> None:
    """The evaluator's case: a car at 45 deg over a road's edge, a true ~45% share, min_fraction 0.5."""
    road = (0.0, 0.0, 0.0, 0.0, 6.0, 3.0, 0.01)
    car = (0.0, 1.65, 0.01, math.pi / 4, 4.0, 1.8, 1.4)  # v1 read 1.0 here
    share = eval_geo.footprint_overlap_area(_eval_box("car", car), _eval_box("road", road)) / (4.0 * 1.8)
    assert 0.40 < share < 0.50
    held = _library_check("overlap", [[car, road]], {"min_fraction": 0.5})
    assert not held[0], f"overlap reported satisfied at a true {share:.0%} share"
    assert _library_check("overlap", [[car, road]], {"min_fraction": 0.4})[0]


@pytest.mark.parametrize("turn_deg", [0.0, 10.0, 20.0, 25.0, 29.0, 31.0, 35.0, 60.0, 180.0])
def test_against_wall_facing_tolerance_is_the_evaluators_30_degrees(turn_deg: float) -> None:
    # a 1 x 0.5 box with its back on the north wall, front turned turn_deg off the inward normal (-Y)
    yaw = math.radians(turn_deg)
    hy = 0.5 * (abs(math.sin(yaw)) * 1.0 + abs(math.cos(yaw)) * 0.5)
    obj = (0.5, 3.0 - hy - 0.01, 0.0, yaw, 1.0, 0.5, 1.0)
    ours = bool(_library_check("against_wall", [[obj]], {"wall": "north"})[0])
    theirs = eval_groups.against_wall([_eval_box("a", obj)], {"wall": "north"}, ROOM).holds
    assert ours == theirs == (turn_deg <= 30.0)


@pytest.mark.parametrize("turn_deg", [0.0, 20.0, 29.0, 31.0, 45.0])
def test_around_facing_tolerance_agrees_with_the_evaluator(turn_deg: float) -> None:
    table = (0.0, 0.0, 0.0, 0.0, 1.2, 1.2, 0.75)
    ring = []
    for k in range(4):
        angle = 2.0 * math.pi * k / 4
        x, y = 1.2 * math.cos(angle), 1.2 * math.sin(angle)
        facing_centre = math.atan2(-x, y)  # front (sin yaw, -cos yaw) points at the origin
        ring.append((x, y, 0.0, facing_centre + (math.radians(turn_deg) if k == 2 else 0.0), 0.5, 0.5, 0.9))
    ours = bool(_library_check("around", [ring + [table]])[0])
    boxes = [_eval_box(f"c{k}", obj) for k, obj in enumerate(ring)] + [_eval_box("t", table)]
    theirs = eval_groups.around(boxes, {}, ROOM).holds
    assert ours == theirs == (turn_deg <= 30.0)
