"""The generate flow as a generator of effects and events (ARCHITECTURE.md, runtime model).

:func:`run` yields **effects** (``Need*``: something only the outside world can do: ask a
planner, run a solver, build in Blender, render, save) and **events** (progress lines,
notices, iteration scores). A driver fulfils each effect and sends the result back with
``generator.send``; events get ``None``. The core does no I/O, so the loop is tested with
fake stages, and the offline planner/coder/solver and later LLM stages are just
different fulfilments of the same effects.

Flow: plan -> code -> [solve -> build -> audit -> review/revise]* -> (rebuild best) ->
render -> save. The best iteration (valid physics first, then most constraints held) wins.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any, Callable, Generator, Union

from .audit import DRIFT_TOLERANCE, Audit, AuditScore, derive_seed, make_audit
from .model import ConstraintResult, Layout, PlacedObject, Program
from .scene_graph import SceneGraph

# ------------------------------------------------------------------ request and results


@dataclass(frozen=True)
class GenerateRequest:
    """What the user asked for."""

    prompt: str
    seed: int = 0
    max_iterations: int = 3
    time_budget: float = 3.0  # seconds per solve
    render: str = "workbench"  # none | workbench | eevee | cycles
    resolution: int = 512
    review_renders: bool = False  # render every iteration (a vision reviewer needs them)
    always_review: bool = False  # ask the reviewer even when the audit finds nothing (it sees more)


@dataclass
class ProgramDraft:
    """A coder's output: the program and the script that produced it."""

    program: Program
    script: str
    warnings: list[str] = field(default_factory=list)


@dataclass
class BuildOutcome:
    """What the builder measured in the scene, plus asset warnings (unknown nouns...)."""

    placed: list[PlacedObject]
    warnings: list[str] = field(default_factory=list)


@dataclass
class ReviewOutcome:
    """A reviewer's verdict: accept, or a revised program (and script) to solve next."""

    accepted: bool
    program: Program | None = None
    script: str | None = None
    notes: str = ""


@dataclass
class IterationRecord:
    """One solve -> build -> audit round, as reported in report.json."""

    iteration: int
    seed: int
    score: AuditScore
    failed: list[str]
    checks: dict[str, Any]
    max_drift: float
    renders: dict[str, str] = field(default_factory=dict)
    script: str = field(default="", repr=False)  # the constraint script this round solved

    def to_dict(self) -> dict[str, Any]:
        """The report.json form (the script is written to iterations/NN/program.py instead)."""
        return {"iteration": self.iteration, "seed": self.seed, "physics_valid": self.score.physics_valid,
                "satisfied": self.score.satisfied, "total": self.score.total,
                "mean_score": self.score.mean_score, "failed": list(self.failed), "checks": self.checks,
                "max_drift_m": round(self.max_drift, 5), "renders": dict(self.renders)}


@dataclass
class GenerateResult:
    """Everything the run produced; the driver writes it to the output files."""

    request: GenerateRequest
    graph: SceneGraph
    program: Program
    script: str
    layout: Layout
    iterations: list[IterationRecord]
    best_iteration: int
    warnings: list[str]
    renders: dict[str, str]
    saved: str | None


# ------------------------------------------------------------------ effects


@dataclass(frozen=True)
class NeedPlan:
    """Plan the prompt into a scene graph. Reply: :class:`SceneGraph`."""

    prompt: str
    stage: str = "plan"


@dataclass(frozen=True)
class NeedProgram:
    """Write the constraint program for a graph. Reply: :class:`ProgramDraft`."""

    graph: SceneGraph
    stage: str = "code"


@dataclass(frozen=True)
class NeedSolve:
    """Solve a program. Reply: :class:`Layout`."""

    program: Program
    seed: int
    iteration: int
    time_budget: float
    prompt: str
    stage: str = "solve"


@dataclass(frozen=True)
class NeedBuild:
    """Build a layout into the scene (replacing the previous build). Reply: :class:`BuildOutcome`."""

    layout: Layout
    iteration: int
    stage: str = "build"


@dataclass(frozen=True)
class NeedEvaluate:
    """Check a program on placed objects. Reply: ``(list[ConstraintResult], PhysicsChecks)``."""

    program: Program
    placed: tuple[PlacedObject, ...]
    stage: str = "audit"


@dataclass(frozen=True)
class NeedRender:
    """Render the current build. ``views``: "final" (perspective), "top" (labelled top-down).
    ``tag`` names the round ("final" or "iter_01"). Reply: ``dict[view, path]``."""

    views: tuple[str, ...]
    tag: str
    stage: str = "render"


@dataclass(frozen=True)
class NeedReview:
    """Judge an iteration and maybe revise its program. Reply: :class:`ReviewOutcome`."""

    prompt: str
    program: Program
    script: str
    layout: Layout
    audit: Audit
    iteration: int
    renders: dict[str, str]
    stage: str = "review"


@dataclass(frozen=True)
class NeedSave:
    """Save the scene. Reply: the saved path (or ``None``)."""

    stage: str = "save"


Effect = Union[NeedPlan, NeedProgram, NeedSolve, NeedBuild, NeedEvaluate, NeedRender, NeedReview, NeedSave]

# ------------------------------------------------------------------ events


@dataclass(frozen=True)
class Progress:
    """A stage finished something worth a line on the terminal."""

    stage: str
    message: str


@dataclass(frozen=True)
class Notice:
    """Something the user must see: ``kind`` is "unparsed" or "warning"."""

    kind: str
    message: str


