"""Anchors said with "all" (dev set tests/benchmark/dev/counts12.json, issue 14, class "count"): a
fresh thing set on "all the tables" or "all of them" is one on each, as "on each table" and "on
both desks" were already (was one candle on the first table); "under all the chairs" and "beside
all the beds" keep one thing for the group."""

from __future__ import annotations

import pytest

from planned import kinds, planned, relations


@pytest.mark.parametrize("prompt, expected", [
    ("An ice-cream parlour with five small tables, a sugar bowl on all the tables and two chairs at each.",
     {"table": 5, "sugar bowl": 5, "chair": 10}),
    ("A cafe with four tables and a candle on all the tables.", {"table": 4, "candle": 4}),
    ("A classroom with six desks and a book on all of them.", {"desk": 6, "book": 6}),
    ("Three tables with two vases on all of them.", {"table": 3, "vase": 6}),
    ("Four tables, and a lamp above all the tables.", {"table": 4, "ceiling lamp": 4}),
    ("Three beds in a row with a rug beside all the beds.", {"bed": 3, "rug": 1}),
    ("Four chairs with a rug under all the chairs.", {"chair": 4, "rug": 1}),
])
def test_a_thing_on_all_of_them_is_one_on_each(prompt: str, expected: dict[str, int]) -> None:
    found = kinds(prompt, complete=False)
    assert {k: found[k] for k in expected} == expected


def test_each_copy_stands_on_its_own_table() -> None:
    graph = planned("A cafe with four tables and a candle on all the tables.")
    pairs = {args for _, args, _ in relations(graph, "on_top_of")}
    assert len(pairs) == 4 and len({table for _, table in pairs}) == 4
