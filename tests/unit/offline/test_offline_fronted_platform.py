"""A fronted "on" holds for each thing of the list after it even when the thing says a part of its
own (multi15): "The stage is against the north wall. On it, put a piano on the left and a music stand
in the middle." puts the music stand on the stage, in the stage's middle (was the room's middle, off
the stage), and "On the shelf, ... a plant in the middle" a pot on the shelf though it is wider than
the shelf is deep."""

from __future__ import annotations

import pytest
from planned import plan_triples


@pytest.mark.parametrize("prompt, thing, host", [
    ("The stage is against the north wall. On it, put a piano on the left and a music stand in the middle.",
     "music_stand_1", "stage_1"),
    ("Put a platform at the back. On the platform, put a drum kit on the right and a microphone in the middle.",
     "microphone_1", "platform_1"),
    ("Put a wide shelf on the wall. On it, place a clock on the left, a plant in the middle and a radio on the "
     "right.", "plant_1", "shelf_1"),
])
def test_every_thing_after_a_fronted_platform_or_shelf_stands_on_it(prompt: str, thing: str, host: str) -> None:
    found = plan_triples(prompt)
    assert ("on_top_of", (thing, host)) in found and ("alignment", (thing, host)) in found, found
    assert not any(rel == "centered" for rel, _ in found)


def test_a_thing_said_on_the_right_of_a_fronted_stage_stands_on_it() -> None:
    found = plan_triples("Put a stage at the north end. On it, put a piano on the left and a drum kit on the right.")
    assert ("on_top_of", ("piano_1", "stage_1")) in found and ("on_top_of", ("drum_kit_1", "stage_1")) in found
    assert ("right_of", ("drum_kit_1", "piano_1")) not in found


def test_a_thing_in_the_middle_after_a_host_of_its_own_sentence_is_the_rooms() -> None:
    found = plan_triples("Put a table in the room. On the table, put a bowl. Put a plant in the middle.")
    assert ("centered", ("plant_1",)) in found


def test_a_fronted_place_holds_for_things_with_a_participle_in_their_name() -> None:
    found = plan_triples("Put four bookcases against the north wall. In front of them, place two long reading tables.")
    assert ("in_front_of", ("table_1", "bookcase_1")) in found and ("in_front_of", ("table_2", "bookcase_2")) in found
    assert not any(rel == "proximity" for rel, _ in found)  # (was: bookcases near the tables, "reading" them)
