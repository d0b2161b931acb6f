"""A table's seats said by its capacity (dev set tests/benchmark/dev/counts11.json, issue 14, class
"count"): "a round table seating six" is six chairs (was none, 'seating six' not understood), as
"a table that seats six" is; "Three long tables run down the middle, each seating eight" is eight
at each (was one box called 'seating'); a table "for two" gets its own two seats though the text
put stools at the counter (was none, and a plate before every stool); "a glass at every seat" of a
table for six is six glasses at six seats (was one seat that stood for all and one glass)."""

from __future__ import annotations

import pytest

from planned import kinds, planned



@pytest.mark.parametrize("prompt, table, seats", [
    ("a round card table seating six", "card table", 6),
    ("a long table seating twelve, with a candle at each end", "table", 12),
    ("Three long tables run down the middle, each seating eight students.", "table", 24),
    ("Three tables stand by the window, each seating four people.", "table", 12),
])
def test_seats_said_by_capacity(prompt: str, table: str, seats: int) -> None:
    made = kinds(prompt)
    assert made["chair"] == seats and made[table] >= 1
    assert "seating" not in made
    assert not [u for u in planned(prompt, complete=True).unparsed if "seating" in u]


@pytest.mark.parametrize("prompt, stools, chairs, plates", [
    ("a long counter with eight stools, plus a small table for two by the window", 8, 2, 2),
    ("a kitchen with three stools at the breakfast bar and a table for four", 3, 4, 0),
    ("a table for two with two stools", 2, 0, 2),
])
def test_seats_at_other_furniture_are_not_the_tables(prompt: str, stools: int, chairs: int, plates: int) -> None:
    made = kinds(prompt)
    assert (made["stool"], made["chair"], made["plate"]) == (stools, chairs, plates)


@pytest.mark.parametrize("prompt, thing, seat, n", [
    ("A round card table seating six, with a whisky tumbler at every seat.", "whisky tumbler", "seat", 6),
    ("a table for four with a napkin on every chair", "napkin", "chair", 4),
])
def test_a_thing_at_every_seat_of_a_table_for_n(prompt: str, thing: str, seat: str, n: int) -> None:
    made = kinds(prompt)
    assert (made[thing], made[seat], made["plate"]) == (n, n, n)
