"""The place a room request names is a place, not things in it (issue 14, rooms11): a place name
made of object words ("a bed and breakfast") is a guest house, and its breakfast room has no bed;
a building named before a room ("a hotel bathroom", "a cottage kitchen") is where the room is,
never an object in it; a lounge for cigars is a bar, not a living room with a TV."""

from __future__ import annotations


import pytest
from planned import kinds



def test_a_bed_and_breakfasts_breakfast_room_has_no_bed() -> None:
    found = kinds("a bed and breakfast's breakfast room with five small tables each set for two")
    assert found["bed"] == 0 and found["breakfast"] == 0 and found["table"] == 5


def test_a_bed_and_breakfast_is_a_guest_room() -> None:
    found = kinds("a cozy bed and breakfast")
    assert found["bed"] == 1 and found["nightstand"] == 2 and found["breakfast"] == 0


@pytest.mark.parametrize("prompt, room_thing, place", [
    ("a hotel bathroom", "bathtub", "hotel"),
    ("a hotel gym", "treadmill", "hotel"),
    ("a cottage kitchen with a cat", "stove", "cottage"),
])
def test_a_building_before_a_rooms_name_is_no_object_in_it(prompt: str, room_thing: str, place: str) -> None:
    found = kinds(prompt)
    assert found[room_thing] >= 1 and found[place] == 0


def test_a_small_house_shaped_thing_still_names_a_shops_goods() -> None:
    assert kinds("a dollhouse shop")["dollhouse"] >= 2


def test_a_cigar_lounge_is_a_bar_not_a_living_room() -> None:
    found = kinds("a cigar lounge")
    assert found["tv"] == 0 and found["counter"] == 1
