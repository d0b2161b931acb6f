"""The sidebar's *Edit* box (issue 17): an instruction ("move the lamp from the left nightstand
to the desk") applied to the scene in the viewport, as one undo step.

The edit runs on the main thread (grounding and a re-solve of the few affected objects take a
second or two). Ambiguous references are a choice the solver makes and the box reports;
with *Ask when ambiguous* the box lists the candidates instead and changes nothing.
"""

from __future__ import annotations

import logging
from typing import Any

import bpy
from bpy.props import BoolProperty, PointerProperty, StringProperty

from .core.errors import SetDresserError
from .ops import push_undo
from .ui import SidebarPanel

log = logging.getLogger(__name__)


class SETDRESSER_PG_edit(bpy.types.PropertyGroup):
    """The instruction and what the last edit did."""

    instruction: StringProperty(name="Instruction", default="",  # type: ignore[valid-type]
                                description="e.g. 'move the lamp onto the desk', 'remove the chair closest to "
                                            "the door', 'make the sofa blue'")
    ask: BoolProperty(name="Ask when ambiguous", default=False,  # type: ignore[valid-type]
                      description="Stop and list the candidates instead of letting the solver choose")
    status: StringProperty(name="Status", default="IDLE")  # type: ignore[valid-type]
    message: StringProperty(name="Message", default="")  # type: ignore[valid-type]


class SETDRESSER_OT_edit(bpy.types.Operator):
    """Edit the scene by instruction: only the objects it names are re-solved (one undo step)"""

    bl_idname = "setdresser.edit"
    bl_label = "Edit"
    bl_options = {"REGISTER"}

    @classmethod
    def poll(cls, context: Any) -> bool:
        return bool(context.scene.setdresser_edit.instruction.strip())

    def execute(self, context: Any) -> set[str]:
        from .bl.edit_live import edit_scene

        state = context.scene.setdresser_edit
        push_undo("Set Dresser: before edit")
        try:
            result = edit_scene(context.scene, state.instruction.strip(), ask=state.ask)
        except SetDresserError as exc:
            state.status, state.message = "FAILED", str(exc)
            self.report({"ERROR"}, str(exc))
            return {"CANCELLED"}
        doc = result.to_dict()
        choices = "; ".join(f"{k}: chose {v['chosen']} of {', '.join(v['candidates'])}"
                            for k, v in result.choices.items())
        state.status = "DONE"
        state.message = ("; ".join(result.outcome.changes) + (f" ({choices})" if choices else "")
                         + f" - {doc['result']['relations_held']}/{doc['result']['relations']} relations hold, "
                         + ("physics ok" if doc["result"]["physics_valid"] else "physics violated"))
        push_undo("Set Dresser: edit")
        return {"FINISHED"}


class SETDRESSER_PT_instruction(SidebarPanel, bpy.types.Panel):
    """Edit the scene by instruction."""

    bl_idname = "SETDRESSER_PT_instruction"
    bl_label = "Edit by instruction"
    bl_parent_id = "SETDRESSER_PT_main"
    bl_options = {"DEFAULT_CLOSED"}

    def draw(self, context: Any) -> None:
        state = context.scene.setdresser_edit
        self.layout.prop(state, "instruction", text="")
        self.layout.prop(state, "ask")
        self.layout.operator("setdresser.edit", text="Edit", icon="MODIFIER")
        if state.status == "FAILED":
            self.layout.label(text=state.message, icon="ERROR")
        elif state.message:
            self.layout.label(text=state.message, icon="CHECKMARK")


def add_pointers() -> None:
    bpy.types.Scene.setdresser_edit = PointerProperty(type=SETDRESSER_PG_edit)


def remove_pointers() -> None:
    if hasattr(bpy.types.Scene, "setdresser_edit"):
        del bpy.types.Scene.setdresser_edit


CLASSES = (SETDRESSER_PG_edit, SETDRESSER_OT_edit, SETDRESSER_PT_instruction)
