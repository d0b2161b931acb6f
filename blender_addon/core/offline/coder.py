"""The offline coder: scene graph -> constraint program (and the ``program.py`` script).

Every asset node becomes an object sized by the asset catalog (scaled to the node's
height when one is given); every relation node a constraint with weight 1.0 when the
text stated it and :data:`INFERRED_WEIGHT` when common sense added it. The bounds are a
room sized to what stands on the floor, so walls, corners and "the middle" mean
something; outdoor scenes get a larger, taller area.
"""

from __future__ import annotations

import math
from collections.abc import Mapping, Sequence
from dataclasses import dataclass

from ....skill_library.roles import roles as relation_roles
from ..assets.catalog import Catalog, load_catalog
from ..assets.families import load_families
from ..model import Bounds, Constraint, ObjectSpec, Program
from ..scene_graph import AssetNode, SceneGraph
from ..script_api import render_script
from ..stated_size import with_stated
from .lexicon import load_lexicon, resolve_asset
from .contents import fit_contents, lengthen_hosts, square_rows
from .inference import SEAT_GAP, SOFA_TABLE_GAP
from .setting import Setting, decide_setting, object_leaning
from .scene_extent import outdoor_bounds
from . import room_coder as rooms
from .room_coder import (code_room, corner_room, fill_levels, fit_typical, object_finish, opening_constraints,
                         shaped_walls, split_constraints, stated_size, typical_size, wall_run)
from .reading import BUILDING_FAMILY
from .wall_refs import across_depth
from .world import INFERRED

INFERRED_WEIGHT = 0.7
SCALED_RELATIONS = frozenset({"hierarchy", "scaling", "larger_than"})
SCALE_RANGE = (0.6, 1.4)  # lets hierarchy/scaling reorder sizes without distorting objects much
MIN_SCALE, MAX_SCALE = 0.1, 10.0
TOP_FILL = 0.6  # things on one surface cover at most this share of its top (room to place them apart)
TOP_FIT = 0.95  # a thing on a surface is at most this share of the top's sides ("a plant on a bookshelf")


@dataclass(frozen=True)
class RoomRules:
    """How big the room is for the content (footprint area x ``free_space``)."""

    free_space: float
    min_side: float
    min_height: float


INDOOR = RoomRules(free_space=3.0, min_side=4.0, min_height=3.0)
OUTDOOR = RoomRules(free_space=4.0, min_side=12.0, min_height=8.0)
LAYOUT_MARGIN = 1.0  # m kept free around a row/grid/ring when sizing the room
GRID_GAP = 0.6  # m between neighbours in a grid or row, for sizing only
FAR_DEFAULT = 2.0  # m: far_from's default min_distance (CONTRACTS §5)
ARRANGEMENT_FREE_SPACE = 2.0  # an arrangement's square already holds its own gaps
RING_CLEARANCE = 0.05  # m between a table's widest reach and the seats ringing it
# The members at a table's ends stand near the top of around's 10% radius tolerance, so those
# along its sides can close in: over 4 prompts x 3 seeds, radius / 1.08 held all 12 layouts and
# cut the largest seat-to-table gap from 0.57 to 0.31 m (/ 1.14 held 9 of 12, / 1.19 none).
RING_STRETCH = 1.08
ROW_WING_GAP = 0.15  # m between one row member's side things and the next member's
# A seat facing a screen, fireplace or stage sits at a viewing distance (only `facing`: a TV 0.2 m off the sofa).
VIEWING_DISTANCE = (1.5, 3.5)  # m, XY gap between the boxes
VIEWED = frozenset({"tv", "projector", "projector screen", "screen", "fireplace", "stage"})
# A rug placed in front of / beside furniture lies against it: with in_front_of's default reach
# (2 m) a rug "in front of the sofa" lay past the coffee table, 2 m away.
FLAT_REACH = 0.3  # m
# Reach (max_distance) of a side relation the text gave no distance, by (subject role, anchor
# roles): the first matching rule wins. A chair "in front of the desk" is pulled up to it, a
# coffee table "in front of the sofa" stands within reach, as when the planner infers them.
CLOSE_REACH: tuple[tuple[str, frozenset[str], float], ...] = (
    ("flat", frozenset(), FLAT_REACH),
    ("small_seat", frozenset({"dining_table", "workplace", "table_like"}), SEAT_GAP),
    ("front_table", frozenset({"lounge"}), SOFA_TABLE_GAP),
)


