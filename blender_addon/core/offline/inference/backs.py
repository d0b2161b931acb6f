"""Furniture whose back goes to a wall stands against one unless the text places it (issue 14,
class "against_wall"): the object knowledge base says which things do (``back_to_wall``: a
bookshelf, a wardrobe, a dresser, a counter, a TV stand, a piano; ``headboard``: a bed), the text
says whether something else decides where they stand. Used by :mod:`.common_sense`, indoors only.
"""

from __future__ import annotations

import math
from typing import Any

from ...knowledge.objects import load_knowledge
from ..referents.world import INFERRED, World
from ..relations.openings import OPENING_PARAM
from .inferring import NOT_PLACING

GROUPING = frozenset({"row", "grid", "alignment", "stacked", "symmetric", "around", "circular"})
MAX_WALL_RUN = 8.0  # m: like things wider than this side by side stand in rows, not each at a wall
WALL_BOUND = frozenset({"on_wall", "against_wall", "in_corner", "under_window", "next_to_door"})


def _placed_by_text(world: World, entity_id: str) -> bool:
    """Whether a relation places the object itself: it is the subject of one that says where it
    stands or what it faces (a sofa facing the fireplace stands where it sees it), a member of an
    arrangement (a row, a ring: not the ring's centre), or the anchor of something hung on or
    standing at a wall ("a TV on the wall across from the sofa": the sofa stands across from it)."""
    walled = {r.args[0] for r in world.relations if r.relation in WALL_BOUND}
    walled |= {e.id for e in world.entities.values() if e.mount == "wall"}
    for rel in world.relations:
        if entity_id not in rel.args or (rel.relation in NOT_PLACING and rel.relation != "facing"):
            continue
        if rel.args[0] == entity_id or (rel.relation in GROUPING and (rel.relation != "around"
                                                                       or rel.args[-1] != entity_id)):
            return True
        if rel.args[0] in walled and rel.relation not in ("above", "facing"):
            return True
    return False


def wall_furniture(world: World) -> None:
    """"A bedroom with a bed, a wardrobe and a dresser": the wardrobe and the dresser stand with
    their backs to a wall, as the knowledge base says such things do (``back_to_wall``), unless
    the text places them (in the middle, in a row, facing the fire...) or they stand on something;
    one only "next to" a thing at a wall stands at that wall (a filing cabinet next to the desk).
    A thing that something hangs above (a mirror over the dresser) is left to the wall the two
    share (core.architecture.mounting)."""
    knowledge = load_knowledge()
    supported = world.supports()
    hung_over = {r.args[1] for r in world.relations if r.relation == "above" and len(r.args) == 2}
    candidates = []
    for entity in list(world.entities.values()):
        facts = knowledge.lookup(entity.category)
        if facts is None or not (facts.back_to_wall or facts.headboard) or facts.mount != "floor":
            continue
        if entity.mount is None and entity.id not in supported and entity.id not in hung_over:
            candidates.append(entity)
    loose: dict[str, list[str]] = {}
    for entity in candidates:
        if _wall_of_neighbour(world, entity.id) is None and not _placed_by_text(world, entity.id):
            loose.setdefault(entity.category, []).append(entity.id)
    in_rows = {oid for ids in loose.values() if _too_many_for_walls(world, ids) for oid in ids}
    for entity in candidates:
        wall = _wall_of_neighbour(world, entity.id)
        if entity.id in in_rows or (wall is None and _placed_by_text(world, entity.id)):
            continue
        world.relate("against_wall", [entity.id], {"wall": wall or "any"},
                     INFERRED + f"a {entity.category} stands with its back to a wall", inferred=True)


def _too_many_for_walls(world: World, ids: list[str]) -> bool:
    """"A classroom with twenty desks": more like things than a room's walls hold side by side
    (their widths over :data:`MAX_WALL_RUN`) stand in rows instead, one behind another, turned
    alike (solver triage #3: each desk against "any" wall left most against none)."""
    widths = [world.vocab.match(world.entities[i].description, world.entities[i].hints,
                                world.entities[i].category).dimensions[0] for i in ids]
    if len(ids) < 2 or sum(widths) <= MAX_WALL_RUN:
        return False
    cols = math.ceil(math.sqrt(len(ids)))
    rows = math.ceil(len(ids) / cols)
    params = {"rows": rows, "cols": cols} if rows * cols == len(ids) else {}
    why = INFERRED + "more than the walls hold stand in rows"
    world.relate("grid", ids, params, why, inferred=True)
    for other in ids[1:]:
        world.relate("parallel", [other, ids[0]], {}, why, inferred=True)
    return True


def _wall_of_neighbour(world: World, entity_id: str) -> str | None:
    """The wall of what the object stands next to ("a bookshelf next to the TV stand against the
    north wall", "a changing table next to the crib under the window": the window's wall), when
    "next to" such things is all the text says of where it stands (not "some way from" them: a
    stated distance with a floor keeps it off their wall)."""
    walls: dict[str, Any] = {r.args[0]: f"of:{r.params[OPENING_PARAM]}" for r in world.relations  # under a window
                             if r.relation == "under_window" and r.params.get(OPENING_PARAM)}
    walls.update({r.args[0]: r.params.get("wall") for r in world.relations if r.relation == "against_wall"})
    own = [r for r in world.relations if r.args[0] == entity_id and r.relation not in NOT_PLACING]
    found = {walls.get(r.args[1]) for r in own if r.relation == "proximity" and len(r.args) == 2
             and not r.params.get("min_distance")}  # "a sofa about 3 m from the fireplace" is not at its wall
    if not own or len(found) != 1 or len(own) != sum(r.relation == "proximity" for r in own):
        return None
    wall = found.pop()
    return wall if isinstance(wall, str) else None  # "any": the solver puts the two together
