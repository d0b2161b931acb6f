"""The scene as grounding sees it: typed objects with boxes, supports and the viewer's frame.

Built from a solved :class:`~..model.Layout` (generated and user-placed objects alike). "Left"
and "right" are read in the frame of the camera the render used (the same azimuth choice as
``bl/camera.py``: :func:`view_azimuth`), unless an expression names whose left it means.
"""

from __future__ import annotations

import math
from dataclasses import dataclass
from typing import Sequence

import numpy as np

from ..assets.phrase import normalise, singular
from ..framing import Facing, choose_azimuth
from ..model import Bounds, Layout
from ..offline.reading.lexicon import load_lexicon


@dataclass(frozen=True)
class SceneObject:
    """One object of the scene: id, category words, box, yaw and what it rests on."""

    id: str
    category: str
    lo: tuple[float, float, float]
    hi: tuple[float, float, float]
    yaw: float
    support: str | None
    color: str | None = None
    fixture: bool = False  # a door or window of the room: an anchor ("the chair nearest the door"), never edited

    @property
    def centre(self) -> np.ndarray:
        return (np.asarray(self.lo) + np.asarray(self.hi)) / 2.0

    @property
    def size(self) -> np.ndarray:
        return np.asarray(self.hi) - np.asarray(self.lo)

    @property
    def front(self) -> np.ndarray:
        """Unit XY vector of the object's front (CONTRACTS §1: yaw 0 faces -Y)."""
        return np.array([math.sin(self.yaw), -math.cos(self.yaw)])


@dataclass(frozen=True)
class Scene:
    """Objects plus the viewer: ``right`` and ``toward`` are unit XY vectors of the camera frame
    (screen right; from the camera into the scene)."""

    objects: tuple[SceneObject, ...]
    right: tuple[float, float]
    toward: tuple[float, float]
    bounds: Bounds | None = None

    def by_id(self) -> dict[str, SceneObject]:
        return {o.id: o for o in self.objects}


def view_azimuth(layout: Layout) -> float:
    """The main camera's azimuth for ``layout``, chosen as the renderer chooses it (objects with
    a front, the lexicon's ``has_front`` role, weighted by their front area)."""
    fronted = load_lexicon().roles.get("has_front", frozenset())
    facings = [Facing(yaw=float(o.rotation_euler[2]), front_area=float(o.dimensions[0] * o.dimensions[2]))
               for o in layout.objects
               if o.category in fronted or (o.asset or "").split(":")[-1].replace("_", " ") in fronted]
    return choose_azimuth(facings)


def view_frame(azimuth_deg: float) -> tuple[tuple[float, float], tuple[float, float]]:
    """(right, toward) unit XY vectors of a camera at ``azimuth_deg`` (0 = due south, looking north)."""
    az = math.radians(azimuth_deg)
    toward = (-math.sin(az), math.cos(az))
    return (toward[1], -toward[0]), toward


def _xyz(v: Sequence[float]) -> tuple[float, float, float]:
    """``v`` (three numbers, any sequence) as a tuple."""
    x, y, z = v
    return x, y, z


def scene_from_layout(layout: Layout, *, azimuth_deg: float | None = None,
                      colors: dict[str, str] | None = None) -> Scene:
    """The grounding scene of ``layout``, viewed from ``azimuth_deg`` (default: the render's camera)."""
    azimuth = view_azimuth(layout) if azimuth_deg is None else azimuth_deg
    right, toward = view_frame(azimuth)
    objects = tuple(SceneObject(id=o.id, category=normalise(o.category), lo=_xyz(o.bbox_min), hi=_xyz(o.bbox_max),
                                yaw=float(o.rotation_euler[2]), support=o.support,
                                color=(colors or {}).get(o.id))
                    for o in layout.objects)
    return Scene(objects=objects + _openings(layout, {o.id for o in objects}), right=right, toward=toward,
                 bounds=layout.bounds)


def _openings(layout: Layout, taken: set[str]) -> tuple[SceneObject, ...]:
    """The room's doors and windows (layout v2) as fixed objects: their holes in the wall, facing
    into the room."""
    room, bounds = layout.room, layout.bounds
    if room is None or bounds is None or not room.indoor:
        return ()
    from ..architecture.geometry import WALL_YAW, hole_box

    return tuple(SceneObject(id=o.id, category=o.kind, lo=lo, hi=hi, yaw=WALL_YAW[o.wall], support=None, fixture=True)
                 for o in room.openings if o.id not in taken for lo, hi in (hole_box(bounds, o),))


def noun_matches(noun: str, category: str) -> bool:
    """Whether the noun a user wrote can name an object of ``category``: the same words, the
    category's head ("chair" names an "office chair"), or a lexicon alias ("screen" a "tv")."""
    words = [singular(w) for w in normalise(noun).split()]
    cat = [singular(w) for w in normalise(category).split()]
    if not words:
        return False
    if words == cat or words[-len(cat):] == cat or cat[-len(words):] == words:
        return True
    if words in (["thing"], ["object"], ["item"]):
        return True
    aliases = load_lexicon().aliases.get(" ".join(words), ())
    return " ".join(cat) in aliases


def matching(scene: Scene, noun: str) -> list[SceneObject]:
    """Every object of ``scene`` the noun can name, in scene order. A noun that is exactly some
    objects' category names only those ("the teacher desk" is not one of the pupils' desks, and
    where there are desks "the desk" is not the teacher desk); otherwise its head noun or an
    alias names them ("the chair" in a room of office chairs)."""
    key = " ".join(singular(w) for w in normalise(noun).split())
    exact = [o for o in scene.objects if " ".join(singular(w) for w in o.category.split()) == key]
    generic = key in ("thing", "object", "item")  # "everything on the desk" is furniture, not the room's doors
    loose = [o for o in scene.objects if noun_matches(noun, o.category) and not (generic and o.fixture)]
    return exact if exact else loose


def known_noun(scene: Scene, words: Sequence[str]) -> bool:
    """Whether ``words`` name at least one object of the scene."""
    return bool(matching(scene, " ".join(words)))
