"""Paper-style scene descriptions (dev set paper9): the heading that names the place, a small
thing's host placed by other things, "each with" ended by a placed thing, the host under a window."""

from __future__ import annotations

import pytest
from planned import counts, planned, relations, supports

from setdresser.blender_addon.core.offline import plan


@pytest.mark.parametrize("prompt, kept", [
    ("A martial arts dojo with mats covering the floor and a punching bag in one corner", {"mat", "punching bag"}),
    ("A monastery scriptorium with six writing desks", {"writing desk"}),
    ("A Roman bathhouse with a large pool in the middle", {"pool"}),
    ("Crew quarters: two bunk beds against opposite walls", {"bunk bed"}),
])
def test_a_heading_that_names_no_object_is_the_scene_not_a_labelled_box(prompt: str, kept: set[str]) -> None:
    assert set(counts(planned(prompt))) == kept


@pytest.mark.parametrize("prompt, kept", [
    ("A log cabin with a bed, a stove and a table", {"bed", "stove", "table"}),
    ("A mountain ski lodge with a stone fireplace and two sofas", {"fireplace", "sofa"}),
])
def test_a_building_heading_furnished_with_indoor_things_is_its_inside(prompt: str, kept: set[str]) -> None:
    assert set(counts(planned(prompt))) == kept


@pytest.mark.parametrize("prompt, thing", [
    ("A desk with a lamp on it", "desk"),  # a known object stays one
    ("A zorb", "zorb"),  # nothing follows: the thing asked for
    ("a farmer's market stall with a few crates", "farmer market stall"),  # a crate stands anywhere
    ("A cabin in the woods with a bed", "cabin"),  # no heading: placed in the woods
])
def test_a_heading_of_a_known_object_or_without_contents_stays_an_object(prompt: str, thing: str) -> None:
    assert thing in counts(planned(prompt))


@pytest.mark.parametrize("prompt, kind", [
    ("A mountain ski lodge with a stone fireplace and two sofas", "indoor"),
    ("A lake with two rowing boats", "outdoor"),
    ("A forest clearing with a campfire", "outdoor"),
    ("a coral reef with fish and a diver", "outdoor"),
    ("a quiet country road at dawn with a row of poplar trees along one side", "outdoor"),
])
def test_a_ground_word_that_names_the_kind_of_a_heading_place_does_not_make_it_outdoors(prompt: str,
                                                                                       kind: str) -> None:
    assert plan(prompt).room["setting"]["kind"] == kind


def test_a_small_thing_a_host_carries_places_the_host_by_other_things() -> None:
    graph = planned("A cabin with two bunk beds against opposite walls, a narrow desk with a laptop between them")
    assert ("between", ("desk_1", "bunk_bed_1", "bunk_bed_2"), {}) in relations(graph, "between")
    graph = planned("A room with a sofa, and a desk with a lamp next to it")
    assert [r[1] for r in relations(graph, "proximity")] == [("lamp_1", "desk_1")]  # next to its own host: the lamp


def test_a_host_with_small_things_stands_under_the_window() -> None:
    graph = planned("A shop with a workbench covered in tools under the window")
    assert [r[1][0] for r in relations(graph, "under_window")] == ["workbench_1"]


def test_each_with_one_placed_thing_ends_at_the_comma() -> None:
    graph = planned("A tavern with four round tables, each with three stools around it, barrels against the "
                    "west wall and a big fireplace on the north wall")
    assert counts(graph) == {"table": 4, "stool": 12, "barrel": 3, "fireplace": 1}
    graph = planned("A cafe with six tables, each with a candle, a vase, and a menu")
    assert counts(graph) == {"table": 6, "candle": 6, "vase": 6, "menu": 6}  # a list each one has goes on


def test_the_hosts_place_is_read_before_the_list_moves_on() -> None:
    graph = planned("A bicycle repair shop with three bikes hanging on hooks along the west wall, a workbench covered "
                    "in tools under the window, a repair stand in the middle of the room and a pile of spare tyres")
    assert [r[1][0] for r in relations(graph, "under_window")] == ["workbench_1"]


def test_a_row_along_the_window_stands_by_the_window_not_anywhere_on_its_wall() -> None:
    graph = planned("A small florist's shop with a row of flower buckets along the front window")
    near = [r for r in relations(graph, "proximity") if r[1][1] == "window_1"]
    assert [r[1][0] for r in near] == ["flower_bucket_2"]  # the row's middle at the window, the rest beside it


def test_a_porthole_is_a_window() -> None:
    graph = planned("A cabin with a narrow desk and a porthole above the desk")
    assert [o["kind"] for o in graph.room["openings"]] == ["window"] and "porthole" not in counts(graph)


@pytest.mark.parametrize("prompt", ["A room with two beds against opposite walls", "Two bookcases on opposite walls"])
def test_things_against_opposite_walls_face_across_the_room(prompt: str) -> None:
    walls = sorted(r[2]["wall"] for r in relations(planned(prompt), "against_wall"))
    assert walls == ["long", "long_other"]


def test_what_one_per_anchor_comes_with_is_each_ones() -> None:
    graph = planned("A scriptorium with six desks, a monk seated at each desk with a candle beside his book")
    assert counts(graph)["candle"] == 6 and counts(graph)["book"] == 6  # a candle apiece, beside his own book
    assert counts(planned("A classroom with six desks, a student at each desk with a book"))["book"] == 6
    assert counts(planned("A sofa with a cushion"))["cushion"] == 1


def test_a_small_thing_with_someone_at_a_desk_stands_on_that_desk() -> None:
    on = supports(planned("A scriptorium with six desks, a monk seated at each desk with a candle", complete=True))
    desks = {on[f"candle_{i}"] for i in range(1, 7)}
    assert len(desks) == 6 and all(d.startswith("desk_") for d in desks)
