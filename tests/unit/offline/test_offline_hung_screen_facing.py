"""A TV hung on a named wall faces off that wall: the common sense "the TV faces the seats" is not
inferred for it (it pulled the TV off its wall toward the sofa); a TV the text does not hang still
turns to the seats, and the seats still face the TV either way."""

from __future__ import annotations

import pytest

from setdresser.blender_addon.core.offline import plan


def _facing(prompt: str) -> set[tuple[str, ...]]:
    graph = plan(prompt, complete=False)
    return {args for relation, args in graph.triples() if relation == "facing"}


@pytest.mark.parametrize("prompt", [
    "A living room with a sofa and a TV on the west wall.",
    "The TV hangs on the north wall. A sofa stands in the middle of the room.",
    "Hang a television on the east wall of the den, with a couch in front of it.",
])
def test_a_tv_on_a_wall_is_not_turned_to_the_seats(prompt: str) -> None:
    facing = _facing(prompt)
    assert not any(args[0].startswith(("tv", "television")) for args in facing), facing
    assert any(args[1].startswith(("tv", "television")) for args in facing), facing  # the seats face it


def test_a_tv_on_a_stand_still_faces_the_seats() -> None:
    facing = _facing("A living room with a sofa and a TV on a TV stand.")
    assert ("tv_1", "sofa_1") in facing
