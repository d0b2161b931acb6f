"""Compass sides of objects: "a monitor east of the bed", "on the west side of the bed", "a chair
behind it on the north side".

A compass word next to an object names a side of that object in the room's frame (north = +Y),
not the object's own front: the side relations with ``frame: world`` (:data:`COMPASS`). "on the
north side" with no "of" is the side of the object the sentence just placed something against ("a
chair behind the desk on the north side", "On the east side of the bed stands a monitor and on the
west side a drip stand"); with no such object it stays the room's north wall. The compass phrases
are lexicon.json's ``compass_phrases`` (relation kind ``compass``).
"""

from __future__ import annotations

from typing import Any

from .....skill_library.compass import CORNER_WALLS
from ...architecture.geometry import named_wall
from ..reading.phrases import NounPhrase
from ..referents.world import CORNERS, OPPOSITE, WALL_RELATIONS, Group, Place, World

# direction -> the side relation that says it with frame "world" (the anchor as if unrotated: its
# front, local -Y, is south; CONTRACTS §1: north = +Y, east = +X)
COMPASS = {"north": "behind", "south": "in_front_of", "east": "right_of", "west": "left_of"}
SIDE_GAP = 0.5  # m: "on the east side of the bed" stands beside it
COMPASS_REACH = 1.0  # m: "east of the bed", no distance given: the largest gap, for things of furniture size
COMPASS_SHARE = 0.5  # ... or this share of the larger thing's longest side (a barn east of the house)
COMPASS_CONE = 40.0  # deg: "east of the bed" is east of its middle (a centre within this of due east),
# not level with its head end: with a bed 2 m long, beside the headboard is more north than east
SIDE_KINDS = frozenset({"on", "at", "along", "in", "near", "against", "front"})


def compass_word(np: NounPhrase | None, wall_sides: dict[str, str]) -> str | None:
    """The compass direction a place phrase's own words name ("the east side" -> east); None for
    "the left side" or "the front end" (those are the object's own sides)."""
    if np is None:
        return None
    for word in np.text.split():
        direction = wall_sides.get(word)
        if direction in COMPASS and word.startswith(direction):
            return direction
    return None


