"""The outer loop's merge step: per-relation edits of a batch -> gated candidates -> new versions.

For every library relation that scenes of the batch rewrote (``kind == "modified"``), with at
least ``min_support`` scenes agreeing there is something to fix, the learner merges the scenes'
final rewrites into one function; the gates decide; an admitted candidate becomes the next
version (unless ``dry_run``). New relation names are reported but not learned: the relation
vocabulary is the contract's (CONTRACTS §5).
"""

from __future__ import annotations

import difflib
import logging
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any, Callable, Mapping, Sequence

from ..stages.base import LLMError
from ..stages.learner import LearnedFunction, SceneEdit
from .batch import SceneRun
from .edits import FunctionEdit
from .gate import GateResult
from .library import next_version, write_version

log = logging.getLogger(__name__)

LEARN_REPORT_SCHEMA = "setdresser.learn_report/1"
LearnerFn = Callable[[str, Sequence[SceneEdit]], LearnedFunction]  # (relation, edits) -> merged function
GateFn = Callable[[str, str], GateResult]  # (relation, source) -> verdict
SourceFn = Callable[[str], tuple[int, str]]  # relation -> (active version, its scoring source)


@dataclass
class Candidate:
    """One relation's outcome: verdict (admitted, would admit, rejected, skipped) and why."""

    relation: str
    verdict: str
    reason: str
    scenes: list[int] = field(default_factory=list)
    version: int | None = None
    base_version: int | None = None
    source: str = ""
    rationale: str = ""
    diff: str = ""
    gate: dict[str, Any] | None = None

    def to_dict(self) -> dict[str, Any]:
        return {"relation": self.relation, "verdict": self.verdict, "reason": self.reason, "scenes": self.scenes,
                "version": self.version, "base_version": self.base_version, "rationale": self.rationale,
                "source": self.source, "diff": self.diff, "gate": self.gate}


def final_edits(scenes: Sequence[SceneRun]) -> dict[str, list[tuple[SceneRun, FunctionEdit]]]:
    """Per relation name, each successful scene's last rewrite of it (its final word)."""
    grouped: dict[str, list[tuple[SceneRun, FunctionEdit]]] = {}
    for scene in scenes:
        if not scene.ok:
            continue
        last: dict[str, FunctionEdit] = {}
        for edit in scene.edits:
            last[edit.relation] = edit
        for name, edit in sorted(last.items()):
            grouped.setdefault(name, []).append((scene, edit))
    return grouped


@dataclass
class LearnSettings:
    """What the merge step needs besides the scenes."""

    root: Path
    learner: LearnerFn
    gate: GateFn
    library_source: SourceFn
    min_support: int = 2
    dry_run: bool = False
    provenance: Mapping[str, Any] = field(default_factory=dict)  # model, endpoint, prompt ids...


def learn_from_scenes(scenes: Sequence[SceneRun], settings: LearnSettings) -> list[Candidate]:
    """Every relation's candidate outcome, in name order (see the module docstring)."""
    out = []
    for name, uses in sorted(final_edits(scenes).items()):
        numbers = [scene.index for scene, _ in uses]
        if any(edit.kind == "added" for _, edit in uses):
            out.append(Candidate(name, "skipped", "a new relation name: the library's vocabulary is the "
                                 "contract's, so new names stay custom functions of their scenes", numbers))
        elif len(uses) < settings.min_support:
            out.append(Candidate(name, "skipped", f"rewritten in {len(uses)} scene(s); learning needs "
                                 f"{settings.min_support} (--min-support)", numbers))
        else:
            out.append(_learn_one(name, uses, settings))
    return out


def _learn_one(name: str, uses: Sequence[tuple[SceneRun, FunctionEdit]], settings: LearnSettings) -> Candidate:
    base_version, base_source = settings.library_source(name)
    candidate = Candidate(name, "rejected", "", [s.index for s, _ in uses], base_version=base_version)
    try:
        learned = settings.learner(name, [SceneEdit(s.prompt, e.source, e.reason) for s, e in uses])
    except LLMError as exc:
        candidate.reason = f"the learner gave no usable function: {exc}"
        return candidate
    candidate.source, candidate.rationale = learned.source, learned.rationale
    candidate.diff = "".join(difflib.unified_diff(base_source.splitlines(keepends=True),
                                                  learned.source.splitlines(keepends=True),
                                                  fromfile=f"{name} v{base_version}", tofile=f"{name} candidate"))
    verdict = settings.gate(name, learned.source)
    candidate.gate, candidate.reason = verdict.to_dict(), verdict.reason
    if not verdict.admitted:
        return candidate
    if settings.dry_run:
        candidate.verdict, candidate.version = "would admit", next_version(settings.root, name)
        return candidate
    record = {**settings.provenance, "base_version": base_version, "rationale": learned.rationale,
              "scenes": [{"prompt": s.prompt, "out_dir": str(s.out_dir), "stage": e.stage, "iteration": e.iteration,
                          "reason": e.reason, "diff": e.diff} for s, e in uses],
              "diff_vs_base": candidate.diff, "tests": verdict.to_dict()}
    description = f"{_base_description(name)} (learned v{next_version(settings.root, name)})"
    candidate.version = write_version(settings.root, name, learned.source, record, description=description)
    candidate.verdict = "admitted"
    log.info("admitted %s v%d", name, candidate.version)
    return candidate


def _base_description(name: str) -> str:
    from .runtime import builtin_module

    return str(builtin_module(name).SPEC.description)


def learn_report(scenes: Sequence[SceneRun], candidates: Sequence[Candidate],
                 settings: LearnSettings) -> dict[str, Any]:
    """The ``learn_report.json`` document."""
    return {"schema": LEARN_REPORT_SCHEMA, "library": str(settings.root), "dry_run": settings.dry_run,
            "min_support": settings.min_support, **{k: v for k, v in settings.provenance.items() if k != "prompts"},
            "scenes": [s.to_dict() for s in scenes], "candidates": [c.to_dict() for c in candidates]}