def code(graph: SceneGraph, *, catalog: Catalog | None = None) -> Program:
    """The constraint program for a scene graph (deterministic)."""
    catalog = catalog if catalog is not None else load_catalog()
    objects = [_object(node, catalog) for node in graph.assets]
    constraints, architectural = split_constraints(objects, [
        Constraint(relation=rel.relation, args=graph.relation_args(rel.id), params=dict(rel.params),
                   weight=INFERRED_WEIGHT if is_inferred(rel.source) else 1.0)
        for rel in graph.relations
    ])
    fit_contents(objects, constraints)
    fill_levels(objects, constraints)
    _fit_on_surfaces(objects, constraints)
    lengthen_hosts(objects, constraints)  # a street as long as the rows lining it
    scaled = {a for c in constraints if c.relation in SCALED_RELATIONS for a in c.args}
    for obj in objects:
        if obj.id in scaled:
            obj.scale_range = SCALE_RANGE
    _reach_ratios(objects, constraints)
    _seat_rings(objects, constraints, catalog)
    _row_room(objects, constraints)
    _close_reaches(objects, constraints)
    constraints += _viewing_distances(objects, constraints) + square_rows(objects, constraints)
    outdoor = is_outdoor(graph, catalog)
    if outdoor:  # the scene follows its subjects; a lake or the sea is cut to it
        bounds = outdoor_bounds(objects, constraints, lambda objs, cons: room_bounds(objs, cons, OUTDOOR))
    else:  # a room: the size the text stated ("5 by 4 metres"), else sized from its objects
        fitted = room_bounds(objects, constraints, INDOOR, typical_size(graph.room))
        bounds = shaped_walls(constraints, stated_size(graph.room, fitted))
    # the architecture (contracts v2): walls with the text's doors and windows, floor and wall finishes
    room = code_room(graph.room, bounds, outdoor, catalog, corner_room(objects, constraints + architectural))
    constraints += opening_constraints(architectural, objects, room, constraints)
    return Program(objects=objects, constraints=constraints, bounds=bounds, room=room)


def is_inferred(source: str) -> bool:
    """Whether a relation node's source says common sense, not the text, put it there (the
    offline planner writes "inferred: ...", the LLM planner's prompt asks for "common sense")."""
    text = source.strip().lower()
    return text.startswith(INFERRED.strip()) or text.startswith("common sense")


def code_script(graph: SceneGraph, *, catalog: Catalog | None = None) -> str:
    """``program.py`` for the graph: running it re-creates :func:`code`'s program exactly."""
    return render_script(code(graph, catalog=catalog), comment="Written by the offline coder.")


def _object(node: AssetNode, catalog: Catalog) -> ObjectSpec:
    match = resolve_asset(catalog, node.category, node.description, tuple(node.hints))
    w, d, h = match.dimensions
    factor = node.height / h if node.height is not None and node.height > 0 and abs(node.height - h) > 1e-6 else 1.0
    w, d, h = with_stated((w * factor, d * factor, h * factor), node.size)  # "2 m tall", then "3 m long"
    return ObjectSpec(id=node.id, category=node.category, dimensions=(round(w, 4), round(d, 4), round(h, 4)),
                      asset=node.asset or match.asset, mount=node.mount,
                      **object_finish(node.hints, catalog, node.category))


def _reach_ratios(objects: list[ObjectSpec], constraints: list[Constraint]) -> None:
    """Widen the first object's scale range so "twice as tall as" is reachable from the
    catalog heights (a tree of 5 m twice as tall as a 6 m house needs a factor 2.4)."""
    by_id = {o.id: o for o in objects}
    for con in constraints:
        if con.relation != "scaling" or "ratio" not in con.params:
            continue
        a, b = by_id[con.args[0]], by_id[con.args[1]]
        needed = float(con.params["ratio"]) * b.dimensions[2] / a.dimensions[2]
        low, high = a.scale_range or SCALE_RANGE
        low, high = max(MIN_SCALE, min(low, needed * 0.9)), min(MAX_SCALE, max(high, needed * 1.1))
        a.scale_range = (round(low, 3), round(high, 3))


