"""How big a room is for what stands in it (the offline coder's bounds): the floor area the
loose objects need times a free-space factor, rows, grids and rings counted by the square they
span, things kept apart by their length and gap, and the height of the tallest stack."""

from __future__ import annotations

import math
from collections.abc import Sequence
from dataclasses import dataclass

from .....skill_library.roles import roles as relation_roles
from ...model import Bounds, Constraint, ObjectSpec
from . import room_coder as rooms
from .room_coder import fit_typical, wall_run
from ..relations.wall_refs import across_depth


@dataclass(frozen=True)
class RoomRules:
    """How big the room is for the content (footprint area x ``free_space``)."""

    free_space: float
    min_side: float
    min_height: float
    far_scale: float = 1.0  # "far from" is this many times its indoor gap (a yard is no room)


INDOOR = RoomRules(free_space=3.0, min_side=4.0, min_height=3.0)
OUTDOOR = RoomRules(free_space=4.0, min_side=12.0, min_height=8.0, far_scale=2.0)
LAYOUT_MARGIN = 1.0  # m kept free around a row/grid/ring when sizing the room
GRID_GAP = 0.6  # m between neighbours in a grid or row, for sizing only
FAR_DEFAULT = 2.0  # m: far_from's default min_distance (CONTRACTS §5)
ARRANGEMENT_FREE_SPACE = 2.0  # an arrangement's square already holds its own gaps


def scale_far(constraints: list[Constraint], rules: RoomRules) -> None:
    """Widen each far_from gap of at least the default by the rules' ``far_scale``: outdoors "far from
    the barn" and "on the other side of the yard" mean more than they mean in a room (the scene is at
    least twelve metres across); a smaller gap is a distance said ("a few metres behind the table")."""
    if rules.far_scale == 1.0:
        return
    for con in constraints:
        gap = float(con.params.get("min_distance", FAR_DEFAULT))
        if con.relation == "far_from" and gap >= FAR_DEFAULT:
            con.params["min_distance"] = round(gap * rules.far_scale, 3)


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
    wings = beside_widths(constraints, sizes)
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


def beside_widths(constraints: list[Constraint], sizes: dict[str, tuple[float, float, float]]) -> dict[str, float]:
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
