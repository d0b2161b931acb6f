"""The room's compass in one place (CONTRACTS §1: +X east, +Y north, an object's front local -Y).

Wall sides and corners by name, the side across the room, the order round it, and each wall's
way into the room, the axis it runs along and the yaw of a thing standing against it facing in. Every layer reads these
(the solver, the architecture, the planners, the scene database); the built-in relation files
keep their own copies because their bytes are recorded in ``manifest.json``.
"""

from __future__ import annotations

import math
from typing import Any

import numpy as np

SIDES = ("north", "south", "east", "west")  # the wall sides, in the program's order
CLOCKWISE = ("north", "east", "south", "west")  # round the room
CORNERS = ("ne", "nw", "se", "sw")
CORNER_WALLS = {"ne": ("north", "east"), "nw": ("north", "west"), "se": ("south", "east"), "sw": ("south", "west")}
OPPOSITE = {"north": "south", "south": "north", "east": "west", "west": "east"}  # the wall across the room
INWARD = {"north": (0.0, -1.0), "south": (0.0, 1.0), "east": (-1.0, 0.0), "west": (1.0, 0.0)}  # from the wall in
WALL_YAW = {"north": 0.0, "south": math.pi, "east": -math.pi / 2, "west": math.pi / 2}  # its front into the room


def along_axis(side: str) -> int:
    """The axis a wall side runs along: 0 (X) for north and south, 1 (Y) for east and west."""
    return 0 if side in ("north", "south") else 1


def turned(side: str, quarter_turns: int) -> str:
    """The side ``quarter_turns`` quarter turns clockwise from ``side`` (negative: anticlockwise)."""
    return CLOCKWISE[(CLOCKWISE.index(side) + quarter_turns) % 4]


def wall_gaps(lo: Any, hi: Any, room_min: Any, room_max: Any) -> dict[str, Any]:
    """How far a box (world bounds ``lo``/``hi``, each ``[..., >=2]``: one box or a batch) stands
    from each wall side of the room's bounds; negative where it pokes through."""
    lo, hi = np.asarray(lo), np.asarray(hi)
    return {"north": room_max[1] - hi[..., 1], "south": lo[..., 1] - room_min[1],
            "east": room_max[0] - hi[..., 0], "west": lo[..., 0] - room_min[0]}
