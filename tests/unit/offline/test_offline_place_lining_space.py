"""One thing at each place, lining compounds, free spaces (issue 14, phrases6): "set for six,
with a plate at every place" is six plates (was one plate and "at every" not understood); "a
tree-lined avenue" is an avenue with trees along both sides (was one tree); an aisle or a gangway
is room left free, never an object, and things on either side of it stand in two columns with
the aisle's width between them (was a box called "aisle")."""

from __future__ import annotations

import pytest

from planned import counts, planned, relations
from setdresser.blender_addon.core.offline.relations.free_space import AISLE_WIDTH
from setdresser.blender_addon.core.offline.reading.lexicon import Vocabulary
from setdresser.blender_addon.core.offline.reading.lined import lined_compounds
from setdresser.blender_addon.core.offline.distributions.per_place import one_per_place


@pytest.mark.parametrize("prompt, thing, n", [
    ("Put a dining table in the middle of the room, set for six, with a plate at every place.", "plate", 6),
    ("a kitchen table laid for four, with a glass at each place", "glass", 4),
    ("a table with six chairs and a napkin at each place setting", "napkin", 6),
    ("A long table set for 8 people, with a candle at each place.", "candle", 8),
])
def test_a_thing_at_every_place_is_one_per_seat(prompt: str, thing: str, n: int) -> None:
    graph = planned(prompt, complete=True)  # the occasion's words ("for six") are read with completion
    assert not graph.unparsed, graph.unparsed
    assert counts(graph)[thing] == n


def test_without_a_seat_count_the_text_stays() -> None:
    vocab = Vocabulary(None)
    assert one_per_place("a plate at every place", vocab) == "a plate at every place"
    assert one_per_place("set for two, with a candle at each place", vocab) == "set for two, with two candles"
    listed = "a table set for four, with a plate, a napkin and a glass at every place"
    assert one_per_place(listed, vocab) == "a table set for four, with four plates and four napkins and four glasses"


@pytest.mark.parametrize("prompt, lining, anchor", [
    ("a tree-lined avenue", "tree", "avenue"),
    ("A palm-lined beach path leading to the sea.", "palm", "beach path"),
    ("a quiet shop-lined street at dusk", "shop", "street"),
])
def test_a_lined_compound_lines_both_sides(prompt: str, lining: str, anchor: str) -> None:
    graph = planned(prompt)
    trees = {a.id for a in graph.assets if a.category == lining}
    road = next(a.id for a in graph.assets if a.category == anchor)
    assert len(trees) >= 4
    left = {args[0] for _, args, _ in relations(graph, "left_of") if args[1] == road}
    right = {args[0] for _, args, _ in relations(graph, "right_of") if args[1] == road}
    assert left and right and left | right == trees


def test_lined_compounds_reads_the_hyphen_only() -> None:
    assert lined_compounds("a tree-lined avenue.") == "a avenue lined with trees on both sides."
    assert lined_compounds("a street lined with trees") == "a street lined with trees"


@pytest.mark.parametrize("prompt, thing", [
    ("a small chapel with wooden pews on either side of the aisle", "pew"),
    ("Put benches on both sides of the gangway.", "bench"),
])
def test_an_aisle_is_free_space_with_two_columns_beside_it(prompt: str, thing: str) -> None:
    graph = planned(prompt)
    assert not graph.unparsed, graph.unparsed
    assert not any(a.category in ("aisle", "gangway") for a in graph.assets)
    ids = [a.id for a in graph.assets if a.category == thing]
    assert len(ids) >= 4
    grids = relations(graph, "grid")
    assert len(grids) == 1 and grids[0][2]["cols"] == 2 and set(grids[0][1]) == set(ids)
    apart = relations(graph, "far_from")
    assert len(apart) == len(ids) // 2 and all(p["min_distance"] == AISLE_WIDTH for _, _, p in apart)


def test_an_aisle_alone_is_no_object() -> None:
    graph = planned("a rug in the aisle and two chairs")
    assert not any("aisle" in a.category for a in graph.assets)
    assert counts(graph)["rug"] == 1
