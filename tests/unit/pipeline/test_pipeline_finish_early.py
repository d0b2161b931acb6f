"""Finishing early (the panel's Stop): FinishEarly thrown into the flow at any point keeps the
best audited iteration, rebuilds it when the scene shows another one, skips the final render
and saves; before anything was audited it comes back out (nothing to keep)."""

from __future__ import annotations

import sys
from pathlib import Path
from typing import Any, Callable

import pytest

sys.path.insert(0, str(Path(__file__).parent))
from fakes import FakeWorld, graph, program, restless  # noqa: E402

from setdresser.blender_addon.core import pipeline as pl  # noqa: E402


def stubborn(need: pl.NeedReview) -> pl.ReviewOutcome:
    """A reviewer that never re-weights: with seed 5, iteration 1 collides, 2 is the best, 3 ties."""
    return restless(need)


class Stepper:
    """Drives a flow like the panel driver: fulfils effects with fake stages, and throws
    ``FinishEarly`` instead of answering when ``stop_at(effect, count)`` says so."""

    def __init__(self, world: FakeWorld, stop_at: Callable[[Any, int], bool],
                 finish: pl.FinishEarly | None = None) -> None:
        self.world, self.stop_at = world, stop_at
        self.finish = finish or pl.FinishEarly()
        self.effects: list[Any] = []
        self.events: list[Any] = []
        self.thrown = 0

    def fulfil(self, effect: Any) -> Any:
        if isinstance(effect, pl.NeedPlan):
            return graph()
        if isinstance(effect, pl.NeedProgram):
            return pl.ProgramDraft(program(), "from setdresser.script import *\n")
        if isinstance(effect, pl.NeedSolve):
            return self.world.solve(effect.program, effect.seed)
        if isinstance(effect, pl.NeedBuild):
            self.world.built.append(effect.iteration)
            return pl.BuildOutcome(placed=list(effect.layout.objects))
        if isinstance(effect, pl.NeedEvaluate):
            return self.world.evaluate(effect.program)
        if isinstance(effect, pl.NeedReview):
            return stubborn(effect)
        if isinstance(effect, pl.NeedRender):
            return {v: f"/out/{effect.tag}/{v}.png" for v in effect.views}
        return "/out/scene.blend"  # NeedSave

    def run(self, request: pl.GenerateRequest) -> pl.GenerateResult:
        flow = pl.run(request)
        item = next(flow)
        try:
            while True:
                seen = sum(type(e) is type(item) for e in self.effects + self.events)
                if self.stop_at(item, seen + 1):
                    self.thrown += 1
                    item = flow.throw(self.finish)
                    continue
                if isinstance(item, (pl.Progress, pl.Notice, pl.IterationScored)):
                    self.events.append(item)
                    item = flow.send(None)
                else:
                    self.effects.append(item)
                    item = flow.send(self.fulfil(item))
        except StopIteration as stop:
            return stop.value

    def kinds(self) -> list[str]:
        return [type(e).__name__ for e in self.effects]


def at(kind: type, count: int, times: int = 1) -> Callable[[Any, int], bool]:
    """Stop at the ``count``-th effect of ``kind`` (``times`` times in a row)."""
    state = {"left": times}

    def stop(item: Any, seen: int) -> bool:
        if isinstance(item, kind) and seen == count and state["left"] > 0:
            state["left"] -= 1
            return True
        return False

    return stop


REQUEST = pl.GenerateRequest("p", seed=5, max_iterations=6)


def test_stop_while_solving_keeps_the_best_round_and_rebuilds_it() -> None:
    world = FakeWorld(good_seeds=[5], physics_bad_seeds=[5])
    stepper = Stepper(world, at(pl.NeedSolve, 4))
    result = stepper.run(REQUEST)
    assert result.stopped_early and [r.iteration for r in result.iterations] == [1, 2, 3]
    assert result.best_iteration == 2 and result.layout.checks.valid
    assert world.built == [1, 2, 3, 2]  # the scene showed 3: the best is built again
    assert stepper.kinds()[-2:] == ["NeedBuild", "NeedSave"]  # no final render when stopped
    assert result.renders == {} and result.saved == "/out/scene.blend"
    assert any(isinstance(e, pl.Progress) and e.stage == "stop" for e in stepper.events)


def test_stop_during_an_audit_rebuilds_the_last_audited_best() -> None:
    # iteration 3 was built but its audit is dropped: the scene shows it, the result is round 2
    world = FakeWorld(good_seeds=[5], physics_bad_seeds=[5])
    result = Stepper(world, at(pl.NeedEvaluate, 3)).run(REQUEST)
    assert [r.iteration for r in result.iterations] == [1, 2] and result.best_iteration == 2
    assert world.built == [1, 2, 3, 2]


def test_stop_when_the_scene_already_shows_the_best_builds_nothing_more() -> None:
    world = FakeWorld(good_seeds=[5], physics_bad_seeds=[5])
    stepper = Stepper(world, at(pl.NeedReview, 2))  # after round 2 (the best) was audited
    result = stepper.run(REQUEST)
    assert result.best_iteration == 2 and world.built == [1, 2]
    assert stepper.kinds().count("NeedReview") == 1  # the second review was never answered


def test_stop_before_anything_was_audited_comes_back_out() -> None:
    for stop_at in (at(pl.NeedPlan, 1), at(pl.NeedSolve, 1), at(pl.NeedEvaluate, 1)):
        world = FakeWorld()
        with pytest.raises(pl.FinishEarly):
            Stepper(world, stop_at).run(REQUEST)
        assert len(world.built) <= 1


def test_a_second_stop_while_closing_does_not_skip_the_rebuild() -> None:
    world = FakeWorld(good_seeds=[5], physics_bad_seeds=[5])
    first, again = at(pl.NeedSolve, 4), at(pl.NeedBuild, 4, times=2)
    stepper = Stepper(world, lambda item, seen: first(item, seen) or again(item, seen))
    result = stepper.run(REQUEST)
    assert stepper.thrown == 3 and world.built == [1, 2, 3, 2]
    assert result.stopped_early and result.best_iteration == 2


def test_finish_early_may_still_render_and_a_stop_at_the_final_render_skips_it() -> None:
    world = FakeWorld(good_seeds=[5], physics_bad_seeds=[5])
    result = Stepper(world, at(pl.NeedSolve, 4), pl.FinishEarly(render=True)).run(REQUEST)
    assert result.renders == {"final": "/out/final/final.png"}  # offline: no top view (issue 11)
    world = FakeWorld(good_seeds=[7])  # a perfect first round: straight to the final render
    stepper = Stepper(world, at(pl.NeedRender, 1))
    result = stepper.run(pl.GenerateRequest("p", seed=7))
    assert result.renders == {} and stepper.kinds()[-1] == "NeedSave" and result.best_iteration == 1