def _seat_rings(objects: list[ObjectSpec], constraints: list[Constraint], catalog: Catalog) -> None:
    """Give "chairs around the table" a radius: with it free, a ring far from the table holds
    just as well. The table's largest half-extent + half a member's depth + 5 cm is where
    members at its ends clear it; divided by :data:`RING_STRETCH` so that those along its
    sides stand closer (a ring is round, a long table is not)."""
    by_id = {o.id: o for o in objects}
    table_like = load_lexicon().roles.get("table_like", frozenset())
    for con in constraints:
        if con.relation != "around" or con.params.get("radius") is not None:
            continue
        centre = by_id[con.args[-1]]
        entry = catalog.entry(centre.asset) if centre.asset else None
        if not ({centre.category, entry.category if entry is not None else ""} & table_like):
            continue
        facing = bool(con.params.get("facing", True))
        members = [by_id[a] for a in con.args[:-1]]
        member_reach = max(m.dimensions[1] if facing else max(m.dimensions[:2]) for m in members)
        table_reach = max([max(centre.dimensions[:2])] + _hanging_over(centre, max(m.dimensions[2] for m in members),
                                                                       by_id, constraints))
        radius = (0.5 * table_reach + 0.5 * member_reach + RING_CLEARANCE) / RING_STRETCH
        con.params["radius"] = round(radius, 3)  # the constraint's own copy of the node's params


def _row_room(objects: list[ObjectSpec], constraints: list[Constraint]) -> None:
    """Space a row whose members have things at their sides (cafe tables at the window, a
    chair at each end) so those fit between them: with its spacing free the row closes up."""
    sizes = {o.id: o.dimensions for o in objects}
    wings = _beside_widths(constraints, sizes)
    for con in constraints:
        if con.relation != "row" or con.params.get("spacing") is not None:
            continue
        if any(wings.get(a) for a in con.args):
            slot = max(max(sizes[a][:2]) + wings.get(a, 0.0) for a in con.args)
            con.params["spacing"] = round(slot + ROW_WING_GAP, 3)


def _close_reaches(objects: list[ObjectSpec], constraints: list[Constraint]) -> None:
    """A side relation the text gave no distance gets the reach of its first :data:`CLOSE_REACH`
    rule ("a rug in front of the sofa" lies against it) instead of the 2 m default."""
    roles = load_lexicon().roles
    categories = {o.id: o.category for o in objects}
    for con in constraints:
        if con.relation not in relation_roles().sides or "max_distance" in con.params:
            continue
        subject, anchor = categories[con.args[0]], categories[con.args[1]]
        for subject_role, anchor_roles, reach in CLOSE_REACH:
            anchor_fits = not anchor_roles or any(anchor in roles.get(r, frozenset()) for r in anchor_roles)
            if subject in roles.get(subject_role, frozenset()) and anchor_fits:
                con.params["max_distance"] = reach
                break


def _viewing_distances(objects: list[ObjectSpec], constraints: list[Constraint]) -> list[Constraint]:
    """A ``proximity`` at :data:`VIEWING_DISTANCE` for each seat facing (or in front of) a screen,
    fireplace or stage (either way round), unless a proximity already spaces the pair or the seat stands in a
    row, grid or ring (theatre rows reach further back)."""
    roles = load_lexicon().roles
    seats = roles.get("seat", frozenset()) | roles.get("lounge", frozenset())
    categories = {o.id: o.category for o in objects}
    arranged = {a for c in constraints if c.relation in relation_roles().groups for a in c.args}
    spaced = {frozenset(c.args[:2]) for c in constraints if c.relation == "proximity"} | rooms.side_viewed(constraints)
    added: list[Constraint] = []
    for con in constraints:
        if con.relation not in ("facing", "in_front_of"):
            continue
        pair = sorted(con.args[:2], key=lambda a: categories[a] not in seats)
        seat, viewed = pair[0], pair[1]
        if categories[seat] not in seats or categories[viewed] not in VIEWED or seat in arranged:
            continue
        if frozenset(pair) in spaced:
            continue
        spaced.add(frozenset(pair))
        added.append(Constraint(relation="proximity", args=(seat, viewed), weight=con.weight,
                                params={"min_distance": VIEWING_DISTANCE[0], "max_distance": VIEWING_DISTANCE[1]}))
    return added


def _hanging_over(centre: ObjectSpec, seat_top: float, by_id: dict[str, ObjectSpec],
                  constraints: list[Constraint]) -> list[float]:
    """Widths of what is ``above`` the centre low enough to meet the seats ("an umbrella over
    each table"): the ring must clear those too."""
    out = []
    for con in constraints:
        if con.relation == "above" and con.args[1] == centre.id:
            bottom = centre.dimensions[2] + float(con.params.get("min_gap", 0.0))
            if bottom < seat_top:
                out.append(max(by_id[con.args[0]].dimensions[:2]))
    return out


