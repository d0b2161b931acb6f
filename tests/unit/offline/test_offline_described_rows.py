"""Words that only describe a group's shape between its count and its noun (dev set
tests/benchmark/dev/counts11.json, issue 14, class "count"): "in two neat rows", "in two facing
rows", "a neat row of five lockers", "an untidy pile of books" are the rows, row and pile said
plainly (were things called 'neat row' or 'row', a thing 'neat', 'untidy', or not understood)."""

from __future__ import annotations

from collections import Counter

import pytest

from planned import planned


@pytest.mark.parametrize("prompt, kind, n", [
    ("ten desks in two neat rows", "desk", 10),
    ("Six stalls stand in two facing rows.", "stall", 6),
    ("Six benches in two parallel rows", "bench", 6),
    ("ten desks in two long rows of five", "desk", 10),
    ("a neat row of five lockers", "locker", 5),
    ("an untidy pile of books", "book", 3),
    ("A tall stack of plates sits on the counter.", "plate", 3),
])
def test_described_rows_are_rows(prompt: str, kind: str, n: int) -> None:
    graph = planned(prompt)
    kinds = Counter(a.category for a in graph.assets)
    assert kinds[kind] == n and set(kinds) <= {kind, "counter"}
    assert not graph.unparsed


def test_two_rows_said_with_a_word_between_are_a_grid() -> None:
    graph = planned("ten desks in two neat rows")
    grids = [r for r in graph.relations if r.relation == "grid"]
    assert len(grids) == 1 and grids[0].params["rows"] == 2
