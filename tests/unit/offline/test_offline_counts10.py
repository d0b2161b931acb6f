"""Counts said across a phrase or a sentence (issue 14, class "count", dev set counts10): "the
same number of X" with no "as Y" is the count said just before; a share said in a sentence of its
own ("... the north and south walls. There are three on each.") is the sentence before's share."""

from __future__ import annotations

import pytest

from setdresser.blender_addon.core.offline import plan
from planned import heads


@pytest.mark.parametrize("prompt, head, count", [
    ("A music room with twelve music stands in a semicircle, the same number of chairs, and a piano.", "chair", 12),
    ("Put three chairs in a row, with the same number of mirrors on the wall in front of them.", "mirror", 3),
    ("Twelve plates and as many glasses on the table.", "glass", 12),
    ("Five desks and as many chairs as desks.", "chair", 5),
])
def test_the_same_number_of_is_the_count_said_before(prompt: str, head: str, count: int) -> None:
    found = heads(prompt)
    assert found[head] == count and found["number"] == 0


@pytest.mark.parametrize("prompt, head, count", [
    ("Bookcases line the north and south walls. There are three on each. Put four tables in the middle.",
     "bookcase", 6),
    ("Chairs go down both sides of the table. Four on each side.", "chair", 8),
    ("Hang paintings on the east and west walls. Two of them on each wall.", "painting", 4),
])
def test_a_share_said_in_the_next_sentence_is_a_share_of_the_sentence_before(prompt: str, head: str,
                                                                              count: int) -> None:
    assert heads(prompt)[head] == count


def test_a_sentence_with_its_own_things_is_not_a_share() -> None:
    found = heads("Put a sofa against the wall. Two lamps on each side table.")
    assert found["sofa"] == 1 and found["lamp"] >= 2


@pytest.mark.parametrize("prompt, head, count", [
    ("Set out six bistro tables. Every other table gets a parasol.", "parasol", 3),
    ("Six tables, a parasol on every other table.", "parasol", 3),
    ("A row of eight posts with a lantern on every second post.", "lantern", 4),
    ("Six tables. Every table gets a candle.", "candle", 6),
])
def test_every_other_one_is_every_second_one_of_them(prompt: str, head: str, count: int) -> None:
    assert heads(prompt)[head] == count


@pytest.mark.parametrize("prompt, head, count", [
    ("A lobby. In two of the corners there's a tall potted palm.", "palm", 2),
    ("A lobby. There's a potted palm in two of the corners.", "palm", 2),
    ("Hang mirrors on three of the four walls.", "mirror", 3),
])
def test_some_of_the_places_are_that_many_places(prompt: str, head: str, count: int) -> None:
    assert heads(prompt)[head] == count


def test_tables_the_user_counted_are_all_the_shops_tables() -> None:
    """"A bakery with three round tables": no display table besides; "a few cafe tables" (no
    exact number) leave the shop its display table."""
    counted = plan("A little bakery. Three round tables sit near the window, with two chairs at each.")
    assert sum(a.category.endswith("table") for a in counted.assets) == 3
    assert any(a.category == "display table" for a in plan("a little bakery with a few cafe tables").assets)


@pytest.mark.parametrize("prompt, head, count", [
    ("A long table. Eight kids will sit there, four on each long side. Give each kid a plate and a cup.", "plate", 8),
    ("Two armchairs will face the fireplace.", "armchair", 2),
])
def test_a_modal_before_a_verb_is_no_part_of_the_noun(prompt: str, head: str, count: int) -> None:
    found = plan(prompt, complete=False).assets
    assert heads(prompt)[head] == count and not any("will" in a.category for a in found)


@pytest.mark.parametrize("prompt, head, count", [
    ("A beach day for three families. Each family brings two loungers and a cooler.", "lounger", 6),
    ("A beach day for three families. Each family brings two loungers and a cooler.", "cooler", 3),
    ("A campsite for four families. Each family gets a tent and two camping chairs.", "chair", 8),
])
def test_what_each_of_the_people_gets_is_counted_per_person(prompt: str, head: str, count: int) -> None:
    assert heads(prompt)[head] == count


def walls_of(prompt: str) -> set[str]:
    """The walls the plan hangs things on."""
    graph = plan(prompt, complete=False)
    return {r.params.get("wall") for r in graph.relations if r.relation == "on_wall"}


@pytest.mark.parametrize("prompt, wall", [
    ("A sofa against the east wall. Hang a painting on that wall.", "east"),
    ("Put three chairs facing the west wall, with a mirror on the same wall.", "west"),
    ("Put three chairs facing the west wall, with three mirrors hung on that wall.", "west"),
])
def test_that_wall_is_the_wall_named_last(prompt: str, wall: str) -> None:
    assert walls_of(prompt) == {wall}
