"""Ground features of outdoor scenes in the offline planner (issue 13): water bodies (a lake, a
river, the sea) and the sandy patches by them (a shore, sand) are flat objects that relations
name like any other ("two tents by the lake", "a canoe on the shore", "trees along the river").

Two things the text implies are added here: a shore (or sand) lies by the first water body the
text names, and "a campsite by a lake" puts the scene's first objects (all of that kind) by it.
Which categories are water or shore is data (``setting.json``).
"""

from __future__ import annotations

from typing import Any

from ...assets.families import load_families
from ...knowledge.objects import load_knowledge
from .indoor_outdoor import load_setting_words
from ..referents.world import INFERRED, Group, World

BY_WATER = 1.5  # m: "a campsite by a lake": its tents this close to the water
BUILDING_FAMILY = "house"  # the asset family that draws buildings (a house, a castle, a barn)
CLEAR_OF_BUILDING = (1.0, 4.0)  # m: "a knight in front of a castle": this far from its wall
WALKED_PAST_HEIGHT = 2.5  # m: a building lower than a storey (a stall, a kiosk) is a counter one stands at
SHORE_GAP = 0.0  # m: a shore touches its water
EDGE = "north"  # the side of an outdoor scene the sea lies along (the default camera looks north)


def is_water(world: World, entity_id: str) -> bool:
    """Whether the object is a water body (a lake, a river, the sea)."""
    return world.entities[entity_id].category in load_setting_words().water


def scene_by_ground(world: World, kind: str, params: dict[str, Any], target: Group, source: str,
                    named: frozenset[str] | None = None) -> bool:
    """"a campsite by a lake": the largest object the text named (``named``: the ids read from the
    text, not added by an archetype), else the largest added one that has a front (the tents, not
    the trees or the campfire), and every other object of its kind, stand by the target; False when
    there is nothing else."""
    ground = load_setting_words().water | load_setting_words().shore
    entities = [e for e in world.entities.values() if e.id not in target.ids and e.category not in ground]
    own = [e for e in entities if named is None or e.id in named]
    pool = own or [e for e in entities if "has_front" in e.roles] or entities
    if not pool or not target.ids:
        return False

    def footprint(entity: Any) -> float:
        w, d, _ = world.size_of(entity.id)
        return w * d

    first = max(pool, key=footprint)
    reach = float(params.get("max_distance", BY_WATER))
    for entity in entities:
        if entity.category == first.category:
            world.relate("proximity", [entity.id, target.ids[0]], {"max_distance": reach}, source)
    return True


def shores_by_water(world: World) -> None:
    """Each shore or sand patch that no relation ties to water lies by the first water body, the
    two facing each other."""
    words = load_setting_words()
    water = [e.id for e in world.entities.values() if e.category in words.water]
    if not water:
        return
    for wid in water:  # the sea reaches to the far edge, its surf toward the land
        if world.entities[wid].category in words.edge_water and not any(wid == r.args[0] for r in world.relations):
            world.relate("against_wall", [wid], {"wall": EDGE}, INFERRED + "the sea lies along the far edge",
                         inferred=True)
    for entity in list(world.entities.values()):
        if entity.category not in words.shore:
            continue
        if any(entity.id in r.args and set(r.args) & set(water) for r in world.relations):
            continue
        why = INFERRED + "a shore lies by the water"
        world.relate("proximity", [entity.id, water[0]], {"max_distance": SHORE_GAP}, why, inferred=True)
        # their fronts meet: the sea's surf and the shore's wet edge are drawn at the front (-Y)
        world.relate("facing", [entity.id, water[0]], {}, why, inferred=True)
        if world.entities[water[0]].category not in words.edge_water:  # the sea faces the land already
            world.relate("facing", [water[0], entity.id], {}, why, inferred=True)


def kind_in(category: str, names: frozenset[str]) -> bool:
    """Whether a category is one of ``names`` by the word or by its knowledge-base category ("a
    rowing boat": a boat)."""
    facts = load_knowledge().lookup(category)
    return category in names or (facts is not None and facts.category in names)


def _floats(category: str) -> bool:
    """Whether a category is a boat (``setting.json`` "floating")."""
    return kind_in(category, load_setting_words().floating)


