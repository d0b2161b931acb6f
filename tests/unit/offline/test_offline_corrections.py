"""Sentences that change earlier ones (issue 14): a correction of a count ("Actually, make it
two paintings.", "No wait, just one lamp."), a colour said in a later sentence ("Make the crib
white.", "They should all be red.", "Both chairs should be green." of armchairs) and "the
former" / "the latter"."""

from __future__ import annotations

import pytest
from planned import counts, planned


@pytest.mark.parametrize("prompt, category, n", [
    ("Hang a painting on the north wall. Actually, make it two paintings.", "painting", 2),
    ("Put three chairs along the south wall. Actually, make that four.", "chair", 4),
    ("Place a desk against the north wall. Put two lamps on it. No wait, just one lamp.", "lamp", 1),
    ("Add four plants by the window. Sorry, I meant 3 plants.", "plant", 3),
    ("Put a stool at the counter. Oh, make it three stools.", "stool", 3),
])
def test_a_correction_changes_the_count_said_before(prompt: str, category: str, n: int) -> None:
    graph = planned(prompt)
    assert counts(graph)[category] == n
    assert graph.unparsed == []


def test_a_corrected_count_keeps_the_relation_of_the_sentence_it_corrects() -> None:
    graph = planned("Put three chairs along the south wall. Actually, make that four.")
    walls = [args for name, args in graph.triples() if name == "against_wall"]
    assert len(walls) == 4


@pytest.mark.parametrize("prompt, category, colour", [
    ("Put a crib against the south wall. Then a mobile above it. Make the crib white.", "crib", "white"),
    ("Add a desk. Add a chair at the desk. Actually, make the chair black.", "chair", "black"),
    ("Put three chairs along the south wall. And they should all be red.", "chair", "red"),
    ("Put two armchairs facing each other. Put a table between them. Both chairs should be green.",
     "armchair", "green"),
    ("Put a coffee table in the middle. The coffee table should be light blue.", "coffee table", "blue"),
])
def test_a_colour_said_later_describes_the_object_named_before(prompt: str, category: str, colour: str) -> None:
    graph = planned(prompt)
    named = [a for a in graph.assets if a.category == category]
    assert named and all(colour in a.hints for a in named)
    assert not [a for a in graph.assets if a.category != category and colour in a.hints]
    assert graph.unparsed == []


def test_a_colour_of_one_of_several_stays_with_that_one() -> None:
    graph = planned("Add three chairs in a row. The first chair is red.")
    assert [a.hints for a in graph.assets] == [("red",), (), ()]


def test_the_former_and_the_latter_are_the_last_two_objects_named() -> None:
    graph = planned("Add a sofa and an armchair. Put the former against the south wall and the latter in "
                     "the north-east corner.")
    assert sorted(counts(graph)) == ["armchair", "sofa"]
    triples = {(name, args) for name, args in graph.triples()}
    assert ("against_wall", ("sofa_1",)) in triples and ("in_corner", ("armchair_1",)) in triples


@pytest.mark.parametrize("prompt, subject, target", [
    ("Prop a tall mirror against the west wall behind the dressing table, and tuck a velvet stool under the latter.",
     "stool_1", "dressing_table_1"),
    ("Put the ticket desk against the north wall and a luggage trolley next to it. Hang a clock above the former.",
     "clock_1", "ticket_desk_1"),
    ("Put the bookcase by the door and a rocking chair in the corner, then hang a mirror above the former.",
     "mirror_1", "bookcase_1"),
])
def test_the_former_and_the_latter_read_this_sentence_and_definite_names(prompt: str, subject: str,
                                                                         target: str) -> None:
    graph = planned(prompt)
    assert not [a.id for a in graph.assets if a.category in ("former", "latter")]
    assert any(subject in args and target in args for _, args in graph.triples())
