"""The generate flow as a generator of effects and events (ARCHITECTURE.md, runtime model).

:func:`run` yields **effects** (``Need*``: something only the outside world can do: ask a
planner, run a solver, build in Blender, render, save) and **events** (progress lines,
notices, iteration scores). A driver fulfils each effect and sends the result back with
``generator.send``; events get ``None``. The core does no I/O, so the loop is tested with
fake stages, and the offline planner/coder/solver and later LLM stages are just
different fulfilments of the same effects.

Flow: plan -> code -> [solve -> build -> audit -> review/revise]* -> (rebuild best) ->
render -> save. The best iteration wins (the audit's verdict first, then the reviewer's: ``_rank``).

**Finishing early.** A driver may ``flow.throw(FinishEarly())`` at any yield (the panel's
Stop): during the iterations the flow drops what is in flight, rebuilds the best audited
iteration if the scene shows another one, skips the final render unless asked for, saves and
returns a result marked ``stopped_early``. Before the first iteration is audited there is
nothing to keep: the :class:`FinishEarly` comes back out of the flow (the driver's
"cancelled"). A second one while the flow is closing changes nothing.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any, Callable, Generator, Union

from .audit import DRIFT_TOLERANCE, Audit, AuditScore, derive_seed, make_audit  # noqa: F401 - AuditScore re-exported
from .model import ConstraintResult, Layout, ObjectSpec, PlacedObject, Program
from .effects import (Effect, Event, IterationScored, NeedBuild, NeedEvaluate, NeedPlan, NeedProgram,  # noqa: F401
                      NeedRender, NeedReview, NeedSave, NeedSolve, Notice, Progress)
from .revision import audited_program, missing_subjects, plan_held, revision_failure, supersedes
from .assets.coverage import unknown_notes
from .scene_graph import SceneGraph
from .solve_record import Budget
from .iteration import IterationRecord
from .visibility import ViewCamera, round_visibility, unseen_text

# ------------------------------------------------------------------ request and results


# What a vision reviewer sees of each round: the main perspective, a second one from the side
# that shows the prompt's subjects best, and the labelled top view (issue 15).
REVIEW_VIEWS = ("final", "second", "top")


@dataclass(frozen=True)
class GenerateRequest:
    """What the user asked for."""

    prompt: str
    seed: int = 0
    max_iterations: int = 3
    time_budget: float | None = None  # wall-clock cap per solve in seconds (None: a generous safety cap)
    effort: float = 1.0  # the solver's counted work per solve (1.0: about 3 s here); results never depend on speed
    render: str = "workbench"  # none | workbench | eevee | cycles
    resolution: int = 512
    review_renders: bool = False  # render every iteration (a vision reviewer needs them)
    always_review: bool = False  # ask the reviewer even when the audit finds nothing (it sees more)
    # locked objects already in the user's scene, with their category names: a definite
    # reference in the prompt ("the desk", "my desk") may mean one of them (NeedPlan.existing)
    existing: tuple[ObjectSpec, ...] = ()
    settle: bool = True  # settle each build under rigid-body physics (issue 21) where Blender builds
    top_view: bool = False  # write the review views even when no reviewer looks at renders (issue 11)
    resolve_unchanged: bool = False  # solve a revision equal to its round again (the old behaviour; benchmarks)

    def final_views(self) -> tuple[str, ...]:
        """The final renders: the review views too only for a vision reviewer or on request (issue 11)."""
        return REVIEW_VIEWS if self.review_renders or self.top_view else ("final",)

    @property
    def budget(self) -> Budget:
        """The solver's budget of every solve of this run."""
        return Budget(effort=self.effort, time_cap=self.time_budget)


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
    unstable: list[str] = field(default_factory=list)  # moved or toppled when settled (issue 21)
    cameras: tuple[ViewCamera, ...] = ()  # each view's camera as built (core/visibility.py); none: not checked


