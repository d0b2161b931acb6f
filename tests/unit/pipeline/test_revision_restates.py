"""A revision that grows a planned row over more members restates it (the LLM trial's defect B):
the old row is not audited again as the plan's intent, and the grown row holding counts for it."""

from __future__ import annotations

from setdresser.blender_addon.core.model import Constraint, ConstraintResult, ObjectSpec, Program
from setdresser.blender_addon.core.revision import audited_program, plan_held, restates

BOOKS = [f"book_{i}" for i in range(1, 9)]


def _program(row: list[str]) -> Program:
    objects = [ObjectSpec(b, "book", (0.03, 0.2, 0.25)) for b in BOOKS] + [ObjectSpec("shelf_1", "bookshelf", (1, .3, 2))]
    return Program(objects=objects, constraints=[Constraint("row", tuple(row)),
                                                 Constraint("on_top_of", ("book_1", "shelf_1"))])


def test_a_grown_row_restates_the_planned_one_and_others_do_not() -> None:
    assert restates(("row", ("a", "b", "c")), ("row", ("a", "x", "b", "c", "d")))
    assert not restates(("row", ("a", "b", "c")), ("row", ("c", "b", "a", "d")))  # another order
    assert not restates(("row", ("a", "b")), ("grid", ("a", "b", "c")))
    assert not restates(("on_top_of", ("a", "b")), ("on_top_of", ("a", "c")))
    assert restates(("on_top_of", ("a", "b")), ("on_top_of", ("a", "b")))


def test_the_audit_and_plan_held_follow_the_grown_row() -> None:
    intent, revised = _program(BOOKS[:5]), _program(BOOKS)
    audited = audited_program(intent, revised)
    assert [c.args for c in audited.constraints if c.relation == "row"] == [tuple(BOOKS)]  # the old row is gone
    results = [ConstraintResult("row", tuple(BOOKS), {}, 1.0, True),
               ConstraintResult("on_top_of", ("book_1", "shelf_1"), {}, 1.0, True)]
    assert plan_held(intent, results) == 2
    dropped = audited_program(intent, _program(BOOKS[5:]))  # a row over other books does not restate it
    assert tuple(BOOKS[:5]) in [c.args for c in dropped.constraints]
