"""Operators: Generate, Stop, Re-solve, Accept, select a constraint's objects, lock/unlock.

Generate in background mode (``blender -b``, scripts, the bpy module) runs the flow to the
end through the headless driver; in the UI it starts a run on the panel driver and returns
``{'FINISHED'}`` at once. Undo: Generate and Re-solve push a step "Set Dresser: before ..."
before they touch the scene (they have no UNDO flag: Blender would push *after* execute, when
the run's empty collection already exists), the iteration builds push nothing, and the run
pushes "Set Dresser: generate" when it ends, so one Ctrl+Z returns to the scene as it was.
"""

import logging
import os
import tempfile
import time
from pathlib import Path
from typing import Any

import bpy
from bpy.props import IntProperty

from . import physics_panel
from .bl import panel_driver
from .bl.panel_session import (LOCK_PROP, PanelSession, RunOptions, drop_missing, load_source, locked_objects,
                               make_stages)
from .bl.scene_live import sync_scene
from .bl.selection import select_only
from .bl.scene_setup import TAG, collection_name
from .core import pipeline as pl
from .core.errors import BadInput, SetDresserError
from .prefs import choose_backend, llm_settings, online_access, read_prefs

log = logging.getLogger(__name__)


def run_state(context: Any = None) -> Any:
    """The WindowManager's run state (fetched afresh: a file load replaces the WindowManager)."""
    return (context or bpy.context).window_manager.setdresser_run


def is_running() -> bool:
    run = panel_driver.active()
    return run is not None and run.running


def run_folder(output_dir: str) -> Path:
    """A new folder for one run's renders and transcript (a path relative to an unsaved file,
    ``//...``, has no base yet: the temporary folder stands in)."""
    relative_to_nothing = output_dir.startswith("//") and not bpy.data.filepath
    if output_dir and not relative_to_nothing:
        base = Path(bpy.path.abspath(output_dir))
    else:
        # not ".../setdresser": a folder named like the package, in a directory on sys.path
        # (running Python from /tmp), would shadow the package as a namespace package
        base = Path(tempfile.gettempdir()) / "setdresser_runs"
    try:
        base.mkdir(parents=True, exist_ok=True)
    except OSError as error:
        raise BadInput(f"cannot create the output folder ({error.strerror})", f"Output {base}") from error
    return Path(tempfile.mkdtemp(prefix=time.strftime("run_%Y%m%d_%H%M%S_"), dir=base))


def our_collection_of(context: Any) -> bpy.types.Collection | None:
    """The collection the last generation built in this scene, if it still exists."""
    name = context.scene.setdresser.collection_name
    collection = bpy.data.collections.get(name) if name else None
    return collection if collection is not None and collection.get(TAG) == "root" else None


