"""A bare "underneath" or "beneath" is under what the clause is about (attach14): "a console
table with a basket underneath" (was not read); with a noun phrase after it, that is its object."""

from __future__ import annotations

import pytest
from planned import planned, plan_triples


@pytest.mark.parametrize("prompt, expected", [
    ("A hall bench with a shoe rack underneath.", ("under", ("shoe_rack_1", "hall_bench_1"))),
    ("A desk with a bin beneath.", ("under", ("bin_1", "desk_1"))),
    ("A bed with a storage box underneath.", ("under", ("storage_box_1", "bed_1"))),
    ("Put a rug beneath the table.", ("under", ("rug_1", "table_1"))),
])
def test_a_bare_under_word_is_under_the_clauses_thing(prompt: str, expected: tuple) -> None:
    assert expected in plan_triples(prompt)
    assert planned(prompt).unparsed == []