def compass_relation(world: World, params: dict[str, Any], subject: Group, anchor: Group, direction: str,
                     source: str) -> bool:
    """Each subject object on that compass side of the anchor (of each anchor, one each)."""
    relation = COMPASS[direction]
    made = False
    anchors = anchor.ids
    for i, a in enumerate(subject.ids):
        b = anchors[i % len(anchors)] if len(anchors) == len(subject.ids) else anchors[len(anchors) // 2]
        reach = float(params["max_distance"]) if "max_distance" in params else compass_reach(world, a, b)
        made |= world.relate(relation, [a, b], {"max_distance": reach, "frame": "world", "cone_deg": COMPASS_CONE},
                             source)
    return made


def compass_reach(world: World, a: str, b: str) -> float:
    """How far "east of the bed" reaches when the text gives no distance: :data:`COMPASS_REACH`, or
    half the longer of the two things' longest sides (a barn east of the farmhouse stands metres
    off, an exercise bike east of a treadmill beside it)."""
    longest = max(max(world.size_of(a)[:2]), max(world.size_of(b)[:2]))
    return round(max(COMPASS_REACH, COMPASS_SHARE * longest), 3)


def side_of_object(world: World, kind: str, params: dict[str, Any], subject: Group, obj: Group,
                   source: str) -> bool | None:
    """"on the east side of the bed": the compass side of an object; None when the phrase is
    not one (a wall side, "the left side of the sofa", the room's north side)."""
    place = obj.place
    if place is None or place.kind != "side" or place.of is None or not place.of.ids or kind not in SIDE_KINDS:
        return None
    direction = compass_word(obj.np, world.vocab.lexicon.wall_sides)
    if direction is None:
        return None
    reach = {"max_distance": params.get("max_distance", SIDE_GAP)}
    return compass_relation(world, reach, subject, place.of, direction, source)


def anchor_bare_sides(world: World, objects: list[Group], anchor: Group | None) -> None:
    """"a chair behind it on the north side": a bare compass side ("the north side", no "of")
    is the side of the object just related to, when there is one."""
    if anchor is None or not anchor.ids:
        return
    for obj in objects:
        place = obj.place
        if place is None or place.kind != "side" or place.of is not None or obj.distributive:
            continue
        if compass_word(obj.np, world.vocab.lexicon.wall_sides) is not None:
            obj.place = Place("side", place.side, anchor)


def next_anchor(objects: list[Group], made: bool, current: Group | None) -> Group | None:
    """The object a bare "on the north side" would be the side of after this relation: its one
    object ("behind *the desk*"), or the object whose side it named ("on the east side of *the bed*")."""
    if not made or len(objects) != 1:
        return current
    obj = objects[0]
    if obj.place is None:
        return obj if obj.ids else current
    return obj.place.of if obj.place.kind == "side" and obj.place.of is not None and obj.place.of.ids else current


def fronted_anchor(world: World, state: Any) -> Group | None:
    """Whose side "to its right" names in a fronted clause: the anchor of the sentence's last
    fronted relation ("Behind *it* stands a lamp, and to its right a table": the armchair's right;
    "To the left of *the sofa* is a lamp, and to its right a table"), else the latest object."""
    if state.fronted_anchor is not None:
        return Group(ids=list(state.fronted_anchor.ids))
    return world.pronoun("it", None)


CORNER_NEIGHBOUR_GAP = 0.5  # m: "a bookshelf next to the corner" where an armchair already sits


def beside_corner(world: World, kind: str, subject: Group, corner: str | None, source: str) -> bool:
    """"A bookshelf along the north wall next to the corner": when something already stands in
    that corner, "next to the corner" is next to it, not in it too. False when nothing does."""
    if kind != "near" or not corner or corner == "any":
        return False
    taken = [r.args[0] for r in world.relations
             if r.relation == "in_corner" and r.params.get("corner") == corner and r.args[0] not in subject.ids]
    if not taken:
        return False
    for a in subject.ids:
        world.relate("proximity", [a, taken[0]], {"max_distance": CORNER_NEIGHBOUR_GAP}, source)
    return True


CORNER_GROUP_GAP = 0.5  # m: "two plants in the corner": the others close to the first


def corners(world: World, kind: str, subject: Group, obj: Group, source: str) -> bool:
    """"in the corner(s)": one object per corner for "in each corner" / "in the corners" (of the wall
    a compass word names: "both eastern corners", "a lamp in a south corner"); for one corner the first
    object stands in it and the others by it, an L of two along its two walls ("two sofas in an L shape
    in the south-east corner")."""
    place = obj.place
    assert place is not None
    wall = compass_word(obj.np, world.vocab.lexicon.wall_sides) if place.side is None else None
    pool = [c for c in free_corners(world) if wall is None or c.startswith(wall[0]) or c.endswith(wall[0])]
    taken = {r.params.get("corner") for r in world.relations if r.relation == "in_corner"}
    if obj.np is not None and "other" in obj.np.text.split() and set(pool) - taken:
        pool = [c for c in pool if c not in taken]  # "each of the other corners": not the one taken
    if obj.distributive or (obj.np is not None and obj.np.plural):
        count = min(obj.np.count or 4, len(pool)) if obj.np is not None else 4  # "the two eastern corners": its 2
        each = obj.np is not None and obj.np.determiner == "each" and subject.fresh  # "2 plants in each corner"
        per = len(subject.ids) if each else 1
        if subject.fresh and (len(subject.ids) == 1 or per > 1):
            world.grow(subject, count * per)
        for k, corner in enumerate(pool[:count]):
            members = subject.ids[k * per:(k + 1) * per]
            for a in members[:1]:
                world.relate("in_corner", [a], {"corner": corner}, source)
            for a in members[1:]:  # the corner's others stand by the first
                world.relate("proximity", [a, members[0]], {"max_distance": CORNER_GROUP_GAP}, source)
        return True
    if beside_corner(world, kind, subject, place.side, source):  # next to what stands in it
        return True
    first, others = subject.ids[0], subject.ids[1:]
    side = place.side if not _another_corner(world, subject, obj) else None
    world.relate("in_corner", [first], {"corner": side or (pool[0] if wall else "any")}, source)
    walls = CORNER_WALLS.get(place.side or "")
    if walls is not None and len(others) == 1 and in_l(world, [first, *others]):
        world.relate("against_wall", [first], {"wall": walls[0]}, source)
        world.relate("against_wall", [others[0]], {"wall": walls[1]}, source)
        return True
    arranged = subject.stacked or (subject.np is not None and bool(subject.np.collective))  # "a stack of crates"
    for a in others if not arranged else ():
        if a not in world.supports():
            world.relate("proximity", [a, first], {"max_distance": CORNER_GROUP_GAP}, source)
    return True


def _another_corner(world: World, subject: Group, obj: Group) -> bool:
    """"A photocopier in the north-east corner, a coat stand in the corner": a bare "the corner"
    (the corner named last, :func:`..reading.clause.place_side`) that something else already stands
    in is another corner, any the solver finds room in, not the same one (where one of the two
    lost it to the other)."""
    if obj.np is None or obj.np.side is not None or obj.place is None or obj.place.side is None:
        return False
    return any(r.relation == "in_corner" and r.params.get("corner") == obj.place.side and r.args[0] not in subject.ids
               for r in world.relations)


def free_corners(world: World) -> list[str]:
    """The room's corners, those nothing was put in yet first: "a plant in each of the other two
    corners", "lamps in two of the corners" after "a desk in the north-west corner"."""
    taken = {r.params.get("corner") for r in world.relations if r.relation == "in_corner"}
    return sorted(CORNERS, key=lambda c: c in taken)


def in_l(world: World, ids: list[str]) -> bool:
    """Whether two objects form an L (a perpendicular relation between them)."""
    return len(ids) == 2 and any(r.relation == "perpendicular" and set(r.args) == set(ids) for r in world.relations)


def one_pair(world: World, ids: list[str]) -> bool:
    """Whether two objects are one unit: an L, or a pair side by side (a row of just them), so
    "a bench behind them" is behind both, at the pair's middle."""
    return len(ids) == 2 and any(r.relation in ("perpendicular", "row") and set(r.args) == set(ids)
                                 for r in world.relations)


def wall_of(world: World, entity_id: str) -> str | None:
    """The named wall an object stands against or hangs on, if the text gave one."""
    return named_wall(world.relations, entity_id, WALL_RELATIONS)


SIDE_VIEW_DEG = 50.0  # deg: a seat turned away from a screen still sees it this far off its front


def turned_away(world: World, seat: str, screen: str) -> bool:
    """A seat against one wall faces straight out from it: it cannot face a screen on any wall
    but the opposite one (an L of sofas in a corner, the TV on a side wall)."""
    seat_wall, screen_wall = wall_of(world, seat), wall_of(world, screen)
    return seat_wall is not None and screen_wall is not None and OPPOSITE[seat_wall] != screen_wall


def room_between(world: World) -> None:
    """"Two beds side by side with a nightstand between them": things side by side stand close,
    except where something stands between them (then the between relation spaces them)."""
    ends = {frozenset(r.args[1:]) for r in world.relations if r.relation == "between" and len(r.args) == 3}
    world.relations[:] = [r for r in world.relations if not (
        r.relation == "proximity" and r.source == "side by side" and frozenset(r.args) in ends)]


def _kin(world: World, end: str, middle: str) -> set[str]:
    """The objects of an end's kind ("between the tents and the lake": every tent), not the middle one."""
    return {i for i, e in world.entities.items() if e.category == world.entities[end].category} - {middle}


def _kept(world: World, middle: str, ends: set[str]) -> float:
    """The least gap a relation keeps between the middle object and any of the ends (0 when none)."""
    gaps = [float(r.params.get("min_distance", 0.0)) for r in world.relations
            if r.relation in ("proximity", "far_from") and middle in r.args and set(r.args) - {middle} <= ends]
    return max(gaps, default=0.0)


def room_for_between(world: World) -> None:
    """"two tents near the lake, a campfire between the tents and the lake": a reach the text (or a
    rule) gave between the two ends grows to hold the thing between them, with the gaps it keeps
    from either end (a fire's safe distance); an end that is a group ("the tents") stands for every
    object of its kind."""
    bridging = {r.args for r in world.relations if r.relation == "on_top_of"}
    for rel in [r for r in world.relations if r.relation == "between" and len(r.args) == 3]:
        middle = rel.args[0]
        if (middle, rel.args[1]) in bridging or (middle, rel.args[2]) in bridging:
            continue  # a pyramid's box on the two below it: above their joint, they need no room between
        one, other = _kin(world, rel.args[1], middle), _kin(world, rel.args[2], middle)
        w, d, _ = world.size_of(middle)
        need = round(max(w, d) + _kept(world, middle, one) + _kept(world, middle, other), 3)
        for near in world.relations:
            if near.relation != "proximity" or len(near.args) != 2 or "max_distance" not in near.params:
                continue
            a, b = near.args
            if (a in one and b in other) or (a in other and b in one):
                near.params["max_distance"] = max(float(near.params["max_distance"]), need)
