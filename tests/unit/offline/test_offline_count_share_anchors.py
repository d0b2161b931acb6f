"""A counted total shared out over anchors the text does not count (dev set
tests/benchmark/dev/counts11.json, issue 14, class "count"): "twelve monitors, two on each desk"
is six desks (was twelve, one a monitor), "twelve chairs, four at each table" three tables, each
with its own four seated round it as "three tables with four chairs at each" are; "two lamps,
one on each nightstand" stays two nightstands; "one at each end and the rest along the sides" are
the table's sides (were the room's walls)."""

from __future__ import annotations

from collections import Counter

import pytest

from planned import counts, kinds, planned, relations



@pytest.mark.parametrize("prompt, thing, total, anchor, anchors", [
    ("a control room: twelve monitors, two on each desk", "monitor", 12, "desk", 6),
    ("twelve chairs, four at each table", "chair", 12, "table", 3),
    ("six plants, three on each shelf", "plant", 6, "shelf", 2),
    ("two lamps, one on each nightstand", "lamp", 2, "nightstand", 2),
    ("a dozen candles, three on each table", "candle", 12, "table", 4),
])
def test_the_anchors_are_the_total_over_the_share(prompt: str, thing: str, total: int, anchor: str,
                                                   anchors: int) -> None:
    made = kinds(prompt, complete=False)
    assert made[thing] == total and made[anchor] == anchors


def test_each_anchor_takes_its_own_share() -> None:
    graph = planned("twelve chairs, four at each table")
    at: Counter[str] = Counter()
    for name, args, _ in relations(graph, "in_front_of", "behind", "left_of", "right_of"):
        if args[0].startswith("chair"):
            at[args[1]] += 1
    assert sorted(at.values()) == [4, 4, 4]


def test_the_same_share_said_with_the_anchors_first() -> None:
    shared = planned("twelve chairs, four at each table")
    said = planned("three tables with four chairs at each")
    sides = ("in_front_of", "behind", "left_of", "right_of")
    assert sorted(n for n, *_ in relations(shared, *sides)) == sorted(n for n, *_ in relations(said, *sides))


@pytest.mark.parametrize("prompt, ends, sides", [
    ("A long table with six chairs: one at each end and the rest along the sides.", 2, 4),
    ("A long table stands in the middle. There are six chairs. Two go at each end, the rest along the sides.", 4, 2),
])
def test_the_rest_along_the_sides_of_their_table(prompt: str, ends: int, sides: int) -> None:
    graph = planned(prompt)
    at: Counter[str] = Counter()
    for name, args, _ in relations(graph, "in_front_of", "behind", "left_of", "right_of"):
        if args[0].startswith("chair") and args[1] == "table_1":
            at["end" if name in ("left_of", "right_of") else "side"] += 1
    assert (at["end"], at["side"]) == (ends, sides)
    assert not relations(graph, "against_wall")


def test_a_video_wall_is_a_thing_the_desks_face() -> None:
    graph = planned("a security control room: twelve monitors, two on each desk, the desks in two rows facing a video wall")
    made = counts(graph)
    assert (made["monitor"], made["desk"], made["video wall"]) == (12, 6, 1)
    assert not graph.unparsed
