"""Stop keeps the best iteration so far: the real generate flow on the panel driver (the pump
is called directly: timers never fire in background mode), Stop pressed while a later
iteration's worker is busy; the run finishes at once with the best audited iteration rebuilt."""

from __future__ import annotations

import dataclasses
import sys
import threading
import time
from pathlib import Path
from typing import Any

import pytest

sys.path.insert(0, str(Path(__file__).parents[1] / "unit" / "pipeline"))
from fakes import FakeWorld, graph, program, restless  # noqa: E402

from setdresser.blender_addon.core import pipeline as pl  # noqa: E402

pytestmark = pytest.mark.blender


def stubborn(need: pl.NeedReview) -> pl.ReviewOutcome:
    """Never re-weights: with seed 5 iteration 1 collides, 2 is the best, later ones tie with it."""
    return restless(need)


class FakeStages:
    """Worker effects from the fake world; the ``hold``-th solve waits for ``gate``."""

    def __init__(self, hold: int) -> None:
        self.world = FakeWorld(good_seeds=[5], physics_bad_seeds=[5])
        self.gate, self.hold = threading.Event(), hold
        self.solves = 0
        self.late: list[int] = []  # solves that finished after the run stopped

    def worker(self, effect: Any) -> Any:
        if isinstance(effect, pl.NeedPlan):
            return graph()
        if isinstance(effect, pl.NeedProgram):
            return pl.ProgramDraft(program(), "from setdresser.script import *\n")
        if isinstance(effect, pl.NeedSolve):
            self.solves += 1
            if self.solves == self.hold:
                self.gate.wait(10)
                self.late.append(effect.iteration)
            return self.world.solve(effect.program, effect.seed)
        if isinstance(effect, pl.NeedEvaluate):
            return self.world.evaluate(effect.program)
        return stubborn(effect)

    def main(self, effect: Any) -> Any:
        if isinstance(effect, pl.NeedBuild):
            self.world.built.append(effect.iteration)
            return pl.BuildOutcome(placed=list(effect.layout.objects))
        if isinstance(effect, pl.NeedRender):
            return {v: f"/out/{v}.png" for v in effect.views}
        return None


def pump_until(driver: Any, condition: Any, limit_s: float = 20.0) -> None:
    deadline = time.monotonic() + limit_s
    while not condition():
        assert time.monotonic() < deadline, "the run did not get there"
        assert driver.active().running, (driver.active().state, driver.active().error)
        driver.pump()
        time.sleep(0.005)


def test_stop_finishes_with_the_best_iteration_and_drops_the_busy_worker(driver: Any) -> None:
    import bpy

    stages = FakeStages(hold=4)
    finished: list[pl.GenerateResult] = []
    cancelled: list[bool] = []
    hooks = driver.RunHooks(fulfil_main=stages.main, fulfil_worker=stages.worker, on_finish=finished.append,
                            on_cancel=lambda: cancelled.append(True))
    run = driver.start(driver.PanelRun(pl.run(pl.GenerateRequest("p", seed=5, max_iterations=6)), hooks))
    pump_until(driver, lambda: stages.solves == 4 and run.worker is not None)
    assert stages.world.built == [1, 2, 3]
    assert bpy.ops.setdresser.stop() == {"FINISHED"}
    # Stop returns with the run over: nothing is left for the pump
    assert run.state == driver.DONE and not cancelled and run.worker is None
    result = finished[0]
    assert result.stopped_early and result.best_iteration == 2
    assert [r.iteration for r in result.iterations] == [1, 2, 3]
    assert stages.world.built == [1, 2, 3, 2]  # the scene showed 3: the best is built again
    assert result.renders == {}  # no final render after a Stop
    stages.gate.set()  # the abandoned solve ends now; its reply goes nowhere
    deadline = time.monotonic() + 5
    while not stages.late and time.monotonic() < deadline:
        time.sleep(0.01)
    assert stages.late == [4]
    assert driver.pump() == driver.IDLE_INTERVAL_S and stages.world.built == [1, 2, 3, 2]
    assert not bpy.ops.setdresser.stop.poll()


def test_stop_before_the_first_audit_cancels_and_keeps_the_scene(driver: Any) -> None:
    stages = FakeStages(hold=1)
    cancelled: list[bool] = []
    hooks = driver.RunHooks(fulfil_main=stages.main, fulfil_worker=stages.worker,
                            on_cancel=lambda: cancelled.append(True))
    run = driver.start(driver.PanelRun(pl.run(pl.GenerateRequest("p", seed=5)), hooks))
    pump_until(driver, lambda: stages.solves == 1 and run.worker is not None)
    assert driver.stop()
    stages.gate.set()
    assert run.state == driver.CANCELLED and cancelled == [True] and stages.world.built == []


def test_stop_in_a_real_session_leaves_the_best_build_in_the_scene(driver: Any, tmp_path: Path) -> None:
    """Offline stages; the first audit says one relation fails (so the loop goes on), every later
    one reports a collision, so iteration 1 is the best. Stop during iteration 3's solve: the
    scene shows iteration 1 again, and the panel says so."""
    import bpy

    from setdresser.blender_addon import ops
    from setdresser.blender_addon.bl.boxes import build_box
    from setdresser.blender_addon.bl.panel_session import PanelSession, RunOptions
    from setdresser.blender_addon.core.model import PhysicsChecks
    from setdresser.blender_addon.core.stage_set import StageSet, offline_stages

    base = offline_stages()
    audits: list[int] = []
    solves: list[int] = []
    gate = threading.Event()

    def evaluate(prog: Any, placed: Any) -> Any:
        results, _ = base.evaluate(prog, placed)
        audits.append(len(audits) + 1)
        if len(audits) > 1:
            return results, PhysicsChecks(collisions=[("desk_1", "chair_1", 0.2)])
        return results[:-1] + [dataclasses.replace(results[-1], satisfied=False, score=0.3)], PhysicsChecks()

    def solve(prog: Any, seed: int, budget: float, prompt: str) -> Any:
        solves.append(seed)
        if len(solves) == 3:
            gate.wait(10)
        return base.solve(prog, seed, budget, prompt)

    def review(need: pl.NeedReview) -> pl.ReviewOutcome:
        return restless(need, "again")

    stages = StageSet("offline", base.plan, base.code, solve, evaluate, review)
    options = RunOptions(prompt="a lamp on a desk, a chair in front of the desk", out_dir=tmp_path, iterations=5,
                         effort=0.1, render="workbench", resolution=64, review_renders=False)
    session = PanelSession(options, stages, bpy.context.scene, builder=build_box)
    ops.launch(None, bpy.context, session, lambda: None, "generate", blocking=False)
    run = driver.active()
    pump_until(driver, lambda: len(solves) == 3 and run.worker is not None, limit_s=60)
    assert bpy.ops.setdresser.stop() == {"FINISHED"}
    gate.set()
    state = bpy.context.window_manager.setdresser_run
    assert run.state == driver.DONE and state.status == "DONE" and "stopped: best of 2" in state.message
    result = run.result
    assert result.best_iteration == 1 and result.stopped_early
    built = {o["setdresser_id"]: o for o in session.collection.all_objects if o.get("setdresser_role") == "object"}
    assert set(built) == {p.id for p in result.layout.objects} == {"lamp_1", "desk_1", "chair_1"}
    for placed in result.layout.objects:
        assert tuple(built[placed.id].location) == pytest.approx(placed.location, abs=1e-4)
    assert len(state.history) == 2  # the audited rounds; the one in flight is gone
