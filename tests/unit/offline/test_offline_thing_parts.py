"""The parts of a thing said with "at" (issue 14): "at one end", "at the other end", "at the front of",
"at the back of". A tabletop thing at a table's end stands on the table there, the other end is the
end across from the one said before, and the front or back of a platform (a stage) is on it, while
the back of a van or the end of a bed stays beside it."""

from __future__ import annotations

from planned import plan_triples


def test_a_stack_at_one_end_of_a_table_stands_on_that_end() -> None:
    found = plan_triples("a kitchen table with a stack of plates at one end")
    assert ("on_top_of", ("plate_1", "kitchen_table_1")) in found
    assert ("at_end", ("plate_1", "kitchen_table_1")) in found
    assert not [t for t in found if t[0] == "in_front_of"]


def test_the_other_end_after_a_seat_at_the_head_is_the_tables_other_end() -> None:
    found = plan_triples("a long table, a chair at the head of it and two candlesticks at the other end")
    for stick in ("candlestick_1", "candlestick_2"):
        assert ("at_end", (stick, "table_1")) in found and ("on_top_of", (stick, "table_1")) in found
    assert ("left_of", ("chair_1", "table_1")) in found


def test_the_front_and_back_of_a_stage_are_on_it() -> None:
    found = plan_triples("The stage runs along the south wall. Put a piano at the front of the stage and a drum kit "
                    "at the back of the stage.")
    assert {("on_top_of", ("piano_1", "stage_1")), ("on_top_of", ("drum_kit_1", "stage_1"))} <= found
    assert ("on_top_of", ("lectern_1", "stage_1")) in plan_triples("a stage with a lectern at the front")


def test_the_back_of_a_van_and_the_end_of_a_bed_stay_beside_them() -> None:
    assert ("behind", ("chair_1", "van_1")) in plan_triples("Park the van and put two chairs at the back of the van.")
    assert ("in_front_of", ("bench_1", "bed_1")) in plan_triples("a bed with a bench at the end")
