"""Issue 14: a small thing placed only beside something that stands on a surface stands on that
surface too ("a lamp on the nightstand and a glass of water next to it"), and a small tabletop
thing beside a small surface stands on it; a bag or a basket by furniture stays on the floor."""

from __future__ import annotations

import pytest
from planned import planned, relations


@pytest.mark.parametrize("prompt, pair", [
    ("A reading lamp on the nightstand and a glass of water next to it.", ("glass_1", "nightstand_1")),
    ("a laptop on the desk with a mug beside it", ("mug_1", "desk_1")),
    ("a desk with a computer on it and a phone next to the computer", ("phone_1", "desk_1")),
    ("a cup next to the side table", ("cup_1", "side_table_1")),
])
def test_a_small_thing_beside_joins_the_surface(prompt: str, pair: tuple[str, str]) -> None:
    on = {args for _, args, _ in relations(planned(prompt), "on_top_of")}
    assert pair in on, on


@pytest.mark.parametrize("prompt, thing", [
    ("a bag next to the desk", "bag_1"),
    ("a basket beside the sofa", "basket_1"),
    ("a glass next to the sofa", "glass_1"),  # a sofa is no surface: nothing to stand it on
    ("a plant next to the desk", "plant_1"),  # a floor plant
])
def test_floor_things_and_things_by_no_surface_stay_down(prompt: str, thing: str) -> None:
    on = {args for _, args, _ in relations(planned(prompt), "on_top_of")}
    assert not any(args[0] == thing for args in on), on
