"""Readers of the layout / program / scene-graph documents into scene facts (v1 and v2)."""

from __future__ import annotations

import math
from collections import defaultdict
from typing import Any, Mapping, Sequence

from ....skill_library.compass import CLOCKWISE, along_axis
from ..errors import BadInput
from .facts import (GENERATED, ConstraintFact, ObjectFact, OpeningFact, RoomFact, SurfaceSpec, WallFact,
                    object_fact)
from .geometry import Box



def _vec(value: Any, size: int, where: str) -> tuple[float, ...]:
    if not isinstance(value, (list, tuple)) or len(value) != size:
        raise BadInput(f"expected {size} numbers, got {value!r}", where)
    try:
        numbers = tuple(float(v) for v in value)
    except (TypeError, ValueError):
        raise BadInput(f"expected {size} numbers, got {value!r}", where) from None
    if not all(math.isfinite(v) for v in numbers):
        raise BadInput(f"expected finite numbers, got {value!r}", where)
    return numbers


def _words(value: Any) -> str | None:
    """Colour/material as text: words, an RGB triple, or a {color, material, words} dict."""
    if value is None or value == "" or value == []:
        return None
    if isinstance(value, (list, tuple)) and len(value) == 3 and all(isinstance(v, (int, float)) for v in value):
        return "rgb(" + ", ".join(f"{float(v):.2f}" for v in value) + ")"
    if isinstance(value, (list, tuple)):
        return " ".join(str(v) for v in value)
    return str(value)


def _surfaces(spec: Mapping[str, Any], where: str) -> tuple[SurfaceSpec, ...]:
    out = []
    for index, item in enumerate(spec.get("surfaces") or ()):
        if not isinstance(item, Mapping) or "name" not in item:
            raise BadInput("a surface needs a name", f"{where}.surfaces[{index}]")
        lo = _vec(item["min"], 2, f"{where}.surfaces[{index}].min") if item.get("min") is not None else None
        hi = _vec(item["max"], 2, f"{where}.surfaces[{index}].max") if item.get("max") is not None else None
        out.append(SurfaceSpec(name=str(item["name"]), height=float(item.get("height", 0.0)),
                               local_min=lo, local_max=hi))  # type: ignore[arg-type]
    return tuple(out)


def objects_of(layout: Mapping[str, Any], program: Mapping[str, Any],
               graph: Mapping[str, Any]) -> tuple[ObjectFact, ...]:
    """The layout's objects, with surfaces from the program and descriptions from the plan."""
    planned = {str(o.get("id")): o for o in program.get("objects", ()) if isinstance(o, Mapping)}
    described = {str(a.get("id")): a for a in graph.get("assets", ()) if isinstance(a, Mapping)}
    objects = layout.get("objects")
    if not isinstance(objects, list):
        raise BadInput("'objects' must be a list", "layout.json: objects")
    return tuple(_object(item, index, planned, described) for index, item in enumerate(objects))


def _object(item: Any, index: int, planned: Mapping[str, Any], described: Mapping[str, Any]) -> ObjectFact:
    where = f"layout.json: objects[{index}]"
    if not isinstance(item, Mapping) or not item.get("id") or not item.get("category"):
        raise BadInput("an object needs an id and a category", where)
    oid = str(item["id"])
    location = _vec(item.get("location"), 3, f"{where}.location")
    rotation = _vec(item.get("rotation_euler", (0.0, 0.0, 0.0)), 3, f"{where}.rotation_euler")
    dims = _vec(item.get("dimensions"), 3, f"{where}.dimensions")
    plan = planned.get(oid, {})
    support = item.get("support")
    mount = str(item.get("mount") or plan.get("mount") or _mount_of(support))
    return object_fact(
        oid, str(item["category"]), location, rotation[2], dims, asset=str(item.get("asset") or ""),
        description=str(described.get(oid, {}).get("description", "") or ""), locked=bool(item.get("locked", False)),
        source=str(item.get("source") or GENERATED),
        mount=mount, support=str(support) if support else "ground",
        support_surface=str(item["support_surface"]) if item.get("support_surface") else None,
        color=_words(item.get("color", plan.get("color"))), material=_words(item.get("material", plan.get("material"))),
        surfaces=_surfaces(plan, f"program.json: objects '{oid}'"))


def _mount_of(support: Any) -> str:
    """The mount a layout that does not say it implies: layout/4 names a hung object's wall or ceiling."""
    if support in (None, "ground"):
        return "floor"
    return "ceiling" if support == "ceiling" else "wall" if str(support).endswith("_wall") else "surface"


