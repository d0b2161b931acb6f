"""Counting and comparison in what the text asks for (issue 17's quantified relations, generation
side): "exactly two chairs at the desk" (count_of over every chair), "at least three books on the
shelf", "the lamp is closer to the bed than the chair" (closer_than), "the chair is farther from
the TV than the sofa", "the sofa is bigger than the armchair" (larger_than)."""

from __future__ import annotations

from typing import Any

from ..relations.openings import OPENING_PARAM, matches
from ..referents.world import Group, World

COMPARATIVE = frozenset({"closer", "farther", "larger", "smaller"})
# member relations count_of may count (two arguments: x, anchor), in the order they are preferred
NEAR_MARGIN = 0.3  # m added to the group's reach when counting by nearness
SMALL_REACH = 0.15  # m: "a glass next to the plate": at its rim, not a step away
SMALL_NEIGHBOURS = frozenset({"tabletop"})  # roles of things that are next to each other at that reach
STATED = "stated"  # a phrase param: the text gave the measure ("20 cm from the plate")
COUNTED = ("on_top_of", "inside", "in_front_of", "behind", "left_of", "right_of", "proximity", "under")


def needs_two(kind: str) -> bool:
    """Whether the phrase takes two objects ("closer to the bed than the chair")."""
    return kind in ("closer", "farther")


def compare(world: World, kind: str, params: dict[str, Any], subject: Group, objects: list[Group],
            source: str) -> bool:
    """closer_than / larger_than for a comparative phrase; False when an object is missing."""
    ids = [i for g in objects for i in g.ids]
    opened = [o for g in objects if g.place is not None for o in g.place.openings]
    if kind in ("closer", "farther") and opened and ids and subject.ids:  # "farther from the door than the bed"
        return _to_opening(world, kind, subject.ids, ids[0], opened[0], source)
    if not subject.ids or not ids:
        return False
    made = False
    if kind in ("closer", "farther"):
        if len(ids) < 2:  # "Move the cabinet closer to the desk": no second thing to beat, near it
            return _nearer(world, kind, params, subject.ids, ids[0], source) if ids else False
        anchor, other = ids[0], ids[1]
        for a in subject.ids:
            first, second = (a, other) if kind == "closer" else (other, a)
            made |= world.relate("closer_than", [first, second, anchor], {}, source)
        return made
    measure = {"measure": str(params.get("measure", "volume"))}
    for a in subject.ids:
        big, small = (a, ids[0]) if kind == "larger" else (ids[0], a)
        made |= world.relate("larger_than", [big, small], measure, source)
    return made


def _nearer(world: World, kind: str, params: dict[str, Any], ids: list[str], anchor: str, source: str) -> bool:
    """"closer to the desk" / "farther from the window seat" with no thing to compare against: near
    the anchor (proximity within the phrase's ``max_distance``) or far from it (its ``min_distance``);
    False when the phrase gives no such reach."""
    relation, key = ("proximity", "max_distance") if kind == "closer" else ("far_from", "min_distance")
    if key not in params:
        return False
    made = False
    for a in ids:
        made |= world.relate(relation, [a, anchor], {key: float(params[key])}, source)
    return made


def _to_opening(world: World, kind: str, ids: list[str], other: str, opening: str, source: str) -> bool:
    """closer_than(a, b, to=the door): the opening is the last argument (:mod:`.openings`)."""
    made = False
    for a in ids:
        first, second = (a, other) if kind == "closer" else (other, a)
        made |= world.relate("closer_to_opening", [first, second], {OPENING_PARAM: opening}, source)
    return made


def add_counts(world: World) -> None:
    """count_of(every object of the category, anchor) for each "exactly N" / "at least N" group,
    with the relation that put the group at its anchor as the counted member relation."""
    done: set[tuple[str, str]] = set()
    for entity in list(world.entities.values()):
        if entity.count is None:
            continue
        rel = next((r for name in COUNTED for r in world.relations
                    if r.relation == name and len(r.args) == 2 and r.args[0] == entity.id), None)
        if rel is None or (entity.category, rel.args[1]) in done:
            continue
        done.add((entity.category, rel.args[1]))
        members = [i for i in world.entities if i != rel.args[1] and matches(world, i, entity.category)]
        mode, count = entity.count
        name, params = _member(world, entity, rel)
        inner = ";".join(f"{k}={v}" for k, v in sorted(params.items()) if isinstance(v, (int, float, str)))
        world.relate("count_of", [*members, rel.args[1]],
                     {"relation": name, "relation_params": inner, "count": count, "mode": mode},
                     f"{mode.replace('_', ' ')} {count} {entity.category} {name} {rel.args[1]}")


