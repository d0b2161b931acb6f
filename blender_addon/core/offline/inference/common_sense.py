"""Common sense the text leaves out, added as *inferred* relations (lower weight).

Rules, in order: a carrier not placed otherwise takes the place of what it carries;
same-kind stacks are in size order (largest at the bottom), things put in size order stand
in a line; chairs named with a table go around it, a chair with a desk sits in front of it
facing it, a chair placed at a table faces it; pillows and toys named with a bed or sofa lie
on it; small table-top things stand on a surface (the table of the seats they are set at, their
host, a neighbour's surface, or the surface mentioned nearest); what a platform holds stands on
it; a TV stands on its stand; a coffee table stands in front of the sofa; seats face the TV (and it
them, unless it hangs on a wall); things beside an anchor against a wall stand at it too; furniture whose
back goes to a wall (the knowledge base's ``back_to_wall``: a bookshelf, a wardrobe, a counter,
a piano) and that the text does not place stands against a wall, indoors (:mod:`.backs`); things with a
front turn with what carries them; a rug lies under the table or bed; seats around a long table, or a table at
a wall, sit along its free sides (:mod:`.seating`). A last pass keeps every object on at most one
support, without cycles.
"""

from __future__ import annotations

from .....skill_library.roles import roles as relation_roles
from .backs import wall_furniture
from ..reading.clause import CARRIED
from ..relations.directions import SIDE_VIEW_DEG, turned_away
from ..distributions.seating import rows_face_their_target, seat_long_tables
from ..relations.surfaces import fits_on, held, held_height, hosted_surface
from ..referents.world import INFERRED, WALL_RELATIONS, Entity, PlannedRelation, World

NOT_PLACING = frozenset({"facing", "parallel", "perpendicular", "hierarchy", "scaling"})
BESIDE = frozenset({"left_of", "right_of", "in_front_of", "behind", "proximity", "between"})
HOSTED_HEIGHT = 0.6  # m: "a table with a coffee machine": at most this tall, it stands on the table
SEAT_GAP = 0.6  # m: a chair pulled up to a desk
PLACE_REACH = 0.4  # m: a plate "in front of a chair" is at that seat, not anywhere before it
SEATED = frozenset({"in_front_of", "behind", "left_of", "right_of", "around", "proximity"})  # a seat at its table
TABLES = frozenset({"dining_table", "workplace", "table_like"})
SOFA_TABLE_GAP = 1.0  # m: coffee table in front of a sofa
PUSHED_GAP = 0.15  # m: a thing this close to a thing hung on a wall ("pushed against the board") is at that wall
TV_DISTANCE = (1.5, 3.5)  # m: a comfortable viewing distance (the coder uses the same for seats facing a screen)


def infer(world: World, *, outdoor: bool = False) -> None:
    """Add every inferred relation to ``world`` and drop contradicting supports (``outdoor``: the
    scene has no walls to stand things against)."""
    _carrier_takes_place(world)
    _stack_order(world)
    _sorted_in_line(world)
    _seats(world)
    _seats_face_their_table(world)
    _soft_things(world)
    _tabletop_support(world)
    _hosted_on_surface(world)
    _on_platform(world)
    _tv_support(world)
    _coffee_table(world)
    _screens(world)
    if not outdoor:
        wall_furniture(world)
    _beside_against_wall(world)
    _turn_with_support(world)
    _rugs(world)
    seat_long_tables(world)
    rows_face_their_target(world)
    _clean_supports(world)


def _relate(world: World, relation: str, args: list[str], params: dict | None, why: str) -> bool:
    return world.relate(relation, args, params or {}, INFERRED + why, inferred=True)


