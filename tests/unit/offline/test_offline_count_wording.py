"""Counts the way people spread them over a prompt (issue 14, dev set counts2): an added
ordinal ("add a third armchair") is one more object, parts of a group ("four of them are
red and the rest white", "two of the chairs face the window, the rest face the TV") each
get what is said of them, and colour words said after the verb describe the subject even
when the word is also a noun ("The chairs are green")."""

from __future__ import annotations

from collections import Counter

import pytest
from planned import counts, planned

from setdresser.blender_addon.core.offline import plan
from setdresser.blender_addon.core.scene_graph import SceneGraph


def colours(graph: SceneGraph, category: str) -> Counter:
    return Counter(h for a in graph.assets if a.category.split()[-1] == category for h in a.hints)


@pytest.mark.parametrize("prompt, what, n", [
    ("Place two armchairs by the fireplace. Add a third armchair near the window.", "armchair", 3),
    ("Put a desk against the east wall. Add a chair in front of it. Then add a second chair next to the first one.",
     "chair", 2),
    ("Put four chairs around a round table. Then add a fifth chair by the window.", "chair", 5),
    ("There is a lamp on the desk; a second lamp stands by the bed.", "lamp", 2),
])
def test_an_ordinal_after_a_counts_one_more(prompt: str, what: str, n: int) -> None:
    assert counts(planned(prompt), head=True)[what] == n


def test_the_second_shelf_still_refers_back() -> None:
    graph = planned("Three shelves on the north wall. Put a vase on the second shelf.")
    assert counts(graph, head=True)["shelf"] == 3 and counts(graph, head=True)["vase"] == 1


@pytest.mark.parametrize("prompt, what, said", [
    ("Six chairs around the dining table - four of them are red and the rest white.", "chair",
     {"red": 4, "white": 2}),
    ("Put six mugs on the counter. Four of them are white and two are blue.", "mug", {"white": 4, "blue": 2}),
    ("Five cushions on the sofa, two of them yellow, the others grey.", "cushion", {"yellow": 2, "grey": 3}),
    ("Eight chairs in a row. Three of the chairs are black; the remaining ones are oak.", "chair",
     {"black": 3, "oak": 5}),
])
def test_parts_of_a_group_each_get_their_words(prompt: str, what: str, said: dict[str, int]) -> None:
    graph = planned(prompt)
    assert sum(said.values()) == counts(graph, head=True)[what]
    assert {w: colours(graph, what)[w] for w in said} == said
    assert not graph.unparsed


def test_parts_of_a_group_each_face_their_target() -> None:
    graph = planned("Add eight chairs and a TV. Two of the chairs face the window, the rest face the TV.")
    assert counts(graph, head=True)["chair"] == 8
    faced = Counter(graph.relation_args(r.id)[1].split("_")[0] for r in graph.relations
                    if r.relation.startswith("facing") and graph.relation_args(r.id)[0].startswith("chair"))
    assert faced == {"window": 2, "tv": 6}


@pytest.mark.parametrize("prompt, what, colour", [
    ("Put four chairs around the table. The chairs are green.", "chair", "green"),
    ("Four stools at the counter. They are green.", "stool", "green"),
    ("A bench by the door. It is oak.", "bench", "oak"),
])
def test_colour_said_after_the_verb_describes_the_subject(prompt: str, what: str, colour: str) -> None:
    graph = planned(prompt)
    assert colours(graph, what)[colour] == counts(graph, head=True)[what] > 0
    assert not graph.unparsed


@pytest.mark.parametrize("prompt, what, n", [
    ("Put a lamp on both nightstands, one on each side of the bed.", "lamp", 2),
    ("Put two benches along the west wall. Put a cushion on both of them.", "cushion", 2),
    ("Two small tables by the window. Put a candle on each of them.", "candle", 2),
    ("Two beds against the north wall, a blanket on both beds.", "blanket", 2),
])
def test_a_thing_on_both_is_one_on_each(prompt: str, what: str, n: int) -> None:
    graph = planned(prompt)
    assert counts(graph, head=True)[what] == n
    anchors = {graph.relation_args(r.id)[1] for r in graph.relations if r.relation == "on_top_of"
               and graph.relation_args(r.id)[0].startswith(what)}
    assert len(anchors) == n


@pytest.mark.parametrize("prompt, what, n", [
    ("A hostel dorm room with three beds and one locker each.", "locker", 3),
    ("A study hall with four desks and a lamp each.", "lamp", 4),
])
def test_one_each_after_and_counts_per_object(prompt: str, what: str, n: int) -> None:
    assert counts(plan(prompt), head=True)[what] == n


