"""Distributions of a group about one anchor (issue 14, phrases6): scattered/dotted things are
each near the anchor in no ring ("rocks scattered around the campfire", "Dot a few plants around
the sofa"); "evenly around" is the ring, not a row as well; "round it" is "around it"; a grid said
after its noun (", four rows of six,") shapes that noun's group; things on either side of a door
or window are one each side, mirrored about it."""

from __future__ import annotations

import pytest

from setdresser.blender_addon.core.model import Constraint, ObjectSpec
from setdresser.blender_addon.core.offline.coding.room_coder import corner_room

from planned import counts, pairs, planned, relations


@pytest.mark.parametrize("prompt, thing, anchor, n", [
    ("Scatter five rocks around the campfire.", "rock", "campfire", 5),
    ("a pub with a long bar and stools dotted around it", "stool", "bar", None),
    ("a low coffee table with cushions scattered about it", "cushion", "coffee table", None),
    ("Dot a few plants around the sofa", "plant", "sofa", 3),
    ("logs strewn randomly around the fire pit", "log", "fire pit", None),
])
def test_scattered_things_are_near_their_anchor_in_no_ring(prompt: str, thing: str, anchor: str, n: int | None) -> None:
    graph = planned(prompt)
    assert not graph.unparsed, graph.unparsed
    ids = {a.id for a in graph.assets if a.category == thing}
    target = next(a.id for a in graph.assets if a.category.endswith(anchor) or anchor in a.description)
    near = {args[0] for args in pairs(graph, "proximity") if args[1] == target}
    assert len(ids) >= 3 and (n is None or len(ids) == n)
    assert ids <= near
    assert not relations(graph, "around", "row", "circular")


def test_scattered_about_the_room_is_read_and_places_no_ring() -> None:
    graph = planned("cushions scattered about the room")
    assert not graph.unparsed and counts(graph)["cushion"] >= 2
    assert not relations(graph, "around", "row")


@pytest.mark.parametrize("prompt, n", [
    ("Put a round table in the middle of the room. Space six chairs evenly around it.", 6),
    ("eight chairs spaced evenly around the round table", 8),
    ("a round bistro table with four stools placed evenly round it", 4),
    ("six stools evenly spaced round the round table", 6),
])
def test_evenly_around_is_one_ring_and_no_row(prompt: str, n: int) -> None:
    graph = planned(prompt)
    assert not graph.unparsed, graph.unparsed
    rings = relations(graph, "around")
    assert len(rings) == 1 and len(rings[0][1]) == n + 1
    assert not relations(graph, "row")


def test_a_round_table_is_still_a_shape() -> None:
    graph = planned("a round table with four chairs around it")
    assert any("round" in a.description for a in graph.assets if a.category == "table")
    assert len(relations(graph, "around")) == 1


@pytest.mark.parametrize("prompt, category, rows, cols", [
    ("an auditorium stage with chairs for the audience, four rows of six, all facing the stage", "chair", 4, 6),
    ("a lecture room with seats, five rows of eight, facing a big screen", "seat", 5, 8),
    ("Put desks in the classroom, three rows of five.", "desk", 3, 5),
    ("Set out wooden benches, two rows of three, in front of the altar.", "bench", 2, 3),
    ("rows of chairs facing a stage, three rows of five", "chair", 3, 5),  # the later count says how many rows
])
def test_a_grid_said_after_its_noun_shapes_that_group(prompt: str, category: str, rows: int, cols: int) -> None:
    graph = planned(prompt)
    assert not graph.unparsed, graph.unparsed
    grids = relations(graph, "grid")
    assert len(grids) == 1 and grids[0][2]["rows"] == rows and grids[0][2]["cols"] == cols
    assert counts(graph)[category] == rows * cols


@pytest.mark.parametrize("prompt, category, opening", [
    ("bookcases either side of the doorway", "bookcase", "door_1"),
    ("two plants flanking the front door", "plant", "door_1"),
    ("There is a window in the south wall. Put an armchair on either side of it.", "armchair", "window_1"),
    ("a door on the north wall with a lamp on each side of it", "lamp", "door_1"),
])
def test_either_side_of_an_opening_is_one_each_side_mirrored(prompt: str, category: str, opening: str) -> None:
    graph = planned(prompt)
    assert not graph.unparsed, graph.unparsed
    ids = sorted(a.id for a in graph.assets if a.category == category)
    assert len(ids) == 2
    mirrored = relations(graph, "symmetric")
    assert [(set(args[:2]), args[2]) for _, args, _ in mirrored] == [(set(ids), opening)]
    assert {args[0] for args in pairs(graph, "against_wall")} >= set(ids)


def test_a_door_with_things_either_side_leaves_room_for_one_at_its_corner() -> None:
    shelf = ObjectSpec(id="bookcase_1", category="bookcase", dimensions=(0.9, 0.3, 1.8))
    other = ObjectSpec(id="bookcase_2", category="bookcase", dimensions=(0.9, 0.3, 1.8))
    sym = Constraint(relation="symmetric", args=("bookcase_1", "bookcase_2", "door_1"))
    assert corner_room([shelf, other], [sym])["door_1"] >= 0.9
    assert corner_room([shelf, other], []) == {}
