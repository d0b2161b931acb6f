"""A thin thing said *over* another lies draped on it (issue 14, paper12): "four women around a table
with a half-finished quilt spread over it" hung the quilt from the ceiling 1.8 m above the table (a
thing said above another, resting on nothing, hangs indoors). A thing the knowledge base has resting
on surfaces and at most ``DRAPED`` high (a quilt, a blanket, a towel) lies on what it is over; a lamp
or a lantern over a table still hangs above it."""

from __future__ import annotations

import pytest

from planned import planned, relations


@pytest.mark.parametrize("prompt, thing, host", [
    ("A big square table with a half-finished quilt spread over it", "quilt_1", "table_1"),
    ("A quilt draped over the bed", "quilt_1", "bed_1"),
    ("a sofa with a blanket over it", "blanket_1", "sofa_1"),
])
def test_a_thin_thing_over_another_lies_on_it(prompt: str, thing: str, host: str) -> None:
    found = relations(planned(prompt, complete=True))
    assert ("on_top_of", (thing, host), {}) in found, found
    assert not [r for r in found if r[0] == "above" and r[1][0] == thing]


@pytest.mark.parametrize("prompt, thing", [
    ("a dining room with a lantern hanging over the table", "lantern_1"),
    ("a kitchen with a lamp over the table", "lamp_1"),
])
def test_a_lamp_over_a_table_still_hangs_above_it(prompt: str, thing: str) -> None:
    graph = planned(prompt, complete=True)
    assert not [r for r in relations(graph) if r[0] == "on_top_of" and r[1][0] == thing]
