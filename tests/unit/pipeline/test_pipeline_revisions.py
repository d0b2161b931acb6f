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


class HardWorld(FakeWorld):
    """``in_front_of`` is hard; it holds only on seeds in ``good_seeds``; physics breaks on those."""

    def evaluate(self, prog: Program):  # type: ignore[no-untyped-def]
        results, checks = super().evaluate(prog)
        return [replace(r, hard=r.relation == "in_front_of") for r in results], checks


def test_a_failing_hard_constraint_is_named_and_ranks_below_a_round_that_holds_it() -> None:
    from setdresser.blender_addon.core.audit import derive_seed
    from setdresser.blender_addon.core.model import PhysicsChecks

    good = derive_seed(1, 2)
    world = HardWorld(good_seeds=[good])
    # a revision that changes the program (an unchanged one is not solved again, issue 11) but not the hard relation
    plain = replace(program(), constraints=[replace(c, weight=1.5) if c.relation == "on_top_of" else c
                                            for c in program().constraints])
    review, _ = reviser(plain)
    result, _, events = run_fake(pl.GenerateRequest("p", seed=1, max_iterations=2, always_review=True), world, review)
    first = result.iterations[0]
    assert first.score.hard_failed == ("in_front_of(chair_1, desk_1)",)
    assert first.to_dict()["hard_failed"] == ["in_front_of(chair_1, desk_1)"]
    assert any("hard constraints failing: in_front_of(chair_1, desk_1)" in getattr(e, "message", "") for e in events)
    assert result.best_iteration == 2 and "hard_failed" not in result.iterations[1].to_dict()
    # a round failing a hard constraint loses to one with fewer relations held but the hard one holding
    from setdresser.blender_addon.core.audit import score_results
    from setdresser.blender_addon.core.model import ConstraintResult as R
    hard_fails = score_results([R("a", ("x",), {}, 0.1, False, hard=True), R("b", ("x",), {}, 1, True)],
                               PhysicsChecks())
    soft_fails = score_results([R("a", ("x",), {}, 1, True, hard=True), R("b", ("x",), {}, 0.1, False),
                                R("c", ("x",), {}, 0.1, False)], PhysicsChecks())
    assert soft_fails.key() > hard_fails.key()


def test_the_result_failing_a_hard_constraint_is_a_warning_by_name() -> None:
    result, _, events = run_fake(pl.GenerateRequest("p", seed=1, max_iterations=1), HardWorld())
    assert any("fails hard constraints: in_front_of(chair_1, desk_1)" in w for w in result.warnings)


class IntentWorld(FakeWorld):
    """Every constraint holds, except the planned in_front_of in the second round."""

    def evaluate(self, prog: Program):  # type: ignore[no-untyped-def]
        from setdresser.blender_addon.core.model import ConstraintResult, PhysicsChecks
        second = len(self.solved) == 2
        return [ConstraintResult(c.relation, c.args, dict(c.params), 1.0, not (second and c.relation == "in_front_of"))
                for c in prog.constraints], PhysicsChecks()


def test_a_revision_adding_easy_relations_does_not_outrank_the_plan() -> None:
    extra = [Constraint("parallel", ("lamp_1", "desk_1")), Constraint("near", ("lamp_1", "desk_1")), ADDED]
    review, _ = reviser(replace(program(), constraints=[*program().constraints, *extra]))
    result, _, _ = run_fake(pl.GenerateRequest("p", seed=1, max_iterations=2, always_review=True),
                            IntentWorld(), review)
    first, second = result.iterations
    assert (first.score.satisfied, first.plan_held) == (2, 2) and (second.score.satisfied, second.plan_held) == (4, 1)
    assert result.best_iteration == 1 and first.to_dict()["plan_held"] == 2


def critic(revised: Program, removed: tuple[str, ...] = ()):  # type: ignore[no-untyped-def]
    """A reviewer whose critiques ask for ``revised`` once (removing ``removed``), then accepts."""
    asked: list[pl.NeedReview] = []

    def review(need: pl.NeedReview) -> pl.ReviewOutcome:
        asked.append(need)
        if len(asked) == 1:
            return pl.ReviewOutcome(accepted=False, program=revised, script="critiqued\n", notes="moved",
                                    critiqued=True, removed=removed)
        return pl.ReviewOutcome(accepted=True, notes="fine")
    return review, asked


def moved() -> Program:
    """The program with the lamp placed again (what a critique makes of it)."""
    return replace(program(), constraints=[Constraint("on_top_of", ("lamp_1", "desk_1"), {"margin": 0.1}),
                                           program().constraints[1]])


class ProgramWorld(FakeWorld):
    """Only the relations over objects the solved program still declares are reported."""

    def evaluate(self, prog: Program):  # type: ignore[no-untyped-def]
        results, checks = super().evaluate(prog)
        return [r for r in results if set(r.args) <= set(prog.object_ids())], checks


def test_the_round_made_from_critiques_supersedes_the_critiqued_one() -> None:
    from setdresser.blender_addon.core.audit import derive_seed

    request = pl.GenerateRequest("p", seed=1, max_iterations=2, always_review=True)
    world = FakeWorld(good_seeds=[derive_seed(1, 1), derive_seed(1, 2)])
    result, _, _ = run_fake(request, world, reviser(moved())[0])
    assert result.best_iteration == 1  # a plain revision that changes nothing measured: the earlier round
    review, asked = critic(moved())
    result, _, _ = run_fake(request, FakeWorld(good_seeds=[derive_seed(1, 1), derive_seed(1, 2)]), review)
    assert result.best_iteration == 2 and result.iterations[0].superseded
    assert result.iterations[0].to_dict()["superseded"] is True and "superseded" not in result.iterations[1].to_dict()
    assert result.iterations[0].to_dict()["critiques"] == "moved" and "critiques" not in result.iterations[1].to_dict()
    assert asked[0].seed == derive_seed(1, 2) and asked[0].budget == request.budget


def test_a_removal_the_critiques_asked_for_is_kept_but_a_lost_relation_is_not() -> None:
    from setdresser.blender_addon.core.audit import derive_seed

    request = pl.GenerateRequest("p", seed=1, max_iterations=2, always_review=True)
    without_lamp = replace(program(), objects=[o for o in program().objects if o.id != "lamp_1"],
                           constraints=[program().constraints[1]])
    review, _ = critic(without_lamp, removed=("lamp_1",))
    world = ProgramWorld(good_seeds=[derive_seed(1, 1), derive_seed(1, 2)])
    result, _, _ = run_fake(request, world, review)
    assert result.best_iteration == 2 and result.iterations[1].plan_held < result.iterations[0].plan_held
    review, _ = critic(moved())  # the critiqued round held in_front_of; the next one loses it
    result, _, _ = run_fake(request, FakeWorld(good_seeds=[derive_seed(1, 1)]), review)
    assert result.best_iteration == 1 and not result.iterations[0].superseded


def test_the_reviewer_is_told_which_objects_are_the_users() -> None:
    from setdresser.blender_addon.core.model import ObjectSpec

    users = (ObjectSpec("my_desk", "desk", (1.2, 0.6, 0.75), locked=True, location=(0.0, 0.0, 0.0)),)
    review, asked = critic(moved())
    run_fake(pl.GenerateRequest("p", seed=1, max_iterations=2, always_review=True, existing=users), FakeWorld(),
             review)
    assert asked[0].protected == ("my_desk",)
