"""One place per seat (issue 14): plates an occasion or a place setting puts on a table are
each bound to a seat of their own, so no seat is left without one ("set the table for four")."""

from __future__ import annotations

import pytest

from setdresser.blender_addon.core.offline import plan
from setdresser.blender_addon.core.offline.distributions.per_seat import per_seat_kinds


def _plate_seats(prompt: str) -> dict[str, str]:
    graph = plan(prompt, complete=True)
    cats = {a.id: a.category for a in graph.assets}
    out = {}
    for r in graph.relations:
        args = graph.relation_args(r.id)
        if r.relation == "in_front_of" and cats[args[0]].endswith("plate") and "chair" in cats[args[1]]:
            out[args[0]] = args[1]
    return out


@pytest.mark.parametrize("prompt, n", [
    ("Set the table for a formal dinner for four.", 4),
    ("a dinner party for six", 6),
])
def test_each_plate_is_at_a_seat_of_its_own(prompt: str, n: int) -> None:
    seats = _plate_seats(prompt)
    assert len(seats) == n and len(set(seats.values())) == n


def test_the_place_setting_says_what_goes_at_each_seat() -> None:
    assert "plate" in per_seat_kinds() and "chair" not in per_seat_kinds()


def test_other_things_on_the_table_are_not_bound_to_seats() -> None:
    graph = plan("A table with two chairs and two candles on it.", complete=False)
    cats = {a.id: a.category for a in graph.assets}
    assert not any(r.relation == "in_front_of" and cats[graph.relation_args(r.id)[0]] == "candle"
                   for r in graph.relations)


def test_what_someone_at_a_table_works_on_lies_on_that_table() -> None:
    graph = plan("Santa's workshop with elves building toys at long tables", complete=False)
    cats = {a.id: a.category for a in graph.assets}
    on = {graph.relation_args(r.id)[0]: graph.relation_args(r.id)[1] for r in graph.relations
          if r.relation == "on_top_of"}
    toys = [i for i, c in cats.items() if c == "toy"]
    assert toys and all(cats[on[t]] == "table" for t in toys)
    assert len({on[t] for t in toys}) == len(toys)  # each on its own worker's table
