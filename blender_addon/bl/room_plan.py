"""The room of a layout (``setdresser.layout/2``, docs/contracts.md) as boxes to build, without bpy.

:func:`room_spec` reads the layout's ``room`` (a mapping, or an object with ``to_dict``);
:func:`wall_boxes` cuts each wall into solid pieces around its openings (full-height
pieces beside them, a piece under a window's sill and a lintel over each opening) and adds
the openings' frames, a door leaf, window glass, mullions and a sill. Boxes are
axis-aligned ``(min, max, part)`` in world metres; walls stand outside the room's bounds,
their inner faces on the bounds' sides, so objects against a wall touch its face.
"""

from __future__ import annotations

import math
from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field
from typing import Any

from ..core.errors import BadInput

Vec3 = tuple[float, float, float]
SIDES = ("north", "south", "east", "west")
WALL_THICKNESS = 0.12
FRAME = 0.05  # m: width of a door or window frame's members
LEAF = 0.04  # m: door leaf thickness
GLASS = 0.01
MULLION = 0.03
SILL_DEPTH = 0.06  # m a window sill reaches into the room


@dataclass(frozen=True)
class Finish:
    """A surface's colour (linear RGB or None), material word and the prompt's words."""

    color: tuple[float, float, float] | None = None
    material: str | None = None
    words: tuple[str, ...] = ()


@dataclass(frozen=True)
class Opening:
    """A door or a window cut in a wall (docs/contracts.md)."""

    id: str
    kind: str
    wall: str
    offset: float
    width: float
    height: float
    sill: float


@dataclass(frozen=True)
class Path:
    """An outdoor path: a polyline of XY points and its width (docs/contracts.md ``room.paths``)."""

    id: str
    points: tuple[tuple[float, float], ...]
    width: float = 1.2


@dataclass(frozen=True)
class RoomSpec:
    """The parts of the layout's room the Blender side builds."""

    kind: str = "indoor"
    height: float = 2.7
    floor: Finish = Finish()
    walls: Finish = Finish()
    openings: tuple[Opening, ...] = ()
    notch: tuple[str, float, float] | None = None  # (corner, width, depth) cut out of an L-shaped room
    paths: tuple[Path, ...] = ()
    ceiling: bool = False  # layout v2 room.ceiling: a ceiling slab at the room's height


@dataclass(frozen=True)
class Box:
    """One box of the set: a wall piece, a frame member, a leaf, glass..."""

    lo: Vec3
    hi: Vec3
    part: str  # wall | frame | leaf | glass | mullion | sill | knob
    owner: str  # the wall's or the opening's id


@dataclass
class _Wall:
    name: str
    axis: int  # 0: runs along X (north/south), 1: along Y (east/west)
    start: float
    end: float
    plane: float  # the inner face's coordinate on the other axis
    outward: float  # +1 or -1: the side the wall's body lies on
    openings: list[Opening] = field(default_factory=list)


def _float(raw: Mapping[str, Any], key: str, default: float, where: str) -> float:
    value = raw.get(key, default)
    if value is None:
        return default
    if isinstance(value, bool) or not isinstance(value, (int, float)) or not math.isfinite(value):
        raise BadInput(f"'{key}' must be a number, got {value!r}", where)
    return float(value)


def _finish(raw: Any) -> Finish:
    if not isinstance(raw, Mapping):
        return Finish()
    color = raw.get("color")
    rgb = tuple(float(c) for c in color) if isinstance(color, (list, tuple)) and len(color) == 3 else None
    words = tuple(str(w) for w in raw.get("words") or ())
    material = raw.get("material")
    return Finish(rgb, str(material) if material else None, words)  # type: ignore[arg-type]


