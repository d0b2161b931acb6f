"""The offline coder's architecture (issue 14): the scene graph's ``room`` (doors, windows, floor
and wall finishes) -> the program's :class:`~..architecture.room.Room`, and the relations to
openings made solvable: "a clock above the door" hangs on the door's wall over it, "keep the
doorway clear" lists what stands on the floor.

Openings on one wall share it evenly; a door alone on its wall stands near one end (furniture
takes the middle). Outdoors there are no walls: openings and the relations naming them are
dropped, with a warning.
"""

from __future__ import annotations

import logging
import math
from collections.abc import Mapping, Sequence
from typing import Any

from .....skill_library.compass import SIDES as WALL_SIDES
from .....skill_library.compass import along_axis
from .....skill_library.roles import roles as relation_roles
from ...architecture.room import DEFAULT_OPENING, Finish, Opening, Room
from ...assets.catalog import Catalog
from ...assets.phrase import normalise
from ...knowledge.objects import load_knowledge
from ...model import Bounds, Constraint, ObjectSpec
from ..reading.closed_words import word_set
from ..setting.indoor_outdoor import ground_colour

log = logging.getLogger(__name__)

DOOR_END_GAP = 0.3  # m between a lone door's frame and the corner
CORNER_KEY = "corner:"  # corner_room's key for the room a thing standing in a named corner needs there
BY_CORNER_KEY = "by_corner:"  # corner_room's key for an opening a thing standing in a corner is by
CORNER_NAMES = frozenset({"ne", "nw", "se", "sw"})
END_CORNER = {"north": "ne", "south": "se", "east": "ne", "west": "nw"}  # the corner at a wall's + end
CORNER_MARGIN = 0.15  # m beside a thing standing in the corner by a door, between it and the frame
ABOVE_GAP = 0.12  # m between an opening's top and what hangs over it
WIDE_WORDS = word_set("wide_opening_words")  # "french doors", "a bay window"
WIDE = {"door": 1.5, "window": 2.0}
LONG_RATIO = 1.3  # a square room whose "long wall" the text names is this much longer east-west
SHAPED = frozenset({"long", "short", "long_other", "short_other"})  # walls named by the room's shape (and across)
ACROSS = {"north": "south", "south": "north", "east": "west", "west": "east"}
RUN_GAP = 0.05  # m between things standing side by side at one wall
RUN_MARGIN = 0.6  # m of wall left over at the ends of such a run
SQUARE_TOL = 0.05  # m: sides closer than this make a square room
MIN_TYPICAL_SIDE = 2.0  # m: a room of a typical size is never narrower (a sauna, a walk-in closet)
SILL_CLEAR = 0.03  # m between the top of a thing standing under a window and the window's raised sill
MIN_WINDOW = 0.6  # m: a window whose sill is raised keeps at least this height (else the sill stays lower)


def split_constraints(objects: Sequence[ObjectSpec], constraints: Sequence[Constraint]
                      ) -> tuple[list[Constraint], list[Constraint]]:
    """(constraints over objects only, constraints naming an opening or a wall)."""
    ids = {o.id for o in objects}
    inner = [c for c in constraints if set(c.args) <= ids]
    return inner, [c for c in constraints if not set(c.args) <= ids]


def stated_size(room: Mapping[str, Any] | None, bounds: Bounds) -> Bounds:
    """The bounds with the floor size the text stated (``room.size``: [east-west, north-south]
    metres), centred where they were; unchanged when none (or not two positive numbers) was."""
    size = (room or {}).get("size")
    if not isinstance(size, (list, tuple)) or len(size) != 2 or not all(
            isinstance(v, (int, float)) and not isinstance(v, bool) and v > 0 for v in size):
        return bounds
    cx, cy = (bounds.min[0] + bounds.max[0]) / 2, (bounds.min[1] + bounds.max[1]) / 2
    w, d = float(size[0]) / 2, float(size[1]) / 2
    return Bounds((round(cx - w, 4), round(cy - d, 4), bounds.min[2]),
                  (round(cx + w, 4), round(cy + d, 4), bounds.max[2]))


