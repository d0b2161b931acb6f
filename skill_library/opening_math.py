"""Violation measures for relations over architecture (issue 13): walls and openings.

An opening (door, window) reaches a relation as a fixed pseudo-object placed by the solver
(``core/architecture/geometry.py``): a box on the room side of its wall, front = local -Y
pointing into the room, its back face (local +Y) on the wall's inner plane, its bottom at
the opening's sill; a door's box is its clearance zone, a window's a thin slab.
"""

from __future__ import annotations

import numpy as np

from . import geometry as geo
from .terms import Term

WALL_CONTACT = 0.02  # m: on_wall — the back within 2 cm of the wall plane
AGAINST = 0.05  # m: under_window / next_to_door — the box within 5 cm of the wall plane
LATERAL_TOLERANCE = 0.01
METRES = 0.5
HEIGHT = 0.1


def local_corners(pos_a: np.ndarray, yaw_a: np.ndarray, size_a: np.ndarray,
                  pos_o: np.ndarray, yaw_o: np.ndarray) -> np.ndarray:
    """a's footprint corners in the opening's frame: [B, 4, 2] (x along the wall, +y toward it)."""
    return geo.to_local(geo.footprint_corners(pos_a, yaw_a, size_a), pos_o[:, None], yaw_o[:, None])


def wall_side_term(corners: np.ndarray, size_o: np.ndarray, tolerance: float) -> Term:
    """a's side nearest the wall lies within ``tolerance`` of the opening's wall plane."""
    reach = corners[..., 1].max(axis=-1)  # toward the wall
    return Term(np.abs(0.5 * size_o[:, 1] - reach) - tolerance, METRES)


def lateral_extent(corners: np.ndarray) -> tuple[np.ndarray, np.ndarray]:
    """a's extent along the wall in the opening's frame: (min x, max x), [B] each."""
    return corners[..., 0].min(axis=-1), corners[..., 0].max(axis=-1)


def opening_centre_xy(pos_o: np.ndarray, yaw_o: np.ndarray, size_o: np.ndarray) -> np.ndarray:
    """The opening's centre on the wall plane, [B, 2]: half the zone's depth behind its centre."""
    return pos_o[:, :2] - geo.front(yaw_o) * (0.5 * size_o[:, 1])[:, None]


def zone_pose(pos_o: np.ndarray, yaw_o: np.ndarray, size_o: np.ndarray,
              depth: float | None) -> tuple[np.ndarray, np.ndarray]:
    """Centre and size of the zone ``depth`` deep in front of the opening (None: its own box)."""
    if depth is None:
        return pos_o, size_o
    centre = opening_centre_xy(pos_o, yaw_o, size_o) + geo.front(yaw_o) * (0.5 * depth)
    pos = np.concatenate([centre, pos_o[:, 2:3]], axis=-1)
    size = size_o.copy()
    size[:, 1] = depth
    return pos, size
