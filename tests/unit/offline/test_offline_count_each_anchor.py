"""Shares round several anchors and shares that count an uncounted plural (issue 14 counts9):
"a lantern at each end of both tables" is a lantern at each end of each table (four), "a lamp on
either side of each bed" two a bed; "a bed with lamps, one on each side" has two lamps (not the
three a bare plural gets), "a square table with chairs, one on each side" four chairs, "a sofa
with cushions, one at each end" two cushions."""

from __future__ import annotations

from collections import Counter

import pytest

from setdresser.blender_addon.core.offline import plan
from setdresser.blender_addon.core.scene_graph import SceneGraph
from planned import counts


def anchors(graph: SceneGraph, relation_names: set[str], subject: str) -> Counter[str]:
    """anchor id -> how many ``subject`` objects a relation of those names puts there."""
    category = {a.id: a.category for a in graph.assets}
    return Counter(args[1] for r in graph.relations if r.relation in relation_names
                   for args in [graph.relation_args(r.id)] if len(args) == 2 and category[args[0]] == subject)


@pytest.mark.parametrize("prompt, thing, host, relations", [
    ("two long tables with a lantern at each end of both tables", "lantern", "table", {"at_end"}),
    ("Put two sofas in the room and a plant at each end of both sofas.", "plant", "sofa", {"at_end"}),
    ("two benches with a lamp at each end of each bench", "lamp", "bench", {"at_end"}),
    ("two beds with a lamp on either side of each bed", "lamp", "bed", {"left_of", "right_of"}),
    ("two beds with a nightstand on each side of both beds", "nightstand", "bed", {"left_of", "right_of"}),
])
def test_a_share_round_each_of_several_anchors_is_made_for_every_one(prompt: str, thing: str, host: str,
                                                                      relations: set[str]) -> None:
    graph = plan(prompt)
    assert counts(graph)[host] == 2 and counts(graph)[thing] == 4
    assert sorted(anchors(graph, relations, thing).values()) == [2, 2]


def test_a_share_round_one_anchor_is_unchanged() -> None:
    graph = plan("a bed with a nightstand on each side")
    assert counts(graph)["nightstand"] == 2


@pytest.mark.parametrize("prompt, thing, n", [
    ("a bed with lamps, one on each side", "lamp", 2),
    ("a square table with chairs, one on each side", "chair", 4),
    ("a long table with chairs, one on each side and one at each end", "chair", 4),
    ("a sofa with cushions, one at each end", "cushion", 2),
    ("a bench with planters, one at each end", "planter", 2),
])
def test_an_uncounted_plural_is_as_many_as_its_shares(prompt: str, thing: str, n: int) -> None:
    assert counts(plan(prompt))[thing] == n


@pytest.mark.parametrize("prompt, thing, n", [
    ("a long table with chairs, two on each side", "chair", 4),
    ("a long table with chairs, two on each long side and one at each end", "chair", 6),
    ("six cushions on the sofa, one at each end", "cushion", 6),
    ("a square table with four chairs, one on each side", "chair", 4),
])
def test_counted_plurals_and_larger_shares_keep_their_number(prompt: str, thing: str, n: int) -> None:
    assert counts(plan(prompt))[thing] == n
