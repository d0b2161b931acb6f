"""Which round is the result (issue 15): the audit's verdict first (physics, hard constraints, the
prompt's subjects kept), then the reviewer's acceptance, then the plan's relations held. Driven
through the real flow with fake stages."""

from __future__ import annotations

import sys
from dataclasses import replace
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent))
from fakes import FakeWorld, program, run_fake  # noqa: E402

from setdresser.blender_addon.core import pipeline as pl  # noqa: E402
from setdresser.blender_addon.core.model import Constraint, ConstraintResult, PhysicsChecks, Program  # noqa: E402

PROMPT_NAMING = "a lamp on a desk and a chair in front of the desk"


class SecondRoundLoses(FakeWorld):
    """Every constraint holds, except the planned in_front_of in the second round (hard when asked)."""

    def __init__(self, hard: bool = False) -> None:
        super().__init__()
        self.hard = hard

    def evaluate(self, prog: Program):  # type: ignore[no-untyped-def]
        second = len(self.solved) == 2
        return [ConstraintResult(c.relation, c.args, dict(c.params), 1.0, not (second and c.relation == "in_front_of"),
                                 hard=self.hard and c.relation == "in_front_of")
                for c in prog.constraints], PhysicsChecks()


def revise_then_accept(approved: bool = True):  # type: ignore[no-untyped-def]
    """Revises round 1 (adds a relation), accepts round 2 (``approved``: as its verdict, or only to stop)."""
    calls: list[int] = []

    def review(need: pl.NeedReview) -> pl.ReviewOutcome:
        calls.append(need.iteration)
        if need.iteration == 1:
            revised = replace(need.program, constraints=[*need.program.constraints,
                                                         Constraint("parallel", ("chair_1", "desk_1"))])
            return pl.ReviewOutcome(accepted=False, program=revised, script="revised\n", notes="add parallel")
        return pl.ReviewOutcome(accepted=True, approved=approved, notes="looks right")
    return review


def _run(world: FakeWorld, prompt: str = "p", approved: bool = True) -> pl.GenerateResult:
    request = pl.GenerateRequest(prompt, seed=1, max_iterations=3, always_review=True)
    result, _, _ = run_fake(request, world, revise_then_accept(approved))
    return result


def test_the_round_the_reviewer_accepted_wins_over_one_holding_more_of_the_plan() -> None:
    result = _run(SecondRoundLoses())
    first, second = result.iterations
    assert (first.plan_held, second.plan_held) == (2, 1)
    assert second.accepted and not first.accepted and result.best_iteration == 2
    assert second.to_dict()["accepted"] is True and "accepted" not in first.to_dict()


def test_an_accepted_round_failing_a_hard_constraint_does_not_win() -> None:
    result = _run(SecondRoundLoses(hard=True))
    assert result.iterations[1].accepted and result.iterations[1].score.hard_failed
    assert result.best_iteration == 1


def test_an_accepted_round_that_lost_a_subject_of_the_prompt_does_not_win() -> None:
    result = _run(SecondRoundLoses(), prompt=PROMPT_NAMING)
    first, second = result.iterations
    assert first.missing_subjects == [] and second.missing_subjects == ["chair_1"]
    assert second.to_dict()["missing_subjects"] == ["chair_1"] and "missing_subjects" not in first.to_dict()
    assert result.best_iteration == 1


def test_stopping_for_want_of_tokens_is_not_an_acceptance() -> None:
    result = _run(SecondRoundLoses(), approved=False)
    assert not result.iterations[1].accepted and result.best_iteration == 1


def test_with_equal_standing_the_plan_decides_as_before() -> None:
    """Neither round accepted (the last round is not reviewed): the plan's relations held decide."""
    request = pl.GenerateRequest("p", seed=1, max_iterations=2, always_review=True)
    result, _, _ = run_fake(request, SecondRoundLoses(), revise_then_accept())
    assert not any(r.accepted for r in result.iterations) and result.best_iteration == 1


