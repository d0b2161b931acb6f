"""Free space, precomputed so that the model reads it instead of computing it: the free floor
area of the room, the free length (and longest free stretch) along each wall, the free area of
each support surface."""

from __future__ import annotations

import math
from typing import Sequence

import numpy as np

from .facts import ObjectFact, OpeningFact, RoomFact, WallFact
from .geometry import Box, overlap_area

# An object closer than this to a wall blocks the wall behind it (nothing else fits there).
WALL_BLOCK_M = 0.3
# The floor grid has at most this many cells (the cell size grows with the room).
MAX_CELLS = 250_000
MIN_CELL_M = 0.05


def floor_area(room: RoomFact) -> float:
    """Floor area of the room (its box less an L's notch)."""
    return room.box.area - (room.notch.area if room.notch is not None else 0.0)


def free_floor_area(room: RoomFact, objects: Sequence[ObjectFact]) -> float:
    """Floor area covered by no object standing on the floor, on a grid (<= 5 cm cells)."""
    box = room.box
    width, depth = box.max_x - box.min_x, box.max_y - box.min_y
    if width <= 0 or depth <= 0:
        return 0.0
    cell = max(MIN_CELL_M, math.sqrt(width * depth / MAX_CELLS))
    xs = box.min_x + (np.arange(int(math.ceil(width / cell))) + 0.5) * cell
    ys = box.min_y + (np.arange(int(math.ceil(depth / cell))) + 0.5) * cell
    gx, gy = np.meshgrid(xs[xs < box.max_x], ys[ys < box.max_y])
    free = np.ones(gx.shape, dtype=bool)
    if room.notch is not None:
        free &= ~_in_box(gx, gy, room.notch)
    for obj in objects:
        if obj.support == "ground" and obj.mount in ("floor", ""):
            free &= ~_in_footprint(gx, gy, obj)
    return float(free.sum()) * cell * cell


def _in_box(gx: np.ndarray, gy: np.ndarray, box: Box) -> np.ndarray:
    return (gx >= box.min_x) & (gx <= box.max_x) & (gy >= box.min_y) & (gy <= box.max_y)


def _in_footprint(gx: np.ndarray, gy: np.ndarray, obj: ObjectFact) -> np.ndarray:
    """Cells inside an object's turned footprint rectangle."""
    c, s = math.cos(obj.yaw), math.sin(obj.yaw)
    dx, dy = gx - obj.location[0], gy - obj.location[1]
    local_x, local_y = c * dx + s * dy, -s * dx + c * dy
    return (np.abs(local_x) <= obj.dimensions[0] / 2.0) & (np.abs(local_y) <= obj.dimensions[1] / 2.0)


def wall_free_runs(wall: WallFact, objects: Sequence[ObjectFact],
                   openings: Sequence[OpeningFact]) -> tuple[float, float]:
    """``(free_length, longest_free_run)`` along a wall: less the doors in it and the stretches
    behind objects within :data:`WALL_BLOCK_M` of it."""
    length = math.hypot(wall.end[0] - wall.start[0], wall.end[1] - wall.start[1])
    if length == 0:
        return 0.0, 0.0
    ux, uy = (wall.end[0] - wall.start[0]) / length, (wall.end[1] - wall.start[1]) / length
    blocked = []
    for obj in objects:
        corners = [(x, y) for x in (obj.box.min_x, obj.box.max_x) for y in (obj.box.min_y, obj.box.max_y)]
        along = [(x - wall.start[0]) * ux + (y - wall.start[1]) * uy for x, y in corners]
        across = [abs(-(x - wall.start[0]) * uy + (y - wall.start[1]) * ux) for x, y in corners]
        if min(across) <= WALL_BLOCK_M and max(along) > 0 and min(along) < length:
            blocked.append((max(0.0, min(along)), min(length, max(along))))
    for opening in openings:
        if opening.kind == "door" and opening.wall == wall.side:
            mid = (opening.center[0] - wall.start[0]) * ux + (opening.center[1] - wall.start[1]) * uy
            blocked.append((max(0.0, mid - opening.width / 2.0), min(length, mid + opening.width / 2.0)))
    return _free_runs(length, blocked)


def _free_runs(length: float, blocked: list[tuple[float, float]]) -> tuple[float, float]:
    """Total and longest free stretch of [0, length] outside the blocked intervals."""
    free_total, longest, cursor = 0.0, 0.0, 0.0
    for start, end in sorted(blocked):
        if start > cursor:
            free_total += start - cursor
            longest = max(longest, start - cursor)
        cursor = max(cursor, end)
    if cursor < length:
        free_total += length - cursor
        longest = max(longest, length - cursor)
    return free_total, longest


def surface_free_area(surface: Box, items: Sequence[ObjectFact]) -> float:
    """A surface's area less the footprints of the objects resting on it."""
    return max(0.0, surface.area - sum(overlap_area(surface, item.box) for item in items))
