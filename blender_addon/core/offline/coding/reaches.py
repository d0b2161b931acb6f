"""Distances the text left open, given by what the things are (the offline coder): the scale a
ratio needs, the radius of seats round a table, a row's spacing round what stands beside its
members, how close a side relation reaches, and a seat's viewing distance from a screen."""

from __future__ import annotations

import math

import numpy as np

from .....skill_library.ring_math import arc_step
from .....skill_library.roles import roles as relation_roles
from ...assets.catalog import Catalog
from ...model import Constraint, ObjectSpec
from . import room_coder as rooms
from ..inference.common_sense import SEAT_GAP, SOFA_TABLE_GAP
from ..reading.closed_words import word_set
from ..reading.lexicon import load_lexicon
from .precedence import is_stated, placed_by_text
from .room_extent import beside_widths
from ..reading.lexicon import role_group

SCALE_RANGE = (0.6, 1.4)  # lets hierarchy/scaling reorder sizes without distorting objects much
MIN_SCALE, MAX_SCALE = 0.1, 10.0
RING_CLEARANCE = 0.05  # m between a table's widest reach and the seats ringing it
# The members at a table's ends stand near the top of around's 10% radius tolerance, so those
# along its sides can close in: over 4 prompts x 3 seeds, radius / 1.08 held all 12 layouts and
# cut the largest seat-to-table gap from 0.57 to 0.31 m (/ 1.14 held 9 of 12, / 1.19 none).
RING_STRETCH = 1.08
PHASES = np.linspace(0.0, np.pi, 181)  # turns of a ring against its table tried by box_reach (1 degree apart)
ROW_WING_GAP = 0.15  # m between one row member's side things and the next member's
# A seat facing a screen, fireplace or stage sits at a viewing distance (only `facing`: a TV 0.2 m off the sofa).
VIEWING_DISTANCE = (1.5, 3.5)  # m, XY gap between the boxes
VIEWED = word_set("viewed_things")
UNPLACING = frozenset({"facing", "facing_direction", "facing_door", "parallel", "perpendicular", "hierarchy",
                       "scaling", "in_front_of", "behind"})  # what turns or orders a seat, or puts it at the screen
# A rug placed in front of / beside furniture lies against it: with in_front_of's default reach
# (2 m) a rug "in front of the sofa" lay past the coffee table, 2 m away.
FLAT_REACH = 0.3  # m
# Reach (max_distance) of a side relation the text gave no distance, by (subject role, anchor
# roles): the first matching rule wins. A chair "in front of the desk" is pulled up to it, a
# coffee table "in front of the sofa" stands within reach, as when the planner infers them.
CLOSE_REACH: tuple[tuple[str, frozenset[str], float], ...] = (
    ("flat", frozenset(), FLAT_REACH),
    ("small_seat", role_group("tables"), SEAT_GAP),
    ("front_table", frozenset({"lounge"}), SOFA_TABLE_GAP),
)


def reach_ratios(objects: list[ObjectSpec], constraints: list[Constraint]) -> None:
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


def seat_rings(objects: list[ObjectSpec], constraints: list[Constraint], catalog: Catalog) -> None:
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
        table_reach = max([2.0 * box_reach(centre.dimensions, len(members), con.params)]
                          + _hanging_over(centre, max(m.dimensions[2] for m in members), by_id, constraints))
        radius = (0.5 * table_reach + 0.5 * member_reach + RING_CLEARANCE) / RING_STRETCH
        radius = max(radius, shoulder_radius(members, con.params, facing))
        con.params["radius"] = round(radius, 3)  # the constraint's own copy of the node's params


def box_reach(dimensions: tuple[float, float, float] | list[float], count: int, params: dict) -> float:
    """How far a table's box reaches toward the farthest-reaching of ``count`` evenly spaced members, the
    ring turned to suit it best: the half-extent along one axis when every member can stand square to a
    side (four round a square table), up to the half-diagonal when one must face a corner (six round a
    1 m table: 0.71, not 0.5). The solver's collision test sees a round table's box, so seats at the
    half-extent met its corners and the ring could not hold."""
    half = np.asarray(dimensions[:2], dtype=float) / 2.0
    step = arc_step(params, count)
    angles = PHASES[:, None] + step * np.arange(count)[None, :]  # [phases, members]
    support = half[0] * np.abs(np.cos(angles)) + half[1] * np.abs(np.sin(angles))
    return float(max(support.max(axis=1).min(), half.max()))


def shoulder_radius(members: list[ObjectSpec], params: dict, facing: bool) -> float:
    """The smallest radius at which the members of a ring stand side by side without touching: the
    inner corners of neighbours (half a depth in from the radius) are one angular step apart, so
    ``(r - depth / 2) * tan(step / 2)`` must reach half a width plus half of :data:`RING_CLEARANCE`
    (eight chairs round a small round table overlapped at the table's reach, 0.63 m; they need 0.85)."""
    step = arc_step(params, len(members))
    if len(members) < 2 or step >= math.pi:
        return 0.0
    width = max(m.dimensions[0] if facing else max(m.dimensions[:2]) for m in members)
    depth = max(m.dimensions[1] if facing else max(m.dimensions[:2]) for m in members)
    return 0.5 * depth + 0.5 * (width + RING_CLEARANCE) / math.tan(0.5 * step)


def row_room(objects: list[ObjectSpec], constraints: list[Constraint]) -> None:
    """Space a row whose members have things at their sides (cafe tables at the window, a
    chair at each end) so those fit between them: with its spacing free the row closes up."""
    sizes = {o.id: o.dimensions for o in objects}
    wings = beside_widths(constraints, sizes)
    for con in constraints:
        if con.relation != "row" or con.params.get("spacing") is not None:
            continue
        if any(wings.get(a) for a in con.args):
            slot = max(max(sizes[a][:2]) + wings.get(a, 0.0) for a in con.args)
            con.params["spacing"] = round(slot + ROW_WING_GAP, 3)


def close_reaches(objects: list[ObjectSpec], constraints: list[Constraint]) -> None:
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


def viewing_distances(objects: list[ObjectSpec], constraints: list[Constraint]) -> list[Constraint]:
    """A ``proximity`` at :data:`VIEWING_DISTANCE` for each seat facing (or in front of) a screen,
    fireplace or stage (either way round), unless a proximity already spaces the pair, the seat stands in a
    row, grid or ring (theatre rows reach further back), or only common sense turned it to the screen while
    the text placed it elsewhere (an armchair in the corner keeps its corner: :mod:`.precedence`)."""
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
        if frozenset(pair) in spaced or (not is_stated(con) and placed_by_text(seat, viewed, constraints, UNPLACING)):
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
