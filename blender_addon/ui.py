"""The sidebar: 3D View > N-panel > "Set Dresser".

Panels (the first is the parent, the others are its sub-panels): the prompt and Generate /
Stop with progress; the constraint list (score, pass/fail, a button that selects the
constraint's objects); the iteration history with its review renders; editing (lock,
Re-solve, Accept). ``draw`` reads only properties and the panel driver's state: it never
changes data (Blender forbids writes while drawing).
"""

from __future__ import annotations

import os
from pathlib import Path
from typing import Any

import bpy

from .bl import panel_driver
from .bl.panel_session import LOCK_PROP
from .physics_panel import draw_unstable
from .prefs import choose_backend, online_access, read_prefs

CATEGORY = "Set Dresser"
STATUS_ICONS = {"IDLE": "DOT", "RUNNING": "SORTTIME", "DONE": "CHECKMARK", "FAILED": "ERROR", "CANCELLED": "CANCEL"}

_previews: Any = None  # bpy.utils.previews collection of review renders, keyed by file path


def open_previews() -> None:
    """Create the preview collection (register)."""
    global _previews
    if _previews is None:
        import bpy.utils.previews

        _previews = bpy.utils.previews.new()


def close_previews() -> None:
    """Free the preview collection (unregister)."""
    global _previews
    if _previews is not None:
        import bpy.utils.previews

        bpy.utils.previews.remove(_previews)
        _previews = None


def preview_icon(path: str) -> int:
    """The icon id of a review render (0 when there is none or previews are closed)."""
    if _previews is None or not path or not Path(path).is_file():
        return 0
    if path not in _previews:
        _previews.load(path, path, "IMAGE")
    return int(_previews[path].icon_id)


class SidebarPanel:
    """Where every Set Dresser panel lives: the 3D view's sidebar, under the Set Dresser tab."""

    bl_space_type = "VIEW_3D"
    bl_region_type = "UI"
    bl_category = CATEGORY


class SETDRESSER_PT_main(SidebarPanel, bpy.types.Panel):
    """Prompt, settings, Generate / Stop and progress."""

    bl_idname = "SETDRESSER_PT_main"
    bl_label = "Set Dresser"

    def draw(self, context: Any) -> None:
        draw_main(self.layout, context)


class SETDRESSER_PT_constraints(SidebarPanel, bpy.types.Panel):
    """How well each constraint holds; click to select its objects."""

    bl_idname = "SETDRESSER_PT_constraints"
    bl_label = "Constraints"
    bl_parent_id = "SETDRESSER_PT_main"

    def draw(self, context: Any) -> None:
        draw_constraints(self.layout, context)


class SETDRESSER_PT_history(SidebarPanel, bpy.types.Panel):
    """Each iteration's score and review render."""

    bl_idname = "SETDRESSER_PT_history"
    bl_label = "Iterations"
    bl_parent_id = "SETDRESSER_PT_main"
    bl_options = {"DEFAULT_CLOSED"}

    def draw(self, context: Any) -> None:
        draw_history(self.layout, context)


class SETDRESSER_PT_edit(SidebarPanel, bpy.types.Panel):
    """Lock objects, Re-solve, Accept."""

    bl_idname = "SETDRESSER_PT_edit"
    bl_label = "Edit"
    bl_parent_id = "SETDRESSER_PT_main"

    def draw(self, context: Any) -> None:
        draw_edit(self.layout, context)


class SETDRESSER_UL_constraints(bpy.types.UIList):
    """One row per constraint: pass/fail, label, score, select button."""

    bl_idname = "SETDRESSER_UL_constraints"

    def draw_item(self, context: Any, layout: Any, data: Any, item: Any, icon: int, active_data: Any,
                  active_propname: str, index: int = 0, flt_flag: int = 0) -> None:
        row = layout.row(align=True)
        row.label(text=item.label, icon="CHECKMARK" if item.satisfied else "ERROR")
        row.label(text=f"{item.score:.2f}")
        op = row.operator("setdresser.select_constraint", text="", icon="RESTRICT_SELECT_OFF", emboss=False)
        op.index = index


class SETDRESSER_UL_history(bpy.types.UIList):
    """One row per iteration: relations held and physics."""

    bl_idname = "SETDRESSER_UL_history"

    def draw_item(self, context: Any, layout: Any, data: Any, item: Any, icon: int, active_data: Any,
                  active_propname: str, index: int = 0, flt_flag: int = 0) -> None:
        row = layout.row(align=True)
        row.label(text=f"#{item.iteration}", icon="CHECKMARK" if item.physics_valid else "ERROR")
        row.label(text=f"{item.satisfied}/{item.total} hold")
        row.label(text=f"{item.mean_score:.2f}")


