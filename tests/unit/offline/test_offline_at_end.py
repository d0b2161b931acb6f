"""Things at the ends of a long thing (issue 14, dev set ends7): "on / at each end of", "at either end
of", "at both ends", "at the end of", "at one end ... at the other end" read as the at_end relation
over the anchor's long axis, whatever the anchor is (a sofa, a bench, a shelf, a console, a table);
"on" also puts them on it, small things at the end of a low surface stand on it; seats at a dining
table's ends and the foot of a bed keep their own readings."""

from __future__ import annotations

import pytest
from planned import planned, relations, supports


def ends(prompt: str) -> dict[str, str]:
    """Subject id -> the end param of its at_end relation."""
    return {args[0]: params.get("end", "any") for _, args, params in relations(planned(prompt), "at_end")}


@pytest.mark.parametrize("prompt, host", [
    ("a sofa against the north wall with a cushion on each end", "sofa_1"),
    ("Put a cushion on either end of the couch.", "couch_1"),
    ("two plants at either end of the long bookshelf", "bookshelf_1"),
    ("a garden bench with a planter at both ends", "garden_bench_1"),
    ("A TV console with speakers at each end of it.", "tv_console_1"),
    ("a park bench, one bin at each end", "park_bench_1"),
])
def test_each_end_puts_one_thing_at_each_end_of_the_long_axis(prompt: str, host: str) -> None:
    graph = planned(prompt)
    at = [(args, params) for _, args, params in relations(graph, "at_end")]
    assert len(at) == 2 and {args[1] for args, _ in at} == {host}, at
    assert sorted(params["end"] for _, params in at) == ["negative", "positive"]
    assert not relations(graph, "left_of", "right_of"), relations(graph)


def test_on_each_end_also_puts_them_on_it_and_at_each_end_of_a_bench_does_not() -> None:
    sofa = planned("a sofa with a cushion on each end")
    assert {s for s, host in supports(sofa).items() if host == "sofa_1"} == {"cushion_1", "cushion_2"}
    bench = planned("a garden bench with a planter at each end")
    assert "bench" not in " ".join(supports(bench).values())


def test_a_small_thing_at_each_end_of_a_table_stands_on_it() -> None:
    graph = planned("a dining table with a candlestick at each end")
    assert supports(graph) == {"candlestick_1": "dining_table_1", "candlestick_2": "dining_table_1"}
    assert set(ends("a dining table with a candlestick at each end").values()) == {"negative", "positive"}


@pytest.mark.parametrize("prompt, subject, host", [
    ("Put a bench in the hallway. Then put a lamp at the end of the bench.", "lamp_1", "bench_1"),
    ("a park bench with a litter bin at the end of it", "litter_bin_1", "park_bench_1"),
    ("Stand a vase at the end of the mantelpiece.", "vase_1", "mantelpiece_1"),
])
def test_at_the_end_of_is_either_end(prompt: str, subject: str, host: str) -> None:
    at = relations(planned(prompt), "at_end")
    assert [(args, params) for _, args, params in at] == [((subject, host), {"end": "any"})], at


def test_on_the_end_of_stands_on_it() -> None:
    graph = planned("a vase on the end of the sideboard")
    assert supports(graph) == {"vase_1": "sideboard_1"} and relations(graph, "at_end")


def test_one_end_and_the_other_end_are_opposite_ends() -> None:
    got = ends("Place the couch facing the TV. Put a floor lamp at one end of the couch and a side table at "
               "the other end.")
    assert got == {"floor_lamp_1": "negative", "side_table_1": "positive"}


def test_the_end_of_a_bed_is_still_its_foot_and_chairs_at_a_tables_ends_still_sit_there() -> None:
    bed = planned("a bed with a chest at the end of the bed")
    assert ("in_front_of", ("chest_1", "bed_1")) in [(r, a) for r, a, _ in relations(bed)]
    assert not relations(bed, "at_end")
    table = planned("a dining table with a chair at each end")
    assert not relations(table, "at_end") and {a[0] for _, a, _ in relations(table, "left_of", "right_of")} \
        == {"chair_1", "chair_2"}


def test_the_end_of_a_row_is_not_the_end_of_its_last_member_and_a_king_faces_the_table() -> None:
    market = planned("Line up four stalls in a row. A cart stands at the end of the row.")
    assert not relations(market, "at_end")
    king = planned("a king sitting at the head of a long banquet table")
    assert ("facing", ("king_1", "banquet_table_1")) in [(r, a) for r, a, _ in relations(king)]
