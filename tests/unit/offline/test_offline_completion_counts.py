"""Room completion never adds to what the user counted (issue 14): an archetype item that a
reader would call by the same noun as a thing the user named is left out (head noun, the
knowledge base's ``counted_as`` noun, a role word: a teacher's or tutor's desk is a desk); the
user's several tables take the place of a classroom's rows of desks; the contents an item
brings ("a basket of toys") are not more of the user's kind; "just", "only", "nothing else"
mean no completion at all."""

from __future__ import annotations

from functools import partial


import pytest

from setdresser.blender_addon.core.knowledge.archetypes import parse_archetypes
from setdresser.blender_addon.core.knowledge.objects import load_knowledge
from setdresser.blender_addon.core.offline import plan
from setdresser.blender_addon.core.offline.completion.only_named import only_named
from planned import heads, kinds


heads_completed = partial(heads, complete=True)


@pytest.mark.parametrize("prompt, expected", [
    ("a bedroom: just a bed and a wardrobe, nothing else", {"bed", "wardrobe"}),
    ("a bathroom with only a bathtub and a sink", {"bathtub", "sink"}),
    ("Kitchen with a table and two chairs. That's all.", {"table", "chair"}),
    ("a study with a desk and an office chair and no other furniture", {"desk", "office chair"}),
    ("a living room with a sofa and a TV only", {"sofa", "tv"}),
])
def test_only_the_named_objects_when_the_text_says_so(prompt: str, expected: set[str]) -> None:
    graph = plan(prompt)
    assert {a.category for a in graph.assets} == expected
    assert graph.unparsed == []  # "just", "only", "nothing else" were read, not left over


@pytest.mark.parametrize("prompt", [
    "a home gym with a treadmill and only one bench",  # counts the benches, not the room
    "a bedroom with a lamp just a metre from the bed",  # a measure
    "a bar for adults only",  # the people it is for
    "a living room with a floor lamp just behind the sofa",
])
def test_only_and_just_that_do_not_close_the_room(prompt: str) -> None:
    assert only_named(prompt)[1] is False
    assert len(plan(prompt).assets) >= 5


def test_only_one_of_a_kind_still_furnishes_the_room() -> None:
    found = kinds("a home gym with a treadmill and only one bench")
    assert found["bench"] == 1 and found["treadmill"] == 1 and sum(found.values()) >= 4


def test_a_named_board_replaces_the_archetypes_board_and_counted_desks_are_all_the_desks() -> None:
    found = heads_completed("a classroom with a whiteboard and twelve desks")
    assert found["whiteboard"] == 1 and found["blackboard"] == 0  # one board: the user's
    assert found["desk"] == 12  # no teacher's desk besides the twelve
    assert found["chair"] == 12  # no chair behind a teacher's desk that is not there


def test_a_tutors_desk_is_the_classrooms_teachers_desk() -> None:
    assert heads_completed("a tutoring room: the tutor's desk faces two student desks")["desk"] == 3


def test_the_teachers_desk_named_with_rows_of_desks_is_the_one_teachers_desk() -> None:
    found = kinds("classroom: the teacher's desk faces 4 rows of 5 desks")
    assert found["teacher desk"] == 1 and found["desk"] == 20


def test_named_toys_replace_the_playrooms_toys_and_its_basket_brings_none() -> None:
    found = kinds("a playroom with a dollhouse, some building blocks and a rug")
    assert found["dollhouse"] == 1 and found["building block"] == 3
    assert found["toy"] == 0 and found["teddy bear"] == 0
    assert found["rug"] == 1 and found["toy chest"] == 1  # still a furnished playroom


def test_several_tables_take_the_place_of_an_exam_halls_rows_of_desks() -> None:
    found = kinds("an exam hall with nine tables in three rows")
    assert found["table"] == 9 and found["desk"] == 0
    assert found["chair"] >= 9  # the tables are sat at


def test_a_single_named_table_leaves_an_offices_desks() -> None:
    assert heads_completed("an office with a small table for meetings")["desk"] >= 1


def test_the_knowledge_base_says_what_a_reader_counts_things_as() -> None:
    kb = load_knowledge()
    assert kb.lookup("chalkboard").counted_as == kb.lookup("whiteboard").counted_as == "board"
    assert kb.lookup("teddy bear").counted_as == "toy"
    assert kb.lookup("building block").category == "building blocks"
    assert kb.lookup("sofa").counted_as is None


def test_only_named_words_are_validated() -> None:
    base = {"schema": "setdresser.archetypes/1", "archetypes": [
        {"id": "den", "names": ["den"], "setting": "indoor", "size": {"min": [3, 3], "max": [4, 4]},
         "capacity": 1, "zones": {"main": [{"object": "sofa", "text": "A sofa."}]}}]}
    book = parse_archetypes({**base, "only_named": {"words": ["only"], "phrases": ["nothing else"]}})
    assert book.only_named.words == {"only"} and book.only_named.phrases == ("nothing else",)
    with pytest.raises(ValueError, match="only_named.phrases"):
        parse_archetypes({**base, "only_named": {"phrases": "nothing else"}})
    assert only_named("a den with a sofa, nothing else", book) == ("a den with a sofa", True)
