"""A pair said with no noun of its own after "between each" (dev set tests/benchmark/dev/counts12.json,
issue 14, class "count"): "four armchairs ... with a little side table between each pair of them" has a
side table in each of the three gaps (was one, and 'each pair of' not understood); "between each pair"
and "between every two" the same; "between each pair of loungers" as before."""

from __future__ import annotations

import pytest

from planned import kinds, planned, relations


@pytest.mark.parametrize("prompt, expected", [
    ("Line four armchairs up along the west wall with a little side table between each pair of them.",
     {"armchair": 4, "side table": 3}),
    ("Five chairs in a row with a small table between each pair.", {"chair": 5, "table": 4}),
    ("Five loungers by the pool with a parasol between every two.", {"lounger": 5, "parasol": 4}),
    ("Three loungers with a parasol between each pair of loungers.", {"lounger": 3, "parasol": 2}),
])
def test_between_each_pair_is_one_in_every_gap(prompt: str, expected: dict[str, int]) -> None:
    found = kinds(prompt, complete=False)
    assert {k: found[k] for k in expected} == expected
    assert not [u for u in planned(prompt).unparsed if "pair" in u or "two" in u]


def test_each_gap_has_its_own_table() -> None:
    graph = planned("Line four armchairs along the wall with a side table between each pair of them.")
    between = [args for _, args, _ in relations(graph, "between")]
    assert len(between) == 3 and len({args[0] for args in between}) == 3
