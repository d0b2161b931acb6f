"""Constructed scenes for every relation: one where its check holds, one clearly violated.

Each object is ``(x, y, z, yaw, w, d, h)``; the room bounds are [-3, 3] x [-3, 3] x [0, 3].
"""
from __future__ import annotations

import math
from dataclasses import dataclass, field
from typing import Any

import numpy as np

from setdresser.skill_library.base import Poses

BOUNDS_MIN = np.array([-3.0, -3.0, 0.0])
BOUNDS_MAX = np.array([3.0, 3.0, 3.0])
Obj = tuple[float, float, float, float, float, float, float]


def poses_of(*scenes: list[Obj], bounds: bool = True) -> Poses:
    """A batch with one candidate per scene (all scenes have the same object count)."""
    arr = np.array(scenes, dtype=float)  # [B, N, 7]
    return Poses(pos=arr[..., 0:3], yaw=arr[..., 3], size=arr[..., 4:7],
                 bounds_min=BOUNDS_MIN if bounds else None, bounds_max=BOUNDS_MAX if bounds else None)


@dataclass
class Case:
    relation: str
    good: list[Obj]
    bad: list[Obj]
    params: dict[str, Any] = field(default_factory=dict)
    label: str = ""

    @property
    def id(self) -> str:
        return self.label or self.relation


def _ring(n: int, radius: float, face_in: bool, jitter_deg: float = 0.0) -> list[Obj]:
    out: list[Obj] = []
    for k in range(n):
        theta = 2 * math.pi * k / n + math.radians(jitter_deg if k == 1 else 0.0)
        yaw = theta - math.pi / 2 if face_in else theta + math.pi / 2
        out.append((radius * math.cos(theta), radius * math.sin(theta), 0.0, yaw, 0.45, 0.45, 0.9))
    return out


def _arc(n: int, radius: float, arc_deg: float, centre: tuple[float, float] = (0.7, -0.4),
         face_in: bool = True) -> list[Obj]:
    """n chairs evenly over arc_deg (a closed ring at 360) round a centre that is no object."""
    step = math.radians(arc_deg) / (n if arc_deg >= 360 else n - 1)
    out: list[Obj] = []
    for k in range(n):
        theta = 0.3 + k * step
        yaw = theta - math.pi / 2 if face_in else theta + math.pi / 2
        out.append((centre[0] + radius * math.cos(theta), centre[1] + radius * math.sin(theta), 0.0, yaw,
                    0.45, 0.45, 0.9))
    return out


def _line(n: int) -> list[Obj]:
    return [(-2.0 + 0.6 * k, 1.0, 0.0, 0.0, 0.45, 0.45, 0.9) for k in range(n)]


TABLE: Obj = (0.0, 0.0, 0.0, 0.0, 1.2, 0.8, 0.75)
SOFA: Obj = (0.0, 0.0, 0.0, 0.0, 2.0, 0.9, 0.8)
BOX: Obj = (0.0, 0.0, 0.0, 0.0, 1.0, 1.0, 1.0)
HALF = math.pi / 2

