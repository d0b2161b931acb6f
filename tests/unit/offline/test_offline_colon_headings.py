"""A heading ended by a colon names the place its list fills (issue 14, paper13): a scene's name
that is a person's too ("A 1950s roadside diner: a waitress ...") or a building people stand in
("A bus stop in the rain: a glass shelter ...") is the scene, no person or second shelter; a thing
the list names again ("A fishing pier at dawn: a weathered wooden pier ...") is one thing."""

from __future__ import annotations

from collections import Counter

import pytest

from setdresser.blender_addon.core.offline import plan


def kinds(prompt: str, complete: bool = False) -> Counter[str]:
    return Counter(a.category for a in plan(prompt, complete=complete).assets)


@pytest.mark.parametrize("prompt, things, gone", [
    ("A 1950s roadside diner: a waitress carrying a tray and a long counter with six stools",
     {"waitress", "counter", "stool"}, {"diner"}),
    ("A diner: a long counter and a jukebox in the corner", {"counter", "jukebox"}, {"diner"}),
    ("A bus stop in the rain on a quiet street: a glass shelter with a bench inside it", {"shelter", "bench"},
     {"bus stop"}),
    ("A garden shed at dusk: a potting bench under the window and a radio on a shelf", {"workbench", "radio"},
     {"shed", "garden shed", "bench"}),  # a potting bench is a work bench (issue 14, senses.json)
])
def test_a_colon_heading_that_names_a_place_is_the_scene(prompt: str, things: set[str], gone: set[str]) -> None:
    found = kinds(prompt)
    assert things <= set(found) and not gone & set(found)


def test_a_diner_heading_is_no_person_in_the_full_scene() -> None:
    graph = plan("A 1950s roadside diner: a waitress carrying a tray, a cake on the counter and a couple in a booth")
    people = [a for a in graph.assets if a.asset == "procedural:person"]
    assert sorted(a.category for a in people) == ["person", "person", "waitress"]


@pytest.mark.parametrize("prompt, thing", [
    ("A fishing pier at dawn: a weathered wooden pier stretching over the sea and a seagull on a post", "pier"),
    ("A lighthouse on a rocky point: a tall striped lighthouse with a keeper's cottage beside it", "lighthouse"),
])
def test_a_heading_the_list_names_again_is_one_thing(prompt: str, thing: str) -> None:
    assert kinds(prompt)[thing] == 1


def test_the_restated_thing_keeps_the_list_words_and_relations() -> None:
    graph = plan("A fishing pier at dawn: a weathered wooden pier stretching over the sea", complete=False)
    piers = [a for a in graph.assets if a.category == "pier"]
    assert len(piers) == 1 and "weathered" in piers[0].description
    above = [r for r in graph.relations if r.relation == "above"]
    assert above and all(e.asset in {piers[0].id, "sea_1"} for e in graph.edges if e.relation == above[0].id)


@pytest.mark.parametrize("prompt, thing, n", [
    ("A flower stall at a Sunday market: buckets of tulips in a row and a striped umbrella", "flower stall", 1),
    ("A dining table set for four: four plates and a vase in the middle", "dining table", 1),
    ("Two armchairs by the fire: a blanket on one of them", "armchair", 2),
    ("A desk: a laptop in the middle and a lamp on the left", "desk", 1),
])
def test_things_a_heading_names_stay_things(prompt: str, thing: str, n: int) -> None:
    assert kinds(prompt)[thing] == n