def adrift(world: World) -> list[str]:
    """The boats of an outdoor scene with no water at all that nothing sets on anything ("a pirate
    ship anchored near a small island"): they need a sea to float on (the planner reads one in)."""
    words = load_setting_words()
    wet = words.water | words.shore
    if any(kind_in(e.category, wet) for e in world.entities.values()):
        return []
    held = {r.args[0] for r in world.relations if r.args and r.relation == "on_top_of"}
    return [e.id for e in world.entities.values()
            if (_floats(e.category) and e.id not in held) or _by_water(e.category)]


def _by_water(category: str) -> bool:
    """Whether a category stands at the water's edge (``setting.json`` "waterside": a pier, a jetty)."""
    return kind_in(category, load_setting_words().waterside)


def piers_at_water(world: World) -> None:
    """"a fisherman on a wooden pier": a pier, dock or jetty reaches the scene's first water body."""
    water = [e.id for e in world.entities.values() if e.category in load_setting_words().water]
    for entity in [e for e in world.entities.values() if water and _by_water(e.category)]:
        if not any(set(r.args) == {entity.id, water[0]} for r in world.relations):
            world.relate("proximity", [entity.id, water[0]], {"max_distance": 0.3},
                         source=INFERRED + f"a {entity.category} stands at the water", inferred=True)


def boats_on_water(world: World) -> None:
    """"a fishing village with boats", "boats tied up along the quay": a boat that no relation sets
    on something, or by a shore or water, floats on the scene's first water body (boats belong on
    water, not on the grass)."""
    words = load_setting_words()
    water = [e.id for e in world.entities.values() if e.category in words.water]
    if not water:
        return
    ground = set(water) | {e.id for e in world.entities.values() if e.category in words.shore}
    for entity in list(world.entities.values()):
        if not _floats(entity.category):
            continue
        placed = any(r.args and r.args[0] == entity.id and r.relation == "on_top_of" for r in world.relations)
        if placed or any(entity.id in r.args and set(r.args) & ground for r in world.relations):
            continue
        world.relate("on_top_of", [entity.id, water[0]], {}, INFERRED + "a boat floats on the water", inferred=True)


def fires_kept_clear(world: World) -> None:
    """"a campsite with two tents and a campfire": an open fire stands a safe distance from each
    tent (``setting.json`` "fire_safety": at least its least gap, at most its largest, so the camp
    stays together); a relation the text gave between them keeps its reach but gains the gap."""
    fires, clear, least, most = load_setting_words().fire_safety
    for fire in [i for i, e in world.entities.items() if kind_in(e.category, fires)]:
        for thing in [i for i, e in world.entities.items() if kind_in(e.category, clear)]:
            linked = [r for r in world.relations if set(r.args) == {fire, thing}]
            if any(r.relation == "far_from" for r in linked):
                continue  # "a tent far from the campfire": kept apart already
            said = [r for r in linked if r.relation == "proximity"]
            for rel in said:
                rel.params["min_distance"] = max(float(rel.params.get("min_distance", 0.0)), least)  # "several m"
                rel.params["max_distance"] = max(float(rel.params.get("max_distance", most)), least + 0.5)
            if not said:
                world.relate("proximity", [thing, fire], {"min_distance": least, "max_distance": most},
                             INFERRED + "a tent stands a safe distance from the fire", inferred=True)


def clear_of_buildings(world: World) -> None:
    """"a knight in front of a castle", "a dog in front of the house": a figure or a thing before a
    building stands clear of its wall (:data:`CLEAR_OF_BUILDING`), not pressed against it; a reach
    the text gave ("right in front of") is kept."""
    families = load_families()
    for rel in world.relations:
        if rel.relation != "in_front_of" or len(rel.args) != 2 or "max_distance" in rel.params:
            continue
        family = families.for_noun(world.entities[rel.args[1]].category)
        if family is None or family.name != BUILDING_FAMILY or world.size_of(rel.args[1])[2] <= WALKED_PAST_HEIGHT:
            continue  # "a crate of apples in front of each stall": at its counter, not a wall's distance off
        rel.params["max_distance"] = CLEAR_OF_BUILDING[1]
        world.relate("proximity", list(rel.args), {"min_distance": CLEAR_OF_BUILDING[0],
                                                   "max_distance": CLEAR_OF_BUILDING[1]},
                     INFERRED + "one stands clear of a building's wall", inferred=True)
