"""Issue 14: a thing that stands on a floor or a surface, said to hang or be "over"/"above"
another thing with no wall named for it, hangs from the ceiling (a ceiling lamp on its cord)
instead of becoming a wall lamp with no wall or a floor lamp floating over the table."""

from __future__ import annotations

import pytest

from setdresser.blender_addon.core.offline import plan


def _mounts(prompt: str) -> dict[str, tuple[str, str | None]]:
    return {a.id: (a.category, a.mount) for a in plan(prompt, complete=False).assets}


@pytest.mark.parametrize("prompt, thing", [
    ("Put a dining table in the middle of the room. Hang a lamp over the table.", "lamp_1"),
    ("a dining table with a lamp over it", "lamp_1"),
    ("Hang a lamp above the kitchen island.", "lamp_1"),
    ("a fan above the bed", "fan_1"),
])
def test_a_standing_thing_over_another_hangs_from_the_ceiling(prompt: str, thing: str) -> None:
    category, mount = _mounts(prompt)[thing]
    assert mount == "ceiling", (category, mount)
    assert category.startswith("ceiling"), category


@pytest.mark.parametrize("prompt, thing, mount", [
    ("Hang a lamp on the wall above the desk.", "lamp_1", "wall"),  # the wall is named
    ("a lamp on a shelf above the desk", "lamp_1", None),  # it rests on the shelf
    ("a painting over the sofa", "painting_1", None),  # hung on a wall by the knowledge base
    ("a park with a lamp over the bench", "lamp_1", None),  # no ceiling outdoors
])
def test_what_has_a_wall_a_support_or_no_ceiling_does_not(prompt: str, thing: str, mount: str | None) -> None:
    assert _mounts(prompt)[thing][1] == mount
