"""The user's count of a family of things is the room's (issue 14, rooms10): a furnished room's
archetype adds no more of a kind the user named, even under another name — the user's seat is
the nursery's armchair, "three round tables" are all the bakery's tables, "four lab benches" the
lab's long tables, "a couple of amps" the music style's speaker, floor cushions round a table
its seats."""

from __future__ import annotations

import pytest

from planned import kinds


def test_the_users_one_seat_is_the_nurserys_armchair() -> None:
    found = kinds("a maternity ward nursery with six cribs in two rows of three and a nurse's chair in the corner")
    assert found["crib"] == 6 and found["nurse chair"] == 1 and found["armchair"] == 0
    assert found["floor lamp"] == 1  # what the armchair brought comes with the user's chair


@pytest.mark.parametrize("prompt, seat", [
    ("a nursery for twins with a rocking chair", "rocking chair"),
    ("a reading nook with a rocking chair", "rocking chair"),
])
def test_a_seat_of_another_kind_takes_the_lounge_seats_place(prompt: str, seat: str) -> None:
    found = kinds(prompt)
    assert found[seat] == 1 and found["armchair"] == 0


@pytest.mark.parametrize("prompt, kept", [
    ("a living room with a rocking chair", "sofa"),  # a sofa is no armchair
    ("a home office with an armchair", "office chair"),  # the desk's chair is no lounge seat
    ("a bedroom with a desk and a chair", "bed"),
    ("a home office where the printer sits within reach of the desk chair", "armchair"),  # the desk chair is the office chair
])
def test_other_seats_stay(prompt: str, kept: str) -> None:
    assert kinds(prompt)[kept] >= 1


def test_the_tables_the_user_counted_are_all_the_tables_of_that_use() -> None:
    found = kinds("Set up a small bakery. A long display counter runs along the east wall. Put three round "
                  "tables by the window on the south wall, each one with two chairs.")
    assert found["table"] + found["round table"] == 3 and found["display table"] == 0 and found["chair"] == 6


def test_lab_benches_are_the_labs_tables() -> None:
    found = kinds("This is a science lab. Arrange four lab benches in two rows, facing the whiteboard on the "
                  "west wall. Each bench has a microscope on top and two stools behind it.")
    assert found["lab bench"] == 4 and found["table"] == 0 and found["monitor"] == 4


def test_amps_are_the_speakers_a_music_word_brings() -> None:
    found = kinds("a music shop with guitars hanging on the walls, a couple of amps on the floor and a piano")
    assert found["amp"] == 2 and found["speaker"] == 0


def test_floor_cushions_round_a_table_are_its_seats() -> None:
    found = kinds("a minimalist japanese tea room: a low table in the middle, four floor cushions around it")
    assert found["floor cushion"] == 4 and found["chair"] == 0
