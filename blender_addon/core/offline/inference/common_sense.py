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
a wall, sit along its free sides (:mod:`.seating`). What stands on what (and the last pass that keeps
every object on at most one support, without cycles) is :mod:`.supports`.
"""

from __future__ import annotations

from .....skill_library.roles import roles as relation_roles
from .backs import wall_furniture
from ..relations.directions import SIDE_VIEW_DEG, turned_away
from ..distributions.seating import rows_face_their_target, seat_long_tables
from ..referents.world import WALL_RELATIONS, World
from ..reading.clause import CARRIED
from .inferring import NOT_PLACING, nearest, placed, relate, with_role
from .supports import (at_hand, carrier_takes_place, clean_supports, hosted_on_surface, on_platform, soft_things,
                       tabletop_support, tv_support)
from ..reading.lexicon import role_group

SEATED_TABLES = role_group("seated_tables")  # lexicon.json role_groups

SEAT_GAP = 0.6  # m: a chair pulled up to a desk
SOFA_TABLE_GAP = 1.0  # m: coffee table in front of a sofa
PUSHED_GAP = 0.15  # m: a thing this close to a thing hung on a wall ("pushed against the board") is at that wall
TV_DISTANCE = (1.5, 3.5)  # m: a comfortable viewing distance (the coder uses the same for seats facing a screen)


def infer(world: World, *, outdoor: bool = False) -> None:
    """Add every inferred relation to ``world`` and drop contradicting supports (``outdoor``: the
    scene has no walls to stand things against)."""
    carrier_takes_place(world)
    _stack_order(world)
    _sorted_in_line(world)
    _seats(world)
    _seats_face_their_table(world)
    soft_things(world)
    tabletop_support(world)
    hosted_on_surface(world)
    on_platform(world)
    at_hand(world)
    tv_support(world)
    _coffee_table(world)
    _screens(world)
    if not outdoor:
        wall_furniture(world)
    _beside_against_wall(world)
    _turn_with_support(world)
    _rugs(world)
    seat_long_tables(world)
    rows_face_their_target(world)
    clean_supports(world)


def _seats(world: World) -> None:
    tables = [e for e in world.entities.values() if e.roles & SEATED_TABLES]
    waiting: dict[str, list[str]] = {}
    for seat in with_role(world, "small_seat"):
        if placed(world, seat.id, CARRIED, anchors=False) or not tables:  # a plate (a shelf behind it) does not
            continue
        host = world.hosts.get(seat.id)
        if host is not None and world.entities[host].roles & SEATED_TABLES:
            anchor = host
        else:
            same = [t for t in tables if t.sentence == seat.sentence]
            pool = same if len(same) == 1 else tables if len(tables) == 1 else []
            chosen = pool[0] if pool else nearest(world, seat, same)  # "a desk, a chair and a piano": the desk
            if chosen is None:
                continue
            anchor = chosen.id
        waiting.setdefault(anchor, []).append(seat.id)
    for anchor, seats in waiting.items():
        if "dining_table" in world.entities[anchor].roles and len(seats) >= 2:
            relate(world, "around", [*seats, anchor], {"facing": True}, "chairs go around the table")
            continue
        for seat_id in seats:
            relate(world, "in_front_of", [seat_id, anchor], {"max_distance": SEAT_GAP}, "a chair at its desk")
            relate(world, "facing", [seat_id, anchor], {}, "a chair faces its desk")


def _seats_face_their_table(world: World) -> None:
    """A chair placed in front of / behind / beside a desk or table faces it ("a chair behind each desk")."""
    for rel in list(world.relations):
        if rel.relation not in ("in_front_of", "behind", "left_of", "right_of", "proximity"):
            continue
        seat, table = rel.args[0], rel.args[1]
        if "small_seat" not in world.entities[seat].roles:
            continue
        if not world.entities[table].roles & SEATED_TABLES:
            continue
        if not any(r.relation == "facing" and r.args[0] == seat for r in world.relations):
            relate(world, "facing", [seat, table], {}, "a chair faces the table it stands at")


def _coffee_table(world: World) -> None:
    lounges = with_role(world, "lounge")
    for table in with_role(world, "front_table"):
        if placed(world, table.id) or not lounges:
            continue
        sofa = nearest(world, table, lounges)
        if sofa is not None:
            relate(world, "in_front_of", [table.id, sofa.id], {"max_distance": SOFA_TABLE_GAP},
                    "a coffee table stands in front of the sofa")


def _screens(world: World) -> None:
    for tv in with_role(world, "tv"):
        for seat in with_role(world, "lounge"):
            linked = any(set(r.args) == {tv.id, seat.id} for r in world.relations if len(r.args) == 2)
            if not linked and turned_away(world, seat.id, tv.id):  # a sofa on the south wall sees a TV on the west
                relate(world, "facing", [seat.id, tv.id], {"tolerance_deg": SIDE_VIEW_DEG}, "seats see the TV")
            elif not linked:  # wall off its front (the TV hangs where it can: not in a corner)
                relate(world, "facing", [seat.id, tv.id], {}, "seats face the TV")
                placed = any(r.args[0] == seat.id and r.relation not in NOT_PLACING for r in world.relations)
                if not placed:  # a seat the text placed elsewhere keeps its place
                    relate(world, "proximity", [seat.id, tv.id],
                            {"min_distance": TV_DISTANCE[0], "max_distance": TV_DISTANCE[1]}, "viewing distance")
            elif not _has(world, "facing", (seat.id, tv.id)):
                relate(world, "facing", [seat.id, tv.id], {}, "seats face the TV")
            if not any(r.relation in ("facing", "on_wall") and r.args[0] == tv.id for r in world.relations):  # hung:
                relate(world, "facing", [tv.id, seat.id], {}, "the TV faces the seats")  # it faces off its wall


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
            relate(world, "hierarchy", list(rel.args), {"key": "volume", "order": "descending"},
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
        relate(world, "row", list(rel.args), {}, "things in size order stand in a line")


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
            relate(world, "against_wall", [rel.args[0]], {"wall": walls[rel.args[1]]},
                    "against a thing on the wall" if pushed else "beside an object against the wall")
            if not pushed:
                relate(world, "parallel", [rel.args[0], rel.args[1]], {}, "beside an object, turned the same way")


def _turn_with_support(world: World) -> None:
    """A TV turns with its stand, a monitor with its desk, a coffee table with its sofa."""
    fronted = {e.id for e in world.entities.values() if "has_front" in e.roles}
    for rel in list(world.relations):
        a, b = (rel.args + ("",))[:2]
        if rel.relation == "on_top_of" and a in fronted and b in fronted:
            relate(world, "parallel", [a, b], {}, f"the {world.entities[a].category} turns with what carries it")
        elif (rel.relation == "in_front_of" and "front_table" in world.entities[a].roles
              and "lounge" in world.entities[b].roles and not _has_any(world, "parallel", a)):
            relate(world, "parallel", [a, b], {}, "a coffee table lines up with the sofa")


def _rugs(world: World) -> None:
    anchors = with_role(world, "rug_anchor")
    for rug in with_role(world, "flat"):
        if placed(world, rug.id) or any(rug.id == r.args[-1] for r in world.relations if r.relation == "overlap"):
            continue
        host = world.hosts.get(rug.id)
        ranked = sorted(anchors, key=lambda a: (a.sentence != rug.sentence, -a.mention))
        chosen = host if host and "rug_anchor" in world.entities[host].roles else (ranked[0].id if ranked else None)
        if chosen is not None:
            relate(world, "under", [rug.id, chosen], {}, "a rug lies under the furniture")
