"""Spatial predicates and measures of grounding, over :class:`~.scene.SceneObject` boxes.

Each predicate answers a yes/no question about two (``between``: three) objects of a scene;
each measure gives a number the superlatives and comparatives order by. Thresholds are the
ones people mean in a room: "next to" is within 0.6 m box to box, "on" is resting on (the
layout's support, or a box bottom on the other's top with overlap).
"""

from __future__ import annotations

from typing import Callable

import numpy as np

from .scene import Scene, SceneObject

NEAR_GAP = 0.6          # m between boxes: "next to", "by", "near"
SIDE_REACH = 2.5        # m: "left of", "in front of" reach no farther
TOUCH = 0.03            # m: a box bottom on another's top
FACING_DEG = 35.0       # a front within this of the direction to the other
WALL_GAP = 0.25         # m to a wall: "against the wall"


def xy_gap(a: SceneObject, b: SceneObject) -> float:
    """Horizontal gap between the two boxes (0 when they overlap in plan)."""
    dx = max(b.lo[0] - a.hi[0], a.lo[0] - b.hi[0], 0.0)
    dy = max(b.lo[1] - a.hi[1], a.lo[1] - b.hi[1], 0.0)
    return float(np.hypot(dx, dy))


def _overlap_xy(a: SceneObject, b: SceneObject) -> bool:
    return a.lo[0] < b.hi[0] and b.lo[0] < a.hi[0] and a.lo[1] < b.hi[1] and b.lo[1] < a.hi[1]


def on(scene: Scene, a: SceneObject, b: SceneObject) -> bool:
    """a rests on b (directly, or on something that rests on b: a cup on a plate on a table)."""
    by_id, seen, cur = scene.by_id(), set(), a
    while cur.support and cur.support in by_id and cur.support not in seen:
        if cur.support == b.id:
            return True
        seen.add(cur.support)
        cur = by_id[cur.support]
    return _overlap_xy(a, b) and abs(a.lo[2] - b.hi[2]) <= TOUCH and a.id != b.id and a.support in (None, b.id)


def under(scene: Scene, a: SceneObject, b: SceneObject) -> bool:
    """a is below b with their plans overlapping (a bin under a desk; a flat rug under a table)."""
    if a.id == b.id or not _overlap_xy(a, b) or on(scene, a, b):
        return False
    flat = a.size[2] < 0.05 and a.lo[2] <= b.lo[2] + TOUCH
    return a.hi[2] <= b.hi[2] - TOUCH and (a.lo[2] <= b.lo[2] + TOUCH or flat)


def near(scene: Scene, a: SceneObject, b: SceneObject) -> bool:
    """a is next to b: boxes within :data:`NEAR_GAP` in plan, neither resting on the other."""
    return a.id != b.id and xy_gap(a, b) <= NEAR_GAP and not on(scene, a, b) and not on(scene, b, a)


def _view_offset(scene: Scene, a: SceneObject, b: SceneObject) -> tuple[float, float]:
    d = a.centre[:2] - b.centre[:2]
    return float(d @ np.asarray(scene.right)), float(d @ np.asarray(scene.toward))


def left_of(scene: Scene, a: SceneObject, b: SceneObject) -> bool:
    """a is left of b as the camera sees them: more left than in depth, within reach."""
    x, z = _view_offset(scene, a, b)
    return a.id != b.id and x < -0.05 and abs(x) >= 0.5 * abs(z) and xy_gap(a, b) <= SIDE_REACH


def right_of(scene: Scene, a: SceneObject, b: SceneObject) -> bool:
    """a is right of b as the camera sees them."""
    x, z = _view_offset(scene, a, b)
    return a.id != b.id and x > 0.05 and abs(x) >= 0.5 * abs(z) and xy_gap(a, b) <= SIDE_REACH


def _ahead_and_aside(a: SceneObject, b: SceneObject) -> tuple[float, float]:
    """a's offset from b along b's front and across it."""
    d = a.centre[:2] - b.centre[:2]
    return float(d @ b.front), float(d @ np.array([-b.front[1], b.front[0]]))


