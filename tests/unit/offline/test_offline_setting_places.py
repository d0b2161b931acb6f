"""Where a paper-style query is set, read from its place nouns (issue 14): the scene nouns of the
lexicon (data), a closed compound ending in one ("a wheatfield": a field), a station's platform
outdoors, a word whose thing depends on the setting ("an island" off a beach is land, not a
kitchen island); and the user's people stand in for a scene archetype's generic person."""

from __future__ import annotations

import pytest

from setdresser.blender_addon.core.knowledge.objects import load_knowledge
from setdresser.blender_addon.core.offline import plan
from setdresser.blender_addon.core.offline.reading.lexicon import compound_scene


def kind(prompt: str) -> str:
    return str(plan(prompt).room["setting"]["kind"])


@pytest.mark.parametrize("prompt", [
    "a rover parked on the surface of the moon",
    "two astronauts collecting rocks on the martian surface",
    "a scarecrow standing in a wheatfield",
    "a boy bouncing a ball on a basketball court",
    "a broken-down van by the roadside",
    "a woman with a suitcase waiting at a quiet railway station",
])
def test_place_nouns_set_the_scene_outdoors(prompt: str) -> None:
    assert kind(prompt) == "outdoor", plan(prompt).room["setting"]


def test_a_compound_place_noun_is_no_object() -> None:
    graph = plan("a scarecrow standing in a wheatfield")
    assert not [a for a in graph.assets if "field" in a.category]


def test_compound_scene_reads_the_ending_only_of_an_unknown_compound() -> None:
    scenes = {"field": "outdoor", "park": "outdoor", "room": "indoor"}
    assert compound_scene("wheatfield", scenes) == "field"
    assert compound_scene("skatepark", scenes) == "park"
    assert compound_scene("field", scenes) is None
    assert compound_scene("mushroom", scenes) is None  # an indoor ending is not read


def test_a_mushroom_is_still_a_thing() -> None:
    graph = plan("a red mushroom on a mossy log")
    assert [a for a in graph.assets if a.category == "mushroom"]


def test_an_island_outdoors_is_land_not_a_worktop() -> None:
    graph = plan("a sailboat moored off a tiny island with two palm trees")
    assert graph.room["setting"]["kind"] == "outdoor"
    families = {a.category: getattr(load_knowledge().lookup(a.category), "family", None) for a in graph.assets}
    assert not [c for c, f in families.items() if f == "table"], families


def test_a_kitchen_island_stays_a_worktop() -> None:
    graph = plan("a kitchen with an island in the middle")
    assert graph.room["setting"]["kind"] == "indoor"
    assert [a for a in graph.assets if a.category in ("island", "kitchen island", "counter")]


@pytest.mark.parametrize("prompt", [
    "a wizard reading a spellbook in a forest clearing",
    "a shepherd resting in a park",
])
def test_the_users_person_stands_in_for_the_archetypes_person(prompt: str) -> None:
    graph = plan(prompt)
    people = [a for a in graph.assets if getattr(load_knowledge().lookup(a.category), "family", None) == "person"]
    assert len(people) == 1, [a.category for a in people]


def test_a_pier_with_no_water_named_reaches_a_sea() -> None:
    graph = plan("an old man fishing from a wooden jetty")
    water = [a.id for a in graph.assets if a.category in ("sea", "lake", "river")]
    jetty = [a.id for a in graph.assets if a.category == "jetty"]
    assert water and jetty
    near = {tuple(e.asset for e in sorted((e for e in graph.edges if e.relation == r.id), key=lambda e: e.role))
            for r in graph.relations if r.relation == "proximity"}
    assert (jetty[0], water[0]) in near


@pytest.mark.parametrize("prompt, where", [
    ("a castaway waving from a tiny island", "outdoor"),
    ("a kitchen island with three bar stools", "indoor"),
    ("three children toasting marshmallows around a campfire", "outdoor"),  # what a thing carries does not vote
])
def test_ground_nouns_and_carried_things(prompt: str, where: str) -> None:
    assert kind(prompt) == where, plan(prompt).room["setting"]


def test_agent_nouns_of_common_endings_are_people() -> None:
    kb = load_knowledge()
    assert all(kb.lookup(w).family == "person" for w in ("beekeeper", "locksmith", "postman", "lumberjack"))
    assert kb.lookup("snowman").family != "person"
    assert kb.lookup("assist") is None and kb.lookup("madman") is None  # too short a stem to tell
