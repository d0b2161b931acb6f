"""Architecture a model names as an object (issue 13 follow-up): a constraint script (or a plan)
that declares ``add_object("window_1", "window", ...)``, a door, a doorway or a wall, floor or
ceiling gets architecture, not a box standing on the floor.

The knowledge base says which categories are architecture (``architecture`` in objects.json,
:meth:`~..knowledge.objects.Knowledge.architecture_kind`); nothing here is keyed to a phrasing.

* a door or window becomes an opening under the same id, cut in its wall: the wall a relation or a
  parameter names (``against_wall(window_1, wall="north")``, a relation to ``east_wall`` or to a
  wall object whose side is known), else the one nearest its ``location``, else the wall with
  fewest openings; relations to it keep naming it (openings are architecture ids);
* a wall / floor / ceiling object is the room's own element: its colour and material go to the
  room's walls / floor finish (a ceiling object turns the ceiling on), relations naming a wall
  object name that wall (``north_wall``), and relations that place only architecture go.
"""

from __future__ import annotations

import logging
import re
from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field, replace
from typing import Any

from ....skill_library.compass import wall_gaps
from ..assets.phrase import normalise
from ..knowledge.objects import load_knowledge
from ..model import Bounds, Constraint, ObjectSpec, Program
from .geometry import along_axis, named_wall, wall_lengths
from .room import DEFAULT_OPENING, WALLS, Finish

log = logging.getLogger(__name__)

OPENINGS = ("door", "window")
SURFACES = {"wall": "walls", "floor": "floor"}  # element kind -> the room finish it paints
DEFAULT_ORDER = ("north", "east", "west", "south")  # where an unplaced opening goes, fewest first
EDGE_GAP = 0.1  # m an opening keeps from its wall's ends
TOP_GAP = 0.05  # m an opening keeps below the ceiling
ROOM_DEFAULTS: dict[str, Any] = {"kind": "indoor", "height": 2.7, "shape": "rect", "notch": None, "floor": None,
                                 "walls": None, "ceiling": False, "openings": [], "paths": []}


@dataclass
class Folded:
    """The script's declarations with its architecture objects folded into the room."""

    objects: list[ObjectSpec]
    constraints: list[Constraint]
    room: dict[str, Any] | None
    extras: dict[str, dict[str, Any]] = field(default_factory=dict)
    folded: dict[str, str] = field(default_factory=dict)  # object id -> door/window/wall/floor/ceiling


def architecture_ids_of(categories: Mapping[str, str]) -> dict[str, str]:
    """``{id: kind}`` for the ids whose category the knowledge base calls architecture."""
    kinds = {oid: architecture_kind(category) for oid, category in categories.items()}
    return {oid: kind for oid, kind in kinds.items() if kind}


def architecture_kind(category: str) -> str | None:
    """The knowledge base's architecture kind of a category: the whole phrase ("doorway"), else its
    head noun when the phrase is no object category ("sliding door", "accent wall", not "wall clock")."""
    knowledge = load_knowledge()
    words = normalise(category).split()
    kind = knowledge.architecture_kind(category)
    if kind is None and len(words) > 1 and knowledge.lookup(category) is None:
        kind = knowledge.architecture_kind(words[-1])
    return kind


