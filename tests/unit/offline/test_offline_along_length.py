"""Along a long thing (issue 14): things "along the road", "in a row along the edge of a road",
"by the side of the path" stand by one long side of it (so their row runs lengthwise), a long
thing along it lies parallel to it, and "on both sides of the street" things face it."""

from __future__ import annotations

import pytest

from setdresser.blender_addon.core.offline import plan


def _rels(prompt: str, complete: bool = False) -> list[tuple[str, tuple[str, ...]]]:
    graph = plan(prompt, complete=complete)
    return [(r.relation, tuple(graph.relation_args(r.id))) for r in graph.relations]


@pytest.mark.parametrize("prompt, n", [
    ("street lamps in a row along the road", 3),
    ("three trees in a row along the edge of a road", 3),
    ("three trees along the side of the road", 3),
    ("benches along the path", 3),
])
def test_things_along_a_road_stand_by_one_long_side(prompt: str, n: int) -> None:
    rels = _rels(prompt)
    sides = [args for rel, args in rels if rel == "left_of"]  # a road's long sides are its left and right
    assert len(sides) == n and len({b for _, b in sides}) == 1
    assert not any(rel in ("against_wall", "proximity") for rel, _ in rels)


def test_a_fence_along_a_road_is_parallel_to_it() -> None:
    rels = _rels("a country road with a wooden fence along it")
    assert ("parallel", ("fence_1", "country_road_1")) in rels
    assert ("left_of", ("fence_1", "country_road_1")) in rels


def test_a_counter_keeps_its_front() -> None:
    rels = _rels("three stools along the counter")
    assert not any(rel == "left_of" for rel, _ in rels)


def test_buildings_lining_a_street_face_it_and_stand_in_for_its_houses() -> None:
    graph = plan("a slum street lined with shacks on both sides", complete=True)
    cats = [a.category for a in graph.assets]
    assert cats.count("shack") == 6 and "house" not in cats
    facing = {graph.relation_args(r.id)[0] for r in graph.relations if r.relation == "facing"}
    assert {a.id for a in graph.assets if a.category == "shack"} <= facing


def test_what_a_path_is_lined_with_stands_along_it() -> None:
    rels = _rels("a park path lined with benches")
    assert sorted(a for rel, (a, b) in [(r, x[:2]) for r, x in rels] if rel == "left_of") == \
        ["bench_1", "bench_2", "bench_3"]
    assert ("row", ("bench_1", "bench_2", "bench_3")) in rels
    assert not any(rel == "left_of" for rel, _ in _rels("a road with cars"))  # cars go on it


def test_every_one_of_them_is_each_of_them() -> None:
    rels = _rels("There are three benches in the garden. Put a bin beside every one of them.")
    near = sorted(args for rel, args in rels if rel == "proximity")
    assert near == [("bin_1", "bench_1"), ("bin_2", "bench_2"), ("bin_3", "bench_3")]
