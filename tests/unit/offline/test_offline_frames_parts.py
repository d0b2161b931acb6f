"""Sentence frames, parts of a named thing, and template items the user named by a synonym
(issue 14, paraphrase set parainstr7 groups D, E, G): "Can you lay out ...?" and "Each desk
needs a chair" are read as requests and put-verbs; "the room square" is the room's shape, never a
town square; "the keyboard" / "the keys" / "the arm of the chair" of a thing named before are
that thing (knowledge base ``parts``); a "toy box" or "mic stand" the user named takes the place
of the archetype's toy chest or microphone, a keyboard in a music studio its piano."""

from __future__ import annotations

import pytest

from setdresser.blender_addon.core.knowledge.objects import load_knowledge
from setdresser.blender_addon.core.offline.reading.roomsize import strip_room_shape
from setdresser.blender_addon.core.offline.reading.lexicon import load_lexicon

from planned import categories, counts, of_kind, pairs, planned, relations, walls


@pytest.mark.parametrize("prompt", [
    "Can you lay out a classroom with a blackboard on the north wall?",
    "Could you do a bathroom with a tub along the west wall?",
    "Please can you set up a dining room with a table in the middle.",
    "Could you make me a small office with a desk against the north wall?",
    "I'm setting up a music studio with a drum kit in the corner.",
])
def test_a_request_frame_is_no_object(prompt: str) -> None:
    graph = planned(prompt, complete=True)
    names = " ".join(categories(graph))
    assert not any(word in names for word in ("can", "could", "you", "make me", "im")), categories(graph)
    assert not graph.unparsed, graph.unparsed


@pytest.mark.parametrize("verb", ["needs", "gets", "requires", "should have"])
def test_a_have_verb_puts_one_thing_at_each(verb: str) -> None:
    graph = planned(f"Two desks against the north wall. Each desk {verb} a chair behind it.")
    assert counts(graph)["chair"] == 2, categories(graph)
    assert {d for _, d in pairs(graph, "behind")} == set(of_kind(graph, "desk")), relations(graph, "behind")


@pytest.mark.parametrize("prompt", [
    "Make the room square with white walls and a red floor. Put a round table in the exact centre.",
    "I'd like the room square, with a red floor and white walls please. A round table in the middle.",
    "The room is square, with a red floor and white walls. A round table stands in the middle.",
])
def test_the_room_square_is_its_shape_not_a_town_square(prompt: str) -> None:
    graph = planned(prompt, complete=True)
    room = graph.room or {}
    assert room["setting"]["kind"] == "indoor", room
    assert room["walls"]["words"] == ["white"] and room["floor"]["words"] == ["red"], room
    assert categories(graph) == ["table"], categories(graph)


def test_a_square_thing_keeps_the_room_indoors_and_a_town_square_stays_outdoors() -> None:
    assert (planned("A square table in the middle of the room.").room or {})["setting"]["kind"] == "indoor"
    assert (planned("A fountain in the middle of the square.").room or {})["setting"]["kind"] == "outdoor"
    assert (planned("An old fountain in a town square.").room or {})["setting"]["kind"] == "outdoor"


@pytest.mark.parametrize("words, square", [
    ("the room is square", True), ("make the room square with white walls", True), ("a square bedroom", True),
    ("a square table", False), ("a fountain in the square", False), ("the town square", False),
])
def test_room_shape_words(words: str, square: bool) -> None:
    left, said = strip_room_shape(load_lexicon(), words.split())
    assert said is square and ("square" in left) is not square


def test_a_square_room_of_a_type_gets_a_square_typical_size() -> None:
    size = (planned("The bedroom is square. A bed against the north wall.", complete=True).room or {})["typical_size"]
    assert size[0] == size[1], size


def test_a_plural_verb_after_a_with_list_is_its_own_subjects() -> None:
    graph = planned("Along the west wall there's a keyboard with a stool in front, and 2 guitars are leaning "
                    "against the south wall.")
    assert walls(graph, by="category") == {"keyboard": "west", "guitar": "south"}, walls(graph)
    held = planned("A table with four chairs around it are in the middle of the room.")
    assert of_kind(held, "table") == [a for (a,) in pairs(held, "centered")], relations(held, "centered")


@pytest.mark.parametrize("prompt", [
    "For a recital: a grand piano in the north-west corner with the keyboard facing into the room, "
    "a piano stool at the keys.",
    "Put a grand piano in the northwest corner, keyboard towards the room, and a piano stool in front of the keys.",
])
def test_the_keyboard_of_a_named_piano_is_the_piano(prompt: str) -> None:
    graph = planned(prompt)
    assert categories(graph) == ["grand piano", "piano stool"], categories(graph)
    assert pairs(graph, "facing_direction") == {("grand_piano_1",)}, relations(graph, "facing_direction")
    assert pairs(graph, "in_front_of") == {("piano_stool_1", "grand_piano_1")}, relations(graph, "in_front_of")


def test_a_part_of_the_chair_named_after_of_is_the_chair() -> None:
    graph = planned("An armchair in the corner, and a floor lamp beside the arm of the chair.")
    assert categories(graph) == ["armchair", "floor lamp"], categories(graph)
    assert pairs(graph, "proximity") == {("floor_lamp_1", "armchair_1")}, relations(graph)
    assert not graph.unparsed, graph.unparsed


def test_a_part_noun_in_a_list_or_without_its_thing_stays_a_thing() -> None:
    assert "keyboard" in categories(planned("A piano, keyboard and drums in the studio."))
    assert "keyboard" in categories(planned("A desk with a monitor and a keyboard on it."))


def test_parts_are_knowledge_base_data() -> None:
    knowledge = load_knowledge()
    assert knowledge.has_part("grand piano", "keys") and knowledge.has_part("bed", "headboard")
    assert knowledge.has_part("armchair", "arm") and not knowledge.has_part("desk", "keyboard")


@pytest.mark.parametrize("prompt, kind, template", [
    ("A child's bedroom. A bunk bed against the west wall and a toy box at the foot of it.", "toy box", "toy chest"),
    ("Music studio with a drum kit in the corner and a mic stand in the middle of the room.", "mic stand",
     "microphone"),
    ("Make a music room with a mike stand in the middle.", "mike stand", "microphone"),
])
def test_a_users_thing_named_by_a_synonym_replaces_the_template_item(prompt: str, kind: str, template: str) -> None:
    names = categories(planned(prompt, complete=True))
    assert kind in names and template not in names, names


def test_a_keyboard_in_a_music_studio_is_its_piano() -> None:
    names = categories(planned("Music studio with a keyboard against the west wall and a stool in front of it.",
                               complete=True))
    assert names.count("piano") == 1 and "keyboard" not in names, names
    office = categories(planned("An office with a desk, a monitor and a keyboard on it.", complete=True))
    assert "keyboard" in office and "piano" not in office, office