def test_missing_subjects_counts_what_was_removed_only_when_the_reviewer_did_not_remove_it() -> None:
    from setdresser.blender_addon.core.revision import missing_subjects

    intent = program()
    held = [ConstraintResult("on_top_of", ("lamp_1", "desk_1"), {}, 1.0, True),
            ConstraintResult("in_front_of", ("chair_1", "desk_1"), {}, 1.0, True)]
    without_chair = replace(intent, objects=[o for o in intent.objects if o.id != "chair_1"])
    assert missing_subjects(PROMPT_NAMING, intent, intent, held, set()) == []
    assert missing_subjects(PROMPT_NAMING, intent, without_chair, held, set()) == ["chair_1"]
    assert missing_subjects(PROMPT_NAMING, intent, without_chair, held, {"chair_1"}) == []
    assert missing_subjects("p", intent, without_chair, held, set()) == []  # the prompt names nothing
    # the desk is placed by no relation of its own (it is the anchor): never lost by a failing relation
    failing = [replace(r, satisfied=False) for r in held]
    assert missing_subjects(PROMPT_NAMING, intent, intent, failing, set()) == ["lamp_1", "chair_1"]


def test_a_round_the_reviewer_looked_at_and_rejected_is_superseded_by_its_revision() -> None:
    """The bridge trial (docs/llm_trial.md, run 6): the reviewer rejected round 2 (chairs at the table's
    corners) with a revised script; round 3, the last, was not reviewed and held as much as round 2.
    Round 3 is what the reviewer asked for: it wins. A plain re-weighting (the offline reviewer, which
    did not look) keeps the earlier of equal rounds, as before."""
    from setdresser.blender_addon.core.audit import derive_seed

    def reviser(looked: bool):  # type: ignore[no-untyped-def]
        def review(need: pl.NeedReview) -> pl.ReviewOutcome:
            constraints = [replace(c, weight=c.weight + 0.5) for c in need.program.constraints]
            return pl.ReviewOutcome(accepted=False, program=replace(need.program, constraints=constraints),
                                    script="revised\n", notes="chairs at the corners", looked=looked)
        return review
    request = pl.GenerateRequest("p", seed=1, max_iterations=3, always_review=True)
    good = [derive_seed(1, k) for k in (1, 2, 3)]
    result, _, _ = run_fake(request, FakeWorld(good_seeds=good), reviser(looked=True))
    assert result.best_iteration == 3 and [r.superseded for r in result.iterations] == [True, True, False]
    result, _, _ = run_fake(request, FakeWorld(good_seeds=good), reviser(looked=False))
    assert result.best_iteration == 1 and not any(r.superseded for r in result.iterations)


def test_a_looked_revision_that_loses_what_the_round_held_does_not_supersede_it() -> None:
    review = revise_then_accept()

    def looked(need: pl.NeedReview) -> pl.ReviewOutcome:
        out = review(need)
        return replace(out, looked=True) if not out.accepted else out
    request = pl.GenerateRequest("p", seed=1, max_iterations=2, always_review=True)
    result, _, _ = run_fake(request, SecondRoundLoses(), looked)  # round 2 loses the planned in_front_of
    assert not result.iterations[0].superseded and result.best_iteration == 1


class StatedOrInferred(FakeWorld):
    """The chair is either in its stated corner (once the revision raised that relation's weight) or
    facing the desk at its inferred distance (two inferred relations), never both."""

    def evaluate(self, prog: Program):  # type: ignore[no-untyped-def]
        cornered = any(c.weight > 1 for c in self.solved[-1][1].constraints if c.relation == "in_corner")
        return [ConstraintResult(c.relation, c.args, dict(c.params), 1.0,
                                 cornered == (c.relation in ("in_corner", "on_top_of")) or c.relation == "on_top_of")
                for c in prog.constraints], PhysicsChecks()


def test_a_round_holding_a_stated_relation_outranks_one_holding_more_inferred_ones(monkeypatch) -> None:  # type: ignore[no-untyped-def]
    """Solver triage #5: a stated in_corner (weight 1) against an inferred facing and proximity (0.7 each):
    the first round holds the two inferred ones, the revision the stated one. The text's word wins."""
    import fakes

    stated = [Constraint("on_top_of", ("lamp_1", "desk_1")), Constraint("in_corner", ("chair_1",), {"corner": "ne"})]
    inferred = [Constraint("facing", ("chair_1", "desk_1"), weight=0.7),
                Constraint("proximity", ("chair_1", "desk_1"), {"max_distance": 0.6}, weight=0.7)]
    monkeypatch.setattr(fakes, "program", lambda: replace(program(), constraints=[*stated, *inferred]))
    request = pl.GenerateRequest("p", seed=1, max_iterations=2)
    result, _, _ = run_fake(request, StatedOrInferred())
    first, second = result.iterations
    assert (first.plan_held, second.plan_held) == (3, 2)
    assert (first.stated_held, second.stated_held) == (1, 2)
    assert result.best_iteration == 2
