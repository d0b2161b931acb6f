"""What "each" one has ends where the list moves on (dev set tests/benchmark/dev/scope13.json, issue 14,
class "too many of a thing"): the scope of "each with" / "each holding" is bound to the things each
one has; a later phrase that stands at a part of the room ("a sideboard against the east wall", "a
coat stand by the door", "a rug in the middle of the room"), by another thing named before ("a dresser
opposite the bed") or that hosts things of its own ("a big table covered in paint pots") is the room's,
and so is everything after it. Was one sideboard, coat stand, tool cabinet, stool per table or bench.
A distributive word alone before a with-word ("two nightstands that both have a lamp", "three tables
that all have a vase", "each of which has") is read as "each with" (was one lamp and 'that both' not
understood); said in a relative clause it is the last phrase's ("a bed and two nightstands that both
have a lamp": two lamps, not three). "four chairs apiece" is "four chairs each" (was a grey box
'chairs apiece')."""

from __future__ import annotations

import pytest

from planned import kinds, planned


@pytest.mark.parametrize("prompt, expected", [
    ("five square tables, each with a teapot, a long sideboard against the east wall and a coat stand by the door",
     {"table": 5, "teapot": 5, "sideboard": 1, "coat stand": 1}),
    ("four round tables, each with two chairs, a display cabinet against the back wall and a counter near the "
     "entrance", {"table": 4, "chair": 8, "display cabinet": 1, "counter": 1}),
    ("three workbenches, each with a vice, a tool cabinet against the east wall and a stool",
     {"workbench": 3, "vice": 3, "tool cabinet": 1, "stool": 1}),
    ("three desks, each with a lamp, a bookcase in the corner and a rug",
     {"desk": 3, "lamp": 3, "bookcase": 1, "rug": 1}),
    ("three desks, each with a lamp, a rug in the middle of the room and a plant", {"desk": 3, "lamp": 3, "rug": 1,
                                                                                   "plant": 1}),
    ("two easels, each holding a canvas, a big table covered in paint pots and one stool",
     {"easel": 2, "canvas": 2, "table": 1, "stool": 1}),
    ("two nightstands that both have a lamp, a dresser opposite the bed and a bed", {"nightstand": 2, "lamp": 2,
                                                                                    "dresser": 1}),
    ("three armchairs, each with a cushion, a coffee table in front of them and a bookcase",
     {"armchair": 3, "cushion": 3, "coffee table": 1, "bookcase": 1}),
    ("two bunk beds, each with a ladder, a wardrobe and a desk under the window",
     {"bunk bed": 2, "ladder": 2, "wardrobe": 1, "desk": 1}),
])
def test_each_ends_where_the_list_moves_on(prompt: str, expected: dict[str, int]) -> None:
    made = kinds(prompt, complete=False)
    assert {k: made.get(k, 0) for k in expected} == expected


@pytest.mark.parametrize("prompt, expected", [
    ("four tables, each with a candle, a vase and a menu", {"table": 4, "candle": 4, "vase": 4, "menu": 4}),
    ("three desks, each with a monitor, a keyboard and a chair", {"desk": 3, "monitor": 3, "keyboard": 3, "chair": 3}),
    ("three desks, each with a lamp on it, and a rug", {"desk": 3, "lamp": 3, "rug": 1}),
    ("three desks, each with a monitor, a keyboard and a chair in front of it", {"desk": 3, "keyboard": 3, "chair": 3}),
    ("four tables, each with a vase in the middle", {"table": 4, "vase": 4}),
    ("three tables with a lamp, a sideboard against the wall", {"table": 3, "lamp": 1, "sideboard": 1}),
])
def test_each_keeps_what_each_one_has(prompt: str, expected: dict[str, int]) -> None:
    made = kinds(prompt, complete=False)
    assert {k: made.get(k, 0) for k in expected} == expected


@pytest.mark.parametrize("prompt, expected", [
    ("two nightstands that both have a lamp", {"nightstand": 2, "lamp": 2}),
    ("two nightstands which each have a lamp, and a dresser", {"nightstand": 2, "lamp": 2, "dresser": 1}),
    ("two nightstands, each of which has a lamp, and a dresser", {"nightstand": 2, "lamp": 2, "dresser": 1}),
    ("three tables that all have a vase", {"table": 3, "vase": 3}),
    ("three tables, all with a vase", {"table": 3, "vase": 3}),
    ("a bed and two nightstands that both have a lamp", {"bed": 1, "nightstand": 2, "lamp": 2}),
    ("a bed and two nightstands, both with a lamp, and a dresser", {"bed": 1, "nightstand": 2, "lamp": 2,
                                                                    "dresser": 1}),
    ("a bed and a desk, each with a lamp", {"bed": 1, "desk": 1, "lamp": 2}),
    ("Two nightstands. Both have a lamp.", {"nightstand": 2, "lamp": 2}),
])
def test_a_distributive_word_before_a_with_word_is_each_with(prompt: str, expected: dict[str, int]) -> None:
    made = kinds(prompt, complete=False)
    assert {k: made.get(k, 0) for k in expected} == expected
    assert not [u for u in planned(prompt).unparsed if any(w in u.split() for w in ("both", "each", "all"))]


@pytest.mark.parametrize("prompt, expected", [
    ("two card tables with four chairs apiece, one dartboard on the north wall", {"card table": 2, "chair": 8,
                                                                                 "dartboard": 1}),
    ("three desks with two monitors apiece and a printer", {"desk": 3, "monitor": 6, "printer": 1}),
])
def test_apiece_after_a_noun_is_each(prompt: str, expected: dict[str, int]) -> None:
    made = kinds(prompt, complete=False)
    assert {k: made.get(k, 0) for k in expected} == expected
    assert not [u for u in planned(prompt).unparsed if "apiece" in u]
