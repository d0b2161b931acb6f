"""Counts over named walls, sides and people (issue 14, class "count", dev set counts8):
walls named together ("the east and west walls") are those walls, never an object called
"east", and "N on each (wall) / per wall" counts N at each of them; "N on each side" of things
named before is N a side; "a chair for each of the four desks" is four chairs; things said per
person of a stated capacity take its count; a named room's counted people ("an office for 4
employees") say how many, not what room."""

from __future__ import annotations

from collections import Counter

import pytest

from setdresser.blender_addon.core.offline import plan
from planned import heads


def walls_of(prompt: str, head: str) -> Counter:
    """How many of ``head`` the plan puts at each wall."""
    graph = plan(prompt, complete=False)
    ids = {a.id for a in graph.assets if a.category.split()[-1] == head}
    by_id = {r.id: r for r in graph.relations}
    found: Counter = Counter()
    for edge in graph.edges:
        rel = by_id[edge.relation]
        if edge.asset in ids and rel.relation in ("against_wall", "on_wall"):
            found[rel.params["wall"]] += 1
    return found


@pytest.mark.parametrize("prompt, head, walls", [
    ("bookcases along the east and west walls, three on each wall", "bookcase", {"east": 3, "west": 3}),
    ("three bookcases on each of the east and west walls", "bookcase", {"east": 3, "west": 3}),
    ("Framed pictures on the north and south walls, two on each.", "picture", {"north": 2, "south": 2}),
    ("lockers on the north and south walls, five per wall", "locker", {"north": 5, "south": 5}),
    ("a clock on both the east and west walls", "clock", {"east": 1, "west": 1}),
])
def test_walls_named_together_take_their_count_each(prompt: str, head: str, walls: dict[str, int]) -> None:
    assert walls_of(prompt, head) == walls
    assert not {"east", "west", "north", "south"} & set(heads(prompt))  # no object called "east"


def test_paintings_on_two_named_walls_go_on_those_walls() -> None:
    assert set(walls_of("paintings on the north and south walls", "painting")) == {"north", "south"}


@pytest.mark.parametrize("prompt, head, count", [
    ("wooden pews, four on each side of the aisle", "pew", 8),
    ("a long table with chairs, three on each side", "chair", 6),
    ("a long table with eight chairs, three on each side", "chair", 8),  # counted: shared out as they are
])
def test_a_bare_count_on_each_side_is_that_many_a_side(prompt: str, head: str, count: int) -> None:
    assert heads(prompt)[head] == count


@pytest.mark.parametrize("prompt, head, count", [
    ("four desks in the middle and a chair for each of the four desks", "chair", 4),
    ("two beds and a lamp for each of the two beds", "lamp", 2),
])
def test_for_each_of_the_n_things_is_one_each(prompt: str, head: str, count: int) -> None:
    assert heads(prompt)[head] == count
    assert plan(prompt, complete=False).unparsed == []


@pytest.mark.parametrize("prompt, head, count", [
    ("a nursery for three toddlers, with a crib for each", "crib", 3),
    ("a card room for six players: one big table and one chair per person", "chair", 6),
    ("a games room for 5 kids with a beanbag for each kid", "beanbag", 5),
    ("Set up a dining room for 6 guests. I want enough chairs for everyone around one table.", "chair", 6),
])
def test_things_per_person_take_the_stated_capacity(prompt: str, head: str, count: int) -> None:
    assert heads(prompt)[head] == count
    assert "enough" not in " ".join(a.category for a in plan(prompt, complete=False).assets)


def test_two_desks_and_a_lamp_for_each_are_the_desks_lamps() -> None:
    assert heads("a classroom for 20 kids, two desks and a lamp for each")["lamp"] == 2


def test_counted_people_of_a_named_room_say_how_many_not_what_room() -> None:
    office = Counter(a.category.split()[-1] for a in plan("an office for 4 employees").assets)
    assert office["desk"] == 4
    assert office["refrigerator"] == 0  # not a staff room


@pytest.mark.parametrize("prompt, count", [
    ("Place a long rectangular dining table in the center. Put a chair on every side.", 4),
    ("a long dining table with a chair on every side", 4),
    ("a square card table in the middle with a chair on every side", 4),
    ("a dining table with a chair on each side", 2),  # each side of a long table: its two long sides
])
def test_a_chair_on_every_side_of_a_table_is_on_all_four(prompt: str, count: int) -> None:
    assert heads(prompt)["chair"] == count


@pytest.mark.parametrize("prompt, head, walls", [
    ("a wardrobe against both long walls", "wardrobe", {"long": 1, "long_other": 1}),
    ("lockers along both long walls, five per wall", "locker", {"long": 5, "long_other": 5}),
    ("a bookcase on each of the two side walls", "bookcase", {"west": 1, "east": 1}),
    ("bookcases along both side walls, two on each", "bookcase", {"west": 2, "east": 2}),
])
def test_both_long_walls_and_the_side_walls_are_two_walls(prompt: str, head: str, walls: dict[str, int]) -> None:
    assert walls_of(prompt, head) == walls


def test_both_long_walls_become_opposite_sides_in_the_program() -> None:
    from setdresser.blender_addon.core.stage_set import offline_code, offline_plan

    script = offline_code(offline_plan("a wardrobe against both long walls", complete=False, seed=0)).script
    assert "long_other" not in script and "'north'" in script.replace('"', "'") and "'south'" in script.replace(
        '"', "'")


@pytest.mark.parametrize("prompt, head, count", [
    ("Put five desks in a row along the west wall. Add as many chairs as desks.", "chair", 5),
    ("three beds and as many nightstands as beds", "nightstand", 3),
    ("Place a sofa against the south wall. Add two floor lamps next to it. Actually, double the number of lamps.",
     "lamp", 4),
    ("Put four plates on the table. Double the number of plates.", "plate", 8),
])
def test_counts_said_by_comparison(prompt: str, head: str, count: int) -> None:
    assert heads(prompt)[head] == count
    assert plan(prompt, complete=False).unparsed == []
