"""Counts said per wall and counts said in brackets (issue 14 counts7): "three paintings on each
wall" is three for every wall of the room (twelve), "a clock on all four walls" four, "paintings,
two on each wall" eight; an uncounted plural on each wall is spread as it is. A bracket holding only
a count counts the thing before it ("chairs (six)"), and a count said twice ("twelve (12)") is one."""

from __future__ import annotations

from collections import Counter

import pytest

from setdresser.blender_addon.core.offline import plan
from setdresser.blender_addon.core.offline.reading.parentheses import unbracket


def walls_of(prompt: str, category: str) -> Counter[str]:
    """How many things of the category the plan puts at each wall."""
    graph = plan(prompt, complete=False)
    kind = {a.id: a.category for a in graph.assets}
    return Counter(str(r.params.get("wall")) for r in graph.relations
                   if r.relation in ("on_wall", "against_wall") and kind[graph.relation_args(r.id)[0]] == category)


@pytest.mark.parametrize("prompt, category, per_wall", [
    ("Three paintings on each wall.", "painting", 3),
    ("A poster on every wall.", "poster", 1),
    ("Put two chairs against each wall.", "chair", 2),
    ("A bookshelf against each wall.", "bookshelf", 1),
    ("Hang paintings in the room, two on each wall.", "painting", 2),
    ("Each wall has two posters.", "poster", 2),
])
def test_a_count_on_each_wall_is_every_walls_own(prompt: str, category: str, per_wall: int) -> None:
    assert walls_of(prompt, category) == {w: per_wall for w in ("north", "south", "east", "west")}


def test_a_clock_on_all_four_walls_is_four_clocks() -> None:
    assert sum(walls_of("A clock on all four walls.", "wall clock").values()) == 4


def test_uncounted_paintings_on_the_walls_are_spread_not_multiplied() -> None:
    assert sum(walls_of("Paintings on the walls.", "painting").values()) == 3  # the default plural, one a wall


@pytest.mark.parametrize("text, expected", [
    ("A dinner table with chairs (six) around it.", "A dinner table with 6 chairs around it."),
    ("Put pews (12) facing the altar", "Put 12 pews facing the altar"),
    ("A long table with stools (x5) along one side.", "A long table with 5 stools along one side."),
    ("the dining chairs (8 in total) go around it", "the 8 dining chairs go around it"),
    ("twelve (12) chairs in rows", "twelve chairs in rows"),
    ("six chairs (four white, two blue) around a table", "six chairs around a table, four white, two blue"),
    ("a nursery (about 3x3 m, square)", "a nursery about 3x3 m, square"),
])
def test_a_bracket_with_only_a_count_counts_the_thing_before_it(text: str, expected: str) -> None:
    assert unbracket(text) == expected


@pytest.mark.parametrize("prompt, category, count", [
    ("A dinner table with chairs (six) around it.", "chair", 6),
    ("Twelve (12) chairs in three rows facing the screen.", "chair", 12),
    ("A long table with stools (x5) along one side.", "stool", 5),
])
def test_a_bracketed_count_is_the_number_planned(prompt: str, category: str, count: int) -> None:
    graph = plan(prompt, complete=False)
    assert Counter(a.category for a in graph.assets)[category] == count
    assert graph.unparsed == []


@pytest.mark.parametrize("prompt, expected", [
    ("a dorm room: two beds, two desks, two wardrobes and a reading lamp by each bed",
     {"bed": 2, "desk": 2, "wardrobe": 2, "reading lamp": 2}),
    ("Two beds, a desk, two wardrobes and a lamp by each bed.", {"bed": 2, "desk": 1, "wardrobe": 2, "lamp": 2}),
    ("a bed, two nightstands and a lamp on each", {"bed": 1, "nightstand": 2, "lamp": 2}),
])
def test_a_list_of_the_rooms_things_keeps_its_counted_parts_from_each_anchor(prompt: str, expected: dict) -> None:
    assert dict(Counter(a.category for a in plan(prompt, complete=False).assets)) == expected


@pytest.mark.parametrize("text, expected", [
    ("Bookshelves x2 against the north wall, desk x1 in the middle.",
     "2 Bookshelves against the north wall, 1 desk in the middle."),
    ("3 x office chairs around the meeting table", "3 office chairs around the meeting table"),
    ("2x chairs by the window", "2 chairs by the window"),
    ("chairs \u00d76 around the table", "6 chairs around the table"),
    ("a room 3 x 4 m with a bed", "a room 3 x 4 m with a bed"),
    ("desks in a 2x3 grid", "desks in a 2x3 grid"),
    ("a 3 x 2 metres rug", "a 3 x 2 metres rug"),
    ("Make a small bedroom, 3 m x 3.5 m.", "Make a small bedroom, 3 m x 3.5 m."),
    ("a rug 2 ft x 3 ft", "a rug 2 ft x 3 ft"),
])
def test_shopping_list_counts_are_said_before_the_noun(text: str, expected: str) -> None:
    from setdresser.blender_addon.core.offline.reading.multipliers import read_multipliers
    assert read_multipliers(text) == expected


@pytest.mark.parametrize("prompt, expected", [
    ("Bookshelves x2 against the north wall, desk x1 in the middle.", {"bookshelf": 2, "desk": 1}),
    ("Three desks, each with its own lamp.", {"desk": 3, "lamp": 3}),
    ("Two beds, each with their own nightstand.", {"bed": 2, "nightstand": 2}),
])
def test_counts_of_shopping_lists_and_own_things(prompt: str, expected: dict) -> None:
    graph = plan(prompt, complete=False)
    assert dict(Counter(a.category for a in graph.assets)) == expected
    assert graph.unparsed == []


@pytest.mark.parametrize("prompt", ["Twenty chairs lined up in two rows facing the stage.",
                                    "Line up twenty chairs in two rows."])
def test_things_lined_up_in_rows_are_the_rows_not_one_line_besides(prompt: str) -> None:
    graph = plan(prompt, complete=False)
    shapes = [(r.relation, dict(r.params)) for r in graph.relations if r.relation in ("row", "grid")]
    assert shapes == [("grid", {"rows": 2, "cols": 10})]


@pytest.mark.parametrize("prompt", ["A dining table with a chair at the head.",
                                    "A long table with five chairs along each long side and one chair at the head."])
def test_a_chair_at_the_head_sits_at_the_tables_end_not_its_side(prompt: str) -> None:
    graph = plan(prompt, complete=False)
    last = [a.id for a in graph.assets if a.category == "chair"][-1]
    sides = {r.relation for r in graph.relations if graph.relation_args(r.id)[:1] == (last,)}
    assert "left_of" in sides and "in_front_of" not in sides and "behind" not in sides


@pytest.mark.parametrize("prompt", [
    "A classroom with desks arranged like this: three rows, four desks in each row.",
    "Desks: three rows, four desks in each row.",
    "Put 3 rows with 4 desks each in the room.",
    "Three rows of desks, four in each row, facing the board.",
    "Four desks per row, three rows.",
])
def test_rows_counted_in_two_parts_are_one_grid(prompt: str) -> None:
    graph = plan(prompt, complete=False)
    assert Counter(a.category for a in graph.assets)["desk"] == 12
    assert [dict(r.params) for r in graph.relations if r.relation == "grid"] == [{"rows": 3, "cols": 4}]


def test_chairs_after_a_colon_are_the_rows_said_there() -> None:
    graph = plan("Chairs: two rows of ten chairs facing the stage.", complete=False)
    assert Counter(a.category for a in graph.assets)["chair"] == 20
