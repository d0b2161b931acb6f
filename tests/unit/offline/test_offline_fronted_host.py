"""A fronted "on" one thing that carries small things hosts them all (attach14): "On the desk, put a
lamp on the left and a mug in the middle" puts both on the desk, the mug in the desk's middle (was
the room's middle), as "a desk with a lamp on the left and a mug in the middle" does."""

from __future__ import annotations

import pytest
from planned import plan_triples


@pytest.mark.parametrize("prompt, thing, surface", [
    ("A desk by the window. On the desk, put a lamp on the left and a mug in the middle.", "mug_1", "desk_1"),
    ("A dresser against the wall. On it, set a candle on the right and a bowl in the middle.", "bowl_1",
     "dresser_1"),
    ("On the table, put a candle on the left and a teapot in the middle.", "teapot_1", "table_1"),
])
def test_a_fronted_surface_hosts_every_small_thing_after_it(prompt: str, thing: str, surface: str) -> None:
    found = plan_triples(prompt)
    assert ("on_top_of", (thing, surface)) in found and ("alignment", (thing, surface)) in found, found
    assert not any(rel == "centered" for rel, _ in found)


def test_the_middle_of_the_surface_the_first_thing_stands_on_is_that_surfaces() -> None:
    found = plan_triples("On the table, put a vase in the middle and two candles.")
    assert ("alignment", ("vase_1", "table_1")) in found and ("centered", ("table_1",)) not in found


@pytest.mark.parametrize("prompt, expected", [
    ("Behind the sofa, put a bookcase, and add a floor lamp.", ("behind", ("floor_lamp_1", "sofa_1"))),
    ("Against the west wall, a piano, and a cello case.", ("against_wall", ("cello_case_1",))),
])
def test_a_fronted_place_holds_for_a_later_thing_nothing_else_placed(prompt: str, expected: tuple) -> None:
    assert expected in plan_triples(prompt)


def test_a_later_thing_with_a_place_of_its_own_keeps_it() -> None:
    found = plan_triples("Against the north wall, a sofa, and a TV opposite it.")
    assert ("against_wall", ("tv_1",)) not in found and ("in_front_of", ("tv_1", "sofa_1")) in found
