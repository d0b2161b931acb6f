"""The LLM stages as a pipeline :class:`~..core.stage_set.StageSet` (``generate --llm openai``).

``open_session(args, out_dir)`` makes the backend (the openai client, or the replay client
with ``--replay``) writing ``out_dir/transcript.jsonl``; ``llm_stage_set(session)`` gives
the pipeline its plan/code/solve/evaluate/review callables:

- plan: assets -> (decomposer) -> planner, a checked :class:`SceneGraph`;
- code: the coder's script, interpreted (core/script; a failure goes back to the model);
- solve: the numpy solver, custom functions and learned scores interpreted;
- evaluate: library relations; custom ones as the solve scored them;
- review: renders + description + audit text -> the vision reviewer -> accept, or the revised
  script, interpreted.
"""

from __future__ import annotations

import argparse
import logging
from dataclasses import dataclass, field, replace
from pathlib import Path
from typing import Any, Callable, Sequence

from ..core.architecture.named import architecture_ids_of, with_planned_finishes
from ..core.edit.critique import CritiqueResult, apply_critiques
from ..core.errors import BadInput
from ..core.learning.edits import FunctionEditLog
from ..core.model import ConstraintResult, Layout, ObjectSpec, PhysicsChecks, PlacedObject, Program
from ..core.pipeline import NeedReview, ProgramDraft, ReviewOutcome
from ..core.solve_record import Budget
from ..core.scene_graph import SceneGraph
from ..core.script_api import render_script
from ..core.stage_set import StageSet, offline_stages
from ..core.stages.base import ChatBackend, ImageInput
from ..core.stages.budget import BudgetedBackend, TokenBudgetExhausted
from ..core.stages.catalog import CUSTOM_PREFIX, RelationCatalog, default_catalog
from ..core.stages.planner_scene import without_existing_ids
from ..core.stages.reviewer import Review, audit_text
from ..core.stages.reviewer_tool import use_scene_tool
from ..core.stages.runner import LLMStages
from ..core.transcript import TranscriptWriter, summarize_calls
from .llm import LLMClient
from .llm_config import LLMSettings, settings_of
from .replay import ReplayClient
from .scene_review import existing_scene, graph_available, review_scene

log = logging.getLogger(__name__)

TRANSCRIPT_FILE = "transcript.jsonl"
# How the reviewer prompt names each render view of the pipeline.
VIEW_LABELS = {"final": "perspective view", "second": "perspective view from another side",
               "top": "top-down orthographic view with object ids, 1 m grid, north up"}


@dataclass
class LLMSession:
    """One run's LLM backend, its transcript and the stages over it."""

    backend: LLMClient | ReplayClient
    transcript: TranscriptWriter
    stages: LLMStages
    name: str  # "openai" or "replay", for report.json
    edits: FunctionEditLog = field(default_factory=FunctionEditLog)  # library functions the scripts redefined
    scene_tool: str = "auto"  # --scene-tool: the reviewer queries the scene database (auto: large scenes)

    def usage_by_stage(self) -> dict[str, dict[str, Any]]:
        """Calls, attempts, tokens and seconds per stage (report.json ``llm.stages``)."""
        return summarize_calls(self.backend.calls)

    def call_count(self) -> int:
        return len(self.backend.calls)

    def token_totals(self) -> dict[str, int]:
        """``{"prompt": N, "completion": M, "images": K, "image_bytes": B}`` over the run (images sent to the model)."""
        return {"prompt": sum(c.prompt_tokens for c in self.backend.calls),
                "completion": sum(c.completion_tokens for c in self.backend.calls),
                "images": sum(c.images for c in self.backend.calls),
                "image_bytes": sum(c.image_bytes for c in self.backend.calls)}

    def tokens_used(self) -> int:
        """Prompt plus completion tokens over the run (what a token budget counts)."""
        totals = self.token_totals()
        return totals["prompt"] + totals["completion"]

    def close(self) -> None:
        self.transcript.close()


def open_session(args: "argparse.Namespace | LLMSettings", out_dir: Path, catalog: RelationCatalog | None = None,
                 max_retries: int = 2) -> LLMSession:
    """The backend the flags (or typed settings) ask for, recording into ``out_dir/transcript.jsonl``
    (started afresh)."""
    settings = settings_of(args)
    replay_path = settings.replay
    # Read the replay file (or check the flags) before the old transcript is removed:
    # --replay may name this run's own output file.
    replayed = ReplayClient.from_file(replay_path) if replay_path else None
    config = None if replayed else settings.config()
    path = Path(out_dir) / TRANSCRIPT_FILE
    path.unlink(missing_ok=True)
    transcript = TranscriptWriter(path)
    backend: LLMClient | ReplayClient
    if replayed is not None:
        replayed.transcript = transcript
        backend = replayed
    else:
        backend = LLMClient(config, transcript)  # type: ignore[arg-type]
    asked: ChatBackend = backend
    if settings.token_budget:
        asked = BudgetedBackend(backend, settings.token_budget, lambda: _tokens_used(backend.calls))
    stages = LLMStages(asked, catalog or default_catalog(), max_retries=max_retries)
    return LLMSession(backend=backend, transcript=transcript, stages=stages, name="replay" if replay_path else "openai",
                      scene_tool=settings.scene_tool)