@dataclass
class ReviewOutcome:
    """A reviewer's verdict: accept, or a revised program (and script) to solve next."""

    accepted: bool
    program: Program | None = None
    script: str | None = None
    notes: str = ""
    # the revision carries the reviewer's critiques (edits it asked for): the next round supersedes
    # the critiqued one unless it loses what that one held; ``removed``: objects the critiques removed
    critiqued: bool = False
    removed: tuple[str, ...] = ()
    approved: bool = True  # an acceptance is the reviewer's verdict (False: the loop only stops, e.g. no tokens left)
    looked: bool = False  # a reviewer who looked at the round rejected it (not only re-weighted its audit)


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
    stopped_early: bool = False  # the driver asked to finish with the best iteration so far


class FinishEarly(Exception):
    """Thrown into the flow (``flow.throw``) to finish now with the best iteration so far;
    ``render``: still render the final view (the panel's Stop skips it)."""

    def __init__(self, render: bool = False) -> None:
        super().__init__("finish early with the best iteration so far")
        self.render = render


Flow = Generator[Union[Effect, Event], Any, GenerateResult]


# ------------------------------------------------------------------ the flow


def run(request: GenerateRequest) -> Flow:
    """The generate flow; see the module docstring. Returns a :class:`GenerateResult`."""
    if request.max_iterations < 1:
        raise ValueError(f"max_iterations must be >= 1, got {request.max_iterations}")
    graph: SceneGraph = yield from _plan(request)
    draft: ProgramDraft = yield NeedProgram(graph)
    yield Progress("code", f"{len(draft.program.objects)} objects, {len(draft.program.constraints)} constraints")
    warnings: list[str] = []
    for message in draft.warnings:
        yield from _warn(warnings, message)
    state = _LoopState(program=draft.program, script=draft.script)
    stop: FinishEarly | None = None
    try:
        yield from _iterate(request, draft.program, state, warnings)
    except FinishEarly as thrown:
        if not state.rounds:
            raise  # nothing audited yet: nothing to keep
        stop = thrown
    rounds = state.rounds
    best = max(rounds, key=_rank)
    yield from _result_warnings(request, best, rounds, warnings)
    renders, saved = yield from _close(request, best, state.built, len(rounds), stop)
    final_layout = Layout(objects=best.placed, constraints=best.audit.results, checks=best.audit.checks,
                          bounds=draft.program.bounds, prompt=request.prompt, seed=request.seed,
                          room=best.program.room, solve=best.layout.solve)
    return GenerateResult(request=request, graph=graph, program=best.program, script=best.script,
                          layout=final_layout, iterations=[r.record for r in rounds],
                          best_iteration=best.record.iteration, warnings=warnings, renders=renders, saved=saved,
                          stopped_early=stop is not None)


def _plan(request: GenerateRequest) -> Generator[Union[Effect, Event], Any, SceneGraph]:
    """Ask for the scene graph and tell what it holds: its size, the user's locked objects it
    reuses and the parts of the prompt nobody understood."""
    graph: SceneGraph = yield NeedPlan(request.prompt, request.existing)
    yield Progress("plan", f"{len(graph.assets)} objects, {len(graph.relations)} relations")
    existing = {o.id: o for o in request.existing}
    for asset in graph.assets:
        if asset.id in existing:
            yield Progress("plan", f"'{asset.category}' is your locked object '{asset.id}'")
    for part in graph.unparsed:
        yield Notice("unparsed", f"not understood, ignored: {part!r}")
    for note in unknown_notes(a.category for a in graph.assets):  # never a silent grey box (issue 14)
        yield Notice("warning", note)
    return graph


def _result_warnings(request: GenerateRequest, best: "_Round", rounds: list["_Round"],
                     warnings: list[str]) -> Generator[Union[Effect, Event], Any, None]:
    """Warn, by name, when the chosen iteration fails hard constraints or a solve was cut short."""
    if best.audit.score.hard_failed:  # reported by name, never silently
        warnings.append(f"the result (iteration {best.record.iteration}) fails hard constraints: "
                        f"{', '.join(best.audit.score.hard_failed)}")
        yield from _closing(Notice("warning", warnings[-1]))
    if any(r.record.cut_short for r in rounds):  # never silently a different scene (issue 11)
        warnings.append(request.budget.cut_short_warning())
        yield from _closing(Notice("warning", warnings[-1]))


