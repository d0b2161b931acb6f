"""From a relation phrase and the groups it joins to CONTRACTS §5 relations.

``apply_relation`` handles the phrases with an anchor ("on", "next to", "between",
"around", "on each side of", "against the north wall"...); the phrases about the subject
alone ("in a row", "stacked") are in :mod:`.modifiers`. It returns False when the phrase
could not be turned into any relation, so the reader reports it as unparsed.
"""

from __future__ import annotations

import math
from typing import Any
from ....skill_library.roles import roles as relation_roles
from .directions import compass_relation, one_pair
from .free_space import about_free_space, is_free_space
from .ground import is_water
from .group_spread import ring_around, scattered_around
from .openings import opening_subject
from .phrase_relations import load_phrase_relations
from .quantities import COMPARATIVE, compare, near_reach, param_distance, per_side_count
from .seating import along_length, fronted, lengthwise, seat_side, side_capacity
from .places import between_openings, bottoms, to_place
from .pairing import pairs
from .portions import resize_part
from .row_counts import in_each_row
from .world import INFERRED, Group, World
from ..knowledge.objects import load_knowledge

FACING_ONE = frozenset({"facing", "front", "behind", "across"})
SUPPORTING = frozenset({"on", "on_top_bare", "in", "under", "above"})
EACH_SIDE_GAP = 0.5  # m: "a nightstand on each side of the bed" stands close to it
AGAINST_GAP = 0.1  # m: "a bench against the fence"
SIDE_BY_SIDE_REACH = 2.0  # m: in_front_of / behind's default reach (CONTRACTS §5), for the neighbours too


def has_front(world: World, ids: list[str]) -> bool:
    """Whether these objects have a front worth turning (chairs do, rocks do not)."""
    return all("has_front" in world.entities[i].roles for i in ids)


def apply_relation(world: World, kind: str, params: dict[str, Any], subject: Group, objects: list[Group],
                   source: str) -> bool:
    """Turn ``subject <phrase> objects`` into relations; False if nothing could be said."""
    obj = objects[0] if objects else None
    if obj is not None and kind in ("in", "on", "at") and in_each_row(world, obj, subject):
        return True  # "five chairs in each row": the rows' length, not chairs on a chair
    settled = _about_settings(world, kind, params, subject, obj, source)
    if settled is not None:
        return settled
    if kind == "between":
        return between_openings(world, subject, objects, source) or _between(world, subject, objects, source)
    if kind in COMPARATIVE:  # "closer to the bed than the chair", "bigger than the armchair"
        return compare(world, kind, params, subject, objects, source)
    if obj is None:
        return False
    if is_free_space(obj):  # "pews on either side of the aisle": room left free between them
        return about_free_space(world, kind, params, subject, source)
    if kind == "scattered" and (obj.place is not None or obj.scene is not None):
        return True  # "cushions scattered about the room": anywhere in it, as the solver spreads them
    if obj.place is not None or obj.scene is not None:
        return to_place(world, "near" if kind == "from" else kind, params, subject, obj, source, apply_relation)
    shaped = _shaped(world, kind, params, subject, objects, source)
    if shaped is not None:
        return shaped
    obj = _one_anchor(world, kind, subject, obj)
    if kind in ("front", "behind") and len(obj.ids) == 1 and len(subject.ids) > 1 and not subject.partition:
        if _wider_than(world, subject.ids, obj.ids[0]):
            return _side_by_side(world, kind, params, subject.ids, obj.ids[0], source)
    made = False
    above = world.stacked_above()  # "a mug and a stack of books on it": only the stack's bottom
    for members, anchor in pairs(world, subject, obj):
        for a in (bottoms(subject, members) if kind == "on" else members):
            if kind == "on" and a in above:
                continue
            made |= _binary(world, kind, params, a, anchor, source)
    return made


