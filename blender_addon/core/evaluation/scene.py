"""Evaluate one ``generate`` output directory: constraint score, physical validity, CLIP
similarity and LEGO-Eval verdicts, as one JSON-able :class:`SceneEvaluation`.

Effects stay outside: targeted renders come in as a ``render_views`` callable (the Blender
shell's), the CLIP score as a finished :class:`ClipResult`, the LLM as an :class:`LLMJudge`.
"""

from __future__ import annotations

import logging
import time
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any, Callable, Mapping, Sequence

from ..datafiles import read_json
from ..errors import BadInput
from ..model import Layout, layout_from_dict
from ..scene_graph import SceneGraph, scene_graph_from_dict
from ..stages.base import ImageInput
from .checks import check_relation
from .clip import ClipResult
from .geometry import Box, boxes_of
from .judge import LLMJudge
from .physics import physics_report
from .verdicts import COUNT, TypedConstraint, Verdict, category_key, judge_geometry, offline_split, summarise

log = logging.getLogger(__name__)
EVALUATION_SCHEMA = "setdresser.evaluation/1"
# (constraint id, object ids) -> rendered image paths
RenderViews = Callable[[str, Sequence[str]], list[Path]]


@dataclass
class SceneFiles:
    """What ``generate`` left in an output directory (only layout.json is required)."""

    out_dir: Path
    layout: Layout
    graph: SceneGraph | None = None
    report: Mapping[str, Any] | None = None
    render: Path | None = None
    blend: Path | None = None


def _read_json(path: Path) -> Any:
    return read_json(path, path.name)


def load_scene(out_dir: Path) -> SceneFiles:
    """Read an output directory; a missing directory or layout.json is bad input naming it."""
    out_dir = Path(out_dir)
    if not out_dir.is_dir():
        raise BadInput("is not a directory", str(out_dir))
    layout_path = out_dir / "layout.json"
    if not layout_path.is_file():
        raise BadInput("has no layout.json (is it an output directory of `generate`?)", str(out_dir))
    layout = layout_from_dict(_read_json(layout_path))
    graph_path, report_path = out_dir / "scene_graph.json", out_dir / "report.json"
    graph = scene_graph_from_dict(_read_json(graph_path)) if graph_path.is_file() else None
    report = _read_json(report_path) if report_path.is_file() else None
    render, blend = out_dir / "render.png", out_dir / "scene.blend"
    return SceneFiles(out_dir=out_dir, layout=layout, graph=graph, report=report,
                      render=render if render.is_file() else None, blend=blend if blend.is_file() else None)


def constraint_score(layout: Layout, boxes: Mapping[str, Box]) -> tuple[dict[str, Any], list[dict[str, Any]]]:
    """Re-check every constraint of the layout: (summary, one row per constraint). Rows keep
    the solver's own ``satisfied`` so disagreements between the two show."""
    rows = []
    for con in layout.constraints:
        check = check_relation(con.relation, con.args, con.params, boxes, layout.bounds)
        rows.append({"relation": con.relation, "args": list(con.args), "params": dict(con.params),
                     **check.to_dict(), "solver_satisfied": con.satisfied})
    checked = [r for r in rows if r["checked"]]
    held = sum(r["holds"] for r in checked)
    summary = {"checked": len(checked), "unchecked": len(rows) - len(checked), "satisfied": held,
               "satisfied_pct": round(100.0 * held / len(checked), 2) if checked else None,
               "score": round(100.0 * sum(r["score"] for r in checked) / len(checked), 2) if checked else None,
               "disagreements": [f"{r['relation']}({', '.join(r['args'])})" for r in checked
                                 if r["holds"] != r["solver_satisfied"]]}
    return summary, rows


def planned_counts(prompt: str, graph: SceneGraph | None) -> list[tuple[str, int]]:
    """Object counts the prompt asks for, as the offline planner reads it (the scene graph's
    assets when the planner cannot read the prompt)."""
    from ..offline.planner import plan  # the rule-based reader: no network, deterministic

    try:
        # what the text names, not a room's completion
        planned = plan(prompt, complete=False) if prompt.strip() else graph
    except BadInput as exc:
        log.warning("offline planner could not read the prompt (%s); counting the scene graph's assets", exc)
        planned = graph
    if planned is None:
        return []
    counts: dict[str, int] = {}
    for asset in planned.assets:
        key = category_key(asset.category)
        counts[key] = counts.get(key, 0) + 1
    return list(counts.items())


def constraint_ids(constraint: TypedConstraint, layout: Layout) -> list[str]:
    """The objects a constraint is about (for a count: every object of the category)."""
    if constraint.kind == COUNT:
        return [o.id for o in layout.objects if category_key(o.category) == constraint.category]
    return [a for a in constraint.args if any(o.id == a for o in layout.objects)]


@dataclass
class SceneEvaluation:
    """Everything ``evaluate`` says about one scene (``setdresser.evaluation/1``)."""

    out_dir: str
    prompt: str
    objects: int
    constraints: dict[str, Any]
    constraint_rows: list[dict[str, Any]]
    physics: dict[str, Any]
    clip: dict[str, Any]
    verdicts: list[Verdict]
    judge: str
    llm: dict[str, Any] = field(default_factory=dict)
    seconds: float = 0.0

    def to_dict(self) -> dict[str, Any]:
        return {"schema": EVALUATION_SCHEMA, "out_dir": self.out_dir, "prompt": self.prompt, "objects": self.objects,
                "constraint_score": self.constraints, "constraints": self.constraint_rows, "physics": self.physics,
                "clip": self.clip, "judge": self.judge, "verdict_summary": summarise(self.verdicts),
                "verdicts": [v.to_dict() for v in self.verdicts], "llm": self.llm, "seconds": round(self.seconds, 3)}


def evaluate_scene(files: SceneFiles, *, clip: ClipResult | None = None, judge: LLMJudge | None = None,
                   render_views: RenderViews | None = None, max_views: int = 20) -> SceneEvaluation:
    """Evaluate one scene; renders are made for the first ``max_views`` constraints with objects."""
    started = time.perf_counter()
    layout = files.layout
    prompt = layout.prompt or (files.graph.prompt if files.graph is not None else "")
    boxes = boxes_of(layout.objects)
    summary, rows = constraint_score(layout, boxes)
    physics = physics_report(boxes, layout.constraints, layout.bounds, {o.id: o.support for o in layout.objects})
    typed = judge.split(prompt, layout) if judge is not None else offline_split(files.graph,
                                                                                 planned_counts(prompt, files.graph))
    verdicts, rendered = [], 0
    for constraint in typed:
        ids = constraint_ids(constraint, layout)
        views: list[Path] = []
        if render_views is not None and ids and rendered < max_views:
            views = render_views(constraint.id, ids)
            rendered += 1
        if judge is not None:
            images = [ImageInput.from_path(p, label=p.stem) for p in views]
            verdict = judge.judge(constraint, layout, boxes, images)
        else:
            verdict = judge_geometry(constraint, layout, boxes)
        verdict.views = [str(p) for p in views]
        verdicts.append(verdict)
    llm = {"calls": judge.calls, "tokens": dict(judge.tokens)} if judge is not None else {}
    return SceneEvaluation(out_dir=str(files.out_dir), prompt=prompt, objects=len(layout.objects),
                           constraints=summary, constraint_rows=rows, physics=physics.to_dict(),
                           clip=(clip or ClipResult(False, reason="not computed")).to_dict(), verdicts=verdicts,
                           judge="llm" if judge is not None else "geometry", llm=llm,
                           seconds=time.perf_counter() - started)
