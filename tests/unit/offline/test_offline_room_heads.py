"""Places named by a room noun no archetype is called (rooms12): the room nouns with a default
archetype are scene nouns ("a town council chamber", "a cooking class"), a scene word before one
only says where ("town"), and of the words before the noun the one next to it says most what the
room is for ("the school *nurse's* office" is the nurse's room, not a classroom)."""

from __future__ import annotations

import pytest

from setdresser.blender_addon.core.knowledge.archetypes import load_archetypes
from setdresser.blender_addon.core.offline import plan
from setdresser.blender_addon.core.offline.completion.room_type import find_room
from setdresser.blender_addon.core.offline.planner import read_prompt
from setdresser.blender_addon.core.offline.reading.lexicon import Vocabulary
from setdresser.blender_addon.core.offline.reading.tokens import words_of


def room_of(prompt: str) -> str | None:
    vocab = Vocabulary(None)
    world, _ = read_prompt(prompt, vocab)
    found = find_room(world, load_archetypes(), words_of(prompt))
    return found.id if found is not None else None


@pytest.mark.parametrize("prompt, room", [
    ("the school nurse's office", "exam_room"),
    ("a town council chamber with a long table", "conference_room"),
    ("a cooking class for eight people", "kitchen"),
    ("a mountain hut for eight hikers", "dormitory"),
])
def test_the_nearest_archetype_by_what_the_place_is_for(prompt: str, room: str) -> None:
    assert room_of(prompt) == room


def test_a_town_before_a_room_noun_only_says_where() -> None:
    graph = plan("a town council chamber with a horseshoe of desks")
    assert graph.room["setting"]["kind"] == "indoor"
    assert not {"house", "road", "well"} & {a.category for a in graph.assets}


def test_a_cooking_class_is_a_kitchen_not_nothing() -> None:
    kinds = {a.category for a in plan("a cooking class for eight people").assets}
    assert {"stove", "sink"} <= kinds


def test_a_mountain_hut_has_no_mountain_inside() -> None:
    assert "mountain" not in {a.category for a in plan("a mountain hut for eight hikers").assets}
