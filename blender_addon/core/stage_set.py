"""The non-Blender stages a driver calls to fulfil pipeline effects.

A :class:`StageSet` bundles plan, code, solve, evaluate and review as plain callables, so
an LLM backend (issue 4) is another ``StageSet`` with the same shapes. The offline set uses
the rule-based planner/coder (``core/offline``), the numpy solver (``core/solver``) and the
geometric audit as reviewer. Pure Python: no bpy, no network.
"""

from __future__ import annotations

import importlib
from dataclasses import dataclass
from typing import Any, Callable, Sequence

from .audit import revise_program
from .errors import BadInput
from .model import ConstraintResult, Layout, PhysicsChecks, PlacedObject, Program
from .pipeline import NeedReview, ProgramDraft, ReviewOutcome
from .scene_graph import SceneGraph
from .script_api import render_script

PlanFn = Callable[[str], SceneGraph]
CodeFn = Callable[[SceneGraph], ProgramDraft]
SolveFn = Callable[[Program, int, float, str], Layout]
EvaluateFn = Callable[[Program, Sequence[PlacedObject]], tuple[list[ConstraintResult], PhysicsChecks]]
ReviewFn = Callable[[NeedReview], ReviewOutcome]


@dataclass(frozen=True)
class StageSet:
    """One implementation of each non-Blender stage, plus a name for the report."""

    name: str
    plan: PlanFn
    code: CodeFn
    solve: SolveFn
    evaluate: EvaluateFn
    review: ReviewFn


def _module(name: str) -> Any:
    """Import a sibling package of core lazily (the offline planner and solver are optional
    at import time so this module, and the pipeline tests, load without them)."""
    return importlib.import_module(f"{__package__}.{name}")


def offline_plan(prompt: str) -> SceneGraph:
    """The rule-based planner; an empty plan is bad input (nothing to build)."""
    graph: SceneGraph = _module("offline").plan(prompt)
    if not graph.assets:
        unparsed = "; ".join(repr(u) for u in graph.unparsed) or repr(prompt)
        raise BadInput(f"found no object to place in the description (not understood: {unparsed})", "prompt")
    return graph


def offline_code(graph: SceneGraph) -> ProgramDraft:
    """The rule-based coder: the program and its re-runnable script."""
    offline = _module("offline")
    return ProgramDraft(program=offline.code(graph), script=offline.code_script(graph))


def numpy_solve(program: Program, seed: int, time_budget: float, prompt: str) -> Layout:
    """The numpy solver (``core/solver.solve``); in the sandbox when the library in use has learned
    scores (generated code never runs in this process, which may be Blender's)."""
    if _module("learning.runtime").has_learned():
        layout_in_sandbox: Layout = _module("sandbox").solve_in_sandbox(program, seed=seed, time_budget=time_budget,
                                                                        prompt=prompt)
        return layout_in_sandbox
    layout: Layout = _module("solver").solve(program, seed=seed, time_budget=time_budget, prompt=prompt)
    return layout


def numpy_evaluate(program: Program, placed: Sequence[PlacedObject]) -> tuple[list[ConstraintResult], PhysicsChecks]:
    """Every relation's crisp check and the physics on the given poses (``core/solver.evaluate``)."""
    results, checks = _module("solver").evaluate(program, list(placed))
    return list(results), checks


def geometric_review(need: NeedReview) -> ReviewOutcome:
    """The offline reviewer: accept a perfect iteration, otherwise re-weight (and lock what holds)."""
    if need.audit.score.perfect:
        return ReviewOutcome(accepted=True, notes="every relation holds")
    revised = revise_program(need.program, need.layout, need.audit, iteration=need.iteration + 1)
    failed = ", ".join(f"{r.relation}({', '.join(r.args)})" for r in need.audit.failed()) or "physics"
    locked = sum(o.locked for o in revised.objects) - sum(o.locked for o in need.program.objects)
    notes = f"raised the weight of {failed}" + (f"; kept {locked} objects in place" if locked else "")
    script = render_script(revised, comment=f"Revised after iteration {need.iteration}: {notes}.")
    return ReviewOutcome(accepted=False, program=revised, script=script, notes=notes)


def offline_stages() -> StageSet:
    """Everything offline: no network, no key."""
    return StageSet(name="offline", plan=offline_plan, code=offline_code, solve=numpy_solve,
                    evaluate=numpy_evaluate, review=geometric_review)