def typical_size(room: Mapping[str, Any] | None) -> tuple[float, float] | None:
    """The room type's typical floor size (scene graph ``room.typical_size``: [x, y] metres, from
    its archetype), when the graph has one and the text stated no size; else None."""
    typical = (room or {}).get("typical_size")
    if (room or {}).get("size") is not None or not isinstance(typical, (list, tuple)) or len(typical) != 2 \
            or not all(isinstance(v, (int, float)) and not isinstance(v, bool) and v > 0 for v in typical):
        return None
    return float(typical[0]), float(typical[1])


def fit_typical(typical: Sequence[float], area_side: float, spans: tuple[float, float], height: float) -> Bounds:
    """Bounds of the typical floor size grown to fit what stands in the room: scaled (keeping its
    shape) until its area holds ``area_side`` squared, then each side at least the first of
    ``spans`` (the longest row, ring or object with its margins) and :data:`MIN_TYPICAL_SIDE`, the
    longer side at least the second (two things kept apart, a run of things along a wall)."""
    x, y = typical
    scale = max(1.0, area_side / math.sqrt(x * y))
    x, y = max(x * scale, spans[0], MIN_TYPICAL_SIDE), max(y * scale, spans[0], MIN_TYPICAL_SIDE)
    x, y = (max(x, spans[1]), y) if x >= y else (x, max(y, spans[1]))
    hx, hy = round(x / 2, 2), round(y / 2, 2)
    return Bounds((-hx, -hy, 0.0), (hx, hy, round(height, 2)))


def shaped_walls(constraints: Sequence[Constraint], bounds: Bounds) -> Bounds:
    """"along the long wall", "against the short wall": walls named by the room's shape become
    sides: the long one the north wall (in view), the short one the west wall, of a room that
    has them; a square room grows east-west by :data:`LONG_RATIO` first, so that it does."""
    shaped = [c for c in constraints if c.params.get("wall") in SHAPED]
    if not shaped:
        return bounds
    width, depth = bounds.max[0] - bounds.min[0], bounds.max[1] - bounds.min[1]
    if abs(width - depth) < SQUARE_TOL:
        grow = round(width * (LONG_RATIO - 1) / 2, 2)
        bounds = Bounds((bounds.min[0] - grow, bounds.min[1], bounds.min[2]),
                        (bounds.max[0] + grow, bounds.max[1], bounds.max[2]))
        width += 2 * grow
    long_side, short_side = ("north", "west") if width > depth else ("west", "north")
    sides = {"long": long_side, "short": short_side, "long_other": ACROSS[long_side], "short_other": ACROSS[short_side]}
    for con in shaped:
        con.params["wall"] = sides[con.params["wall"]]  # "both long walls": the long one and the one across
    return bounds


def wall_run(constraints: Sequence[Constraint], sizes: Mapping[str, tuple[float, float, float]]) -> float:
    """The longest run of things stood against one named wall: their widths side by side, plus
    :data:`RUN_GAP` between them and :data:`RUN_MARGIN` at the ends ("line the back wall with
    counters; the fridge against the same wall": the wall is at least that long), or of a thing and
    the things kept level with it on its left and right (``lateral_margin``); 0 when none."""
    runs: dict[str, list[float]] = {}
    for con in constraints:
        wall = con.params.get("wall")
        if con.relation == "against_wall" and con.args and con.args[0] in sizes and wall in WALL_SIDES:
            runs.setdefault(str(wall), []).append(sizes[con.args[0]][0])
    for con in constraints:  # "a desk left of the bed, a wardrobe right of it": level with it, side by side
        if con.relation in relation_roles().left_right and "lateral_margin" in con.params and con.args[-1] in sizes:
            runs.setdefault(con.args[-1], [sizes[con.args[-1]][0]]).append(sizes.get(con.args[0], (0.0,))[0])
    return max((sum(w) + RUN_GAP * (len(w) - 1) + RUN_MARGIN for w in runs.values()), default=0.0)


