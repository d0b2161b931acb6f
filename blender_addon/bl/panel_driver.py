"""The panel driver: advances the generate flow from one persistent timer without blocking Blender.

Rules (ARCHITECTURE.md, runtime model; BlenderKit's "the worker thread MUST NOT touch bpy"):

- One ``bpy.app.timers`` function, :func:`pump`, registered once (persistent across file
  loads) and removed on unregister. Each tick it advances the active :class:`PanelRun` for at
  most :data:`TICK_BUDGET_S` seconds, then returns so the UI stays responsive.
- Effects that touch bpy (build, render, save) are fulfilled on the main thread, inside a
  tick, each in one step: a Stop between ticks never sees a half-built collection.
- Every other effect (LLM calls, solving, the audit's numpy checks) runs in a daemon worker
  thread that never touches bpy; the pump polls it.
- **Stop** (:meth:`PanelRun.finish_early`) abandons a busy worker (its reply is dropped; a
  thread cannot be killed, so a solve or an LLM request finishes on its own, within its time
  budget or request timeout) and throws ``FinishEarly`` into the flow, which keeps the best
  audited iteration: the closing steps (rebuilding the best, no final render) are bpy work
  and run right away, so the run has ended when Stop returns. Before any iteration was
  audited there is nothing to keep: the run ends cancelled with the scene as it was.
  :meth:`PanelRun.cancel` (file load, undo, unregister) closes the flow without finishing.
- Timers never fire in background mode: there the operator uses the headless driver, and
  tests call :func:`pump` (or :meth:`PanelRun.step`) directly.
"""

from __future__ import annotations

import contextlib
import logging
import threading
import time
from dataclasses import dataclass
from typing import Any, Callable

import bpy
from bpy.app.handlers import persistent

from ..core import pipeline as pl

log = logging.getLogger(__name__)

# A tick may spend this long advancing the flow (events and main-thread effects) before it
# yields to Blender: 50 ms keeps the UI at >= ~15 fps even while events stream in.
TICK_BUDGET_S = 0.05
BUSY_INTERVAL_S = 0.1  # poll a busy worker 10 times a second
IDLE_INTERVAL_S = 0.5  # nothing to do: a cheap heartbeat
MAIN_THREAD_EFFECTS = (pl.NeedBuild, pl.NeedRender, pl.NeedSave)
EVENTS = (pl.Progress, pl.Notice, pl.IterationScored)

RUNNING, DONE, FAILED, CANCELLED = "RUNNING", "DONE", "FAILED", "CANCELLED"


def is_main_thread_effect(effect: Any) -> bool:
    """True for the effects that need bpy (build, render, save)."""
    return isinstance(effect, MAIN_THREAD_EFFECTS)


def _ignore(*_args: Any) -> None:
    return None


@dataclass
class RunHooks:
    """What a run calls back (always on the main thread, from :meth:`PanelRun.step`)."""

    fulfil_main: Callable[[Any], Any]
    fulfil_worker: Callable[[Any], Any]  # runs in the worker thread: must not touch bpy
    on_effect: Callable[[Any], None] = _ignore  # an effect is about to be fulfilled (progress)
    on_event: Callable[[Any], None] = _ignore
    on_finish: Callable[[pl.GenerateResult], None] = _ignore
    on_error: Callable[[BaseException], None] = _ignore
    on_cancel: Callable[[], None] = _ignore
    on_tick: Callable[[], None] = _ignore  # after every step: elapsed time, tokens, redraw
    is_main: Callable[[Any], bool] = is_main_thread_effect


class WorkerCall:
    """One effect fulfilled in a daemon thread; :meth:`result` re-raises its error."""

    def __init__(self, fulfil: Callable[[Any], Any], effect: Any) -> None:
        self._done = threading.Event()
        self._value: Any = None
        self._error: BaseException | None = None
        name = f"setdresser-{getattr(effect, 'stage', 'work')}"
        self._thread = threading.Thread(target=self._work, args=(fulfil, effect), name=name, daemon=True)
        self._thread.start()

    def _work(self, fulfil: Callable[[Any], Any], effect: Any) -> None:
        try:
            self._value = fulfil(effect)
        except BaseException as error:  # handed to the main thread, which reports it
            self._error = error
        finally:
            self._done.set()

    def done(self) -> bool:
        return self._done.is_set()

    def wait(self, timeout: float | None = None) -> bool:
        """Block until the call is done (tests and the synchronous fallback only)."""
        return self._done.wait(timeout)

    def result(self) -> Any:
        if self._error is not None:
            raise self._error
        return self._value


