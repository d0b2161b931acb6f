"""Multi-sentence instructions (issue 14, dev set instr9): whole clauses the reader dropped or bound
to the wrong thing. "another five" after a counted group is five more of that kind, placed where
its own clause says ("five chairs against the west wall and another five against the east wall"); "it"
after a relation that introduced a new landmark is the thing placed (the topic), not the landmark
("Put a grill against the fence. A picnic table goes in front of it.")."""

from __future__ import annotations

import pytest
from planned import counts, planned, relations, walls


@pytest.mark.parametrize("prompt, what, n", [
    ("Line up five chairs against the west wall and another five against the east wall.", "chair", 10),
    ("Put two lamps on the desk and another two on the shelf.", "lamp", 4),
    ("Hang three posters on the north wall and another 2 on the south wall.", "poster", 5),
    ("Put a chair by the window and another one by the door.", "chair", 2),
])
def test_another_with_a_count_is_that_many_more(prompt: str, what: str, n: int) -> None:
    assert counts(planned(prompt), head=True)[what] == n


def test_another_count_takes_its_own_place() -> None:
    graph = planned("Line up four benches against the west wall and another four against the east wall.")
    sides = sorted(walls(graph).values())
    assert sides == ["east"] * 4 + ["west"] * 4


@pytest.mark.parametrize("prompt, subject, meant", [
    ("Put a barbecue grill against the fence. A picnic table is placed in front of it.", "picnic_table", "barbecue_grill"),
    ("Put a couch in front of the fireplace. Put two lamps beside it.", "lamp", "couch"),
    ("A dog bed lies in front of the fireplace, and a dog is asleep on it.", "dog", "dog_bed"),
])
def test_it_after_a_new_landmark_is_the_sentence_topic(prompt: str, subject: str, meant: str) -> None:
    """"it" in the next clause is the thing the last relation placed, not the new thing it was placed at."""
    graph = planned(prompt)
    args = [a for _, a, _ in relations(graph, stated=True) if a[0].rsplit("_", 1)[0] == subject]
    assert args and all(a[-1].rsplit("_", 1)[0] == meant for a in args)


@pytest.mark.parametrize("prompt, subject, meant", [
    ("Put a sofa against the south wall with a coffee table in front of it. A floor lamp goes right beside it.",
     "floor_lamp", "sofa"),  # the landmark came first: it stays the topic
    ("Put a laptop on the desk. Put a chair in front of it.", "chair", "desk"),  # resting on it
    ("Put a rug under the table and a vase on it.", "vase", "table"),  # a rug is "it" only for what goes on it
])
def test_it_stays_the_landmark_when_that_is_the_topic(prompt: str, subject: str, meant: str) -> None:
    graph = planned(prompt)
    args = [a for _, a, _ in relations(graph, stated=True) if a[0].rsplit("_", 1)[0] == subject]
    assert args and all(a[-1].rsplit("_", 1)[0] == meant for a in args)


@pytest.mark.parametrize("prompt, present, absent", [
    ("Turn the spare room into a home office. Put a desk under the window.", "office_chair", "bed"),
    ("We are converting the garage into a gym with a treadmill.", "exercise_bike", "car"),
    ("I want to transform my bedroom into a music studio.", "mixing_desk", "wardrobe"),
])
def test_a_room_made_into_another_is_furnished_as_the_new_room(prompt: str, present: str, absent: str) -> None:
    """"Turn X into Y": Y's archetype furnishes the room, not X's."""
    kinds = {a.category.replace(" ", "_") for a in planned(prompt, complete=True).assets}
    assert present in kinds and absent not in kinds


def test_turning_things_into_a_shape_is_no_room() -> None:
    from setdresser.blender_addon.core.offline.reading.conversions import room_conversions
    from setdresser.blender_addon.core.offline.reading.lexicon import Vocabulary
    text = "Turn the chairs into a circle around the table."
    assert room_conversions(text, Vocabulary(None)) == text


@pytest.mark.parametrize("prompt, what", [
    ("Put four benches in a row in the middle of the room, all facing the door on the east wall.", "bench"),
    ("Arrange six chairs in two rows facing the window.", "chair"),
    ("Put a bench in the centre facing the window.", "bench"),
])
def test_things_facing_a_door_or_window_are_turned_to_it_where_they_stand(prompt: str, what: str) -> None:
    """"all facing the door": a group (or a bench) is turned to the opening, not lined up against its wall."""
    graph = planned(prompt)
    faced = {a[0] for _, a, _ in relations(graph, "facing_door")}
    ids = {a.id for a in graph.assets if a.category == what}
    assert ids and faced == ids
    assert not {a[0] for _, a, _ in relations(graph, "against_wall", "under_window")} & ids


@pytest.mark.parametrize("prompt", [
    "Put two long tables in the middle. Each one holds five potted plants.",
    "There are two long tables down the middle, and each one holds five potted plants in a row.",
])
def test_what_a_surface_holds_stands_on_it(prompt: str) -> None:
    """"each table holds five potted plants": on it, five a table (a row each), however tall a plant is."""
    graph = planned(prompt)
    on = {a[0]: a[1] for _, a, _ in relations(graph, "on_top_of")}
    plants = [a.id for a in graph.assets if a.category == "potted plant"]
    assert len(plants) == 10 and all(p in on for p in plants)
    assert sorted(list(on.values()).count(t) for t in set(on.values())) == [5, 5]
    assert all(len(a) == 5 for _, a, _ in relations(graph, "row"))


def test_a_tall_thing_named_with_a_desk_stays_beside_it() -> None:
    graph = planned("A desk with a potted plant.")
    assert not relations(graph, "on_top_of")


@pytest.mark.parametrize("prompt", [
    "By the window on the south wall, put two armchairs around a small round table.",
    "Put two armchairs around a small round table by the window.",
])
def test_a_ring_said_by_a_window_stands_there_round_its_table(prompt: str) -> None:
    """The place every member of a ring shares is its anchor's: the table by the window, the armchairs round it."""
    graph = planned(prompt)
    placed = {a[0] for _, a, _ in relations(graph, "under_window")}
    assert placed == {a.id for a in graph.assets if a.category == "table"}


def test_a_ring_round_a_placed_anchor_keeps_its_own_places() -> None:
    graph = planned("Put a table in the corner with two armchairs around it, both by the window.")
    assert not {a[0] for _, a, _ in relations(graph, "in_corner")} - {"table_1"}