def room_of(layout: Mapping[str, Any], objects: Sequence[ObjectFact]) -> RoomFact:
    """The room: v2's ``room`` over the bounds, v1's bounds as an indoor room, or an open floor."""
    bounds = layout.get("bounds")
    room = layout.get("room") if isinstance(layout.get("room"), Mapping) else None
    if not isinstance(bounds, Mapping):
        return RoomFact(kind="open", shape="rect", box=_extent(objects), height=0.0)
    lo = _vec(bounds.get("min"), 3, "layout.json: bounds.min")
    hi = _vec(bounds.get("max"), 3, "layout.json: bounds.max")
    box = Box(lo[0], lo[1], lo[2], hi[0], hi[1], hi[2])
    if room is None:
        height = hi[2] - lo[2]
        return RoomFact(kind="indoor", shape="rect", box=box, height=height, walls=_rect_walls(box, height))
    kind = str(room.get("kind", "indoor"))
    height = float(room.get("height", hi[2] - lo[2]))
    notch = _notch(room, box)
    walls = () if kind == "outdoor" else _walls(room, box, notch, height)
    return RoomFact(kind=kind, shape=str(room.get("shape", "rect")), box=box, height=height, walls=walls,
                    openings=_openings(room, walls), notch=notch,
                    floor_material=_words((room.get("floor") or {}).get("material")),
                    wall_material=_words((room.get("walls") or {}).get("material")
                                         if isinstance(room.get("walls"), Mapping) else None))


def _extent(objects: Sequence[ObjectFact]) -> Box:
    if not objects:
        return Box(0.0, 0.0, 0.0, 0.0, 0.0, 0.0)
    box = objects[0].box
    for obj in objects[1:]:
        box = box.union(obj.box)
    return box


def _rect_walls(box: Box, height: float) -> tuple[WallFact, ...]:
    """North, east, south, west walls along the bounds' sides, each running clockwise."""
    nw, ne = (box.min_x, box.max_y), (box.max_x, box.max_y)
    se, sw = (box.max_x, box.min_y), (box.min_x, box.min_y)
    ends = {"north": (nw, ne), "east": (ne, se), "south": (se, sw), "west": (sw, nw)}
    return tuple(WallFact(f"{side}_wall", side, ends[side][0], ends[side][1], height) for side in CLOCKWISE)


def _notch(room: Mapping[str, Any], box: Box) -> Box | None:
    notch = room.get("notch")
    if str(room.get("shape", "rect")) != "L" or not isinstance(notch, Mapping):
        return None
    w, d = _vec(notch.get("size"), 2, "layout.json: room.notch.size")
    corner = str(notch.get("corner", "ne"))
    x0 = box.max_x - w if "e" in corner else box.min_x
    y0 = box.max_y - d if "n" in corner else box.min_y
    return Box(x0, y0, box.min_z, x0 + w, y0 + d, box.max_z)


def _walls(room: Mapping[str, Any], box: Box, notch: Box | None, height: float) -> tuple[WallFact, ...]:
    """Walls given as segments in a v2 layout, else the bounds' sides (an L's notch cut out)."""
    given = room.get("walls")
    if isinstance(given, list):
        walls = []
        for index, wall in enumerate(given):
            where = f"layout.json: room.walls[{index}]"
            start, end = (wall.get("segment") or [None, None]) if isinstance(wall, Mapping) else (None, None)
            start, end = wall.get("start", start), wall.get("end", end)
            walls.append(WallFact(str(wall.get("id", f"wall_{index + 1}")), str(wall.get("side", "")),
                                  _vec(start, 2, where), _vec(end, 2, where), float(wall.get("height", height))))  # type: ignore[arg-type]
        return tuple(walls)
    walls = list(_rect_walls(box, height))
    if notch is None:
        return tuple(walls)
    return tuple(_cut_notch(walls, notch, height))


def _cut_notch(walls: list[WallFact], notch: Box, height: float) -> list[WallFact]:
    """The L-shaped outline, clockwise: the notch's corner replaced by its three inner corners;
    segments on the bounds' sides keep their side's name, the two inner ones are ``notch_wall_N``."""
    lo_x, hi_x = walls[3].start[0], walls[1].start[0]
    lo_y, hi_y = walls[2].start[1], walls[0].start[1]
    w, d = notch.max_x - notch.min_x, notch.max_y - notch.min_y
    corners = {"nw": [(lo_x, hi_y - d), (lo_x + w, hi_y - d), (lo_x + w, hi_y)],
               "ne": [(hi_x - w, hi_y), (hi_x - w, hi_y - d), (hi_x, hi_y - d)],
               "se": [(hi_x, lo_y + d), (hi_x - w, lo_y + d), (hi_x - w, lo_y)],
               "sw": [(lo_x + w, lo_y), (lo_x + w, lo_y + d), (lo_x, lo_y + d)]}
    which = ("n" if math.isclose(notch.max_y, hi_y) else "s") + ("e" if math.isclose(notch.max_x, hi_x) else "w")
    outline: list[tuple[float, float]] = []
    for name, point in (("nw", (lo_x, hi_y)), ("ne", (hi_x, hi_y)), ("se", (hi_x, lo_y)), ("sw", (lo_x, lo_y))):
        outline += corners[name] if name == which else [point]
    out, inner = [], 0
    for start, end in zip(outline, outline[1:] + outline[:1]):
        side = _side_of(start, end, lo_x, hi_x, lo_y, hi_y)
        if side == "notch":
            inner += 1
        out.append(WallFact(f"{side}_wall" if side != "notch" else f"notch_wall_{inner}", side, start, end, height))
    return out


