"""The panel driver: a flow advanced over timer ticks (the pump is called directly: timers never
fire in background mode), bpy effects on the main thread, the rest in a worker thread, Stop at
any moment."""

from __future__ import annotations

import threading
import time
from pathlib import Path
from typing import Any

import pytest

from setdresser.blender_addon.core import pipeline as pl
from setdresser.blender_addon.core.model import Layout, PhysicsChecks
from setdresser.blender_addon.core.solve_record import Budget

pytestmark = pytest.mark.blender

EMPTY_LAYOUT = Layout(objects=[], constraints=[], checks=PhysicsChecks())


class Recorder:
    """Hooks that record which effect ran on which thread, and the callbacks' order."""

    def __init__(self, worker_gate: threading.Event | None = None, fail_on: str = "") -> None:
        self.calls: list[tuple[str, str]] = []  # (what, thread name)
        self.gate = worker_gate
        self.fail_on = fail_on
        self.finished: Any = None
        self.errors: list[BaseException] = []
        self.cancelled = 0
        self.ticks = 0

    def hooks(self, panel_driver: Any) -> Any:
        return panel_driver.RunHooks(fulfil_main=self.main, fulfil_worker=self.worker, on_event=self.event,
                                     on_finish=self.finish, on_error=self.errors.append, on_cancel=self.cancel,
                                     on_tick=self.tick)

    def main(self, effect: Any) -> Any:
        self.calls.append((effect.stage, threading.current_thread().name))
        if effect.stage == self.fail_on:
            raise RuntimeError(f"{effect.stage} broke")
        return f"{effect.stage} done"

    def worker(self, effect: Any) -> Any:
        if self.gate is not None:
            self.gate.wait(10)
        self.calls.append((effect.stage, threading.current_thread().name))
        if effect.stage == self.fail_on:
            raise ValueError(f"{effect.stage} broke")
        time.sleep(0.02)
        return f"{effect.stage} done"

    def event(self, event: Any) -> None:
        self.calls.append(("event", event.message))

    def finish(self, result: Any) -> None:
        self.finished = result

    def cancel(self) -> None:
        self.cancelled += 1

    def tick(self) -> None:
        self.ticks += 1


def fake_flow(closed: list[str]) -> Any:
    """plan (worker) -> event -> build (main) -> solve (worker) -> event -> render (main) -> result."""
    try:
        plan = yield pl.NeedPlan("a lamp")
        yield pl.Progress("plan", f"got {plan}")
        built = yield pl.NeedBuild(EMPTY_LAYOUT, 1)
        solved = yield pl.NeedSolve(program=None, seed=0, iteration=1, budget=Budget(effort=0.333), prompt="a lamp")  # type: ignore[arg-type]
        yield pl.Progress("solve", f"got {solved}")
        rendered = yield pl.NeedRender(("final",), "final")
        return (plan, built, solved, rendered)
    finally:
        closed.append("closed")


def pump_until_idle(panel_driver: Any, limit_s: float = 20.0) -> int:
    """Call the timer function like Blender would, until the run ends; returns the tick count."""
    ticks = 0
    deadline = time.monotonic() + limit_s
    while panel_driver.active().running:
        assert time.monotonic() < deadline, "the run did not end"
        interval = panel_driver.pump()
        ticks += 1
        time.sleep(min(interval, 0.02))
    return ticks


def test_the_pump_advances_the_flow_over_several_ticks(driver: Any) -> None:
    closed: list[str] = []
    rec = Recorder()
    run = driver.start(driver.PanelRun(fake_flow(closed), rec.hooks(driver)))
    ticks = pump_until_idle(driver)
    main_thread = threading.main_thread().name
    assert ticks >= 3  # each worker effect takes at least one more tick
    assert run.state == driver.DONE
    assert rec.finished == ("plan done", "build done", "solve done", "render done")
    stages = [(what, thread == main_thread) for what, thread in rec.calls if what != "event"]
    assert stages == [("plan", False), ("build", True), ("solve", False), ("render", True)]
    assert [m for what, m in rec.calls if what == "event"] == ["got plan done", "got solve done"]
    assert all(thread.startswith("setdresser-") for what, thread in rec.calls if what in ("plan", "solve"))
    assert closed == ["closed"] and rec.ticks >= ticks
    assert driver.pump() == driver.IDLE_INTERVAL_S  # nothing left to do


def test_stop_while_a_worker_is_busy_closes_the_flow_and_drops_the_late_reply(driver: Any) -> None:
    import bpy

    gate = threading.Event()
    closed: list[str] = []
    rec = Recorder(worker_gate=gate)
    run = driver.start(driver.PanelRun(fake_flow(closed), rec.hooks(driver)))
    driver.pump()
    assert run.running and run.worker is not None  # the plan call is in flight
    assert bpy.ops.setdresser.stop() == {"FINISHED"}
    assert run.state == driver.CANCELLED and rec.cancelled == 1 and closed == ["closed"]
    gate.set()  # the abandoned worker finishes now
    time.sleep(0.1)
    assert driver.pump() == driver.IDLE_INTERVAL_S
    assert [what for what, _ in rec.calls] == ["plan"]  # its reply was never sent on
    assert rec.finished is None and not rec.errors
    assert not bpy.ops.setdresser.stop.poll()  # nothing left to stop
    assert run.cancel() is False


def test_a_worker_error_fails_the_run_with_its_message(driver: Any) -> None:
    closed: list[str] = []
    rec = Recorder(fail_on="solve")
    run = driver.start(driver.PanelRun(fake_flow(closed), rec.hooks(driver)))
    pump_until_idle(driver)
    assert run.state == driver.FAILED and closed == ["closed"]
    assert [str(e) for e in rec.errors] == ["solve broke"] and rec.finished is None


