"""Room completion adds no second member of a family the user named (session 14, dev set family14,
class "completion adds what the user already named"): a table a reader counts as a table is the
room's table whatever it is called (a patio table, a sewing machine's table, a glass-screened desk
is the reception's desk), and the seats the user counted are all the room's seats of that kind (no
chair more at an archetype's mixing desk or the teacher's desk). A coffee table or a pool table is
a kind of its own and leaves the room's dining or bar tables be."""

from __future__ import annotations

import pytest

from planned import kinds

from setdresser.blender_addon.core.offline.completion.stand_ins import same_count_noun


@pytest.mark.parametrize("prompt, table, extra", [
    ("a patio with a patio table and a grill", "patio table", "patio table"),
    ("a tailor's shop with a sewing machine on a wide table by the window", "table", "display table"),
    ("A dentist's waiting room: a row of five plastic chairs along one wall and a receptionist behind a "
     "glass-screened desk", "desk", "reception desk"),
])
def test_the_users_table_is_the_rooms_table(prompt: str, table: str, extra: str) -> None:
    found = kinds(prompt)
    assert found[table] == 1 and (extra == table or found[extra] == 0)


def test_a_table_of_another_count_noun_is_no_stand_in() -> None:
    assert kinds("a dining room with a coffee table")["coffee table"] == 1
    assert same_count_noun("patio table", "display table") and same_count_noun("front desk", "desk")
    assert not same_count_noun("coffee table", "dining table") and not same_count_noun("pool table", "table")


@pytest.mark.parametrize("prompt, chairs", [
    ("Design a brass band rehearsal room. A conductor's podium at the front, a row of five chairs facing it, "
     "a music stand in front of each chair.", 5),
    ("The school music room has an upright piano in the northwest corner. Arrange eight chairs in a semicircle "
     "facing it. The teacher's desk is by the door.", 8),
])
def test_counted_seats_are_all_the_rooms_chairs(prompt: str, chairs: int) -> None:
    assert kinds(prompt)["chair"] == chairs


def test_an_unseated_desk_still_gets_its_chair() -> None:
    found = kinds("a recording studio with a drum kit in the corner")
    assert found["office chair"] + found["chair"] >= 1


@pytest.mark.parametrize("prompt, kind, n", [
    ("Set up a quiet reading room in a library. Line the north wall with four bookcases in a row. In the middle "
     "put two reading tables, each with a lamp on it and two chairs.", "lamp", 2),  # not the armchair's floor lamp
    ("a living room with a floor lamp by the window", "table lamp", 0),  # not the side table's lamp
    ("a garage with a red tool chest against the wall", "toolbox", 0),  # a tool chest is the workbench's toolbox
])
def test_what_an_item_brings_along_is_the_users_when_named(prompt: str, kind: str, n: int) -> None:
    found = kinds(prompt)
    assert found[kind] == n and sum(found[k] for k in found if k.endswith(("lamp", "toolbox", "tool chest"))) <= 2


def test_a_table_still_brings_its_chairs() -> None:
    assert kinds("a library with a reading table and a lamp")["chair"] >= 2


@pytest.mark.parametrize("prompt", [
    "a streamer's room with one desk holding two monitors, a gaming chair and a small speaker",
    "a sewing room with a desk",
])
def test_a_generic_rooms_table_is_the_users_desk(prompt: str) -> None:
    found = kinds(prompt)  # the room no archetype names gets no table and four chairs beside the user's desk
    assert found["table"] == 0 and found["chair"] + found["gaming chair"] == 1


def test_a_desk_standing_in_for_a_counter_keeps_what_stands_on_it() -> None:
    assert kinds("a shop with a sales desk")["cash register"] == 1
