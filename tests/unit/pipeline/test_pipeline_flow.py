"""The generate flow (core/pipeline.py) driven with fake stages: order of effects, the
re-solve loop, keeping the best iteration, notices for unparsed words and warnings."""

from __future__ import annotations

import sys
from pathlib import Path

import pytest

sys.path.insert(0, str(Path(__file__).parent))
from fakes import FakeWorld, graph, restless, run_fake  # noqa: E402

from setdresser.blender_addon.core import pipeline as pl  # noqa: E402
from setdresser.blender_addon.core.audit import derive_seed  # noqa: E402


def kinds(effects: list[object]) -> list[str]:
    return [type(e).__name__ for e in effects]


def test_a_perfect_first_iteration_goes_straight_to_render_and_save() -> None:
    world = FakeWorld(good_seeds=[7])
    result, effects, _ = run_fake(pl.GenerateRequest("p", seed=7, max_iterations=3), world)
    assert kinds(effects) == ["NeedPlan", "NeedProgram", "NeedSolve", "NeedBuild", "NeedEvaluate",
                              "NeedRender", "NeedSave"]
    assert result.best_iteration == 1 and len(result.iterations) == 1
    assert result.iterations[0].score.perfect
    assert result.renders == {"final": "/out/final/final.png"}  # offline: no top view (issue 11)
    assert result.saved == "/out/scene.blend"


def test_a_failing_constraint_is_re_solved_with_a_raised_weight_and_a_derived_seed() -> None:
    world = FakeWorld()
    result, effects, _ = run_fake(pl.GenerateRequest("p", seed=3, max_iterations=3), world)
    seeds = [seed for seed, _ in world.solved]
    assert seeds == [3, derive_seed(3, 2)]
    second = world.solved[1][1]
    weights = {c.label(): c.weight for c in second.constraints}
    assert weights == {"on_top_of(lamp_1, desk_1)": 1.0, "in_front_of(chair_1, desk_1)": 2.0}
    # iteration 2 is even: objects no failure touches (the lamp stands on the desk, which must move) stay free
    assert not any(o.locked for o in second.objects)
    assert result.best_iteration == 2 and result.iterations[1].score.perfect
    assert result.iterations[0].failed == ["in_front_of(chair_1, desk_1)"]
    assert "NeedReview" in kinds(effects)
    assert "raised the weight of in_front_of" in result.script


def test_the_best_iteration_is_kept_and_rebuilt_when_a_later_one_is_worse() -> None:
    # seed 5 (iteration 1) holds everything but collides; every later seed gets physics right
    # but a reviewer that never re-weights keeps in_front_of failing: iteration 2 is best
    # (valid physics beats more constraints), iteration 3 ties and loses to the earlier one.
    world = FakeWorld(good_seeds=[5], physics_bad_seeds=[5])
    result, effects, _ = run_fake(pl.GenerateRequest("p", seed=5, max_iterations=3), world, review=restless)
    assert [r.iteration for r in result.iterations] == [1, 2, 3]
    assert result.best_iteration == 2
    builds = [e for e in effects if isinstance(e, pl.NeedBuild)]
    assert [b.iteration for b in builds] == [1, 2, 3, 2]
    assert result.layout.checks.valid


def test_max_iterations_bounds_the_loop() -> None:
    world = FakeWorld()
    result, _, _ = run_fake(pl.GenerateRequest("p", max_iterations=1), world)
    assert len(world.solved) == 1 and result.best_iteration == 1
    assert not result.iterations[0].score.perfect
    with pytest.raises(ValueError):
        next(pl.run(pl.GenerateRequest("p", max_iterations=0)))


def test_unparsed_parts_and_warnings_become_notices_once_each() -> None:
    world = FakeWorld()
    result, _, events = run_fake(pl.GenerateRequest("p", max_iterations=2), world,
                                 graph_=graph(unparsed=["with a dragon"]))
    notices = [e for e in events if isinstance(e, pl.Notice)]
    assert [n.kind for n in notices] == ["unparsed", "warning"]
    assert "with a dragon" in notices[0].message and "gizmo" in notices[1].message
    assert result.warnings == ["unknown noun 'gizmo'"]
    assert sum(isinstance(e, pl.IterationScored) for e in events) == 2


