"""Reference and wording classes of the words8 dev set (issue 14): a colour or material said after
its noun phrase describes it; a count and a shape said as a goal ("Use six crates to build a
pyramid") set the things out in the shape; a thing said by its use ("a place to sleep") is the
object that use needs, never a box named by its words; a definite phrase with a general word
("the water" after "a pond") refers back; "it" in a with-list that moved on to a thing placed on its
own is that thing, and "them" for a group of kinds is its largest; facing verbs ("facing off against",
"angled at") turn the subject."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from setdresser.blender_addon.core.offline.reading import functional_places as functional_places_module
from setdresser.blender_addon.core.offline.reading.apposed_finish import finish_before
from setdresser.blender_addon.core.offline.reading.functional_places import functional_places
from setdresser.blender_addon.core.offline.reading.lexicon import Vocabulary
from setdresser.blender_addon.core.offline.reading.shape_goals import shape_goals

from planned import categories, pairs, planned, relations


# -- a colour or material said after its noun phrase ----------------------------------------------
@pytest.mark.parametrize("text, expected", [
    ("three bar stools (grey) along the island", "three grey bar stools along the island"),
    ("two nightstands, both blue, either side of the bed", "two blue nightstands either side of the bed"),
    ("a table with four chairs (all in oak), a fridge (white)", "a table with four oak chairs, a white fridge"),
    ("a table with four chairs, all in oak, a rug", "a table with four oak chairs, a rug"),
    ("the benches, all of them light grey, face it", "the light grey benches face it"),
    ("a nursery (about 3x3 m, square)", "a nursery (about 3x3 m, square)"),
    ("a sofa, a table, and a lamp", "a sofa, a table, and a lamp"),
    ("a sofa in grey against the wall, a lamp in the corner", "a grey sofa against the wall, a lamp in the corner"),
    ("a bed, a nightstand and a dresser, all in white", "a white bed, a white nightstand and a white dresser"),
    ("An armchair (grey) and a desk (oak)", "A grey armchair and an oak desk"),
    ("a bench in oak trees", "a bench in oak trees"),
])
def test_a_finish_said_after_a_noun_phrase_is_said_before_its_noun(text: str, expected: str) -> None:
    assert finish_before(text, Vocabulary(None)) == expected


@pytest.mark.parametrize("prompt, kind, hint", [
    ("Three bar stools (grey) along the kitchen island.", "bar stool", "grey"),
    ("a bedroom with two nightstands, both blue, on either side of a double bed", "nightstand", "blue"),
    ("a kitchen with a table and four chairs (all in oak)", "chair", "oak"),
    ("Put six chairs, all in pine, around the table.", "chair", "pine"),
    ("a dining table and six chairs, all in walnut", "chair", "walnut"),
    ("two armchairs in green velvet by the fire", "armchair", "velvet"),
])
def test_every_object_of_an_apposed_finish_shows_it(prompt: str, kind: str, hint: str) -> None:
    graph = planned(prompt)
    things = [a for a in graph.assets if a.category == kind]
    assert things and all(hint in a.hints for a in things) and graph.unparsed == []
    assert not any(a.category in ("oak", "pine", "walnut", "velvet") for a in graph.assets)


# -- a count and a shape said as a goal ------------------------------------------------------------
@pytest.mark.parametrize("text, expected", [
    ("Use six crates to build a pyramid.", "six crates in a pyramid."),
    ("Take four boxes and make a tower out of them next to the door.", "four boxes in a tower next to the door."),
    ("Build a pyramid with six crates.", "six crates in a pyramid."),
    ("Use eight chairs to make a circle around the fire.", "eight chairs in a circle around the fire."),
    ("Build a big pyramid from 10 boxes in the corner", "10 boxes in a pyramid in the corner"),
    ("Use the desk to make a study", "Use the desk to make a study"),
    ("Take two chairs and put them by the table", "Take two chairs and put them by the table"),
])
def test_a_shape_said_as_a_goal_is_the_shape_its_things_are_set_out_in(text: str, expected: str) -> None:
    assert shape_goals(text, Vocabulary(None)) == expected


@pytest.mark.parametrize("prompt, kind, relation, n", [
    ("Use six crates to build a pyramid.", "crate", "on_top_of", 6),
    ("Take four boxes and make a tower out of them next to the door.", "box", "stacked", 4),
    ("three crates stacked into a tower in the corner", "crate", "stacked", 3),
])
def test_a_goal_shape_stacks_its_things_and_is_no_object(prompt: str, kind: str, relation: str, n: int) -> None:
    graph = planned(prompt)
    assert categories(graph).count(kind) == n and graph.unparsed == []
    assert not {"pyramid", "tower"} & set(categories(graph)) and relations(graph, relation)


def test_a_room_noun_said_as_one_word_takes_the_size_after_it() -> None:
    graph = planned("storeroom 4 x 4 m, shelving along the north wall")
    assert tuple((graph.room or {}).get("size", ())) == (4.0, 4.0) and graph.unparsed == []


# -- a thing said by its use -----------------------------------------------------------------------
@pytest.mark.parametrize("text, expected", [
    ("a lobby with somewhere to sit while you wait", "a lobby with a chair while you wait"),
    ("a bedroom with a place to sleep, and something to keep toys in.", "a bedroom with a bed, and a toy chest."),
    ("a cafe with places to sit around two tables", "a cafe with chairs around two tables"),
    ("a comfy spot to read by the window and plenty of things to read",
     "a comfy armchair by the window and plenty of books"),
    ("a room with areas with seats", "a room with seats"),
    ("a seating area with sofas", "a seating area with sofas"),
    ("the place to be", "the place to be"),
])
def test_a_thing_said_by_its_use_is_the_object_that_use_needs(text: str, expected: str) -> None:
    assert functional_places(text, Vocabulary(None)) == expected


def test_every_object_a_use_names_is_a_noun_the_planner_knows() -> None:
    vocab = Vocabulary(None)
    data = json.loads((Path(functional_places_module.__file__).with_name("functional_places.json")).read_text())
    assert all(vocab.is_noun(noun) or vocab.is_noun(noun.split()[-1])
               for table in ("places", "things") for noun in data[table].values())


@pytest.mark.parametrize("prompt, kinds", [
    ("Make a kid's bedroom with a place to sleep and something to keep toys in.", {"bed", "toy chest"}),
    ("A cafe corner with places to sit around two small round tables.", {"chair", "table"}),
    ("a hotel lobby with a reception desk and somewhere to sit", {"reception desk", "chair"}),
])
def test_a_use_plans_real_objects_and_no_box_named_by_its_words(prompt: str, kinds: set[str]) -> None:
    graph = planned(prompt)
    assert kinds <= set(categories(graph))
    assert not {"place", "sleep", "something", "somewhere", "area"} & set(categories(graph))


# -- a definite phrase naming an object already there by a general word ----------------------------
@pytest.mark.parametrize("prompt, kept, general", [
    ("a garden with a pond, a bench facing the water and a tree beside the pond", "pond", "water"),
    ("a writing desk with a laptop on it and a lamp next to the computer", "laptop", "computer"),
    ("a grand piano by the window and a lamp beside the instrument", "grand piano", "instrument"),
    ("a fern on the windowsill and a watering can next to the plant", "fern", "plant"),
    ("An aquarium sits on a low cabinet. A chair faces the fish tank.", "aquarium", "fish tank"),
])
def test_a_general_word_for_an_object_there_refers_back_to_it(prompt: str, kept: str, general: str) -> None:
    graph = planned(prompt)
    assert categories(graph).count(kept) == 1 and general not in categories(graph)


# -- what a pronoun refers to ------------------------------------------------------------------------
def test_it_after_a_thing_placed_on_its_own_in_a_with_list_is_that_thing() -> None:
    graph = planned("a long table in the middle with six chairs around it, a sideboard against the west wall "
                    "and a painting above it")
    assert ("painting_1", "sideboard_1") in pairs(graph, "above")


@pytest.mark.parametrize("prompt", ["a desk with a lamp on it and a chair in front of it",
                                    "a desk with a lamp next to the monitor and a chair in front of it"])
def test_it_in_a_with_list_of_things_placed_by_the_host_is_the_host(prompt: str) -> None:
    assert ("chair_1", "desk_1") in pairs(planned(prompt), "in_front_of")


@pytest.mark.parametrize("prompt, anchor", [
    ("Put a sofa and a coffee table in the middle of the room, then stand a tall lamp behind them.", "sofa_1"),
    ("A coffee table and a sofa face the fireplace. Put a lamp behind them.", "sofa_1"),
])
def test_them_for_a_group_of_kinds_is_its_largest_member(prompt: str, anchor: str) -> None:
    assert ("lamp_1", anchor) in pairs(planned(prompt), "behind")


# -- facing verbs ---------------------------------------------------------------------------------------
@pytest.mark.parametrize("prompt, pair", [
    ("Two armchairs facing off against each other in the middle of the room.", ("armchair_1", "armchair_2")),
    ("a bench looking out over the pond", ("bench_1", "pond_1")),
    ("a spotlight angled at the stage", ("spotlight_1", "stage_1")),
    ("a camera aimed towards the sofa", ("camera_1", "sofa_1")),
])
def test_a_facing_verb_turns_the_subject_to_its_object(prompt: str, pair: tuple[str, str]) -> None:
    graph = planned(prompt)
    assert pair in pairs(graph, "facing") and graph.unparsed == []


# -- a with-list that moves on to the room's things ----------------------------------------------------
@pytest.mark.parametrize("prompt, placed, relation", [
    ("a table with four chairs, a fridge in the north-east corner", "fridge_1", "in_corner"),
    ("a bed with two nightstands, a wardrobe in the corner", "wardrobe_1", "in_corner"),
    ("a desk with a chair, a bookcase against the east wall", "bookcase_1", "against_wall"),
    ("a desk with a chair in the corner", "desk_1", "in_corner"),
])
def test_a_room_place_after_other_things_a_host_came_with_is_the_last_things(prompt: str, placed: str,
                                                                                relation: str) -> None:
    assert [args for _, args, _ in relations(planned(prompt), relation, stated=True)] == [(placed,)]


def test_a_fuller_name_of_a_kind_is_no_synonym_of_its_other_objects() -> None:
    graph = planned("Five students sit at their desks facing a whiteboard. The tutor's desk is next to the board.")
    assert "tutor desk" in categories(graph)
