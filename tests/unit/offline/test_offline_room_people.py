"""Room requests by who they are for and how they look (rooms12): people the knowledge base
knows count a room's capacity ("a hostel dorm for eight hikers"); a one-off seat of another kind
("her rocking chair by the window", "a high chair for the baby") is not the seats a table brings;
a cluttered room keeps all its archetype's optional items and gets a style's clutter."""

from __future__ import annotations

import pytest

from setdresser.blender_addon.core.knowledge.archetypes import load_archetypes
from setdresser.blender_addon.core.offline import plan
from setdresser.blender_addon.core.offline.completion.capacity import capacity_of, counts_people
from setdresser.blender_addon.core.offline.reading.lexicon import Vocabulary
from setdresser.blender_addon.core.offline.reading.tokens import words_of
from planned import counts


@pytest.mark.parametrize("prompt, people", [
    ("a hostel dorm for eight hikers", 8),
    ("a dining hall for twenty pilgrims", 20),
    ("a waiting room for a dozen commuters", 12),
])
def test_people_the_knowledge_base_knows_count_the_capacity(prompt: str, people: int) -> None:
    capacity, used = capacity_of(words_of(prompt), Vocabulary(None), load_archetypes())
    assert capacity == people and "for" in used


@pytest.mark.parametrize("word, people", [("hikers", True), ("neighbours", True), ("guests", True),
                                          ("hiker", False), ("tables", False), ("metres", False)])
def test_only_plural_people_count(word: str, people: bool) -> None:
    assert counts_people(word, load_archetypes()) is people


def test_a_dorm_for_eight_hikers_has_bunks_for_eight() -> None:
    assert counts(plan("a hostel dorm for eight hikers"))["bunk bed"] == 4


def test_a_rocking_chair_by_the_window_leaves_the_table_its_chairs() -> None:
    count = counts(plan("a kitchen with a round table for four and a rocking chair by the window"))
    assert (count["table"], count["rocking chair"], count["chair"]) == (1, 1, 4)


def test_a_high_chair_for_the_baby_leaves_the_dining_table_its_chairs() -> None:
    count = counts(plan("a dining room for a family of five, with a high chair for the baby"))
    assert count["chair"] >= 5  # the family's chairs and the baby's high chair


def test_a_plain_chair_named_still_takes_the_tables_seats() -> None:
    assert counts(plan("a kitchen with a table and four chairs"))["chair"] == 4


def test_a_cluttered_room_has_more_than_a_plain_one() -> None:
    plain, cluttered = plan("an antique shop"), plan("a cluttered antique shop")
    assert len(cluttered.assets) >= len(plain.assets) + 6
    kinds = counts(cluttered)
    assert kinds["book"] >= 1 and kinds["painting"] >= 1 and kinds["basket"] >= 1