def _about_settings(world: World, kind: str, params: dict[str, Any], subject: Group, obj: Group | None,
                    source: str) -> bool | None:
    """Phrases whose subject is an opening or a setting rather than objects; None for others."""
    opened = opening_subject(world, kind, params, subject, obj, source)
    if opened is not None:
        return opened
    if not subject.ids and subject.scene is not None and obj is not None and obj.ids and all(
            is_water(world, i) for i in obj.ids):  # "a campsite by a lake": its objects, once read
        world.scene_openings.append((kind, dict(params), obj, source))
        return True
    if not subject.ids:  # "a picnic in the park": a setting placed in a setting says nothing more
        return subject.scene is not None and obj is not None and (obj.scene is not None or obj.place is not None)
    return None


def _shaped(world: World, kind: str, params: dict[str, Any], subject: Group, objects: list[Group],
            source: str) -> bool | None:
    """Phrases that shape a group about its anchor (symmetric, around, each side, at its end,
    across, in a row along, toward each other); None for the plain pairwise ones."""
    obj = objects[0]
    if kind == "symmetric":  # "two lamps placed symmetrically about the sofa"
        if len(subject.ids) != 2 or len(obj.ids) != 1:
            return False
        return world.relate("symmetric", [*subject.ids, obj.ids[0]], {}, source)
    if kind == "across_each" and len(subject.ids) == 2 and len(obj.ids) == 1:
        return world.relate("between", [obj.ids[0], *subject.ids], {}, source)  # "face each other across a table"
    if kind == "row_along" and len(subject.ids) > 1:  # "three cars in a row along the road"
        world.relate("row", subject.ids, {}, source)
        return apply_relation(world, "along", params, subject, objects, source)
    if kind == "end" and len(obj.ids) > 1 and not _table_end(world, obj.ids):  # "a rug at the foot of each bed"
        side = "behind" if params.get("head") else "front"
        return apply_relation(world, side, {k: v for k, v in params.items() if k != "head"}, subject, objects, source)
    if kind == "front" and len(obj.ids) == 1 and world.half_ring(subject.ids):  # "in a semicircle in
        return world.centre_ring(obj.ids, source, subject.ids)  # front of the TV": round it, the TV its centre
    if kind in GROUP_HANDLERS:
        return GROUP_HANDLERS[kind](world, params, subject, obj, source)
    if obj.np is not None and obj.np.text in ("each other", "one another"):
        return _each_other(world, kind, params, subject, source)
    return None


