"""A noun that names both a place and a thing in it ("a forge", "a cocktail bar") is read by its
role in the sentence (issue 14): the setting after "in" / "at" or as a heading, the thing as the
object of a placing relation, of a verb or owned ("at his forge"); a verb's particle ("wiping
*down* the bar") does not cut the verb from its object; "it" never means a person."""

from __future__ import annotations

import pytest
from planned import pairs

from setdresser.blender_addon.core.offline import plan
from setdresser.blender_addon.core.scene_graph import SceneGraph


def ids(graph: SceneGraph, category: str) -> list[str]:
    return [a.id for a in graph.assets if a.category == category]


@pytest.mark.parametrize("prompt,thing,other", [
    ("an anvil next to a glowing forge", "forge", "anvil"),
    ("a blacksmith at his forge", "forge", "blacksmith"),
    ("a bartender standing behind a long cocktail bar", "cocktail bar", "bartender"),
    ("two stools in front of the wine bar", "wine bar", "stool"),
])
def test_a_place_noun_in_an_object_role_is_the_thing(prompt: str, thing: str, other: str) -> None:
    graph = plan(prompt)
    assert len(ids(graph, thing)) == 1, [a.category for a in graph.assets]
    assert any(thing.replace(" ", "_") in " ".join(args) and other.replace(" ", "_") in " ".join(args)
               for _, args in graph.triples()), graph.triples()
    assert not graph.unparsed


@pytest.mark.parametrize("prompt,place", [
    ("a blacksmith in his forge", "forge"),
    ("two friends chatting in a cocktail bar", "cocktail bar"),
    ("a bench on the lawn", "lawn"),
])
def test_a_place_noun_as_the_setting_stays_the_scene(prompt: str, place: str) -> None:
    graph = plan(prompt, complete=False)
    assert not ids(graph, place), [a.category for a in graph.assets]


def test_a_verb_particle_keeps_the_verb_with_its_object() -> None:
    graph = plan("a bartender wiping down a long counter", complete=False)
    assert ("bartender_1", "counter_1") in pairs(graph, "proximity") and not graph.unparsed


def test_it_is_the_thing_not_the_person() -> None:
    graph = plan("a bartender behind a counter with three stools in front of it", complete=False)
    fronts = pairs(graph, "in_front_of")
    assert {("stool_1", "counter_1"), ("stool_2", "counter_1"), ("stool_3", "counter_1")} <= fronts, fronts