def _placed(world: World, entity_id: str, ignore_roles: frozenset[str] = frozenset(), anchors: bool = True) -> bool:
    """Whether a relation already says where the object is, as subject or (``anchors``) as a pair's anchor.
    Relations that only turn or size things do not count, nor those whose other objects
    all have one of ``ignore_roles`` (candles in a row still need a table)."""
    for rel in world.relations:
        said = rel.args if anchors or len(rel.args) != 2 else rel.args[:1]
        if entity_id not in said or rel.relation in NOT_PLACING:
            continue
        others = [a for a in rel.args if a != entity_id]
        if ignore_roles and others and all(world.entities[o].roles & ignore_roles for o in others):
            continue
        return True
    return False


def _with_role(world: World, role: str) -> list[Entity]:
    return [e for e in world.entities.values() if role in e.roles]


def _nearest(world: World, entity: Entity, candidates: list[Entity]) -> Entity | None:
    """The candidate mentioned nearest before ``entity`` in its sentence, else in the text."""
    if not candidates:
        return None
    same = [c for c in candidates if c.sentence == entity.sentence]
    pool = same or candidates
    before = [c for c in pool if c.mention < entity.mention]
    return max(before, key=lambda c: c.mention) if before else min(pool, key=lambda c: c.mention)


def _carrier_takes_place(world: World) -> None:
    """"A lamp on each side of the sofa, standing on side tables": the side tables stand
    there, the lamps on them (a carrier not placed otherwise takes its load's place)."""
    supports = {r.args[0]: r.args[1] for r in world.relations if r.relation == "on_top_of"}
    for rel in world.relations:
        load = rel.args[0]
        carrier = supports.get(load)
        if rel.relation not in BESIDE or carrier is None or carrier in rel.args:
            continue
        if not world.entities[load].roles & CARRIED or "tabletop" in world.entities[carrier].roles:
            continue
        if any(world.entities[a].roles & CARRIED for a in rel.args[1:]):
            continue  # "a cup on the desk next to the laptop": beside another small thing up there
        if any(r.args[0] == carrier and r.relation not in NOT_PLACING for r in world.relations):
            continue  # the text placed the carrier itself
        rel.args = (carrier,) + rel.args[1:]


def _tabletop_support(world: World) -> None:
    surfaces = _with_role(world, "surface")
    for entity in list(world.entities.values()):
        if "tabletop" not in entity.roles or entity.id in world.supports() or entity.mount is not None:
            continue  # a lantern hung from the ceiling is on no table
        table = _place_at_table(world, entity.id)
        if table is not None:  # "a plate in front of every chair": on the table, at that seat
            _relate(world, "on_top_of", [entity.id, table], {}, f"a {entity.category} at a seat is on its table")
            continue
        if _placed(world, entity.id, ignore_roles=frozenset({"tabletop"})):
            continue
        target = _neighbour_support(world, entity.id) or _host_surface(world, entity.id)
        if target is None:
            chosen = _nearest(world, entity, [s for s in surfaces if s.id != entity.id])
            target = chosen.id if chosen else None
        if target is not None:
            _relate(world, "on_top_of", [entity.id, target], {}, f"a {entity.category} stands on a surface")


def _hosted_on_surface(world: World) -> None:
    """"A small table with a coffee machine", "a workbench with a vise": a thing named with a
    table-like host that the text does not place, small enough to stand on it (at most
    :data:`HOSTED_HEIGHT` tall, half its top's area, no seat), stands on it."""
    for entity in list(world.entities.values()):
        host = world.hosts.get(entity.id)
        if host is None or "surface" not in world.entities[host].roles:
            continue
        if entity.id in world.supports() or (_placed(world, entity.id) and not held(world, entity)) or entity.mount:
            continue
        if fits_on(world, entity.id, host, held_height(world, host, HOSTED_HEIGHT)):
            _relate(world, "on_top_of", [entity.id, host], {}, f"a {entity.category} named with a "
                    f"{world.entities[host].category} stands on it")


