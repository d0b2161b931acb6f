"""A wall the text names outdoors is a freestanding wall (issue 14: "sheep grazing by a dry stone
wall on a hillside", "a bench against a low stone wall in the garden").

Indoors, "against the stone wall" puts a thing at one of the room's walls and makes the walls
stone. An outdoor scene has no walls: there the same words name a thing that stands in the
scene, a garden or field wall. Once the setting is known, a wall finish the text gave outdoors
("stone walls") becomes such a wall, and each thing the text put against (or by) a wall stands
next to it instead. A wall the text did not describe (no finish words) keeps its old reading.
"""

from __future__ import annotations

from ..reading.phrases import NounPhrase
from ..referents.world import World

WALL_NAME = "wall"
STANDS_BY = "proximity"
REACH = 0.4  # m: how close a thing said to be against (or by) the wall stands to it
TEXT_WALL_RELATIONS = frozenset({"against_wall"})
OWN_SOURCES = ("archetype", "inferred")  # relations the text did not state


def freestanding_wall(world: World, outdoor: bool) -> str | None:
    """Make the described wall of an outdoor scene an object next to which the things the text
    put against a wall stand; returns its id (None when nothing changed)."""
    finish = world.finishes.get("walls")
    if not outdoor or not finish:
        return None
    words = [str(w) for w in finish.get("words", [])]
    np = NounPhrase(text=" ".join([*words, WALL_NAME]), head=" ".join([*words, WALL_NAME]),
                    description=" ".join([*words, WALL_NAME]))
    wall = world.create(np, 1).ids[0]
    for rel in world.relations:
        if rel.relation in TEXT_WALL_RELATIONS and len(rel.args) == 1 and not rel.source.startswith(OWN_SOURCES):
            rel.relation, rel.args, rel.params = STANDS_BY, (rel.args[0], wall), {"max_distance": REACH}
    del world.finishes["walls"]
    return wall