class PanelRun:
    """A generate flow advanced step by step; ``state`` is RUNNING, DONE, FAILED or CANCELLED."""

    def __init__(self, flow: pl.Flow, hooks: RunHooks) -> None:
        self.flow = flow
        self.hooks = hooks
        self.state = RUNNING
        self.result: pl.GenerateResult | None = None
        self.error: BaseException | None = None
        self.started = time.monotonic()
        self.finished: float | None = None
        self.worker: WorkerCall | None = None
        self._item: Any = None
        self._primed = False

    @property
    def running(self) -> bool:
        return self.state == RUNNING

    def elapsed(self) -> float:
        return (self.finished or time.monotonic()) - self.started

    def step(self, budget_s: float = TICK_BUDGET_S) -> bool:
        """Advance until a worker is busy, the budget is spent or the flow ends; True while running."""
        deadline = time.monotonic() + budget_s
        try:
            if not self._primed:
                self._primed = True
                self._send(None)
            while self.running:
                if self.worker is not None:
                    if not self.worker.done():
                        break
                    call, self.worker = self.worker, None
                    try:
                        reply = call.result()
                    except Exception as error:  # noqa: BLE001 - the flow may keep its best round (pipeline.drive)
                        self._send(None, error)
                        continue
                    self._send(reply)
                    continue
                self._handle(self._item)
                if time.monotonic() >= deadline:
                    break
        except Exception as error:  # noqa: BLE001 - any failure ends the run with its message
            self._fail(error)
        self.hooks.on_tick()
        return self.running

    def _handle(self, item: Any) -> None:
        if isinstance(item, EVENTS):
            self.hooks.on_event(item)
            self._send(None)
            return
        self.hooks.on_effect(item)
        if self.hooks.is_main(item):
            self._send(self.hooks.fulfil_main(item))
        else:
            self.worker = WorkerCall(self.hooks.fulfil_worker, item)

    def _send(self, reply: Any, error: Exception | None = None) -> None:
        """Send ``reply`` on, or throw ``error`` into the flow (which re-raises what it cannot keep)."""
        try:
            self._item = self.flow.send(reply) if error is None else self.flow.throw(error)
        except StopIteration as stop:
            self.state, self.result, self.finished = DONE, stop.value, time.monotonic()
            self.hooks.on_finish(stop.value)

    def _fail(self, error: BaseException) -> None:
        log.error("Set Dresser run failed: %s", error, exc_info=not isinstance(error, ValueError))
        self.state, self.error, self.finished, self.worker = FAILED, error, time.monotonic(), None
        self.flow.close()
        self.hooks.on_error(error)

    def finish_early(self) -> bool:
        """Stop with the best iteration so far (module docstring). False when the run had ended."""
        if not self.running:
            return False
        self.worker = None  # abandoned: its late reply is never sent on
        self._primed = True
        try:
            self._item = self.flow.throw(pl.FinishEarly())
        except pl.FinishEarly:  # nothing audited yet: nothing to keep
            self.state, self.finished = CANCELLED, time.monotonic()
            self.hooks.on_cancel()
        except StopIteration as stop:
            self.state, self.result, self.finished = DONE, stop.value, time.monotonic()
            self.hooks.on_finish(stop.value)
        except Exception as error:  # noqa: BLE001 - as in step(): the run fails with its message
            self._fail(error)
        # the closing steps are events and bpy effects: finish them now, within this call
        while self.running and self.worker is None:
            self.step(budget_s=1.0)
        self.hooks.on_tick()
        return True

    def cancel(self) -> bool:
        """Stop now without finishing: abandon a busy worker, close the flow (file load, undo).
        False when the run had already ended."""
        if not self.running:
            return False
        self.state, self.finished, self.worker = CANCELLED, time.monotonic(), None
        self.flow.close()
        self.hooks.on_cancel()
        self.hooks.on_tick()
        return True

    def run_to_end(self, timeout_s: float | None = None) -> str:
        """Step until the run ends, waiting on workers (tests; never used from a timer)."""
        limit = None if timeout_s is None else time.monotonic() + timeout_s
        while self.step(budget_s=1.0):
            if self.worker is not None:
                self.worker.wait(None if limit is None else max(0.0, limit - time.monotonic()))
            if limit is not None and time.monotonic() > limit:
                self.cancel()
        return self.state


