"""What holds a hung or floating thing up (CONTRACTS §4.2): only where its mount or relation puts it.

A wall-mounted thing rests only with its back flat on a wall: both ends of its back face within
:data:`WALL_MOUNT_GAP` of a wall's inner plane (a side of the bounds), within that wall's length,
between floor and ceiling, facing into the room. One hung from the ceiling rests only at the height
it hangs at; one an ``above`` relation lets float, only over what it is above. Anywhere else it
floats, and the physics says so (a TV "on the north wall" 1.3 m from it is not supported).
"""

from __future__ import annotations

from collections.abc import Mapping

import numpy as np

from ....skill_library import geometry as geo
from ....skill_library.compass import INWARD

WALL_MOUNT_GAP = 0.03  # m: on_wall's 2 cm back-to-wall contact, plus 1 cm for measured boxes
WALL_MOUNT_FACING = np.cos(np.deg2rad(45.0))  # its front at most 45 deg from the wall's inward normal
HANG_TOLERANCE = 0.05  # m a ceiling-hung thing's bottom may lie from the height it hangs at
ABOVE_TOLERANCE = 0.02  # m a floating thing's bottom may dip below the top of what it is above


def on_a_wall(pos: np.ndarray, yaw: np.ndarray, size: np.ndarray, i: int,
              bounds_min: np.ndarray | None, bounds_max: np.ndarray | None) -> bool:
    """Whether object ``i``'s back lies flat on a wall (a side of the bounds, whose faces are the
    walls' inner planes): both back corners within :data:`WALL_MOUNT_GAP` of it, along it within
    its length, its box between floor and ceiling, its front into the room (within 45 degrees)."""
    if bounds_min is None or bounds_max is None:
        return False
    x_axis, y_axis = geo.local_axes(yaw[i])
    back = pos[i, :2] + y_axis * (size[i, 1] / 2)  # the back face's centre (front is local -Y)
    ends = np.stack([back + x_axis * (size[i, 0] / 2), back - x_axis * (size[i, 0] / 2)])  # [2, 2]
    if pos[i, 2] < bounds_min[2] - WALL_MOUNT_GAP or pos[i, 2] + size[i, 2] > bounds_max[2] + WALL_MOUNT_GAP:
        return False
    front = geo.front(yaw[i])
    for wall, (axis, plane) in wall_planes(bounds_min, bounds_max).items():
        along = 1 - axis
        flush = np.all(np.abs(ends[:, axis] - plane) <= WALL_MOUNT_GAP)
        within = np.all((ends[:, along] >= bounds_min[along] - WALL_MOUNT_GAP)
                        & (ends[:, along] <= bounds_max[along] + WALL_MOUNT_GAP))
        if flush and within and float(front @ np.asarray(INWARD[wall])) >= WALL_MOUNT_FACING:
            return True
    return False


def wall_planes(bounds_min: np.ndarray, bounds_max: np.ndarray) -> dict[str, tuple[int, float]]:
    """Each wall's (axis its plane is normal to, coordinate of its inner plane)."""
    return {"north": (1, float(bounds_max[1])), "south": (1, float(bounds_min[1])),
            "east": (0, float(bounds_max[0])), "west": (0, float(bounds_min[0]))}


def hangs_at(pos: np.ndarray, i: int, bottom: float) -> bool:
    """Whether a ceiling-hung object's bottom is where it hangs (within :data:`HANG_TOLERANCE`)."""
    return bool(abs(pos[i, 2] - bottom) <= HANG_TOLERANCE)


def over_any(pos: np.ndarray, yaw: np.ndarray, size: np.ndarray, i: int,
             targets: tuple[tuple[int, float], ...]) -> bool:
    """Whether object ``i`` floats over one of ``targets`` ((index, footprint margin) of its
    ``above`` relations): its bottom no lower than that one's top (2 cm slack), its centre over it."""
    for target, margin in targets:
        clear = pos[i, 2] >= pos[target, 2] + size[target, 2] - ABOVE_TOLERANCE
        over = geo.point_footprint_excess(pos[i, :2], pos[target], yaw[target], size[target], margin=margin) <= 1e-6
        if clear and bool(over):
            return True
    return False


def mounted_mask(pos: np.ndarray, yaw: np.ndarray, size: np.ndarray, *, on_walls: frozenset[int],
                 from_ceiling: Mapping[int, float], above_of: Mapping[int, tuple[tuple[int, float], ...]],
                 bounds_min: np.ndarray | None, bounds_max: np.ndarray | None) -> dict[int, bool]:
    """Per hung or floating object: whether its wall, its ceiling height or what it is above holds it."""
    out = {i: on_a_wall(pos, yaw, size, i, bounds_min, bounds_max) for i in on_walls}
    out.update({i: hangs_at(pos, i, bottom) for i, bottom in from_ceiling.items()})
    out.update({i: over_any(pos, yaw, size, i, targets) for i, targets in above_of.items() if i not in out})
    return out
