"""What each one gets (issue 14 counts9): a giving verb with a distributive owner ("give every
desk a monitor and a keyboard", "give each of them a bed", "give the tables each a vase") gives
one set per owner; "Every kid gets a cupcake" after "a party for six kids" gives six, and the
kids, who are only the capacity, are no object."""

from __future__ import annotations

import pytest

from planned import kinds


@pytest.mark.parametrize("prompt, owner, items, n", [
    ("Put four desks in the room. Give each of them a lamp and a chair.", "desk", ("lamp", "chair"), 4),
    ("Put two rows of six desks in the lab, and give every desk a monitor and a keyboard.", "desk",
     ("monitor", "keyboard"), 12),
    ("Put three tables in a row and give the tables each a vase.", "table", ("vase",), 3),
    ("Line up five benches. Give them each a cushion.", "bench", ("cushion",), 5),
])
def test_a_giving_verb_gives_each_owner_its_own_set(prompt: str, owner: str, items: tuple[str, ...],
                                                    n: int) -> None:
    count = kinds(prompt)
    assert count[owner] == n
    assert all(count[item] == n for item in items), count


def test_a_giving_verb_without_an_owner_of_each_is_left_alone() -> None:
    count = kinds("Give the room a cosy feel with a grey sofa.")
    assert count["sofa"] == 1


@pytest.mark.parametrize("prompt, items, n, people", [
    ("Design a playroom for three children. Each child gets a beanbag and a toy box of their own.",
     ("beanbag", "toy box"), 3, "child"),
    ("It's a party for six kids at a long table. Every kid gets a cupcake, and a vase goes in the middle.",
     ("cupcake",), 6, "kid"),
    ("We need a dorm room for two students. Give each of them a bed, a desk and a wardrobe.",
     ("bed", "desk", "wardrobe"), 2, "student"),
    ("An office for four people. Each person gets a desk and a lamp.", ("desk", "lamp"), 4, "person"),
])
def test_what_each_of_the_stated_people_gets_is_counted_by_the_capacity(prompt: str, items: tuple[str, ...],
                                                                        n: int, people: str) -> None:
    count = kinds(prompt)
    assert all(count[item] == n for item in items), count
    assert count[people] == 0


def test_a_clause_of_its_own_after_the_list_keeps_its_count() -> None:
    count = kinds("It's a party for six kids at a long table. Every kid gets a cupcake, and a vase goes in the middle.")
    assert count["vase"] == 1


def test_each_of_them_after_objects_named_since_the_people_means_the_objects() -> None:
    count = kinds("A classroom for 20 students with four tables. Each of them gets a vase.")
    assert count["vase"] == 4
