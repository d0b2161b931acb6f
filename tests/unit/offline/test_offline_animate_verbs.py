"""What people and animals do (issue 14, session 15, actors15): a word right after a person, a role,
a group or an animal that is a form of a common verb agreeing with it is what the subject does, even
when the word is also a noun ("the farrier shoes", "kayakers paddle", "its owner strokes") -- read
as a compound those were labelled boxes ("owner stroke" x3). The guard is the subject: after a thing
that does nothing, or when the two words name a known thing, the word stays a noun."""

from __future__ import annotations

import json

import pytest

from setdresser.blender_addon.core.offline import plan
from setdresser.blender_addon.core.offline.reading.animate_verbs import _DATA, SCHEMA, verb_forms


def categories(prompt: str) -> list[str]:
    return sorted(a.category for a in plan(prompt, complete=False).assets)


def relations(prompt: str) -> set[tuple[str, tuple[str, ...]]]:
    graph = plan(prompt, complete=False)
    return {(r.relation, tuple(e.asset for e in graph.edges if e.relation == r.id)) for r in graph.relations}


def test_the_verb_forms_are_versioned_data_with_four_forms_each() -> None:
    doc = json.loads(_DATA.read_text(encoding="utf-8"))
    assert doc["schema"] == SCHEMA and len(doc["verbs"]) > 600
    forms = verb_forms()
    assert forms.kind("strokes") == "third" and forms.kind("paddle") == "base"
    assert forms.kind("hunched") == "done" and forms.kind("shod") == "done" and forms.kind("travelling") == "ing"


@pytest.mark.parametrize("prompt, expected", [
    ("a vet with a spaniel while its owner strokes its head", ["owner", "spaniel", "vet"]),
    ("the farrier shoes a grey mare", ["farrier", "mare"]),
    ("a stable cat watches from a hay bale", ["hay bale", "stable cat"]),
    ("two boxers hit a punching bag", ["boxer", "boxer", "punching bag"]),
    ("the foreman watches from his cabin", ["cabin", "foreman"]),
    ("an apprentice pumps the bellows", ["apprentice", "bellows"]),
])
def test_a_verb_after_a_living_subject_is_what_it_does_not_a_compound(prompt: str, expected: list[str]) -> None:
    assert categories(prompt) == expected


def test_the_verbs_object_and_place_go_with_the_doer() -> None:
    found = relations("two builders carry a long plank")
    assert ("proximity", ("builder_1", "plank_1")) in found and ("proximity", ("builder_2", "plank_1")) in found
    cat = relations("a pianist at the piano in the corner while her tabby sleeps on a cushion by the fire")
    assert ("on_top_of", ("tabby_1", "cushion_1")) in cat and ("proximity", ("pianist_1", "upright_piano_1")) not in cat
    assert not any(rel == "on_top_of" and args[0] == "pianist_1" for rel, args in cat)


def test_friends_playing_cards_are_four_friends_and_their_cards() -> None:
    names = categories("four friends playing cards round a small table")
    assert names.count("friend") == 4 and "friends playing card" not in names


@pytest.mark.parametrize("prompt, kept", [
    ("a vegetable patch with the vegetable rows by the fence", "vegetable row"),  # a vegetable does nothing
    ("two dog beds by the door", "dog bed"),  # a known thing's name
    ("the horse shoes are on the wall", "horse shoe"),  # the clause's verb follows
])
def test_without_a_living_subject_or_with_a_known_name_the_word_stays_a_thing(prompt: str, kept: str) -> None:
    assert kept in categories(prompt)


@pytest.mark.parametrize("prompt, pet, owner", [
    ("an old farmer with his collie trotting at his heels", "collie_1", "farmer_1"),
    ("a grandpa in an armchair with a tabby asleep on his lap", "tabby_1", "grandpa_1"),
    ("a mother by the window with a baby in her arms", "baby_1", "mother_1"),
])
def test_an_owned_body_part_stands_for_its_owner(prompt: str, pet: str, owner: str) -> None:
    names = categories(prompt)
    assert not {"heel", "lap", "arm"} & set(names)
    assert ("proximity", (pet, owner)) in relations(prompt)


def test_held_gear_is_no_object_and_no_place() -> None:
    names = categories("a dog walker crossing the park with four dogs on leads")
    assert "lead" not in names and names.count("dog") == 4
    assert "beard" not in " ".join(categories("a barber trims a customer's beard"))


def test_an_animal_that_trots_or_gallops_carries_no_rider_horse() -> None:
    assert categories("his collie trotting along the lane") == ["collie", "lane"]
    assert "horse" in categories("a knight galloping across the field")


def test_people_counted_on_each_side_are_that_many_a_side() -> None:
    assert categories("two players on each side of the net").count("player") == 4
    assert categories("two lamps on each side of the bed").count("lamp") == 2  # no seats, no people: one a side


def test_watching_from_a_bare_plural_of_seats_is_sitting_on_them() -> None:
    found = relations("two students watch from stools")
    assert ("on_top_of", ("student_1", "stool_1")) in found and ("on_top_of", ("student_2", "stool_2")) in found
    assert "home" not in categories("people who work from home")


def test_as_between_two_clauses_of_doers_joins_them() -> None:
    names = categories("two old men argue in the park as pigeons peck at crumbs")
    assert names.count("pigeon") >= 3 and not any("as" in n.split() for n in names)


@pytest.mark.parametrize("prompt, doer, other", [
    ("the waiter pours wine for a couple at the corner table", "waiter_1", "person_1"),
    ("a girl reads to her little brother on the sofa", "girl_1", "brother_1"),
])
def test_the_one_something_is_done_for_is_with_the_doer(prompt: str, doer: str, other: str) -> None:
    assert ("proximity", (doer, other)) in relations(prompt)


def test_a_thing_for_people_is_no_one_done_for() -> None:
    names = categories("a dining table for six people")
    assert "person" not in names and "dining table" in names


def test_a_place_of_theirs_or_a_style_word_is_no_doer() -> None:
    assert "resident" not in categories("the residents' lounge in a nursing home")  # 'lounge': a place
    assert "victorian" not in " ".join(categories("a seance in a Victorian drawing room with five guests"))
