"""Counts and distributions the way people write them (issue 14): seats shared over a table's
long sides and ends, "on both sides" of a bed or a path, "at both ends", "each"/"every"
pairing one thing with each of a set, "for N", "two rows of three", numbers inside compound
nouns ("a three-seater sofa") and plurals that refer back to things already named."""

from __future__ import annotations

from collections import Counter

import pytest

from setdresser.blender_addon.core.offline import plan
from setdresser.blender_addon.core.scene_graph import SceneGraph

SIDES = ("left_of", "right_of", "in_front_of", "behind")


def graph_of(prompt: str, complete: bool = False) -> SceneGraph:
    return plan(prompt, complete=complete)


def counts(graph: SceneGraph) -> Counter:
    return Counter(a.category.split()[-1] for a in graph.assets)


def per_side(graph: SceneGraph, anchor_word: str) -> Counter:
    """How many objects each side relation puts at the anchor (its id contains ``anchor_word``)."""
    out: Counter = Counter()
    for rel in graph.relations:
        args = graph.relation_args(rel.id)
        if rel.relation in SIDES and len(args) == 2 and anchor_word in args[1]:
            out[rel.relation] += 1
    return out


@pytest.mark.parametrize("prompt, front_back, ends", [
    ("Put a long banquet table in the hall with four chairs down each side and a chair at each end.", 4, 1),
    ("A long dining table. Two chairs along each long side, one at either end.", 2, 1),
    ("A long table with three chairs down each of the long sides and one at both ends.", 3, 1),
    ("Set a long table with two chairs on each side.", 2, 0),
])
def test_seats_down_the_long_sides_and_at_the_ends(prompt: str, front_back: int, ends: int) -> None:
    graph = graph_of(prompt)
    placed = per_side(graph, "table")
    assert placed["in_front_of"] == placed["behind"] == front_back
    assert placed["left_of"] == placed["right_of"] == ends
    assert counts(graph)["chair"] == 2 * front_back + 2 * ends
    # each seat is square to the table (parallel along the long sides, perpendicular at the ends)
    turned = Counter(r.relation for r in graph.relations if r.relation in ("parallel", "perpendicular"))
    assert turned == +Counter({"parallel": 2 * front_back, "perpendicular": 2 * ends})


@pytest.mark.parametrize("prompt, what, n", [
    ("A farmhouse table with benches on both sides.", "bench", 2),  # a bench seats several: one a side
    ("a big hall with a long table, benches down both long sides", "bench", 2),
    ("A bed with nightstands on both sides.", "nightstand", 2),
    ("A sofa with side tables on both sides and a lamp on each side table.", "side table", 2),
    ("A long table with chairs at both ends.", "chair", 2),
    ("A garden path with benches on both sides.", "bench", 4),  # a path's sides take rows
])
def test_uncounted_plurals_on_both_sides(prompt: str, what: str, n: int) -> None:
    graph = graph_of(prompt)
    assert Counter(a.category for a in graph.assets)[what] == n
    placed = Counter(r.relation for r in graph.relations if r.relation in SIDES
                     and graph.relation_args(r.id)[0].startswith(what.replace(" ", "_")))
    assert sum(placed.values()) == n and len(set(placed.values())) == 1, placed


def test_seats_listed_after_a_table_sit_at_the_table_not_the_room() -> None:
    graph = graph_of("a mead hall with a long wooden table, benches on both sides and a hearth in the middle")
    anchors = {graph.relation_args(r.id)[1] for r in graph.relations if r.relation in SIDES}
    assert anchors == {"table_1"}


def test_a_side_table_after_each_is_a_noun_not_a_side() -> None:
    graph = graph_of("A couch with an end table on each side and a lamp on each end table.")
    assert counts(graph)["lamp"] == 2 and counts(graph)["table"] == 2
    supports = [graph.relation_args(r.id) for r in graph.relations if r.relation == "on_top_of"]
    assert sorted(s[1] for s in supports) == ["end_table_1", "end_table_2"]
    assert not graph.unparsed
