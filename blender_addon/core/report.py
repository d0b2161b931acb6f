"""``report.json`` of a generate run, and the list of files a run owns in its output dir.

Pure: the caller passes timings and versions in; nothing here reads clocks or files.

``report.json`` is byte-stable: the same prompt, seed and replies give the same bytes (render paths
are relative to the output folder). What the wall clock measured goes to ``timings.json``
(:func:`build_timings`), which never repeats (docs/contracts.md, report/3).
"""

from __future__ import annotations

import re
from dataclasses import dataclass, field
from pathlib import PurePath
from typing import Any, Mapping, Sequence

from .iteration import IterationRecord
from .pipeline import GenerateResult

REPORT_SCHEMA = "setdresser.report/3"  # /2: iterations' accepted, missing_subjects (issue 15); /3: no timings
TIMINGS_SCHEMA = "setdresser.timings/1"  # timings.json: what report/2 held in timings_s and total_s

# Files and folders `generate` writes into --out (CONTRACTS §2 plus the review view and the
# per-iteration folder). A directory holding only these may be overwritten without --force.
OUTPUT_FILES = ("scene.blend", "scene.blend1", "render.png", "review_top.png", "review_view2.png", "layout.json",
                "report.json", "scene_graph.json", "program.py", "program.json", "transcript.jsonl",
                "function_edits.json", "scene.db", "timings.json", "manifest.json")
OUTPUT_DIRS = ("iterations", "export")


@dataclass
class RunInfo:
    """Facts about the run that the pipeline does not know."""

    backend: str
    timings: Mapping[str, float]
    stage_calls: Mapping[str, int]
    total_seconds: float
    versions: Mapping[str, str] = field(default_factory=dict)
    llm_calls: int = 0
    llm_tokens: Mapping[str, int] = field(default_factory=lambda: {"prompt": 0, "completion": 0})
    llm_stages: Mapping[str, Any] = field(default_factory=dict)  # calls, tokens, seconds per LLM stage
    # with --assets: one entry per planned object (method clip+text | text | procedural, asset, file, scores)
    asset_retrieval: Sequence[Mapping[str, Any]] = ()
    # objects not drawn by their own model: {id: "family:<name>" | "box"} (issue 13)
    asset_fallbacks: Mapping[str, str] = field(default_factory=dict)
    out_dir: str = ""  # the output folder: render paths are written relative to it


# what a write interrupted by a kill -9 leaves: ``.NAME.PID.tmp`` (text) or ``.STEM.PID.tmp.blend``
LEFTOVER_TEMPORARY = re.compile(r"^(\.[\w.-]+\.\d+\.tmp(\.blend)?|\.[\w.-]+\.partial|\.setdresser\.lock)$")


def foreign_entries(names: list[str]) -> list[str]:
    """The names in an output directory that a run did not write (sorted)."""
    ours = set(OUTPUT_FILES) | set(OUTPUT_DIRS)
    return sorted(n for n in names if n not in ours and not LEFTOVER_TEMPORARY.match(n))


def build_report(result: GenerateResult, info: RunInfo) -> dict[str, Any]:
    """The ``report.json`` document."""
    request = result.request
    layout = result.layout
    best = next(r for r in result.iterations if r.iteration == result.best_iteration)
    return {
        "schema": REPORT_SCHEMA,
        "prompt": request.prompt,
        "seed": request.seed,
        "llm": {"backend": info.backend, "calls": info.llm_calls, "tokens": dict(info.llm_tokens),
                "stages": dict(info.llm_stages)},
        "settings": {"max_iterations": request.max_iterations, "effort": request.effort,
                     "time_budget_s": request.time_budget, "render": request.render, "resolution": request.resolution},
        "cut_short": any(r.cut_short for r in result.iterations),
        "stage_calls": dict(info.stage_calls),
        "iterations": [iteration_dict(r, info.out_dir) for r in result.iterations],
        "best_iteration": result.best_iteration,
        "final": {
            "satisfied": best.score.satisfied, "total": best.score.total,
            "physics_valid": layout.checks.valid, "checks": layout.checks.to_dict(),
            "failed": list(best.failed),
            "objects": len(layout.objects),
        },
        "unparsed": list(result.graph.unparsed),
        "plan": plan_summary(result),
        "room": room_summary(result),
        "warnings": list(result.warnings),
        "renders": relative_paths(result.renders, info.out_dir),
        "asset_retrieval": [dict(choice) for choice in info.asset_retrieval],
        "asset_fallback": {"boxes": sorted(k for k, v in info.asset_fallbacks.items() if v == "box"),
                           "families": {k: v for k, v in sorted(info.asset_fallbacks.items()) if v != "box"}},
        "versions": dict(info.versions),
    }


def build_timings(info: RunInfo) -> dict[str, Any]:
    """The ``timings.json`` document: wall-clock seconds per stage and in all (never byte-stable)."""
    return {"schema": TIMINGS_SCHEMA, "timings_s": {stage: round(float(sec), 4) for stage, sec in info.timings.items()},
            "total_s": round(info.total_seconds, 3)}


def iteration_dict(record: IterationRecord, out_dir: str) -> dict[str, Any]:
    """An iteration's report form (``IterationRecord.to_dict``) with its renders relative to ``out_dir``."""
    out = record.to_dict()
    if out.get("renders"):
        out["renders"] = relative_paths(out["renders"], out_dir)
    return out


def relative_paths(paths: Mapping[str, str], out_dir: str) -> dict[str, str]:
    """``{view: path}`` with each path inside ``out_dir`` written relative to it (POSIX form), so the
    report does not depend on where the output folder is or how the user named it."""
    if not out_dir:
        return dict(paths)
    root = PurePath(out_dir)
    out = {}
    for view, path in paths.items():
        try:
            out[view] = PurePath(path).relative_to(root).as_posix()
        except ValueError:  # outside the folder (never for our own renders): kept as given
            out[view] = path
    return out


def room_summary(result: GenerateResult) -> dict[str, Any]:
    """Which setting the scene was built as (issue 13): ``kind`` indoor | outdoor (``none`` for a
    program without a room) and ``reason``, the words that decided it (the planner's ``room.setting``)
    or that the constraint script said so."""
    room = result.program.room
    kind = room.kind if room is not None else "none"
    said = (result.graph.room or {}).get("setting")
    if isinstance(said, dict) and said.get("kind") == kind:
        return {"kind": kind, "reason": str(said.get("reason", ""))}
    return {"kind": kind, "reason": "the constraint script's room" if room is not None else "no room in the script"}


def plan_summary(result: GenerateResult) -> dict[str, Any]:
    """The planned graph in numbers, and each group as the one node it was planned as (issue 15)."""
    graph = result.graph
    return {"objects": len(graph.assets), "relations": len(graph.relations),
            "groups": [{"id": g.id, "category": g.category, "count": g.count, "members": g.members_text(),
                        "arrangement": g.arrangement, "relations": len(g.each) + bool(g.arrangement)}
                       for g in graph.groups]}