class RunReporter:
    """Mirrors a run into ``WindowManager.setdresser_run`` (main thread only)."""

    def __init__(self, session: PanelSession, close: Any, verb: str) -> None:
        self.session, self.close, self.verb = session, close, verb
        self.started = time.monotonic()

    def on_effect(self, effect: Any) -> None:
        run = run_state()
        run.stage = effect.stage
        if isinstance(effect, pl.NeedSolve):
            run.iteration = effect.iteration

    def on_event(self, event: Any) -> None:
        run = run_state()
        if isinstance(event, pl.Progress):
            run.message = f"{event.stage}: {event.message}"
        elif isinstance(event, pl.Notice):
            run.message = f"{event.kind}: {event.message}"
            log.warning("%s: %s", event.kind, event.message)
        elif isinstance(event, pl.IterationScored):
            add_history(run, event.record)
            fill_constraints(run, self.session.log.last_results)

    def on_finish(self, result: pl.GenerateResult) -> None:
        self.session.finish(result)
        self.session.scene.setdresser.collection_name = self.session.collection.name
        sync_scene(self.session.scene)  # the scene database follows every Generate and Re-solve
        run = run_state()
        fill_constraints(run, result.layout.constraints)
        run.unstable = ",".join(result.layout.checks.unstable)
        if result.layout.checks.unstable:  # what topples is shown selected (issue 21)
            physics_panel.select_ids(bpy.context, result.layout.checks.unstable)
        best = next(r for r in result.iterations if r.iteration == result.best_iteration)
        budget = " (token budget reached)" if self.session.log.budget_hit else ""
        if result.stopped_early:
            budget += f" (stopped: best of {len(result.iterations)} iteration(s), {result.best_iteration})"
        run.status, run.stage = "DONE", "done"
        run.message = (f"{len(result.layout.objects)} objects; {best.score.satisfied}/{best.score.total} relations "
                       f"hold; {'physics ok' if result.layout.checks.valid else 'physics violated'}{budget}")
        self.on_tick()
        self.close()
        # the second half of the undo pair (module docstring): "before" was pushed at the start
        push_undo(f"Set Dresser: {self.verb}")

    def on_error(self, error: BaseException) -> None:
        run = run_state()
        run.status, run.message = "FAILED", str(error) or type(error).__name__
        self.on_tick()
        self.close()

    def on_cancel(self) -> None:
        run = run_state()
        run.status = "CANCELLED"
        run.message = "stopped before any iteration was checked; the scene keeps the last complete build"
        self.close()

    def on_tick(self) -> None:
        run = run_state()
        active = panel_driver.active()
        run.elapsed = active.elapsed() if active is not None and active.flow is self.session.flow else \
            time.monotonic() - self.started
        run.tokens = int(self.session.tokens())


def add_history(run: Any, record: pl.IterationRecord) -> None:
    """One row of the iteration history."""
    item = run.history.add()
    item.iteration, item.satisfied, item.total = record.iteration, record.score.satisfied, record.score.total
    item.physics_valid, item.mean_score = record.score.physics_valid, record.score.mean_score
    item.failed = ", ".join(record.failed)
    item.render_path, item.top_path = record.renders.get("final", ""), record.renders.get("top", "")
    run.history_index = len(run.history) - 1


def fill_constraints(run: Any, results: Any) -> None:
    """The constraint list from the latest results."""
    run.constraints.clear()
    for result in results:
        item = run.constraints.add()
        item.relation, item.object_ids = result.relation, ",".join(result.args)
        item.label = f"{result.relation}({', '.join(result.args)})"
        item.score, item.satisfied = float(result.score), bool(result.satisfied)


def push_undo(message: str) -> None:
    """One undo step for the finished run (a no-op where undo is unavailable)."""
    try:
        if bpy.ops.ed.undo_push.poll():
            bpy.ops.ed.undo_push(message=message)
    except RuntimeError as error:  # no undo stack in this context (some timer contexts)
        log.info("no undo step pushed: %s", error)


def launch(operator: Any, context: Any, session: PanelSession, close: Any, verb: str,
           blocking: bool | None = None) -> set[str]:
    """Run ``session``: to the end when ``blocking`` (default: in background mode, where timers
    never fire), else on the panel driver."""
    blocking = bpy.app.background if blocking is None else blocking
    reporter = RunReporter(session, close, verb)
    hooks = panel_driver.RunHooks(
        fulfil_main=session.fulfil, fulfil_worker=session.fulfil_worker, on_effect=reporter.on_effect,
        on_event=reporter.on_event, on_finish=reporter.on_finish, on_error=reporter.on_error,
        on_cancel=reporter.on_cancel, on_tick=reporter.on_tick)
    if not blocking:
        panel_driver.start(panel_driver.PanelRun(session.flow, hooks))
        return {"FINISHED"}

    def fulfil(effect: Any) -> Any:
        reporter.on_effect(effect)
        return session.fulfil(effect)

    try:
        reporter.on_finish(pl.drive(session.flow, fulfil, reporter.on_event))
    except Exception as error:  # noqa: BLE001 - the run state and the report must say it failed
        if not isinstance(error, SetDresserError):
            log.exception("Set Dresser %s failed", verb)
        reporter.on_error(error)
        operator.report({"ERROR"}, str(error))
        return {"CANCELLED"}
    operator.report({"INFO"}, run_state(context).message)
    return {"FINISHED"}


