"""From a relation phrase and the groups it joins to CONTRACTS §5 relations.

``apply_relation`` handles the phrases with an anchor ("on", "next to", "between",
"around", "on each side of", "against the north wall"...); the phrases about the subject
alone ("in a row", "stacked") are in :mod:`.modifiers`. It returns False when the phrase
could not be turned into any relation, so the reader reports it as unparsed. The relation
between one subject and one anchor is :mod:`.pairwise`'s; the phrases that share a group out
round an anchor ("around", "on each side of", "at the end of") are :mod:`.anchored_groups`'.
"""

from __future__ import annotations

from typing import Any

from ..distributions.anchor_ends import table_end
from ..distributions.anchored_groups import GROUP_HANDLERS
from ..distributions.arranged import front_member
from .directions import one_pair
from .free_space import about_free_space, is_free_space
from .gaps import each_gap
from ..setting.ground import is_water
from .openings import opening_subject
from .pairing import pairs
from .pairwise import binary
from .places import between_openings, bottoms, to_place
from ..distributions.quantities import COMPARATIVE, compare
from ..distributions.row_counts import in_each_row
from ..distributions.seating import lengthwise
from ..referents.world import INFERRED, Group, World

FACING_ONE = frozenset({"facing", "front", "behind", "across"})
SUPPORTING = frozenset({"on", "on_top_bare", "in", "under", "above"})
ON_EVERY_ONE = SUPPORTING - {"under"}  # "a rug under all the chairs" is one rug; "a lamp above all the tables" one each
SIDE_BY_SIDE_REACH = 2.0  # m: in_front_of / behind's default reach (CONTRACTS §5), for the neighbours too
ALONG_SURFACE = frozenset({"along", "row_along"})  # along a named surface ("its seat", "the top shelf")
BACK_TO_BACK_GAP = 0.1  # m: desks that "face each other" stand back to back, their users face to face

PART = "part"  # a phrase param: "at the front/back of" a platform is a part of its top (lexicon.json)


def apply_relation(world: World, kind: str, params: dict[str, Any], subject: Group, objects: list[Group],
                   source: str) -> bool:
    """Turn ``subject <phrase> objects`` into relations; False if nothing could be said."""
    obj = objects[0] if objects else None
    if params.get(PART):  # "a piano at the front of the stage": on a platform, else in front of the thing
        params = {k: v for k, v in params.items() if k != PART}
        if obj is not None and obj.ids and all("platform" in world.entities[i].roles for i in obj.ids):
            kind, params = "on", {}
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
        grouped = _group_before(world, kind, params, subject, obj.ids[0], source)
        if grouped is not None:
            return grouped
    made = False
    above = world.stacked_above()  # "a mug and a stack of books on it": only the stack's bottom
    for members, anchor in pairs(world, subject, obj):
        for a in (bottoms(subject, members) if kind == "on" else members):
            if kind == "on" and a in above:
                continue
            made |= binary(world, kind, params, a, anchor, source)
    return made


def _group_before(world: World, kind: str, params: dict[str, Any], subject: Group, anchor: str,
                  source: str) -> bool | None:
    """Several things before (or behind) one anchor: an arranged group by its front row's middle
    ("in two rows of six in front of the podium"), a group wider than the anchor side by side
    (:func:`_side_by_side`); None when each member takes the relation itself."""
    if (lead := front_member(world, subject.ids)) is not None:
        return binary(world, kind, params, lead, anchor, source)
    if _wider_than(world, subject.ids, anchor):
        return _side_by_side(world, kind, params, subject.ids, anchor, source)
    return None


def _along_surface(world: World, subject: Group, objects: list[Group], source: str) -> bool:
    """"Three cushions along its seat", "books along the top shelf": on that surface, in a row."""
    made = apply_relation(world, "on", {}, subject, objects, source)
    return made and (len(subject.ids) < 2 or world.relate("row", subject.ids, {}, source))


def _about_settings(world: World, kind: str, params: dict[str, Any], subject: Group, obj: Group | None,
                    source: str) -> bool | None:
    """Phrases whose subject is an opening or a setting rather than objects, or whose anchor is a
    named surface they line ("three cushions along its seat"); None for others."""
    if obj is not None and obj.surface is not None and kind in ALONG_SURFACE:
        return _along_surface(world, subject, [obj], source)
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
    if kind == "along" and _seated_along(world, subject.ids, obj.ids):  # "eight stools along the counter"
        world.relate("row", subject.ids, {}, source)
        return GROUP_HANDLERS["at"](world, params, subject, obj, source)
    if kind == "end" and len(obj.ids) > 1 and not table_end(world, obj.ids):  # "a rug at the foot of each bed"
        side = "behind" if params.get("head") else "front"
        return apply_relation(world, side, {k: v for k, v in params.items() if k != "head"}, subject, objects, source)
    if kind == "front" and len(obj.ids) == 1 and world.half_ring(subject.ids):  # "in a semicircle in
        return world.centre_ring(obj.ids, source, subject.ids)  # front of the TV": round it, the TV its centre
    if kind in PER_ANCHOR and len(obj.ids) > 1 and obj.distributive and subject.fresh and subject.np is not None:
        return _per_anchor(world, kind, params, subject, obj, source)  # "a lantern at each end of both tables"
    if kind in GROUP_HANDLERS:
        return GROUP_HANDLERS[kind](world, params, subject, obj, source)
    if obj.np is not None and obj.np.text in ("each other", "one another"):
        return _each_other(world, kind, params, subject, source)
    return None


