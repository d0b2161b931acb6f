"""A holder named by what it holds is one object (issue 14): "a rack of clothes" is a clothes rack, "a
rack of dumbbells" a dumbbell rack, when the catalog has no model of the contents but knows the
compound name; a holder of things it has models for still holds them ("a crate of apples")."""

from __future__ import annotations

import pytest

from setdresser.blender_addon.core.offline import plan


@pytest.mark.parametrize("prompt, category", [
    ("a small boutique with a rack of clothes beside a full-length mirror", "clothes rack"),
    ("Next to the treadmill, a rack of dumbbells.", "dumbbell rack"),
    ("a box of toys in the corner", "toy box"),
])
def test_a_holder_named_by_contents_the_catalog_lacks_is_the_compound_object(prompt: str, category: str) -> None:
    categories = [a.category for a in plan(prompt, complete=False).assets]
    assert category in categories
    assert not {"rack", "clothe", "dumbbell", "box", "toy"} & set(categories)


def test_a_holder_of_modelled_things_still_holds_them() -> None:
    graph = plan("a crate of apples by the door", complete=False)
    assert sorted({a.category for a in graph.assets}) == ["apple", "crate"]
