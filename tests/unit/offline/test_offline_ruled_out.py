"""What completion adds that the user did not ask for (dev set tests/benchmark/dev/scope13.json, issue 14,
class "too many of a thing"): a placeless "no" phrase rules its kind or family out of the room's archetype
("No other instruments." in a studio: no guitar or piano; "a living room with no TV": no TV, and the
sofa that faced it is not given one back); seats said with "just"/"only" are all the room's seats ("a
home office with a desk and just one chair": no corner armchair); a room name that is the first word of
a thing's name names no second room ("... and an office chair at the desk" in a home office: no office
archetype with two visitors' chairs). A "no" phrase that places something is a negation, not this. Seats the
text sets at a counter or workbench (no thing its knowledge seats people at) are not a table's: "six stools
along the counter and a table for four" seats four at the table (was none)."""

from __future__ import annotations

import pytest

from planned import kinds


@pytest.mark.parametrize("prompt, absent", [
    ("A recording studio with a drum kit and a microphone. No other instruments.", ("guitar", "piano")),
    ("a living room with no TV", ("tv",)),
    ("a garage with one car and no bikes", ("bicycle",)),
    ("a music room with a piano and no other instruments", ("guitar",)),
])
def test_a_placeless_no_rules_the_kind_out_of_the_room(prompt: str, absent: tuple[str, ...]) -> None:
    made = kinds(prompt)
    assert not {k: n for k, n in made.items() if k in absent}


def test_what_the_room_keeps_besides() -> None:
    made = kinds("a living room with no TV")
    assert made["sofa"] == 1 and made["coffee table"] == 1
    assert kinds("a garage with one car and no bikes")["car"] == 1


def test_a_no_with_a_place_is_a_negation_not_a_ruling() -> None:
    made = kinds("a music room with no chair in front of the piano")
    assert made["piano"] == 1 and made["chair"] >= 1


@pytest.mark.parametrize("prompt, seats", [
    ("a home office with a corner desk, two monitors, a printer on a small cabinet and just one chair", 1),
    ("a guest bedroom with a double bed and only one chair", 1),
])
def test_seats_said_just_or_only_are_all_the_room_s_seats(prompt: str, seats: int) -> None:
    made = kinds(prompt)
    assert sum(n for k, n in made.items() if k in ("chair", "armchair", "office chair", "stool")) == seats


def test_a_room_name_before_a_thing_s_noun_names_no_room() -> None:
    made = kinds("A home office with a window on the north wall. The desk stands under the window with a lamp "
                 "on it and an office chair at the desk. A bookshelf next to the door.")
    assert made["office chair"] == 1 and made["chair"] == 0


def test_a_room_named_after_and_is_still_a_second_room() -> None:
    made = kinds("a bedroom and study")
    assert made["bed"] == 1 and made["desk"] == 1


@pytest.mark.parametrize("prompt, kind, n", [
    ("A hotel lobby bar: one long bar counter with six stools in front of it and two sofas.", "counter", 1),
    ("a wine bar with a marble bar counter and four stools", "counter", 1),
])
def test_the_room_s_own_thing_is_the_one_the_user_names(prompt: str, kind: str, n: int) -> None:
    made = kinds(prompt)
    assert sum(c for k, c in made.items() if k.split()[-1] in (kind, "bar")) == n


def test_a_bar_named_alone_keeps_its_counter() -> None:
    assert kinds("a sports bar")["sports bar"] == 1


@pytest.mark.parametrize("prompt", [
    "a noodle shop with six stools along the counter and a table for four by the window",
    "a kitchen with three stools along the counter and a table for four",
    "a workshop with two stools at the workbench and a table for four",
])
def test_stools_at_a_counter_leave_the_table_for_four_its_chairs(prompt: str) -> None:
    made = kinds(prompt)
    assert made["chair"] == 4 and made["table"] == 1