def _close(request: GenerateRequest, best: "_Round", built: int | None, audited: int,
           stop: FinishEarly | None) -> Generator[Union[Effect, Event], Any, tuple[dict[str, str], Any]]:
    """Rebuild the best iteration if the scene shows another, render, save. A FinishEarly
    thrown here changes nothing: the rebuild and the save happen anyway (the scene must show
    the result), only a render not yet started is skipped."""
    if stop is not None:
        yield from _closing(Progress("stop", f"stopped: finishing with the best iteration so far "
                                             f"({best.record.iteration} of {audited} audited)"))
    if best.record.iteration != built:
        yield from _closing(Progress("build", f"rebuilding the best iteration ({best.record.iteration})"))
        yield from _closing(NeedBuild(best.layout, best.record.iteration))
    renders: dict[str, str] = {}
    if request.render != "none" and (stop is None or stop.render):
        rendered = yield from _closing(NeedRender(request.final_views(), "final"), skip_on_stop=True)
        if rendered is not None:
            renders = rendered
            yield from _closing(Progress("render", ", ".join(f"{view}: {path}" for view, path in renders.items())))
    saved = yield from _closing(NeedSave())
    return renders, saved


def _closing(item: Union[Effect, Event], skip_on_stop: bool = False) -> Generator[Union[Effect, Event], Any, Any]:
    """Yield ``item``; a FinishEarly thrown at it yields it again (or skips it: None)."""
    while True:
        try:
            return (yield item)
        except FinishEarly:
            if skip_on_stop:
                return None


@dataclass
class _LoopState:
    program: Program
    script: str
    rounds: list["_Round"] = field(default_factory=list)  # audited rounds (kept when stopped early)
    built: int | None = None  # the iteration the scene shows now
    critiqued: "_Round | None" = None  # the round whose critiques the program being solved carries
    removed: set[str] = field(default_factory=set)  # objects the reviewer's critiques removed


@dataclass
class _Round:
    record: IterationRecord
    audit: Audit
    layout: Layout  # as planned by the solver
    placed: list[PlacedObject]  # as measured in the scene
    program: Program
    script: str


def _iterate(request: GenerateRequest, original: Program, state: _LoopState,
             warnings: list[str]) -> Generator[Union[Effect, Event], Any, None]:
    """Solve, build and audit until everything holds, the reviewer accepts or the budget ends;
    the rounds go to ``state.rounds`` as they are audited. A revised program that cannot be
    solved loses its round: the last good round is kept and reviewed again, told what failed."""
    last: _Round | None = None
    for iteration in range(1, request.max_iterations + 1):
        seed = derive_seed(request.seed, iteration)
        try:
            layout: Layout = yield NeedSolve(state.program, seed, iteration, request.budget, request.prompt)
        except FinishEarly:
            raise
        except Exception as error:  # noqa: BLE001 - any failure of a revision goes back to the model
            if last is None:
                raise
            feedback = revision_failure(error, last.program, state.program)
            yield Notice("warning", f"iteration {iteration}: {feedback}")
            state.program, state.script = last.program, last.script
            if iteration == request.max_iterations or not (yield from _revise(request, state, last, feedback)):
                break
            continue
        last = yield from _round(request, original, state, warnings, layout, iteration, seed)
        if state.critiqued is not None:
            state.critiqued.record.superseded = supersedes(original, state.critiqued.audit, last.audit, state.removed)
            state.critiqued = None
        if iteration == request.max_iterations or (last.audit.score.perfect and not request.always_review):
            break
        if not (yield from _revise(request, state, last, "")):
            break


