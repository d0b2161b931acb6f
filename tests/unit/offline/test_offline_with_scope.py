"""How far what "X with" / "each X has" / "for each X" hands out reaches: to every thing joined by
"and" before "for each" / "each", and no further than a clause of its own after a comma
("..., and there is a vase", "..., and a vase goes ...", "..., and put a plant ...")."""

from __future__ import annotations

import pytest
from planned import counts, planned


@pytest.mark.parametrize("prompt, expected", [
    ("Eight chairs around a table. Every chair gets a plate in front of it, and there's a vase in the middle "
     "of the table.", {"chair": 8, "plate": 8, "vase": 1}),
    ("Eight chairs around a table. Every chair gets a plate, and a vase goes in the middle of the table.",
     {"chair": 8, "plate": 8, "vase": 1}),
    ("Four desks, each with a lamp on it, and put a plant in the corner.", {"desk": 4, "lamp": 4, "plant": 1}),
    ("Two desks, each with its own monitor and chair, and a printer on a cabinet.",
     {"desk": 2, "monitor": 2, "chair": 2, "printer": 1, "cabinet": 1}),
    ("Four desks, each with a monitor, a phone and a chair, and one printer against the east wall.",
     {"desk": 4, "monitor": 4, "phone": 4, "chair": 4, "printer": 1}),
    ("Six desks, each with a lamp, a pen and a notebook, and a whiteboard at the front.",
     {"desk": 6, "lamp": 6, "notebook": 6, "whiteboard": 1}),
])
def test_a_clause_of_its_own_after_a_comma_is_not_handed_out_to_each(prompt: str, expected: dict[str, int]) -> None:
    found = counts(planned(prompt))
    assert {k: found[k] for k in expected} == expected


@pytest.mark.parametrize("prompt, expected", [
    ("Two desks. A monitor and a chair for each desk.", {"desk": 2, "monitor": 2, "chair": 2}),
    ("Three desks with a lamp and a monitor each.", {"desk": 3, "lamp": 3, "monitor": 3}),
    ("a small cafe with four tables and two chairs per table", {"table": 4, "chair": 8}),
    ("four tables each with a candle, a vase, and a lamp", {"table": 4, "candle": 4, "vase": 4, "lamp": 4}),
])
def test_each_and_for_each_reach_every_thing_joined_before_them(prompt: str, expected: dict[str, int]) -> None:
    found = counts(planned(prompt))
    assert {k: found[k] for k in expected} == expected


def test_its_own_is_a_new_thing_of_each_host_not_a_kind_called_own() -> None:
    graph = planned("a classroom with six student desks, each with its own chair")
    assert counts(graph)["chair"] == 6 and not any("own" in a.category for a in graph.assets)