def start_session(operator: Any, context: Any, prompt: str, verb: str, source: Any = None,
                  blocking: bool | None = None) -> set[str]:
    """Common part of Generate and Re-solve: backend, options, locked objects, launch."""
    settings, run = context.scene.setdresser, run_state(context)
    prefs = read_prefs(context)
    choice = choose_backend(settings.llm_mode, prefs, os.environ, online_access())
    if choice.error:
        run.status, run.message = "FAILED", choice.error
        operator.report({"ERROR"}, choice.error)
        return {"CANCELLED"}
    try:
        out_dir = run_folder(settings.output_dir)
    except BadInput as error:
        run.status, run.message = "FAILED", str(error)
        operator.report({"ERROR"}, str(error))
        return {"CANCELLED"}
    push_undo(f"Set Dresser: before {verb}")
    options = RunOptions(prompt=prompt, out_dir=out_dir, seed=settings.seed,
                         iterations=min(settings.iterations, prefs.max_iterations),
                         time_budget=settings.time_budget or None,
                         effort=settings.effort,
                         render=settings.render_engine, resolution=settings.resolution,
                         review_renders=settings.review_renders, review_engine=prefs.review_engine,
                         max_tokens=prefs.max_tokens)
    locked = locked_objects(context.scene, collection_name(prompt))
    from .props import reset_run

    reset_run(run, options.iterations)
    run.backend, run.out_dir = f"{choice.backend} ({choice.reason})", str(out_dir)
    try:
        stages, tokens, close = make_stages(choice.backend, llm_settings(prefs), out_dir)
        session = PanelSession(options, stages, context.scene, locked=locked, source=source, tokens=tokens)
    except SetDresserError as error:
        run.status, run.message = "FAILED", str(error)
        operator.report({"ERROR"}, str(error))
        return {"CANCELLED"}
    return launch(operator, context, session, close, verb, blocking)


class SETDRESSER_OT_generate(bpy.types.Operator):
    """Generate the scene the prompt describes (Ctrl+Z undoes it in one step)"""

    bl_idname = "setdresser.generate"
    bl_label = "Generate"
    bl_options = {"REGISTER"}  # undo steps are pushed by the run itself (module docstring)

    @classmethod
    def poll(cls, context: Any) -> bool:
        return not is_running()

    def execute(self, context: Any) -> set[str]:
        prompt = " ".join(context.scene.setdresser.prompt.split())
        if not prompt:
            self.report({"ERROR"}, "Write a prompt first: the scene, in plain English")
            return {"CANCELLED"}
        return start_session(self, context, prompt, "generate")


class SETDRESSER_OT_stop(bpy.types.Operator):
    """Stop the running generation and keep the best iteration so far"""

    bl_idname = "setdresser.stop"
    bl_label = "Stop"

    @classmethod
    def poll(cls, context: Any) -> bool:
        return is_running()

    def execute(self, context: Any) -> set[str]:
        panel_driver.stop()
        return {"FINISHED"}


class SETDRESSER_OT_resolve(bpy.types.Operator):
    """Solve the last scene again: locked objects keep their pose, the others are re-placed"""

    bl_idname = "setdresser.resolve"
    bl_label = "Re-solve"
    bl_options = {"REGISTER"}  # undo steps are pushed by the run itself (module docstring)

    @classmethod
    def poll(cls, context: Any) -> bool:
        collection = our_collection_of(context)
        return not is_running() and collection is not None and load_source(collection) is not None

    def execute(self, context: Any) -> set[str]:
        from .bl.build import our_objects

        collection = our_collection_of(context)
        prompt, graph, program = load_source(collection)  # type: ignore[arg-type, misc]
        present = {str(o["setdresser_id"]) for o in our_objects(collection)}
        # the user's locked objects the plan referred to ("my desk") are not ours but present
        present |= {item.spec.id for item in locked_objects(context.scene, collection.name) if not item.own}
        program = drop_missing(program, present) if present else program
        if not program.objects:
            self.report({"ERROR"}, "Nothing to re-solve: every generated object was deleted")
            return {"CANCELLED"}
        return start_session(self, context, prompt, "re-solve", source=(graph, program))


