"""Counts said as a ratio or a share of a count said before (dev set tests/benchmark/dev/counts11.json,
issue 14, class "count"): "a lamp for every two desks" after twelve desks is six lamps (was one and
'for every two desks' not understood), "one nightstand per two beds" five for ten beds (was two);
"half of them" after "six stalls stand in two rows" is three (half the stalls, not of the rows)."""

from __future__ import annotations

from collections import Counter

import pytest

from planned import planned


@pytest.mark.parametrize("prompt, expected", [
    ("twelve desks in rows, with a lamp for every two desks", {"desk": 12, "lamp": 6}),
    ("ten beds and one nightstand per two beds", {"bed": 10, "nightstand": 5}),
    ("There are 24 students. Put a water jug on the tables for every four students.", {"water jug": 6}),
    ("a classroom for 20 pupils with one computer for every four pupils", {"computer": 5}),
    ("Six stalls stand in two facing rows, and half of them have an awning.", {"stall": 6, "awning": 3}),
    ("a plate per guest", {"plate": 1}),
])
def test_counts_said_by_ratio(prompt: str, expected: dict[str, int]) -> None:
    kinds = Counter(a.category for a in planned(prompt).assets)
    assert {k: kinds[k] for k in expected} == expected
    assert not [u for u in planned(prompt).unparsed if "every" in u or "per" in u.split()]
