"""The sidebar's *Ask about the scene* box (issue 16): a question about the scene in the
viewport, answered by the LLM through the scene query tool; the answer is shown and the objects
it names are selected.

Threading follows the panel driver's rules: the live scene is read into rows on the main thread
(bpy), the database, the LLM requests and the queries run in a daemon thread that never touches
bpy, and a timer on the main thread picks the answer up, writes it into the properties and
selects the objects. In background mode (scripts, tests; timers never fire) the question is
answered before the operator returns.
"""

from __future__ import annotations

import logging
import os
import threading
from dataclasses import dataclass, field
from typing import Any

import bpy
from bpy.props import PointerProperty, StringProperty

from .bl.selection import select_only
from .core.errors import SetDresserError
from .prefs import choose_backend, llm_settings, online_access, read_prefs
from .ui import SidebarPanel

log = logging.getLogger(__name__)
POLL_S = 0.2


class SETDRESSER_PG_ask(bpy.types.PropertyGroup):
    """The question, and the last answer with the objects it named."""

    question: StringProperty(name="Question", description="A question about the scene, e.g. 'which lamp is "
                             "closest to the sofa?'", default="")  # type: ignore[valid-type]
    answer: StringProperty(name="Answer", default="")  # type: ignore[valid-type]
    objects: StringProperty(name="Objects", default="")  # type: ignore[valid-type]
    status: StringProperty(name="Status", default="IDLE")  # type: ignore[valid-type]
    message: StringProperty(name="Message", default="")  # type: ignore[valid-type]


@dataclass
class AskJob:
    """One question in flight: inputs read on the main thread, the result written by the worker."""

    rows: Any
    question: str
    settings: Any  # services.llm_config.LLMSettings
    names: dict[str, str]  # scene id -> Blender object name
    scene_name: str
    answer: Any = None
    error: str = ""
    done: threading.Event = field(default_factory=threading.Event)

    def run(self) -> None:
        """Worker: database, LLM and queries; never touches bpy."""
        try:
            from .core.stages.ask import ask_question
            from .services.llm import LLMClient
            from .services.scene_store import SceneStore

            with SceneStore.in_memory(self.rows) as store:
                self.answer, _ = ask_question(LLMClient(self.settings.config()), self.rows, store.query,
                                              self.question)
        except (SetDresserError, ValueError) as exc:
            self.error = str(exc)
        except Exception as exc:  # a worker must always finish: the main thread reports it
            log.exception("ask failed")
            self.error = f"internal error: {type(exc).__name__}: {exc}"
        finally:
            self.done.set()


_job: AskJob | None = None


class SETDRESSER_OT_ask(bpy.types.Operator):
    """Ask the LLM about the scene; it queries the scene database and the objects it names are selected"""

    bl_idname = "setdresser.ask"
    bl_label = "Ask"
    bl_options = {"REGISTER"}

    @classmethod
    def poll(cls, context: Any) -> bool:
        return _job is None and bool(context.scene.setdresser_ask.question.strip())

    def execute(self, context: Any) -> set[str]:
        global _job
        state = context.scene.setdresser_ask
        prefs = read_prefs(context)
        choice = choose_backend("auto", prefs, os.environ, online_access())
        if choice.backend != "openai":
            return self._fail(state, "Ask needs an LLM: set an endpoint in the add-on preferences "
                                     f"({choice.error or choice.reason})")
        try:
            from .bl.scene_live import live_objects, live_rows

            objects = live_objects(context.scene)
            rows = live_rows(context.scene, objects)
        except SetDresserError as exc:
            return self._fail(state, str(exc))
        _job = AskJob(rows, state.question.strip(), llm_settings(prefs), {o.id: o.name for o in objects},
                      context.scene.name)
        state.status, state.message, state.answer, state.objects = "RUNNING", "asking...", "", ""
        if bpy.app.background:
            _job.run()
            finish(_job)
        else:
            threading.Thread(target=_job.run, name="setdresser-ask", daemon=True).start()
            bpy.app.timers.register(poll, first_interval=POLL_S)
        return {"FINISHED"}

    def _fail(self, state: Any, message: str) -> set[str]:
        state.status, state.message = "FAILED", message
        self.report({"ERROR"}, message)
        return {"CANCELLED"}


def poll() -> float | None:
    """Timer: wait for the worker, then show the answer (main thread)."""
    if _job is None:
        return None
    if not _job.done.is_set():
        return POLL_S
    finish(_job)
    return None


def finish(job: AskJob) -> None:
    """Show the answer and select the objects it names (main thread)."""
    global _job
    _job = None
    scene = bpy.data.scenes.get(job.scene_name)
    if scene is None:  # the file changed meanwhile: nothing to show it in
        return
    state = scene.setdresser_ask
    if job.error or job.answer is None:
        state.status, state.message = "FAILED", job.error or "no answer"
        return
    state.status, state.message = "DONE", ""
    state.answer, state.objects = job.answer.text, ", ".join(job.answer.ids)
    chosen = [bpy.data.objects.get(job.names.get(oid, "")) for oid in job.answer.ids]
    chosen = [o for o in chosen if o is not None and o.name in bpy.context.view_layer.objects]
    if chosen:
        select_only(bpy.context.view_layer, chosen)


class SETDRESSER_PT_ask(SidebarPanel, bpy.types.Panel):
    """Ask about the scene."""

    bl_idname = "SETDRESSER_PT_ask"
    bl_label = "Ask about the scene"
    bl_parent_id = "SETDRESSER_PT_main"
    bl_options = {"DEFAULT_CLOSED"}

    def draw(self, context: Any) -> None:
        state = context.scene.setdresser_ask
        self.layout.prop(state, "question", text="")
        row = self.layout.row()
        row.enabled = _job is None
        row.operator("setdresser.ask", text="Asking..." if _job is not None else "Ask", icon="QUESTION")
        if state.status == "FAILED":
            self.layout.label(text=state.message, icon="ERROR")
        elif state.answer:
            box = self.layout.box()
            box.label(text=state.answer, icon="CHECKMARK")
            if state.objects:
                box.label(text=f"Selected: {state.objects}", icon="RESTRICT_SELECT_OFF")


def add_pointers() -> None:
    bpy.types.Scene.setdresser_ask = PointerProperty(type=SETDRESSER_PG_ask)


def remove_pointers() -> None:
    if hasattr(bpy.types.Scene, "setdresser_ask"):
        del bpy.types.Scene.setdresser_ask


CLASSES = (SETDRESSER_PG_ask, SETDRESSER_OT_ask, SETDRESSER_PT_ask)