def _on_platform(world: World) -> None:
    """"A stage with a microphone stand in the middle and a drum kit behind it": what a
    platform hosts stands on it, unless the text relates it to the platform itself or
    places it by something that is not on the platform."""
    for entity in list(world.entities.values()):
        host = world.hosts.get(entity.id)
        if host is None or "platform" not in world.entities[host].roles or entity.id in world.supports():
            continue
        supports = world.supports()
        linked = [r for r in world.relations if entity.id in r.args]
        if any(host in r.args for r in linked):
            continue
        neighbours = {a for r in linked if r.relation not in NOT_PLACING for a in r.args if a != entity.id}
        if all(supports.get(n) == host for n in neighbours):
            why = f"what the {world.entities[host].category} holds stands on it"
            _relate(world, "on_top_of", [entity.id, host], {}, why)


def _soft_things(world: World) -> None:
    """Pillows and teddy bears named with a bed or sofa lie on it."""
    soft = _with_role(world, "soft_surface")
    for entity in _with_role(world, "cushion"):
        if entity.id in world.supports() or _placed(world, entity.id) or entity.mount is not None:
            continue
        host = world.hosts.get(entity.id)
        if host is not None and "soft_surface" in world.entities[host].roles:
            target: str | None = host
        else:
            same = [s for s in soft if s.sentence == entity.sentence and s.id != entity.id]
            target = same[0].id if host is None and len(same) == 1 else None
        if target is not None:
            _relate(world, "on_top_of", [entity.id, target], {}, f"a {entity.category} lies on the {target}")


def _place_at_table(world: World, entity_id: str) -> str | None:
    """The table of the seat a small thing is put by ("a plate in front of each chair"), and
    that thing's place pulled up to the seat (within :data:`PLACE_REACH`); None when it is not
    put by a seat at a table."""
    entities = world.entities
    for rel in world.relations:
        if rel.relation not in BESIDE or len(rel.args) != 2 or rel.args[0] != entity_id:
            continue
        seat = rel.args[1]
        if "seat" not in entities[seat].roles:
            continue
        for other in world.relations:
            at = other.args[-1]
            if seat in other.args[:-1] and other.relation in SEATED and entities[at].roles & TABLES:
                rel.params.setdefault("max_distance", PLACE_REACH)
                return at
    return None


def _neighbour_support(world: World, entity_id: str) -> str | None:
    supports = world.supports()
    for rel in world.relations:
        if entity_id in rel.args:
            for other in rel.args:
                if other != entity_id and other in supports and "tabletop" in world.entities[other].roles:
                    return supports[other]
    return None


def _host_surface(world: World, entity_id: str) -> str | None:
    return hosted_surface(world, entity_id)  # its host's top, or that of the table its host is at


def _seats(world: World) -> None:
    tables = [e for e in world.entities.values() if e.roles & {"dining_table", "workplace"}]
    waiting: dict[str, list[str]] = {}
    for seat in _with_role(world, "small_seat"):
        if _placed(world, seat.id, CARRIED, anchors=False) or not tables:  # a plate (a shelf behind it) does not
            continue
        host = world.hosts.get(seat.id)
        if host is not None and world.entities[host].roles & {"dining_table", "workplace"}:
            anchor = host
        else:
            same = [t for t in tables if t.sentence == seat.sentence]
            pool = same if len(same) == 1 else tables if len(tables) == 1 else []
            chosen = pool[0] if pool else _nearest(world, seat, same)  # "a desk, a chair and a piano": the desk
            if chosen is None:
                continue
            anchor = chosen.id
        waiting.setdefault(anchor, []).append(seat.id)
    for anchor, seats in waiting.items():
        if "dining_table" in world.entities[anchor].roles and len(seats) >= 2:
            _relate(world, "around", [*seats, anchor], {"facing": True}, "chairs go around the table")
            continue
        for seat_id in seats:
            _relate(world, "in_front_of", [seat_id, anchor], {"max_distance": SEAT_GAP}, "a chair at its desk")
            _relate(world, "facing", [seat_id, anchor], {}, "a chair faces its desk")


