"""An occasion held in a place (issue 14, paper12): "a science fair in a school gym", "a flea market in
an old warehouse", "a picnic in the living room". The first scene the text names is an outdoor one with
no walls of its own; said to be *in* an indoor scene it happens inside that one: the room sets the setting
and, when it has an archetype, furnishes the scene (no market stalls in the gym). An outdoor place said
to be in another outdoor one, or an indoor place in an outdoor one, reads as before."""

from __future__ import annotations

import pytest

from planned import kinds

from setdresser.blender_addon.core.offline import plan


def setting(prompt: str) -> str:
    return plan(prompt, complete=True).room["setting"]["kind"]


@pytest.mark.parametrize("prompt", [
    "A science fair in a school gym with ten folding tables",
    "A flea market in an old warehouse with six stalls",
    "A picnic in the living room with a blanket and a basket",
    "A craft fair inside the village hall, with eight tables",
])
def test_an_outdoor_occasion_held_in_a_room_is_indoors(prompt: str) -> None:
    assert setting(prompt) == "indoor"


@pytest.mark.parametrize("prompt", [
    "A christmas market in the town square with four stalls",
    "A picnic in the park with a blanket",
    "A market in front of the old church with four stalls",
])
def test_an_outdoor_scene_in_or_by_an_outdoor_place_stays_outdoors(prompt: str) -> None:
    assert setting(prompt) == "outdoor"


def test_the_room_it_is_held_in_furnishes_it() -> None:
    found = kinds("A science fair in a school gym: two rows of four folding tables and a poster board on each table")
    assert found["folding table"] == 8 and found["poster board"] == 8
    assert not {"market stall", "crate", "fruit basket", "apple"} & set(found)