def fold_architecture(objects: Sequence[ObjectSpec], constraints: Sequence[Constraint], room: Mapping[str, Any] | None,
                      bounds: Bounds | None, extras: Mapping[str, Mapping[str, Any]]) -> Folded:
    """Fold the architecture objects into the room (see the module docstring); unchanged when
    there are none, or outdoors (no walls to cut or paint: they stay objects)."""
    kinds = architecture_ids_of({o.id: o.category for o in objects})
    if not kinds or (room or {}).get("kind", "indoor") != "indoor":
        return Folded(list(objects), list(constraints), dict(room) if room else None,
                      {k: dict(v) for k, v in extras.items()})
    tall = bounds.max[2] - bounds.min[2] if bounds is not None else 0.0
    out = {**ROOM_DEFAULTS, **({"height": round(tall, 3)} if room is None and tall > 2.0 else {}), **(room or {})}
    out["openings"] = list(out.get("openings") or [])
    by_id = {o.id: o for o in objects}
    sides = _sides(kinds, by_id, constraints, bounds)
    for oid, kind in kinds.items():
        if kind in OPENINGS and all(o.get("id") != oid for o in out["openings"]):
            out["openings"].append(_opening(by_id[oid], kind, sides.get(oid), out, bounds))
        elif kind in SURFACES and out.get(SURFACES[kind]) is None:
            out[SURFACES[kind]] = _finish(extras.get(oid, {}), by_id[oid].category)
        elif kind == "ceiling":
            out["ceiling"] = True
    kept_extras = {k: dict(v) for k, v in extras.items() if k not in kinds}
    real = {o.id for o in objects if o.id not in kinds}
    kept = _constraints(constraints, kinds, sides, bounds, kept_extras, real)
    log.info("architecture named as objects folded into the room: %s", kinds)
    return Folded([o for o in objects if o.id not in kinds], kept, out, kept_extras, kinds)


def _named_side(text: str) -> str | None:
    """A wall side written in an id or category ("east_window", "North wall")."""
    found = [w for w in re.split(r"[^a-z]+", text.lower()) if w in WALLS]
    return found[0] if found else None


def _nearest_side(location: Sequence[float] | None, bounds: Bounds | None) -> str | None:
    if location is None or bounds is None:
        return None
    gaps = wall_gaps(location, location, bounds.min, bounds.max)  # a point: its gap to each wall side
    return min(WALLS, key=lambda w: gaps[w])


def _sides(kinds: Mapping[str, str], by_id: Mapping[str, ObjectSpec], constraints: Sequence[Constraint],
           bounds: Bounds | None) -> dict[str, str]:
    """The wall side of each wall, door and window object: named, related, or nearest its location."""
    sides: dict[str, str] = {}
    for oid, kind in kinds.items():
        if kind in ("wall", *OPENINGS):
            side = _named_side(oid) or _named_side(by_id[oid].category)
            side = side or named_wall(constraints, oid) or _nearest_side(by_id[oid].location, bounds)
            if side:
                sides[oid] = side
    for _ in range(2):  # a window related to a wall object whose side is known takes that side
        for con in constraints:
            known = [sides.get(a) or _named_side(a) for a in con.args if a in sides or a.endswith("_wall")]
            for arg in con.args:
                if kinds.get(arg) in ("wall", *OPENINGS) and arg not in sides and known and known[0]:
                    sides[arg] = known[0]
    return sides


def _opening(obj: ObjectSpec, kind: str, side: str | None, room: Mapping[str, Any],
             bounds: Bounds | None) -> dict[str, Any]:
    """The opening an object stands for: its wall, its size (within the wall), its place along it."""
    openings = room["openings"]
    if side is None:
        side = min(DEFAULT_ORDER, key=lambda w: (sum(o["wall"] == w for o in openings), DEFAULT_ORDER.index(w)))
    typical = load_knowledge().openings.get(kind)
    width, height, sill = DEFAULT_OPENING[kind]
    if typical is not None:
        width, height, sill = typical.width, typical.height, typical.sill
    length = wall_lengths(bounds)[side] if bounds is not None else None
    dims = obj.dimensions
    if dims[2] > 0.3:
        width, height = max(dims[0], dims[1], 0.3), dims[2]
    if length is not None:
        width = min(width, max(0.3, length - 2 * EDGE_GAP))
    height = max(0.3, min(height, float(room.get("height", 2.7)) - TOP_GAP - sill))
    raw = {"kind": kind, "wall": side, "id": obj.id, "width": round(width, 4), "height": round(height, 4),
           "sill": sill, "offset": _offset(obj, side, width, openings, length, bounds)}
    return raw