def _seats_face_their_table(world: World) -> None:
    """A chair placed in front of / behind / beside a desk or table faces it ("a chair behind each desk")."""
    for rel in list(world.relations):
        if rel.relation not in ("in_front_of", "behind", "left_of", "right_of", "proximity"):
            continue
        seat, table = rel.args[0], rel.args[1]
        if "small_seat" not in world.entities[seat].roles:
            continue
        if not world.entities[table].roles & {"dining_table", "workplace"}:
            continue
        if not any(r.relation == "facing" and r.args[0] == seat for r in world.relations):
            _relate(world, "facing", [seat, table], {}, "a chair faces the table it stands at")


def _tv_support(world: World) -> None:
    stands = _with_role(world, "tv_surface")
    for tv in _with_role(world, "tv"):
        if tv.id in world.supports() or _placed(world, tv.id) or not stands or tv.mount is not None:
            continue
        stand = _nearest(world, tv, stands)
        if stand is not None:
            _relate(world, "on_top_of", [tv.id, stand.id], {}, "a TV stands on its stand")


def _coffee_table(world: World) -> None:
    lounges = _with_role(world, "lounge")
    for table in _with_role(world, "front_table"):
        if _placed(world, table.id) or not lounges:
            continue
        sofa = _nearest(world, table, lounges)
        if sofa is not None:
            _relate(world, "in_front_of", [table.id, sofa.id], {"max_distance": SOFA_TABLE_GAP},
                    "a coffee table stands in front of the sofa")


def _screens(world: World) -> None:
    for tv in _with_role(world, "tv"):
        for seat in _with_role(world, "lounge"):
            linked = any(set(r.args) == {tv.id, seat.id} for r in world.relations if len(r.args) == 2)
            if not linked and turned_away(world, seat.id, tv.id):  # a sofa on the south wall sees a TV on the west
                _relate(world, "facing", [seat.id, tv.id], {"tolerance_deg": SIDE_VIEW_DEG}, "seats see the TV")
            elif not linked:  # wall off its front (the TV hangs where it can: not in a corner)
                _relate(world, "facing", [seat.id, tv.id], {}, "seats face the TV")
                placed = any(r.args[0] == seat.id and r.relation not in NOT_PLACING for r in world.relations)
                if not placed:  # a seat the text placed elsewhere keeps its place
                    _relate(world, "proximity", [seat.id, tv.id],
                            {"min_distance": TV_DISTANCE[0], "max_distance": TV_DISTANCE[1]}, "viewing distance")
            elif not _has(world, "facing", (seat.id, tv.id)):
                _relate(world, "facing", [seat.id, tv.id], {}, "seats face the TV")
            if not any(r.relation in ("facing", "on_wall") and r.args[0] == tv.id for r in world.relations):  # hung:
                _relate(world, "facing", [tv.id, seat.id], {}, "the TV faces the seats")  # it faces off its wall


def _has_any(world: World, relation: str, first: str) -> bool:
    return any(r.relation == relation and r.args[0] == first for r in world.relations)


def _has(world: World, relation: str, args: tuple[str, ...]) -> bool:
    return any(r.relation == relation and r.args == args for r in world.relations)


def _stack_order(world: World) -> None:
    for rel in list(world.relations):
        if rel.relation != "stacked" or len(rel.args) < 2:
            continue
        if any(r.relation == "hierarchy" and set(r.args) == set(rel.args) for r in world.relations):
            continue
        if len({world.entities[a].category for a in rel.args}) == 1:
            _relate(world, "hierarchy", list(rel.args), {"key": "volume", "order": "descending"},
                    "a stack has its largest item at the bottom")


def _sorted_in_line(world: World) -> None:
    """"Three vases on the shelf sorted by height": things put in size order stand in a line,
    in that order, unless an arrangement already places them together."""
    arranged = ("stacked", "row", "grid", "around", "circular", "alignment")
    for rel in list(world.relations):
        if rel.relation != "hierarchy" or rel.inferred or len(rel.args) < 2:
            continue
        if any(r.relation in arranged and set(rel.args) <= set(r.args) for r in world.relations):
            continue
        _relate(world, "row", list(rel.args), {}, "things in size order stand in a line")


