"""The panel's view of the stability checks (issue 21): after a run the objects that would topple
or move when settled are listed and selected; a button selects them again."""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

import bpy

from .bl.build import ID_PROP
from .bl.selection import select_only


def select_ids(context: Any, ids: Sequence[str]) -> int:
    """Select exactly the objects with these Set Dresser ids (the first one active); how many."""
    wanted = list(ids)
    chosen = sorted((o for o in context.view_layer.objects if o.get(ID_PROP) in wanted),
                    key=lambda o: wanted.index(o[ID_PROP]))
    return select_only(context.view_layer, chosen)


class SETDRESSER_OT_select_unstable(bpy.types.Operator):
    """Select the objects that topple or move when the scene is settled under physics"""

    bl_idname = "setdresser.select_unstable"
    bl_label = "Select Unstable Objects"
    bl_options = {"REGISTER", "UNDO"}

    @classmethod
    def poll(cls, context: Any) -> bool:
        return bool(context.window_manager.setdresser_run.unstable)

    def execute(self, context: Any) -> set[str]:
        ids = [i for i in context.window_manager.setdresser_run.unstable.split(",") if i]
        self.report({"INFO"}, f"selected {select_ids(context, ids)} unstable object(s)")
        return {"FINISHED"}


def draw_unstable(layout: Any, context: Any) -> None:
    """A warning line and the select button when the last run left unstable objects."""
    unstable = [i for i in context.window_manager.setdresser_run.unstable.split(",") if i]
    if unstable:
        row = layout.row(align=True)
        row.label(text=f"Unstable: {', '.join(unstable[:4])}{' ...' if len(unstable) > 4 else ''}", icon="ERROR")
        row.operator("setdresser.select_unstable", text="", icon="RESTRICT_SELECT_OFF")


CLASSES = (SETDRESSER_OT_select_unstable,)
