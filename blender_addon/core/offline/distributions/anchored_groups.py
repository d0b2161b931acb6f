"""Phrases that share a group out round one anchor (the offline planner's relations): "around",
"surrounded by", "flanked by", "on each / one side of", "at the head / end of", "at": a ring, a side
each, a row per side of a table, or a seat pulled up to it."""

from __future__ import annotations

import math
from typing import Any

from .....skill_library.roles import roles as relation_roles
from ..relations.pairing import pairs
from ..relations.pairwise import binary
from ..relations.places import stands_on_end
from ..referents.world import INFERRED, Group, World
from .anchor_ends import at_ends, ends_along_width, grouped, table_end
from .group_spread import ring_around, scattered_around
from .quantities import param_distance
from .seating import fronted, seat_side
from .side_shares import every_side, four_sided, settle, side_ask

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


def _end(world: World, params: dict[str, Any], subject: Group, anchor: Group, source: str) -> bool:
    """"At the head/foot/end of": a table's ends are its short sides (whoever sits there faces along
    it); a bed's or a sofa's head is its back and its foot or end its front; people at the end of a
    pier stand on it."""
    if not anchor.ids or not subject.ids:
        return False
    target, reach, head = anchor.ids[0], param_distance(params, "max_distance"), params.get("head")
    own_reading = any(stands_on_end(world, a, target) for a in subject.ids) or grouped(world, target) \
        or (_seats(world, subject.ids) and "workplace" in world.entities[target].roles)  # a chair at a desk's end
    if not table_end(world, [target]) and (head or own_reading or not ends_along_width(world, target)):
        # "a girl at the end of the jetty": on it; "a chest at the end of the bed": at its foot
        on_end = [a for a in subject.ids if stands_on_end(world, a, target)]  # on it, at its end
        made = at_ends(world, {"on": True}, on_end, [], target, source) if on_end else False
        sides = [("behind" if head else "front", a) for a in subject.ids if a not in on_end]
        return any([binary(world, side, reach, a, target, source) for side, a in sides]) or made
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
    """"On each / either / one side of", "at each end of": the share rules settle how many
    (:func:`.side_shares.settle`), then a half on each side (or end) of the anchor."""
    if not anchor.ids:
        return False
    ask = side_ask(world, params, subject, anchor.ids[0], one)
    subject = settle(ask, subject)
    ids, target = subject.ids, ask.target
    if len(ids) < 2 and not one:
        return False
    half = len(ids) if one else math.ceil(len(ids) / 2)
    if ask.on_ends:  # "a cushion on each end of the sofa": a half at each end of its long axis
        return at_ends(world, params, ids[:half], ids[half:], target, source)
    _no_ring(world, target, ids)  # "six chairs around the table, three on each long side": the sides say more
    seated, ends = ask.seated, ask.ends
    if seated and not ends and not one and four_sided(world, subject, target, every_side(params, subject)):
        return _on_four_sides(world, subject.ids, target, source)
    sides = relation_roles().front_back if seated and not ends else relation_roles().left_right
    gap = param_distance(params, "max_distance") or {"max_distance": EACH_SIDE_GAP}
    for side, members in zip(sides, (ids[:half], ids[half:])):
        if seated:
            seat_side(world, side, members, target, source)  # square to the table, a row per side
        else:
            _beside(world, ask.lining, ends, side, members, target, gap, source)
    return True


def _beside(world: World, lining: bool, ends: bool, side: str, members: list[str], target: str,
            gap: dict[str, Any], source: str) -> None:
    """Things (not seats at a table) on one side of the anchor: a seat at its end faces it, a
    bench or a shack lining a flat thing faces it, and those lining one side stand in a row."""
    for a in members:
        world.relate(side, [a, target], gap, source)
        if ends and "seat" in world.entities[a].roles:  # at the end's middle, not off a corner
            world.relate("facing", [a, target], {"tolerance_deg": END_FACING_DEG}, source)
        elif lining and fronted(world, a, members, target):
            world.relate("facing", [a, target], {}, source)  # a bench, a shack faces its path
    if lining and len(members) > 1:
        world.relate("row", members, {}, INFERRED + "things lining one side stand in a row", inferred=True)


def _no_ring(world: World, target: str, ids: list[str]) -> None:
    """Drop the ring round the target of these objects (their sides say more than the ring)."""
    world.relations[:] = [r for r in world.relations
                          if not (r.relation == "around" and r.args[-1] == target and set(r.args[:-1]) & set(ids))]


def _seats(world: World, ids: list[str]) -> bool:
    return all("seat" in world.entities[a].roles for a in ids)


def _on_four_sides(world: World, ids: list[str], target: str, source: str) -> bool:
    share = max(1, len(ids) // 4)  # "two chairs per side" of a square table: two on each of its four
    for k, side in enumerate(relation_roles().sides):  # in front, behind, left, right: pulled up, square to it
        seat_side(world, side, ids[k * share:(k + 1) * share], target, source)
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