def test_render_none_skips_rendering_but_still_saves() -> None:
    world = FakeWorld(good_seeds=[0])
    result, effects, _ = run_fake(pl.GenerateRequest("p", render="none"), world)
    assert "NeedRender" not in kinds(effects) and kinds(effects)[-1] == "NeedSave"
    assert result.renders == {}


def test_review_renders_are_requested_per_iteration_when_asked() -> None:
    world = FakeWorld()
    _, effects, _ = run_fake(pl.GenerateRequest("p", max_iterations=2, review_renders=True), world)
    tags = [e.tag for e in effects if isinstance(e, pl.NeedRender)]
    assert tags == ["iter_01", "iter_02", "final"]


def test_same_request_same_result() -> None:
    first, _, _ = run_fake(pl.GenerateRequest("p", seed=11, max_iterations=3), FakeWorld())
    second, _, _ = run_fake(pl.GenerateRequest("p", seed=11, max_iterations=3), FakeWorld())
    assert first.layout.to_dict() == second.layout.to_dict()
    assert [r.to_dict() for r in first.iterations] == [r.to_dict() for r in second.iterations]


def test_always_review_asks_the_reviewer_even_when_the_audit_passes() -> None:
    seen: list[int] = []

    def accept(need: pl.NeedReview) -> pl.ReviewOutcome:
        seen.append(need.iteration)
        return pl.ReviewOutcome(accepted=True, notes="looks right")

    world = FakeWorld(good_seeds=[0])
    result, _, events = run_fake(pl.GenerateRequest("p", max_iterations=3, always_review=True), world, review=accept)
    assert seen == [1] and len(result.iterations) == 1
    assert any(isinstance(e, pl.Progress) and "accepted looks right" in e.message for e in events)


def test_a_revision_that_changes_nothing_is_not_solved_again() -> None:
    # issue 11: the reviewer hands back the program it was shown; solving it again would only
    # re-roll the seed, so the loop ends and the round it has stands, byte for byte
    def same(need: pl.NeedReview) -> pl.ReviewOutcome:
        return pl.ReviewOutcome(accepted=False, program=need.program, script=need.script, notes="same again")

    world = FakeWorld()
    result, effects, events = run_fake(pl.GenerateRequest("p", seed=3, max_iterations=3), world, review=same)
    assert len(world.solved) == 1 and [r.iteration for r in result.iterations] == [1]
    assert kinds(effects).count("NeedBuild") == 1  # the scene already shows it: nothing rebuilt
    assert any("changes nothing" in e.message for e in events if isinstance(e, pl.Progress))
    # the old behaviour (benchmarks: --resolve-unchanged) solves each round again
    old_world = FakeWorld()
    old, _, _ = run_fake(pl.GenerateRequest("p", seed=3, max_iterations=3, resolve_unchanged=True), old_world,
                         review=same)
    assert len(old_world.solved) == 3
    assert old.iterations[0].to_dict() == result.iterations[0].to_dict()
    assert old.layout.to_dict() == result.layout.to_dict()  # nothing better came of the re-rolls here


def test_a_revision_that_changes_the_program_is_solved() -> None:
    world = FakeWorld()
    result, _, _ = run_fake(pl.GenerateRequest("p", seed=3, max_iterations=3), world, review=restless)
    assert len(world.solved) == 3  # every revision differs from its round


@pytest.mark.parametrize("review_renders, top_view, views", [
    (False, False, ("final",)), (False, True, pl.REVIEW_VIEWS), (True, False, pl.REVIEW_VIEWS)])
def test_the_top_view_is_rendered_only_for_a_reviewer_or_on_request(review_renders: bool, top_view: bool,
                                                                    views: tuple[str, ...]) -> None:
    # issue 11: nothing offline reads review_top.png; a vision reviewer (or --top-view) does
    world = FakeWorld(good_seeds=[7])
    request = pl.GenerateRequest("p", seed=7, review_renders=review_renders, top_view=top_view)
    result, effects, _ = run_fake(request, world)
    final = [e for e in effects if isinstance(e, pl.NeedRender) and e.tag == "final"]
    assert [e.views for e in final] == [views] and tuple(result.renders) == views
