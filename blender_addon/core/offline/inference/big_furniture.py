"""Relations that still hold when the furniture has its real size (issue 14).

With the knowledge base's real sizes (a grand piano 1.5 x 2.1 m, a hospital bed 2.15 m long, a
treadmill 1.9 m) a plan that reads right could not be met as written, and the solver gave up the
part the text cared about:

- "An armchair sits in the corner, angled toward the middle. Behind it stands a floor lamp": an
  armchair flush with both walls leaves no room behind it, so the armchair left the corner. What
  stands behind a thing in a corner gets room between it and the walls (:func:`room_behind_in_corner`).
- "A busy airport terminal with people and seating areas": the hall is sized from the archetype's
  range (22 m), and people no relation placed stood anywhere in it, metres from any seat. People
  the text places nowhere stand by the seating (:func:`people_by_the_seats`).
- "A treadmill and a bike facing the mirror on the north wall. Behind them, a bench": a mirror
  anywhere on that wall let the two turn toward the wall's far end, and "behind them" went sideways.
  A thing the text turns toward something hung on a named wall faces that wall
  (:func:`face_the_hung_wall`).
"""

from __future__ import annotations

from collections import Counter

from .....skill_library.roles import roles as relation_roles
from ...knowledge.objects import load_knowledge
from ..completion.furnish import ARCHETYPE_SOURCE
from ..relations.directions import wall_of
from ..referents.world import INFERRED, OPPOSITE, PlannedRelation, World

ARCHETYPE = ARCHETYPE_SOURCE.split("{")[0]

PEOPLE_NEAR = 0.8  # m: a figure placed nowhere stands this close to a seat (waiting by it)
CORNER_GAP = 0.05  # m: in_corner's own max_gap (a thing flush with both walls)
FACING_WALL_DEG = 20.0  # deg: facing the wall a hung thing is on, this closely (the hung thing then sits ahead)


def room_behind_in_corner(world: World) -> None:
    """A thing in a corner with a free-standing thing behind it keeps that thing's longest side
    between it and the walls (in_corner's ``max_gap``): the lamp fits in the corner behind the
    armchair, and both stay in the corner."""
    walled = world.walled()
    behind: dict[str, float] = {}
    for rel in world.relations:
        if rel.relation == "behind" and len(rel.args) == 2 and rel.args[0] not in walled \
                and rel.params.get("frame") != "world":
            w, d, _ = world.size_of(rel.args[0])
            behind[rel.args[1]] = max(behind.get(rel.args[1], 0.0), w, d)
    for rel in world.relations:
        if rel.relation == "in_corner" and rel.args and rel.args[0] in behind:
            gap = max(float(rel.params.get("max_gap", CORNER_GAP)), round(behind[rel.args[0]], 3))
            rel.params["max_gap"] = gap


def face_the_hung_wall(world: World) -> None:
    """"A treadmill facing the mirror on the north wall": a free-standing thing the text turns
    toward something hung on (or standing against) a named wall faces that wall (facing_direction), so the hung thing
    is ahead of it, not off at the wall's end, and its own "behind" is the far side of the room."""
    walled = world.walled()
    turned = {r.args[0] for r in world.relations if r.relation == "facing_direction" and r.args}
    turned |= {thing for thing, carrier in world.supports().items() if carrier in walled}  # a TV on a stand
    for rel in list(world.relations):  # at a wall turns with the stand (the wall's choice decides)
        if rel.relation != "facing" or len(rel.args) != 2 or not _stated(rel):
            continue
        subject, hung = rel.args
        wall = wall_of(world, hung)
        if wall not in OPPOSITE or subject in walled or subject in turned or world.entities[subject].mount is not None:
            continue
        world.relate("facing_direction", [subject], {"direction": wall, "tolerance_deg": FACING_WALL_DEG},
                     INFERRED + f"facing the {world.entities[hung].category} on the {wall} wall", inferred=True)
        turned.add(subject)


def _stated(rel: PlannedRelation) -> bool:
    """Whether the text itself said the relation (not common sense, not the room's archetype)."""
    return not (rel.inferred or rel.source.startswith(INFERRED) or rel.source.startswith(ARCHETYPE))


def people_by_the_seats(world: World) -> None:
    """People (the knowledge base's figures that sit) that no relation names stand by the scene's
    seats, one seat after another: "a waiting hall with people and rows of chairs"."""
    posture = load_knowledge().postures.get("sit")
    if posture is None:
        return
    named = {rel.args[0] for rel in world.relations if rel.args}  # (a suitcase next to a person still leaves it loose)
    seats = [e.id for e in world.entities.values() if e.roles & {"seat", "lounge"} and e.mount is None]
    loose = [e.id for e in world.entities.values() if e.id not in named and _figure(e.category, posture.families)]
    for k, person in enumerate(loose if seats else ()):
        world.relate("proximity", [person, seats[(k * max(1, len(seats) // len(loose))) % len(seats)]],
                     {"max_distance": PEOPLE_NEAR}, INFERRED + "people wait by the seats", inferred=True)


def _figure(category: str, families: tuple[str, ...]) -> bool:
    """Whether the category is a figure of one of the families (a person, not a statue of one)."""
    entry = load_knowledge().lookup(category)
    return entry is not None and entry.family in families


ACROSS_ROOM = 30.0  # m: the reach of "opposite" between two things on facing walls: the room's width, whatever it is


def across_the_room(world: World) -> None:
    """"Sofa against the west wall. Hang the TV on the east wall opposite it": a side relation with
    no distance the text gave, between two things on opposite named walls, reaches across the room
    (the relations' 2 m default would pull the TV off its wall in a 4.7 m room)."""
    for rel in world.relations:
        if rel.relation not in relation_roles().sides or len(rel.args) != 2 or "max_distance" in rel.params:
            continue
        here, there = wall_of(world, rel.args[0]), wall_of(world, rel.args[1])
        if here in OPPOSITE and OPPOSITE[here] == there:
            rel.params["max_distance"] = ACROSS_ROOM


SIDE_BAND = 0.3  # m: "to the right of the sofa": its centre at most this far ahead of or behind the sofa's depth


def beside_not_ahead(world: World) -> None:
    """"To its right a side table": beside it, level with it, not ahead of it off a corner: a left or
    right of the thing's own frame keeps the centre within its depth (+ :data:`SIDE_BAND`). Only a
    thing alone on that side: a row on one side (houses lining a street, trees along a road, two
    chairs at a table's end) runs along the side as far as it needs, past the target's depth."""
    cornered = {r.args[0] for r in world.relations if r.relation == "in_corner" and r.args}  # turned: its
    sides = [rel for rel in world.relations if rel.relation in relation_roles().left_right and len(rel.args) == 2
             and rel.params.get("frame") != "world" and rel.args[-1] not in cornered]  # sides are where the
    alone = Counter((rel.relation, rel.args[-1]) for rel in sides)  # corner leaves room (the lamp behind)
    for rel in sides:
        if alone[(rel.relation, rel.args[-1])] == 1:
            rel.params.setdefault("lateral_margin", SIDE_BAND)
