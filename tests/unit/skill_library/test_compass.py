"""One compass for every layer (code review, session 6): the sides, corners, opposites, the
order round the room and each wall's inward direction and yaw agree with each other."""

from __future__ import annotations

import math

import numpy as np

from setdresser.skill_library import compass
from setdresser.skill_library.geometry import front


def test_sides_corners_and_opposites_agree() -> None:
    assert set(compass.CLOCKWISE) == set(compass.SIDES) == set(compass.OPPOSITE)
    assert all(compass.OPPOSITE[compass.OPPOSITE[s]] == s != compass.OPPOSITE[s] for s in compass.SIDES)
    assert all(compass.turned(s, 2) == compass.OPPOSITE[s] for s in compass.SIDES)
    assert [compass.turned("north", k) for k in (1, -1, 4)] == ["east", "west", "north"]
    for corner, walls in compass.CORNER_WALLS.items():
        assert corner in compass.CORNERS and [w[0] for w in walls] == list(corner)


def test_a_thing_against_a_wall_faces_into_the_room() -> None:
    for wall in compass.SIDES:
        facing = front(np.array(compass.WALL_YAW[wall]))
        assert np.allclose(facing, compass.INWARD[wall])
        assert math.isclose(float(np.hypot(*compass.INWARD[wall])), 1.0)
    assert np.allclose(compass.INWARD["north"], (0.0, -1.0))  # +Y is north (CONTRACTS §1)


def test_a_wall_runs_across_its_inward_direction() -> None:
    for wall in compass.SIDES:
        axis = compass.along_axis(wall)
        assert compass.INWARD[wall][axis] == 0.0 and compass.INWARD[wall][1 - axis] != 0.0
        assert compass.along_axis(compass.OPPOSITE[wall]) == axis != compass.along_axis(compass.turned(wall, 1))
    assert [compass.along_axis(s) for s in ("north", "east")] == [0, 1]  # north runs along X (east-west)