def room_spec(raw: Any) -> RoomSpec | None:
    """The room to build from a layout's ``room`` (None when there is none)."""
    if raw is None:
        return None
    if hasattr(raw, "to_dict"):
        raw = raw.to_dict()
    if not isinstance(raw, Mapping):
        raise BadInput(f"expected an object, got {type(raw).__name__}", "layout.room")
    openings = []
    for index, item in enumerate(raw.get("openings") or ()):
        where = f"layout.room.openings[{index}]"
        if not isinstance(item, Mapping) or item.get("wall") not in SIDES:
            raise BadInput(f"an opening needs a wall, one of {', '.join(SIDES)}", where)
        kind = str(item.get("kind", "door"))
        openings.append(Opening(
            id=str(item.get("id") or f"{kind}_{index + 1}"), kind=kind, wall=str(item["wall"]),
            offset=_float(item, "offset", 0.0, where),
            width=_float(item, "width", 0.9 if kind == "door" else 1.2, where),
            height=_float(item, "height", 2.1 if kind == "door" else 1.2, where),
            sill=_float(item, "sill", 0.0 if kind == "door" else 0.9, where)))
    notch = raw.get("notch") if raw.get("shape") == "L" else None
    notch_spec = None
    if isinstance(notch, Mapping) and isinstance(notch.get("size"), (list, tuple)) and len(notch["size"]) == 2:
        notch_spec = (str(notch.get("corner", "ne")), float(notch["size"][0]), float(notch["size"][1]))
    return RoomSpec(kind=str(raw.get("kind", "indoor")), height=_float(raw, "height", 2.7, "layout.room"),
                    floor=_finish(raw.get("floor")), walls=_finish(raw.get("walls")), openings=tuple(openings),
                    notch=notch_spec, paths=_paths(raw.get("paths")), ceiling=bool(raw.get("ceiling", False)))


def _paths(raw: Any) -> tuple[Path, ...]:
    out = []
    for index, item in enumerate(raw or ()):
        where = f"layout.room.paths[{index}]"
        points = item.get("points") if isinstance(item, Mapping) else None
        if not isinstance(points, (list, tuple)) or len(points) < 2 or not all(
                isinstance(p, (list, tuple)) and len(p) == 2 and all(isinstance(v, (int, float)) for v in p)
                for p in points):
            raise BadInput("a path needs at least two [x, y] points", where)
        out.append(Path(str(item.get("id") or f"path_{index + 1}"), tuple((float(x), float(y)) for x, y in points),
                        _float(item, "width", 1.2, where)))
    return tuple(out)


def path_segments(path: Path) -> list[tuple[tuple[float, float], float, float]]:
    """Each straight piece of a path: (centre XY, length, heading in radians from +X)."""
    out = []
    for (x0, y0), (x1, y1) in zip(path.points, path.points[1:]):
        length = math.hypot(x1 - x0, y1 - y0)
        if length > 1e-6:
            out.append((((x0 + x1) / 2, (y0 + y1) / 2), length, math.atan2(y1 - y0, x1 - x0)))
    return out


def _walls(lo: Sequence[float], hi: Sequence[float], notch: tuple[str, float, float] | None) -> list[_Wall]:
    """The inner wall lines of the room's outline: four sides, or six around an L's notch."""
    x0, y0, x1, y1 = lo[0], lo[1], hi[0], hi[1]
    if notch is None:
        return [_Wall("north", 0, x0, x1, y1, 1), _Wall("south", 0, x0, x1, y0, -1),
                _Wall("east", 1, y0, y1, x1, 1), _Wall("west", 1, y0, y1, x0, -1)]
    corner, w, d = notch
    north, east = corner[0] == "n", corner[1] == "e"
    xn = x1 - w if east else x0 + w  # the notch's inner x
    yn = y1 - d if north else y0 + d
    walls = []
    # the two sides the notch cuts, each shortened; the two it does not touch, whole
    nx = (x0, xn) if east else (xn, x1)
    ny = (y0, yn) if north else (yn, y1)
    walls.append(_Wall("north", 0, *(nx if north else (x0, x1)), y1, 1))
    walls.append(_Wall("south", 0, *(nx if not north else (x0, x1)), y0, -1))
    walls.append(_Wall("east", 1, *(ny if east else (y0, y1)), x1, 1))
    walls.append(_Wall("west", 1, *(ny if not east else (y0, y1)), x0, -1))
    # the notch's own two walls face into the room from the cut-out corner
    sx = (xn, x1) if east else (x0, xn)
    sy = (yn, y1) if north else (y0, yn)
    walls.append(_Wall("north" if north else "south", 0, *sx, yn, 1 if north else -1))
    walls.append(_Wall("east" if east else "west", 1, *sy, xn, 1 if east else -1))
    return walls