def _offset(obj: ObjectSpec, side: str, width: float, openings: Sequence[Mapping[str, Any]], length: float | None,
            bounds: Bounds | None) -> float:
    """Along the wall from its midpoint: the object's location projected, else clear of the openings
    already on that wall (the first free spot from the middle outward)."""
    if length is None or bounds is None:
        return 0.0
    axis = along_axis(side)
    half = length / 2 - width / 2 - EDGE_GAP
    if obj.location is not None:
        mid = (bounds.max[axis] + bounds.min[axis]) / 2
        return round(max(-half, min(half, obj.location[axis] - mid)), 4)
    taken = [(float(o.get("offset", 0.0)), float(o.get("width", 1.0))) for o in openings if o["wall"] == side]
    steps = [0.0] + [s * k * 0.25 for k in range(1, 41) for s in (1, -1)]
    for step in steps:
        if abs(step) <= half and all(abs(step - at) >= (w + width) / 2 + EDGE_GAP for at, w in taken):
            return round(step, 4)
    return 0.0


def _finish(extras: Mapping[str, Any], category: str) -> dict[str, Any]:
    """A walls/floor finish from a wall/floor object's colour and material (words or [r, g, b])."""
    from ..assets.catalog import load_catalog
    color, material = extras.get("color"), extras.get("material")
    words = [w for w in (color if isinstance(color, str) else None, material) if w]
    rgb = list(color) if color is not None and not isinstance(color, str) else None
    if rgb is None and isinstance(color, str):
        found = load_catalog().finish([color])
        rgb = [round(c, 4) for c in found.color] if found is not None else None
    words += [w for w in category.lower().split() if load_catalog().finish([w]) is not None and w not in words]
    return {"color": rgb, "material": material, "words": words}


def _constraints(constraints: Sequence[Constraint], kinds: Mapping[str, str], sides: Mapping[str, str],
                 bounds: Bounds | None, extras: dict[str, dict[str, Any]], real: set[str]) -> list[Constraint]:
    """Relations renamed to the room's elements: a wall object is its wall, an opening keeps its id;
    a relation to the floor goes (the floor is where things stand), one to the ceiling hangs its
    subject there; a relation that places only architecture goes."""
    kept = []
    for con in constraints:
        objects = [a for a in con.args if a in real]
        if not objects:
            continue
        if any(kinds.get(a) in ("floor", "ceiling") for a in con.args):
            if any(kinds.get(a) == "ceiling" for a in con.args):
                extras.setdefault(objects[0], {}).setdefault("mount", "ceiling")
            continue
        args = tuple(f"{sides.get(a, 'north')}_wall" if kinds.get(a) == "wall" else a for a in con.args)
        if bounds is None and any(a in kinds or a.endswith("_wall") for a in args):
            log.warning("%s names architecture in a script without bounds: left out", con.label())
            continue
        kept.append(replace(con, args=args) if args != con.args else con)
    return kept


def with_planned_finishes(program: Program, planned: Sequence[tuple[str, str]]) -> Program:
    """``program`` with the walls / floor painted as a plan's wall or floor objects describe them
    (``(category, description)``: "wall", "a red brick accent wall"), where its script left that
    finish empty: the first colour word and the first material word the asset catalog knows."""
    from ..assets.catalog import load_catalog
    room = program.room
    if room is None or not room.indoor:
        return program
    catalog = load_catalog()
    finishes: dict[str, Finish] = {}
    for category, description in planned:
        part = SURFACES.get(architecture_kind(category) or "")
        said = room.walls if part == "walls" else room.floor
        if part is None or part in finishes or said.color is not None or said.words or said.material:
            continue
        words = [w for w in normalise(f"{description} {category}").split()]
        colour = next((w for w in words if not catalog.is_material(w) and catalog.finish([w]) is not None), None)
        material = next((w for w in words if catalog.is_material(w)), None)
        if colour or material:
            found = catalog.finish([colour]) if colour else None
            finishes[part] = Finish(color=tuple(round(c, 4) for c in found.color) if found else None,  # type: ignore[arg-type]
                                    material=material, words=tuple(w for w in (colour, material) if w))
    if not finishes:
        return program
    return replace(program, room=replace(room, walls=finishes.get("walls", room.walls),
                                         floor=finishes.get("floor", room.floor)))
