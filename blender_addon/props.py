"""The add-on's properties: settings on the Scene (saved in the .blend) and run state on
the WindowManager (never saved: Blender does not write WindowManager properties).
No ``from __future__ import annotations`` here: property annotations are read by Blender at
registration and stay real objects.

``Scene.setdresser`` holds what the user chose (prompt, seed, iterations, render, LLM
mode) and the handle of the last generated collection, so Re-solve works after the file is
reopened. ``WindowManager.setdresser_run`` holds the live run: status, stage, iteration,
elapsed time, tokens, message, the constraint list and the iteration history. Nothing here
ever holds an API key (those live in the add-on preferences or the environment).
"""

import bpy
from bpy.props import (BoolProperty, CollectionProperty, EnumProperty, FloatProperty, IntProperty,
                       PointerProperty, StringProperty)

RENDER_ITEMS = (
    ("none", "None", "Build only, no render"),
    ("workbench", "Workbench", "Fast solid-shaded render (no GPU needed)"),
    ("cycles", "Cycles", "Path-traced render on the CPU (16 samples)"),
    ("eevee", "EEVEE", "Real-time engine (needs a GPU context)"),
)
LLM_ITEMS = (
    ("auto", "Auto", "Use the LLM endpoint when one is configured and online access is allowed, else offline"),
    ("offline", "Offline", "Rule-based planner and coder, geometric reviewer: no network"),
    ("openai", "LLM", "The OpenAI-compatible endpoint of the add-on preferences"),
)
STATUS_ITEMS = (
    ("IDLE", "Idle", "Nothing has run yet"),
    ("RUNNING", "Running", "A generation is in progress"),
    ("DONE", "Done", "The last run finished"),
    ("FAILED", "Failed", "The last run failed; the message says why"),
    ("CANCELLED", "Stopped", "The last run was stopped"),
)


# Blender 4.5+ warns about "//" (blend-relative) paths unless the property says it supports
# them; older versions (4.2 to 4.4) do not know the option, so it is feature-detected.
PATH_OPTIONS = ({"PATH_SUPPORTS_BLEND_RELATIVE"}
                if "is_path_supports_blend_relative" in bpy.types.Property.bl_rna.properties else set())


class SETDRESSER_PG_settings(bpy.types.PropertyGroup):
    """What to generate (saved with the scene)."""

    prompt: StringProperty(name="Prompt", description="The scene, in plain English",
                           default="")  # type: ignore[valid-type]
    seed: IntProperty(name="Seed", description="Same prompt and seed give the same scene",
                      default=0, min=0)  # type: ignore[valid-type]
    iterations: IntProperty(name="Iterations", description="Solve, build and review rounds at most",
                            default=3, min=1, max=10)  # type: ignore[valid-type]
    effort: FloatProperty(name="Solve effort", description="The solver's work per solve, counted in steps "
                          "(1: default, about 3 s; same prompt, seed and effort give the same scene)", default=1.0,
                          min=0.05, max=10.0)  # type: ignore[valid-type]
    time_budget: FloatProperty(name="Time cap", description="Seconds a solve may take at most (0: no cap); a solve "
                               "it cuts short is reported", default=0.0, min=0.0, max=600.0,
                               subtype="TIME_ABSOLUTE", unit="TIME_ABSOLUTE")  # type: ignore[valid-type]
    render_engine: EnumProperty(name="Render", items=RENDER_ITEMS, default="workbench")  # type: ignore[valid-type]
    resolution: IntProperty(name="Resolution", description="Render width in pixels (4:3)",
                            default=512, min=16, max=4096)  # type: ignore[valid-type]
    llm_mode: EnumProperty(name="Planner", items=LLM_ITEMS, default="auto")  # type: ignore[valid-type]
    review_renders: BoolProperty(name="Review renders", default=True,
                                 description="Render every iteration (shown in the history)")  # type: ignore[valid-type]
    output_dir: StringProperty(name="Output", subtype="DIR_PATH", default="", options=PATH_OPTIONS,
                               description="Folder for renders and the transcript (empty: a temporary folder)")  # type: ignore[valid-type]
    collection_name: StringProperty(name="Collection", default="",
                                    description="The collection the last generation built")  # type: ignore[valid-type]


