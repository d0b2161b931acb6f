"""Several sentences refer back to one of several things by where it stands (multi15): "Park three
cars side by side. A motorbike stands next to the westernmost car." means one of the three cars (was
a fourth, 'westernmost car'), "the middle car" the one between the other two (was the first), "the
right table" the one east of the others; and a demonstrative after a place word stands for the thing
named before ("Next to that, a lamp.", "on top of that, three boxes": was not understood)."""

from __future__ import annotations

import pytest
from planned import plan_triples

from setdresser.blender_addon.core.stage_set import offline_plan


def _assets(prompt: str) -> list[str]:
    return [a.id for a in offline_plan(prompt, complete=False, seed=0).assets]


@pytest.mark.parametrize("word, member", [
    ("westernmost", "car_1"), ("left", "car_1"), ("middle", "car_2"), ("centre", "car_2"),
    ("eastern", "car_3"), ("right", "car_3"), ("north", "car_1"), ("far", "car_1"),
])
def test_a_position_word_picks_one_of_the_things_named_before(word: str, member: str) -> None:
    prompt = f"Park three cars side by side. A motorbike stands next to the {word} car."
    assert [i for i in _assets(prompt) if "car" in i] == ["car_1", "car_2", "car_3"]
    assert ("proximity", ("motorbike_1", member)) in plan_triples(prompt)


def test_the_middle_one_stands_between_the_others_and_a_side_one_beyond_them() -> None:
    found = plan_triples("Pitch three tents in the field. Put a lantern in front of the middle tent. "
                         "Leave a cooler next to the easternmost tent.")
    assert ("between", ("tent_2", "tent_1", "tent_3")) in found
    assert ("right_of", ("tent_3", "tent_1")) in found and ("right_of", ("tent_3", "tent_2")) in found


def test_in_a_row_the_pick_follows_its_order_with_nothing_added() -> None:
    found = plan_triples("Pitch three tents in a row. Put a lantern in front of the middle tent. "
                         "Leave a cooler next to the easternmost tent.")
    assert ("in_front_of", ("lantern_1", "tent_2")) in found and ("proximity", ("cooler_1", "tent_3")) in found
    assert not any(rel in ("between", "right_of") for rel, _ in found)


def test_a_side_along_the_wall_they_share_only_picks() -> None:
    found = plan_triples("Put three shelves against the east wall. Put a plant on the eastern shelf.")
    assert ("on_top_of", ("plant_1", "shelf_3")) in found
    assert not any(rel == "right_of" for rel, _ in found)


def test_the_left_one_of_two_put_left_and_right_is_the_one_put_left() -> None:
    found = plan_triples("Put a bed against the north wall with a nightstand on each side. "
                         "Put a lamp on the right nightstand.")
    assert ("on_top_of", ("lamp_1", "nightstand_2")) in found
    assert not any(rel == "right_of" and args[0] == "nightstand_2" and args[1] == "nightstand_1"
                   for rel, args in found)


def test_a_thing_of_the_whole_name_or_a_lone_thing_is_no_position() -> None:
    found = plan_triples("Put a table by the door. Put a vase on the north table.")
    assert ("on_top_of", ("vase_1", "table_1")) in found and not any(rel == "behind" for rel, _ in found)
    assert _assets("Put two tables in the room. Put a lamp on the end table.")[-1] == "end_table_1"


@pytest.mark.parametrize("prompt, expected", [
    ("A cabinet stands by the wall. On top of that, put three boxes.", ("on_top_of", ("box_3", "cabinet_1"))),
    ("Put a sofa against the wall. Next to that, a lamp.", ("proximity", ("lamp_1", "sofa_1"))),
    ("Put a desk under the window. Under this, put a rug.", ("under", ("rug_1", "desk_1"))),
    ("Next to the piano, put a music stand, and beside that, a guitar.",
     ("proximity", ("guitar_1", "music_stand_1"))),
])
def test_a_demonstrative_after_a_place_word_is_the_thing_named_before(prompt: str, expected: tuple) -> None:
    assert expected in plan_triples(prompt)


@pytest.mark.parametrize("prompt, expected", [
    ("Put two tables in the room. On the first table, put a globe; on the second, a desk lamp.",
     ("on_top_of", ("desk_lamp_1", "table_2"))),
    ("Put two tables in the room. On the first, put a globe. On the second, put a lamp.",
     ("on_top_of", ("globe_1", "table_1"))),
    ("Put four chairs in a row. Put a cushion on the last.", ("on_top_of", ("cushion_1", "chair_4"))),
])
def test_a_bare_ordinal_is_that_one_of_the_things_named_before(prompt: str, expected: tuple) -> None:
    assert expected in plan_triples(prompt)


@pytest.mark.parametrize("prompt, expected", [
    ("Put a desk and a chair in the room. On the desk, put a lamp, and on the chair, put a cushion.",
     ("on_top_of", ("cushion_1", "chair_1"))),
    ("Put three shelves on the wall. On the first one, put a clock, and on the second one, put two vases.",
     ("on_top_of", ("vase_2", "shelf_2"))),
])
def test_a_second_fronted_on_of_the_sentence_carries_its_own_things(prompt: str, expected: tuple) -> None:
    found = plan_triples(prompt)
    assert expected in found and not any(rel == "on_top_of" and args[0] in ("desk_1", "shelf_1") for rel, args in found)


def test_the_second_after_a_row_named_is_the_second_row_as_before() -> None:
    found = plan_triples("Folding chairs for an open-mic night: four in the front row and six in the second.")
    assert not any(rel == "on_top_of" for rel, _ in found)
