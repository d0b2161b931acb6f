"""The back of a room is across from its front (issue 14, paper11): "a courtroom with the judge's desk on
a raised platform against the north wall and three benches at the back of the room" put the benches
against the north wall too (the far wall was the one facing the camera, or across from a door): the
front is the wall a stage, a board or a screen (or what stands on a stage) is set at."""

from __future__ import annotations

import pytest

from setdresser.blender_addon.core.offline import plan


def walls(prompt: str) -> dict[str, str]:
    graph = plan(prompt, complete=False)
    first = {e.relation: e.asset for e in graph.edges if e.role == 0}
    return {first[r.id]: r.params["wall"] for r in graph.relations
            if r.relation in ("against_wall", "on_wall") and r.id in first}


@pytest.mark.parametrize("prompt, front, back, wall", [
    ("A courtroom with the judge's desk on a raised platform against the north wall and three benches at the back "
     "of the room", "judge_desk_1", "bench_1", "south"),
    ("a classroom with a whiteboard on the north wall, six desks in two rows and a bookcase at the back of the room",
     "whiteboard_1", "bookcase_1", "south"),
    ("a hall with a stage against the east wall and a bar at the far end of the room", "stage_1", "bar_1", "west"),
])
def test_the_back_of_the_room_is_across_from_its_front(prompt: str, front: str, back: str, wall: str) -> None:
    found = walls(prompt)
    assert found[back] == wall and found[front] != wall


def test_a_room_with_no_front_keeps_its_back_wall() -> None:
    assert walls("a room with a sofa and a bookcase at the back of the room")["bookcase_1"] == "north"
