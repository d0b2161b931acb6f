"""Phrases that are not objects never become labelled boxes: directions, shapes, views and
adverbs are reported as not understood; a part ("its headboard") stands for its object; "in
an L shape" arranges; purposes ("for visitors") are filler."""

from __future__ import annotations

import pytest

from setdresser.blender_addon.core.offline import plan


def triples(prompt: str) -> set[tuple[str, tuple[str, ...], str]]:
    graph = plan(prompt, complete=False)
    return {(r.relation, tuple(graph.relation_args(r.id)), str(r.params.get("wall", ""))) for r in graph.relations}


@pytest.mark.parametrize("prompt, phrase", [
    ("An armchair facing the other direction.", "direction"),
    ("A desk in an odd formation by the door.", "formation"),
    ("A balcony chair with a view.", "view"),
    ("Place the chair haphazardly in the corner.", "haphazardly"),
    ("A lamp in a strange pattern near the sofa.", "pattern"),
])
def test_non_objects_are_reported_not_placed(prompt: str, phrase: str) -> None:
    graph = plan(prompt, complete=False)
    categories = [a.category for a in graph.assets]
    assert not any(phrase.split()[-1].rstrip("s") in c for c in categories), categories
    assert any(phrase in part for part in graph.unparsed), graph.unparsed


@pytest.mark.parametrize("prompt, obj, wall", [
    ("A double bed with its headboard against the east wall.", "bed_1", "east"),
    ("Put a hospital bed with its head against the north wall.", "hospital_bed_1", "north"),
    ("A sofa with its back against the west wall.", "sofa_1", "west"),
])
def test_a_part_stands_for_its_object(prompt: str, obj: str, wall: str) -> None:
    graph = plan(prompt, complete=False)
    assert [a.id for a in graph.assets] == [obj]
    assert ("against_wall", (obj,), wall) in triples(prompt)
    assert graph.unparsed == []


def test_l_shape_is_an_arrangement_not_a_box() -> None:
    graph = plan("Put two sofas in an L shape in the south-east corner.", complete=False)
    assert [a.category for a in graph.assets] == ["sofa", "sofa"]
    found = triples("Put two sofas in an L shape in the south-east corner.")
    assert ("perpendicular", ("sofa_1", "sofa_2"), "") in found and ("ends_meet", ("sofa_1", "sofa_2"), "") in found
    assert graph.unparsed == []


def test_purpose_phrases_are_filler_not_people() -> None:
    graph = plan("Two sofas for visitors face each other near the entrance.", complete=False)
    assert [a.category for a in graph.assets] == ["sofa", "sofa"]


def test_each_not_understood_part_is_reported_once() -> None:
    unparsed = plan("An armchair facing the other direction.", complete=False).unparsed
    assert unparsed == ["facing the other direction"]


def test_in_parallel_rows_is_a_grid() -> None:
    found = triples("Four desks in parallel rows.")
    assert ("grid", ("desk_1", "desk_2", "desk_3", "desk_4"), "") in found
