"""A part of a thing said as the place of another ("stack crates by the corner of the barn", "a ladder
against the side of the shed", "a lamp at the corner of the desk"): the place is by the thing itself,
never a corner or wall of the room, and never a new object named after the part (attach14). A small
thing said at a part of a thing it stands on ("a lamp at the corner of the desk"), and anything said on
one ("a plant growing on the corner of the desk"), stands on it.
"""

from __future__ import annotations

from ..referents.world import Group, Place, World

PART_PLACES = frozenset({"corner", "side"})  # a corner, side, edge or end: of the thing named after "of"
BY_KINDS = frozenset({"in", "at", "near", "against", "inside", "on", "by", "beside", "along"})
SMALL, SURFACE = "tabletop", "surface"  # roles: what stands on furniture, and what it stands on
PART_GAP = 0.4  # metres from the thing's box at most: by its corner or side


def at_thing_part(world: World, kind: str, subject: Group, place: Place, source: str) -> bool | None:
    """Relate the subject to the thing whose corner or side the place names: on it when the thing is a
    surface the subject is small or said on, else close by it; None when the place is no part of a thing."""
    owner = place.of
    if place.kind not in PART_PLACES or owner is None or len(owner.ids) != 1 or kind not in BY_KINDS \
            or not subject.ids or owner.ids[0] in subject.ids:
        return None
    thing = owner.ids[0]
    roles = world.entities[thing].roles
    if SURFACE in roles and (kind == "on" or all(SMALL in world.entities[a].roles for a in subject.ids)):
        return all([world.relate("on_top_of", [a, thing], {}, source) for a in subject.ids])
    firsts = subject.ids[:1] if subject.stacked else subject.ids  # a stack stands there by its bottom one
    return all([world.relate("proximity", [a, thing], {"max_distance": PART_GAP}, source) for a in firsts])