def test_a_worker_error_is_thrown_into_the_flow_which_may_go_on(driver: Any) -> None:
    """As pipeline.drive: a revision's failed solve goes back into the flow, which keeps its best round."""
    def forgiving() -> Any:
        try:
            yield pl.NeedSolve(program=None, seed=0, iteration=2, budget=Budget(effort=0.333), prompt="a lamp")  # type: ignore[arg-type]
        except ValueError as error:
            return f"kept round 1 ({error})"
        return "solved"

    rec = Recorder(fail_on="solve")
    run = driver.start(driver.PanelRun(forgiving(), rec.hooks(driver)))
    pump_until_idle(driver)
    assert run.state == driver.DONE and rec.finished == "kept round 1 (solve broke)" and rec.errors == []


def test_a_main_thread_error_fails_the_run(driver: Any) -> None:
    closed: list[str] = []
    rec = Recorder(fail_on="build")
    run = driver.start(driver.PanelRun(fake_flow(closed), rec.hooks(driver)))
    pump_until_idle(driver)
    assert run.state == driver.FAILED and str(run.error) == "build broke" and closed == ["closed"]


def test_one_run_at_a_time(driver: Any) -> None:
    first = driver.start(driver.PanelRun(fake_flow([]), Recorder(worker_gate=threading.Event()).hooks(driver)))
    with pytest.raises(RuntimeError, match="already running"):
        driver.start(driver.PanelRun(fake_flow([]), Recorder().hooks(driver)))
    first.cancel()
    second = driver.start(driver.PanelRun(fake_flow([]), Recorder().hooks(driver)))
    assert driver.active() is second


def test_the_pump_is_one_persistent_timer(driver: Any) -> None:
    import bpy

    assert bpy.app.timers.is_registered(driver.pump)
    driver.register_pump()  # registering again does not add a second timer
    driver.unregister_pump()
    assert not bpy.app.timers.is_registered(driver.pump)
    driver.register_pump()


def session(tmp_path: Path, prompt: str) -> Any:
    import bpy

    from setdresser.blender_addon.bl.boxes import build_box
    from setdresser.blender_addon.bl.panel_session import PanelSession, RunOptions
    from setdresser.blender_addon.core.stage_set import offline_stages

    options = RunOptions(prompt=prompt, out_dir=tmp_path, iterations=3, effort=0.1, render="none")
    return PanelSession(options, offline_stages(), bpy.context.scene, builder=build_box)


def test_a_real_session_runs_through_worker_threads(driver: Any, tmp_path: Path) -> None:
    real = session(tmp_path, "a lamp on a desk, a chair in front of the desk")
    hooks = driver.RunHooks(fulfil_main=real.fulfil, fulfil_worker=real.fulfil_worker)
    run = driver.PanelRun(real.flow, hooks)
    assert run.run_to_end(timeout_s=60) == driver.DONE
    ids = {o["setdresser_id"] for o in real.collection.all_objects if "setdresser_id" in o}
    assert ids == {"lamp_1", "desk_1", "chair_1"}
    assert not (tmp_path / "scene.blend").exists()  # a panel run never saves the user's file
    with pytest.raises(RuntimeError, match="main thread"):
        real.fulfil_worker(pl.NeedSave())


def test_stop_after_a_build_leaves_that_build_whole(driver: Any, tmp_path: Path) -> None:
    real = session(tmp_path, "two chairs facing a table, a vase on the table")
    built: list[int] = []

    def build_then_count(effect: Any) -> Any:
        reply = real.fulfil(effect)
        built.append(len(getattr(reply, "placed", ())))
        return reply

    def slow_worker(effect: Any) -> Any:
        time.sleep(0.3)  # the audit after the build is still running when the user presses Stop
        return real.fulfil_worker(effect)

    run = driver.start(driver.PanelRun(real.flow, driver.RunHooks(fulfil_main=build_then_count,
                                                                  fulfil_worker=slow_worker)))
    deadline = time.monotonic() + 60
    while not built:
        assert time.monotonic() < deadline
        driver.pump()
        time.sleep(0.01)
    assert driver.stop(), (run.state, run.error, built)
    assert run.state == driver.CANCELLED
    ours = [o for o in real.collection.all_objects if "setdresser_id" in o]
    assert sorted(o["setdresser_id"] for o in ours) == ["chair_1", "chair_2", "table_1", "vase_1"]
    assert built == [4]


def blocked_run(driver: Any) -> tuple[Any, threading.Event]:
    gate = threading.Event()
    run = driver.start(driver.PanelRun(fake_flow([]), Recorder(worker_gate=gate).hooks(driver)))
    driver.pump()
    assert run.running
    return run, gate


def test_loading_a_file_stops_the_run_and_keeps_the_pump(driver: Any, tmp_path: Path) -> None:
    import bpy

    path = tmp_path / "other.blend"
    bpy.ops.wm.save_as_mainfile(filepath=str(path))
    run, gate = blocked_run(driver)
    bpy.ops.wm.open_mainfile(filepath=str(path))
    gate.set()
    assert run.state == driver.CANCELLED and driver.active() is None
    assert bpy.app.timers.is_registered(driver.pump)  # persistent across file loads
    assert driver.on_load_pre in bpy.app.handlers.load_pre


def test_undo_during_a_run_stops_it(driver: Any) -> None:
    import bpy

    bpy.ops.ed.undo_push(message="one")
    bpy.ops.mesh.primitive_cube_add()
    bpy.ops.ed.undo_push(message="two")
    run, gate = blocked_run(driver)
    bpy.ops.ed.undo()
    gate.set()
    assert run.state == driver.CANCELLED
