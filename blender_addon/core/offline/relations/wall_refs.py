"""Walls named by other walls or by what stands at them (issue 14, class "against_wall"):
"a bed against the wall, a desk against the opposite wall", "the fridge against the same wall",
"Couch flush with the west wall and a TV on the opposite wall".

While reading, "the opposite wall" / "the same wall" is resolved against the wall the text spoke
of last (:attr:`.world.World.last_wall`): a side gives a side at once; "the wall" of no side gives
a reference to what stands there (``opposite:<id>`` / ``of:<id>``), resolved here once every
sentence is read. Two walls that must be opposite (or the same) but that the text leaves open
get sides of their own then, so the solver's free choice of walls cannot break the pair.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from ...knowledge.objects import load_knowledge
from .hanging import HUNG_WALLS, hangs
from .anchor_phrases import apply_relation
from .openings import OPENING_PARAM, OPENINGS as OPENING_KINDS, opening_place
from ..reading.phrases import NounPhrase
from ..referents.world import INFERRED, OPPOSITE, SIDES, WALL_RELATIONS, Group, World

if TYPE_CHECKING:
    from ..reading.chunks import Item

RELATIVE_WALLS = frozenset({"opposite", "same"})
ACROSS_KINDS = frozenset({"across", "facing", "behind", "front"})  # "the wall opposite / behind the sofa"
PREFIX = {"opposite": "opposite:", "same": "of:"}
DIAGONAL = {"ne": "sw", "sw": "ne", "nw": "se", "se": "nw"}  # the corner across the room from each
# the walls an open pair gets: opposite walls seen from the side (both in view), a shared wall at the back
OPEN_PAIR = ("west", "east")
OPEN_SAME = "north"
SHAPED_SIDE = {"long": "north", "short": "west"}  # the side a square room's long/short wall becomes (room_coder)
TOUCHING = 0.3  # m: "pushed against" a thing is at most this far from it
END_GAP = 0.3  # m: "at the end of the counters": this close to the last of them
# relations that turn their subject one way: a thing in a corner with one of these is not turned out of it
TURNING = frozenset({"facing", "facing_direction", "facing_door", "against_wall", "on_wall", "in_front_of", "behind",
                     "left_of", "right_of", "parallel", "perpendicular", "under_window", "row"})
OPENING_WALL_WORDS = frozenset({"on", "in", "at"})  # "the window on / in the east wall"
ANCHORING = frozenset({"behind", "front", "across", "above"})  # "the wall behind the sofa": the sofa's wall
ACROSS_REACH = 3.5  # m: how far a thing on the wall across from another may be (a TV from the sofa)


def along_host_wall(world: World, host: Group | None, group: Group, source: str) -> bool:
    """What a wall has stands along it, or hangs on it: "Line the back wall with counters", "the
    north wall is lined with cabinets", "each wall has a poster" (one set a wall), "the walls have
    shelves"; the doors and windows it has are cut in it ("the east wall has two windows").
    False when the host of "with" / "has" is no wall (a corner's things stand in it: :func:`in_host_corner`)."""
    if host is not None and not host.ids and host.place is not None and host.place.kind == "corner":
        return in_host_corner(world, host, group, source)
    if host is None or host.ids or host.place is None or host.place.kind != "wall":
        return False
    if group.place is not None and group.place.openings and host.place.side:  # "the east wall has two windows"
        for note in world.openings:
            note.wall = host.place.side if note.id in group.place.openings else note.wall
        return True
    if not group.fresh:
        return False
    every = host.np is not None and host.np.determiner in ("each", "all") and not host.place.side
    if every and group.np is not None:  # "each wall has a poster": a poster on every wall
        world.grow(group, len(group.ids) * len(HUNG_WALLS))
    wall = Group(ids=[], np=host.np, place=host.place, distributive=every)
    kind = "on" if all(hangs(world, a, "against") for a in group.ids) else "along"
    return apply_relation(world, kind, {}, group, [wall], source)


def in_host_corner(world: World, host: Group, group: Group, source: str) -> bool:
    """"The northwest corner holds a beanbag", "the far corner has a tall plant": what a corner has
    stands in it, and what each corner has stands in every one (nothing was read of such a clause
    before, and nothing was reported)."""
    if not group.fresh or not group.ids or host.np is None or host.np.determiner not in ("definite", "each", "all"):
        return False  # "a reading corner with an armchair": a nook of the room, its things placed there already
    every = host.np.determiner in ("each", "all")
    corner = Group(ids=[], np=host.np, place=host.place, distributive=every)
    return apply_relation(world, "in", {}, group, [corner], source)


def leave_named_walls(world: World, named: frozenset[str], prefix: str) -> None:
    """A room's archetype stands its things at walls of its own choosing ("a TV stand against the
    north wall"); a wall the user stood their own things against is theirs: an archetype thing
    standing there moves to the wall across (or any wall, when the user took that one too), so a
    sofa "along the long wall" is not crowded by, nor facing away from, the archetype's TV stand."""
    def stands(rel: object, mine: bool) -> bool:
        r = rel  # type: Any
        return (r.relation == "against_wall" and bool(r.args) and (r.args[0] in named) == mine
                and r.source.startswith(prefix) != mine)
    taken = {SHAPED_SIDE.get(str(w), str(w)) for r in world.relations if stands(r, True)
             for w in [r.params.get("wall")]}
    for rel in world.relations:
        wall = rel.params.get("wall")
        if stands(rel, False) and wall in taken:
            other = OPPOSITE[str(wall)]
            rel.params["wall"] = other if other not in taken else "any"


def relative_wall(world: World, word: str) -> str | None:
    """The wall "opposite" or "same" names after the wall the text spoke of last: a side, a
    reference to what stands at an open wall, or None when no wall was spoken of yet."""
    last = world.last_wall
    if last is None:
        return None
    if last in SIDES:
        return OPPOSITE[last] if word == "opposite" else last
    return PREFIX[word] + last


def relative_corner(world: World, word: str) -> str | None:
    """The corner "opposite" (diagonally across, "the far corner") or "same" names after the corner
    the text spoke of last; None when no corner was named yet."""
    last = world.named_sides.get("corner")
    if last not in DIAGONAL:
        return None
    return DIAGONAL[last] if word == "opposite" else last


def _wall_relation(world: World, entity_id: str) -> object | None:
    return next((r for r in world.relations if r.relation in WALL_RELATIONS and r.args[:1] == (entity_id,)), None)


def resolve_object_walls(world: World) -> None:
    """Turn ``opposite:<id>`` / ``of:<id>`` walls that name an object into sides: its wall's
    opposite (or the same); an object whose wall the text left open gets one first (the pair
    :data:`OPEN_PAIR`, or :data:`OPEN_SAME`). References to doors and windows are left for
    :func:`.openings.assign_walls`."""
    for rel in world.relations:
        wall = rel.params.get("wall")
        if rel.relation not in WALL_RELATIONS or not isinstance(wall, str) or ":" not in wall:
            continue
        how, target = wall.split(":", 1)
        if target not in world.entities or how not in ("opposite", "of"):
            continue
        anchor = _wall_relation(world, target)
        side = anchor.params.get("wall") if anchor is not None else None  # type: ignore[attr-defined]
        if side not in SIDES:
            side = OPEN_PAIR[0] if how == "opposite" else OPEN_SAME
            if anchor is not None:
                anchor.params["wall"] = side  # type: ignore[attr-defined]
        rel.params["wall"] = OPPOSITE[side] if how == "opposite" else side


def walls_from_anchors(world: World) -> None:
    """A thing at a wall the text leaves open, placed in front of or behind a thing at a named
    wall, is at the wall across from it or at the same one ("Start with a sofa along the back
    wall. Mount a TV on the wall across from it": the front wall). A thing hung "on the wall
    behind the bed" hangs over it (the bed then stands at that wall, :mod:`..architecture.hung_over`),
    unless the text stands the bed elsewhere ("a teacher desk in front of the rows and a blackboard
    behind it": the board stays on its wall); behind a desk only "on the wall behind" it (a
    teacher's desk with the whiteboard behind it faces the class, away from the board)."""
    walls = {r.args[0]: r for r in world.relations if r.relation in WALL_RELATIONS}
    for rel in list(world.relations):
        if rel.relation not in ("in_front_of", "behind") or len(rel.args) != 2:
            continue
        subject, anchor = rel.args
        said = subject in walls or "workplace" not in world.entities[anchor].roles  # a teacher's desk faces the class
        if rel.relation == "behind" and said and _hangs(world, subject) and not _hangs(world, anchor) \
                and not _placed_otherwise(world, anchor):
            world.relate("above", [subject, anchor], {},
                         INFERRED + f"on the wall behind the {world.entities[anchor].category}: over it", inferred=True)
        own = walls.get(subject)
        if own is None or own.params.get("wall", "any") != "any":
            continue
        turned = anchor not in walls  # the anchor stands in the room, turned toward a thing at a wall
        side = _back_wall(world, anchor, walls) if turned else walls[anchor].params.get("wall")
        if side in SIDES:
            own.params["wall"] = OPPOSITE[side] if rel.relation == "in_front_of" else side
            if rel.relation == "in_front_of" or turned:  # across the room: as far as it is deep
                rel.params.setdefault("max_distance", ACROSS_REACH)


def _back_wall(world: World, anchor: str, walls: dict[str, Any]) -> str | None:
    """The wall behind a thing at no wall that faces, or stands in front of, a thing at a named
    wall or under a window ("the wall behind the desk chair", the desk under the east window: the
    west wall): the one across from that; None when nothing turns it."""
    for rel in world.relations:
        if rel.relation not in ("in_front_of", "facing") or len(rel.args) != 2 or rel.args[0] != anchor:
            continue
        faced = rel.args[1]
        side = walls[faced].params.get("wall") if faced in walls else _window_wall(world, faced)
        if side in SIDES:
            return OPPOSITE[str(side)]
    return None


def _window_wall(world: World, entity_id: str) -> str | None:
    """The wall of the window (or door) the object stands under or by, when the text named it."""
    for rel in world.relations:
        opening = rel.params.get(OPENING_PARAM) or (rel.args[-1] if rel.relation == "under_window" else None)
        if rel.args[:1] == (entity_id,) and opening:
            return next((o.wall for o in world.openings if o.id == opening and o.wall in SIDES), None)
    return None


def walls_named_after(items: list[Any]) -> None:
    """"The bookshelf goes on the wall behind the desk chair", "the wall opposite the bed": a wall
    that a relation right after it places by an object is that object's (:func:`walls_from_anchors`),
    not the wall the text named last; it is read with no side of its own."""
    for item, nxt in zip(items, items[1:]):
        np = item.np
        if np is not None and np.kind == "location" and np.location == "wall" and np.side is None \
                and np.determiner == "definite" and nxt.kind == "REL" and nxt.token is not None \
                and nxt.token.value in ANCHORING:
            np.determiner = ""


def hang_across_open(world: World) -> None:
    """"A wall-mounted TV opposite the couch", "the TV on the wall across from the sofa", neither
    wall named: the hung thing takes the back wall (:data:`OPEN_SAME`, in view) and what it is in
    front of stands across the room from it, instead of the solver's free choice of a wall that
    a thing turned toward a sofa standing anywhere leaves for mid-air."""
    walls = {r.args[0]: r for r in world.relations if r.relation in WALL_RELATIONS and r.args}
    for rel in list(world.relations):
        if rel.relation != "in_front_of" or len(rel.args) != 2 or rel.args[1] in walls:
            continue
        subject = rel.args[0]
        own = walls.get(subject)
        if own is None and _hangs(world, subject):
            walls[subject] = own = _relate_wall(world, subject, rel.source)
        if own is not None and own.relation == "on_wall" and own.params.get("wall", "any") == "any":
            own.params["wall"] = OPEN_SAME
            rel.params.setdefault("max_distance", ACROSS_REACH)


def _relate_wall(world: World, subject: str, source: str) -> Any:
    world.relate("on_wall", [subject], {"wall": "any"}, INFERRED + source, inferred=True)
    return world.relations[-1]


def stand_by_hung(world: World) -> None:
    """"The teacher's desk pushed against the blackboard": a thing standing against (touching) one
    that hangs, and at no wall of its own, stands under it, at its wall (``above(board, desk)``:
    :mod:`..architecture.hung_over`)."""
    walled = world.walled()
    for rel in list(world.relations):
        if rel.relation != "proximity" or len(rel.args) != 2 or float(rel.params.get("max_distance", 1.0)) > TOUCHING:
            continue
        hung = [a for a in rel.args if _hangs(world, a)]
        standing = next((a for a in rel.args if a not in hung), "")
        if len(hung) == 1 and standing and standing not in walled and world.entities[standing].mount is None:
            world.relate("above", [hung[0], standing], {}, rel.source)


def run_ends(world: World) -> None:
    """"The fridge stands at the end of the counters, against the same wall": a thing cannot stand in
    front of another at the very wall it stands at itself; it stands beside the end of their run."""
    walls = {r.args[0]: r.params.get("wall") for r in world.relations if r.relation == "against_wall" and r.args}
    for rel in list(world.relations):
        if rel.relation != "in_front_of" or len(rel.args) != 2 or walls.get(rel.args[0]) not in SIDES:
            continue
        a, b = rel.args
        if walls.get(b) != walls[a]:
            continue
        kind = world.entities[b].category
        run = [i for i, w in walls.items() if w == walls[a] and world.entities[i].category == kind]
        world.relations.remove(rel)
        world.relate("proximity", [a, run[-1]], {"max_distance": END_GAP}, rel.source)


def _hangs(world: World, entity_id: str) -> bool:
    """Whether the object hangs on a wall: the text hangs it, or the knowledge base says it does."""
    entity = world.entities[entity_id]
    facts = load_knowledge().lookup(entity.category)
    return entity.mount == "wall" or (entity.mount is None and facts is not None and facts.mount == "wall")


def _placed_otherwise(world: World, entity_id: str) -> bool:
    """Whether a stated relation other than a wall's places the object (as its subject)."""
    return any(r.args[:1] == (entity_id,) and not r.inferred and r.relation not in WALL_RELATIONS
               for r in world.relations)


def across_depth(depths: dict[str, float], constraints: list[Any]) -> float | None:
    """The deepest a room may be for two things on opposite walls that must stay within reach of
    each other (``max_distance`` of a proximity or in_front_of between them: a TV on the wall
    across from the sofa, at a viewing distance): the reach plus both depths; None when no pair."""
    walls = {c.args[0]: c.params.get("wall") for c in constraints if c.relation in WALL_RELATIONS and c.args}
    out = []
    for con in constraints:
        reach = con.params.get("max_distance")
        if con.relation not in ("proximity", "in_front_of", "behind") or len(con.args) < 2 or reach is None:
            continue
        a, b = con.args[:2]
        if walls.get(a) in OPPOSITE and OPPOSITE[str(walls[a])] == walls.get(b):
            out.append(float(reach) + depths.get(a, 0.0) + depths.get(b, 0.0))
    return min(out) if out else None


def open_wall(item: Item, rest: list[Item]) -> None:
    """"the wall opposite the sofa", "the wall behind the desk": a wall said with no side but
    across from or behind an object is found from that object's (:func:`walls_from_anchors`),
    not the wall the text named last; it is read as "a wall" here, left open. ("the wall next
    to it" stays the wall named last.)"""
    np = item.np
    if np is None or np.kind != "location" or np.location != "wall" or np.side is not None or np.plural:
        return
    across = rest[0].token is not None and rest[0].token.value in ACROSS_KINDS if rest else False
    if np.determiner == "definite" and across and len(rest) > 1 and rest[1].kind in ("NP", "PRON"):
        np.determiner = ""


def face_out_of_corners(world: World) -> None:
    """"An armchair in the corner and a bookshelf on the wall behind it": a seat in a corner, which
    nothing else the text says turns, faces out of it, toward the middle of the room (its back to
    the corner). Without this it could face into the corner and "behind it" was out in the room.
    Other things in a corner keep in_corner alone (a fridge beside a run of counters turns with it),
    and so does a seat with a free-standing thing behind it ("behind it stands a floor lamp": the
    two share the corner as the solver finds best; facing out left no room for the lamp)."""
    turned = {r.args[0] for r in world.relations if r.args and r.relation in TURNING}
    turned |= _backed_by_free_standing(world)
    for rel in list(world.relations):
        if rel.relation != "in_corner" or not rel.args or rel.args[0] in turned:
            continue
        entity = world.entities[rel.args[0]]
        if "seat" not in entity.roles or "has_front" not in entity.roles or entity.mount is not None:
            continue
        world.relate("facing_direction", [entity.id], {"direction": "center"},
                     INFERRED + f"a {entity.category} in a corner faces out of it", inferred=True)
        turned.add(entity.id)


def _backed_by_free_standing(world: World) -> set[str]:
    """Ids of things with something behind them that stands free (no wall relation of its own)."""
    walled = world.walled()
    return {r.args[1] for r in world.relations
            if r.relation == "behind" and len(r.args) == 2 and r.args[0] not in walled}


def opening_wall(world: World, np: NounPhrase) -> str | None:
    """"Against the window wall", "the entrance wall", "the door wall": the wall of that door or
    window (the one named last, else a new one): its side, or ``of:<id>`` until it has one
    (:func:`.openings.assign_walls`), also made the phrase's side; None for any other phrase."""
    if np.kind != "location" or np.location != "wall" or np.side is not None:
        return None
    nouns = world.vocab.lexicon.location_nouns
    kind = next((nouns[w] for w in np.text.split()[:-1] if nouns.get(w) in OPENING_KINDS), None)
    if kind is None:
        return None
    known = [o.id for o in world.openings if o.kind == kind]
    made = known[-1:] or list(opening_place(world, NounPhrase(text=kind, head=kind, kind="location", location=kind),
                                            None).openings)
    note = next(o for o in world.openings if o.id == made[0])
    np.side = note.wall or f"of:{note.id}"  # the phrase names that wall from now on (a hung thing keeps it)
    return np.side


def openings_on_walls(items: list[Any]) -> list[Any]:
    """"Between the two windows on the north wall, put a tall cabinet": a wall right after a door
    or window that is a relation's object ("on", "in", "at" it) says where the opening is, not where
    the sentence's subject goes; the opening phrase takes the wall's side and the two items are read
    as used. An opening that is a subject ("two windows on the north wall") keeps its relation."""
    out: list[Any] = []
    for item in items:
        if len(out) >= 3 and _names_wall(item) and out[-1].kind == "REL" and out[-1].token is not None \
                and out[-1].token.value in OPENING_WALL_WORDS and out[-2].np is not None \
                and out[-2].np.location in OPENING_KINDS and out[-2].np.side is None and out[-3].kind == "REL":
            out[-2].np.side, item.used = item.np.side, True
            out.pop().used = True
            continue
        out.append(item)
    return out


def _names_wall(item: Any) -> bool:
    np = item.np
    return np is not None and np.kind == "location" and np.location == "wall" and np.side in SIDES