def corner_room(objects: Sequence[ObjectSpec], constraints: Sequence[Constraint]) -> dict[str, float]:
    """"A floor lamp in the corner by the door": opening id -> the room a lone door leaves between
    its frame and the corner at its end, for a thing related to it that stands in a corner (its
    footprint's larger side and :data:`CORNER_MARGIN`), or for one of two things mirrored about it
    ("bookcases either side of the doorway"); :data:`DOOR_END_GAP` left no room for one."""
    sizes = {o.id: max(o.dimensions[:2]) for o in objects}
    cornered = {c.args[0] for c in constraints if c.relation == "in_corner" and c.args and c.args[0] in sizes}
    out: dict[str, float] = {}
    for con in constraints:
        if len(con.args) == 2 and con.args[0] in cornered and con.args[1] not in sizes:
            out[con.args[1]] = max(out.get(con.args[1], 0.0), sizes[con.args[0]] + CORNER_MARGIN)
            out[BY_CORNER_KEY + con.args[1]] = out[con.args[1]]  # a window keeps to that end too
        corner = con.params.get("corner")
        if con.relation == "in_corner" and con.args and con.args[0] in sizes and corner in CORNER_NAMES:
            key = CORNER_KEY + str(corner)  # "a plant in each corner": the door keeps clear of every one
            out[key] = max(out.get(key, 0.0), sizes[con.args[0]] + CORNER_MARGIN)
        if con.relation == "symmetric" and len(con.args) == 3 and con.args[2] not in sizes and con.args[0] in sizes:
            out[con.args[2]] = max(out.get(con.args[2], 0.0), sizes[con.args[0]] + CORNER_MARGIN)  # either side of it
    return out


def raised_sills(objects: Sequence[ObjectSpec], constraints: Sequence[Constraint]) -> dict[str, float]:
    """"The cot sits under the window": window id -> the sill that clears the tallest thing the
    program stands under it (its height and :data:`SILL_CLEAR`), for windows whose default sill it
    would not clear. The window is the program's own: the text said what stands under it, not how
    high its sill is."""
    heights = {o.id: o.dimensions[2] for o in objects}
    default = DEFAULT_OPENING["window"][2]
    out: dict[str, float] = {}
    for con in constraints:
        if con.relation == "under_window" and len(con.args) == 2 and con.args[0] in heights:
            need = round(heights[con.args[0]] + SILL_CLEAR, 3)
            if need > default:
                out[con.args[1]] = max(out.get(con.args[1], 0.0), need)
    return out


def code_room(room: Mapping[str, Any] | None, bounds: Bounds, outdoor: bool, catalog: Catalog,
              corners: Mapping[str, float] | None = None, sills: Mapping[str, float] | None = None) -> Room:
    """The program's room: indoor walls (or outdoor ground) of the bounds' height, the graph's
    openings spread along their walls and its floor/wall finishes; ``corners``: the room a door
    leaves at its corner (:func:`corner_room`); ``sills``: windows raised over what stands under
    them (:func:`raised_sills`)."""
    height = round(bounds.max[2] - bounds.min[2], 3)
    room = room or {}
    finishes = {part: _finish(room.get(part), catalog) for part in ("floor", "walls")}
    if outdoor:
        if room.get("openings"):
            log.warning("an outdoor scene has no walls: its doors and windows are left out")
        return Room(kind="outdoor", height=height, floor=_ground(finishes["floor"], room.get("setting")))
    openings = _openings(room.get("openings", []), bounds, height, corners or {}, sills or {})
    return Room(kind="indoor", height=height, floor=finishes["floor"], walls=finishes["walls"],
                openings=tuple(openings))


def _ground(said: Finish, setting: Any) -> Finish:
    """The ground of an outdoor scene: the finish the text gave, else the scene's (sand on a beach)."""
    if said.color is not None or said.words or not isinstance(setting, Mapping):
        return said
    colour = ground_colour(setting.get("ground"))
    return said if colour is None else Finish(color=colour, words=(str(setting["ground"]),))


def _finish(raw: Any, catalog: Catalog) -> Finish:
    """A floor/walls finish from its words: the colour word's RGB, the material word."""
    if not isinstance(raw, Mapping):
        return Finish()
    words = tuple(str(w) for w in raw.get("words", ()))
    materials = [w for w in words if catalog.is_material(w)]
    colour = catalog.last_colour(words)  # "pale green": a pale green (assets/tones.py)
    return Finish(color=tuple(round(c, 4) for c in colour.color) if colour else None,  # type: ignore[arg-type]
                  material=materials[0] if materials else None, words=words)