class SETDRESSER_PG_constraint(bpy.types.PropertyGroup):
    """One constraint of the last iteration: how well it holds."""

    label: StringProperty()  # type: ignore[valid-type]
    relation: StringProperty()  # type: ignore[valid-type]
    object_ids: StringProperty(description="Comma-separated object ids")  # type: ignore[valid-type]
    score: FloatProperty(min=0.0, max=1.0)  # type: ignore[valid-type]
    satisfied: BoolProperty()  # type: ignore[valid-type]


class SETDRESSER_PG_iteration(bpy.types.PropertyGroup):
    """One solve -> build -> audit round."""

    iteration: IntProperty()  # type: ignore[valid-type]
    satisfied: IntProperty()  # type: ignore[valid-type]
    total: IntProperty()  # type: ignore[valid-type]
    physics_valid: BoolProperty()  # type: ignore[valid-type]
    mean_score: FloatProperty()  # type: ignore[valid-type]
    failed: StringProperty()  # type: ignore[valid-type]
    render_path: StringProperty(subtype="FILE_PATH")  # type: ignore[valid-type]
    top_path: StringProperty(subtype="FILE_PATH")  # type: ignore[valid-type]


class SETDRESSER_PG_run(bpy.types.PropertyGroup):
    """The live run (WindowManager: never saved)."""

    status: EnumProperty(items=STATUS_ITEMS, default="IDLE")  # type: ignore[valid-type]
    stage: StringProperty()  # type: ignore[valid-type]
    iteration: IntProperty()  # type: ignore[valid-type]
    max_iterations: IntProperty()  # type: ignore[valid-type]
    elapsed: FloatProperty(subtype="TIME_ABSOLUTE", unit="TIME_ABSOLUTE")  # type: ignore[valid-type]
    tokens: IntProperty()  # type: ignore[valid-type]
    message: StringProperty()  # type: ignore[valid-type]
    backend: StringProperty()  # type: ignore[valid-type]
    out_dir: StringProperty(subtype="DIR_PATH")  # type: ignore[valid-type]
    accepted: BoolProperty()  # type: ignore[valid-type]
    constraints: CollectionProperty(type=SETDRESSER_PG_constraint)  # type: ignore[valid-type]
    constraint_index: IntProperty()  # type: ignore[valid-type]
    history: CollectionProperty(type=SETDRESSER_PG_iteration)  # type: ignore[valid-type]
    history_index: IntProperty()  # type: ignore[valid-type]
    unstable: StringProperty()  # type: ignore[valid-type]  # ids (comma-separated) that topple when settled


# Registration order matters: a group must be registered before a group that points to it.
CLASSES = (SETDRESSER_PG_settings, SETDRESSER_PG_constraint, SETDRESSER_PG_iteration, SETDRESSER_PG_run)


def add_pointers() -> None:
    """Attach the settings to every Scene and the run state to the WindowManager."""
    bpy.types.Scene.setdresser = PointerProperty(type=SETDRESSER_PG_settings)
    bpy.types.WindowManager.setdresser_run = PointerProperty(type=SETDRESSER_PG_run)


def remove_pointers() -> None:
    """Remove what :func:`add_pointers` attached (safe to call twice)."""
    for owner, name in ((bpy.types.Scene, "setdresser"), (bpy.types.WindowManager, "setdresser_run")):
        if hasattr(owner, name):
            delattr(owner, name)


def reset_run(run: SETDRESSER_PG_run, max_iterations: int) -> None:
    """Clear the run state for a new run."""
    run.status, run.stage, run.message, run.backend = "RUNNING", "start", "", ""
    run.iteration, run.max_iterations, run.elapsed, run.tokens = 0, max_iterations, 0.0, 0
    run.accepted = False
    run.constraints.clear()
    run.history.clear()
    run.constraint_index = run.history_index = 0
