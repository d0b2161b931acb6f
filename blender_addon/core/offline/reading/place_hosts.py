"""Which object a place phrase of the room is about when the subject cannot take it: "a table
with four chairs in the middle" (the host table), "six chairs around a table in the middle of the
room" (the table the chairs ring), "a stage with a podium in the middle" (the stage's middle).
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from ...knowledge.objects import load_knowledge
from ..referents.described_ones import CARRIERS
from ..referents.world import Group, Place, World
from ..relations.surfaces import said_on

if TYPE_CHECKING:
    from .clause import Clause

CARRIED = frozenset({"tabletop", "tv", "cushion"})  # roles of things that stand on furniture


def carried_thing(world: World, entity_id: str) -> bool:
    """Whether the thing stands on furniture (:data:`CARRIED`), or nothing says what it is (no knowledge,
    no model: "a silver menorah", "sweets"): named with a host that carries things ("a table with a
    menorah in the middle", "a low table with sweets by the door"), it is one of those things."""
    entity = world.entities[entity_id]
    if entity.roles & CARRIED:
        return True
    return not entity.roles and load_knowledge().lookup(entity.category) is None and not world.vocab.match(
        entity.description, entity.hints, entity.category).known


def ring_anchor(world: World, state: Clause, subject: Group) -> Group | None:
    """"Six chairs around a table in the middle of the room", "four easels in a semicircle around a
    stool in the centre": several things cannot all stand in the middle; the one thing the
    clause's last relation related them to can, when it stands free on the floor (no fireplace,
    sofa or TV, which stand at a wall). None when that relation had no single object of its own."""
    objects = [o for o in state.objects if o.place is None]
    if len(subject.ids) < 2 or len(objects) != 1 or len(objects[0].ids) != 1 or objects[0].ids[0] in subject.ids:
        return None
    facts = load_knowledge().lookup(world.entities[objects[0].ids[0]].category)
    if facts is None or facts.mount != "floor" or facts.back_to_wall or facts.wall_mountable:
        return None  # "armchairs facing the fireplace in the middle of the room": the armchairs are
    return Group(ids=list(objects[0].ids), np=objects[0].np)


def middle_of_host(world: World, state: Clause, subject: Group | None, objects: list[Group]) -> None:
    """"A stage with a podium in the middle", "a desk with a lamp in the middle": the middle
    of the host that can carry the subject, not the middle of the room."""
    host = state.host
    if subject is None or not subject.ids or host is None or len(host.ids) != 1 \
            or not all(world.hosts.get(i) == host.ids[0] for i in subject.ids):
        return
    roles = world.entities[host.ids[0]].roles
    fronted = state.fronted_anchor is not None and state.fronted_anchor.ids == host.ids  # "On the shelf, put a
    small = all(carried_thing(world, i) or fronted and said_on(world, i, host.ids[0]) for i in subject.ids)
    # clock on the left and a plant in the middle": the plant fits on it (multi15)
    if roles & {"platform", "flat"} or (small and roles & CARRIERS):
        for obj in objects:
            if obj.place is not None and obj.place.kind == "middle" and obj.place.of is None:
                obj.place = Place("middle", None, host)