def object_finish(hints: Sequence[str], catalog: Catalog, category: str = "") -> dict[str, Any]:
    """An object's ``color`` (its last colour word: "dark green" is green; none said: its
    category's typical colour from the object knowledge base, a rubber duck yellow, unless a material
    is said) and ``material``."""
    words = [w for hint in hints for w in normalise(str(hint)).split()]
    colours = [w for w in words if not catalog.is_material(w) and catalog.finish([w]) is not None]
    materials = [w for w in words if catalog.is_material(w)]
    facts = load_knowledge().lookup(category) if category and not colours and not materials else None
    colour = colours[-1] if colours else (facts.colour if facts is not None else None)
    return {"color": colour, "material": materials[0] if materials else None}


def _openings(raw: Sequence[Any], bounds: Bounds, height: float, corners: Mapping[str, float],
              sills: Mapping[str, float]) -> list[Opening]:
    by_wall: dict[str, list[Mapping[str, Any]]] = {}
    for item in raw:
        by_wall.setdefault(str(item.get("wall") or "north"), []).append(item)
    out = []
    for wall, items in by_wall.items():
        length = bounds.max[along_axis(wall)] - bounds.min[along_axis(wall)]
        sizes = [_size(item, height, sills.get(str(item.get("id")))) for item in items]
        for item, offset, (width, tall, sill) in zip(items, _offsets(items, sizes, length, corners), sizes,
                                                     strict=True):
            kind = str(item["kind"])
            out.append(Opening(id=str(item["id"]), kind=kind, wall=wall, offset=round(offset, 3), width=width,
                               height=tall, sill=sill,
                               clearance=width if kind == "door" else 0.0))
    return sorted(out, key=lambda o: o.id)


def _size(item: Mapping[str, Any], room_height: float, raised: float | None = None) -> tuple[float, float, float]:
    """(width, height, sill) of an opening: the defaults, wider for "a double door", "a large window";
    a window's sill ``raised`` over what stands under it while the window keeps :data:`MIN_WINDOW`."""
    kind = str(item["kind"])
    width, tall, sill = DEFAULT_OPENING[kind]
    words = {w for hint in item.get("hints", ()) for w in normalise(str(hint)).split()}
    if words & WIDE_WORDS:
        width = WIDE[kind]
    if raised is not None and raised > sill and room_height - raised - 0.1 >= MIN_WINDOW:
        sill = raised
    return width, min(tall, room_height - sill - 0.1), sill


def _offsets(items: Sequence[Mapping[str, Any]], sizes: Sequence[tuple[float, float, float]],
             length: float, corners: Mapping[str, float]) -> list[float]:
    """Centres along a wall from its midpoint: a lone door near the +end (leaving its corner the
    room ``corners`` asks for: what flanks the door and what stands in that corner, side by side),
    and so a lone window that a thing in a corner stands by ("an armchair in the corner by the
    window"), else evenly spread."""
    if len(items) == 1 and (items[0]["kind"] == "door" or BY_CORNER_KEY + str(items[0].get("id")) in corners):
        gap = max(DOOR_END_GAP, corners.get(str(items[0].get("id")), 0.0)
                  + corners.get(CORNER_KEY + END_CORNER.get(str(items[0].get("wall") or "north"), ""), 0.0))
        return [max(0.0, length / 2 - sizes[0][0] / 2 - gap)]
    step = length / (len(items) + 1)
    return [step * (i + 1) - length / 2 for i in range(len(items))]


def opening_constraints(constraints: Sequence[Constraint], objects: Sequence[ObjectSpec], room: Room,
                        placed: Sequence[Constraint] = ()) -> list[Constraint]:
    """The relations naming openings, made solvable: those naming an opening the room lacks are
    dropped (logged); ``above(a, opening)`` also hangs a on the opening's wall over its top;
    ``clear(opening)`` without members lists what stands on the floor (``placed``: the relations
    between objects, which say what stands on what)."""
    known = {o.id: o for o in room.openings}
    walls = {f"{w}_wall" for w in WALL_SIDES} if room.indoor else set()
    by_id = {o.id: o for o in objects}
    out: list[Constraint] = []
    for con in constraints:
        missing = [a for a in con.args if a not in by_id and a not in known and a not in walls]
        if missing:
            log.warning("dropped %s: no %s in this scene", con.label(), ", ".join(missing))
            continue
        opening = known.get(con.args[-1])
        if con.relation == "above" and opening is not None and con.args[0] in by_id:
            out.append(_hang_over(con, by_id[con.args[0]], opening))
        if con.relation == "clear" and len(con.args) == 1:
            con = Constraint(relation="clear", args=(con.args[0], *_standing(objects, [*placed, *constraints])),
                             params=con.params, weight=con.weight, hard=con.hard)
        out.append(con)
    return out


