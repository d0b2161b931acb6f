"""Phrases that share a group out round one anchor (the offline planner's relations): "around",
"surrounded by", "flanked by", "on each / one side of", "at the head / end of", "at": a ring, a side
each, a row per side of a table, or a seat pulled up to it."""

from __future__ import annotations

import math
from typing import Any

from .....skill_library.roles import roles as relation_roles
from ...knowledge.objects import load_knowledge
from ..relations.pairing import pairs
from ..relations.pairwise import binary
from ..relations.places import stands_on_end
from .group_spread import ring_around, scattered_around
from ..referents.portions import resize_part
from .quantities import param_distance, per_side_count, shared_a_side
from .seating import fronted, seat_side, side_capacity
from ..inference.beside_surface import SMALL, TABLE_HEIGHT
from ..referents.world import INFERRED, Group, World

EACH_SIDE_GAP = 0.5  # m: "a nightstand on each side of the bed" stands close to it
END_FACING_DEG = 10.0  # a seat at a table's end faces its centre this closely: off the corners


def _surrounded_by(world: World, params: dict[str, Any], subject: Group, ring: Group, source: str) -> bool:
    # "five tables, each surrounded by four chairs": a ring per table
    return ring_around(world, params, ring, Group(ids=subject.ids, distributive=len(subject.ids) > 1), source)


def _flanked_by(world: World, params: dict[str, Any], subject: Group, sides: Group, source: str) -> bool:
    if sides.fresh and len(sides.ids) == 1:
        world.grow(sides, 2)
    if len(sides.ids) < 2:
        return False
    return _each_side(world, params, sides, Group(ids=subject.ids[:1]), source)


def table_end(world: World, anchors: list[str]) -> bool:
    """Whether "at the end of" these means a table's short end (else a bed's or sofa's back/front)."""
    return any("dining_table" in world.entities[i].roles for i in anchors)


def _end(world: World, params: dict[str, Any], subject: Group, anchor: Group, source: str) -> bool:
    """"At the head/foot/end of": a table's ends are its short sides (whoever sits there faces along
    it); a bed's or a sofa's head is its back and its foot or end its front; people at the end of a
    pier stand on it."""
    if not anchor.ids or not subject.ids:
        return False
    target, reach, head = anchor.ids[0], param_distance(params, "max_distance"), params.get("head")
    own_reading = any(stands_on_end(world, a, target) for a in subject.ids) or _grouped(world, target) \
        or (_seats(world, subject.ids) and "workplace" in world.entities[target].roles)  # a chair at a desk's end
    if not table_end(world, [target]) and (head or own_reading or not ends_along_width(world, target)):
        # "a girl at the end of the jetty": on it; "a chest at the end of the bed": at its foot
        sides = ["on" if stands_on_end(world, a, target) else "behind" if head else "front" for a in subject.ids]
        return any([binary(world, side, reach, a, target, source) for a, side in zip(subject.ids, sides)])
    people = all("animate" in world.entities[a].roles for a in subject.ids)  # "a king at the head of the table"
    if not table_end(world, [target]) or not (people or _seats(world, subject.ids)):  # "a vase at the end of"
        return at_ends(world, params, subject.ids, [], target, source)
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
    # Seats on each side of a table: its long sides, facing it; else left and right (its ends: at_end)
    seated = bool(entities[target].roles & {"dining_table", "workplace"}) and _seats(world, subject.ids)
    ends = bool(params.get("ends"))  # "one at each end": a seat at a table's end faces along it
    _restated(world, subject, target, seated, ends)  # "chairs on either side of the path, five on each side": ten
    if ends and not seated and _ends_of_it(world, target, subject.ids):
        return _ends_shared(world, params, subject, target, source, one)
    a_side = side_capacity(world, target, subject.ids[0], ends=ends) if seated else None
    lining = "flat" in entities[target].roles  # "houses on both sides of the street": a row each side
    if a_side is None:  # one nightstand on each side of the bed; as many as named on each side of a path
        a_side = len(subject.ids) if lining else 1
    subject = _share_out(world, subject, target, seated and not ends, params) if not one else subject
    per_side_count(world, params, subject, one, a_side=a_side)
    ids = subject.ids
    if len(ids) < 2 and not one:
        return False
    half = len(ids) if one else math.ceil(len(ids) / 2)
    gap = param_distance(params, "max_distance") or {"max_distance": EACH_SIDE_GAP}
    _no_ring(world, target, ids)  # "six chairs around the table, three on each long side": the sides say more
    if seated and not ends and not one and _four_sided(world, subject, target, _every_side(params, subject)):
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