CASES: list[Case] = [
    Case("on_top_of", [(0.2, 0.1, 0.75, 0.3, 0.2, 0.2, 0.4), TABLE], [(2.0, 0.0, 0.0, 0.0, 0.2, 0.2, 0.4), TABLE]),
    Case("stacked",
         [BOX, (0.05, 0, 1.0, 0.2, 0.8, 0.8, 0.8), (0, 0.05, 1.8, 0.0, 0.6, 0.6, 0.6)],
         [BOX, (0.05, 0, 1.0, 0.2, 0.8, 0.8, 0.8), (2.0, 0.0, 0.0, 0.0, 0.6, 0.6, 0.6)]),
    Case("under", [(0.1, 0.0, 0.0, 0.0, 0.5, 0.5, 0.5), TABLE], [(2.0, 0.0, 0.0, 0.0, 0.5, 0.5, 0.5), TABLE]),
    Case("at_end", [(0.8, 0.1, 0.45, 0.0, 0.3, 0.3, 0.2), SOFA], [(0.1, 0.1, 0.45, 0.0, 0.3, 0.3, 0.2), SOFA],
         label="at_end on the sofa's end"),
    Case("at_end", [(1.3, 0.0, 0.0, 0.0, 0.3, 0.3, 1.5), SOFA], [(2.2, 0.0, 0.0, 0.0, 0.3, 0.3, 1.5), SOFA],
         label="at_end just past it, not far off"),
    Case("at_end", [(-0.8, 0.0, 0.45, 0.0, 0.3, 0.3, 0.2), SOFA], [(0.8, 0.0, 0.45, 0.0, 0.3, 0.3, 0.2), SOFA],
         {"end": "negative"}, label="at_end the negative end"),
    Case("at_end", [(0.3 * math.cos(HALF), 0.3 * math.sin(HALF) + 0.9, 0.0, HALF, 0.3, 0.3, 1.0),
                    (0.0, 0.0, 0.0, HALF, 2.0, 0.9, 0.8)],
         [(0.0, 0.9, 0.0, 0.0, 0.3, 0.3, 1.0), (0.0, 0.0, 0.0, 0.0, 2.0, 0.9, 0.8)], label="at_end turned host"),
    Case("at_end", [(0.0, 1.1, 0.0, 0.0, 0.4, 0.4, 0.5), (0.0, 0.0, 0.0, 0.0, 1.6, 2.0, 0.5)],
         [(1.1, 0.0, 0.0, 0.0, 0.4, 0.4, 0.5), (0.0, 0.0, 0.0, 0.0, 1.6, 2.0, 0.5)], label="at_end deeper than wide"),
    Case("above", [(0.0, 0.1, 2.0, 0.0, 0.3, 0.3, 0.3), TABLE], [(0.0, 0.1, 0.8, 0.0, 0.3, 0.3, 0.3), TABLE],
         {"min_gap": 0.5}),
    Case("inside", [(0.1 * math.cos(0.4), 0.1 * math.sin(0.4), 0.1, 0.4, 0.2, 0.3, 0.3), (0, 0, 0, 0.4, 1.0, 0.4, 1.8)],
         [(0.8, 0.0, 0.1, 0.0, 0.2, 0.3, 0.3), (0, 0, 0, 0.0, 1.0, 0.4, 1.8)]),
    Case("proximity", [BOX, (1.5, 0, 0, 0.7, 1, 1, 1)], [BOX, (2.9, 2.5, 0, 0, 1, 1, 1)]),
    Case("proximity", [BOX, (1.5, 0, 0, 0, 1, 1, 1)], [BOX, (1.05, 0, 0, 0, 1, 1, 1)],
         {"min_distance": 0.4, "max_distance": 0.8}, "proximity_min"),
    Case("far_from", [BOX, (2.5, 2.5, 0, 0, 1, 1, 1)], [BOX, (1.5, 0, 0, 0, 1, 1, 1)]),
    Case("facing", [(0, 0, 0, HALF, 1, 1, 1), (2.5, 0.5, 0, 0, 1, 1, 1)],
         [(0, 0, 0, -HALF, 1, 1, 1), (2.5, 0.5, 0, 0, 1, 1, 1)]),
    Case("in_front_of", [(0.2, -1.5, 0, 2.0, 0.5, 0.5, 0.5), (0, 0, 0, 0, 1, 0.5, 1)],
         [(0, 1.5, 0, 0, 0.5, 0.5, 0.5), (0, 0, 0, 0, 1, 0.5, 1)]),
    Case("in_front_of", [(1.5, 0.2, 0, 0, 0.5, 0.5, 0.5), (0, 0, 0, HALF, 1, 0.5, 1)],
         [(0, -1.5, 0, 0, 0.5, 0.5, 0.5), (0, 0, 0, HALF, 1, 0.5, 1)], label="in_front_of_rotated"),
    Case("in_front_of", [(0, -1.5, 0, 0, 0.5, 0.5, 0.5), (0, 0, 0, HALF, 1, 0.5, 1)],
         [(1.5, 0, 0, 0, 0.5, 0.5, 0.5), (0, 0, 0, HALF, 1, 0.5, 1)], {"frame": "world"}, "in_front_of_world"),
    Case("behind", [(0, 1.5, 0, 0, 0.5, 0.5, 0.5), (0, 0, 0, 0, 1, 0.5, 1)],
         [(0, -1.5, 0, 0, 0.5, 0.5, 0.5), (0, 0, 0, 0, 1, 0.5, 1)]),
    Case("left_of", [(-1.5, 0.3, 0, 0, 0.5, 0.5, 0.5), (0, 0, 0, 0, 1, 0.5, 1)],
         [(1.5, 0, 0, 0, 0.5, 0.5, 0.5), (0, 0, 0, 0, 1, 0.5, 1)]),
    Case("right_of", [(1.5, 0.3, 0, 0, 0.5, 0.5, 0.5), (0, 0, 0, 0, 1, 0.5, 1)],
         [(-1.5, 0, 0, 0, 0.5, 0.5, 0.5), (0, 0, 0, 0, 1, 0.5, 1)]),
    Case("right_of", [(0, 1.5, 0, 0, 0.5, 0.5, 0.5), (0, 0, 0, HALF, 1, 0.5, 1)],
         [(0, -1.5, 0, 0, 0.5, 0.5, 0.5), (0, 0, 0, HALF, 1, 0.5, 1)], label="right_of_rotated"),
    Case("between", [(0, 0.2, 0, 0, 0.5, 0.5, 0.5), (-2, 0, 0, 0, 1, 1, 1), (2, 0, 0, 0, 1, 1, 1)],
         [(0, 2.0, 0, 0, 0.5, 0.5, 0.5), (-2, 0, 0, 0, 1, 1, 1), (2, 0, 0, 0, 1, 1, 1)]),
    Case("alignment", [(1, -2, 0, 0, 1, 1, 1), (1.02, 0, 0, 0, 0.5, 1, 1), (1, 2, 0, 0, 0.8, 1, 1)],
         [(1, -2, 0, 0, 1, 1, 1), (1.8, 0, 0, 0, 0.5, 1, 1), (1, 2, 0, 0, 0.8, 1, 1)]),
    Case("alignment", [(-1, 1, 0, 0, 1, 1, 1), (1, 0.75, 0, 0, 1, 0.5, 1)],
         [(-1, 1, 0, 0, 1, 1, 1), (1, 1.5, 0, 0, 1, 0.5, 1)], {"axis": "y", "anchor": "min"}, "alignment_min"),
    Case("parallel", [(0, 0, 0, 0.1, 1, 1, 1), (2, 0, 0, 0.1 + math.pi, 1, 1, 1)],
         [(0, 0, 0, 0.0, 1, 1, 1), (2, 0, 0, math.pi / 4, 1, 1, 1)]),
    Case("perpendicular", [(0, 0, 0, 0.2, 1, 1, 1), (2, 0, 0, 0.2 - HALF, 1, 1, 1)],
         [(0, 0, 0, 0.0, 1, 1, 1), (2, 0, 0, 0.1, 1, 1, 1)]),
    Case("symmetric",
         [(-1, 0.5, 0, 0.3, 0.5, 0.5, 0.5), (1, 0.5, 0, -0.3, 0.5, 0.5, 0.5), (0, 0, 0, 0, 1, 1, 1)],
         [(-1, 0.5, 0, 0.3, 0.5, 0.5, 0.5), (1, -0.5, 0, 0.3, 0.5, 0.5, 0.5), (0, 0, 0, 0, 1, 1, 1)]),
    Case("symmetric",
         [(0.5, -1, 0, 0.4, 0.5, 0.5, 0.5), (0.5, 1, 0, math.pi - 0.4, 0.5, 0.5, 0.5), (0, 0, 0, 0, 1, 1, 1)],
         [(0.5, -1, 0, 0.4, 0.5, 0.5, 0.5), (0.5, 1, 0, 0.4, 0.5, 0.5, 0.5), (0, 0, 0, 0, 1, 1, 1)],
         {"axis": "y"}, "symmetric_y"),
    Case("row", [(i - 2.0, 1.0, 0, 0, 0.5, 0.5, 0.9) for i in range(5)],
         [(i - 2.0, 1.0 + (0.5 if i == 2 else 0.0), 0, 0, 0.5, 0.5, 0.9) for i in range(5)]),
    Case("row", [(1.0, 0.9 * i - 2.0, 0, 0, 0.5, 0.5, 0.9) for i in range(4)],
         [(1.0, 1.5 * i - 2.0, 0, 0, 0.5, 0.5, 0.9) for i in range(4)], {"spacing": 0.9}, "row_spacing"),
    Case("row", [(i - 2.0, 1.0, 0, 0, 0.5, 0.5, 0.9) for i in range(5)],
         [((i if i not in (1, 3) else 4 - i) - 2.0, 1.0, 0, 0, 0.5, 0.5, 0.9) for i in range(5)], label="row_order"),
    Case("grid", [(1.2 * (k % 3) - 1, 1.5 * (k // 3), 0, 0, 0.6, 0.5, 0.7) for k in range(6)],
         [(1.2 * (k % 3) - 1 + (0.5 if k == 4 else 0), 1.5 * (k // 3), 0, 0, 0.6, 0.5, 0.7) for k in range(6)],
         {"rows": 2, "cols": 3}),
    Case("grid", [(1.0 * (k % 2), 1.0 * (k // 2), 0, 0, 0.6, 0.5, 0.7) for k in range(4)],
         [(1.5 * (k % 2), 1.5 * (k // 2), 0, 0, 0.6, 0.5, 0.7) for k in range(4)], {"spacing": 1.0}, "grid_spacing"),
    Case("around", _ring(4, 1.2, True) + [TABLE], _ring(4, 1.2, False) + [TABLE]),
    Case("around", _ring(6, 1.4, True) + [TABLE], _ring(6, 1.4, True, jitter_deg=40) + [TABLE], label="around_gaps"),
    Case("around", _ring(3, 1.0, False) + [TABLE], _ring(3, 2.0, False) + [TABLE],
         {"radius": 1.0, "facing": False}, "around_radius"),
    Case("ends_meet", [SOFA, (0.55, -1.45, 0.0, -HALF, 2.0, 0.9, 0.8)], [SOFA, (0.0, -1.45, 0.0, -HALF, 2.0, 0.9, 0.8)],
         label="ends_meet_not_a_t"),
    Case("ends_meet", [SOFA, (-0.55, -1.45, 0.0, HALF, 2.0, 0.9, 0.8)], [SOFA, (-0.55, 1.45, 0.0, HALF, 2.0, 0.9, 0.8)],
         label="ends_meet_inward"),
    Case("ends_meet", [SOFA, (1.45, -0.55, 0.0, -HALF, 2.0, 0.9, 0.8)], [SOFA, (2.5, -0.55, 0.0, -HALF, 2.0, 0.9, 0.8)],
         label="ends_meet_close"),
    Case("circular", _arc(8, 1.5, 360), _line(8), label="circular_ring"),
    Case("circular", _arc(6, 1.4, 360), _arc(6, 1.4, 360, face_in=False), label="circular_facing"),
    Case("circular", _arc(5, 1.6, 180), _arc(5, 1.6, 360), {"arc_deg": 180.0}, "circular_semicircle"),
    Case("circular", _arc(7, 1.8, 240), _line(7), {"arc_deg": 240.0}, "circular_horseshoe"),
    Case("hierarchy",
         [(0, 0, 0, 0, 1, 1, 1), (2, 0, 0, 0, 0.8, 0.8, 0.8), (-2, 0, 0, 0, 0.6, 0.6, 0.6)],
         [(0, 0, 0, 0, 0.6, 0.6, 0.6), (2, 0, 0, 0, 0.8, 0.8, 0.8), (-2, 0, 0, 0, 1, 1, 1)]),
    Case("hierarchy", [(0, 0, 0, 0, 1, 1, 0.5), (2, 0, 0, 0, 0.2, 0.2, 0.9)],
         [(0, 0, 0, 0, 1, 1, 1.0), (2, 0, 0, 0, 0.2, 0.2, 0.6)], {"key": "height", "order": "ascending"},
         "hierarchy_height"),
    Case("scaling", [(0, 0, 0, 0, 1, 1, 1.0), (2, 0, 0, 0, 1, 1, 0.52)],
         [(0, 0, 0, 0, 1, 1, 1.0), (2, 0, 0, 0, 1, 1, 1.0)], {"ratio": 2.0}),
    Case("overlap", [(0, 0, 0, 0, 2, 1.5, 0.01), (0.2, 0, 0, 0, 1.2, 0.8, 0.75)],
         [(0, 0, 0, 0, 2, 1.5, 0.01), (2.5, 0, 0, 0, 1.2, 0.8, 0.75)]),
    Case("against_wall", [(0.5, 2.75, 0, 0, 1, 0.5, 1)], [(0, 0, 0, 0, 1, 0.5, 1)]),
    Case("against_wall", [(-2.75, 0.3, 0, HALF, 1, 0.5, 1)], [(-2.75, 0.3, 0, -HALF, 1, 0.5, 1)],
         {"wall": "west"}, "against_wall_west"),
    Case("against_wall", [(0.5, -2.75, 0, math.pi, 1, 0.5, 1)], [(0.5, 2.75, 0, 0, 1, 0.5, 1)],
         {"wall": "south"}, "against_wall_south"),
    Case("in_corner", [(2.5, 2.75, 0, 0.0, 1, 0.5, 1)], [(0, 2.75, 0, 0, 1, 0.5, 1)]),
    Case("in_corner", [(-2.7, -2.5, 0, HALF, 1, 0.6, 1)], [(2.5, 2.75, 0, 0, 1, 0.5, 1)], {"corner": "sw"},
         "in_corner_sw"),
    Case("centered", [(0.3, -0.4, 0, HALF, 1, 1, 1)], [(2.0, 0.0, 0, 0, 1, 1, 1)]),
    Case("centered", [(0.3, 2.0, 0, 0.7, 1, 1, 1)], [(2.0, 0.0, 0, 0, 1, 1, 1)], {"axis": "x", "align": "free"},
         "centered_x"),
    Case("centered", [(0.0, 0.0, 0, -math.pi, 1, 1, 1)], [(0.0, 0.0, 0, 0.7, 1, 1, 1)], label="centered_square"),
    # facing_direction (issue 14): front = local -Y, so yaw 0 faces south, pi/2 east, -pi/4 from (2, 2) the centre
    Case("facing_direction", [(0, 0, 0, 0.0, 0.8, 0.8, 0.9)], [(0, 0, 0, math.pi, 0.8, 0.8, 0.9)],
         {"direction": "south"}, label="facing_direction_south"),
    Case("facing_direction", [(0, 0, 0, HALF, 0.8, 0.8, 0.9)], [(0, 0, 0, -HALF, 0.8, 0.8, 0.9)],
         {"direction": "east"}, label="facing_direction_east"),
    Case("facing_direction", [(2, 2, 0, -math.pi / 4, 0.8, 0.8, 0.9)], [(2, 2, 0, 3 * math.pi / 4, 0.8, 0.8, 0.9)],
         {"direction": "center"}, label="facing_direction_center"),
]