@pytest.mark.parametrize("prompt, chairs", [
    ("a dining room with a table for 4 persons", 4),
    ("a dining room with a round table for two", 2),
])
def test_an_archetype_item_the_user_named_still_brings_its_companions(prompt: str, chairs: int) -> None:
    graph = plan(prompt)
    assert counts(graph, head=True)["chair"] == chairs and counts(graph, head=True)["table"] == 1


def test_the_users_own_seats_sit_at_the_desks_of_a_furnished_room() -> None:
    graph = plan("home office for two: two desks, two office chairs and one shared printer")
    assert counts(graph, head=True)["chair"] == 2 and counts(graph, head=True)["desk"] == 2
    seated = {graph.relation_args(r.id)[1] for r in graph.relations if r.relation == "in_front_of"
              and "chair" in graph.relation_args(r.id)[0]}
    assert seated == {"desk_1", "desk_2"}


@pytest.mark.parametrize("prompt, what, anchor, n", [
    ("Put a lamp on each desk. There are two desks against the north wall.", "lamp", "desk", 2),
    ("Put a monitor on each desk. The room has three desks in a row.", "monitor", "desk", 3),
    ("Put a cushion on every chair. Then place four chairs around the table.", "cushion", "chair", 4),
])
def test_a_set_spoken_of_before_it_is_counted(prompt: str, what: str, anchor: str, n: int) -> None:
    graph = planned(prompt)
    assert counts(graph, head=True)[anchor] == n and counts(graph, head=True)[what] == n
    pairs = {graph.relation_args(r.id) for r in graph.relations if r.relation == "on_top_of"}
    assert len({b for a, b in pairs if a.startswith(what)}) == n


@pytest.mark.parametrize("prompt, anchor, n", [
    ("Put a lamp on the desk. Add two desks.", "desk", 3),  # "the desk" is one of its own: two more
    ("Put the sofa against the wall. Add two sofas by the window.", "sofa", 3),
])
def test_a_single_definite_is_not_a_presumed_set(prompt: str, anchor: str, n: int) -> None:
    assert counts(planned(prompt), head=True)[anchor] == n


@pytest.mark.parametrize("prompt, what, n", [
    ("Put 2 plants in each corner.", "plant", 8),
    ("Two lamps in every corner of the room.", "lamp", 8),
    ("A lamp in every corner.", "lamp", 4),
    ("Three plants in the corners.", "plant", 3),
])
def test_a_count_in_each_corner_is_per_corner(prompt: str, what: str, n: int) -> None:
    graph = planned(prompt)
    assert counts(graph, head=True)[what] == n
    cornered = {r.params["corner"] for r in graph.relations if r.relation == "in_corner"}
    assert len(cornered) == min(n, 4)


@pytest.mark.parametrize("prompt, what, n", [
    ("Set out chairs for ten guests.", "chair", 10),
    ("Put plates for six people on the table.", "plate", 6),
    ("A bathroom with double sinks.", "sink", 2),
])
def test_counts_said_by_guests_and_pair_words(prompt: str, what: str, n: int) -> None:
    graph = plan(prompt)
    assert counts(graph, head=True)[what] == n
    assert not any("guest" in a.category or "people" in a.category for a in graph.assets)


@pytest.mark.parametrize("prompt, what, n", [
    ("a dining room with six chairs", "chair", 6),
    ("A bar with ten stools along the counter.", "stool", 10),
    ("a bar with six stools", "stool", 6),
    ("a cafe with eight chairs", "chair", 8),
    ("a living room with two sofas", "sofa", 2),
])
def test_a_kind_the_user_counts_in_a_furnished_room_is_not_added_again(prompt: str, what: str, n: int) -> None:
    assert counts(plan(prompt), head=True)[what] == n


def test_a_chair_placed_elsewhere_leaves_the_dining_tables_chairs() -> None:
    graph = plan("a dining room with a chair by the window")
    assert counts(graph, head=True)["chair"] == 7  # the archetype's six at the table, and the user's one by the window


def test_the_users_chairs_are_seated_at_the_archetypes_table() -> None:
    graph = plan("a dining room with six chairs")
    seated = {graph.relation_args(r.id)[0] for r in graph.relations
              if r.relation == "facing" and graph.relation_args(r.id)[1].startswith("dining_table")}
    assert len(seated) == 6


@pytest.mark.parametrize("prompt, what, n, red", [
    ("Three of the five chairs are red.", "chair", 5, 3),
    ("Six chairs. Two of the chairs are red.", "chair", 6, 2),
])
def test_a_part_of_a_group_the_part_introduces(prompt: str, what: str, n: int, red: int) -> None:
    graph = planned(prompt)
    assert counts(graph, head=True)[what] == n and colours(graph, what)["red"] == red
