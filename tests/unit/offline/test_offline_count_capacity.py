"""Counts a room's capacity and archetype give to what the text did not count (issue 14 counts7):
an office "for two people" has a desk and an office chair per person and no visitors' chairs
(the item's ``max_people``); a thing the text only presumed ("a lamp on each nightstand", "a desk
by each bed") is the first of the archetype's things of its kind, so the room has as many as
its archetype says and what the text put at it comes with each one."""

from __future__ import annotations

import pytest

from setdresser.blender_addon.core.knowledge.archetypes import parse_archetypes
from setdresser.blender_addon.core.offline import plan
from setdresser.blender_addon.core.scene_graph import SceneGraph
from planned import counts


def at(graph: SceneGraph, relations: tuple[str, ...], subject: str, target: str) -> dict[str, str]:
    """subject id -> the target id it is related to, for subjects and targets of those categories."""
    category = {a.id: a.category for a in graph.assets}
    return {args[0]: args[1] for r in graph.relations if r.relation in relations
            for args in [graph.relation_args(r.id)]
            if len(args) == 2 and category[args[0]] == subject and category[args[1]] == target}


@pytest.mark.parametrize("prompt, people", [
    ("An office for two people.", 2),
    ("small office for three people", 3),
    ("an office for four people", 4),
])
def test_an_office_for_several_people_has_a_desk_and_chair_each_and_no_visitor_chairs(prompt: str,
                                                                                      people: int) -> None:
    count = counts(plan(prompt))
    assert count["desk"] == people
    assert count["office chair"] == people
    assert count["chair"] == 0  # the two visitors' chairs are a one-person office's


def test_a_one_person_office_keeps_its_visitor_chairs() -> None:
    count = counts(plan("a manager's office"))
    assert (count["desk"], count["office chair"], count["chair"]) == (1, 1, 2)


def test_a_dorm_room_for_two_has_two_beds_each_with_its_own_desk() -> None:
    graph = plan("a dorm room for two students, with a desk by each bed")
    count = counts(graph)
    assert count["desk"] == 2 and sum(n for k, n in count.items() if k.endswith("bed")) == 2
    desks = {d: b for d, b in at(graph, ("proximity", "near", "beside"), "desk", "bed").items()}
    assert len(desks) == 2 and len(set(desks.values())) == 2, desks


@pytest.mark.parametrize("prompt, thing, host", [
    ("a bedroom with a lamp on each nightstand", "lamp", "nightstand"),
    ("a bedroom with a book on each nightstand", "book", "nightstand"),
    ("a guest room with a vase on each nightstand", "vase", "nightstand"),
])
def test_a_thing_on_each_presumed_host_comes_with_every_host_the_room_has(prompt: str, thing: str,
                                                                         host: str) -> None:
    graph = plan(prompt)
    count = counts(graph)
    assert count[host] == 2  # the bedroom's two, not one presumed besides them
    on = at(graph, ("on_top_of",), thing, host)
    assert len(on) == 2 and len(set(on.values())) == 2, on


def test_a_presumed_desk_is_not_the_teachers_desk() -> None:
    count = counts(plan("a classroom with a chair at each desk"))
    assert count["desk"] == 12 and count["teacher desk"] == 1  # the pupils' rows, and the teacher's own
    assert count["chair"] == 13


def test_max_people_must_be_a_whole_number() -> None:
    raw = {"schema": "setdresser.archetypes/1", "styles": {}, "archetypes": [
        {"id": "x", "names": ["x room"], "setting": "indoor", "size": {"min": [3, 3], "max": [4, 4]},
         "zones": {"a": [{"object": "chair", "text": "A chair.", "max_people": "one"}]}}]}
    with pytest.raises(ValueError, match=r"max_people"):
        parse_archetypes(raw)


@pytest.mark.parametrize("prompt, category, count", [
    ("A meeting room for 8 with chairs evenly around the table.", "chair", 8),
    ("A dining room for ten, with chairs around the table.", "chair", 10),
    ("A conference room for 12 people with comfy chairs along both sides of the table.", "chair", 12),
    ("a classroom for 30 students with desks in rows", "desk", 30),
])
def test_an_uncounted_plural_in_a_room_for_n_people_takes_the_rooms_count(prompt: str, category: str,
                                                                          count: int) -> None:
    assert counts(plan(prompt))[category] == count


@pytest.mark.parametrize("prompt, category, count", [
    ("A meeting room for 8 with six chairs around the table.", "chair", 6),
    ("A meeting room for 8 with a few chairs by the window.", "chair", 3),
    ("A meeting room with chairs around the table.", "chair", 4),  # no capacity said: the plural's own
])
def test_the_texts_own_count_or_no_capacity_keeps_the_text(prompt: str, category: str, count: int) -> None:
    assert counts(plan(prompt))[category] == count


def test_a_classroom_for_n_counts_the_chairs_at_each_desk_too() -> None:
    from setdresser.blender_addon.core.knowledge.archetypes import load_archetypes
    from setdresser.blender_addon.core.offline.completion.capacity_counts import kind_counts
    from setdresser.blender_addon.core.offline.reading.lexicon import Vocabulary
    counts = kind_counts(load_archetypes().get("classroom"), 20, Vocabulary(None))
    assert counts["desk"] == counts["chair"] == 20


def test_the_teachers_desk_is_not_one_of_the_student_desks() -> None:
    count = counts(plan("a classroom with 24 student desks plus the teacher's desk at the front"))
    assert count["student desk"] == 24 and count["teacher desk"] == 1


def test_a_count_said_after_the_plural_keeps_the_text() -> None:
    count = counts(plan("an auditorium for 30 with chairs for the audience, four rows of six, facing the stage"))
    assert count["chair"] == 24


@pytest.mark.parametrize("prompt", [
    "A classroom. The blackboard is on the north wall. 4 rows of 3 student desks, all facing the board.",
    "Classroom: the blackboard is on the north wall. Four rows of three student desks facing it.",
])
def test_rows_of_n_desks_named_for_students_are_not_a_room_for_n(prompt: str) -> None:
    """"rows of 3 student desks": "student" names the desks, it states no room for three (a
    capacity read there once cut the twelve desks to three, and the coder's grid failed)."""
    assert counts(plan(prompt))["student desk"] == 12


def test_a_counted_plural_keeps_its_number_when_the_room_states_a_capacity() -> None:
    """"a classroom for 30 students with 24 student desks": the text's 24 stands (a digit count
    was not seen before the name's words, and the capacity's 30 was said before it too)."""
    assert counts(plan("A classroom for 30 students with 24 student desks in rows."))["student desk"] == 24