def _tokens_used(calls: Sequence[Any]) -> int:
    return sum(c.prompt_tokens + c.completion_tokens for c in calls)


def llm_stage_set(session: LLMSession | LLMStages, *, base: StageSet | None = None,
                  run_script: Callable[[str], Any] | None = None,
                  solve_custom: Callable[..., Layout] | None = None) -> StageSet:
    """The pipeline's stages over the LLM; ``base`` supplies the library solve/evaluate
    (default: the offline set's numpy ones); ``run_script``/``solve_custom`` default to the script interpreter."""
    stages = session.stages if isinstance(session, LLMSession) else session
    if run_script is None or solve_custom is None:
        from ..core import script  # the interpreter of the script language (no generated code runs)
        from ..core.stage_set import numpy_solve

        run_script = run_script or script.run_script
        solve_custom = solve_custom or (lambda program, *, seed, budget, prompt="":
                                        numpy_solve(program, seed, budget, prompt))
    edits = session.edits if isinstance(session, LLMSession) else FunctionEditLog()
    scene_tool = session.scene_tool if isinstance(session, LLMSession) else "auto"
    steps = _LLMSteps(stages, base or offline_stages(), run_script, solve_custom, edits=edits, scene_tool=scene_tool)
    return StageSet(name="openai", plan=stages.plan, code=steps.code, solve=steps.solve, evaluate=steps.evaluate,
                    review=steps.review, plan_existing=steps.plan_existing)


@dataclass
class _LLMSteps:
    """The StageSet callables that need more than one LLM call or the script interpreter."""

    stages: LLMStages
    base: StageSet
    run_script: Callable[[str], Any]
    solve_custom: Callable[..., Layout]
    custom_scores: "_CustomScores" = field(default_factory=lambda: _CustomScores())
    edits: FunctionEditLog = field(default_factory=FunctionEditLog)
    scene_tool: str = "auto"  # the reviewer queries the scene: auto (large scenes) | on | off
    critiqued: dict[int, str] = field(default_factory=dict)  # round -> what the critiques before it did
    planned_finishes: tuple[tuple[str, str], ...] = ()  # the plan's wall/floor objects: (category, description)

    def program_of(self, script: str, wanted: Sequence[str], source: str) -> Program:
        """Interpret a script; its program must declare every object in ``wanted``; walls / floor
        its script left plain take the colour the plan's wall / floor objects were described in."""
        program = _declaring(self.run_script(script).program, wanted, source)
        return with_planned_finishes(program, self.planned_finishes)

    def plan_existing(self, prompt: str, existing: Sequence[ObjectSpec]) -> SceneGraph:
        """Plan in a scene that exists: the planner queries the user's objects (the graph extra),
        else reads where they stand (a compact list) and names them by id; an id it shares with an
        object it was not shown (one without a pose) is not that object."""
        posed = [o for o in existing if o.location is not None]
        unseen = {o.id: o.category for o in existing if o.location is None}
        if not posed or not graph_available():
            return without_existing_ids(self.stages.plan(prompt, posed), unseen)
        with existing_scene(posed, prompt) as scene:
            return self.stages.plan_existing(prompt, {o.id: o.category for o in posed}, scene, posed)

    def code(self, graph: SceneGraph) -> ProgramDraft:
        """The coder's program; a wall, floor or ceiling the plan lists is the room's, not an object
        the script must declare (a door or window is: as an opening, either way it is written)."""
        kinds = architecture_ids_of({a.id: a.category for a in graph.assets})
        self.planned_finishes = tuple((a.category, a.description) for a in graph.assets
                                      if kinds.get(a.id) in ("wall", "floor"))
        wanted = [a.id for a in graph.assets if kinds.get(a.id) not in ("wall", "floor", "ceiling")]
        script, program = self.stages.code_and_run(graph, lambda s: self.program_of(s, wanted, "the scene graph"))
        self.edits.record(program, "coder", 0)
        return ProgramDraft(program=program, script=script)

    def solve(self, program: Program, seed: int, budget: Budget, prompt: str) -> Layout:
        if not program.custom_functions:
            return self.base.solve(program, seed, budget, prompt)
        layout = self.solve_custom(program, seed=seed, budget=budget, prompt=prompt)
        self.custom_scores.remember(layout)
        return layout

    def evaluate(self, program: Program,
                 placed: Sequence[PlacedObject]) -> tuple[list[ConstraintResult], PhysicsChecks]:
        library = [c for c in program.constraints if not c.relation.startswith(CUSTOM_PREFIX)]
        results, checks = self.base.evaluate(replace(program, constraints=library), placed)
        return self.custom_scores.merge(program, list(results)), checks

    def review(self, need: NeedReview) -> ReviewOutcome:
        images = [ImageInput.from_path(path, VIEW_LABELS.get(view, view))
                  for view, path in sorted(need.renders.items()) if Path(path).is_file()]
        # The pipeline audits every iteration against the first program, so a revision keeps its objects.
        wanted = need.program.object_ids()
        # above this round's audit (either form): why the previous revision failed, what the last critiques did
        preface = "".join([f"Your previous revision failed: {need.feedback}\n\n" if need.feedback else "",
                           f"Checked in the pictures: {need.unseen}\n\n" if need.unseen else "",
                           f"Your critiques of the previous round did: {self.critiqued[need.iteration]}\n\n"
                           if need.iteration in self.critiqued else ""])
        audit = preface + audit_text(need.audit.results, need.audit.checks)
        run = lambda s: self.program_of(s, wanted, "the current script")  # noqa: E731
        critic = _Critic(self, need)
        try:
            if use_scene_tool(self.scene_tool, len(audit) + len(need.script)) and graph_available():
                with review_scene(need) as scene:  # a large scene: the reviewer queries it instead of reading it
                    verdict, program = self.stages.review_with_tool(images, need.prompt, need.audit, need.program,
                                                                    scene, run, critic, preface=preface)
            else:
                verdict, program = self.stages.review_and_run(images, need.prompt, audit, need.script, run, critic)
        except TokenBudgetExhausted as spent:  # no more asking: the best round so far is the result
            log.warning("%s", spent)
            return ReviewOutcome(accepted=True, approved=False, notes=f"({spent}; keeping the best round so far)")
        if verdict.accepted or program is None:
            return ReviewOutcome(accepted=True, notes=review_notes(verdict))
        self.edits.record(program, "reviewer", need.iteration, verdict.issues)
        script, notes = verdict.revised_script, review_notes(verdict)
        if verdict.critiques and critic.applied is not None:
            script, notes = critic.script, "; ".join(filter(None, [notes, critic.applied.notes()]))
            self.critiqued[need.iteration + 1] = critic.applied.notes()
            return ReviewOutcome(accepted=False, program=program, script=script, notes=notes, critiqued=True,
                                 removed=tuple(critic.applied.removed), looked=True)
        return ReviewOutcome(accepted=False, program=program, script=script, notes=notes, looked=True)


