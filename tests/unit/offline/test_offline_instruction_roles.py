"""Multi-sentence instructions (issue 14): a wall named by the door or window in it ("against
the wall with the window"), "it" after a correction made its antecedent several ("Next to it, a
side table. Actually, make it two armchairs."), and a correction that moves what the sentence
before placed ("Put a plant on the desk. No wait, put it on the floor next to the desk instead.")."""

from __future__ import annotations

import pytest

from planned import categories, pairs, planned, supports, walls

OPENINGS = "The room has a window on the east wall and a door on the west wall. "


@pytest.mark.parametrize("prompt, wall", [
    (OPENINGS + "Push a desk against the wall with the window.", "east"),
    ("The door is on the west wall and a window on the east wall. Put the desk against the wall with the door.",
     "west"),
    ("There is a door on the south wall and a window on the north wall. The bed goes against the wall with "
     "the door, and a dresser against the wall with the window.", "south"),
    ("A window is in the north wall and the door in the east wall. The desk stands against the wall with the "
     "window.", "north"),
])
def test_the_wall_with_a_door_or_window_is_that_openings_wall(prompt: str, wall: str) -> None:
    graph = planned(prompt)
    first = next(a.id for a in graph.assets if a.category in ("desk", "bed"))
    assert walls(graph, ("against_wall",))[first] == wall
    assert graph.unparsed == []


def test_the_window_of_the_wall_is_no_antecedent_of_it() -> None:
    graph = planned(OPENINGS + "Push a desk against the wall with the window. The chair goes in front of it.")
    assert ("chair_1", "desk_1") in pairs(graph, "in_front_of")
    assert not any(r.relation == "under_window" for r in graph.relations)


@pytest.mark.parametrize("prompt", [
    "Put an armchair in the south-west corner. Next to it, a small side table. Actually, make it two armchairs.",
    "Place a stool at the counter. Put a bin beside it. Oh, make it three stools.",
])
def test_it_after_a_recount_still_names_one_of_them(prompt: str) -> None:
    graph = planned(prompt)
    near = pairs(graph, "proximity")
    subject = graph.assets[-1].id
    assert any(p[0] == subject for p in near), near
    assert graph.unparsed == []


@pytest.mark.parametrize("prompt, moved, where, not_on", [
    ("The desk is against the south wall. Put a plant on the desk. No wait, put it on the floor next to the "
     "desk instead.", "plant_1", ("proximity", "desk_1"), "desk_1"),
    ("Put a lamp on the nightstand. Actually, move it next to the bed.", "lamp_1", ("proximity", "bed_1"),
     "nightstand_1"),
    ("Hang a clock above the door. Sorry, hang it above the fireplace instead.", "clock_1", ("above", "fireplace_1"),
     None),
])
def test_a_correction_moves_what_the_sentence_before_placed(prompt: str, moved: str, where: tuple[str, str],
                                                            not_on: str | None) -> None:
    graph = planned(prompt)
    assert (moved, where[1]) in pairs(graph, where[0])
    assert supports(graph).get(moved) != not_on or not_on is None
    assert not any("instead" in c for c in categories(graph))
    assert graph.unparsed == []


def test_a_correction_moving_to_a_corner_puts_it_in_the_corner() -> None:
    graph = planned("Put an armchair by the window. No, move it to the far corner.")
    assert any(r.relation == "in_corner" for r in graph.relations)
    assert graph.unparsed == []


def test_without_a_cue_a_sentence_moving_it_adds_to_the_one_before() -> None:
    graph = planned("Put a plant on the desk. Put a lamp next to it.")
    assert supports(graph).get("plant_1") == "desk_1"


@pytest.mark.parametrize("prompt", [
    "It's a small bathroom. The bathtub runs along the north wall.",
    "This is the kitchen. A fridge stands against the east wall.",
    "It will be a cozy bedroom with a bed against the north wall.",
])
def test_it_or_this_saying_what_the_scene_is_is_no_part_left_unread(prompt: str) -> None:
    graph = planned(prompt)
    assert graph.unparsed == []
    assert len(graph.assets) == 1
