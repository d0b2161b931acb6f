"""Axis names and the rotation that turns an asset's own front/up into Set Dresser's.

CONTRACTS §1: front = local -Y, up = +Z. An asset whose front is +X (a chair modelled
facing the X axis) gets the rotation that maps +X to -Y and its up to +Z; the rotation is
recorded in the index so the importer applies the same one.
"""

from __future__ import annotations

import numpy as np

from ..errors import BadInput

AXES: dict[str, tuple[float, float, float]] = {
    "+X": (1.0, 0.0, 0.0), "-X": (-1.0, 0.0, 0.0),
    "+Y": (0.0, 1.0, 0.0), "-Y": (0.0, -1.0, 0.0),
    "+Z": (0.0, 0.0, 1.0), "-Z": (0.0, 0.0, -1.0),
}
FRONT = "-Y"
UP = "+Z"


def parse_axis(value: object, where: str) -> str:
    """``"+X"``, ``"x"``, ``"-z"`` ... as a canonical axis name; anything else is bad input."""
    text = str(value).strip().upper()
    if text in ("X", "Y", "Z"):
        text = "+" + text
    if text not in AXES:
        raise BadInput(f"must be one of {', '.join(AXES)}, got {value!r}", where)
    return text


def axis_rotation(front: str, up: str) -> np.ndarray:
    """The 3x3 rotation taking the asset's ``front`` to -Y and its ``up`` to +Z.

    ``front`` and ``up`` must be perpendicular axis names (BadInput otherwise).
    """
    f = np.array(AXES[parse_axis(front, "front")])
    u = np.array(AXES[parse_axis(up, "up")])
    if abs(float(f @ u)) > 1e-9:
        raise BadInput(f"front {front} and up {up} must be perpendicular", "front/up")
    source = np.column_stack([f, u, np.cross(f, u)])
    tf, tu = np.array(AXES[FRONT]), np.array(AXES[UP])
    target = np.column_stack([tf, tu, np.cross(tf, tu)])
    rotation: np.ndarray = target @ source.T
    return np.round(rotation, 12) + 0.0  # exact 0/±1 entries; +0.0 turns -0.0 into 0.0


def normalise_points(points: np.ndarray, rotation: np.ndarray, scale: float) -> tuple[np.ndarray, np.ndarray]:
    """Rotate and scale ``points`` [N, 3], then shift them so their box's bottom-centre is the
    origin. Returns ``(normalised points, offset)`` with ``normalised = scale·R·p + offset``."""
    if points.ndim != 2 or points.shape[1] != 3 or len(points) == 0:
        raise BadInput(f"need a non-empty [N, 3] point array, got shape {points.shape}", "points")
    moved = (points * scale) @ rotation.T
    lo, hi = moved.min(axis=0), moved.max(axis=0)
    offset = -np.array([(lo[0] + hi[0]) / 2, (lo[1] + hi[1]) / 2, lo[2]])
    return moved + offset, offset
