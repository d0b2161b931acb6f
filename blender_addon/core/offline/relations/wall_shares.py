"""How many things stand at each of the walls the text names (issue 14, class "count"):
"bookcases along the east and west walls, three on each wall" (six), "three bookcases on each
of the east and west walls" (six), "pictures on the north and south walls, two on each" (four).

A wall phrase may name two or more walls (:attr:`.phrases.NounPhrase.walls`, read by
:mod:`.joined_walls`); "each wall" said of things the text stood at walls already is each of
the walls they stand at, not all four.
"""

from __future__ import annotations

from .hanging import HUNG_WALLS
from ..referents.world import Group, Place, World

WALL_RELATIONS = ("against_wall", "on_wall")
EVERY = frozenset({"each", "all"})


def walls_named(obj: Group, place: Place) -> tuple[str, ...]:
    """The walls a wall phrase names: its own two or more ("the east and west walls"), else all four."""
    named = obj.np.walls if obj.np is not None and place.kind == "wall" else ()
    return named or HUNG_WALLS


def every_wall(obj: Group) -> bool:
    """Whether the phrase speaks of each of its walls ("each wall", "both the north and south walls")."""
    np = obj.np
    return np is not None and (np.determiner in EVERY or (np.determiner == "both" and bool(np.walls)))


def shared_at_walls(world: World, subject: Group, obj: Group, place: Place, source: str) -> bool:
    """"..., three on each wall" of things the text stood at walls already: that many at each
    of those walls (more of them when the text did not count them). False when it is not that."""
    if subject.share is None or place.kind != "wall" or place.side or not every_wall(obj):
        return False
    at = {r.args[0]: r for r in world.relations if r.relation in WALL_RELATIONS and r.args and r.args[0] in subject.ids}
    if not at:
        return False
    walls = list(dict.fromkeys(str(r.params.get("wall")) for r in at.values()))
    if any(world.entities[i].counted for i in subject.ids):
        return True  # "six bookcases along the east and west walls, three on each": shared out as they are
    for wall in walls:
        there = [a for a, r in at.items() if r.params.get("wall") == wall]
        while len(there) < subject.share:
            new = world.clone(there[0])
            world.relate(at[there[0]].relation, [new], {"wall": wall}, source)
            subject.ids.append(new)
            there.append(new)
    return True
