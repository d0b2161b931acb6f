"""One generation started from the panel, in the user's own scene.

A :class:`PanelSession` answers the stage effects with its :class:`StageSet` and the bpy ones
with the headless :class:`~.driver.BlenderDriver`, adapted for interactive use: it never
saves the user's file (``NeedSave`` is answered with ``None``), renders the per-iteration
review views with the preferences' review engine, and brings the user's **locked** objects
into the program:

- *own* locked objects (ours, in the collection this run rebuilds) keep their current pose
  and size, are rebuilt there and stay marked locked;
- *external* locked objects (the user's, or another run's) enter the program as locked
  obstacles at their current pose; they are measured, never rebuilt or moved. The plan may
  refer to one of them ("a lamp on my desk"): that asset becomes the object itself
  (``stage_set.bind_existing``), so the relation holds to the user's desk.

Re-solve reuses the graph and program stored on the collection (:func:`store_source`)
instead of planning again. Everything here runs on the main thread except the stage
callables, which the panel driver calls from its worker thread (no bpy in them).
"""

from __future__ import annotations

import dataclasses
import json
import logging
import re
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any, Callable, Sequence

import bpy
from mathutils import Vector

from ..core import pipeline as pl
from ..core.effects import STAGE_EFFECTS, answer_with_stages
from ..core.model import ConstraintResult, ObjectSpec, PhysicsChecks, PlacedObject, Program, program_from_dict
from ..core.scene_graph import SceneGraph, scene_graph_from_dict
from ..core.script_api import render_script
from ..core.stage_set import StageSet, bind_existing, unique_id
from .build import CATEGORY_PROP, ID_PROP, AssetBuilder
from .driver import BlenderDriver
from .render import configure

log = logging.getLogger(__name__)

LOCK_PROP = "setdresser_locked"  # custom property: True = keep this object's pose
PROGRAM_PROP, GRAPH_PROP, SEED_PROP, PROMPT_PROP = ("setdresser_program", "setdresser_graph", "setdresser_seed",
                                                   "setdresser_prompt")


@dataclass(frozen=True)
class RunOptions:
    """What one panel run does (from the Scene settings and the preferences)."""

    prompt: str
    out_dir: Path
    seed: int = 0
    iterations: int = 3
    time_budget: float | None = None  # wall-clock cap per solve (None: the generous safety cap)
    effort: float = 1.0  # the solver's counted work per solve
    render: str = "workbench"
    resolution: int = 512
    review_renders: bool = True
    review_engine: str = "workbench"
    max_tokens: int = 0  # 0: no budget

    def request(self) -> pl.GenerateRequest:
        return pl.GenerateRequest(prompt=self.prompt, seed=self.seed, max_iterations=self.iterations,
                                  time_budget=self.time_budget, effort=self.effort, render=self.render,
                                  resolution=self.resolution,
                                  review_renders=self.review_renders and self.render != "none")


@dataclass(frozen=True)
class LockedSpec:
    """A locked object as the solver sees it; ``own``: it lies in the collection being rebuilt."""

    spec: ObjectSpec
    own: bool


# ------------------------------------------------------------------ locked objects (pure part)


def merge_locked(program: Program, locked: Sequence[LockedSpec]) -> tuple[Program, set[str], set[str]]:
    """``program`` with the locked objects in it: an own object replaces the program's object of
    the same id (keeping its category and asset); so does an external one the plan refers to
    (:func:`~..core.stage_set.bind_existing` gave that asset the object's id, and renamed new
    objects that merely shared it); other external ones are appended as obstacles, renamed on
    an id clash. Returns the program, the own locked ids and the external ids."""
    by_id = {o.id: o for o in program.objects}
    taken = set(by_id)
    objects = list(program.objects)
    own: set[str] = set()
    external: set[str] = set()
    for item in locked:
        spec = item.spec
        if item.own and spec.id in by_id:
            index = objects.index(by_id[spec.id])
            objects[index] = dataclasses.replace(spec, category=by_id[spec.id].category, asset=by_id[spec.id].asset)
            own.add(spec.id)
            continue
        if not item.own and spec.id in by_id:  # the plan's "the desk" is this object
            objects[objects.index(by_id[spec.id])] = spec
            external.add(spec.id)
            continue
        oid = unique_id(spec.id, taken)
        taken.add(oid)
        objects.append(dataclasses.replace(spec, id=oid))
        (own if item.own else external).add(oid)
    return dataclasses.replace(program, objects=objects), own, external