FRONT_BACK = frozenset({"in_front_of", "behind"})  # the relations of seats on a table's long sides
LEFT_RIGHT = frozenset({"left_of", "right_of"})  # of things on each side of anything else


def _no_ring(world: World, target: str, ids: list[str]) -> None:
    """Drop the ring round the target of these objects (their sides say more than the ring)."""
    world.relations[:] = [r for r in world.relations
                          if not (r.relation == "around" and r.args[-1] == target and set(r.args[:-1]) & set(ids))]


def _restated(world: World, subject: Group, target: str, seated: bool, ends: bool) -> None:
    """"Chairs on either side of the path, five on each side": a counted share said of the sides of
    an anchor (not its ends) that the same sentence lined with an uncounted plural of its kind says
    how many those are: the uncounted ones (their relations with them) go."""
    if ends or not subject.fresh or subject.np is None or subject.np.count is None or not subject.ids:
        return
    sides = FRONT_BACK if seated else LEFT_RIGHT
    new = world.entities[subject.ids[0]]
    earlier = {a for r in world.relations if r.relation in sides and r.args[-1] == target
               for a in r.args[:-1] if a not in subject.ids and a in world.entities}
    said = [a for a in earlier if world.entities[a].category == new.category and not world.entities[a].counted
            and world.entities[a].sentence == new.sentence]
    if not said or len(said) != len([a for a in earlier if world.entities[a].category == new.category]):
        return
    world.relations[:] = [r for r in world.relations if not set(r.args) & set(said)]
    for a in said:
        world.forget(a)


def _ends_of_it(world: World, target: str, ids: list[str]) -> bool:
    """Whether things "at each end" of the anchor stand at_end of it: an anchor with ends along its
    width, unless people sit at a table's ends (they are seated there, facing along it)."""
    people = all("animate" in world.entities[a].roles for a in ids)
    return ends_along_width(world, target) and not (people and table_end(world, [target]))


def _grouped(world: World, target: str) -> bool:
    """Whether the anchor is a member of a row, grid or ring ("a cart at the end of the row" of stalls:
    the row's end, not the end of its last stall)."""
    return any(r.relation in relation_roles().groups and target in r.args for r in world.relations)


def _seats(world: World, ids: list[str]) -> bool:
    return all("seat" in world.entities[a].roles for a in ids)


def ends_along_width(world: World, target: str) -> bool:
    """Whether the anchor's ends are those of its width (a sofa, a bench, a shelf, a table: "at the
    end of" it is at_end); not for a thing deeper than wide (a bed), whose end is its foot."""
    width, depth, _ = world.size_of(target)
    return width >= depth


def _ends_shared(world: World, params: dict[str, Any], subject: Group, target: str, source: str,
                 one: bool) -> bool:
    """"A cushion on each end of the sofa", "planters at either end of the bench": a half at each end
    of the anchor's long axis (one end for "one at"), each thing on the anchor when the phrase says "on"."""
    per_side_count(world, params, subject, one, a_side=1)
    ids = subject.ids
    if subject.share is not None and not one:  # "a sofa with cushions, one at each end": two of them
        ids = resize_part(world, list(ids), subject.share * 2)
        _only_the_shares(world, subject, ids)
    if len(ids) < 2 and not one:
        return False
    half = len(ids) if one else math.ceil(len(ids) / 2)
    return at_ends(world, params, ids[:half], ids[half:], target, source)


