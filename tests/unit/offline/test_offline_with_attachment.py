"""Which noun a place phrase after "X with Y" is about: a wall or corner to stand at is the
head X's (Y goes with X), a side phrase after Y already rests on X is X's too, and fronted
places read before X are X's; places relative to a thing, and walls Y hangs on, stay Y's."""

from __future__ import annotations

import pytest
from planned import planned, triples


@pytest.mark.parametrize("prompt, placed, other", [
    ("A desk with an office chair against the north wall.", ("against_wall", ("desk_1",)), "office_chair_1"),
    ("Put a table with two chairs along the east wall.", ("against_wall", ("table_1",)), "chair_1"),
    ("A bed with a rug in the south-east corner.", ("in_corner", ("bed_1",)), "rug_1"),
    ("I want a sideboard with a lamp by the west wall.", ("against_wall", ("sideboard_1",)), "lamp_1"),
])
def test_a_wall_or_corner_after_x_with_y_is_where_x_stands(prompt: str, placed: tuple[str, tuple[str, ...]],
                                                           other: str) -> None:
    found = triples(planned(prompt))
    assert placed in found
    assert not any(rel in ("against_wall", "in_corner") and args == (other,) for rel, args in found)


def test_the_companion_keeps_a_wall_it_hangs_on_and_a_place_by_a_thing() -> None:
    assert ("on_wall", ("poster_1",)) in triples(planned("A bed with a poster on the wall."))
    assert ("right_of", ("lamp_1", "sofa_1")) in triples(planned("A sofa with a lamp to its right."))
    assert ("on_top_of", ("lamp_1", "desk_1")) in triples(planned("A desk with a lamp on it against the wall."))


def test_a_host_placed_already_leaves_a_later_listed_thing_its_own_corner() -> None:
    found = triples(planned("Two beds. A nightstand between the beds with a lamp on it, and a wardrobe in the corner."))
    assert ("in_corner", ("wardrobe_1",)) in found and ("between", ("nightstand_1", "bed_1", "bed_2")) in found


def test_a_side_phrase_after_what_rests_on_the_host_places_the_host() -> None:
    found = triples(planned("A lamp to the left of the sofa, and a side table with a vase on it to the right."))
    assert {("right_of", ("side_table_1", "sofa_1")), ("on_top_of", ("vase_1", "side_table_1"))} <= found
    assert not any(rel == "right_of" and args[0] == "vase_1" for rel, args in found)


def test_two_fronted_places_belong_to_the_host_named_after_them() -> None:
    found = triples(planned("A TV on the north wall. In front of the TV, in the middle of the room, "
                            "a sofa with a cushion on it."))
    assert {("in_front_of", ("sofa_1", "tv_1")), ("centered", ("sofa_1",)), ("on_top_of", ("cushion_1", "sofa_1"))} \
        <= found
    gym = triples(planned("A treadmill faces the north wall. Behind it, in the middle of the room, "
                          "a weight bench with a rack to its right."))
    assert ("behind", ("weight_bench_1", "treadmill_1")) in gym and ("right_of", ("rack_1", "weight_bench_1")) in gym


@pytest.mark.parametrize("prompt", [
    "A sofa and a TV. Between the sofa and the TV, a coffee table.",
    "A sofa and a TV. Between the sofa and the TV there is a coffee table.",
    "A sofa and a TV. Between the sofa and the TV is a coffee table.",
])
def test_a_fronted_between_takes_both_its_ends_before_its_subject(prompt: str) -> None:
    graph = planned(prompt)
    assert ("between", ("coffee_table_1", "sofa_1", "tv_1")) in triples(graph) and graph.unparsed == []


def test_a_with_phrase_after_the_second_end_of_between_belongs_to_the_subject() -> None:
    found = triples(planned("A lake and two tents. A campfire between the tents and the lake with four logs around it."))
    assert ("between", ("campfire_1", "tent_1", "lake_1")) in found
    assert ("around", ("log_1", "log_2", "log_3", "log_4", "campfire_1")) in found