def drop_missing(program: Program, present: set[str]) -> Program:
    """Without the objects the user deleted, and without the constraints that named them."""
    objects = [o for o in program.objects if o.id in present]
    kept = {o.id for o in objects}
    constraints = [c for c in program.constraints if set(c.args) <= kept]
    return dataclasses.replace(program, objects=objects, constraints=constraints)


def object_id(name: str) -> str:
    """A program id from a Blender object name ("Desk.001" -> "desk_001")."""
    cleaned = re.sub(r"[^a-z0-9_]+", "_", name.lower()).strip("_")
    return cleaned or "object"


# ------------------------------------------------------------------ locked objects (Blender part)


def measure_spec(obj: bpy.types.Object, oid: str, category: str) -> ObjectSpec:
    """A locked :class:`ObjectSpec` at ``obj``'s pose: origin = bottom-centre of its evaluated
    local box, yaw only (the solver places upright objects), dimensions after scale."""
    evaluated = obj.evaluated_get(bpy.context.evaluated_depsgraph_get())
    local = [Vector(c) for c in evaluated.bound_box]
    lo = Vector((min(c.x for c in local), min(c.y for c in local), min(c.z for c in local)))
    hi = Vector((max(c.x for c in local), max(c.y for c in local), max(c.z for c in local)))
    bottom = evaluated.matrix_world @ Vector(((lo.x + hi.x) / 2, (lo.y + hi.y) / 2, lo.z))
    scale = evaluated.matrix_world.to_scale()
    dims = tuple(max(1e-3, float(v)) for v in ((hi.x - lo.x) * scale.x, (hi.y - lo.y) * scale.y,
                                                (hi.z - lo.z) * scale.z))
    yaw = float(evaluated.matrix_world.to_euler("XYZ").z)
    return ObjectSpec(id=oid, category=category, dimensions=dims, locked=True,  # type: ignore[arg-type]
                      location=(float(bottom.x), float(bottom.y), float(bottom.z)), rotation_euler=(0.0, 0.0, yaw))


def locked_objects(scene: bpy.types.Scene, collection_name: str) -> list[LockedSpec]:
    """Every mesh object of ``scene`` marked locked, measured; ``own`` when it lies in
    ``collection_name`` (the collection the run rebuilds)."""
    bpy.context.view_layer.update()
    found: list[LockedSpec] = []
    for obj in sorted(scene.objects, key=lambda o: o.name):
        if not obj.get(LOCK_PROP) or obj.type != "MESH":
            continue
        own = any(c.name == collection_name for c in obj.users_collection)
        oid = str(obj.get(ID_PROP) or object_id(obj.name))
        category = str(obj.get(CATEGORY_PROP) or re.sub(r"[._]?\d+$", "", obj.name).lower() or "object")
        found.append(LockedSpec(measure_spec(obj, oid, category), own))
    return found


def store_source(collection: bpy.types.Collection, prompt: str, graph: SceneGraph, program: Program,
                 seed: int) -> None:
    """Keep what Re-solve needs on the collection (saved with the .blend)."""
    collection[PROMPT_PROP] = prompt
    collection[GRAPH_PROP] = json.dumps(graph.to_dict())
    collection[PROGRAM_PROP] = json.dumps(program.to_dict())
    collection[SEED_PROP] = int(seed)


