"""A building said to be for people is the room inside it (rooms12): "a mountain hut for eight
hikers", "a log cabin for a family of four" are furnished inside for them, "a cabin in the woods"
stays the building; an occasion's people the knowledge base knows ("a street party for twenty
neighbours") are its count, not a thing."""

from __future__ import annotations

import pytest

from setdresser.blender_addon.core.offline.completion.capacity import people_plural
from setdresser.blender_addon.core.offline import plan
from planned import counts


@pytest.mark.parametrize("prompt", ["a mountain hut for eight hikers", "a log cabin for a family of four",
                                    "a cottage for two"])
def test_a_building_for_people_is_furnished_inside(prompt: str) -> None:
    graph = plan(prompt)
    kinds = counts(graph)
    assert graph.room["setting"]["kind"] == "indoor"
    assert sum(n for k, n in kinds.items() if "bed" in k) >= 1
    assert not {"house", "mountain hut", "log cabin", "cottage"} & set(kinds)


def test_a_building_without_people_stays_a_building() -> None:
    graph = plan("a log cabin in the woods")
    assert graph.room["setting"]["kind"] == "outdoor"


def test_a_street_party_for_twenty_neighbours_seats_twenty() -> None:
    kinds = counts(plan("a street party for twenty neighbours"))
    assert kinds["chair"] == 20
    assert not any("neighbour" in k for k in kinds)


@pytest.mark.parametrize("word, people", [("hikers", True), ("neighbours", True), ("hiker", False),
                                          ("tables", False)])
def test_people_plural(word: str, people: bool) -> None:
    assert people_plural(word) is people