def _fit_on_surfaces(objects: list[ObjectSpec], constraints: list[Constraint]) -> None:
    """Shrink what stands on one surface when it cannot all fit ("three lamps on the shelf"):
    together the things may cover at most :data:`TOP_FILL` of the top, and each one's
    footprint must fit the top either way round (a 40 cm pot on a 30 cm deep bookshelf)."""
    by_id = {o.id: o for o in objects}
    carried: dict[str, list[ObjectSpec]] = {}
    # what bridges two supports (a pyramid's upper box on the two below) rests on both: no shrinking
    bridging = {(con.args[0], con.args[1]) for con in constraints if con.relation == "between"}
    for con in constraints:
        if con.relation == "on_top_of" and (con.args[0], con.args[1]) not in bridging:
            carried.setdefault(con.args[1], []).append(by_id[con.args[0]])
    for support, things in carried.items():
        top = by_id[support].dimensions[0] * by_id[support].dimensions[1] * TOP_FILL
        used = sum(t.dimensions[0] * t.dimensions[1] for t in things)
        shared = math.sqrt(top / used) if used > top else 1.0
        top_sides = sorted(by_id[support].dimensions[:2])
        for thing in things:
            sides = sorted(thing.dimensions[:2])
            factor = min([shared] + [TOP_FIT * t / s for t, s in zip(top_sides, sides) if s > t * TOP_FIT])
            if factor < 1.0:
                thing.dimensions = tuple(round(v * factor, 4) for v in thing.dimensions)  # type: ignore[assignment]


def is_outdoor(graph: SceneGraph, catalog: Catalog) -> bool:
    """Whether the scene is outdoors (:func:`graph_setting`)."""
    return graph_setting(graph, catalog).kind == "outdoor"


def graph_setting(graph: SceneGraph, catalog: Catalog) -> Setting:
    """Indoors or outdoors, and why: the planner's decision when the graph carries one
    (``room.setting``), else read from the prompt and the objects (:mod:`.setting`)."""
    said = (graph.room or {}).get("setting")
    if isinstance(said, Mapping) and said.get("kind") in ("indoor", "outdoor"):
        return Setting(str(said["kind"]), str(said.get("reason", "the scene graph")))
    leans = [object_leaning(node.category, node.asset, catalog, is_building(node.category)) for node in graph.assets]
    placed = frozenset(node.category for node in graph.assets)  # "in front of a saloon": a building, no scene
    buildings = frozenset(node.category for node in graph.assets if is_building(node.category))
    return decide_setting(graph.prompt, leans.count("outdoor"), len(leans) - leans.count(None), catalog,
                          placed=placed, buildings=buildings)


def is_building(category: str) -> bool:
    """Whether the family shape that draws the noun is a building (a saloon, a castle): outdoors only."""
    family = load_families().for_noun(category)
    return family is not None and family.name == BUILDING_FAMILY


def room_bounds(objects: list[ObjectSpec], constraints: list[Constraint], rules: RoomRules,
                typical: Sequence[float] | None = None) -> Bounds:
    """A room centred on the origin, big enough for the floor-standing objects: their footprints
    times the free-space factor, rings and grids counted by the square they span. Square, or of
    the room type's ``typical`` floor size ([x, y] m) grown to fit them (:func:`.room_coder.fit_typical`)."""
    area_side, span, apart = room_needs(objects, constraints, rules)
    height = round(max(rules.min_height, _tallest_stack(objects, constraints) + 0.5), 2)
    run = wall_run(constraints, {o.id: o.dimensions for o in objects})  # counters lining a wall
    deepest = across_depth({o.id: o.dimensions[1] for o in objects}, constraints)  # a TV across from the sofa
    if typical is not None:
        return fit_typical(typical, area_side, (span, max(min(apart, deepest or apart), run)), height)
    side = max(rules.min_side, area_side, span, apart + 2 * LAYOUT_MARGIN)
    side = max(rules.min_side, area_side, min(side, deepest)) if deepest is not None else side
    half = round(max(side, run) / 2, 2)
    return Bounds((-half, -half, 0.0), (half, half, height))


