"""Counts that hang on reading the text right (issue 14, the "count" class, dev set counts4):
"for each X" is one set per X like "per X"; every part of "a plate and a glass" goes to each
anchor of "in front of each chair"; "each with a chair, and one teacher's desk" hands out only
the chair; a phrase without an anchor ("at the front") never copies its subject per object of a
plural named before; "the chair" after "an armchair" is that armchair, not a new chair."""

from __future__ import annotations

from collections import Counter

import pytest

from setdresser.blender_addon.core.offline import plan


def counts(prompt: str) -> Counter[str]:
    return Counter(a.category for a in plan(prompt, complete=False).assets)


@pytest.mark.parametrize("prompt, expected", [
    ("three desks in a row, a monitor on each desk and a chair for each desk", {"desk": 3, "monitor": 3, "chair": 3}),
    ("two beds and a lamp for every bed", {"bed": 2, "lamp": 2}),
    ("four tables with a candle for each table", {"table": 4, "candle": 4}),
])
def test_for_each_is_one_set_per_owner(prompt: str, expected: dict[str, int]) -> None:
    found = counts(prompt)
    assert {k: found[k] for k in expected} == expected


def test_for_each_is_not_reported_as_not_understood() -> None:
    graph = plan("three desks and a chair for each desk", complete=False)
    assert "for" not in graph.unparsed and "each desk" not in graph.unparsed


@pytest.mark.parametrize("prompt, expected", [
    ("a dining table with four chairs, and a plate and a glass in front of each chair",
     {"chair": 4, "plate": 4, "glass": 4}),
    ("two nightstands, a lamp and a clock on each nightstand", {"nightstand": 2, "lamp": 2, "clock": 2}),
])
def test_every_joined_part_goes_to_each_anchor(prompt: str, expected: dict[str, int]) -> None:
    found = counts(prompt)
    assert {k: found[k] for k in expected} == expected


def test_each_joined_set_stands_at_its_own_anchor() -> None:
    graph = plan("two nightstands, a lamp and a clock on each nightstand", complete=False)
    on = {args[0]: args[1] for name, args in graph.triples() if name == "on_top_of"}
    assert on["lamp_1"] == on["clock_1"] != on["lamp_2"] == on["clock_2"]


@pytest.mark.parametrize("prompt, expected", [
    ("four tables, each with a candle, and a bar in the corner", {"table": 4, "candle": 4, "bar": 1}),
    ("12 student desks, each with a chair, and one teacher's desk", {"student desk": 12, "chair": 12,
                                                                    "teacher desk": 1}),
    ("four tables each with a candle, a vase, and a lamp", {"table": 4, "candle": 4, "vase": 4, "lamp": 4}),
])
def test_each_with_ends_at_comma_and(prompt: str, expected: dict[str, int]) -> None:
    found = counts(prompt)
    assert {k: found[k] for k in expected} == expected


@pytest.mark.parametrize("prompt", [
    "12 student desks, each with a chair, and one teacher's desk at the front",
    "two beds, each with a nightstand. A lamp to the left.",
])
def test_anchorless_phrase_copies_nothing_per_earlier_object(prompt: str) -> None:
    found = counts(prompt)
    assert found["teacher desk"] + found["lamp"] == 1


@pytest.mark.parametrize("prompt, kept, gone", [
    ("Put a bookcase against the west wall. Next to the bookcase, place an armchair and a floor lamp. "
     "The chair should face the window.", "armchair", "chair"),
    ("a nightstand by the bed, and a lamp on the stand", "nightstand", "stand"),
])
def test_the_end_of_a_one_word_name_is_the_same_object(prompt: str, kept: str, gone: str) -> None:
    found = counts(prompt)
    assert found[kept] == 1 and found[gone] == 0


def test_a_new_plain_chair_beside_an_armchair_is_still_made() -> None:
    found = counts("an armchair and a chair. The chair is red.")
    assert found["armchair"] == 1 and found["chair"] == 1


def test_a_fuller_name_is_the_one_object_named_by_its_head() -> None:
    graph = plan("Put a table by the window. Put four chairs around the dining table. "
                 "Then put a candle in the middle of the table.", complete=False)
    found = Counter(a.category for a in graph.assets)
    assert found == Counter({"dining table": 1, "chair": 4, "candle": 1})


def test_a_fuller_name_among_many_is_a_new_object() -> None:
    found = counts("twelve desks in rows. The teacher's desk is at the front.")
    assert found["desk"] == 12 and found["teacher desk"] == 1


@pytest.mark.parametrize("prompt, seats, things", [
    ("A long dining table with 6 chairs, 3 on each side, and a plate at every seat", "chair", "plate"),
    ("three stools with a cushion on each seat", "stool", "cushion"),
])
def test_every_seat_is_every_chair(prompt: str, seats: str, things: str) -> None:
    found = counts(prompt)
    assert found[things] == found[seats] > 1


@pytest.mark.parametrize("prompt, n", [
    ("Two rows of chairs facing the screen, five chairs in each row.", 10),
    ("two rows of chairs, five in each row", 10),
    ("three rows of benches, six in each row, facing the stage", 18),
])
def test_a_count_in_each_row_is_the_row_length(prompt: str, n: int) -> None:
    graph = plan(prompt, complete=False)
    grid = [args for name, args in graph.triples() if name == "grid"]
    assert len(grid) == 1 and len(grid[0]) == n == len(graph.assets) - (1 if " the " in prompt else 0)


