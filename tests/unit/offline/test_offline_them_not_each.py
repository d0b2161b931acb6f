""""Them" after "each X" is the Xs, not each of them (dev set tests/benchmark/dev/counts12.json, issue 14,
class "count"): "Put a cool box next to each chair and a tent behind them" is one tent behind the chairs
(was three, one per chair: the pronoun kept the "each" of the phrase it refers to)."""

from __future__ import annotations

import pytest

from planned import kinds


@pytest.mark.parametrize("prompt, expected", [
    ("Three chairs face the lake. Put a cool box next to each chair and a tent behind them.",
     {"chair": 3, "cool box": 3, "tent": 1}),
    ("Three chairs face the lake. Put a cool box next to each chair. Put a tent behind them.",
     {"chair": 3, "cool box": 3, "tent": 1}),
    ("Four beds with a rug at the foot of each. Hang a painting above them.", {"bed": 4, "rug": 4, "painting": 1}),
    ("Put a lamp on each of the two nightstands and a book beside each of them.",
     {"nightstand": 2, "lamp": 2, "book": 2}),
])
def test_them_refers_to_the_group_not_each_member(prompt: str, expected: dict[str, int]) -> None:
    found = kinds(prompt, complete=False)
    assert {k: found[k] for k in expected} == expected