@dataclass(frozen=True)
class IterationScored:
    """An iteration was built and audited."""

    record: IterationRecord


Event = Union[Progress, Notice, IterationScored]
Flow = Generator[Union[Effect, Event], Any, GenerateResult]


# ------------------------------------------------------------------ the flow


def run(request: GenerateRequest) -> Flow:
    """The generate flow; see the module docstring. Returns a :class:`GenerateResult`."""
    if request.max_iterations < 1:
        raise ValueError(f"max_iterations must be >= 1, got {request.max_iterations}")
    graph: SceneGraph = yield NeedPlan(request.prompt)
    yield Progress("plan", f"{len(graph.assets)} objects, {len(graph.relations)} relations")
    for part in graph.unparsed:
        yield Notice("unparsed", f"not understood, ignored: {part!r}")
    draft: ProgramDraft = yield NeedProgram(graph)
    yield Progress("code", f"{len(draft.program.objects)} objects, {len(draft.program.constraints)} constraints")
    warnings: list[str] = []
    for message in draft.warnings:
        yield from _warn(warnings, message)
    state = _LoopState(program=draft.program, script=draft.script)
    rounds = yield from _iterate(request, draft.program, state, warnings)
    best = max(rounds, key=lambda r: (r.audit.score.key(), -r.record.iteration))
    if best.record.iteration != rounds[-1].record.iteration:
        yield Progress("build", f"rebuilding the best iteration ({best.record.iteration})")
        yield NeedBuild(best.layout, best.record.iteration)
    renders: dict[str, str] = {}
    if request.render != "none":
        renders = yield NeedRender(("final", "top"), "final")
        yield Progress("render", ", ".join(f"{view}: {path}" for view, path in renders.items()))
    saved = yield NeedSave()
    final_layout = Layout(objects=best.placed, constraints=best.audit.results, checks=best.audit.checks,
                          bounds=draft.program.bounds, prompt=request.prompt, seed=request.seed)
    return GenerateResult(request=request, graph=graph, program=best.program, script=best.script,
                          layout=final_layout, iterations=[r.record for r in rounds],
                          best_iteration=best.record.iteration, warnings=warnings, renders=renders, saved=saved)


@dataclass
class _LoopState:
    program: Program
    script: str


@dataclass
class _Round:
    record: IterationRecord
    audit: Audit
    layout: Layout  # as planned by the solver
    placed: list[PlacedObject]  # as measured in the scene
    program: Program
    script: str


def _iterate(request: GenerateRequest, original: Program, state: _LoopState,
             warnings: list[str]) -> Generator[Union[Effect, Event], Any, list[_Round]]:
    """Solve, build and audit until everything holds, the reviewer accepts or the budget ends."""
    rounds: list[_Round] = []
    for iteration in range(1, request.max_iterations + 1):
        seed = derive_seed(request.seed, iteration)
        layout: Layout = yield NeedSolve(state.program, seed, iteration, request.time_budget, request.prompt)
        yield Progress("solve", f"iteration {iteration}: {len(layout.objects)} objects placed (seed {seed})")
        built: BuildOutcome = yield NeedBuild(layout, iteration)
        for message in built.warnings:
            yield from _warn(warnings, message)
        results, checks = yield NeedEvaluate(original, tuple(built.placed))
        audit = make_audit(results, checks, layout, built.placed)
        yield from _report_drift(audit)
        renders: dict[str, str] = {}
        if request.review_renders and request.render != "none":
            renders = yield NeedRender(("final", "top"), f"iter_{iteration:02d}")
        record = IterationRecord(iteration=iteration, seed=seed, score=audit.score,
                                 failed=[_label(r) for r in audit.failed()], checks=audit.checks.to_dict(),
                                 max_drift=max(audit.drift.values(), default=0.0), renders=renders,
                                 script=state.script)
        rounds.append(_Round(record, audit, layout, list(built.placed), state.program, state.script))
        yield IterationScored(record)
        yield Progress("audit", f"iteration {iteration}: {audit.summary()}")
        if iteration == request.max_iterations or (audit.score.perfect and not request.always_review):
            break
        review: ReviewOutcome = yield NeedReview(request.prompt, state.program, state.script, layout, audit,
                                                 iteration, renders)
        if review.accepted or review.program is None:
            yield Progress("review", f"iteration {iteration} accepted {review.notes}".rstrip())
            break
        yield Progress("review", f"revising: {review.notes}" if review.notes else "revising")
        state.program, state.script = review.program, review.script or state.script
    return rounds


def _report_drift(audit: Audit) -> Generator[Event, Any, None]:
    for oid, drift in sorted(audit.drift.items()):
        if drift > DRIFT_TOLERANCE:
            yield Notice("warning", f"built object '{oid}' differs from its planned box by {drift:.3f} m")


def _warn(seen: list[str], message: str) -> Generator[Event, Any, None]:
    if message not in seen:
        seen.append(message)
        yield Notice("warning", message)


def _label(result: ConstraintResult) -> str:
    return f"{result.relation}({', '.join(result.args)})"


def drive(flow: Flow, fulfil: Callable[[Effect], Any], on_event: Callable[[Event], None]) -> GenerateResult:
    """Run a flow to the end: effects go to ``fulfil``, events to ``on_event``."""
    reply: Any = None
    try:
        while True:
            item = flow.send(reply)
            if isinstance(item, (Progress, Notice, IterationScored)):
                on_event(item)
                reply = None
            else:
                reply = fulfil(item)
    except StopIteration as stop:
        return stop.value