def _seated_along(world: World, subjects: list[str], anchors: list[str]) -> bool:
    """Whether seats go "along" one piece of furniture used from its front (a counter, a bar, a
    desk): sat at its front in a row, not strewn about it ("stools along the counter"); a long
    thing with no front (a road) and a dining table (sat all round) are others'."""
    if len(subjects) < 2 or len(anchors) != 1 or not all("seat" in world.entities[i].roles for i in subjects):
        return False
    roles = world.entities[anchors[0]].roles
    return bool(roles & {"has_front", "surface"}) and "dining_table" not in roles and not lengthwise(world, anchors[0])


PER_ANCHOR = frozenset({"each_side", "one_side", "end", "flanked_by"})  # shared out round one anchor


def _per_anchor(world: World, kind: str, params: dict[str, Any], subject: Group, obj: Group, source: str) -> bool:
    """"A lantern at each end of both tables", "a nightstand on either side of each bed": what the
    phrase shares out round one anchor, a fresh set of it round each of the anchors (the subject
    then stands for all the sets, one part per anchor)."""
    if subject.partition and len(subject.partition) == len(obj.ids):  # "tables, each with three chairs down
        sets = [Group(ids=list(p), np=subject.np, fresh=True, share=subject.share) for p in subject.partition]
    else:  # ... each side": a set each already
        sets = [Group(ids=list(subject.ids), np=subject.np, fresh=True, share=subject.share)]
        for _ in obj.ids[1:]:
            more = Group(ids=[], np=subject.np, fresh=True, share=subject.share)
            world.grow(more, len(subject.ids))
            sets.append(more)
    made = False
    for members, anchor in zip(sets, obj.ids):
        made = GROUP_HANDLERS[kind](world, params, members, Group(ids=[anchor], np=obj.np), source) or made
    subject.ids[:] = [i for members in sets for i in members.ids]
    subject.partition = [members.ids for members in sets]
    return made


def _one_anchor(world: World, kind: str, subject: Group, obj: Group) -> Group:
    """The one object a single subject stands on or faces among several the phrase names:
    "a lantern on the logs" (the first), "a bench facing the rocks" (the middle one)."""
    if kind in ON_EVERY_ONE and len(obj.ids) > 1 and not obj.distributive and subject.fresh and _said_of_all(obj):
        return Group(ids=obj.ids, np=obj.np, distributive=True)  # "a candle on all the tables": one on each
    if kind in SUPPORTING and len(obj.ids) > 1 and not obj.distributive and len(subject.ids) == 1:
        obj = Group(ids=obj.ids[:1], np=obj.np)  # "a lantern on the logs": it stands on one of them
    if kind in FACING_ONE and len(obj.ids) > 1 and not obj.distributive and len(subject.ids) == 1 \
            and not one_pair(world, obj.ids):  # "a table in front of them" (an L of sofas, a pair): of both
        middle = obj.ids[len(obj.ids) // 2]  # "a bench facing the rocks": the middle one of them
        obj = Group(ids=[_head_of(world, obj.ids) or middle], np=obj.np)
    return obj


def _said_of_all(obj: Group) -> bool:
    """Whether the anchors were said with "all" ("on all the tables", "on all of them"): every one
    of them, so a fresh thing set on them is one on each (it cannot stand on all at once)."""
    return obj.np is not None and obj.np.determiner == "all"


def _head_of(world: World, ids: list[str]) -> str | None:
    """The object that stands for a group of different kinds ("a sofa and a coffee table ... a
    lamp behind them"): its largest (the sofa), as the group's front and back are that one's;
    None for a group of one kind (its middle one stands for it)."""
    if len({world.entities[i].category for i in ids if i in world.entities}) < 2:
        return None
    return max(ids, key=lambda i: _width(world, i) * world.size_of(i)[1])


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
    binary(world, kind, params, middle, anchor, source)
    world.relate("row", ids, {}, INFERRED + "things side by side behind or before one anchor", inferred=True)
    reach = {"max_distance": float(params.get("max_distance", SIDE_BY_SIDE_REACH))}
    for other in ids:
        if other != middle:
            world.relate("proximity", [other, anchor], reach, source)
    return True


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
            binary(world, kind, params, a, b, source)
        return True
    return False


def _between(world: World, subject: Group, objects: list[Group], source: str) -> bool:
    ends = each_gap(world, subject, objects) or [i for g in objects for i in g.ids]  # "between each pair of"
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