def draw_main(layout: Any, context: Any) -> None:
    """The parent panel's body."""
    settings, run = context.scene.setdresser, context.window_manager.setdresser_run
    running = panel_driver.active() is not None and panel_driver.active().running
    layout.prop(settings, "prompt", text="")
    grid = layout.column(align=True)
    grid.prop(settings, "seed")
    grid.prop(settings, "iterations")
    grid.prop(settings, "effort")
    grid.prop(settings, "time_budget")
    row = layout.row(align=True)
    row.prop(settings, "render_engine", text="")
    row.prop(settings, "resolution", text="")
    layout.prop(settings, "review_renders")
    layout.prop(settings, "llm_mode")
    choice = choose_backend(settings.llm_mode, read_prefs(context), os.environ, online_access())
    layout.label(text=choice.error or f"Backend: {choice.backend} ({choice.reason})",
                 icon="ERROR" if choice.error else ("WORLD" if choice.backend == "openai" else "CHECKMARK"))
    if not online_access():
        layout.label(text="Online access is off: no network requests", icon="INTERNET_OFFLINE")
    layout.prop(settings, "output_dir")
    row = layout.row(align=True)
    row.scale_y = 1.4
    if running:
        row.operator("setdresser.stop", text="Stop", icon="CANCEL")
    else:
        row.operator("setdresser.generate", text="Generate", icon="PLAY")
    draw_progress(layout, run)


def draw_progress(layout: Any, run: Any) -> None:
    """Status, stage, iteration, elapsed time, tokens and the last message."""
    if run.status == "IDLE":
        return
    box = layout.box()
    head = box.row()
    head.label(text=run.status.title(), icon=STATUS_ICONS.get(run.status, "DOT"))
    head.label(text=f"{run.elapsed:.1f} s")
    if run.status == "RUNNING":
        box.label(text=f"Stage: {run.stage}")
        box.label(text=f"Iteration {run.iteration} of {run.max_iterations}")
    if run.tokens:
        box.label(text=f"Tokens: {run.tokens}")
    if run.backend:
        box.label(text=f"Backend: {run.backend}")
    if run.message:
        col = box.column(align=True)
        for line in wrap(run.message, 42):
            col.label(text=line)


def draw_constraints(layout: Any, context: Any) -> None:
    """The constraint list of the latest iteration."""
    run = context.window_manager.setdresser_run
    if not len(run.constraints):
        layout.label(text="No constraints yet: generate a scene", icon="INFO")
        return
    held = sum(1 for c in run.constraints if c.satisfied)
    layout.label(text=f"{held}/{len(run.constraints)} hold")
    draw_unstable(layout, context)
    layout.template_list("SETDRESSER_UL_constraints", "", run, "constraints", run, "constraint_index", rows=4)


def draw_history(layout: Any, context: Any) -> None:
    """The iterations and the selected one's review render."""
    run = context.window_manager.setdresser_run
    if not len(run.history):
        layout.label(text="No iterations yet", icon="INFO")
        return
    layout.template_list("SETDRESSER_UL_history", "", run, "history", run, "history_index", rows=3)
    index = min(max(run.history_index, 0), len(run.history) - 1)
    item = run.history[index]
    if item.failed:
        layout.label(text=f"Failing: {item.failed}", icon="ERROR")
    for path in (item.render_path, item.top_path):
        icon_id = preview_icon(path)
        if icon_id:
            layout.template_icon(icon_value=icon_id, scale=8.0)
        elif path:  # no icon system (background mode) or the file is gone: name the file
            layout.label(text=Path(path).name, icon="IMAGE_DATA")
    if not (item.render_path or item.top_path):
        layout.label(text="No review render (render is off)", icon="IMAGE_DATA")


def draw_edit(layout: Any, context: Any) -> None:
    """Lock / unlock, Re-solve, Accept."""
    run = context.window_manager.setdresser_run
    locked = sum(1 for o in context.scene.objects if o.get(LOCK_PROP))
    row = layout.row(align=True)
    row.operator("setdresser.lock_selected", text="Lock", icon="LOCKED")
    row.operator("setdresser.unlock_selected", text="Unlock", icon="UNLOCKED")
    layout.label(text=f"{locked} locked object(s) keep their pose", icon="LOCKED" if locked else "UNLOCKED")
    row = layout.row(align=True)
    row.operator("setdresser.resolve", text="Re-solve", icon="FILE_REFRESH")
    row.operator("setdresser.accept", text="Accept", icon="CHECKMARK")
    if run.accepted:
        layout.label(text="Accepted", icon="CHECKMARK")


def wrap(text: str, width: int) -> list[str]:
    """Greedy word wrap for labels (a label shows one line)."""
    lines: list[str] = []
    line = ""
    for word in text.split():
        if line and len(line) + 1 + len(word) > width:
            lines.append(line)
            line = word
        else:
            line = f"{line} {word}".strip()
    if line:
        lines.append(line)
    return lines


# Parents before children; lists before the panels that show them.
CLASSES = (SETDRESSER_UL_constraints, SETDRESSER_UL_history, SETDRESSER_PT_main, SETDRESSER_PT_constraints,
           SETDRESSER_PT_history, SETDRESSER_PT_edit)