def in_front_of(scene: Scene, a: SceneObject, b: SceneObject) -> bool:
    """a is in front of b: on b's own front side, more ahead than aside, within reach, not on it."""
    ahead, aside = _ahead_and_aside(a, b)
    return a.id != b.id and ahead > 0.05 and ahead >= 0.5 * abs(aside) and xy_gap(a, b) <= SIDE_REACH \
        and not on(scene, a, b)


def behind(scene: Scene, a: SceneObject, b: SceneObject) -> bool:
    """a is behind b: on b's back side, more behind than aside, within reach."""
    ahead, aside = _ahead_and_aside(a, b)
    return a.id != b.id and ahead < -0.05 and -ahead >= 0.5 * abs(aside) and xy_gap(a, b) <= SIDE_REACH \
        and not on(scene, a, b)


def facing(scene: Scene, a: SceneObject, b: SceneObject) -> bool:
    """a's front points at b (within :data:`FACING_DEG`)."""
    d = b.centre[:2] - a.centre[:2]
    norm = float(np.linalg.norm(d))
    return a.id != b.id and norm > 1e-6 and float(d @ a.front) / norm >= np.cos(np.radians(FACING_DEG))


def inside(scene: Scene, a: SceneObject, b: SceneObject) -> bool:
    """a's box lies within b's (a book in a bookcase) or a rests on b."""
    inner = all(b.lo[k] - TOUCH <= a.lo[k] and a.hi[k] <= b.hi[k] + TOUCH for k in range(3))
    return a.id != b.id and (inner or on(scene, a, b))


def against(scene: Scene, a: SceneObject, b: SceneObject) -> bool:
    """a stands against b (touching in plan, both on the floor)."""
    return a.id != b.id and xy_gap(a, b) <= WALL_GAP and not on(scene, a, b) and not on(scene, b, a)


def between(scene: Scene, a: SceneObject, b: SceneObject, c: SceneObject) -> bool:
    """a lies between b and c in plan: its centre projects inside the segment b-c, close to it."""
    p, q = b.centre[:2], c.centre[:2]
    seg = q - p
    length2 = float(seg @ seg)
    if length2 < 1e-9 or len({a.id, b.id, c.id}) < 3:
        return False
    t = float((a.centre[:2] - p) @ seg) / length2
    off = float(np.linalg.norm(a.centre[:2] - (p + t * seg)))
    return 0.0 < t < 1.0 and off <= max(0.5, 0.35 * np.sqrt(length2))


def at(scene: Scene, a: SceneObject, b: SceneObject) -> bool:
    """a is at b: on it, in it or next to it ("the lamp from the nightstand")."""
    return on(scene, a, b) or near(scene, a, b) or inside(scene, a, b)


BINARY: dict[str, Callable[[Scene, SceneObject, SceneObject], bool]] = {
    "on": on, "under": under, "near": near, "left_of": left_of, "right_of": right_of,
    "in_front_of": in_front_of, "behind": behind, "facing": facing, "in": inside, "against": against, "at": at,
}


def measure(scene: Scene, name: str, a: SceneObject, ref: SceneObject | None = None) -> float:
    """The number ``name`` ("volume", "height", "distance" to ``ref``...) of object ``a``."""
    size = a.size
    if name == "volume":
        return float(np.prod(np.maximum(size, 1e-6)))
    if name == "height":
        return float(size[2])
    if name == "top":
        return float(a.hi[2])
    if name == "width":
        return float(max(size[0], size[1]))
    if name == "length":
        return float(max(size[0], size[1]))
    if name == "view_x":
        return float(a.centre[:2] @ np.asarray(scene.right))
    if name == "view_depth":
        return float(a.centre[:2] @ np.asarray(scene.toward))
    if name == "distance":
        if ref is None:
            raise ValueError("distance needs a reference object")
        return float(np.linalg.norm(a.centre[:2] - ref.centre[:2]))
    raise ValueError(f"unknown measure {name!r}")
