"""``python -m setdresser evaluate OUT_DIR...``: scene-quality metrics of generated scenes.

Per output directory: the constraint score from the evaluator's own checkers, physical
validity (collision-free / supported / in-bounds %), CLIP text-image similarity when a
local CLIP is available, and LEGO-Eval-style True/False verdicts with reasons naming ids
(geometry alone offline; the LLM splits and judges with ``--llm openai``). Targeted renders
go to ``OUT_DIR/evaluation_views`` when bpy and scene.blend are there; the JSON goes to
``OUT_DIR/evaluation.json`` (and all scenes to ``--json FILE``). A table goes to the terminal.
"""

from __future__ import annotations

import argparse
import importlib.util
import json
import logging
import os
from pathlib import Path
from typing import Any, Sequence

from rich.console import Console
from rich.table import Table

from ..core.errors import BadInput
from ..core.evaluation.clip import DEFAULT_MODEL, ClipResult, ClipSetup, find_clip
from ..core.evaluation.scene import SceneEvaluation, SceneFiles, evaluate_scene, load_scene
from ..services.llm_config import add_llm_arguments

log = logging.getLogger(__name__)
EVALUATION_FILE = "evaluation.json"
TRANSCRIPT_FILE = "evaluation_transcript.jsonl"


def add_arguments(parser: argparse.ArgumentParser) -> None:
    """The evaluate flags (the LLM flags are generate's)."""
    parser.add_argument("out_dirs", nargs="+", type=Path, metavar="OUT_DIR", help="output directories of `generate`")
    parser.add_argument("--json", type=Path, metavar="FILE", help="also write every scene's evaluation to FILE")
    parser.add_argument("--llm", choices=("offline", "openai"), default="offline",
                        help="who splits the prompt and judges (default offline: geometry alone)")
    parser.add_argument("--no-views", dest="views", action="store_false",
                        help="skip the targeted renders (they need bpy and scene.blend)")
    parser.add_argument("--max-views", type=int, default=20, metavar="N", help="render views for at most N constraints")
    parser.add_argument("--view-resolution", type=int, default=256, metavar="PX",
                        help="width of the views (default 256)")
    parser.add_argument("--clip-weights", metavar="FILE", help="local open_clip weights (never downloaded)")
    parser.add_argument("--clip-model", default=DEFAULT_MODEL, help=f"open_clip model name (default {DEFAULT_MODEL})")
    add_llm_arguments(parser)


def run(args: argparse.Namespace) -> int:
    """Evaluate every directory, print the table, write the JSON files; returns the exit status."""
    if args.max_views < 0:
        raise BadInput(f"must be >= 0, got {args.max_views}", "--max-views")
    if not 16 <= args.view_resolution <= 4096:
        raise BadInput(f"must be between 16 and 4096, got {args.view_resolution}", "--view-resolution")
    scenes = [load_scene(d) for d in args.out_dirs]  # all bad input is reported before any work
    if args.llm == "openai" and not args.replay:
        from ..services.llm_config import config_from_args

        config_from_args(args)  # a missing key or bad URL is bad input now, not after the first renders
    clip = find_clip(args.clip_weights, args.clip_model)
    console = Console(stderr=False, highlight=False)
    results = []
    for files in scenes:
        result = evaluate_one(files, args, clip)
        (files.out_dir / EVALUATION_FILE).write_text(json.dumps(result.to_dict(), indent=2, ensure_ascii=False) + "\n",
                                                     encoding="utf-8")
        results.append(result)
    console.print(summary_table(results))
    for result in results:
        show_failures(console, result)
    if args.json is not None:
        args.json.parent.mkdir(parents=True, exist_ok=True)
        document = {"schema": "setdresser.evaluation_set/1", "scenes": [r.to_dict() for r in results],
                    "totals": totals(results)}
        args.json.write_text(json.dumps(document, indent=2, ensure_ascii=False) + "\n", encoding="utf-8")
    return 0


def evaluate_one(files: SceneFiles, args: argparse.Namespace, clip: ClipSetup | ClipResult) -> SceneEvaluation:
    """One scene, with renders, CLIP and the LLM judge where they are available."""
    renderer = None
    if args.views and args.max_views > 0 and files.blend is not None and importlib.util.find_spec("bpy"):
        from ..bl.eval_views import ViewRenderer

        renderer = ViewRenderer(files.blend, files.layout, files.out_dir, args.view_resolution)
    clip_result = clip_score(clip, files)
    judge, session = (None, None) if args.llm == "offline" else open_judge(args, files.out_dir)
    try:
        return evaluate_scene(files, clip=clip_result, judge=judge, render_views=renderer, max_views=args.max_views)
    finally:
        if session is not None:
            session.close()


