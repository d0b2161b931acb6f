"""The static stability rule (issue 21): loads over supports, crisp and smooth."""

from __future__ import annotations

import numpy as np
import pytest
from setdresser.blender_addon.core.stability import (
    MARGIN,
    load_densities,
    masses,
    stack_excess,
    unstable_objects,
)
from setdresser.blender_addon.core.stability.polygon import clip, hull, inside_distance

BOOK = (0.19, 0.25, 0.04)


def _stack(offsets: list[float], size=BOOK, base_z: float = 0.0):
    """A vertical stack of equal boxes, box i shifted ``offsets[i]`` in x."""
    n = len(offsets)
    pos = np.array([(dx, 0.0, base_z + i * size[2]) for i, dx in enumerate(offsets)])
    return [f"book_{i + 1}" for i in range(n)], pos, np.zeros(n), np.tile(size, (n, 1))


def _check(ids, pos, yaw, size, **kw):
    mass = masses(["book"] * len(ids), size)
    return [u.id for u in unstable_objects(ids, pos, yaw, size, mass, **kw)]


def test_centred_stack_is_stable() -> None:
    assert _check(*_stack([0.0] * 6)) == []


def test_the_issue_stack_with_a_book_over_the_edge_is_unstable() -> None:
    # book_3's centre 0.108 m off book_2's, whose half-width is 0.095: over the edge
    ids, pos, yaw, size = _stack([0.0, 0.0, 0.108, 0.108, 0.108, 0.108])
    assert "book_3" in _check(ids, pos, yaw, size)


def test_each_step_small_but_the_load_tips_the_stack() -> None:
    # every book 0.06 m past the one below: each rests on it, but from book_2 up the load leans out
    ids, pos, yaw, size = _stack([0.0, 0.06, 0.12, 0.18, 0.24])
    flagged = _check(ids, pos, yaw, size)
    assert flagged and "book_1" not in flagged  # on the ground: held by its footprint
    assert "book_2" in flagged


def test_harmonic_overhang_is_stable() -> None:
    # the classic book stack: each top block's load lies just inside the one below
    w = BOOK[0]
    offsets = np.cumsum([0.0] + [w / (2 * k) * 0.8 for k in (4, 3, 2, 1)])
    assert _check(*_stack(list(offsets))) == []


def test_pyramid_of_boxes_is_stable_and_a_shifted_top_is_not() -> None:
    s = 0.4
    rows = [(-s, 0, 0), (0, 0, 0), (s, 0, 0), (-s / 2, 0, s), (s / 2, 0, s), (0, 0, 2 * s)]
    pos = np.array(rows, float)
    size = np.full((6, 3), s)
    ids = [f"box_{i}" for i in range(6)]
    assert _check(ids, pos, np.zeros(6), size) == []
    pos[5, 0] = s * 1.1  # the top box's centre beyond the right box of the middle row
    assert _check(ids, pos, np.zeros(6), size) == ["box_5"]


def test_rotated_box_on_a_small_stand() -> None:
    ids = ["stand", "tv"]
    pos = np.array([(0, 0, 0), (0.35, 0, 0.5)], float)
    size = np.array([(0.5, 0.4, 0.5), (1.2, 0.1, 0.7)])
    assert _check(ids, pos, np.zeros(2), size) == ["tv"]  # its centre beyond the stand's edge
    pos[1, 0] = 0.0
    assert _check(ids, pos, np.array([0.0, 0.7]), size) == []


def test_skipped_objects_are_neither_judged_nor_load_anything() -> None:
    ids, pos, yaw, size = _stack([0.0, 0.15])
    assert _check(ids, pos, yaw, size) == ["book_2"]
    assert _check(ids, pos, yaw, size, skip=frozenset({1})) == []


def test_heavy_load_on_light_side_uses_densities() -> None:
    densities = load_densities()
    assert densities.of("cardboard box") < densities.of("book") < densities.of("stone block")
    assert densities.of("book_3") == densities.of("book")


def test_stack_excess_is_zero_when_centred_and_grows_with_the_offset() -> None:
    _ids, pos, _yaw, size = _stack([0.0, 0.0, 0.0])
    members = np.array([[False, True, True], [False, False, True]])
    children, parent = np.array([1, 2]), np.array([0, 1])
    batch = np.stack([pos, pos, pos])
    batch[1, 2, 0] = 0.05
    batch[2, 2, 0] = 0.2
    mass = masses(["book"] * 3, size)[None].repeat(3, 0)
    excess = stack_excess(batch, np.zeros((3, 3)), size[None].repeat(3, 0), mass, children, parent, members)
    assert excess[0].max() == pytest.approx(0.0)
    assert excess[1].max() == pytest.approx(0.0)
    assert 0.0 < excess[2, 0] < excess[2, 1]  # book_2 carries book_3's load less far out than book_3 itself


def test_polygon_helpers() -> None:
    square = np.array([(0, 0), (1, 0), (1, 1), (0, 1)], float)
    moved = square + 0.5
    inter = clip(square, moved)
    assert hull(inter).shape[0] == 4
    assert inside_distance(np.array([0.5, 0.5]), square) == pytest.approx(0.5)
    assert inside_distance(np.array([2.0, 0.5]), square) == pytest.approx(-1.0)


def test_stack_excess_slack_shrinks_the_support_further() -> None:
    """The solver's slack (issue 11): a centre of mass just inside the crisp margin is an excess once
    the support is shrunk by the slack too, by exactly what is left of the slack."""
    size = np.array([[1.0, 1.0, 0.1], [0.2, 0.2, 0.1]])
    pos = np.array([[[0.0, 0.0, 0.0], [0.5 - MARGIN - 0.0005, 0.0, 0.1]]])
    mass = np.ones((1, 2))
    args = (pos, np.zeros((1, 2)), size[None], mass, np.array([1]), np.array([0]), np.array([[False, True]]))
    assert stack_excess(*args)[0, 0] == 0.0
    assert abs(stack_excess(*args, slack=0.002)[0, 0] - 0.0015) < 1e-9
