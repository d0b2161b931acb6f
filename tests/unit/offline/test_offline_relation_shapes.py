"""One relation read the same in every sentence shape a user writes it in (issue 14, dev set multi13):
imperative, existential, passive, a fronted place, a subject that is a reference, a place appended to an
earlier noun.

- A subject of several things joined by "and" that opens the clause agrees with the verb's base form:
  "a desk and a chair stand by the window" is a desk and a chair by the window, as "a desk and a chair
  sit by the window" is (was a desk and a 'chair stand'); after "put" or "there's" the words are a thing.
- A subject that names things said before with no noun ("both", "these", "the two", "those two", "all
  three") is those things whatever its verb: "Both stand against the west wall" places the two bookcases
  (was two 'stand' objects), "The two go against the west wall" too (was read as nothing).
- A thing facing the people who watch ("it faces the audience", "both face the crowd") turns to the
  scene's people, else to the side they watch from (across from a stage's wall, else the viewer's south),
  in every shape: an imperative's participle, a reference subject's verb (was an 'audience' box).
- A side or end of the room said with no anchor at hand ("Put a desk at the back.", "The bed goes on the
  left.", "on the left side of the room") is that side of the room, as "at the back of the room" is (was
  dropped without a word); after a thing to be beside it stays that thing's side.
"""

from __future__ import annotations

import pytest
from planned import kinds, planned, relations


@pytest.mark.parametrize("prompt, things", [
    ("A desk and a chair stand by the window.", {"desk", "chair"}),
    ("A sofa and a desk stand against the north wall.", {"sofa", "desk"}),
    ("Two armchairs and a lamp stand in the corner.", {"armchair", "lamp"}),
    ("The desk, the chair and a lamp stand in the corner.", {"desk", "chair", "lamp"}),
    ("A table and a chair sit in the middle; a rug and a basket stand by the door.",
     {"table", "chair", "rug", "basket"}),
])
def test_a_joined_subject_agrees_with_the_base_form_verb(prompt: str, things: set[str]) -> None:
    found = kinds(prompt, complete=False)
    assert set(found) == things, found
    graph = planned(prompt)
    placed = {args[0] for _, args, _ in relations(graph) if args}
    assert {a.id for a in graph.assets} <= placed, relations(graph)


@pytest.mark.parametrize("prompt, thing", [
    ("Put a lamp and a plant stand in the corner.", "plant stand"),
    ("A sofa, a coffee table and a TV stand against the east wall.", "tv stand"),
    ("There's a desk and a music stand by the window.", "music stand"),
])
def test_a_stand_that_is_a_thing_stays_one(prompt: str, thing: str) -> None:
    assert kinds(prompt, complete=False)[thing] == 1, kinds(prompt, complete=False)


@pytest.mark.parametrize("subject", ["Both stand", "Both go", "They stand", "The two stand", "The two go",
                                     "Those two go", "These go", "These two stand"])
def test_a_subject_that_refers_back_takes_the_place(subject: str) -> None:
    graph = planned(f"Put two bookcases in the room. {subject} against the west wall.")
    assert sorted(a.category for a in graph.assets) == ["bookcase", "bookcase"], graph.assets
    walls = {args[0]: params.get("wall") for _, args, params in relations(graph, "against_wall")}
    assert walls == {"bookcase_1": "west", "bookcase_2": "west"}, walls


def test_all_three_are_the_three_said_before() -> None:
    graph = planned("Put three bookcases in the room. All three stand against the west wall.")
    walls = {args[0]: params.get("wall") for _, args, params in relations(graph, "against_wall")}
    assert walls == {f"bookcase_{n}": "west" for n in (1, 2, 3)}, walls


@pytest.mark.parametrize("prompt", ["Put a stand by the door.", "The stand goes by the door.",
                                    "Put four chairs in the room. Two stand by the window."])
def test_a_stand_or_a_bare_count_reads_as_before(prompt: str) -> None:
    found = kinds(prompt, complete=False)
    assert ("stand" in found) == prompt.startswith(("Put a stand", "The stand")), found


def _directions(graph: object) -> dict[str, str]:
    return {args[0]: params.get("direction") for _, args, params in relations(graph, "facing_direction")}


@pytest.mark.parametrize("prompt, subjects", [
    ("Put an armchair facing the audience.", ["armchair_1"]),
    ("Put a large armchair in the middle. It faces the audience.", ["armchair_1"]),
    ("The host's desk goes by the window, and a sofa next to it; both face the audience.", ["host_desk_1", "sofa_1"]),
    ("There's a piano in the middle, facing the crowd.", ["piano_1"]),
])
def test_facing_the_audience_turns_to_the_viewers_side(prompt: str, subjects: list[str]) -> None:
    graph = planned(prompt)
    assert not [a.id for a in graph.assets if a.category in ("audience", "crowd")], graph.assets
    assert {s: "south" for s in subjects}.items() <= _directions(graph).items(), relations(graph)


def test_the_audience_watches_from_across_the_stage() -> None:
    graph = planned("A stage stands against the east wall. A singer stands on it, facing the crowd.")
    assert _directions(graph) == {"singer_1": "west"}, relations(graph)


def test_an_audience_the_scene_has_is_its_people() -> None:
    graph = planned("Put an audience of twenty people in rows. A lectern faces the audience.")
    faced = {args[1] for _, args, _ in relations(graph, "facing") if args[0] == "lectern_1"}
    assert faced and all(f.startswith("person_") for f in faced), relations(graph, "facing")


@pytest.mark.parametrize("prompt, wall", [
    ("Put a desk at the back.", "north"),
    ("Put a desk at the back of the room.", "north"),
    ("A desk goes on the left.", "west"),
    ("Put a desk on the left side of the room.", "west"),
    ("There's a desk on the right-hand side.", "east"),
    ("In the office, the desk is placed on the right.", "east"),
])
def test_a_side_of_the_room_with_no_anchor_is_the_rooms(prompt: str, wall: str) -> None:
    graph = planned(prompt)
    walls = {args[0]: params.get("wall") for _, args, params in relations(graph, "against_wall")}
    assert walls == {"desk_1": wall}, relations(graph)


def test_a_side_after_a_thing_is_still_that_things() -> None:
    graph = planned("Put a bed in the middle. A desk goes on the left.")
    assert ("left_of", ("desk_1", "bed_1")) in {(n, a) for n, a, _ in relations(graph)}, relations(graph)