def _side_of(start: tuple[float, float], end: tuple[float, float], lo_x: float, hi_x: float, lo_y: float,
             hi_y: float) -> str:
    """Which side of the bounds a wall segment lies on (``notch`` for an inner one)."""
    if math.isclose(start[1], end[1]):
        return "north" if math.isclose(start[1], hi_y) else "south" if math.isclose(start[1], lo_y) else "notch"
    return "east" if math.isclose(start[0], hi_x) else "west" if math.isclose(start[0], lo_x) else "notch"


def _openings(room: Mapping[str, Any], walls: Sequence[WallFact]) -> tuple[OpeningFact, ...]:
    by_side = {w.side: w for w in walls}
    out = []
    for index, item in enumerate(room.get("openings") or ()):
        where = f"layout.json: room.openings[{index}]"
        if not isinstance(item, Mapping) or not item.get("id") or item.get("wall") not in by_side:
            raise BadInput("an opening needs an id and the side of an existing wall", where)
        wall = by_side[str(item["wall"])]
        mx, my = (wall.start[0] + wall.end[0]) / 2.0, (wall.start[1] + wall.end[1]) / 2.0
        offset = float(item.get("offset", 0.0))
        x, y = (mx + offset, my) if along_axis(wall.side) == 0 else (mx, my + offset)
        width = float(item.get("width", 0.9))
        out.append(OpeningFact(str(item["id"]), str(item.get("kind", "door")), wall.side,
                               (x, y, float(item.get("sill", 0.0))), width, float(item.get("height", 2.0)),
                               float(item.get("clearance", width if item.get("kind", "door") == "door" else 0.0))))
    return tuple(out)


def constraints_of(layout: Mapping[str, Any], program: Mapping[str, Any],
                   graph: Mapping[str, Any]) -> tuple[ConstraintFact, ...]:
    """The program's constraints with the layout's scores and the plan's words (matched by
    relation and arguments, in order); the layout's list alone when there is no program."""
    scored: dict[tuple[str, tuple[str, ...]], list[Mapping[str, Any]]] = defaultdict(list)
    for item in layout.get("constraints") or ():
        if isinstance(item, Mapping):
            scored[(str(item.get("relation")), tuple(map(str, item.get("args", ()))))].append(item)
    words = _plan_words(graph)
    source = [c for c in program.get("constraints") or () if isinstance(c, Mapping)] or \
        [c for c in layout.get("constraints") or () if isinstance(c, Mapping)]
    out = []
    for index, item in enumerate(source):
        key = (str(item.get("relation")), tuple(map(str, item.get("args", ()))))
        result = scored[key].pop(0) if scored.get(key) else {}
        said = words[key].pop(0) if words.get(key) else ""
        out.append(ConstraintFact(
            index=index, relation=key[0], args=key[1], params=dict(item.get("params") or {}),
            weight=float(item.get("weight", 1.0)), hard=bool(item.get("hard", False)),
            score=float(result["score"]) if result.get("score") is not None else None,
            holds=bool(result["satisfied"]) if result.get("satisfied") is not None else None, words=said))
    return tuple(out)


def _plan_words(graph: Mapping[str, Any]) -> dict[tuple[str, tuple[str, ...]], list[str]]:
    """(relation, args) -> the prompt words of the plan's relation nodes, in order."""
    args: dict[str, dict[int, str]] = defaultdict(dict)
    for edge in graph.get("edges", ()):
        if isinstance(edge, Mapping):
            args[str(edge.get("relation"))][int(edge.get("role", 0))] = str(edge.get("asset"))
    out: dict[tuple[str, tuple[str, ...]], list[str]] = defaultdict(list)
    for node in graph.get("relations", ()):
        if isinstance(node, Mapping):
            ordered = tuple(args[str(node.get("id"))][i] for i in sorted(args[str(node.get("id"))]))
            out[(str(node.get("relation")), ordered)].append(str(node.get("source", "")))
    return out
