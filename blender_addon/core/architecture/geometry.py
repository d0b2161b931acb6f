"""Architecture in world space: wall planes, openings, clearance zones and fixed pseudo-objects.

Walls stand on the sides of the bounds (north = max Y, east = max X); their inner planes are
the bounds' faces. Every wall and opening becomes a *fixture*: a fixed box the solver never
moves, with the id relations use (``north_wall``, ``door_1``). An opening's lies on the room
side: a door's is its swing/walkway zone (width x clearance x height), a window's a thin slab in
front of the glass from sill to top.
Anything overlapping an opening's fixture blocks that opening (``checks.blocked_clearance``).
Each fixture faces into the room (front = local -Y, CONTRACTS §1). A wall's fixture is a 2 mm slab
on its inner face, inside the bounds.
"""

from __future__ import annotations

import math
from dataclasses import dataclass
from collections.abc import Collection, Iterable, Mapping
from typing import Any, Protocol, Sequence

from ....skill_library.compass import INWARD, wall_gaps
from ....skill_library.compass import along_axis as along_axis
from ....skill_library.compass import WALL_YAW as WALL_YAW
from .room import WALLS, Opening, Room

WALL_THICKNESS = 0.12
WINDOW_ZONE_DEPTH = 0.05  # m in front of a window's glass that must stay free
MIN_DOOR_ZONE = 0.05
WALL_FACE_DEPTH = 0.002
# yaw that turns local -Y (the front) into each wall's inward normal

Vec3 = tuple[float, float, float]


class Bounds(Protocol):
    """Room bounds (``core.model.Bounds`` is one): min and max corners."""

    @property
    def min(self) -> Vec3: ...

    @property
    def max(self) -> Vec3: ...


@dataclass(frozen=True)
class Fixture:
    """A fixed architectural box: ``pos`` bottom-centre, ``yaw``, ``size`` (local w, d, h)."""

    id: str
    kind: str  # "wall" | "door" | "window"
    wall: str
    pos: Vec3
    yaw: float
    size: Vec3


def wall_id(wall: str) -> str:
    """The pseudo-object id of a wall: ``north_wall``."""
    return f"{wall}_wall"


CEILING_ID = "ceiling"  # layout/4: the support of an object hung from the ceiling
HUNG_WALL_SLACK = 0.05  # m: walls this much farther than the nearest may still be the one it hangs on


def hung_support(mount: str | None, lo: Sequence[float], hi: Sequence[float], yaw: float,
                 room_min: Sequence[float], room_max: Sequence[float]) -> str | None:
    """What holds a hung object (``setdresser.layout/4`` ``support``): for a wall mount the wall
    its back is against (``north_wall``): of the walls within :data:`HUNG_WALL_SLACK` of the
    nearest one (a thing in a corner touches two), the one its back faces; for a ceiling mount
    ``ceiling``; None for anything else (it stands, or rests on an object). The caller passes the
    bounds of an indoor room: outdoors nothing hangs on a wall."""
    if mount == "ceiling":
        return CEILING_ID
    if mount != "wall":
        return None
    gaps = {wall: float(gap) for wall, gap in wall_gaps(lo, hi, room_min, room_max).items()}
    nearest = min(abs(g) for g in gaps.values())
    near = [w for w in WALLS if abs(gaps[w]) <= nearest + HUNG_WALL_SLACK]
    back = (-math.sin(yaw), math.cos(yaw))  # local +Y: the side that hangs on the wall

    def facing(wall: str) -> float:  # the back along the wall's outward normal
        nx, ny = inward_normal(wall)
        return -(back[0] * nx + back[1] * ny)
    return wall_id(max(near, key=lambda w: (round(facing(w), 6), -WALLS.index(w))))


def upgrade_hung_supports(objects: Any, bounds: Bounds | None, room: Room | None) -> None:
    """Read a layout older than ``/4`` as ``/4``: a hung object's ``support`` there was ``ground``
    (or None when it was kept in place), now the wall or the ceiling that holds it. In place."""
    if bounds is None or room is None or not room.indoor:
        return
    for obj in objects:
        if obj.support in (None, "ground"):
            hung = hung_support(obj.mount, obj.bbox_min, obj.bbox_max, float(obj.rotation_euler[2]), bounds.min,
                                bounds.max)
            obj.support = hung or obj.support


class Related(Protocol):
    """A relation over object ids with parameters (a program's Constraint, a planned relation)."""

    @property
    def relation(self) -> str: ...

    @property
    def args(self) -> tuple[str, ...]: ...

    @property
    def params(self) -> Mapping[str, Any]: ...


def named_wall(relations: Iterable[Related], subject: str, kinds: Collection[str] | None = None) -> str | None:
    """The wall (``north``...) that the ``wall=`` parameter of the first relation placing ``subject``
    (its first argument) names, among relations of ``kinds`` (any relation when None)."""
    for rel in relations:
        if kinds is not None and rel.relation not in kinds:
            continue
        if rel.args and rel.args[0] == subject and rel.params.get("wall") in WALLS:
            return str(rel.params["wall"])
    return None


def wall_lengths(bounds: Bounds) -> dict[str, float]:
    """Inner length of each wall (m)."""
    dx, dy = bounds.max[0] - bounds.min[0], bounds.max[1] - bounds.min[1]
    return {"north": dx, "south": dx, "east": dy, "west": dy}


