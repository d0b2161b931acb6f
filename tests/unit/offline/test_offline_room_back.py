""""At the back of the hall", "benches at the back" of a room the text set as the scene: an indoor
scene noun is the room itself, so its back is the back wall (as "the back of the room" was)."""

from __future__ import annotations

import pytest
from planned import planned, triples


@pytest.mark.parametrize("prompt, thing", [
    ("benches at the back of the hall", "bench_1"),
    ("three plants along the back of the studio", "plant_1"),
    ("a hall with benches at the back", "bench_1"),
    ("a classroom with lockers at the back", "locker_1"),
])
def test_the_back_of_an_indoor_scene_is_its_back_wall(prompt: str, thing: str) -> None:
    assert ("against_wall", (thing,)) in triples(planned(prompt))


def test_an_outdoor_scene_has_no_back_wall() -> None:
    assert not any(rel == "against_wall" for rel, _ in triples(planned("a garden with a bench at the back")))
