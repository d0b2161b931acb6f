"""What the scene database is built from, read from an output folder's documents (or the live
Blender scene): ``layout.json`` (``setdresser.layout/1`` to ``/4``), and when present
``program.json`` (weights, hard flags, named surfaces) and ``scene_graph.json`` (descriptions,
the prompt words of each relation).

A v1 layout has no room: its ``bounds`` become an indoor room with four walls on the bounds'
sides (where the solver's ``against_wall`` puts things), every object stands on the floor, and
an object has a ``top`` surface only when something rests on it. A v2 layout brings the room,
openings, mounting and support surfaces. Malformed documents are :class:`BadInput` naming the
file and the field.
"""

from __future__ import annotations

import math
from dataclasses import dataclass, field, replace
from typing import Any, Mapping, Sequence

from ..errors import BadInput
from .geometry import Box, rotated_box

LAYOUT_SCHEMAS = ("setdresser.layout/1", "setdresser.layout/2", "setdresser.layout/3", "setdresser.layout/4")
GENERATED, USER = "generated", "user"


@dataclass(frozen=True)
class SurfaceSpec:
    """A named support surface in its object's local frame (program v2 ``surfaces[]``)."""

    name: str
    height: float
    local_min: tuple[float, float] | None = None
    local_max: tuple[float, float] | None = None


@dataclass(frozen=True)
class ObjectFact:
    """One placed object: pose, size, world box and what it rests on."""

    id: str
    category: str
    location: tuple[float, float, float]
    yaw: float  # radians
    dimensions: tuple[float, float, float]
    box: Box
    asset: str = ""
    description: str = ""
    locked: bool = False
    source: str = GENERATED
    mount: str = "floor"
    support: str = "ground"
    support_surface: str | None = None
    color: str | None = None
    material: str | None = None
    surfaces: tuple[SurfaceSpec, ...] = ()


@dataclass(frozen=True)
class OpeningFact:
    """A door or window: its wall side, world centre (z = sill) and size."""

    id: str
    kind: str
    wall: str
    center: tuple[float, float, float]
    width: float
    height: float
    clearance: float


@dataclass(frozen=True)
class WallFact:
    """A straight wall segment."""

    id: str
    side: str
    start: tuple[float, float]
    end: tuple[float, float]
    height: float


@dataclass(frozen=True)
class RoomFact:
    """The room: kind, floor box, walls, openings, and the L-shape notch if any."""

    kind: str
    shape: str
    box: Box
    height: float
    walls: tuple[WallFact, ...] = ()
    openings: tuple[OpeningFact, ...] = ()
    notch: Box | None = None
    floor_material: str | None = None
    wall_material: str | None = None


@dataclass(frozen=True)
class ConstraintFact:
    """One constraint: what the program asked and how the layout scored it."""

    index: int
    relation: str
    args: tuple[str, ...]
    params: Mapping[str, Any]
    weight: float = 1.0
    hard: bool = False
    score: float | None = None
    holds: bool | None = None
    words: str = ""


@dataclass(frozen=True)
class SceneFacts:
    """Everything the rows are made of."""

    prompt: str
    seed: int
    room: RoomFact
    objects: tuple[ObjectFact, ...]
    constraints: tuple[ConstraintFact, ...] = ()
    schema: str = LAYOUT_SCHEMAS[0]
    extra: Mapping[str, Any] = field(default_factory=dict)


def facts_from_documents(layout: Any, program: Any = None, scene_graph: Any = None,
                         user_objects: Sequence[ObjectFact] = ()) -> SceneFacts:
    """Read the documents of an output folder (``program``/``scene_graph`` optional); the
    user's own objects from the live scene come as ``user_objects``."""
    from .documents import constraints_of, objects_of, room_of

    if not isinstance(layout, Mapping) or layout.get("schema") not in LAYOUT_SCHEMAS:
        raise BadInput(f"not a layout document (schema must be one of {', '.join(LAYOUT_SCHEMAS)})",
                       "layout.json: schema")
    program = program if isinstance(program, Mapping) else {}
    graph = scene_graph if isinstance(scene_graph, Mapping) else {}
    objects = objects_of(layout, program, graph) + tuple(user_objects)
    ids = [o.id for o in objects]
    duplicates = sorted({i for i in ids if ids.count(i) > 1})
    if duplicates:
        raise BadInput(f"duplicate object id(s) {duplicates}", "layout.json: objects")
    seed = layout.get("seed", 0)
    room = room_of(layout, objects)
    return SceneFacts(prompt=str(layout.get("prompt", "")), seed=int(seed) if isinstance(seed, int) else 0,
                      room=room, objects=hung_supports(objects, room),
                      constraints=constraints_of(layout, program, graph), schema=str(layout["schema"]))


def hung_supports(objects: Sequence[ObjectFact], room: RoomFact) -> tuple[ObjectFact, ...]:
    """``support`` of every hung object as ``layout/4`` says it: the id of a wall of the room or
    ``ceiling``. A ``/1``-``/3`` layout (or the live scene) said ``ground``: the wall its back is
    against (:func:`~..architecture.geometry.hung_support`), else the wall segment nearest its centre."""
    from ..architecture.geometry import CEILING_ID, hung_support
    from .geometry import segment_distance

    walls = {w.id for w in room.walls}
    out = []
    for obj in objects:
        support = obj.support
        if obj.mount == "ceiling" and room.kind == "indoor" and support == "ground":
            support = CEILING_ID
        elif obj.mount == "wall" and walls and support not in walls:
            box, lo, hi = obj.box, (room.box.min_x, room.box.min_y), (room.box.max_x, room.box.max_y)
            support = hung_support("wall", (box.min_x, box.min_y), (box.max_x, box.max_y), obj.yaw, lo, hi) or ""
            if support not in walls:
                support = min(room.walls, key=lambda w: (segment_distance(*box.center, w.start, w.end)[0], w.id)).id
        out.append(obj if support == obj.support else replace(obj, support=support))
    return tuple(out)


def object_fact(oid: str, category: str, location: Sequence[float], yaw: float, dimensions: Sequence[float],
                **fields: Any) -> ObjectFact:
    """An object fact with its world box computed from pose and size (the live-scene reader's
    entry point; ``fields`` are the optional ObjectFact fields)."""
    loc = (float(location[0]), float(location[1]), float(location[2]))
    dims = (float(dimensions[0]), float(dimensions[1]), float(dimensions[2]))
    box = rotated_box(loc, yaw, dims)
    return ObjectFact(id=oid, category=category, location=loc, yaw=float(yaw), dimensions=dims, box=box, **fields)


def yaw_degrees(yaw: float) -> float:
    """Radians to degrees in (-180, 180]."""
    degrees = math.degrees(yaw) % 360.0
    return degrees - 360.0 if degrees > 180.0 else degrees


def compass(yaw: float) -> str:
    """The compass direction an object's front faces (front = (sin yaw, -cos yaw), north = +y)."""
    fx, fy = math.sin(yaw), -math.cos(yaw)
    if abs(fx) > abs(fy):
        return "east" if fx > 0 else "west"
    return "north" if fy > 0 else "south"
