"""Relations of objects to parts of the room or scene (:mod:`.anchor_phrases`'s anchors that are places):
the floor, the ceiling, the whole scene, its middle, a corner, a wall, a window or a door: pushed
against a wall, hung on it, lined up along it, or turned toward it.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from .centres import centre_of_ring, centre_on
from .directions import corners, side_of_object
from ..distributions.seating import along_length, lengthwise
from .hanging import hang_from_ceiling, hang_on_wall
from ..inference.figures import is_figure
from .openings import relate_to_opening
from .thing_parts import at_thing_part
from .wall_shares import every_wall, shared_at_walls, walls_named
from ..distributions.arranged import arrangement_of, face_in, front_row, ring_of
from ..distributions.quantities import per_side_count
from ..referents.portions import taken_part
from ..referents.world import OPPOSITE, SIDES, Group, Place, World
from ..setting.indoor_scene import is_indoor_scene
from ..reading.lexicon import role_group

MEAL_TABLES = role_group("meal_tables")  # lexicon.json role_groups

ROW_WALL = "north"  # "lined up along the wall": one wall for the whole row, the one facing the camera
SCENE_WIDE = frozenset({"along", "near", "across_each", "around"})  # toward a whole scene: somewhere in it
ROOM_SIDES = frozenset({"each_side", "one_side"})  # "at each end", "on both sides", "down one side" of the room
END_WALLS, SIDE_WALLS, ONE_SIDE_WALL = ("west", "east"), ("north", "south"), "south"  # a room is longer east-west
ROOM_ENDS = frozenset({"end", "behind", "front"})  # "at the (far) end of the room", "at the back / front of the room"
HAND_WALLS = {"left": "west", "right": "east"}  # "on the left (side) of the room": as the camera sees it
ROOM_WORDS = frozenset({"room"})
TO_WALL_KINDS = ("against", "along", "on", "near", "at", "in", "row_along", "under", "facing", "front", "around")
LONG_SIDE_KINDS = frozenset({"along", "row_along", "at", "on", "near", "in", "by", "beside"})
FLOOR_KINDS = frozenset({"on", "in", "at", "across_each", "above", "around", "along", "near"})  # "... the floor"
WALKED_ON = frozenset({"structure", "nature"})  # knowledge-base families of things people stand on
END_KINDS = frozenset({"on", "at", "near"})  # "on / at / from the end of the pier" ("from": near)
GAP_KINDS = frozenset({"near", "far"})  # a distance to a thing's edge or side is the gap to the thing
ROUND_KINDS = frozenset({"around", "along", "against", "row_along"})  # "around the edges of the room": its walls


def _on_its_end(world: World, kind: str, subject: Group, place: Place, source: str) -> bool | None:
    """People or animals said to be at, on or from the end (side, edge) of a thing they stand on
    ("fishing from the end of a pier") stand on it: True once related so, else None."""
    if place.kind != "side" or place.of is None or len(place.of.ids) != 1 or kind not in END_KINDS or not subject.ids:
        return None
    anchor = place.of.ids[0]
    if not all(stands_on_end(world, a, anchor) for a in subject.ids):
        return None
    return all([world.relate("on_top_of", [a, anchor], {}, source) for a in subject.ids]) or None


def stands_on_end(world: World, figure: str, anchor: str) -> bool:
    """Whether a person or animal at the end of ``anchor`` stands on it: a structure one walks on
    (:data:`WALKED_ON`: a pier, a bridge, a rock), not beside it like a bench at the end of a bed."""
    from ...knowledge.objects import load_knowledge  # (offline reads the knowledge base; no cycle at import)

    facts = load_knowledge().lookup(world.entities[anchor].category)
    walked = facts is not None and facts.family in WALKED_ON and facts.mount == "floor" and not facts.flat
    return walked and is_figure(world.entities[figure].category)


def bottoms(subject: Group, members: list[str]) -> list[str]:
    """A stack stands on something with its bottom object only."""
    return members[:1] if subject.stacked else members


def to_place(world: World, kind: str, params: dict[str, Any], subject: Group, obj: Group, source: str,
             relate: Callable[..., bool]) -> bool:
    """Relations to parts of the room: walls, corners, the middle, the floor, the scene
    (``relate``: :func:`.relations.apply_relation`, for what stands on a thing's middle)."""
    place = obj.place
    if place is not None and place.kind == "ceiling" and kind in ("on", "at"):
        for a in subject.ids:  # "a lantern hanging from the ceiling", "a fan on the ceiling": hung there
            hang_from_ceiling(world, a)
        return True
    if _at_room_side(world, kind, subject, obj):  # "at the far end of the room"
        return _room_sides(world, kind, params, subject, obj, source)
    if place is not None and place.kind == "floor" and kind in FLOOR_KINDS and subject.ids:
        return world.on_floor(subject.ids)  # "toys scattered across the floor": on it, not lifted onto a table
    if obj.scene is not None or (place is not None and place.kind in ("floor", "ceiling")):
        if obj.scene is not None and kind in SCENE_WIDE:  # "shops along a cobbled high street": in it
            return True
        return kind in ("in", "on", "at", "inside")  # "in the garden", "on the floor": nothing to add
    assert place is not None
    if place.openings:
        if kind == "each_side":  # "a bookshelf on each side of the window": one a side, mirrored about it
            per_side_count(world, params, subject, False)  # (openings.relate_to_opening -> opening_sides)
        return relate_to_opening(world, kind, params, subject, obj, source)
    sided = _sided(world, kind, params, subject, obj, source, relate)  # "on the east side of the bed"
    if sided is not None:
        return sided
    by_part = at_thing_part(world, kind, subject, place, source)  # "by the corner of the barn": by the barn
    if by_part is not None:
        return by_part
    obj, place = _wall_named(obj, place)
    if place.kind == "side" and place.side is None and place.of is None and kind in ROUND_KINDS:
        place = Place("wall", None)  # "around the edges / the perimeter of the room": along all its walls
        obj = Group(ids=[], np=obj.np, place=place, distributive=True)
    if place.kind == "ring" and kind in ("in", "inside", "at", "on"):  # "a fire pit in the circle"
        return world.centre_ring(subject.ids, source)
    inner = place if place.kind == "ell" else place.of.place if place.of is not None else None
    if inner is not None and inner.kind == "ell" and inner.of is not None:  # "in the corner of the L": in
        return all([world.relate("in_front_of", [a, b], {}, source) for a in subject.ids for b in inner.of.ids])
    if place.kind == "middle":
        return _to_middle(world, kind, subject, place, source, relate)
    if place.kind == "corner" and kind in ("in", "at", "near", "against", "inside"):
        return corners(world, kind, subject, obj, source)
    return _to_wall(world, kind, subject, obj, place, source)


def _at_room_side(world: World, kind: str, subject: Group, obj: Group) -> bool:
    """Whether the relation puts the subject at an end or side of the room itself ("at the far end of
    the room", "benches on both sides"); "at the front" only for things of one kind ("24 student
    desks plus the teacher's desk at the front" does not put the students' desks there)."""
    if not (is_room(world, obj.scene) and kind in ROOM_ENDS | ROOM_SIDES | HAND_WALLS.keys() and subject.ids):
        return False
    return kind != "front" or len({world.entities[i].category for i in subject.ids}) == 1


def _long_side_of(place: Place, world: World) -> bool:
    """Whether the place is the side or edge of a long thing ("the edge of the road")."""
    return place.kind == "side" and place.of is not None and bool(place.of.ids) \
        and all(lengthwise(world, b) for b in place.of.ids)


def _along_long_side(world: World, kind: str, subject: Group, place: Place, source: str) -> bool:
    """"Three trees in a row along the edge of the road", "a bench by the side of the path": by
    the thing's long side, as "along the road" (:func:`.seating.along_length`)."""
    assert place.of is not None
    if kind == "row_along" and len(subject.ids) > 1:
        world.relate("row", subject.ids, {}, source)
    made = [along_length(world, a, place.of.ids[0], source) for a in subject.ids]
    return any(made)


def is_room(world: World, scene: str | None) -> bool:
    """Whether a scene noun names the room itself ("the room", "the hall", "the studio": an indoor scene)."""
    return scene in ROOM_WORDS or is_indoor_scene(world.vocab.lexicon, scene)


def _room_sides(world: World, kind: str, params: dict[str, Any], subject: Group, obj: Group, source: str) -> bool:
    """"A hoop at each end (of the court)": one at each end wall, facing in; "benches on both
    sides (of the hall)": a share along each long wall; "benches down one side": all along one
    long wall, in a row. The room is laid out longer east-west, so its ends are the east and west walls.
    "At the far end (the back) of the room": against its far wall (:func:`far_wall`); "at the front":
    against the front wall the text set (:func:`front_wall`), else the one across from the way in. "On
    the left (side) of the room": against the wall on the camera's left, the west (right: the east)."""
    if kind in HAND_WALLS:
        return _to_wall(world, "against", subject, obj, Place("wall", HAND_WALLS[kind]), source)
    if kind in ROOM_ENDS:  # "at the front": the front the text set, else the end across from the way in
        wall = (front_wall(world) or _across_entrance(world)) if kind == "front" else far_wall(world)
        return _to_wall(world, "against", subject, obj, Place("wall", wall), source)
    if kind == "one_side":
        _to_wall(world, "against", subject, obj, Place("wall", ONE_SIDE_WALL), source)
        return len(subject.ids) < 2 or world.relate("row", subject.ids, {}, source)
    per_side_count(world, params, subject, False)
    walls = END_WALLS if params.get("ends") else SIDE_WALLS
    half = (len(subject.ids) + 1) // 2
    for wall, members in zip(walls, (subject.ids[:half], subject.ids[half:])):
        if members:
            _to_wall(world, "against", Group(ids=members, np=subject.np), obj, Place("wall", wall), source)
    return True


def far_wall(world: World) -> str:
    """The wall at the far end (the back) of the room: across from the room's front the text set
    (:func:`front_wall`: "a stage against the north wall, ... benches at the back of the room": the
    south wall, wherever the door is), else across from the door the text put in a wall (where one
    comes in), else the back wall, the one facing the camera."""
    front = front_wall(world)
    return OPPOSITE[front] if front is not None else _across_entrance(world)


def _across_entrance(world: World) -> str:
    """The wall across from the door the text put in a wall, else the back wall facing the camera."""
    doors = [o.wall for o in world.openings if o.kind == "door" and o.wall in OPPOSITE]
    return OPPOSITE[doors[0]] if doors else ROW_WALL


FRONT_ROLES = frozenset({"screen", "platform"})  # what a room faces: a stage, a board, a screen


def front_wall(world: World) -> str | None:
    """The compass wall the text set the room's front at: the wall a stage, a board or a screen (or
    a thing standing on a stage: "the judge's desk on a platform against the north wall") is put
    against or hung on; None when it set none."""
    stood_on = {r.args[0]: r.args[1] for r in world.relations if r.relation == "on_top_of" and len(r.args) == 2}
    for rel in world.relations:
        wall = rel.params.get("wall")
        if rel.relation not in ("against_wall", "on_wall") or not rel.args or wall not in OPPOSITE:
            continue
        things = [i for i in (rel.args[0], stood_on.get(rel.args[0])) if i in world.entities]
        if any(world.entities[i].roles & FRONT_ROLES for i in things):
            return str(wall)
    return None


def _wall_named(obj: Group, place: Place) -> tuple[Group, Place]:
    """The wall a place means, where it means one: "the middle of the north wall" is at that
    wall, "the north side" (of the room) is its north wall; any other place is itself."""
    wall_of = place.of.place if place.kind == "middle" and place.of is not None else None
    if wall_of is not None and wall_of.kind == "wall":  # "in the middle of the north wall": at that wall
        assert place.of is not None
        obj, place = place.of, wall_of
    if place.kind == "side" and place.side is not None and place.of is None:
        place = Place("wall", place.side)  # "along the north side" of the room
    return obj, place


def _to_middle(world: World, kind: str, subject: Group, place: Place, source: str,
               relate: Callable[..., bool]) -> bool:
    """"In the middle of the room" (centred), "of the table" (over its centre), or "facing the
    middle" (turned toward it)."""
    if place.of is None and kind == "facing" and face_in(world, subject.ids):
        return True  # "ten stools in a ring, all facing the middle": the ring's own centre
    if place.of is None and kind == "facing":
        for a in subject.ids:  # "facing the middle of the room": turned toward it, not standing there
            world.relate("facing_direction", [a], {"direction": "center"}, source)
        return True
    ring = place.of.place if place.of is not None and place.of.place is not None else None
    if ring is not None and ring.kind == "ring" and kind != "facing":  # "a plant in the middle of the circle"
        return world.centre_ring(subject.ids, source)
    if place.of is not None and ring_of(world, place.of.ids) is not None and kind != "facing":
        return centre_of_ring(world, subject, place.of.ids, source)  # "candles in a ring, a bowl in the middle of them"
    if place.of is not None and place.of.ids:  # on it, over its centre
        return centre_on(world, subject, place.of, source, relate)
    for a in subject.ids:
        world.relate("centered", [a], {}, source)
    return True


GROUP_FORMS = frozenset({"grid", "rows"})  # "six easels in two rows of three, all facing the north wall": turned


def _to_wall(world: World, kind: str, subject: Group, obj: Group, place: Place, source: str) -> bool:
    """``subject <kind> obj`` where ``place`` (obj's) is a wall, a window or a door; False if
    nothing could be said."""
    arranged = any(r.relation in GROUP_FORMS and set(subject.ids) <= set(r.args) for r in world.relations)
    # a desk facing a wall stands at it; a bench (a seat with a surface) turns to it
    desk_like = not arranged and all(world.entities[a].roles & {"workplace", "surface"}
                                     and "seat" not in world.entities[a].roles for a in subject.ids)
    if kind == "facing" and not desk_like and place.kind == "wall" and place.side in SIDES:
        world.last_wall = place.side  # "the same wall" after "facing the west wall": the west wall
        return all([world.relate("facing_direction", [a], {"direction": place.side}, source)  # "a sofa in the
                    for a in subject.ids])  # middle facing the west wall": turned that way, not pushed to it
    if kind == "facing" and not desk_like:
        return False  # an armchair "facing the window" turns its back to the room: nothing says that
    if place.kind in ("wall", "window", "door") and kind in TO_WALL_KINDS:
        if not shared_at_walls(world, subject, obj, place, source):  # "..., three on each wall"
            _per_wall(world, subject, obj, place)
            _against_walls(world, kind, subject, obj, place, source)
        return True
    return False


def _per_wall(world: World, subject: Group, obj: Group, place: Place) -> None:
    """"three paintings on each wall", "a clock on all four walls", "paintings, two on each wall":
    the count is each wall's, so the group has that many for every wall (one a wall in turn,
    :func:`_against_walls`); an uncounted plural ("paintings on each wall") is spread as it is. Things
    the text stood at walls already are shared out at those walls (:func:`.wall_shares.shared_at_walls`,
    read before this)."""
    said = subject.np
    walls = walls_named(obj, place)  # all four, or those the phrase names ("the east and west walls")
    if not every_wall(obj) or place.kind != "wall" or place.side:
        return
    if subject.share is not None:  # a bare count over things named before: their number is the walls' share
        want = subject.share * len(walls)
        uncounted = not any(world.entities[i].counted for i in subject.ids)
        while uncounted and subject.ids and len(subject.ids) < want:
            subject.ids.append(world.clone(subject.ids[0]))
        return
    if said is None or (said.count is None and said.plural):
        return  # "paintings on each wall": spread as many as there are
    if subject.fresh and len(subject.ids) == (said.count or 1):  # not grown for the walls yet
        world.grow(subject, len(subject.ids) * len(walls))


def _against_walls(world: World, kind: str, subject: Group, obj: Group, place: Place, source: str) -> None:
    """Each standing member against (or hung on) the wall: the named one, else one shared by a
    row, else one wall each for things spread "along the walls"."""
    wall = place.side if place.kind == "wall" and place.side else "any"
    # A window or door is in some wall; a desk "facing the wall" (its user does) is pushed
    # against it: the nearest the vocabulary can say, so marked inferred.
    inferred = place.kind != "wall" or kind in ("facing", "front")  # "in front of the north wall"
    shaped = arrangement_of(world, subject.ids) is not None  # "three rows of four crates along the east wall"
    if kind == "row_along" and len(subject.ids) > 1:
        if not shaped:
            world.relate("row", subject.ids, {}, source)
        if wall == "any" and not obj.distributive:
            wall = ROW_WALL  # a row along "the wall" shares one wall: the back one, in view
    in_rows = {i for r in world.relations if r.relation == "row" and set(r.args) <= set(subject.ids)
               for i in r.args}
    spread = obj.distributive or bool(obj.np and obj.np.plural) or kind == "around"  # "along the walls": one a wall
    walls = walls_named(obj, place)
    for i, a in enumerate(standing := bottoms(subject, front_row(world, subject.ids))):
        side = wall if wall != "any" or len(standing) < 2 else (
            walls[i % len(walls)] if spread and a not in in_rows else ROW_WALL)
        if not hang_on_wall(world, kind, a, i, side, obj, source):
            world.relate("against_wall", [a], {"wall": side}, source, inferred=inferred)


def between_openings(world: World, subject: Group, objects: list[Group], source: str) -> bool:
    """"A mirror hung between the two windows on the north wall": what stands or hangs between two
    openings is at least at their wall. Returns False: "between" itself is left to the caller
    (openings are no objects: it is reported as not understood)."""
    openings = [o for g in objects if g.place is not None for o in g.place.openings]
    if len(openings) != 2 or any(g.ids for g in objects):
        return False
    wall = Group(ids=[], np=objects[0].np, place=Place("wall", f"of:{openings[0]}"))
    for i, a in enumerate(subject.ids):
        if not hang_on_wall(world, "against", a, i, f"of:{openings[0]}", wall, source):
            world.relate("against_wall", [a], {"wall": f"of:{openings[0]}"}, source)
    return False


TABLE_SIDE_KINDS = frozenset({"along", "row_along", "at", "on", "by", "beside"})


def _sided(world: World, kind: str, params: dict[str, Any], subject: Group, obj: Group, source: str,
           relate: Callable[..., bool]) -> bool | None:
    """A side or end of a thing: "on the east side of the bed", "on its end", "along the edge of the
    road", "one at each end, the rest along the sides" (of their table); None for other places."""
    place = obj.place
    assert place is not None
    by_compass = _on_its_end(world, kind, subject, place, source) or side_of_object(
        world, kind, params, subject, obj, source)
    if by_compass is not None:
        return by_compass
    if _long_side_of(place, world) and kind in LONG_SIDE_KINDS:
        return _along_long_side(world, kind, subject, place, source)
    if kind in GAP_KINDS and place.kind == "side" and place.of is not None and place.of.ids:
        return relate(world, kind, params, subject, [place.of], source)  # "1.5 m from its edge": from its box
    table = _their_table(world, kind, subject, place)
    return None if table is None else relate(world, "each_side", {}, subject, [Group(ids=[table])], source)


def _their_table(world: World, kind: str, subject: Group, place: Place) -> str | None:
    """The table whose sides "the sides" are when the seats said there are the rest of a group the
    text seated at it ("six chairs: one at each end and the rest along the sides"), not the room's
    walls; None otherwise."""
    if place.kind != "side" or place.of is not None or place.side is not None or kind not in TABLE_SIDE_KINDS:
        return None
    if world.parted is None or not taken_part(world, subject) and not set(subject.ids) <= set(world.parted[1]):
        return None
    if not subject.ids or not all("seat" in world.entities[i].roles for i in subject.ids if i in world.entities):
        return None
    others = set(world.parted[0]) - set(subject.ids)
    tables = [r.args[1] for r in world.relations if len(r.args) == 2 and r.args[0] in others
              and r.args[1] in world.entities and world.entities[r.args[1]].roles & MEAL_TABLES]
    return tables[-1] if tables else None
