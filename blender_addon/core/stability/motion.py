"""How far a settled body moved and turned, and the verdict (issue 21), without bpy.

Matrices are 4x4 (anything indexable as rows, e.g. mathutils.Matrix or numpy arrays).
"""

from __future__ import annotations

import math
from dataclasses import dataclass
from typing import Any

import numpy as np

MOVE_LIMIT = 0.02  # m: more than this and the object is unstable
TURN_LIMIT_DEG = 5.0


@dataclass(frozen=True)
class SettleSettings:
    """The rigid-body world's fixed settings: same scene, same motion."""

    seconds: float = 2.0  # what topples moves 2 cm well within this; 100 objects settle in ~1 s here
    fps: int = 24
    substeps: int = 10  # with box shapes; convex hulls needed 20 to keep a stable ten-box tower still
    iterations: int = 10
    friction: float = 0.8
    margin: float = 0.0  # m: Bullet's collision margin (1 mm let a stable stack of six books drift 1.5 cm)
    damping: float = 0.1
    min_mass: float = 0.05  # kg
    move_limit: float = MOVE_LIMIT
    turn_limit_deg: float = TURN_LIMIT_DEG

    def frames(self) -> int:
        return max(1, round(self.seconds * self.fps))


@dataclass(frozen=True)
class Motion:
    """One body's displacement (m, of the middle of its box) and turn (degrees) after settling."""

    id: str
    moved: float
    turned_deg: float
    unstable: bool

    def to_dict(self) -> dict[str, Any]:
        return {"id": self.id, "moved": round(self.moved, 4), "turned_deg": round(self.turned_deg, 2),
                "unstable": self.unstable}


def turn_angle(start: np.ndarray, end: np.ndarray) -> float:
    """The angle (radians) of the rotation taking one 3x3 orientation to another."""
    relative = end @ start.T
    return float(math.acos(max(-1.0, min(1.0, (float(np.trace(relative)) - 1.0) / 2.0))))


def _orientation(matrix: np.ndarray) -> np.ndarray:
    """The rotation part of a 4x4 matrix, without scale."""
    rot = matrix[:3, :3].astype(float)
    norms = np.linalg.norm(rot, axis=0)
    return rot / np.where(norms > 1e-12, norms, 1.0)


def motion_of(oid: str, start: Any, end: Any, settings: SettleSettings = SettleSettings()) -> Motion:
    """The motion between two world matrices and whether it exceeds the limits."""
    a, b = np.array([list(r) for r in start], dtype=float), np.array([list(r) for r in end], dtype=float)
    moved = float(np.linalg.norm(b[:3, 3] - a[:3, 3]))
    turned = math.degrees(turn_angle(_orientation(a), _orientation(b)))
    return Motion(oid, moved, turned, moved > settings.move_limit or turned > settings.turn_limit_deg)


PHYSICS_SCHEMA = "setdresser.physics/1"


@dataclass
class SettleReport:
    """The dynamic check of one scene: each active object's motion, and what was held fixed."""

    motions: list[Motion]
    held: list[str]
    settings: SettleSettings = SettleSettings()

    @property
    def unstable(self) -> list[str]:
        return [m.id for m in self.motions if m.unstable]

    def to_dict(self) -> dict[str, Any]:
        """``physics.json``: deterministic (no timings)."""
        s = self.settings
        return {"schema": PHYSICS_SCHEMA, "seconds": s.seconds, "fps": s.fps, "substeps": s.substeps,
                "move_limit_m": s.move_limit, "turn_limit_deg": s.turn_limit_deg,
                "unstable": self.unstable, "held": list(self.held),
                "objects": [m.to_dict() for m in self.motions]}

    def summary(self) -> str:
        """One line: ``12 of 14 objects stay put; unstable: book_3, book_4``."""
        still = len(self.motions) - len(self.unstable)
        tail = f"; unstable: {', '.join(self.unstable)}" if self.unstable else ""
        return f"{still} of {len(self.motions)} objects stay put ({len(self.held)} held){tail}"