def load_source(collection: bpy.types.Collection) -> tuple[str, SceneGraph, Program] | None:
    """The prompt, graph and program :func:`store_source` kept, or None."""
    if not all(key in collection for key in (PROMPT_PROP, GRAPH_PROP, PROGRAM_PROP)):
        return None
    graph = scene_graph_from_dict(json.loads(collection[GRAPH_PROP]))
    return str(collection[PROMPT_PROP]), graph, program_from_dict(json.loads(collection[PROGRAM_PROP]))


# ------------------------------------------------------------------ the session


@dataclass
class StageLog:
    """What the wrapped stages saw (written in the worker thread, read after it is done)."""

    graph: SceneGraph | None = None
    base_program: Program | None = None
    own_locked: set[str] = field(default_factory=set)
    external: set[str] = field(default_factory=set)
    last_results: list[ConstraintResult] = field(default_factory=list)
    budget_hit: bool = False
    bound: dict[str, str] = field(default_factory=dict)  # planned asset id -> the user's object id
    binding_notes: list[str] = field(default_factory=list)


class PanelSession:
    """One run in the user's scene; ``fulfil`` answers every effect (synchronous use), the panel
    driver splits them with ``is_main``/``fulfil_worker``.

    The Blender driver is made at the first bpy effect (the first build), not up front: it
    empties the collection it rebuilds and sets the render settings, and until the first build
    is ready the user's scene stays as it was (a Stop while planning or solving changes nothing).
    """

    def __init__(self, options: RunOptions, stages: StageSet, scene: bpy.types.Scene, *,
                 locked: Sequence[LockedSpec] = (), source: tuple[SceneGraph, Program] | None = None,
                 builder: AssetBuilder | None = None, tokens: Callable[[], int] = lambda: 0) -> None:
        self.options = options
        # external locked objects are the user's: the plan may refer to them ("my desk")
        existing = tuple(item.spec for item in locked if not item.own)
        self.request = dataclasses.replace(options.request(), existing=existing)
        self.scene = scene
        self.builder = builder
        self.log = StageLog()
        self.tokens = tokens
        self.locked = list(locked)
        self.stages = self._wrap(stages, source)
        self._driver: BlenderDriver | None = None
        options.out_dir.mkdir(parents=True, exist_ok=True)
        self.flow: pl.Flow = pl.run(self.request)

    @property
    def driver(self) -> BlenderDriver:
        """The headless driver for the bpy effects (main thread only; made on first use)."""
        if self._driver is None:
            self._driver = BlenderDriver(self.stages, self.request, self.options.out_dir, builder=self.builder,
                                         scene=self.scene)
            self._driver.graph = self.log.graph  # the asset builder's hints (adjectives) come from the plan
        return self._driver

    @property
    def collection(self) -> bpy.types.Collection:
        return self.driver.collection

    def _plan(self, base: StageSet, prompt: str) -> SceneGraph:
        """The plan, its references to the user's objects bound: an LLM planner queries them
        (``plan_existing``) and names the ones it means by id; otherwise the definite references
        of the prompt are bound (:func:`bind_existing`)."""
        existing = self.request.existing
        if not existing:
            return base.plan(prompt)
        graph = base.plan_existing(prompt, existing) if base.plan_existing is not None else base.plan(prompt)
        named = {a.id for a in graph.assets} & {o.id for o in existing} if base.plan_existing is not None else set()
        binding = bind_existing(graph, existing, prompt, named)
        self.log.bound, self.log.binding_notes = binding.bound, binding.notes
        return binding.graph

    def _wrap(self, base: StageSet, source: tuple[SceneGraph, Program] | None) -> StageSet:
        record = self.log

        def plan(prompt: str) -> SceneGraph:
            if source is not None:  # Re-solve: bound when it was first planned
                record.graph = source[0]
                return record.graph
            record.graph = self._plan(base, prompt)
            return record.graph

        def code(graph: SceneGraph) -> pl.ProgramDraft:
            draft = pl.ProgramDraft(source[1], render_script(source[1])) if source is not None else base.code(graph)
            if record.binding_notes:
                draft = dataclasses.replace(draft, warnings=[*draft.warnings, *record.binding_notes])
            record.base_program = draft.program
            merged, record.own_locked, record.external = merge_locked(draft.program, self.locked)
            if not self.locked:
                return draft
            return dataclasses.replace(draft, program=merged, script=render_script(
                merged, comment=f"Locked by the user: {', '.join(sorted(record.own_locked | record.external))}."))

        def evaluate(program: Program, placed: Sequence[PlacedObject]) -> tuple[list[ConstraintResult], PhysicsChecks]:
            results, checks = base.evaluate(program, placed)
            record.last_results = list(results)
            return results, checks

        def review(need: pl.NeedReview) -> pl.ReviewOutcome:
            if 0 < self.options.max_tokens <= self.tokens():
                record.budget_hit = True
                return pl.ReviewOutcome(accepted=True, notes=f"token budget ({self.options.max_tokens}) reached")
            users = tuple(sorted(record.own_locked | record.external))  # the user's locked objects
            return base.review(dataclasses.replace(need, protected=users) if users else need)

        return StageSet(name=base.name, plan=plan, code=code, solve=base.solve, evaluate=evaluate, review=review)

    def fulfil(self, effect: Any) -> Any:
        """Answer any effect (bpy ones on the main thread only)."""
        if isinstance(effect, pl.NeedSave):
            return None  # the user's file is theirs: a panel run never saves it
        if isinstance(effect, pl.NeedBuild):
            return self._build(effect)
        if isinstance(effect, pl.NeedRender):
            return self.driver.fulfil(effect) if effect.tag == "final" else self._review_render(effect)
        return self.fulfil_worker(effect)

    def fulfil_worker(self, effect: Any) -> Any:
        """Answer a non-bpy effect (plan, code, solve, evaluate, review) with the stages: the
        worker thread's job, so nothing here may touch bpy."""
        if isinstance(effect, STAGE_EFFECTS):
            return answer_with_stages(self.stages, effect)
        raise RuntimeError(f"{type(effect).__name__} touches bpy: it must run on the main thread")

    def _build(self, effect: pl.NeedBuild) -> pl.BuildOutcome:
        layout = effect.layout
        external = self.log.external
        ours = dataclasses.replace(layout, objects=[o for o in layout.objects if o.id not in external])
        outcome = self.driver.fulfil(pl.NeedBuild(ours, effect.iteration))
        if self.driver.current is not None:
            for oid, obj in self.driver.current.objects.items():
                if oid in self.log.own_locked:
                    obj[LOCK_PROP] = True
        placed = list(outcome.placed) + [o for o in layout.objects if o.id in external]
        return pl.BuildOutcome(placed=placed, warnings=list(outcome.warnings), unstable=list(outcome.unstable),
                               cameras=outcome.cameras)

    def _review_render(self, effect: pl.NeedRender) -> dict[str, str]:
        scene = self.driver.scene
        configure(scene, self.options.review_engine, self.options.resolution)
        try:
            return self.driver.fulfil(effect)
        finally:
            configure(scene, self.options.render, self.options.resolution)

    def finish(self, result: pl.GenerateResult) -> None:
        """Remember the run's graph and (unlocked) program for Re-solve."""
        program = self.log.base_program or result.program
        store_source(self.collection, self.options.prompt, result.graph, program, self.options.seed)


def make_stages(backend: str, settings: Any, out_dir: Path) -> tuple[StageSet, Callable[[], int], Callable[[], None]]:
    """The stage set for ``backend`` ("offline" or "openai"), a token counter and a closer."""
    from ..core.stage_set import offline_stages

    if backend == "offline":
        return offline_stages(), lambda: 0, lambda: None
    from ..services.llm_pipeline import llm_stage_set, open_session  # imports openai: only when asked for

    session = open_session(settings, out_dir)  # settings: services.llm_config.LLMSettings
    return llm_stage_set(session), session.tokens_used, session.close
