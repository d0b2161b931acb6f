"""Each of a thing's surfaces (issue 14 counts7): "a book on each shelf" of a bookshelf is one book
on every shelf the bookshelf has (its knowledge-base surfaces, lowest first), "two books on every
shelf" two a shelf; "the second shelf" and "the top shelf" stay one shelf, and shelves the text
made objects of ("three shelves and a book on each shelf") are those objects."""

from __future__ import annotations

from collections import Counter

import pytest

from setdresser.blender_addon.core.offline import plan


def on_shelves(prompt: str, thing: str) -> Counter[str]:
    """How many things of that category the plan stands on each surface."""
    graph = plan(prompt, complete=False)
    kind = {a.id: a.category for a in graph.assets}
    return Counter(str(r.params.get("surface")) for r in graph.relations
                   if r.relation == "on_top_of" and kind[graph.relation_args(r.id)[0]] == thing)


@pytest.mark.parametrize("prompt, thing, per", [
    ("A bookshelf with a book on each shelf.", "book", 1),
    ("A bookshelf against the wall. Put a plant on each shelf.", "plant", 1),
    ("A bookshelf with two books on every shelf.", "book", 2),
])
def test_a_thing_on_each_shelf_is_on_every_shelf(prompt: str, thing: str, per: int) -> None:
    found = on_shelves(prompt, thing)
    assert len(found) >= 3 and set(found.values()) == {per}, found
    assert all(name.startswith("shelf") for name in found)


@pytest.mark.parametrize("prompt, surface", [
    ("A bookshelf with a book on the second shelf.", "shelf_2"),
    ("A bookshelf with a vase on the lowest shelf.", "shelf_1"),
])
def test_one_named_shelf_stays_one(prompt: str, surface: str) -> None:
    assert on_shelves(prompt, prompt.split(" a ")[1].split()[0]) == {surface: 1}


def test_shelves_the_text_made_objects_are_those_objects() -> None:
    graph = plan("A bookcase with three shelves and a book on each shelf.", complete=False)
    assert Counter(a.category for a in graph.assets)["book"] == 3
