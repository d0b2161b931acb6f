"""Seats "around" a long table, or a table against a wall, sit along its free sides.

A ring of equal radius around a table more than :data:`LONG_TABLE_ASPECT` times as long as
it is deep either leaves the seats at its sides far from it or does not fit at all, and a
ring around a table against a wall puts a seat in the wall. People set a long table with
rows along the two long sides (facing across it) and a seat at the head and foot when the
count calls for it, and a table at a wall (a cafe table at the window) from its ends and
front; that is what :func:`seat_long_tables` turns each such ``around`` into, keeping the
relation's source (and whether it was inferred).
"""

from __future__ import annotations

from collections.abc import Sequence

import math
from dataclasses import dataclass

from .....skill_library.roles import roles as relation_roles
from ..referents.world import INFERRED, PlannedRelation, World
from ..reading.lexicon import role_group

SEATED_TABLES = role_group("seated_tables")  # lexicon.json role_groups

LONG_TABLE_ASPECT = 1.6  # length / depth above which a ring of seats looks wrong
SEAT_SPACING_GAP = 0.15  # m between neighbouring seats along a side (elbow room) when counting them
MIN_SEAT_GAP = 0.05  # m: the closest neighbours may stand when the rows spread them over the table
SIDE_GAP = 0.25  # m: a seat pulled up to the table (keeps each side's row square to the table edge)
FACING_MARGIN_DEG = 15.0  # beyond the angle at which the outermost seat of a side sees the centre
MIN_FACING_DEG = 30.0  # facing's own default tolerance
SEAT_DEPTH_GAP = 0.1  # m assumed between table edge and seat when estimating that angle
MAX_UNCOUNTED_A_SIDE = 4  # "chairs down each side" with no count: as many as fit, up to this


@dataclass(frozen=True)
class TableSetting:
    """How many seats go along each long side and at each end."""

    front: int
    back: int
    left: int
    right: int


def seat_long_tables(world: World) -> None:
    """Replace every ``around(seats..., table)`` at a long table, or at a table against a wall,
    by rows along its free sides (see module doc)."""
    walled = {r.args[0] for r in world.relations if r.relation in ("against_wall", "in_corner")}
    for rel in list(world.relations):
        if rel.relation != "around" or not rel.params.get("facing", True):
            continue
        seats, table = list(rel.args[:-1]), rel.args[-1]
        entities = world.entities
        if not entities[table].roles & SEATED_TABLES:
            continue
        if not all("seat" in entities[s].roles for s in seats):
            continue
        width, depth = _footprint(world, table)
        at_wall = table in walled
        if at_wall and width < depth or not at_wall and max(width, depth) < LONG_TABLE_ASPECT * min(width, depth):
            continue
        seat_size = (max(_footprint(world, s)[0] for s in seats), max(_footprint(world, s)[1] for s in seats))
        setting = table_setting(len(seats), max(width, depth), min(width, depth), seat_size[0], back_free=not at_wall)
        if setting is None:
            continue  # more seats than the sides and ends hold: the ring stays, the solver does what it can
        index = world.relations.index(rel)
        world.relations[index:index + 1] = _side_relations(rel, setting, width >= depth, (width, depth), seat_size)


