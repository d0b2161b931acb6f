"""Counts said a side (issue 14 counts9): the sides of a room are its side walls ("three chairs
on each side of the room": six, three against each); "each long wall" is both long walls; a
counted share after an uncounted plural lining the same anchor says how many those are
("chairs on either side of the path, five on each side": ten, not sixteen); "a banquet table for
fourteen guests, seven down each side" seats its guests seven a side, and "a glass at every
place" after "seven chairs down each side" is fourteen glasses."""

from __future__ import annotations

from collections import Counter

import pytest

from setdresser.blender_addon.core.offline import plan
from planned import counts, wall_counts


@pytest.mark.parametrize("prompt, thing, n", [
    ("three chairs on each side of the room", "chair", 6),
    ("Put five lockers on each side wall.", "locker", 10),
    ("three chairs along each long wall", "chair", 6),
    ("pews on either side of the church, four on each side", "pew", 8),
    ("benches along both sides of the hall, two on each side", "bench", 4),
])
def test_the_sides_of_a_room_are_its_two_side_walls(prompt: str, thing: str, n: int) -> None:
    graph = plan(prompt, complete=False)
    assert counts(graph)[thing] == n
    walls = wall_counts(graph, thing)
    assert len(walls) == 2 and set(walls.values()) == {n // 2}, walls


def test_the_sides_of_a_table_and_every_wall_keep_their_reading() -> None:
    assert counts(plan("three chairs on each side of the table", complete=False))["chair"] == 6
    assert counts(plan("a painting on each wall", complete=False))["painting"] == 4


@pytest.mark.parametrize("prompt, thing, n", [
    ("a path with chairs on either side of it, five on each side", "chair", 10),
    ("a path with benches on both sides, three on each side", "bench", 6),
    ("a long table with chairs on each side, four on each side", "chair", 8),
    ("a bed with lamps on either side, one on each side", "lamp", 2),
])
def test_a_counted_share_restates_an_uncounted_plural_on_the_same_sides(prompt: str, thing: str, n: int) -> None:
    assert counts(plan(prompt, complete=False))[thing] == n


@pytest.mark.parametrize("prompt, n", [
    ("a long table with chairs on each side and one at each end", 10),
    ("a long table with four chairs down each side and one at each end", 10),
])
def test_more_at_the_ends_are_more(prompt: str, n: int) -> None:
    assert counts(plan(prompt, complete=False))["chair"] == n


@pytest.mark.parametrize("prompt, chairs, a_side", [
    ("A long banquet table for fourteen guests, seven down each side.", 14, 7),
    ("a dining table for eight, four on each side", 8, 4),
])
def test_a_table_for_its_guests_so_many_a_side(prompt: str, chairs: int, a_side: int) -> None:
    graph = plan(prompt)
    names = {a.id: a.category for a in graph.assets}
    sides = Counter(r.relation for r in graph.relations if r.relation in ("in_front_of", "behind")
                    and names.get(graph.relation_args(r.id)[0]) == "chair")
    assert counts(graph)["chair"] == chairs and sorted(sides.values()) == [a_side, a_side], sides


def test_a_thing_at_every_place_counts_both_sides_of_seats() -> None:
    graph = plan("A long banquet table for fourteen guests, seven down each side, with a wine glass at every place.")
    assert counts(graph)["wine glass"] == 14
    assert counts(plan("a long table with four chairs down each side and a plate at every place"))["plate"] == 8
