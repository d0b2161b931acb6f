"""Things said to stand "opposite" another stand at the wall across from it (issue 14, class
"walls"): "a wardrobe opposite the bed" (the bed against the north wall), "the bookcase across
from the sofa", "a dresser goes opposite the bed". A thing whose back goes to a wall (the
knowledge base's ``back_to_wall``: a wardrobe, a dresser, a bookcase, a TV stand) or that hangs
on one, facing a thing at a wall, stands at the wall across the room, turned to it. Read as
"in front of it, facing it" alone, such a thing stood a step in front of the bed, in the middle
of the room, while the text's "opposite" holds; the solver never had a wall to put it against.

The phrase marks its ``in_front_of`` with :data:`ACROSS_PARAM` (``relations.pairwise``); the mark
is taken off here, once every sentence is read and the walls the text and common sense give are
known (the anchor's wall may be said after the "opposite").
"""

from __future__ import annotations

from ...knowledge.objects import load_knowledge
from ..referents.world import INFERRED, SIDES, World

ACROSS_PARAM = "_across"  # in_front_of params: the relation reads "opposite" / "across from"
WALL_BOUND = frozenset({"against_wall", "on_wall", "in_corner", "under_window", "next_to_door"})
ANCHOR_WALLS = frozenset({"against_wall", "on_wall"})


def _stands_at_a_wall(world: World, entity_id: str) -> str | None:
    """"against_wall" or "on_wall": the relation a thing of this kind takes at a wall; None for a
    thing that stands in the room (a table) or a seat (a sofa, an armchair: people face each other)."""
    facts = load_knowledge().lookup(world.entities[entity_id].category)
    if "seat" in world.entities[entity_id].roles:
        return None  # "a second sofa opposite the first": across a coffee table, wherever the room has room
    if world.entities[entity_id].mount == "wall" or (facts is not None and facts.mount == "wall"):
        return "on_wall"
    if facts is not None and facts.mount == "floor" and facts.back_to_wall:
        return "against_wall"
    return None


def _anchor_wall(world: World, anchor: str) -> str | None:
    """The side (or "any") of the wall the anchor stands or hangs at; None when it is at no wall
    or its wall is given by a door, a window or another thing (left to their own rules)."""
    for rel in world.relations:
        if rel.relation in ANCHOR_WALLS and rel.args[:1] == (anchor,):
            wall = rel.params.get("wall", "any")
            return wall if wall in SIDES or wall == "any" else None
    return None


def stand_across(world: World) -> None:
    """"A wardrobe opposite the bed": a wall thing across from a thing at a wall stands at the
    wall across from that one (``opposite:<anchor>``, resolved by ``wall_refs.resolve_object_walls``),
    unless the text put it at a wall, in a corner or under a window already."""
    bound = {r.args[0] for r in world.relations if r.relation in WALL_BOUND and r.args}
    for rel in list(world.relations):
        if not rel.params.pop(ACROSS_PARAM, False) or rel.relation != "in_front_of" or len(rel.args) != 2:
            continue
        subject, anchor = rel.args
        relation = _stands_at_a_wall(world, subject)
        if subject in bound or relation is None or _anchor_wall(world, anchor) is None:
            continue
        world.relate(relation, [subject], {"wall": f"opposite:{anchor}"},
                     INFERRED + f"opposite the {world.entities[anchor].category}: at the wall across from it",
                     inferred=True)
        bound.add(subject)
