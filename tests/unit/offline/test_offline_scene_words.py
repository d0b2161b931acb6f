"""Words that name the occasion or the place, never a thing in it (issue 14 counts9, universal
check "no labelled grey boxes"): "a sleepover", "a wedding ceremony" are events (their props
stand for them), "outdoor" describes the setting, "the promenade" is the outdoor ground."""

from __future__ import annotations

import pytest

from setdresser.blender_addon.core.offline import plan


@pytest.mark.parametrize("prompt, kept, gone", [
    ("We're having a sleepover for five kids in the living room. Lay five sleeping bags in a row.",
     "sleeping bag", "sleepover"),
    ("a wedding ceremony with an altar", "altar", "ceremony"),
    ("Set up an outdoor wedding ceremony. The altar stands at the north end of the lawn.", "altar", "outdoor"),
    ("Put ten bikes in two rows of five on the promenade.", "bike", "promenade"),
])
def test_an_event_a_setting_word_or_the_ground_is_no_object(prompt: str, kept: str, gone: str) -> None:
    graph = plan(prompt)
    categories = {a.category for a in graph.assets}
    assert kept in categories and not any(gone in c for c in categories), categories
    assert graph.room is not None and graph.room["setting"]["kind"] in ("indoor", "outdoor")


def test_an_outdoor_thing_keeps_its_name() -> None:
    assert {"table", "chair"} <= {a.category for a in plan("an outdoor table with four chairs").assets}