def _round(request: GenerateRequest, original: Program, state: _LoopState, warnings: list[str], layout: Layout,
           iteration: int, seed: int) -> Generator[Union[Effect, Event], Any, "_Round"]:
    """Build and audit one solved round (the plan's relations and the round's own program)."""
    yield Progress("solve", f"iteration {iteration}: {len(layout.objects)} objects placed (seed {seed})")
    built: BuildOutcome = yield NeedBuild(layout, iteration)
    state.built = iteration
    for message in built.warnings:
        yield from _warn(warnings, message)
    results, checks = yield NeedEvaluate(audited_program(original, state.program), tuple(built.placed))
    checks.unstable.extend(oid for oid in built.unstable if oid not in checks.unstable)  # a failing hard check
    audit = make_audit(results, checks, layout, built.placed)
    yield from _report_drift(audit)
    renders: dict[str, str] = {}
    if request.review_renders and request.render != "none":
        renders = yield NeedRender(REVIEW_VIEWS, f"iter_{iteration:02d}")
    record = IterationRecord(iteration=iteration, seed=seed, score=audit.score,
                             failed=[_label(r) for r in audit.failed()], checks=audit.checks.to_dict(),
                             max_drift=max(audit.drift.values(), default=0.0), renders=renders, script=state.script,
                             plan_held=plan_held(original, results),
                             stated_held=plan_held(original, results, stated_only=True),
                             missing_subjects=missing_subjects(request.prompt, original, state.program, results,
                                                               state.removed),
                             cut_short=bool(layout.solve is not None and layout.solve.cut_short),
                             visibility=round_visibility(request.prompt, original, built.placed, built.cameras),
                             cameras={c.view: c.to_dict() for c in built.cameras})
    state.rounds.append(done := _Round(record, audit, layout, list(built.placed), state.program, state.script))
    yield IterationScored(record)
    yield Progress("audit", f"iteration {iteration}: {audit.summary()}")
    return done


def _revise(request: GenerateRequest, state: _LoopState, last: "_Round",
            feedback: str) -> Generator[Union[Effect, Event], Any, bool]:
    """Ask the reviewer about ``last``; True when it revised the program (solve again: not when the
    revision is the program ``last`` solved)."""
    review: ReviewOutcome = yield NeedReview(request.prompt, last.program, last.script, last.layout, last.audit,
                                             last.record.iteration, last.record.renders, feedback,
                                             seed=derive_seed(request.seed, last.record.iteration + 1),
                                             budget=request.budget,
                                             protected=tuple(o.id for o in request.existing),
                                             unseen=unseen_text(last.record.visibility))
    if review.accepted or review.program is None:
        last.record.accepted = review.accepted and review.approved
        yield Progress("review", f"iteration {last.record.iteration} accepted {review.notes}".rstrip())
        return False
    yield Progress("review", f"revising: {review.notes}" if review.notes else "revising")
    state.program, state.script = review.program, review.script or last.script
    if not request.resolve_unchanged and review.program.to_dict() == last.program.to_dict():
        # solving the same program again only re-rolls the seed (issue 11): ``last`` stands, byte for byte
        yield Progress("review", f"the revision of iteration {last.record.iteration} changes nothing: not solved again")
        return False
    state.critiqued = last if review.critiqued or review.looked else None  # the next round may supersede it
    if review.critiqued:
        last.record.critiques = review.notes
    state.removed.update(review.removed)
    return True


def _rank(r: "_Round") -> tuple[Any, ...]:
    """Best round first. The audit's verdict: valid physics, no hard constraint failing (a reviewer
    who liked the look cannot overrule either), fewest of the prompt's subjects lost or out of the pictures.
    Then the reviewer's: the round it accepted, not one superseded by the round made from its critiques or from
    the revision of a reviewer who looked at it (the later round holds what it held: it has what was asked).
    Then most of the plan's stated relations held (the text's word outweighs what common sense added), most
    of the plan's relations held (a revision that adds easy relations cannot outrank the user's intent), all
    held, the mean score, the earlier round."""
    score, record = r.audit.score, r.record
    return (score.physics_valid, -len(score.hard_failed), -record.lost(), record.accepted, not record.superseded,
            record.stated_held, record.plan_held, score.satisfied, score.mean_score, -record.iteration)


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
    """Run a flow to the end: effects go to ``fulfil``, events to ``on_event``; an effect that
    fails is thrown into the flow (which may keep its best round and go on)."""
    reply: Any = None
    error: Exception | None = None
    try:
        while True:
            item = flow.send(reply) if error is None else flow.throw(error)
            reply, error = None, None
            if isinstance(item, (Progress, Notice, IterationScored)):
                on_event(item)
                continue
            try:
                reply = fulfil(item)
            except Exception as failed:  # noqa: BLE001 - the flow decides; it re-raises what it cannot keep
                error = failed
    except StopIteration as stop:
        return stop.value
