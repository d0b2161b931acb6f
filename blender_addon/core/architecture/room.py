"""The ``room`` of a ``setdresser.program/2`` / ``layout/2`` document: typed, parsed strictly.

An indoor room has a floor, walls on the sides of the bounds (rectangular, or L-shaped with
a ``notch`` cut out at one corner), an optional ceiling, and doors and windows cut in its
walls; an outdoor scene has ground, paths with edges and no walls. ``offset`` is an
opening's centre along its wall from the wall's midpoint (toward +X on north/south walls,
+Y on east/west walls); ``sill`` the height of its bottom edge. A door's ``clearance`` is
the depth of the swing/walkway zone in front of it on the room side, kept free.
"""

from __future__ import annotations

import math
from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field
from typing import Any

from ....skill_library.compass import CORNERS as CORNERS
from ....skill_library.compass import SIDES as WALLS
from ..errors import ProgramError

KINDS = ("indoor", "outdoor")
OPENING_KINDS = ("door", "window")
SWINGS = ("in", "out", "none")
DEFAULT_HEIGHT = 2.7
DEFAULT_OPENING = {"door": (0.9, 2.1, 0.0), "window": (1.2, 1.2, 0.9)}  # width, height, sill

Vec2 = tuple[float, float]
Vec3 = tuple[float, float, float]


@dataclass(frozen=True)
class Finish:
    """How a floor or the walls look: an RGB colour, a material word, the prompt's words."""

    color: Vec3 | None = None
    material: str | None = None
    words: tuple[str, ...] = ()

    def to_dict(self) -> dict[str, Any]:
        return {"color": list(self.color) if self.color is not None else None, "material": self.material,
                "words": list(self.words)}


@dataclass(frozen=True)
class Opening:
    """A door or window cut in a wall (metres; see the module docstring for the frame)."""

    id: str
    kind: str
    wall: str
    offset: float = 0.0
    width: float = 0.9
    height: float = 2.1
    sill: float = 0.0
    swing: str = "in"
    clearance: float = 0.0

    def to_dict(self) -> dict[str, Any]:
        out: dict[str, Any] = {"id": self.id, "kind": self.kind, "wall": self.wall, "offset": self.offset,
                               "width": self.width, "height": self.height, "sill": self.sill}
        if self.kind == "door":
            out["swing"], out["clearance"] = self.swing, self.clearance
        return out


@dataclass(frozen=True)
class RoomPath:
    """An outdoor path or road: a polyline of ground points and its width."""

    id: str
    points: tuple[Vec2, ...]
    width: float = 1.2

    def to_dict(self) -> dict[str, Any]:
        return {"id": self.id, "points": [list(p) for p in self.points], "width": self.width}


@dataclass(frozen=True)
class Notch:
    """The rectangle cut out of the bounds at ``corner`` for an L-shaped room."""

    corner: str
    size: Vec2

    def to_dict(self) -> dict[str, Any]:
        return {"corner": self.corner, "size": list(self.size)}


@dataclass(frozen=True)
class Room:
    """The architecture of a scene."""

    kind: str = "indoor"
    height: float = DEFAULT_HEIGHT
    shape: str = "rect"
    notch: Notch | None = None
    floor: Finish = field(default_factory=Finish)
    walls: Finish = field(default_factory=Finish)
    ceiling: bool = False
    openings: tuple[Opening, ...] = ()
    paths: tuple[RoomPath, ...] = ()

    @property
    def indoor(self) -> bool:
        return self.kind == "indoor"

    def opening(self, oid: str) -> Opening | None:
        return next((o for o in self.openings if o.id == oid), None)

    def to_dict(self) -> dict[str, Any]:
        return {"kind": self.kind, "height": self.height, "shape": self.shape,
                "notch": self.notch.to_dict() if self.notch is not None else None,
                "floor": self.floor.to_dict(), "walls": self.walls.to_dict(), "ceiling": self.ceiling,
                "openings": [o.to_dict() for o in self.openings], "paths": [p.to_dict() for p in self.paths]}


def _number(value: Any, where: str, *, minimum: float | None = None, positive: bool = False) -> float:
    if isinstance(value, bool) or not isinstance(value, (int, float)) or not math.isfinite(value):
        raise ProgramError(f"expected a number, got {value!r}", where)
    if positive and value <= 0:
        raise ProgramError(f"must be positive, got {value!r}", where)
    if minimum is not None and value < minimum:
        raise ProgramError(f"must be >= {minimum}, got {value!r}", where)
    return float(value)


def _choice(value: Any, choices: Sequence[str], where: str) -> str:
    if value not in choices:
        raise ProgramError(f"expected one of {', '.join(choices)}, got {value!r}", where)
    return str(value)


def finish_from_dict(data: Any, where: str) -> Finish:
    """Parse ``{"color": [r, g, b] | null, "material": str | null, "words": [...]}``."""
    if data is None:
        return Finish()
    if not isinstance(data, Mapping):
        raise ProgramError("expected an object with color/material/words", where)
    color = data.get("color")
    if color is not None:
        if not isinstance(color, (list, tuple)) or len(color) != 3:
            raise ProgramError(f"'color' must be [r, g, b], got {color!r}", where)
        color = tuple(_number(c, f"{where}.color", minimum=0.0) for c in color)
    material = data.get("material")
    if material is not None and not isinstance(material, str):
        raise ProgramError(f"'material' must be a word, got {material!r}", where)
    words = data.get("words", []) or []
    if not isinstance(words, (list, tuple)) or not all(isinstance(w, str) for w in words):
        raise ProgramError("'words' must be a list of strings", where)
    return Finish(color=color, material=material, words=tuple(words))  # type: ignore[arg-type]