def at_ends(world: World, params: dict[str, Any], first: list[str], second: list[str], target: str,
            source: str, second_end: str = "positive") -> bool:
    """at_end of the anchor for ``first`` (its negative end when ``second`` fills the other, else either)
    and ``second`` (its ``second_end``); on_top_of the anchor too when the phrase said "on" ("on each end of
    the sofa") or the thing is a small surface thing at a surface's end."""
    made, above = False, world.stacked_above()
    for members, end in ((first, "negative" if second else "any"), (second, second_end)):
        for a in members:
            made = world.relate("at_end", [a, target], {"end": end}, source) or made
            if (params.get("on") or _tabletop_on_surface(world, a, target)) and a not in above:
                binary(world, "on", {}, a, target, source)
    return made


def _tabletop_on_surface(world: World, thing: str, anchor: str) -> bool:
    """"A stack of plates at one end of the table": a small thing the knowledge base stands on
    surfaces (``mount: surface``, its model at most beside_surface.SMALL long) at a low surface's end
    stands on that surface (a stack with its bottom); "a lamp at the end of the table" (a floor lamp)
    stays beside it."""
    facts = load_knowledge().lookup(world.entities[thing].category)
    return facts is not None and facts.mount == "surface" and "surface" in world.entities[anchor].roles \
        and max(world.size_of(thing)[:2]) <= SMALL and world.size_of(anchor)[2] <= TABLE_HEIGHT


def _share_out(world: World, subject: Group, target: str, seated: bool, params: dict[str, Any]) -> Group:
    """"8 chairs, three on each long side": a bare count over objects named before takes that many
    a side (four sides for seats at a square or round table) of them, the rest left for the next part."""
    if subject.share is None:
        return subject
    every = _every_side(params, subject)
    uncounted = not any(world.entities[i].counted for i in subject.ids)  # "a square table with chairs, one on
    # each side": four of them
    four = seated and (_four_sided(world, subject, target, every) or (uncounted and _square(world, target, every)))
    sides = 4 if four else 2
    shared_a_side(world, {"per_side": True}, subject, sides)  # "chairs, three on each side": six when uncounted
    part = resize_part(world, list(subject.ids), subject.share * sides)
    _only_the_shares(world, subject, part)
    return Group(ids=part, np=subject.np)


def _only_the_shares(world: World, subject: Group, part: list[str]) -> None:
    """"A bed with lamps, one on each side": lamps the text did not count are as many as its first
    share a side makes; the others of the plural's default number go (while nothing names them)."""
    if world.parted is None:
        return
    whole, taken = world.parted
    if len(part) >= len(whole) or any(world.entities[i].counted for i in whole) or set(part) != set(taken):
        return
    named = {a for rel in world.relations for a in rel.args}
    for extra in [i for i in whole if i not in part and i not in named]:
        world.forget(extra)
        whole.remove(extra)
        if extra in subject.ids:
            subject.ids.remove(extra)


FOUR_SIDED = frozenset({"square", "round", "circular"})
ALL_SIDES = "all_sides"  # side_phrases quantifier param: "on every side" is on all of them


def _every_side(params: dict[str, Any], subject: Group) -> bool:
    """"a chair on every side" of a table: on its four sides whatever its shape ("two chairs on
    every side" stay two a long side)."""
    return bool(params.get(ALL_SIDES)) and (subject.np is None or subject.np.count in (None, 1))


def _four_sided(world: World, subject: Group, target: str, every: bool = False) -> bool:
    """Seats "on each side" of a square or round table, or "on every side" of any table, take its
    four sides: four of them, or a fresh single one grown to four ("a chair on each side of the
    square table")."""
    if not _square(world, target, every):
        return False
    if subject.fresh and subject.np is not None and subject.np.count in (None, 1) and len(subject.ids) <= 2:
        world.grow(subject, 4)
    return len(subject.ids) == 4


def _square(world: World, target: str, every: bool) -> bool:
    """Whether seats "on each side" of the table take its four sides: a square or round one, or any
    "on every side"."""
    table = world.entities[target]
    return every or bool(FOUR_SIDED & (set(table.hints) | set(table.category.split())))


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