@dataclass
class _Critic:
    """Applies a review's critiques to the round under review (core/edit/critique.py): grounded
    over its layout, a choice among candidates tried with the solver; the script rendered from
    the result must run (the sandboxed interpreter) and declare what the critiques left."""

    steps: "_LLMSteps"
    need: NeedReview
    applied: CritiqueResult | None = None
    script: str = ""

    def __call__(self, review: Review, revised: Program | None) -> Program:
        need = self.need
        result = apply_critiques(revised or need.program, need.layout, review.critiques, keep_rest=revised is None,
                                 solver=lambda p: self.steps.solve(p, need.seed, need.budget, need.prompt),
                                 protected=need.protected)
        script = render_script(result.program, comment=f"Revised by the reviewer's critiques: {result.notes()}.")
        program = self.steps.program_of(script, result.program.object_ids(), "the critiques")
        self.applied, self.script = result, script
        return program


def _declaring(program: Program, wanted: Sequence[str], source: str) -> Program:
    """``program`` if it declares every object id in ``wanted``; otherwise bad input for the model.

    A door or window the planner listed as an asset is declared by ``add_opening(..., id=...)``
    under the same id: an opening cut in a wall is how the script language spells it."""
    declared = set(program.object_ids()) | {o.id for o in (program.room.openings if program.room else ())}
    missing = [oid for oid in wanted if oid not in declared]
    if missing:
        raise BadInput(f"the script must declare every object of {source} with add_object() (a door or window: "
                       f"add_opening(kind, wall, id=...) under the same id); missing: {missing}", "program.py")
    return program


def review_notes(review: Review) -> str:
    """One line per issue for the terminal and the report."""
    if not review.issues:
        return "accepted" if review.accepted else "revised"
    return "; ".join(f"{i.relation}({', '.join(i.ids)}): {i.problem} -> {i.fix}" for i in review.issues)


@dataclass
class _CustomScores:
    """Custom relations as the last solve scored them, so the audit reports them next to the
    library's (their scores are interpreted there)."""

    by_label: dict[tuple[str, tuple[str, ...]], ConstraintResult] = field(default_factory=dict)

    def remember(self, layout: Layout) -> None:
        self.by_label = {(c.relation, tuple(c.args)): c for c in layout.constraints
                         if c.relation.startswith(CUSTOM_PREFIX)}

    def merge(self, program: Program, results: list[ConstraintResult]) -> list[ConstraintResult]:
        """Library results plus custom ones, in the program's constraint order."""
        library = iter(results)
        merged = []
        for constraint in program.constraints:
            if constraint.relation.startswith(CUSTOM_PREFIX):
                known = self.by_label.get((constraint.relation, tuple(constraint.args)))
                merged.append(known or ConstraintResult(constraint.relation, tuple(constraint.args),
                                                        dict(constraint.params), 0.0, False))
            else:
                merged.append(next(library))
        return merged