def wall_plane(bounds: Bounds, wall: str) -> float:
    """The coordinate of the wall's inner plane (Y for north/south, X for east/west)."""
    return {"north": bounds.max[1], "south": bounds.min[1], "east": bounds.max[0], "west": bounds.min[0]}[wall]


def inward_normal(wall: str) -> tuple[float, float]:
    """Unit XY vector from the wall into the room."""
    return INWARD[wall]


def point_on_wall(bounds: Bounds, wall: str, offset: float, depth: float = 0.0) -> tuple[float, float]:
    """The XY point ``offset`` along the wall from its midpoint, ``depth`` into the room."""
    axis = along_axis(wall)
    mid = 0.5 * (bounds.min[axis] + bounds.max[axis]) + offset
    nx, ny = inward_normal(wall)
    plane = wall_plane(bounds, wall)
    if axis == 0:
        return (mid, plane + ny * depth)
    return (plane + nx * depth, mid)


def opening_fixture(bounds: Bounds, opening: Opening) -> Fixture:
    """The room-side zone of an opening, facing into the room."""
    depth = max(opening.clearance, MIN_DOOR_ZONE) if opening.kind == "door" else WINDOW_ZONE_DEPTH
    x, y = point_on_wall(bounds, opening.wall, opening.offset, depth / 2)
    return Fixture(id=opening.id, kind=opening.kind, wall=opening.wall,
                   pos=(x, y, bounds.min[2] + opening.sill), yaw=WALL_YAW[opening.wall],
                   size=(opening.width, depth, opening.height))


def wall_fixture(bounds: Bounds, room: Room, wall: str) -> Fixture:
    """The wall's inner face as a 2 mm slab just inside the bounds, full length and height: what
    stands against the wall touches it (within the 1 cm collision tolerance), nothing is out of bounds."""
    x, y = point_on_wall(bounds, wall, 0.0, WALL_FACE_DEPTH / 2)
    return Fixture(id=wall_id(wall), kind="wall", wall=wall, pos=(x, y, bounds.min[2]), yaw=WALL_YAW[wall],
                   size=(wall_lengths(bounds)[wall], WALL_FACE_DEPTH, room.height))


NOTCH_ID = "l_notch"


def notch_fixture(bounds: Bounds, room: Room) -> Fixture | None:
    """The rectangle an L-shaped room cuts out of its bounds, as a full-height box nothing may enter."""
    if room.notch is None:
        return None
    w, d = room.notch.size
    x = bounds.max[0] - w / 2 if "e" in room.notch.corner else bounds.min[0] + w / 2
    y = bounds.max[1] - d / 2 if "n" in room.notch.corner else bounds.min[1] + d / 2
    return Fixture(id=NOTCH_ID, kind="notch", wall="north", pos=(x, y, bounds.min[2]), yaw=0.0,
                   size=(w, d, room.height))


def fixtures(bounds: Bounds | None, room: Room | None) -> list[Fixture]:
    """Every wall and opening of an indoor room with bounds (and an L-shape's notch); none outdoors."""
    if bounds is None or room is None or not room.indoor:
        return []
    notch = notch_fixture(bounds, room)
    return ([wall_fixture(bounds, room, w) for w in WALLS] + [opening_fixture(bounds, o) for o in room.openings]
            + ([notch] if notch is not None else []))


def world_box(fixture: Fixture) -> tuple[Vec3, Vec3]:
    """The fixture's world axis-aligned box (its yaw is a multiple of 90 degrees)."""
    w, d, h = fixture.size
    if along_axis(fixture.wall) == 1:
        w, d = d, w
    x, y, z = fixture.pos
    return (x - w / 2, y - d / 2, z), (x + w / 2, y + d / 2, z + h)


def hole_box(bounds: Bounds, opening: Opening) -> tuple[Vec3, Vec3]:
    """The opening's hole through the wall (inner plane to outer face), world AABB."""
    inner = point_on_wall(bounds, opening.wall, opening.offset, 0.0)
    outer = point_on_wall(bounds, opening.wall, opening.offset, -WALL_THICKNESS)
    axis = along_axis(opening.wall)
    half = opening.width / 2
    lo = [min(inner[0], outer[0]), min(inner[1], outer[1]), bounds.min[2] + opening.sill]
    hi = [max(inner[0], outer[0]), max(inner[1], outer[1]), bounds.min[2] + opening.sill + opening.height]
    lo[axis] -= half
    hi[axis] += half
    return (lo[0], lo[1], lo[2]), (hi[0], hi[1], hi[2])


def _rounded(values: Any) -> list[float]:
    return [round(float(v), 5) for v in values]


def room_layout_dict(bounds: Bounds | None, room: Room) -> dict[str, Any]:
    """The layout's ``room``: the program's room plus each wall's segment and each opening's boxes."""
    out = room.to_dict()
    if bounds is None or not room.indoor:
        return out
    segments = []
    for wall in WALLS:
        half = wall_lengths(bounds)[wall] / 2
        start, end = point_on_wall(bounds, wall, -half), point_on_wall(bounds, wall, half)
        segments.append({"id": wall_id(wall), "wall": wall, "start": _rounded(start), "end": _rounded(end),
                         "height": room.height, "thickness": WALL_THICKNESS})
    out["wall_segments"] = segments
    for item, opening in zip(out["openings"], room.openings):
        lo, hi = hole_box(bounds, opening)
        zlo, zhi = world_box(opening_fixture(bounds, opening))
        item["box"] = {"min": _rounded(lo), "max": _rounded(hi)}
        item["zone"] = {"min": _rounded(zlo), "max": _rounded(zhi)}
    return out
