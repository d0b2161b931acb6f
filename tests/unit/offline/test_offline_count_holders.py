"""Things that hold several people, counted by a room's capacity (issue 14 counts9): "a kids'
room with bunk beds for four kids" has two bunk beds (a bunk bed sleeps two: the knowledge
base's ``people``), "a cabin that sleeps eight, with bunk beds" four, "a picnic area for twelve
with picnic tables" two; a counted plural keeps its number."""

from __future__ import annotations

import pytest

from setdresser.blender_addon.core.knowledge.objects import load_knowledge
from planned import kinds


def test_the_knowledge_base_says_how_many_people_one_holds() -> None:
    kb = load_knowledge()
    assert kb.lookup("bunk bed").people == 2 and kb.lookup("picnic table").people == 6
    assert kb.lookup("desk").people is None


@pytest.mark.parametrize("prompt, thing, n", [
    ("a kids' room with bunk beds for four kids", "bunk bed", 2),
    ("A summer camp cabin that sleeps eight, with bunk beds against the walls", "bunk bed", 4),
    ("a kids' room with bunk beds and a desk for three kids", "bunk bed", 2),
    ("a campsite for six people with tents around a campfire", "tent", 3),
])
def test_an_uncounted_plural_of_a_holder_is_as_many_as_the_capacity_needs(prompt: str, thing: str, n: int) -> None:
    assert kinds(prompt)[thing] == n


@pytest.mark.parametrize("prompt, thing, n", [
    ("a kids' room for four kids with three bunk beds", "bunk bed", 3),
    ("a campsite for six people with a few tents", "tent", 3),
    ("a kids' room with bunk beds", "bunk bed", 1),
])
def test_a_counted_holder_or_one_without_a_capacity_keeps_its_number(prompt: str, thing: str, n: int) -> None:
    assert kinds(prompt)[thing] == n
