"""The architecture relations of issue 13 on constructed poses: each holds where it should and
fails where it should not (the opening is a fixture: front -Y into the room, back on the wall)."""

from __future__ import annotations

import math

import numpy as np
import pytest
from setdresser.skill_library.base import Poses
from setdresser.skill_library.registry import default_registry

BMIN, BMAX = np.array([-2.0, -2.0, 0.0]), np.array([2.0, 2.0, 2.7])
# a window on the north wall: 1.2 wide, sill 0.9, 1.2 high; its fixture is 5 cm deep on the room side
WINDOW = ((0.0, 2.0 - 0.025, 0.9), 0.0, (1.2, 0.05, 1.2))
# a door on the south wall at x = 1: 0.9 wide, 0.9 m clearance zone, front +Y into the room (yaw pi)
DOOR = ((1.0, -2.0 + 0.45, 0.0), math.pi, (0.9, 0.9, 2.1))


def _poses(*objects: tuple) -> Poses:
    pos = np.array([[o[0] for o in objects]], dtype=float)
    yaw = np.array([[o[1] for o in objects]], dtype=float)
    size = np.array([[o[2] for o in objects]], dtype=float)
    return Poses(pos, yaw, size, BMIN, BMAX)


def _holds(name: str, poses: Poses, params: dict | None = None) -> bool:
    relation = default_registry().get(name)
    filled = {p.name: p.default for p in relation.spec.params} | (params or {})
    idx = tuple(range(poses.count))
    score = float(relation.score(poses, idx, filled)[0])
    held = bool(relation.check(poses, idx, filled)[0])
    if held:
        assert score > 0.999  # a crisp pass scores 1
    return held


def test_under_window() -> None:
    desk = ((0.1, 2.0 - 0.3, 0.0), 0.0, (1.0, 0.6, 0.75))
    assert _holds("under_window", _poses(desk, WINDOW))
    tall = ((0.1, 2.0 - 0.2, 0.0), 0.0, (1.0, 0.4, 1.8))  # a wardrobe in front of the window
    assert not _holds("under_window", _poses(tall, WINDOW))
    aside = ((1.4, 2.0 - 0.3, 0.0), 0.0, (1.0, 0.6, 0.75))  # beside the window, not under it
    assert not _holds("under_window", _poses(aside, WINDOW))
    middle = ((0.0, 0.0, 0.0), 0.0, (1.0, 0.6, 0.75))  # in the middle of the room
    assert not _holds("under_window", _poses(middle, WINDOW))


def test_next_to_door() -> None:
    plant = ((1.0 + 0.45 + 0.3, -2.0 + 0.25, 0.0), 0.0, (0.5, 0.5, 1.0))
    assert _holds("next_to_door", _poses(plant, DOOR))
    in_door = ((1.0, -2.0 + 0.25, 0.0), 0.0, (0.5, 0.5, 1.0))
    assert not _holds("next_to_door", _poses(in_door, DOOR))
    far = ((-1.5, -2.0 + 0.25, 0.0), 0.0, (0.5, 0.5, 1.0))
    assert not _holds("next_to_door", _poses(far, DOOR))
    off_wall = ((1.8, -0.5, 0.0), 0.0, (0.4, 0.4, 1.0))
    assert not _holds("next_to_door", _poses(off_wall, DOOR))


def test_facing_door() -> None:
    # the door's centre on the wall is (1, -2); a chair at (1, 1) faces -Y (yaw 0) toward it
    assert _holds("facing_door", _poses(((1.0, 1.0, 0.0), 0.0, (0.5, 0.5, 0.9)), DOOR))
    assert not _holds("facing_door", _poses(((1.0, 1.0, 0.0), math.pi, (0.5, 0.5, 0.9)), DOOR))


def test_clear_keeps_members_out_of_the_zone() -> None:
    chair_in = ((1.0, -1.4, 0.0), 0.0, (0.5, 0.5, 0.9))
    chair_out = ((-1.0, -1.4, 0.0), 0.0, (0.5, 0.5, 0.9))
    assert _holds("clear", _poses(DOOR, chair_out))
    assert not _holds("clear", _poses(DOOR, chair_out, chair_in))
    # a deeper zone in front of a window catches what its own thin slab does not
    armchair = ((0.0, 1.2, 0.0), 0.0, (0.8, 0.8, 0.9))
    assert _holds("clear", _poses(WINDOW, armchair))
    assert not _holds("clear", _poses(WINDOW, armchair), {"depth": 1.2})


@pytest.mark.parametrize("z, height, expected", [(1.2, 1.5, True), (0.2, 1.5, False), (1.2, None, True)])
def test_on_wall_height(z: float, height: float | None, expected: bool) -> None:
    painting = ((2.0 - 0.02, 0.0, z), -math.pi / 2, (0.8, 0.04, 0.6))  # on the east wall, facing -X
    assert _holds("on_wall", _poses(painting), {"height": height}) == expected
    assert _holds("on_wall", _poses(painting), {"height": height, "wall": "east"}) == expected
    assert not _holds("on_wall", _poses(painting), {"height": height, "wall": "west"})


def test_on_wall_needs_its_back_on_the_wall_and_facing_in() -> None:
    off = ((2.0 - 0.2, 0.0, 1.2), -math.pi / 2, (0.8, 0.04, 0.6))
    assert not _holds("on_wall", _poses(off))
    backwards = ((2.0 - 0.02, 0.0, 1.2), math.pi / 2, (0.8, 0.04, 0.6))
    assert not _holds("on_wall", _poses(backwards))


def test_on_top_of_named_surface_level() -> None:
    shelf = ((0.0, 0.0, 0.0), 0.0, (1.0, 0.3, 2.0))
    book = ((0.0, 0.0, 0.45), 0.0, (0.2, 0.25, 0.04))
    assert _holds("on_top_of", _poses(book, shelf), {"surface": "shelf_2", "level": 0.225})
    assert not _holds("on_top_of", _poses(book, shelf))  # not on the top
    assert not _holds("on_top_of", _poses(book, shelf), {"surface": "shelf_3", "level": 0.41})