def _member(world: World, entity: Any, rel: Any) -> tuple[str, dict[str, Any]]:
    """The relation counted: the one that placed the group at its anchor, or, when its members
    stand on different sides of it ("two chairs at the table": one in front, one behind), nearness."""
    group = [e.id for e in world.entities.values() if e.count == entity.count and e.category == entity.category]
    names = {r.relation for r in world.relations if len(r.args) == 2 and r.args[0] in group
             and r.args[1] == rel.args[1] and r.relation in COUNTED}
    if len(names) <= 1:
        return rel.relation, dict(rel.params)
    reach = max(float(r.params.get("max_distance", 0.0)) for r in world.relations
                if len(r.args) == 2 and r.args[0] in group and r.args[1] == rel.args[1])
    return "proximity", {"max_distance": round(reach + NEAR_MARGIN, 3)}


def per_side_count(world: World, params: dict[str, Any], subject: Group, one: bool, *,
                    a_side: int | None = None) -> None:
    """How many a fresh group "on each side" has: N on *each* side is N a side ("three chairs
    down each side": six), except two things that are neither seats nor people, one a side ("two lamps on
    each side of the bed"); N on *either* / *both* sides is N in all; an uncounted plural on
    *each* / *either* side is one a side ("lamps on either side of the bed": two), on *both*
    sides as many a side ("benches on both sides of the path"); ``a_side`` a side when the
    anchor says how many: one nightstand on each side of the bed, one bench at a table, as many
    chairs as its side holds ("chairs on each side"). A bare count over things named before
    ("pews, four on each side of the aisle") is their share a side (:func:`shared_a_side`)."""
    if subject.share is not None and not one:
        shared_a_side(world, params, subject)
    if not subject.fresh or one or subject.np is None:
        return
    count = subject.np.count
    # seats and people: "two chairs / two players on each side of the table / net" are two a side (actors15)
    seats = all({"seat", "animate"} & set(world.entities[a].roles) for a in subject.ids)
    uncounted = count is None and subject.np.plural and not subject.np.collective
    if uncounted and a_side is not None:
        world.shrink(subject, 2 * a_side)
        world.grow(subject, 2 * a_side)
    elif uncounted and (params.get("per_side") or params.get("one_a_side")):
        world.shrink(subject, 2)
        world.grow(subject, 2)
    elif count is not None and params.get("per_side") and (count > 2 or (count == 2 and seats)):
        world.grow(subject, 2 * count)  # chairs "two on each side" of a table are two a side
    elif len(subject.ids) % 2 or len(subject.ids) == 1:
        world.grow(subject, len(subject.ids) + 1)  # as many on each side


def shared_a_side(world: World, params: dict[str, Any], subject: Group, sides: int = 2) -> None:
    """"wooden pews, four on each side of the aisle": N on *each* side of things the text did not
    count is N a side, so more of them until there are two shares; counted ones ("eight pews,
    four on each side") are shared out as they are."""
    share = subject.share or 0
    if not params.get("per_side") or not subject.ids or any(world.entities[a].counted for a in subject.ids):
        return
    while len(subject.ids) < sides * share:
        subject.ids.append(world.clone(subject.ids[0]))


def near_reach(world: World, params: dict[str, Any], a: str, b: str) -> dict[str, Any]:
    """proximity's reach for "next to" / "beside": the phrase's (with its least gap: "a safe
    distance from", "a few steps from"), but two small things that stand
    on a table are next to each other within :data:`SMALL_REACH` ("a glass beside each plate")
    unless the text gave a measure."""
    if "max_distance" not in params:
        return {}
    reach = float(params["max_distance"])
    small = all(world.entities[i].roles & SMALL_NEIGHBOURS for i in (a, b))
    least = {"min_distance": float(params["min_distance"])} if "min_distance" in params else {}
    if small and not params.get(STATED) and not least:
        return {"max_distance": min(reach, SMALL_REACH)}
    return {**least, "max_distance": reach}


def param_distance(params: dict[str, Any], name: str) -> dict[str, Any]:
    """``{name: metres}`` when the phrase's params give that distance, else ``{}``."""
    return {name: float(params[name])} if name in params else {}
