""""They" / "them" in a later sentence after a subject of things joined by "and" is all of them (multi15):
"Put a sofa and two armchairs in the room. They face the fireplace." turns the sofa too (was only the
armchairs, the last group of several named)."""

from __future__ import annotations

from planned import plan_triples


def test_they_after_a_joined_subject_is_every_thing_of_it() -> None:
    found = plan_triples("Put a sofa and two armchairs in the room. They face the fireplace.")
    assert {("facing", (i, "fireplace_1")) for i in ("sofa_1", "armchair_1", "armchair_2")} <= found


def test_them_of_two_single_things_joined_is_both() -> None:
    found = plan_triples("A desk and a chair stand by the window. Between them, put a plant.")
    assert ("between", ("plant_1", "desk_1", "chair_1")) in found
