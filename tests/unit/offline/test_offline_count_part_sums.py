"""Counts that sum (dev set tests/benchmark/dev/counts12.json, issue 14, class "count"): an uncounted
plural followed by its counted parts has as many things as the parts together ("Plants: three on the shelf
and two on the floor": five, was three; "Folding chairs for an open-mic night: four in the front row and six
in the second": ten). Counted wholes, shares ("two on each side"), "the rest" and parts with their own
noun are left as they were."""

from __future__ import annotations

import pytest

from planned import kinds


@pytest.mark.parametrize("prompt, expected", [
    ("Plants: three on the shelf and two on the floor.", {"plant": 5}),
    ("Chairs: four by the window and two by the door.", {"chair": 6}),
    ("Some chairs, four by the window and two by the door.", {"chair": 6}),
    ("Six guests: four at the table and two on the sofa.", {"guest": 6}),
])
def test_the_parts_add_up_to_the_whole(prompt: str, expected: dict[str, int]) -> None:
    found = kinds(prompt, complete=False)
    assert {k: found[k] for k in expected} == expected


def test_rows_said_by_ordinal_add_up() -> None:
    found = kinds("Folding chairs for an open-mic night: four in the front row and six in the second, all facing a "
                  "microphone stand near the north wall.", complete=False)
    assert found["folding chair"] + found["chair"] == 10 and found["microphone stand"] == 1


@pytest.mark.parametrize("prompt, expected", [
    ("Chairs around the table, two on each side.", {"chair": 4}),
    ("Fifteen folding chairs face the stage: four in the first row, five in the second and the rest in the back.",
     {"folding chair": 15}),
    ("Put chairs by the window, two tables and three lamps.", {"table": 2, "lamp": 3}),
])
def test_shares_counted_wholes_and_named_parts_are_no_sums(prompt: str, expected: dict[str, int]) -> None:
    found = kinds(prompt, complete=False)
    assert {k: found[k] for k in expected} == expected
