"""A heading that names the place the scene is (issue 14, paper11): the building it is set in
is no object ("A ham radio shack in a garden shed, with a desk": two house boxes, the desk
between them), nor is a building whose own walls the text names ("A reptile house with tanks
along the north wall", "A diner with booths lining the south wall"): it is the room."""

from __future__ import annotations

from collections import Counter

import pytest

from setdresser.blender_addon.core.offline import plan


def kinds(prompt: str) -> Counter[str]:
    return Counter(a.category for a in plan(prompt, complete=False).assets)


@pytest.mark.parametrize("prompt, things, gone", [
    ("A ham radio shack in a garden shed, with a narrow desk under the window", {"desk"},
     {"ham radio shack", "garden shed"}),
    ("A mech hangar on a moon base with two giant robots", {"robot"}, {"mech hangar", "moon base"}),
    ("A billiards room in an old country house: a snooker table in the middle and a fireplace",
     {"snooker table", "fireplace"}, {"country house", "old country house"}),
    ("A cosy reading nook in a converted barn, with an armchair and a lamp", {"armchair", "lamp"},
     {"barn", "converted barn"}),
])
def test_the_building_a_heading_is_set_in_is_no_object(prompt: str, things: set[str], gone: set[str]) -> None:
    found = kinds(prompt)
    assert things <= set(found) and not gone & set(found)


@pytest.mark.parametrize("prompt, thing", [
    ("A zoo's reptile house with four glass terrariums in a row along the north wall", "terrarium"),
    ("A retro diner with red vinyl booths lining the south wall, a jukebox in the corner", "jukebox"),
])
def test_a_heading_whose_walls_are_named_is_the_room(prompt: str, thing: str) -> None:
    found = kinds(prompt)
    assert found[thing] >= 1 and not {"zoo reptile house", "retro diner"} & set(found)


@pytest.mark.parametrize("prompt, thing", [
    ("A picnic on a checked blanket, with a basket and sandwiches", "picnic blanket"),
    ("A table in a garden shed with a vase on it", "table"),
    ("A cabin in the woods with a bed and a stove", "cabin"),
    ("A knight with a sword against the north wall", "knight"),
])
def test_things_stay_things(prompt: str, thing: str) -> None:
    assert kinds(prompt)[thing] == 1
