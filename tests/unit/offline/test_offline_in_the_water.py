"""A thing in the water stands on it (issue 14, paper12): "a small wooden dock reaching out into a calm
lake" was read as *inside* the lake; a dock does not fit inside a lake (a flat ground feature), so the
containment became a proximity and the dock stood beside the lake on the grass (so did "a red canoe in
the lake"). A containment in a water body is the thing standing on the water: a boat floats on it, a
pier reaches out over it; one at the water's edge stays by it. A figure in the water (ducks in a pond) and a thing that fits a container
(a ball in a basket) read as before."""

from __future__ import annotations

import pytest

from planned import planned, relations


@pytest.mark.parametrize("prompt, thing, water", [
    ("A small wooden dock reaching out into a calm lake, with a red canoe", "dock_1", "lake_1"),
    ("Build a wooden dock sticking out into a lake.", "dock_1", "lake_1"),
    ("a long jetty stretching into the sea", "jetty_1", "sea_1"),
    ("a red canoe in the lake next to a tree", "canoe_1", "lake_1"),
    ("a little fountain in the pond", "fountain_1", "pond_1"),
])
def test_a_thing_in_the_water_stands_on_it(prompt: str, thing: str, water: str) -> None:
    found = relations(planned(prompt, complete=True))
    assert ("on_top_of", (thing, water), {}) in found, found
    assert not [r for r in found if r[0] in ("proximity", "inside") and r[1] == (thing, water)]


@pytest.mark.parametrize("prompt, thing, water", [
    ("a garden gnome at the edge of the pond", "garden_gnome_1", "pond_1"),
    ("a hut at the edge of a lake", "hut_1", "lake_1"),
])
def test_a_thing_at_the_waters_edge_stays_by_it(prompt: str, thing: str, water: str) -> None:
    found = relations(planned(prompt, complete=True))
    assert not [r for r in found if r[0] == "on_top_of" and r[1] == (thing, water)], found


def test_figures_in_the_water_and_things_that_fit_read_as_before() -> None:
    assert ("on_top_of", ("duck_1", "pond_1"), {}) in relations(planned("two ducks swimming in the pond"))
    assert ("inside", ("ball_1", "basket_1"), {}) in relations(planned("a ball inside a basket"))