def opening_from_dict(data: Any, index: int) -> Opening:
    """Parse one opening; sizes default to a typical door or window."""
    where = f"room.openings[{index}]"
    if not isinstance(data, Mapping):
        raise ProgramError("expected an object", where)
    kind = _choice(data.get("kind"), OPENING_KINDS, f"{where}.kind")
    oid = data.get("id") or f"{kind}_{index + 1}"
    if not isinstance(oid, str):
        raise ProgramError(f"'id' must be a string, got {oid!r}", where)
    where = f"room opening '{oid}'"
    width, height, sill = DEFAULT_OPENING[kind]
    width = _number(data.get("width", width), f"{where}.width", positive=True)
    return Opening(
        id=oid, kind=kind, wall=_choice(data.get("wall"), WALLS, f"{where}.wall"),
        offset=_number(data.get("offset", 0.0), f"{where}.offset"), width=width,
        height=_number(data.get("height", height), f"{where}.height", positive=True),
        sill=_number(data.get("sill", sill), f"{where}.sill", minimum=0.0),
        swing=_choice(data.get("swing", "in"), SWINGS, f"{where}.swing"),
        clearance=_number(data.get("clearance", width if kind == "door" else 0.0), f"{where}.clearance",
                          minimum=0.0))


def _path_from_dict(data: Any, index: int) -> RoomPath:
    where = f"room.paths[{index}]"
    if not isinstance(data, Mapping):
        raise ProgramError("expected an object", where)
    points = data.get("points")
    if not isinstance(points, (list, tuple)) or len(points) < 2:
        raise ProgramError("'points' must list at least two [x, y] points", where)
    parsed = []
    for point in points:
        if not isinstance(point, (list, tuple)) or len(point) != 2:
            raise ProgramError(f"expected [x, y], got {point!r}", f"{where}.points")
        parsed.append((_number(point[0], f"{where}.points"), _number(point[1], f"{where}.points")))
    return RoomPath(id=str(data.get("id") or f"path_{index + 1}"), points=tuple(parsed),
                    width=_number(data.get("width", 1.2), f"{where}.width", positive=True))


def _notch_from_dict(data: Any, wall_lengths: Mapping[str, float] | None) -> Notch:
    if not isinstance(data, Mapping):
        raise ProgramError("an L-shaped room needs notch = {corner, size}", "room.notch")
    size = data.get("size")
    if not isinstance(size, (list, tuple)) or len(size) != 2:
        raise ProgramError(f"'size' must be [w, d], got {size!r}", "room.notch")
    notch = Notch(corner=_choice(data.get("corner"), CORNERS, "room.notch.corner"),
                  size=(_number(size[0], "room.notch.size", positive=True),
                        _number(size[1], "room.notch.size", positive=True)))
    if wall_lengths and (notch.size[0] >= wall_lengths["north"] or notch.size[1] >= wall_lengths["east"]):
        raise ProgramError(f"notch {list(notch.size)} leaves no room in the bounds", "room.notch")
    return notch


def room_from_dict(data: Any, wall_lengths: Mapping[str, float] | None = None) -> Room:
    """Parse a ``room``; with ``wall_lengths`` (from the bounds) every opening must fit its wall."""
    if not isinstance(data, Mapping):
        raise ProgramError("expected an object", "room")
    kind = _choice(data.get("kind", "indoor"), KINDS, "room.kind")
    shape = _choice(data.get("shape", "rect"), ("rect", "L"), "room.shape")
    openings = tuple(opening_from_dict(o, i) for i, o in enumerate(data.get("openings") or ()))
    if kind == "outdoor" and openings:
        raise ProgramError("an outdoor scene has no walls to cut openings in", "room.openings")
    ids = [o.id for o in openings]
    for oid in ids:
        if ids.count(oid) > 1 or oid in {f"{w}_wall" for w in WALLS}:
            raise ProgramError("duplicate or reserved opening id", f"room opening '{oid}'")
    if wall_lengths:
        for opening in openings:
            _check_fits(opening, wall_lengths[opening.wall], float(data.get("height", DEFAULT_HEIGHT)))
    return Room(
        kind=kind, height=_number(data.get("height", DEFAULT_HEIGHT), "room.height", positive=True), shape=shape,
        notch=_notch_from_dict(data.get("notch"), wall_lengths) if shape == "L" else None,
        floor=finish_from_dict(data.get("floor"), "room.floor"),
        walls=finish_from_dict(data.get("walls"), "room.walls"), ceiling=bool(data.get("ceiling", False)),
        openings=openings, paths=tuple(_path_from_dict(p, i) for i, p in enumerate(data.get("paths") or ())))


def _check_fits(opening: Opening, length: float, height: float) -> None:
    where = f"room opening '{opening.id}'"
    if abs(opening.offset) + opening.width / 2 > length / 2 + 1e-6:
        raise ProgramError(f"{opening.width:g} m wide at offset {opening.offset:g} does not fit on the "
                           f"{length:g} m {opening.wall} wall", where)
    if opening.sill + opening.height > height + 1e-6:
        raise ProgramError(f"top at {opening.sill + opening.height:g} m is above the {height:g} m walls", where)
