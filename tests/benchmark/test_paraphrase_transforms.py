"""The paraphrase benchmark's transforms (tests/benchmark/paraphrase): each rewrites what it should,
keeps the meaning, and skips (None) a prompt it cannot apply to; the plan comparison ignores names."""

from __future__ import annotations

from setdresser.blender_addon.core.stage_set import offline_plan
from setdresser.tests.benchmark.paraphrase import transforms as t
from setdresser.tests.benchmark.paraphrase.compare import diff, signature


def test_digits_and_number_words():
    assert t.digits_to_words("Put 3 chairs around a table 1.5 m wide.") == "Put three chairs around a table 1.5 m wide."
    assert t.digits_to_words("Put three chairs by the door.") is None
    assert t.words_to_digits("Put three chairs by the door, one on each side.") == \
        "Put 3 chairs by the door, one on each side."
    assert t.words_to_digits("A chair by the door.") is None
    assert t.words_to_digits("Twenty-four chairs.") is None
    assert t.digits_to_words("A room 3 x 4 m with 2 beds.") == "A room 3 x 4 m with two beds."


def test_noun_synonyms_from_the_knowledge_base():
    assert t.noun_synonyms("A sofa faces the tv.") == "A couch faces the television."
    assert t.noun_synonyms("Two couches and an easy chair.") == "Two sofas and an armchair."
    assert t.noun_synonyms("A sofa and an armchair by the couch.") == "A couch and an armchair by the sofa."
    assert t.noun_synonyms("A stone fireplace and a couch.") == "A stone fireplace and a sofa."  # a material
    assert t.noun_synonyms("Two computer desks by a long table.") is None  # say more than their category
    assert t.noun_synonyms("Two people by the screen.") is None  # a plural; a word of several readings
    assert t.noun_synonyms("A home with a garage.") is None  # scene nouns pick the room
    assert t.noun_synonyms("A low coffee table.") is None  # "coffee" is part of a longer name
    assert t.noun_synonyms("xyzzy plugh.") is None


def test_relation_synonyms_read_alike():
    assert t.relation_synonyms("A lamp next to the bed.") == "A lamp beside the bed."
    # "beneath" and "underneath" may also stand alone (attach14), so they are read apart; "below" reads as "under"
    assert t.relation_synonyms("A rug under the table.") == "A rug below the table."
    assert t.relation_synonyms("A lamp on the desk.") is None  # "on" has no plain partner
    assert t.relation_synonyms("Two beds side by side.") is None
    assert t.relation_synonyms("A chair two metres away from the desk.") is None


def test_reorder_independent_sentences():
    prompt = "A bedroom. A bed stands against the north wall. A desk is under the window."
    assert t.reorder_sentences(prompt) == "A bedroom. A desk is under the window. A bed stands against the north wall."
    assert t.reorder_sentences("A bedroom. A bed stands by the wall. A lamp is next to it.") is None
    assert t.reorder_sentences("A bedroom. A desk is by the wall. The desk has a lamp.") is None


def test_split_and_lists():
    assert t.split_and_lists("Put a desk by the window and a lamp on it.") == \
        "Put a desk by the window. Put a lamp on it."
    assert t.split_and_lists("Put a desk and a chair by the window.") is None


def test_fronting_both_ways():
    assert t.fronting("A lamp stands on the desk.") == "On the desk stands a lamp."
    assert t.fronting("On the desk stands a lamp.") == "A lamp stands on the desk."
    assert t.fronting("A lamp and a vase stand on the desk.") is None
    assert t.fronting("The bed is against the wall; put a mirror on it.") is None
    assert t.fronting("Three music stands in a row.") is None


def test_there_insertion_both_ways():
    assert t.there_insertion("There is a rug under the table.") == "A rug is under the table."
    assert t.there_insertion("A rug is under the table.") == "There is a rug under the table."
    assert t.there_insertion("A rug lies under the table.") is None
    assert t.there_insertion("There are three rows of desks.") is None


def test_imperative_and_declarative():
    assert t.imperative_declarative("Place a chair by the desk.") == "A chair is by the desk."
    assert t.imperative_declarative("Put two chairs by the desk.") == "Two chairs are by the desk."
    assert t.imperative_declarative("A chair stands by the desk.") == "Place a chair by the desk."
    assert t.imperative_declarative("Place a chair and a desk by the wall.") is None
    assert t.imperative_declarative("Place two beds side by side.") is None


def test_politeness():
    assert t.politeness("Put a lamp on the desk.") == "Please put a lamp on the desk."
    assert t.politeness("a forest clearing with boulders") == "I'd like a forest clearing with boulders"
    assert t.politeness("Create a kitchen") == "Could you create a kitchen?"
    assert t.politeness("The lamp stands on the desk.") is None


def test_plans_compare_by_category_not_name():
    sofa = signature(offline_plan("A sofa faces the tv.", complete=False))
    couch = signature(offline_plan("A couch faces the television.", complete=False))
    assert diff(sofa, couch) == {}
    lamp = signature(offline_plan("A lamp beside the sofa.", complete=False))
    found = diff(sofa, lamp)
    assert "objects" in found and "relations" in found
