"""Which noun a place phrase belongs to (attach14): a place by another thing said right after a
relation that named a new thing is that thing's, the nearest noun ("a clock above a fireplace by the
window": the fireplace is by the window), as "a lamp on the table next to the sofa" puts the table."""

from __future__ import annotations

import pytest
from planned import plan_triples


@pytest.mark.parametrize("prompt, placed, anchored", [
    ("Hang a clock above a fireplace by the window.", ("proximity", ("fireplace_1", "window_1")),
     ("above", ("clock_1", "fireplace_1"))),
    ("A stool in front of a piano next to the bookcase.", ("proximity", ("piano_1", "bookcase_1")),
     ("in_front_of", ("stool_1", "piano_1"))),
    ("A wheelbarrow behind a shed beside the pond.", ("proximity", ("shed_1", "pond_1")),
     ("behind", ("wheelbarrow_1", "shed_1"))),
    ("A towel rail above a radiator next to the shower.", ("proximity", ("radiator_1", "shower_1")),
     ("above", ("towel_rail_1", "radiator_1"))),
    ("Two dumbbells on a yoga mat beside the treadmill.", ("proximity", ("yoga_mat_1", "treadmill_1")),
     ("overlap", ("dumbbell_1", "yoga_mat_1"))),
])
def test_a_place_after_a_newly_named_thing_is_that_things(prompt: str, placed: tuple, anchored: tuple) -> None:
    found = plan_triples(prompt)
    assert placed in found and anchored in found, found
    subject = anchored[1][0]
    assert not any(args[0] == subject and len(args) > 1 and args[1] == placed[1][1] for _, args in found)


@pytest.mark.parametrize("prompt, kept", [
    ("A cup on the desk next to the laptop.", ("proximity", ("cup_1", "laptop_1"))),  # by another small thing on it
    ("A boat on the lake next to the jetty.", ("proximity", ("boat_1", "jetty_1"))),  # the ground it floats on
    ("Put a chair in front of the desk. Put a lamp next to the chair by the sofa.",  # the chair was placed before
     ("proximity", ("lamp_1", "sofa_1"))),
])
def test_a_place_stays_the_subjects_by_a_small_thing_on_the_ground_or_after_an_earlier_thing(
        prompt: str, kept: tuple) -> None:
    assert kept in plan_triples(prompt)