def test_copies_added_to_the_rows_face_the_same_way() -> None:
    graph = plan("Two rows of chairs facing the screen, five chairs in each row.", complete=False)
    facing = {args[0] for name, args in graph.triples() if name == "facing"}
    assert {a.id for a in graph.assets if a.category == "chair"} <= facing


@pytest.mark.parametrize("prompt, kind, n", [
    ("There is a window on the west wall. Add a bookshelf on each side of the window.", "bookshelf", 2),
    ("a plant on either side of the door", "plant", 2),
    ("plants on either side of the front door", "plant", 2),
    ("two plants on either side of the door", "plant", 2),
])
def test_each_side_of_a_door_or_window_is_one_a_side(prompt: str, kind: str, n: int) -> None:
    graph = plan(prompt, complete=False)
    assert Counter(a.category for a in graph.assets)[kind] == n
    assert not graph.unparsed


@pytest.mark.parametrize("prompt, kind, n", [
    ("the room has two windows, and a plant under each one", "plant", 2),
    ("There are two windows on the north wall. Put an armchair in front of each one.", "armchair", 2),
    ("two nightstands and a lamp on each one", "lamp", 2),
    ("two tables and a vase on each one", "vase", 2),
])
def test_each_one_is_each_of_the_things_named_before(prompt: str, kind: str, n: int) -> None:
    graph = plan(prompt, complete=False)
    assert Counter(a.category for a in graph.assets)[kind] == n
    assert not graph.unparsed


@pytest.mark.parametrize("prompt, n", [
    ("The table seats six.", 6),
    ("a dining table that seats eight", 8),
    ("Make a dining room. The table seats six. Put a vase on the table.", 6),
])
def test_a_table_that_seats_n_has_n_chairs(prompt: str, n: int) -> None:
    graph = plan(prompt, seed=0)
    found = Counter(a.category for a in graph.assets)
    assert found["chair"] == n and not any("seat" in c for c in found) and not graph.unparsed


def test_seats_after_a_thing_that_is_no_table_is_left_alone() -> None:
    from setdresser.blender_addon.core.offline.reading.guests import seats_as_for
    from setdresser.blender_addon.core.offline.reading.lexicon import Vocabulary
    assert seats_as_for("the lamp fits two bulbs", Vocabulary(None)) == "the lamp fits two bulbs"


@pytest.mark.parametrize("prompt, expected", [
    ("three beds and three lamps, one by each bed", {"bed": 3, "lamp": 3}),
    ("two beds and two nightstands, one next to each bed", {"bed": 2, "nightstand": 2}),
    ("six chairs and a table, two on each side", {"chair": 6, "table": 1}),
    ("three beds and three lamps, one for each bed", {"bed": 3, "lamp": 3}),
    ("Start with a dining table. Around it place six chairs. The table has a vase in the middle and six plates, "
     "one for each chair.", {"dining table": 1, "chair": 6, "vase": 1, "plate": 6}),
])
def test_a_bare_count_after_joined_things_takes_the_right_ones(prompt: str, expected: dict[str, int]) -> None:
    graph = plan(prompt, complete=False)
    assert Counter(a.category for a in graph.assets) == Counter(expected) and not graph.unparsed


@pytest.mark.parametrize("prompt, kind, n", [
    ("a desk with dual monitors", "monitor", 2),
    ("a square table with a chair on each of its four sides", "chair", 4),
    ("a table with chairs on all four sides", "chair", 4),
    ("a chair on each of the four sides of the table", "chair", 4),
    ("eight chairs on all four sides of the table", "chair", 8),
])
def test_counts_said_by_the_words_around_the_noun(prompt: str, kind: str, n: int) -> None:
    graph = plan(prompt, complete=False)
    assert Counter(a.category for a in graph.assets)[kind] == n and not graph.unparsed


@pytest.mark.parametrize("prompt, expected", [
    ("a nightstand by the bed. Put a lamp on the bedside table.", {"nightstand": 1, "bed": 1, "lamp": 1}),
    ("a bedside table by the bed. Put a lamp on the nightstand.", {"bedside table": 1, "bed": 1, "lamp": 1}),
    ("two chairs at the table. The dining chairs are wooden.", {"dining chair": 2, "table": 1}),
])
def test_a_synonym_or_fuller_name_is_the_same_object(prompt: str, expected: dict[str, int]) -> None:
    assert counts(prompt) == Counter(expected)


@pytest.mark.parametrize("prompt, expected", [
    ("two nightstands. A lamp, a clock and a book on each nightstand.",
     {"nightstand": 2, "lamp": 2, "clock": 2, "book": 2}),
    ("three desks. A monitor, a keyboard and a mouse on every desk.", {"desk": 3, "monitor": 3, "keyboard": 3,
                                                                       "mouse": 3}),
    ("a bed, two nightstands and a lamp on each", {"bed": 1, "nightstand": 2, "lamp": 2}),
    ("Two nightstands flank the bed. A wardrobe, a mirror and a lamp on each nightstand.",
     {"nightstand": 2, "bed": 1, "wardrobe": 1, "mirror": 2, "lamp": 2}),
])
def test_small_things_listed_before_on_each_go_to_each(prompt: str, expected: dict[str, int]) -> None:
    assert counts(prompt) == Counter(expected)