def room_needs(objects: list[ObjectSpec], constraints: list[Constraint], rules: RoomRules
               ) -> tuple[float, float, float]:
    """(the side of a square holding the floor area the objects need, the longest span one of
    their rows, rings or the largest object needs with its margins, the longest two objects kept
    apart need, their sizes and the gap, no margin)."""
    sizes = {o.id: o.dimensions for o in objects}
    found = relation_roles()
    carried = {c.args[0] for c in constraints if c.relation in found.supporting}
    carried |= {a for c in constraints if c.relation in found.stacking for a in c.args[1:]}
    wings = _beside_widths(constraints, sizes)
    spans = {tuple(c.args): _arrangement_span(c, sizes, wings) for c in constraints if c.relation in found.groups}
    grouped = {a for args in spans for a in args}
    loose = [o for o in objects if o.id not in carried and o.id not in grouped]
    area = sum(o.dimensions[0] * o.dimensions[1] for o in loose) * rules.free_space
    area += sum(length * width for length, width in spans.values()) * ARRANGEMENT_FREE_SPACE
    longest = max([length for length, _ in spans.values()], default=0.0)
    span = max(longest + 2 * LAYOUT_MARGIN, max((max(o.dimensions[:2]) for o in objects), default=0.0)
               + 2 * LAYOUT_MARGIN)
    return math.sqrt(area), max(span, rooms.centred_span(objects, constraints)), max(_kept_apart(constraints, sizes))


def _kept_apart(constraints: list[Constraint], sizes: dict[str, tuple[float, float, float]]) -> list[float]:
    """The lengths "far from" (or a minimum distance) needs: both objects plus the gap."""
    out = [0.0]
    for con in constraints:
        gap = con.params.get("min_distance", FAR_DEFAULT if con.relation == "far_from" else None)
        if con.relation in relation_roles().apart and gap is not None:
            out.append(sum(max(sizes[a][:2]) for a in con.args[:2]) + float(gap))
    return out


def _beside_widths(constraints: list[Constraint], sizes: dict[str, tuple[float, float, float]]) -> dict[str, float]:
    """Per object, how much what stands left and right of it adds to its width (a cafe table
    at the window with a chair at each end takes the chairs' room in its row)."""
    out: dict[str, float] = {}
    for con in constraints:
        if con.relation in relation_roles().left_right:
            out[con.args[1]] = out.get(con.args[1], 0.0) + max(sizes[con.args[0]][:2])
    return out


def _arrangement_span(con: Constraint, sizes: dict[str, tuple[float, float, float]],
                      wings: dict[str, float] | None = None) -> tuple[float, float]:
    """(length, width) a row, grid or ring needs (sizing only: the solver decides the layout)."""
    wings = wings or {}
    span = [max(sizes[a][:2]) + GRID_GAP + wings.get(a, 0.0) for a in con.args]
    if con.relation == "row":
        return sum(span), max(span)
    if con.relation == "grid":
        cols = int(con.params.get("cols") or math.ceil(math.sqrt(len(con.args))))
        rows = int(con.params.get("rows") or math.ceil(len(con.args) / cols))
        return max(span) * cols, max(span) * rows
    center = max(sizes[con.args[-1]][:2])
    ring = sum(span[:-1]) / math.pi  # the circumference the members need
    diameter = max(center + 2 * max(span[:-1]), ring + max(span[:-1]))
    return diameter, diameter


def _tallest_stack(objects: list[ObjectSpec], constraints: list[Constraint]) -> float:
    """The highest top: objects standing on (or floating above) each other add up, at their
    largest scale."""
    below: dict[str, str] = {}
    for con in constraints:
        if con.relation in relation_roles().supporting | relation_roles().floating:  # "an umbrella over the table"
            below.setdefault(con.args[0], con.args[1])
        elif con.relation == "stacked":
            for lower, upper in zip(con.args, con.args[1:]):
                below.setdefault(upper, lower)
    heights = {o.id: o.dimensions[2] * (o.scale_range[1] if o.scale_range else 1.0) for o in objects}
    for con in constraints:
        if con.relation == "above":  # a floating object's gap counts as height too
            heights[con.args[0]] += float(con.params.get("min_gap", 0.0))
    tallest = 0.0
    for oid in heights:
        total, seen = 0.0, set()
        node: str | None = oid
        while node is not None and node not in seen:
            seen.add(node)
            total += heights.get(node, 0.0)
            node = below.get(node)
        tallest = max(tallest, total)
    return tallest