# ------------------------------------------------------------------ the single active run and its pump

_active: PanelRun | None = None


def active() -> PanelRun | None:
    """The run the pump advances (or the last one, once ended)."""
    return _active


def start(run: PanelRun) -> PanelRun:
    """Make ``run`` the active one; refuses while another is still running."""
    global _active
    if _active is not None and _active.running:
        raise RuntimeError("a generation is already running: stop it first")
    _active = run
    register_pump()
    return run


def stop() -> bool:
    """The Stop button: finish the active run with its best iteration (True if one was running)."""
    return _active.finish_early() if _active is not None else False


def cancel() -> bool:
    """Cancel the active run without finishing it (True if one was running)."""
    return _active.cancel() if _active is not None else False


def forget() -> None:
    """Cancel and drop the active run (unregister, file load)."""
    global _active
    cancel()
    _active = None


def pump() -> float:
    """The timer function: one budgeted step of the active run; returns the next interval.

    It never raises (Blender drops a timer whose function raises) and redraws the 3D views
    while a run is going so the progress stays live.
    """
    run = _active
    if run is None or not run.running:
        return IDLE_INTERVAL_S
    try:
        with window_context():
            run.step(TICK_BUDGET_S)
        redraw_views()
    except Exception:  # noqa: BLE001 - keep the pump alive whatever a hook did
        log.exception("Set Dresser pump step failed")
    return BUSY_INTERVAL_S if run.running else IDLE_INTERVAL_S


def window_context() -> contextlib.AbstractContextManager[Any]:
    """A context with a window for timer callbacks (Blender runs timers without one), so the
    main-thread effects (operators such as render and undo push) see a complete context."""
    wm = getattr(bpy.context, "window_manager", None)
    if bpy.context.window is not None or wm is None or not len(wm.windows):
        return contextlib.nullcontext()
    window = wm.windows[0]
    return bpy.context.temp_override(window=window, screen=window.screen)


def redraw_views() -> None:
    """Tag every 3D View for redraw (the panel lives in their sidebars)."""
    wm = getattr(bpy.context, "window_manager", None)
    for window in getattr(wm, "windows", ()):
        screen = window.screen
        for area in getattr(screen, "areas", ()):
            if area.type == "VIEW_3D":
                area.tag_redraw()


def register_pump() -> None:
    """Register the persistent pump once."""
    if not bpy.app.timers.is_registered(pump):
        bpy.app.timers.register(pump, first_interval=IDLE_INTERVAL_S, persistent=True)


def unregister_pump() -> None:
    """Stop the active run and remove the pump."""
    forget()
    if bpy.app.timers.is_registered(pump):
        bpy.app.timers.unregister(pump)


@persistent
def on_load_pre(*_args: Any) -> None:
    """A file is about to load: the run's objects are going away, so stop it."""
    forget()


@persistent
def on_undo_pre(*_args: Any) -> None:
    """Undo replaces the data a run holds references to: cancel it (its last build is undone anyway)."""
    cancel()


HANDLERS = ((bpy.app.handlers.load_pre, on_load_pre), (bpy.app.handlers.undo_pre, on_undo_pre),
            (bpy.app.handlers.redo_pre, on_undo_pre))


def install_handlers() -> None:
    """Add the app handlers (once)."""
    for handlers, function in HANDLERS:
        if function not in handlers:
            handlers.append(function)


def remove_handlers() -> None:
    """Remove every handler :func:`install_handlers` added."""
    for handlers, function in HANDLERS:
        while function in handlers:
            handlers.remove(function)
