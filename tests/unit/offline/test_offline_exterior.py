"""Buildings seen from outside (issue 14): a room-type noun that is a building becomes a building
object in an outdoor scene when the text sets it outdoors, and stays the room otherwise."""

from __future__ import annotations

import pytest
from planned import categories

from setdresser.blender_addon.core.offline import plan
from setdresser.blender_addon.core.offline.setting.exterior import exterior_buildings, is_building_noun
from setdresser.blender_addon.core.offline.reading.lexicon import Vocabulary


def _scene(prompt: str) -> tuple[str, list[str]]:
    graph = plan(prompt)
    return str((graph.room or {})["setting"]["kind"]), categories(graph)


@pytest.mark.parametrize("prompt, buildings", [
    ("a bakery next door to a bookshop on a cobblestone street", ["bakery building", "bookshop building"]),
    ("an ancient temple deep in the jungle, surrounded by tall trees", ["temple building"]),
    ("an old chapel on a hill above the sea", ["chapel building"]),
    ("a bakery, a butcher and a tea room along a cobbled high street", ["bakery building", "tea room building"]),
])
def test_a_building_set_outdoors_is_an_object_outdoors(prompt: str, buildings: list[str]) -> None:
    kind, categories = _scene(prompt)
    assert kind == "outdoor"
    assert [c for c in categories if c.endswith(" building")] == buildings


@pytest.mark.parametrize("prompt", [
    "a small chapel with rows of pews facing the altar",
    "a little cafe with a terrace door",
    "a cozy cafe on a busy street with a counter and six tables",
    "a girl reading in a cafe on the high street",
    "Make a garage. Park a car in the middle.",
    "a quiet bookstore cafe with people reading in armchairs",
])
def test_a_room_stays_a_room(prompt: str) -> None:
    kind, categories = _scene(prompt)
    assert kind == "indoor"
    assert not [c for c in categories if c.endswith(" building")]


def test_closed_compounds_are_buildings_by_their_last_part() -> None:
    assert is_building_noun("bookshop") and is_building_noun("bakery")
    assert not is_building_noun("living room") and not is_building_noun("shopper")
    assert exterior_buildings("a bakery next door to a bookshop", Vocabulary()) == {"bakery", "bookshop"}
