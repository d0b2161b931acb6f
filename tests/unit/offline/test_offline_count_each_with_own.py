"""Things each of a stated capacity's people has, said as a bare ", each with ..." (dev set
tests/benchmark/dev/counts12.json, issue 14, class "count"): "a shared bedroom for three children, each
with their own bed and desk" has three beds and three desks (was one of each); "their own" counts as
"a", a bare noun after "and" takes the count of the one before, and the list ends at the next comma
("..., and a big rug in the middle": one rug). A bare "each with" after other objects stays theirs."""

from __future__ import annotations

import pytest

from planned import kinds


@pytest.mark.parametrize("prompt, expected", [
    ("a shared bedroom for three children, each with their own bed and desk, and a big rug in the middle",
     {"bed": 3, "desk": 3, "rug": 1}),
    ("a dorm for four students, each with a desk and a lamp", {"desk": 4, "lamp": 4}),
    ("a classroom for 20 pupils, each with a desk and a chair, and a whiteboard on the wall",
     {"desk": 20, "chair": 20, "whiteboard": 1}),
    ("a cafe for 20 guests with five tables, each with four chairs", {"table": 5, "chair": 20}),
    ("a bedroom for three children. Each of them gets a bed and a desk.", {"bed": 3, "desk": 3}),
])
def test_each_of_the_people_with_their_own(prompt: str, expected: dict[str, int]) -> None:
    found = kinds(prompt, complete=False)
    assert {k: found[k] for k in expected} == expected