def wall_boxes(spec: RoomSpec, lo: Sequence[float], hi: Sequence[float],
               sides: Sequence[str] = SIDES, low_height: float | None = None) -> list[Box]:
    """Boxes of the walls named in ``sides`` at the room height, with their openings; the other
    walls (those between the camera and the room) at ``low_height``, or not at all when None."""
    walls = _walls(lo, hi, spec.notch)
    for opening in spec.openings:
        candidates = [w for w in walls if w.name == opening.wall]
        if candidates:
            max(candidates, key=lambda w: w.end - w.start).openings.append(opening)
    boxes: list[Box] = []
    for wall in walls:
        height = spec.height if wall.name in sides else low_height
        if height is None or height <= 0:
            continue
        boxes.extend(_pieces(wall, lo[2], height, spec.height))
    return boxes


def _span(wall: _Wall, a: float, b: float, z0: float, z1: float, inset: float, depth: float,
          part: str, owner: str) -> Box:
    """A box along ``wall`` from a to b, z0..z1, from ``inset`` behind the inner face to ``depth``."""
    across = sorted((wall.plane + wall.outward * inset, wall.plane + wall.outward * (inset + depth)))
    if wall.axis == 0:
        return Box((a, across[0], z0), (b, across[1], z1), part, owner)
    return Box((across[0], a, z0), (across[1], b, z1), part, owner)


def _pieces(wall: _Wall, ground: float, height: float, full: float) -> list[Box]:
    """The wall cut around its openings, plus each opening's frame and fill."""
    t = WALL_THICKNESS
    # the wall runs on past its ends by its thickness, closing the corners
    start, end = wall.start - t, wall.end + t
    mid = (wall.start + wall.end) / 2
    holes = sorted(((mid + o.offset - o.width / 2, mid + o.offset + o.width / 2, o) for o in wall.openings),
                   key=lambda h: h[0])
    out: list[Box] = []
    cursor = start
    owner = f"{wall.name}_wall"
    for a, b, opening in holes:
        a, b = max(a, wall.start), min(b, wall.end)
        if b - a < 0.1:
            continue
        if a > cursor:
            out.append(_span(wall, cursor, a, ground, ground + height, 0, t, "wall", owner))
        sill, top = ground + opening.sill, min(ground + opening.sill + opening.height, ground + full)
        if sill > ground:
            out.append(_span(wall, a, b, ground, min(sill, ground + height), 0, t, "wall", owner))
        if top < ground + height:
            out.append(_span(wall, a, b, top, ground + height, 0, t, "wall", owner))
        if top <= ground + height + 1e-9:
            out.extend(_fill(wall, a, b, sill, top, opening))
        cursor = b
    if end > cursor:
        out.append(_span(wall, cursor, end, ground, ground + height, 0, t, "wall", owner))
    return out


def _fill(wall: _Wall, a: float, b: float, z0: float, z1: float, opening: Opening) -> list[Box]:
    """Frame members in the hole, and a door leaf or window glass with mullions and a sill."""
    t, f, oid = WALL_THICKNESS, FRAME, opening.id
    frame_depth = t + 0.02
    out = [_span(wall, a, a + f, z0, z1, -0.01, frame_depth, "frame", oid),
           _span(wall, b - f, b, z0, z1, -0.01, frame_depth, "frame", oid),
           _span(wall, a, b, z1 - f, z1, -0.01, frame_depth, "frame", oid)]
    if opening.kind == "door":
        out.append(_span(wall, a + f, b - f, z0, z1 - f, 0.01, LEAF, "leaf", oid))
        knob_at = b - f - 0.08
        out.append(_span(wall, knob_at - 0.03, knob_at + 0.03, z0 + 0.95, z0 + 1.01, -0.05, 0.06, "knob", oid))
        return out
    out.append(_span(wall, a, b, z0, z0 + f, -0.01, frame_depth, "frame", oid))
    out.append(_span(wall, a, b, z0 - 0.03, z0, -SILL_DEPTH, SILL_DEPTH + t / 2, "sill", oid))
    out.append(_span(wall, a + f, b - f, z0 + f, z1 - f, t / 2 - GLASS / 2, GLASS, "glass", oid))
    middle, centre = (a + b) / 2, (z0 + z1) / 2
    out.append(_span(wall, middle - MULLION / 2, middle + MULLION / 2, z0 + f, z1 - f, t / 2 - MULLION / 2,
                     MULLION, "mullion", oid))
    out.append(_span(wall, a + f, b - f, centre - MULLION / 2, centre + MULLION / 2, t / 2 - MULLION / 2,
                     MULLION, "mullion", oid))
    return out
