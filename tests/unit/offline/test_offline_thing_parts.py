"""Parts of things are no objects and no parts of the room (attach14): "by the corner of the barn"
is by the barn (not the room's corner), "against the side of the shed" by the shed (was not read),
"the handle of the spade" the spade, "in the soil" the ground; a small thing at the corner of a desk
stands on it."""

from __future__ import annotations

import pytest
from planned import categories, plan_triples, planned


@pytest.mark.parametrize("prompt, expected", [
    ("Stack two boxes by the corner of the tent.", ("proximity", ("box_1", "tent_1"))),
    ("A ladder against the side of the shed.", ("proximity", ("ladder_1", "shed_1"))),
    ("A lamp at the corner of the desk.", ("on_top_of", ("lamp_1", "desk_1"))),
    ("A broom by the handle of the rake.", ("proximity", ("broom_1", "rake_1"))),
    ("A cat on the lid of the chest.", ("on_top_of", ("cat_1", "chest_1"))),
])
def test_a_part_of_a_thing_places_by_the_thing(prompt: str, expected: tuple) -> None:
    found = plan_triples(prompt)
    assert expected in found, found
    assert not any(rel == "in_corner" for rel, _ in found)


@pytest.mark.parametrize("prompt, kinds", [
    ("A broom by the handle of the rake.", ["broom", "rake"]),
    ("Plant two roses in the soil by the fence.", ["fence", "rose", "rose"]),
    ("A bucket in the gravel near the shed.", ["bucket", "shed"]),
])
def test_parts_and_the_ground_are_no_objects(prompt: str, kinds: list) -> None:
    assert categories(planned(prompt)) == kinds


def test_a_corner_of_the_room_is_still_the_rooms() -> None:
    assert ("in_corner", ("plant_1",)) in plan_triples("A plant in the corner of the room.")
