"""Seats said per table (issue 14 counts9): "two long tables, each seating eight" has eight chairs
at each (sixteen), "five small tables each seating four people" twenty; "a banquet table for
fourteen guests, seven down each side, with a wine glass at every place" keeps the glasses on the
table (the seats a side are said on their own); "the chairs" said before any chair and then fewer
of them no longer break the reading; "still", "spaced", "split evenly" are fillers."""

from __future__ import annotations

from collections import Counter

import pytest

from setdresser.blender_addon.core.offline import plan
from planned import kinds


@pytest.mark.parametrize("prompt, tables, chairs", [
    ("There are two long tables, each seating eight.", 2, 16),
    ("five small tables each seating four people", 5, 20),
    ("three round tables, each for four", 3, 12),
])
def test_seats_said_per_table_are_at_every_table(prompt: str, tables: int, chairs: int) -> None:
    graph = plan(prompt, complete=False)
    count = Counter(a.category for a in graph.assets)
    assert count["table"] == tables and count["chair"] == chairs, count
    pairs = {(a, args[-1]) for name, args in graph.triples() if args[-1].startswith("table")
             for a in args[:-1] if a.startswith("chair")}
    at = Counter(table for _, table in pairs)
    assert len(at) == tables and set(at.values()) == {chairs // tables}, at


def test_the_chairs_said_before_any_chair_do_not_break_the_reading() -> None:
    count = kinds("There are two long tables, each seating eight, with the chairs split evenly down both long sides. "
                  "Put a lantern at each end of both tables.", complete=False)
    assert (count["table"], count["chair"], count["lantern"]) == (2, 16, 4), count
    assert kinds("There are two long tables with the chairs down both long sides.", complete=False)["table"] == 2


def test_a_with_list_after_the_seats_a_side_stays_the_tables() -> None:
    graph = plan("A long banquet table for fourteen guests, seven down each side, with a wine glass at every place.")
    glasses = [args for name, args in graph.triples() if args[0].startswith("wine_glass") and name == "on_top_of"]
    assert len(glasses) == 14 and {a[1] for a in glasses} == {"banquet_table_1"}


@pytest.mark.parametrize("prompt, kept, n", [
    ("A sofa stands in the middle, and two lamps still wait on the floor beside it.", "lamp", 2),
    ("three candlesticks spaced along the middle of the table", "candlestick", 3),
])
def test_fillers_are_no_part_of_a_name(prompt: str, kept: str, n: int) -> None:
    graph = plan(prompt, complete=False)
    count = Counter(a.category for a in graph.assets)
    assert count[kept] == n and not any(w in " ".join(graph.unparsed) for w in ("still", "spaced")), graph.unparsed
