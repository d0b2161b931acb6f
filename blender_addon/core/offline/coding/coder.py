"""The offline coder: scene graph -> constraint program (and the ``program.py`` script).

Every asset node becomes an object sized by the asset catalog (scaled to the node's
height when one is given); every relation node a constraint with weight 1.0 when the
text stated it and :data:`INFERRED_WEIGHT` when common sense added it. The bounds are a
room sized to what stands on the floor, so walls, corners and "the middle" mean
something; outdoor scenes get a larger, taller area. How big (:mod:`.room_extent`), what
shrinks to fit its container (:mod:`.contents`) and the distances the text left open
(:mod:`.reaches`) each have their own module.
"""

from __future__ import annotations

import math
from collections.abc import Mapping

from ...assets.catalog import Catalog, load_catalog
from ...assets.families import load_families
from ...model import Constraint, ObjectSpec, Program
from ...scene_graph import AssetNode, SceneGraph
from ...script_api import render_script
from ...stated_size import with_stated
from ...weights import INFERRED_WEIGHT, STATED_WEIGHT
from ..reading.lexicon import resolve_asset
from .contents import fit_contents, lengthen_hosts, square_rows
from .precedence import room_behind, stated_first
from .unknown_sizes import size_unknown_things
from .wall_runs import fit_wall_runs, grow_for_runs
from ..inference.figures import posed_box
from .reaches import SCALE_RANGE, close_reaches, reach_ratios, row_room, seat_rings, viewing_distances
from .room_extent import INDOOR, OUTDOOR, room_bounds, scale_far
from ..setting.indoor_outdoor import Setting, decide_setting, object_leaning
from .scene_extent import outdoor_bounds
from .room_coder import (code_room, corner_room, fill_levels, object_finish, opening_constraints, raised_sills,
                         shaped_walls, split_constraints, stated_size, typical_size)
from ..reading.reader_steps import BUILDING_FAMILY
from ..referents.world import INFERRED

SCALED_RELATIONS = frozenset({"hierarchy", "scaling", "larger_than"})
TOP_FILL = 0.6  # things on one surface cover at most this share of its top (room to place them apart)
FLAT = 0.1  # m: a thing lower than this (a rug) lies behind a thing at a wall without keeping it off the wall
TOP_FIT = 0.95  # a thing on a surface is at most this share of the top's sides ("a plant on a bookshelf")


def code(graph: SceneGraph, *, catalog: Catalog | None = None) -> Program:
    """The constraint program for a scene graph (deterministic)."""
    catalog = catalog if catalog is not None else load_catalog()
    objects = [_object(node, catalog) for node in graph.assets]
    constraints, architectural = split_constraints(objects, [
        Constraint(relation=rel.relation, args=graph.relation_args(rel.id), params=dict(rel.params),
                   weight=INFERRED_WEIGHT if is_inferred(rel.source) else STATED_WEIGHT)
        for rel in graph.relations
    ])
    constraints = stated_first(constraints)  # the text's turns before common sense's
    constraints = room_behind(constraints, {o.id: o.dimensions[1] for o in objects if o.dimensions[2] > FLAT},
                              [o.id for o in objects if o.mount == "wall"])  # a chair behind a desk at a wall
    size_unknown_things(objects, graph.assets, constraints, catalog)  # "a frobnitz on the desk": a small thing
    fit_contents(objects, constraints)
    fill_levels(objects, constraints)
    _fit_on_surfaces(objects, constraints)
    lengthen_hosts(objects, constraints)  # a street as long as the rows lining it
    scaled = {a for c in constraints if c.relation in SCALED_RELATIONS for a in c.args}
    for obj in objects:
        if obj.id in scaled:
            obj.scale_range = SCALE_RANGE
    reach_ratios(objects, constraints)
    seat_rings(objects, constraints, catalog)
    row_room(objects, constraints)
    close_reaches(objects, constraints)
    constraints += viewing_distances(objects, constraints) + square_rows(objects, constraints)
    outdoor = is_outdoor(graph, catalog)
    if outdoor:  # the scene follows its subjects (or the size stated: "a 5 x 4 m patio"); a lake is cut to it
        scale_far(constraints, OUTDOOR)
        bounds = outdoor_bounds(objects, constraints, lambda o, c: stated_size(graph.room, room_bounds(o, c, OUTDOOR)))
    else:  # a room: the size the text stated ("5 by 4 metres"), else sized from its objects
        fitted = room_bounds(objects, constraints, INDOOR, typical_size(graph.room))
        fitted = grow_for_runs(fitted, constraints, {o.id: o.dimensions for o in objects})  # each wall its run
        bounds = shaped_walls(constraints, stated_size(graph.room, fitted))
        fit_wall_runs(objects, constraints, bounds)  # a stated size: the counters narrow to their wall
    # the architecture (contracts v2): walls with the text's doors and windows, floor and wall finishes
    room = code_room(graph.room, bounds, outdoor, catalog, corner_room(objects, constraints + architectural),
                     raised_sills(objects, architectural))
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
    w, d, h = posed_box(node.category, tuple(node.hints), (w, d, h))  # "a woman lying on the sofa": lying down
    return ObjectSpec(id=node.id, category=node.category, dimensions=(round(w, 4), round(d, 4), round(h, 4)),
                      asset=node.asset or match.asset, mount=node.mount,
                      **object_finish(node.hints, catalog, node.category))

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
