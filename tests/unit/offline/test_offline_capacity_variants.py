"""A room said to be for more people than its archetype's default gets the archetype's larger-room
items (issue 14, rooms13; archetype items' ``min_people``): "an art class for twelve kids" has twelve
easels and stools (was one of each), "a living room for a family of six" seats six, "a reading
nook for two" has two armchairs; the default room is furnished as before."""

from __future__ import annotations

import pytest

from planned import kinds
from setdresser.blender_addon.core.knowledge.archetypes.loader import item_list


@pytest.mark.parametrize("prompt, kind, least", [
    ("an art class for twelve kids", "easel", 12),
    ("an art class for twelve kids", "stool", 12),
    ("a cozy reading corner for two", "armchair", 2),
    ("a village hall for thirty people", "chair", 30),
    ("a gym for twenty members", "treadmill", 5),
    ("a woodworking class for eight", "stool", 8),
    ("a balcony for four", "chair", 4),
    ("a little bakery for twelve", "chair", 12),
])
def test_a_larger_capacity_gets_the_larger_rooms_items(prompt: str, kind: str, least: int) -> None:
    assert kinds(prompt)[kind] >= least


def test_a_family_of_six_has_seats_for_six() -> None:
    got = kinds("a living room for a family of six")
    assert got["sofa"] * 3 + got["armchair"] >= 6


@pytest.mark.parametrize("prompt, kind, count", [
    ("an art studio", "easel", 1), ("an art studio", "stool", 1), ("a reading nook", "armchair", 1),
    ("a community hall", "folding table", 2), ("a gym", "treadmill", 1), ("a campsite", "tent", 2),
])
def test_the_default_room_is_furnished_as_before(prompt: str, kind: str, count: int) -> None:
    assert kinds(prompt)[kind] == count


def test_min_people_is_checked() -> None:
    item = item_list([{"object": "easel", "text": "{n} easels.", "min_people": 2}], "x")[0]
    assert item.min_people == 2
    with pytest.raises(ValueError):
        item_list([{"object": "easel", "text": "{n} easels.", "min_people": 0}], "x")


@pytest.mark.parametrize("room", ["bathroom", "kitchen", "living room"])
def test_a_tiny_room_gets_only_what_it_needs(room: str) -> None:
    """"a tiny bathroom", "a cramped kitchen": the archetype's optional items are left out (style ``tiny``)."""
    tiny, plain = kinds(f"a tiny {room}"), kinds(f"a {room}")
    assert sum(tiny.values()) < sum(plain.values()) and set(tiny) <= set(plain)
    assert kinds(f"a cramped {room}") == tiny