def _one_anchor(world: World, kind: str, subject: Group, obj: Group) -> Group:
    """The one object a single subject stands on or faces among several the phrase names:
    "a lantern on the logs" (the first), "a bench facing the rocks" (the middle one)."""
    if kind in SUPPORTING and len(obj.ids) > 1 and not obj.distributive and len(subject.ids) == 1:
        obj = Group(ids=obj.ids[:1], np=obj.np)  # "a lantern on the logs": it stands on one of them
    if kind in FACING_ONE and len(obj.ids) > 1 and not obj.distributive and len(subject.ids) == 1 \
            and not one_pair(world, obj.ids):  # "a table in front of them" (an L of sofas, a pair): of both
        middle = obj.ids[len(obj.ids) // 2]  # "a bench facing the rocks": the middle one of them
        obj = Group(ids=[middle], np=obj.np)
    return obj


def _width(world: World, entity_id: str) -> float:
    return world.size_of(entity_id)[0]


def _wider_than(world: World, ids: list[str], anchor: str) -> bool:
    """Whether these objects side by side cannot all have their centres within the anchor's
    width, as in_front_of and behind require (their centres span all but half the outer two)."""
    widths = [_width(world, i) for i in ids]
    return sum(widths) - 0.5 * (widths[0] + widths[-1]) > _width(world, anchor)


def _side_by_side(world: World, kind: str, params: dict[str, Any], ids: list[str], anchor: str,
                  source: str) -> bool:
    """"Two tents behind the campfire": the middle one behind it, the others in a row with it,
    near the anchor."""
    middle = ids[(len(ids) - 1) // 2]
    _binary(world, kind, params, middle, anchor, source)
    world.relate("row", ids, {}, INFERRED + "things side by side behind or before one anchor", inferred=True)
    reach = {"max_distance": float(params.get("max_distance", SIDE_BY_SIDE_REACH))}
    for other in ids:
        if other != middle:
            world.relate("proximity", [other, anchor], reach, source)
    return True


def _can_be_on(world: World, anchor: str) -> bool:
    """Whether someone can sit or stand on ``anchor``: a seat, or a thing whose top bears a person
    (the knowledge base's structures and ground: steps, a dock, a rock)."""
    entity = world.entities[anchor]
    if "seat" in entity.roles:
        return True
    facts = load_knowledge().lookup(entity.category)
    return facts is not None and facts.family in ("structure", "nature") and facts.mount == "floor"


def _binary(world: World, kind: str, params: dict[str, Any], a: str, b: str, source: str) -> bool:
    if kind == "from":  # "feeding pigeons from a park bench": on its seat; "waving from the car": by it
        kind = "on" if "animate" in world.entities[a].roles and _can_be_on(world, b) else "near"
    if kind in ("on", "on_top_bare"):
        if "flat" in world.entities[b].roles:
            return world.relate("overlap", [a, b], {"min_fraction": 0.5}, source)
        return world.relate("on_top_of", [a, b], {}, source)
    if kind == "in" and "seat" in world.entities[b].roles:  # "people reading in armchairs": seated on them
        return world.relate("on_top_of", [a, b], {}, source)
    if kind == "in":
        return world.relate("inside", [a, b], {}, source)
    if kind == "near":  # proximity's words (its PHRASES), with the coder's rule for small things
        return world.relate("proximity", [a, b], near_reach(world, params, a, b), source)
    tables = load_phrase_relations()  # phrase kind -> relation, as the relations declare (PHRASES)
    if kind in tables.directional:  # a side, farness: with the phrase's distance
        reach = param_distance(params, "max_distance") or param_distance(params, "min_distance")
        made = world.relate(tables.directional[kind], [a, b], reach, source)
        if "max_distance" in reach and params.get("min_distance"):  # "about 1 m behind it": a band
            world.relate("far_from", [a, b], param_distance(params, "min_distance"), source)
        return made
    if kind == "compass":  # "east of the bed": its east side, whichever way it faces
        return compass_relation(world, params, Group(ids=[a]), Group(ids=[b]), str(params["direction"]), source)
    if kind in tables.simple:
        gap = {"min_gap": float(params["min_gap"])} if kind == "above" and "min_gap" in params else {}
        return world.relate(tables.simple[kind], [a, b], gap, source)
    if kind == "facing":
        return world.relate("facing", [a, b], {}, source)
    if kind == "along" and lengthwise(world, b):  # "trees along the road": by one of its long sides
        return along_length(world, a, b, source)
    if kind in ("against", "along"):
        return world.relate("proximity", [a, b], {"max_distance": AGAINST_GAP if kind == "against" else 0.5},
                            source)
    if kind == "across":
        world.relate("in_front_of", [a, b], param_distance(params, "max_distance"), source)
        return world.relate("facing", [a, b], {}, source)
    if kind == "aligned_with":
        return world.relate("alignment", [a, b], {}, source)
    if kind == "scaling":
        return world.relate("scaling", [a, b], {"ratio": float(params.get("ratio", 1.0))}, source)
    return False


END_FACING_DEG = 10.0  # a seat at a table's end faces its centre this closely: off the corners
BACK_TO_BACK_GAP = 0.1  # m: desks that "face each other" stand back to back, their users face to face


def _each_other(world: World, kind: str, params: dict[str, Any], subject: Group, source: str) -> bool:
    ids = subject.ids
    if len(ids) < 2:
        return False
    if kind in ("on", "on_top_bare"):
        return world.relate("stacked", ids, {}, source)
    chain = list(zip(ids, ids[1:]))
    if kind in ("facing", "across"):
        if len(ids) == 2 and all("workplace" in world.entities[i].roles for i in ids):
            world.relate("behind", [ids[0], ids[1]], {"max_distance": BACK_TO_BACK_GAP}, source)  # desks "face
            return world.relate("behind", [ids[1], ids[0]], {"max_distance": BACK_TO_BACK_GAP}, source)  # each other"
        if len(ids) == 2:  # ... back to back: their users face each other
            world.relate("facing", [ids[0], ids[1]], {}, source)
            return world.relate("facing", [ids[1], ids[0]], {}, source)
        return False
    if kind in ("near", "far", "aligned_with", "parallel"):
        for a, b in chain:
            _binary(world, kind, params, a, b, source)
        return True
    return False


def _between(world: World, subject: Group, objects: list[Group], source: str) -> bool:
    ends = [i for g in objects for i in g.ids]
    if len(objects) == 2 and len(ends) > 2:  # "between the tents and the lake": the group's middle one
        ends = [g.ids[(len(g.ids) - 1) // 2] for g in objects if g.ids]
    if len(ends) > 2 and len(objects) == 1:  # "street lamps between the houses": between neighbours
        made = [world.relate("between", [a, ends[k % (len(ends) - 1)], ends[k % (len(ends) - 1) + 1]], {}, source)
                for k, a in enumerate(subject.ids)]
        return any(made)
    if len(ends) != 2:
        return False
    made = [world.relate("between", [a, ends[0], ends[1]], {}, source) for a in subject.ids]
    return any(made)


def _surrounded_by(world: World, params: dict[str, Any], subject: Group, ring: Group, source: str) -> bool:
    # "five tables, each surrounded by four chairs": a ring per table
    return ring_around(world, params, ring, Group(ids=subject.ids, distributive=len(subject.ids) > 1), source)


def _flanked_by(world: World, params: dict[str, Any], subject: Group, sides: Group, source: str) -> bool:
    if sides.fresh and len(sides.ids) == 1:
        world.grow(sides, 2)
    if len(sides.ids) < 2:
        return False
    return _each_side(world, params, sides, Group(ids=subject.ids[:1]), source)


def _table_end(world: World, anchors: list[str]) -> bool:
    """Whether "at the end of" these means a table's short end (else a bed's or sofa's back/front)."""
    return any("dining_table" in world.entities[i].roles for i in anchors)


def _end(world: World, params: dict[str, Any], subject: Group, anchor: Group, source: str) -> bool:
    """"At the head/foot/end of": a table's ends are its short sides (whoever sits there faces along
    it); a bed's or a sofa's head is its back and its foot or end its front."""
    if not anchor.ids or not subject.ids:
        return False
    target, reach = anchor.ids[0], param_distance(params, "max_distance")
    if not _table_end(world, [target]):
        side = "behind" if params.get("head") else "front"
        return any([_binary(world, side, reach, a, target, source) for a in subject.ids])
    made = _each_side(world, {"ends": True, **reach}, subject, anchor, source, one=True)
    for a in subject.ids if made else ():
        if "animate" in world.entities[a].roles:  # "a king sitting at the head of the table"
            world.relate("facing", [a, target], {"tolerance_deg": END_FACING_DEG}, source)
    return made


def _one_side(world: World, params: dict[str, Any], subject: Group, anchor: Group, source: str) -> bool:
    return _each_side(world, params, subject, anchor, source, one=True)


def _each_side(world: World, params: dict[str, Any], subject: Group, anchor: Group, source: str,
               one: bool = False) -> bool:
    if not anchor.ids:
        return False
    target, entities = anchor.ids[0], world.entities
    # Seats "on each side" of a table sit along its long sides (front and back), facing it;
    # anything else flanks the anchor left and right.
    seated = bool(entities[target].roles & {"dining_table", "workplace"}) and all("seat" in entities[a].roles
                                                                                for a in subject.ids)
    ends = bool(params.get("ends"))  # "one at each end": a seat at a table's end faces along it
    a_side = side_capacity(world, target, subject.ids[0], ends=ends) if seated else None
    lining = "flat" in entities[target].roles  # "houses on both sides of the street": a row each side
    if a_side is None:  # one nightstand on each side of the bed; as many as named on each side of a path
        a_side = len(subject.ids) if lining else 1
    subject = _share_out(world, subject, target, seated and not ends) if not one else subject
    per_side_count(world, params, subject, one, a_side=a_side)
    ids = subject.ids
    if len(ids) < 2 and not one:
        return False
    half = len(ids) if one else math.ceil(len(ids) / 2)
    gap = param_distance(params, "max_distance") or {"max_distance": EACH_SIDE_GAP}
    # "six chairs around the table, three on each long side": the sides say more than the ring
    world.relations[:] = [r for r in world.relations
                          if not (r.relation == "around" and r.args[-1] == target and set(r.args[:-1]) & set(ids))]
    if seated and not ends and not one and _four_sided(world, subject, target):
        return _on_four_sides(world, subject.ids, target, source)
    sides = relation_roles().front_back if seated and not ends else relation_roles().left_right
    for side, members in zip(sides, (ids[:half], ids[half:])):
        if seated:
            seat_side(world, side, members, target, source)  # square to the table, a row per side
            continue
        for a in members:
            world.relate(side, [a, target], gap, source)
            if ends and "seat" in entities[a].roles:  # at the end's middle, not off a corner
                world.relate("facing", [a, target], {"tolerance_deg": END_FACING_DEG}, source)
            elif lining and fronted(world, a, members, target):
                world.relate("facing", [a, target], {}, source)  # a bench, a shack faces its path
        if lining and len(members) > 1:
            world.relate("row", members, {}, INFERRED + "things lining one side stand in a row", inferred=True)
    return True


def _share_out(world: World, subject: Group, target: str, seated: bool) -> Group:
    """"8 chairs, three on each long side": a bare count over objects named before takes that many
    a side (four sides for seats at a square or round table) of them, the rest left for the next part."""
    if subject.share is None:
        return subject
    sides = 4 if seated and _four_sided(world, subject, target) else 2
    return Group(ids=resize_part(world, list(subject.ids), subject.share * sides), np=subject.np)


FOUR_SIDED = frozenset({"square", "round", "circular"})


def _four_sided(world: World, subject: Group, target: str) -> bool:
    """Seats "on each side" of a square or round table take its four sides: four of them, or
    a fresh single one grown to four ("a chair on each side of the square table")."""
    table = world.entities[target]
    if not (FOUR_SIDED & (set(table.hints) | set(table.category.split()))):
        return False
    if subject.fresh and subject.np is not None and subject.np.count in (None, 1) and len(subject.ids) <= 2:
        world.grow(subject, 4)
    return len(subject.ids) == 4


def _on_four_sides(world: World, ids: list[str], target: str, source: str) -> bool:
    for side, a in zip(relation_roles().sides, ids):  # in front, behind, left, right: pulled up, square to it
        seat_side(world, side, [a], target, source)
    return True


def _at(world: World, params: dict[str, Any], subject: Group, obj: Group, source: str) -> bool:
    roles_of = world.entities
    seats = all("seat" in roles_of[i].roles for i in subject.ids)
    for members, anchor in pairs(world, subject, obj):
        if seats and len(members) >= 2 and "dining_table" in roles_of[anchor].roles:
            world.relate("around", [*members, anchor], {"facing": True}, source)
            continue
        for a in members:
            if seats:
                world.relate("in_front_of", [a, anchor], {"max_distance": 0.6}, source)
                world.relate("facing", [a, anchor], {}, source)
            else:
                world.relate("proximity", [a, anchor], {"max_distance": 0.5}, source)
    return True


GROUP_HANDLERS = {"around": ring_around, "surrounded_by": _surrounded_by, "flanked_by": _flanked_by,
                  "each_side": _each_side, "one_side": _one_side, "at": _at, "end": _end, "scattered": scattered_around}
