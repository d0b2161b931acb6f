"""Distributions and counts as people write them: N on each side, on either side, rows of,
a table for N."""

from __future__ import annotations

from collections import Counter

import pytest

from setdresser.blender_addon.core.offline import plan


SIDES = ("left_of", "right_of", "in_front_of", "behind")


def count(prompt: str, what: str) -> int:
    return Counter(a.category.split()[-1] for a in plan(prompt, complete=False).assets)[what]


def sides(prompt: str) -> Counter:
    graph = plan(prompt, complete=False)
    return Counter(r.relation for r in graph.relations if r.relation in SIDES)


@pytest.mark.parametrize("prompt, what, n", [
    ("A long table with four chairs down each side.", "chair", 8),
    ("A table with three chairs on each side.", "chair", 6),
    ("A table with two chairs on each side.", "chair", 4),       # seats: two a side
    ("Two lamps on each side of the bed.", "lamp", 2),           # not seats: one a side
    ("Lamps on either side of the bed.", "lamp", 2),             # uncounted, either: one a side
    ("Benches on both sides of the path.", "bench", 6),          # uncounted, both: a row of some a side
    ("Six chairs, three on each side of the table.", "chair", 6),
    ("A garden path with four lamps on either side.", "lamp", 4),
    ("A sofa with a side table on either side.", "table", 2),
])
def test_counts_on_sides(prompt: str, what: str, n: int) -> None:
    assert count(prompt, what) == n
    placed = sides(prompt)
    assert sum(placed.values()) == n
    assert len(set(placed.values())) == 1  # as many on each side


def test_rows_of_without_a_count_is_a_grid_not_row_objects() -> None:
    graph = plan("Rows of chairs facing a stage.", complete=False)
    assert {a.category for a in graph.assets} == {"chair", "stage"}
    grid = [r for r in graph.relations if r.relation == "grid"]
    assert len(grid) == 1 and grid[0].params["rows"] >= 2
    facing = [graph.relation_args(r.id) for r in graph.relations if r.relation == "facing"]
    assert len(facing) == len(graph.assets) - 1 and all(args[1] == "stage_1" for args in facing)


@pytest.mark.parametrize("prompt, seats, plates", [
    ("A small table set for two.", 2, 2),
    ("Set the square dining table for four.", 4, 4),
    ("A round table for 6 guests with a vase on it.", 6, 6),
])
def test_a_table_for_n_gets_n_seats_and_plates(prompt: str, seats: int, plates: int) -> None:
    graph = plan(prompt)
    kinds = Counter(a.category for a in graph.assets)
    assert kinds["chair"] == seats and kinds["plate"] == plates and graph.unparsed == []
    table = next(a.id for a in graph.assets if a.category.endswith("table"))
    at_table = {arg for r in graph.relations for arg in graph.relation_args(r.id)[:-1]
                if graph.relation_args(r.id)[-1] == table and r.relation in ("around", "in_front_of", "behind")}
    assert {a.id for a in graph.assets if a.category == "chair"} <= at_table
    on = {graph.relation_args(r.id)[0] for r in graph.relations if r.relation == "on_top_of"}
    assert {a.id for a in graph.assets if a.category == "plate"} <= on


def test_named_seats_are_not_doubled_and_unrelated_for_stays_reported() -> None:
    kinds = Counter(a.category for a in plan("A kitchen table for two with two stools.").assets)
    assert kinds["stool"] == 2 and kinds["chair"] == 0 and kinds["plate"] == 2
    assert plan("A shelf for 3 books.").unparsed  # no table: nothing to set, and said so


@pytest.mark.parametrize("prompt, obj, direction", [
    ("A grey sofa in front of the north wall, facing south.", "sofa_1", "south"),
    ("An armchair in the south-west corner, angled toward the center.", "armchair_1", "center"),
    ("A green armchair angled in the south-east corner.", "armchair_1", "center"),
    ("A desk against the west wall, turned east.", "desk_1", "east"),
    ("Two chairs facing the middle of the room.", "chair_2", "center"),
])
def test_orientation_words_become_facing_direction(prompt: str, obj: str, direction: str) -> None:
    graph = plan(prompt, complete=False)
    found = [(graph.relation_args(r.id), r.params.get("direction")) for r in graph.relations
             if r.relation == "facing_direction"]
    assert ((obj,), direction) in [(tuple(a), d) for a, d in found]
    assert not any(r.relation == "centered" for r in graph.relations)  # toward the centre, not in it
    assert graph.unparsed == []


def test_in_front_of_a_wall_stands_at_it() -> None:
    graph = plan("A grey sofa in front of the north wall, facing south.", complete=False)
    walls = [r.params.get("wall") for r in graph.relations if r.relation == "against_wall"]
    assert walls == ["north"]


@pytest.mark.parametrize("prompt, what, n", [
    ("Plates for four on the dining table, with a glass next to each plate.", "plate", 4),
    ("Plates for four on the dining table, with a glass next to each plate.", "glass", 4),
    ("Chairs for 8 around the long table.", "chair", 8),
    ("Cups for six on a round table.", "cup", 6),
])
def test_things_for_n_guests_are_n_things(prompt: str, what: str, n: int) -> None:
    assert Counter(a.category for a in plan(prompt).assets)[what] == n
    assert plan(prompt).unparsed == []


@pytest.mark.parametrize("prompt, layers", [
    ("Build a pyramid out of ten cardboard boxes.", [4, 3, 2, 1]),
    ("A pyramid of six crates.", [3, 2, 1]),
])
def test_a_pyramid_is_layers_each_on_the_one_below(prompt: str, layers: list[int]) -> None:
    graph = plan(prompt, complete=False)
    assert len(graph.assets) == sum(layers)
    rows = sorted((len(graph.relation_args(r.id)) for r in graph.relations if r.relation == "row"), reverse=True)
    assert rows == [n for n in layers if n > 1]
    on = [graph.relation_args(r.id) for r in graph.relations if r.relation == "on_top_of"]
    assert len(on) == sum(layers[1:])  # every box above the base rests on one below
    assert not any(r.relation == "stacked" for r in graph.relations)  # not a tower


@pytest.mark.parametrize("prompt, seat", [
    ("Set the square dining table for four. Put a chair on each side of it.", "chair"),
    ("A round table in the middle. Four stools are placed around it, one on each side.", "stool"),
])
def test_each_side_of_a_square_or_round_table_is_four_sides(prompt: str, seat: str) -> None:
    graph = plan(prompt, complete=False)
    placed = Counter(r.relation for r in graph.relations if r.relation in SIDES)
    assert placed == Counter({side: 1 for side in SIDES})
    assert Counter(a.category for a in graph.assets)[seat] == 4


def test_sides_stated_after_a_ring_replace_it() -> None:
    graph = plan("Six dining chairs around an oval table, three on each long side.", complete=False)
    assert not any(r.relation in ("around", "left_of", "right_of") for r in graph.relations)
    placed = Counter(r.relation for r in graph.relations if r.relation in SIDES)
    assert placed == Counter({"in_front_of": 3, "behind": 3})