def _beside_against_wall(world: World) -> None:
    # beside a wall-hung thing too: "a sign on the north wall with a plant on each side" (the plants stand at it)
    walls = {r.args[0]: r.params.get("wall", "any") for r in world.relations
             if r.relation in WALL_RELATIONS}
    hung = {e.id for e in world.entities.values() if e.mount == "wall"} | {
        r.args[0] for r in world.relations if r.relation == "on_wall"}
    for rel in list(world.relations):
        pushed = (rel.relation == "proximity" and len(rel.args) == 2 and rel.args[1] in hung
                  and float(rel.params.get("max_distance", 1.0)) <= PUSHED_GAP)  # "a desk pushed against the board"
        beside = pushed or rel.relation in relation_roles().left_right
        if beside and rel.args[1] in walls and rel.args[0] not in walls:
            if world.entities[rel.args[0]].roles & {"tabletop"} or rel.args[0] in world.supports():
                continue
            if world.entities[rel.args[0]].mount == "wall":
                continue
            _relate(world, "against_wall", [rel.args[0]], {"wall": walls[rel.args[1]]},
                    "against a thing on the wall" if pushed else "beside an object against the wall")
            if not pushed:
                _relate(world, "parallel", [rel.args[0], rel.args[1]], {}, "beside an object, turned the same way")


def _turn_with_support(world: World) -> None:
    """A TV turns with its stand, a monitor with its desk, a coffee table with its sofa."""
    fronted = {e.id for e in world.entities.values() if "has_front" in e.roles}
    for rel in list(world.relations):
        a, b = (rel.args + ("",))[:2]
        if rel.relation == "on_top_of" and a in fronted and b in fronted:
            _relate(world, "parallel", [a, b], {}, f"the {world.entities[a].category} turns with what carries it")
        elif (rel.relation == "in_front_of" and "front_table" in world.entities[a].roles
              and "lounge" in world.entities[b].roles and not _has_any(world, "parallel", a)):
            _relate(world, "parallel", [a, b], {}, "a coffee table lines up with the sofa")


def _rugs(world: World) -> None:
    anchors = _with_role(world, "rug_anchor")
    for rug in _with_role(world, "flat"):
        if _placed(world, rug.id) or any(rug.id == r.args[-1] for r in world.relations if r.relation == "overlap"):
            continue
        host = world.hosts.get(rug.id)
        ranked = sorted(anchors, key=lambda a: (a.sentence != rug.sentence, -a.mention))
        chosen = host if host and "rug_anchor" in world.entities[host].roles else (ranked[0].id if ranked else None)
        if chosen is not None:
            _relate(world, "under", [rug.id, chosen], {}, "a rug lies under the furniture")


def _clean_supports(world: World) -> None:
    """One support per object, no cycles: later contradicting relations are dropped and noted."""
    kept: list[PlannedRelation] = []
    below: dict[str, str] = {}
    for rel in world.relations:
        pairs = []
        if rel.relation in relation_roles().supporting:
            pairs = [(rel.args[0], rel.args[1])]
        elif rel.relation in relation_roles().stacking:
            pairs = list(zip(rel.args[1:], rel.args))
        if any(upper in below or _reaches(below, lower, upper) for upper, lower in pairs):
            world.notes.append(f"ignored {rel.relation}({', '.join(rel.args)}): it contradicts an earlier support")
            continue
        for upper, lower in pairs:
            below[upper] = lower
        kept.append(rel)
    world.relations[:] = kept


def _reaches(below: dict[str, str], start: str, goal: str) -> bool:
    seen = set()
    node: str | None = start
    while node is not None and node not in seen:
        if node == goal:
            return True
        seen.add(node)
        node = below.get(node)
    return False