class SETDRESSER_OT_accept(bpy.types.Operator):
    """Keep this scene: remove the review helpers (top-view camera and labels)"""

    bl_idname = "setdresser.accept"
    bl_label = "Accept"
    bl_options = {"REGISTER", "UNDO"}

    @classmethod
    def poll(cls, context: Any) -> bool:
        return not is_running() and our_collection_of(context) is not None

    def execute(self, context: Any) -> set[str]:
        collection = our_collection_of(context)
        helpers = [o for o in collection.all_objects  # type: ignore[union-attr]
                   if o.get(TAG) == "label" or (o.get(TAG) == "camera" and o is not context.scene.camera)]
        for obj in helpers:
            bpy.data.objects.remove(obj, do_unlink=True)
        run = run_state(context)
        run.accepted = True
        run.message = f"accepted; removed {len(helpers)} review helper(s)"
        return {"FINISHED"}


class SETDRESSER_OT_select_constraint(bpy.types.Operator):
    """Select the objects this constraint relates"""

    bl_idname = "setdresser.select_constraint"
    bl_label = "Select Constraint Objects"
    bl_options = {"REGISTER", "UNDO"}

    index: IntProperty(name="Constraint", default=0, min=0)  # type: ignore[valid-type]

    def execute(self, context: Any) -> set[str]:
        run = run_state(context)
        if self.index >= len(run.constraints):
            self.report({"ERROR"}, f"no constraint number {self.index}")
            return {"CANCELLED"}
        run.constraint_index = self.index
        wanted = set(run.constraints[self.index].object_ids.split(","))  # the first argument becomes active
        collection = our_collection_of(context)
        pool = collection.all_objects if collection is not None else context.view_layer.objects
        order = run.constraints[self.index].object_ids.split(",")
        chosen = sorted((o for o in pool if o.get("setdresser_id") in wanted and o.name in context.view_layer.objects),
                        key=lambda o: order.index(o["setdresser_id"]))
        select_only(context.view_layer, chosen)
        return {"FINISHED"}


class SETDRESSER_OT_lock_selected(bpy.types.Operator):
    """Lock the selected objects: they keep their pose in the next Generate or Re-solve"""

    bl_idname = "setdresser.lock_selected"
    bl_label = "Lock Selected"
    bl_options = {"REGISTER", "UNDO"}

    @classmethod
    def poll(cls, context: Any) -> bool:
        return bool(getattr(context, "selected_objects", None))

    def execute(self, context: Any) -> set[str]:
        meshes = [o for o in context.selected_objects if o.type == "MESH"]
        for obj in meshes:
            obj[LOCK_PROP] = True
        self.report({"INFO"}, f"locked {len(meshes)} object(s)")
        return {"FINISHED"}


class SETDRESSER_OT_unlock_selected(bpy.types.Operator):
    """Unlock the selected objects: the solver may move them again"""

    bl_idname = "setdresser.unlock_selected"
    bl_label = "Unlock Selected"
    bl_options = {"REGISTER", "UNDO"}

    @classmethod
    def poll(cls, context: Any) -> bool:
        return bool(getattr(context, "selected_objects", None))

    def execute(self, context: Any) -> set[str]:
        unlocked = 0
        for obj in context.selected_objects:
            if LOCK_PROP in obj:
                del obj[LOCK_PROP]
                unlocked += 1
        self.report({"INFO"}, f"unlocked {unlocked} object(s)")
        return {"FINISHED"}


CLASSES = (SETDRESSER_OT_generate, SETDRESSER_OT_stop, SETDRESSER_OT_resolve, SETDRESSER_OT_accept,
           SETDRESSER_OT_select_constraint, SETDRESSER_OT_lock_selected, SETDRESSER_OT_unlock_selected)