def table_setting(count: int, length: float, depth: float, seat_width: float, *,
                  back_free: bool = True) -> TableSetting | None:
    """Seats per side and end. With the back free: ends only from five seats on (one at the
    head when the count is odd, one at each end when even), more at the ends once the sides
    are full. Against a wall: a seat at each end first, then along the front. Seats are
    counted with elbow room, then closer; None when the table cannot hold ``count``."""
    for gap in (SEAT_SPACING_GAP, MIN_SEAT_GAP):
        step = seat_width + gap
        side_cap = int(max(0.0, length - seat_width) // step) + 1  # the outer seats' whole width at the table
        end_cap = max(1, int((depth + seat_width) // step))  # an end's seats may reach past its corners
        if back_free:
            ends = 0 if count <= 4 else (1 if count % 2 else 2)
            sides = min(count - ends, 2 * side_cap)
            front, back = math.ceil(sides / 2), sides // 2
        else:
            front = min(max(count - 2, 1 if count % 2 else 0), side_cap)
            back = 0
        ends = count - front - back
        if ends <= 2 * end_cap:
            return TableSetting(front=front, back=back, left=math.ceil(ends / 2), right=ends // 2)
    return None


def side_capacity(world: World, table: str, seat: str, *, ends: bool = False) -> int:
    """How many seats like ``seat`` a side of the table holds with elbow room (its long side,
    or an end); one for a seat for several (a bench, a sofa) and at most
    :data:`MAX_UNCOUNTED_A_SIDE` ("chairs on each side" of a long table)."""
    if "small_seat" not in world.entities[seat].roles:
        return 1
    width, depth = _footprint(world, table)
    length = min(width, depth) if ends else max(width, depth)
    seat_width = _footprint(world, seat)[0]
    fits = int(max(0.0, length - seat_width) // (seat_width + SEAT_SPACING_GAP)) + 1
    return max(1, min(fits, MAX_UNCOUNTED_A_SIDE))


def _footprint(world: World, entity_id: str) -> tuple[float, float]:
    width, depth, _ = world.size_of(entity_id)
    return width, depth


def _side_relations(rel: PlannedRelation, setting: TableSetting, along_x: bool, table_size: tuple[float, float],
                    seat_size: tuple[float, float]) -> list[PlannedRelation]:
    """The relations standing for one ring: per seat its side (stated like the ring), facing
    the table; per side a row spread over the table's length, each seat square to the table."""
    seats, table = list(rel.args[:-1]), rel.args[-1]
    front_back, left_right = relation_roles().front_back, relation_roles().left_right
    sides, ends = (front_back, left_right) if along_x else (left_right, front_back)
    counts = (setting.front, setting.back, setting.left, setting.right)
    out: list[PlannedRelation] = []
    start = 0
    for side, count in zip(sides + ends, counts):
        members, start = seats[start:start + count], start + count
        out += side_row(side, members, table, along_x, table_size, seat_size, (rel.source, rel.inferred))
    return out


def side_row(side: str, members: list[str], table: str, along_x: bool, table_size: tuple[float, float],
             seat_size: tuple[float, float], source: tuple[str, bool]) -> list[PlannedRelation]:
    """Seats on one side of a table: each on that side (pulled up to it) and facing it, square
    to the table, and, when several, a row spread over that side's length."""
    length, depth = max(table_size), min(table_size)
    front_back = relation_roles().front_back  # in front of / behind: the table's long sides when along_x
    along_side = (side in front_back) == along_x
    spacing = max(seat_size[0] + MIN_SEAT_GAP, (length if along_side else depth) / max(1, len(members)))
    tolerance = _side_tolerance(len(members), spacing, depth, seat_size[1]) if along_side else MIN_FACING_DEG
    turn = "parallel" if side in front_back else "perpendicular"
    why = INFERRED + "seats along a long table's side form a row, square to it"
    text, inferred = source
    out: list[PlannedRelation] = []
    for seat in members:
        out.append(PlannedRelation(side, (seat, table), {"max_distance": SIDE_GAP}, text, inferred))
        facing = {"tolerance_deg": tolerance} if tolerance > MIN_FACING_DEG else {}
        out.append(PlannedRelation("facing", (seat, table), facing, text, inferred))
        out.append(PlannedRelation(turn, (seat, table), {}, why, True))
    if len(members) > 1:
        out.append(PlannedRelation("row", tuple(members), {"spacing": round(spacing, 3)}, why, True))
    return out


def seat_side(world: World, side: str, members: list[str], table: str, source: str) -> None:
    """"Three chairs down each side", "one at each end": the seats of one side of a table as
    the rows :func:`seat_long_tables` makes (the side is in the table's own frame)."""
    if not members:
        return
    width, depth = _footprint(world, table)
    seat_size = (max(_footprint(world, s)[0] for s in members), max(_footprint(world, s)[1] for s in members))
    for rel in side_row(side, members, table, width >= depth, (width, depth), seat_size, (source, False)):
        world.relate(rel.relation, rel.args, rel.params, rel.source, inferred=rel.inferred)


def _side_tolerance(count: int, spacing: float, depth: float, seat_depth: float) -> float:
    """Facing tolerance (deg) for seats square to the table: the outermost one of ``count``
    sees the table's centre at atan(offset / distance), plus a margin."""
    offset = 0.5 * (count - 1) * spacing
    distance = 0.5 * depth + SEAT_DEPTH_GAP + 0.5 * seat_depth
    return round(max(MIN_FACING_DEG, math.degrees(math.atan2(offset, distance)) + FACING_MARGIN_DEG), 1)


ROW_GAP = 0.6  # m: most free space between one row of seats and the next (leg room)
TURNING = ("facing", "facing_direction")
ROW_CONE = 8.0  # deg: a seat of the next row stands this close to straight behind the one before it
ROW_FACING = 15.0  # deg: the seats of rows face their target this closely (a row across the view, not askew)


def rows_face_their_target(world: World) -> None:
    """"Six chairs in two rows facing the piano": each row stands behind the one before it as
    the seats face (the first row nearest what they face, each seat straight behind the one before:
    :data:`ROW_CONE`), and the seats face it closely (:data:`ROW_FACING`), so the rows run across
    the way they face wherever the target is (a piano turned in a corner), not along it or askew."""
    for rel in list(world.relations):
        rows, cols = int(rel.params.get("rows") or 0), int(rel.params.get("cols") or 0)
        if rel.relation != "grid" or rows < 2 or cols < 1 or rows * cols != len(rel.args):
            continue
        members = list(rel.args)
        turned = {r.args[0] for r in world.relations if r.relation in TURNING and r.args[0] in members}
        if set(members) - turned or not all("has_front" in world.entities[m].roles for m in members):
            continue
        why = INFERRED + "rows facing something stand one behind another"
        gap = {"max_distance": round(ROW_GAP + _attached_depth(world, members), 3), "cone_deg": ROW_CONE}
        for turn in (r for r in world.relations if r.relation == "facing" and r.args[0] in members):
            turn.params["tolerance_deg"] = min(float(turn.params.get("tolerance_deg", ROW_FACING)), ROW_FACING)
        for other in members[1:]:  # the rows' seats turned alike: their columns run straight back
            world.relate("parallel", [other, members[0]], {}, why, inferred=True)
        for row in range(1, rows):
            for col in range(cols):
                back, front = members[row * cols + col], members[(row - 1) * cols + col]
                world.relate("behind", [back, front], gap, why, inferred=True)


def _attached_depth(world: World, members: list[str]) -> float:
    """The depth of the deepest thing put right behind or in front of a member (a desk's chair)."""
    attached = {r.args[0] for r in world.relations if r.relation in ("behind", "in_front_of")
                and len(r.args) == 2 and r.args[1] in members and r.args[0] not in members}
    return max((_footprint(world, a)[1] for a in attached), default=0.0)


def faces_in(world: World, ids: list[str]) -> bool:
    """Whether a ring of these turns toward its centre: things with a front, and seats (a ring of
    stools or logs around a table or a fire is sat at from the centre's side)."""
    return all(world.entities[i].roles & {"has_front", "seat"} for i in ids)


def fronted(world: World, entity_id: str, row: Sequence[str] = (), host: str | None = None) -> bool:
    """Whether the thing turns its front to the path it lines: a seat, a building (a shack, a
    stall); not a car parked along it. A building of a ``row`` lining ``host`` only when the row,
    fronts to the path, fits along it (three 8 m houses do not face a 12 m street: they would
    run 24 m along it, and the solver could keep none of them beside it)."""
    from ..coding.coder import is_building  # the coder reads the plans the seating rules help make: imported when used

    entity = world.entities[entity_id]
    if "seat" in entity.roles or not is_building(entity.category):
        return "seat" in entity.roles
    return host is None or sum(world.size_of(m)[0] for m in row) <= max(world.size_of(host)[:2])


LENGTHWISE = 2.0  # long side / short side: a road, a path, a river, a fence, a pier
ALONG_GAP = 0.5  # m: what stands along such a thing stands by its side


def lengthwise(world: World, entity_id: str) -> bool:
    """Whether things go "along" this one by its long sides: a long, narrow thing that is not
    a piece of furniture used from its front (a counter, a bar keep their front)."""
    w, d, _ = world.size_of(entity_id)
    entity = world.entities[entity_id]
    return max(w, d) >= LENGTHWISE * max(min(w, d), 1e-6) and not entity.roles & {"has_front", "surface"}


def along_length(world: World, a: str, b: str, source: str) -> bool:
    """"Trees in a row along the road", "a fence along the road": a stands by one long side of b
    (the same side for every thing along it, so a row of them runs lengthwise), and a long a
    lies parallel to b."""
    w, d, _ = world.size_of(b)
    side = "left_of" if d > w else "in_front_of"
    made = world.relate(side, [a, b], {"max_distance": ALONG_GAP}, source)
    if lengthwise(world, a):
        world.relate("parallel", [a, b], {}, source)
    return made


UNPLACED = frozenset({"facing", "parallel", "row", "grid", "alignment", "around", "stacked", "symmetric", "hierarchy"})
ON_THE_WAY = frozenset({"vehicle", "person", "animal", "creature"})  # families that go on a road, not by it


def line_long_hosts(world: World) -> None:
    """"A park path lined with benches", "a road with trees": what a long stretch of ground
    (a path, a road, a street) has "with" it and no phrase places stands along it, by one long
    side, a row of each kind (vehicles and people go on it: left to the other rules)."""
    from ...knowledge.objects import load_knowledge  # the knowledge base, read when a scene has such a host

    placed = {r.args[0] for r in world.relations if r.relation not in UNPLACED}
    kinds: dict[tuple[str, str], list[str]] = {}
    for guest, host in world.hosts.items():
        if guest in placed or host not in world.entities or "flat" not in world.entities[host].roles \
                or not lengthwise(world, host) or world.entities[guest].roles & {"tabletop", "animate", "flat"}:
            continue
        facts = load_knowledge().lookup(world.entities[guest].category)
        if facts is not None and (facts.family in ON_THE_WAY or facts.mount != "floor"):
            continue
        kinds.setdefault((host, world.entities[guest].category), []).append(guest)
    for (host, _), guests in kinds.items():
        for guest in guests:
            along_length(world, guest, host, INFERRED + "what a path or road has with it stands along it")
            if fronted(world, guest, guests, host):
                world.relate("facing", [guest, host], {}, INFERRED + "it faces the path it stands along")
        if len(guests) > 1:
            world.relate("row", guests, {}, INFERRED + "things along one side stand in a row", inferred=True)
