"""A reviewer's revision through the real flow (fake stages): every round is audited against
the plan's relations and its own program; a revision that cannot be solved loses only its own
round, and the model is told which constraints it changed."""

from __future__ import annotations

import sys
from dataclasses import replace
from pathlib import Path

import pytest

sys.path.insert(0, str(Path(__file__).resolve().parent))
from fakes import FakeWorld, program, run_fake  # noqa: E402

from setdresser.blender_addon.core import pipeline as pl  # noqa: E402
from setdresser.blender_addon.core.model import Constraint, Layout, Program  # noqa: E402
from setdresser.blender_addon.core.revision import audited_program, revision_failure  # noqa: E402

TIGHT = Constraint("in_front_of", ("chair_1", "desk_1"), {"max_distance": 0.03})
ADDED = Constraint("parallel", ("chair_1", "desk_1"))


class BrittleWorld(FakeWorld):
    """Solving a program with ``TIGHT`` fails inside sampling, as a real solver did."""

    def solve(self, prog: Program, seed: int) -> Layout:
        if TIGHT in prog.constraints:
            raise ValueError("high - low < 0")
        return super().solve(prog, seed)


def reviser(revised: Program):  # type: ignore[no-untyped-def]
    """A reviewer that revises to ``revised`` once, then accepts; it keeps what it was asked."""
    asked: list[pl.NeedReview] = []

    def review(need: pl.NeedReview) -> pl.ReviewOutcome:
        asked.append(need)
        if len(asked) == 1:
            return pl.ReviewOutcome(accepted=False, program=revised, script="revised\n", notes="tighten")
        return pl.ReviewOutcome(accepted=True, notes="fine")
    return review, asked


def test_an_unsolvable_revision_keeps_the_good_round_and_the_model_is_told_what_failed() -> None:
    revised = replace(program(), constraints=[program().constraints[0], TIGHT])
    review, asked = reviser(revised)
    result, effects, events = run_fake(pl.GenerateRequest("p", seed=1, max_iterations=3, always_review=True),
                                       BrittleWorld(), review)
    assert result.best_iteration == 1 and result.program == program()
    assert len(asked) == 2 and asked[0].feedback == ""
    assert "could not be solved" in asked[1].feedback and "ValueError: high - low < 0" in asked[1].feedback
    assert "in_front_of(chair_1, desk_1, max_distance=0.03)" in asked[1].feedback
    assert "on_top_of" not in asked[1].feedback  # only what the revision changed is named
    assert asked[1].program == program() and asked[1].iteration == 1  # the kept round is reviewed again
    assert any(isinstance(e, pl.Notice) and "could not be solved" in e.message for e in events)
    assert isinstance(effects[-1], pl.NeedSave)


def test_a_revision_failing_at_the_last_iteration_still_ends_with_the_best_round() -> None:
    revised = replace(program(), constraints=[program().constraints[0], TIGHT])
    review, asked = reviser(revised)
    result, effects, _ = run_fake(pl.GenerateRequest("p", seed=1, max_iterations=2, always_review=True),
                                  BrittleWorld(), review)
    assert result.best_iteration == 1 and len(asked) == 1 and [r.iteration for r in result.iterations] == [1]
    assert isinstance(effects[-1], pl.NeedSave)


def test_a_first_program_that_cannot_be_solved_is_still_an_error() -> None:
    class Broken(FakeWorld):
        def solve(self, prog: Program, seed: int) -> Layout:
            raise ValueError("bad program")
    with pytest.raises(ValueError, match="bad program"):
        run_fake(pl.GenerateRequest("p", seed=1, max_iterations=3), Broken())


def test_each_round_is_audited_against_the_plan_and_its_own_program() -> None:
    dropped_and_added = replace(program(), constraints=[ADDED])  # drops both planned relations, adds one
    review, _ = reviser(dropped_and_added)
    _, effects, _ = run_fake(pl.GenerateRequest("p", seed=1, max_iterations=2, always_review=True),
                             FakeWorld(), review)
    audited = [e.program for e in effects if isinstance(e, pl.NeedEvaluate)]
    assert audited[0].constraints == program().constraints
    assert audited[1].constraints == [ADDED, *program().constraints]  # added checked, dropped still count


def test_a_re_parameterised_relation_is_checked_as_revised_and_objects_gone_drop_theirs() -> None:
    revised = replace(program(), constraints=[TIGHT])
    assert audited_program(program(), revised).constraints == [TIGHT, program().constraints[0]]
    without_lamp = replace(program(), objects=[o for o in program().objects if o.id != "lamp_1"], constraints=[])
    assert audited_program(program(), without_lamp).constraints == [program().constraints[1]]


def test_the_failure_message_names_hard_and_custom_changes() -> None:
    hard = Constraint("against_wall", ("shelf_1",), {"wall": "north"}, hard=True)
    message = revision_failure(RuntimeError(""), program(), replace(program(), constraints=[hard]))
    assert "RuntimeError" in message and "against_wall(shelf_1, wall='north', hard=True)" in message
