""""It" in the next item of a list is the thing the item before placed, not the landmark it was
placed under, over or by when that landmark hangs from the ceiling or is flat ground or water
(issue 14, paper13): "a table under a hanging lamp, six players seated around it" -- around the
table; "a wooden pier stretching out over the sea, three fishermen spaced along it" -- the pier."""

from __future__ import annotations

import pytest

from setdresser.blender_addon.core.offline import plan


def relations(prompt: str) -> set[tuple[str, tuple[str, ...]]]:
    graph = plan(prompt, complete=False)
    return {(r.relation, tuple(e.asset for e in graph.edges if e.relation == r.id)) for r in graph.relations}


@pytest.mark.parametrize("prompt, placed, meant, not_meant", [
    ("a round table under a single hanging lamp, six players seated around it", "player", "table_1",
     "hanging_lamp_1"),
    ("a table under a chandelier, four chairs around it", "chair", "table_1", "chandelier_1"),
    ("a bench beside the lake, a tree next to it", "tree", "bench_1", "lake_1"),
    ("a wooden pier stretching out over the sea, three fishermen spaced along it", "fisherman", "pier_1", "sea_1"),
])
def test_it_is_the_thing_placed_by_an_overhead_or_ground_landmark(prompt: str, placed: str, meant: str,
                                                                  not_meant: str) -> None:
    landmarks = {args[-1] for _, args in relations(prompt) if args[0].startswith(placed + "_")}
    assert meant in landmarks and not_meant not in landmarks


@pytest.mark.parametrize("prompt, kept", [
    ("a cube left of a sphere and a cone right of it", ("right_of", ("cone_1", "sphere_1"))),
    ("a rug under the table and a vase on it", ("on_top_of", ("vase_1", "table_1"))),
    ("a lamp on the nightstand and a glass next to it", ("proximity", ("glass_1", "nightstand_1"))),
])
def test_an_ordinary_landmark_is_still_it(prompt: str, kept: tuple[str, tuple[str, ...]]) -> None:
    assert kept in relations(prompt)