def _hang_over(con: Constraint, obj: ObjectSpec, opening: Opening) -> Constraint:
    """on_wall on the opening's wall with its centre just over the opening's top."""
    height = opening.sill + opening.height + ABOVE_GAP + obj.dimensions[2] / 2
    return Constraint(relation="on_wall", args=(obj.id,), params={"wall": opening.wall, "height": round(height, 3)},
                      weight=con.weight)


def _standing(objects: Sequence[ObjectSpec], constraints: Sequence[Constraint]) -> tuple[str, ...]:
    """Objects that stand on the floor: not carried by another, not hung on a wall or ceiling."""
    knowledge = load_knowledge()
    off_floor = relation_roles().carrying | relation_roles().floating | {"on_wall"}
    carried = {c.args[0] for c in constraints if c.relation in off_floor and c.args}
    carried |= {a for c in constraints if c.relation in relation_roles().stacking for a in c.args[1:]}
    out = []
    for obj in objects:
        facts = knowledge.lookup(obj.category)
        if obj.id in carried or (facts is not None and facts.mount in ("wall", "ceiling")):
            continue
        out.append(obj.id)
    return tuple(out)


SIDE_VIEW = 45.0  # deg: a seat facing a screen more loosely than this sees it from the side


def side_viewed(constraints: Sequence[Constraint]) -> set[frozenset[str]]:
    """Pairs a seat sees from the side (a sofa of an L and a TV on a side wall): no viewing distance."""
    return {frozenset(c.args[:2]) for c in constraints
            if c.relation == "facing" and float(c.params.get("tolerance_deg", 0.0)) > SIDE_VIEW}


CENTRE_MARGIN = 0.3  # m: room to pass between a thing in the middle, its neighbour and the wall
FLAT = 0.1  # m: a thing lower than this (a rug, a mat) lies under others, it takes no room beside them


def centred_span(objects: Sequence[ObjectSpec], constraints: Sequence[Constraint]) -> float:
    """The room side one big thing in the middle needs: its short side plus, on either side, room
    for the longest free-standing thing of the rest and a passage ("a reception desk in the middle,
    two sofas near the entrance": 0.8 + 2 x 2.3 m, not the 4.2 m the floor area gave). 0 without
    exactly one centred floor thing (a grid of chairs each centred is a group, sized as one)."""
    centred = {c.args[0] for c in constraints if c.relation == "centered" and len(c.args) == 1}
    standing = set(_standing(objects, constraints))
    if len(centred) != 1 or not centred <= standing:
        return 0.0
    sizes = {o.id: o.dimensions for o in objects}
    (middle,) = centred
    others = [max(sizes[i][:2]) for i in standing - centred if sizes[i][2] >= FLAT]  # (a rug lies under it)
    return min(sizes[middle][:2]) + 2 * (max(others, default=0.0) + CENTRE_MARGIN) if others else 0.0


def fill_levels(objects: Sequence[ObjectSpec], constraints: Sequence[Constraint]) -> None:
    """A quantified relation counting things on a named surface ("at least three books on the second
    shelf") gets the surface's ``level`` in its member params, as mounting does for on_top_of itself."""
    by_id = {o.id: o for o in objects}
    knowledge = load_knowledge()
    for con in constraints:
        raw = str(con.params.get("relation_params", ""))
        if con.relation not in relation_roles().quantified or "surface=" not in raw or con.args[-1] not in by_id:
            continue
        parent = by_id[con.args[-1]]
        facts = knowledge.lookup(parent.category)
        pairs = dict(p.split("=", 1) for p in raw.split(";") if "=" in p)
        surfaces = {s.name: s for s in (facts.surfaces_at(parent.dimensions) if facts is not None else ())}
        if pairs.get("surface") in surfaces:
            pairs["level"] = str(round(min(1.0, surfaces[pairs["surface"]].height / parent.dimensions[2]), 5))
        else:
            pairs.pop("surface", None)
        con.params["relation_params"] = ";".join(f"{k}={v}" for k, v in sorted(pairs.items()))