def open_judge(args: argparse.Namespace, out_dir: Path) -> tuple[Any, Any]:
    """The LLM judge over the configured endpoint (or ``--replay``), recording a transcript."""
    from ..core.evaluation.judge import LLMJudge
    from ..core.transcript import TranscriptWriter
    from ..services.replay import ReplayClient

    path = out_dir / TRANSCRIPT_FILE
    replayed = ReplayClient.from_file(args.replay) if args.replay else None
    path.unlink(missing_ok=True)
    transcript = TranscriptWriter(path)
    if replayed is not None:
        replayed.transcript = transcript
        return LLMJudge(replayed), transcript
    from ..services.llm import LLMClient
    from ..services.llm_config import config_from_args

    return LLMJudge(LLMClient(config_from_args(args), transcript)), transcript


def clip_score(clip: ClipSetup | ClipResult, files: SceneFiles) -> ClipResult:
    """CLIP similarity of render.png and the prompt with local weights (torch only here)."""
    if isinstance(clip, ClipResult):
        return clip
    if files.render is None:
        return ClipResult(False, reason="no render.png (generated with --render none)")
    os.environ.setdefault("HF_HUB_OFFLINE", "1")  # never download: a hub model name must already be cached
    import open_clip  # optional: only when installed and its weights are on disk
    import torch
    from PIL import Image

    from ..core.evaluation.clip import similarity_from_embeddings

    model, _, preprocess = open_clip.create_model_and_transforms(clip.model, pretrained=str(clip.weights))
    tokenizer = open_clip.get_tokenizer(clip.model)
    with torch.no_grad():
        image = model.encode_image(preprocess(Image.open(files.render).convert("RGB")).unsqueeze(0))
        text = model.encode_text(tokenizer([files.layout.prompt]))
    return ClipResult(True, score=similarity_from_embeddings(text[0].tolist(), image[0].tolist()), model=clip.model)


def _pct(value: float | None) -> str:
    return "n/a" if value is None else f"{value:.0f}%"


def summary_table(results: Sequence[SceneEvaluation]) -> Table:
    """One row per scene: constraint score, physics shares, CLIP, verdicts."""
    table = Table(title="Set Dresser evaluation",
                  caption="rels: relations holding / checked; score: mean checker score (100 = all hold); "
                  "no-coll/supp/in-bnd: % of objects; verdicts: true / typed constraints")
    # short headers: the table fits an 80-column terminal
    for column in ("scene", "objs", "rels", "score", "no-coll", "supp", "in-bnd", "CLIP", "verdicts"):
        table.add_column(column, justify="left" if column == "scene" else "right")
    for r in results:
        c, p, v = r.constraints, r.physics, r.to_dict()["verdict_summary"]
        clip = f"{r.clip['score']:.1f}" if r.clip.get("available") else "n/a"
        table.add_row(Path(r.out_dir).name, str(r.objects), f"{c['satisfied']}/{c['checked']}",
                      "n/a" if c["score"] is None else f"{c['score']:.1f}", _pct(p["collision_free_pct"]),
                      _pct(p["supported_pct"]), _pct(p["in_bounds_pct"]), clip, f"{v['true']}/{v['constraints']}")
    return table


def show_failures(console: Console, result: SceneEvaluation) -> None:
    """The verdicts that fail, in LEGO-Eval's format, and any physics violation."""
    failing = [v for v in result.verdicts if not v.holds]
    for verdict in failing:
        console.print(f"[red]{Path(result.out_dir).name}[/] {verdict.constraint.text}: {verdict.line()}",
                      markup=True, highlight=False)
    if result.clip.get("available") is False and result.clip.get("reason"):
        log.info("CLIP unavailable for %s: %s", result.out_dir, result.clip["reason"])


def totals(results: Sequence[SceneEvaluation]) -> dict[str, Any]:
    """Means over scenes (a scene without a value for a metric is left out of its mean)."""
    def mean(values: list[float]) -> float | None:
        return round(sum(values) / len(values), 2) if values else None

    dicts = [r.to_dict() for r in results]
    return {"scenes": len(results),
            "constraint_score": mean([d["constraint_score"]["score"] for d in dicts
                                      if d["constraint_score"]["score"] is not None]),
            "collision_free_pct": mean([d["physics"]["collision_free_pct"] for d in dicts]),
            "supported_pct": mean([d["physics"]["supported_pct"] for d in dicts]),
            "in_bounds_pct": mean([d["physics"]["in_bounds_pct"] for d in dicts
                                   if d["physics"]["in_bounds_pct"] is not None]),
            "clip": mean([d["clip"]["score"] for d in dicts if d["clip"].get("available")]),
            "partial_sr": mean([d["verdict_summary"]["partial_sr"] for d in dicts
                                if d["verdict_summary"]["partial_sr"] is not None]),
            "holistic_sr": mean([float(d["verdict_summary"]["holistic"]) for d in dicts])}
