"""Whom a place is for (issue 14, dev set instr8): "a stool in front of the west wall for the
model", "a sofa along the east wall for the band" name no model or band to place (they were grey
boxes): the phrase after "for" is reported, as after a thing's own name ("a sofa for the band")."""

from __future__ import annotations

import pytest

from setdresser.blender_addon.core.offline import plan


@pytest.mark.parametrize("prompt, want", [
    ("Put a stool in front of the west wall for the model.", ["stool"]),
    ("Add a sofa along the east wall for the band.", ["sofa"]),
    ("Put a bowl on the floor for the cat.", ["bowl"]),
    ("A sofa for the band along the east wall.", ["sofa"]),
])
def test_a_phrase_after_for_is_no_thing_to_place(prompt: str, want: list[str]) -> None:
    graph = plan(prompt, complete=False)
    assert sorted(a.category for a in graph.assets) == want
    assert any("the " in u for u in graph.unparsed), "reported as not understood"


def test_one_for_each_still_shares_out() -> None:
    graph = plan("Six plates, one for each chair.", complete=False)
    assert sorted({a.category for a in graph.assets}) == ["chair", "plate"]
