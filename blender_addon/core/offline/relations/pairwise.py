"""One subject and one anchor: the relation a phrase kind makes between two objects ("on",
"in", "near", a side, "facing", "along"...); which subjects go with which anchor is
:mod:`.pairing`'s."""

from __future__ import annotations

from typing import Any

from ...knowledge.objects import load_knowledge
from .across_walls import ACROSS_PARAM
from .directions import compass_relation
from .phrase_relations import load_phrase_relations
from ..distributions.quantities import near_reach, param_distance
from ..distributions.seating import along_length, lengthwise
from ..referents.world import Group, World

AGAINST_GAP = 0.1  # m: "a bench against the fence"


def has_front(world: World, ids: list[str]) -> bool:
    """Whether these objects have a front worth turning (chairs do, rocks do not)."""
    return all("has_front" in world.entities[i].roles for i in ids)


def _can_be_on(world: World, anchor: str) -> bool:
    """Whether someone can sit or stand on ``anchor``: a seat, or a thing whose top bears a person
    (the knowledge base's structures and ground: steps, a dock, a rock)."""
    entity = world.entities[anchor]
    if "seat" in entity.roles:
        return True
    facts = load_knowledge().lookup(entity.category)
    return facts is not None and facts.family in ("structure", "nature") and facts.mount == "floor"


def _simple_params(world: World, kind: str, params: dict[str, Any], a: str, b: str) -> dict[str, Any]:
    """What a simple relation takes from its phrase: "above" its clearance; a small seat "under" a table-like
    thing is tucked in at its front (under v4: "tuck a stool under the dressing table")."""
    if kind == "above" and "min_gap" in params:
        return {"min_gap": float(params["min_gap"])}
    if kind == "under" and "small_seat" in world.entities[a].roles and "table_like" in world.entities[b].roles:
        return {"tucked": True}
    return {}


def binary(world: World, kind: str, params: dict[str, Any], a: str, b: str, source: str) -> bool:
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
        return world.relate(tables.simple[kind], [a, b], _simple_params(world, kind, params, a, b), source)
    if kind == "facing":
        return world.relate("facing", [a, b], {}, source)
    if kind == "along" and lengthwise(world, b):  # "trees along the road": by one of its long sides
        return along_length(world, a, b, source)
    if kind in ("against", "along"):
        return world.relate("proximity", [a, b], {"max_distance": AGAINST_GAP if kind == "against" else 0.5},
                            source)
    if kind == "across":  # marked: a wall thing "opposite" a thing at a wall stands at the wall across (across_walls)
        world.relate("in_front_of", [a, b], {**param_distance(params, "max_distance"), ACROSS_PARAM: True}, source)
        return world.relate("facing", [a, b], {}, source)
    if kind == "aligned_with":
        return world.relate("alignment", [a, b], {}, source)
    if kind == "scaling":
        return world.relate("scaling", [a, b], {"ratio": float(params.get("ratio", 1.0))}, source)
    return False
