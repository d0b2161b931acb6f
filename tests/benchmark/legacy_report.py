"""The legacy 49-prompt benchmark (tests/benchmark/prompts.py): each prompt scored by its
SceneCraft-style scorer plus ``python -m setdresser evaluate``'s metrics, written to
docs/benchmark_legacy.md with a score-against-size chart. Run by ``scripts/benchmark.py
--set legacy`` (or ``all``), which generates the scenes.
"""

from __future__ import annotations

import argparse
import datetime as dt
import json
import subprocess
import sys
from pathlib import Path
from typing import Any

from setdresser.blender_addon.core.evaluation.chart import Series, scatter_png
from setdresser.tests.benchmark.prompts import BenchmarkCase

ROOT = Path(__file__).resolve().parents[2]


def fidelity_row(case: BenchmarkCase, row: dict[str, Any]) -> dict[str, Any]:
    """A legacy row in the fidelity runner's shape (half and style "legacy"; a prompt passes
    when its scorer gives 1)."""
    return {"id": case.id, "half": "legacy", "style": "legacy", "prompt": case.prompt, "passed": row["score"] >= 1.0,
            "score": row["score"], "status": row["status"], "seconds": row["seconds"], "error": row["error"],
            "objects": row["objects"], "not_understood": [],
            "checks": [{"name": name, "kind": "legacy", "required": True, "ok": False, "detail": "below 1"}
                       for name in row["failing"] if name != "generate failed"]}


def evaluate(out_dirs: list[Path], args: argparse.Namespace) -> dict[str, dict[str, Any]]:
    """``python -m setdresser evaluate`` over the scenes; {out_dir: evaluation}."""
    if not out_dirs:
        return {}
    target = args.out / "evaluation.json"
    command = [sys.executable, "-m", "setdresser", "evaluate", *map(str, out_dirs), "--json", str(target)]
    if not args.views:
        command.append("--no-views")
    done = subprocess.run(command, cwd=ROOT, capture_output=True, text=True, check=False)
    if done.returncode != 0:
        raise SystemExit(f"evaluate failed ({done.returncode}): {done.stderr.strip()[-500:]}")
    return {str(Path(s["out_dir"])): s for s in json.loads(target.read_text(encoding="utf-8"))["scenes"]}


def score_case(case: BenchmarkCase, run: dict[str, Any], evaluation: dict[str, Any] | None) -> dict[str, Any]:
    """The row of one prompt: its scorer's result, the evaluate metrics, time and tokens."""
    row: dict[str, Any] = {"id": case.id, "setting": case.setting, "prompt": case.prompt, "expected": case.objects,
                           "status": run["status"], "seconds": round(run["seconds"], 2), "error": run["error"]}
    layout_path, report_path = run["out"] / "layout.json", run["out"] / "report.json"
    if run["status"] != 0 or not layout_path.is_file():
        return {**row, "score": 0.0, "objects": 0, "failing": ["generate failed"], "tokens": 0}
    layout = json.loads(layout_path.read_text(encoding="utf-8"))
    card = case.card(layout)
    report = json.loads(report_path.read_text(encoding="utf-8")) if report_path.is_file() else {}
    tokens = report.get("llm", {}).get("tokens", {})
    row.update(score=round(card.score(), 4), objects=len(layout.get("objects", [])), failing=card.failing(),
               tokens=int(tokens.get("prompt", 0)) + int(tokens.get("completion", 0)),
               backend=report.get("llm", {}).get("backend", args_backend(report)))
    if evaluation is not None:
        row.update(constraint_score=evaluation["constraint_score"]["score"], physics=evaluation["physics"],
                   verdicts=evaluation["verdict_summary"], clip=evaluation["clip"])
    return row


def args_backend(report: dict[str, Any]) -> str:
    return str(report.get("llm", {}).get("backend", "?"))


def mean(values: list[float]) -> float | None:
    return sum(values) / len(values) if values else None


def fmt(value: Any, pattern: str = "{:.2f}") -> str:
    return "–" if value is None else pattern.format(value)


def totals(rows: list[dict[str, Any]]) -> dict[str, Any]:
    ok = [r for r in rows if r["status"] == 0 and "physics" in r]
    return {
        "prompts": len(rows), "generated": sum(r["status"] == 0 for r in rows),
        "score": mean([r["score"] for r in rows]), "perfect": sum(r["score"] >= 1.0 for r in rows),
        "constraint_score": mean([r["constraint_score"] for r in ok if r["constraint_score"] is not None]),
        "collision_free": mean([r["physics"]["collision_free_pct"] for r in ok]),
        "supported": mean([r["physics"]["supported_pct"] for r in ok]),
        "in_bounds": mean([r["physics"]["in_bounds_pct"] for r in ok if r["physics"]["in_bounds_pct"] is not None]),
        "partial_sr": mean([r["verdicts"]["partial_sr"] for r in ok if r["verdicts"]["partial_sr"] is not None]),
        "holistic_sr": mean([float(r["verdicts"]["holistic"]) for r in ok]),
        "clip": mean([r["clip"]["score"] for r in ok if r["clip"].get("available")]),
        "seconds": sum(r["seconds"] for r in rows), "tokens": sum(r["tokens"] for r in rows),
    }


METHOD = [
    "## How the numbers are made", "",
    "- **score**: the prompt's own scoring function (`tests/benchmark/scorers/`), written for that prompt like "
    "SceneCraft's annotators did, over the layout's objects by category with a small plain-Python kit "
    "(`tests/benchmark/kit.py`, world AABB footprints, front = local -Y). It is the mean of the prompt's "
    "requirements (object counts and each stated relation), each 1 when it strictly holds and below 1 otherwise; "
    "*failing requirements* names those below 1.",
    "- **constraint score**: `python -m setdresser evaluate` re-checks every constraint the solver was given with "
    "its own oriented-box geometry (`blender_addon/core/evaluation`, no code shared with the solver or the skill "
    "library) at the CONTRACTS §5 tolerances; 100 = every checked relation holds.",
    "- **no-collision / supported / in-bounds**: share of objects with no interpenetration over 1 cm (pairs a "
    "relation puts in contact exempt), resting on the ground or on a top face within 2 cm (or held by `above`), "
    "and inside the room bounds (CONTRACTS §4).",
    "- **verdicts**: LEGO-Eval-style typed constraints (object counts read from the prompt by the offline planner, "
    "plus every relation the scene graph says the prompt stated), each judged True/False with a reason naming "
    "object ids; partial SR = share true, holistic SR = share of scenes with all true. Offline the judge is "
    "geometry alone; `evaluate --llm openai` lets a model split the prompt and judge from geometry facts and "
    "targeted renders.",
    "- **CLIP**: text-image similarity of render.png, only when `open_clip` is installed and its weights are on "
    "disk (`--clip-weights` / `SETDRESSER_CLIP_WEIGHTS`); never downloaded.",
    "- **time**: wall time of the `generate` subprocess, Blender start-up included; **tokens**: LLM tokens from "
    "report.json (0 offline).", "",
    "Limits: the offline planner's reading of the prompt decides which relations the solver is asked for, so a "
    "prompt it does not understand (i16's *symmetrically about*, i26's *twice as tall as*) scores low by design. "
    "The scorers judge what a careful reader of the prompt expects (e.g. an axis-aligned classroom grid), which "
    "can be stricter than the relation the solver satisfied. The prompts were written by the project team with "
    "the offline planner's controlled English in mind, so offline scores here are an upper bound on what "
    "free-form prompts get; the per-prompt scorers were written from the prompt text, not from the generated "
    "scenes, and each is tested on a hand-built layout that satisfies it and on broken copies.", "",
]


def markdown(rows: list[dict[str, Any]], args: argparse.Namespace, chart: str) -> str:
    t = totals(rows)
    commit = subprocess.run(["git", "rev-parse", "--short", "HEAD"], cwd=ROOT, capture_output=True,
                            text=True, check=False).stdout.strip()
    by_setting = {s: mean([r["score"] for r in rows if r["setting"] == s]) for s in ("indoor", "outdoor")}
    lines = [
        "# Set Dresser legacy benchmark", "",
        f"{t['prompts']} prompts from `tests/benchmark/prompts.py` (indoor and outdoor, 3 to 56 objects, every "
        "CONTRACTS §5 relation), each scored by its own hand-written function (SceneCraft Appendix D style: "
        "at most 1, exactly 1 only when every requirement strictly holds), plus the `evaluate` metrics.", "",
        f"Run: {dt.datetime.now(dt.timezone.utc):%Y-%m-%d %H:%M} UTC, commit `{commit}`, backend `{args.llm}`, "
        f"render `{args.render}` at {args.resolution} px, seed {args.seed}, solver effort {args.effort}. "
        "Reproduce: `python scripts/benchmark.py --set legacy` (see `--help`).", "",
        "## Totals", "",
        "| metric | value |", "|---|---|",
        f"| prompts generated | {t['generated']} / {t['prompts']} |",
        f"| mean benchmark score (per-prompt scorers) | {fmt(t['score'], '{:.3f}')} |",
        f"| mean score indoor / outdoor | {fmt(by_setting['indoor'], '{:.3f}')} / "
        f"{fmt(by_setting['outdoor'], '{:.3f}')} |",
        f"| prompts fully satisfied (score = 1) | {t['perfect']} / {t['prompts']} |",
        f"| constraint score (evaluate's own checkers, 0-100) | {fmt(t['constraint_score'], '{:.1f}')} |",
        f"| collision-free / supported / in-bounds objects | {fmt(t['collision_free'], '{:.1f}')}% / "
        f"{fmt(t['supported'], '{:.1f}')}% / {fmt(t['in_bounds'], '{:.1f}')}% |",
        f"| LEGO-Eval partial / holistic success rate | {fmt(t['partial_sr'], '{:.3f}')} / "
        f"{fmt(t['holistic_sr'], '{:.3f}')} |",
        f"| CLIP similarity | {fmt(t['clip'], '{:.1f}') if t['clip'] is not None else 'unavailable (no local CLIP)'} |",
        f"| total generate wall time | {t['seconds']:.0f} s |", f"| LLM tokens | {t['tokens']} |", "",
        f"![score against scene size]({chart})", "",
        "## Per prompt", "",
        "| id | setting | objects | score | constraint score | no-collision % | supported % | in-bounds % | "
        "verdicts | time s | tokens | failing requirements |",
        "|---|---|---|---|---|---|---|---|---|---|---|---|",
    ]
    for r in rows:
        phys = r.get("physics", {})
        verdicts = r.get("verdicts")
        lines.append(
            f"| {r['id']} | {r['setting']} | {r['objects']}/{r['expected']} | {r['score']:.3f} | "
            f"{fmt(r.get('constraint_score'), '{:.1f}')} | {fmt(phys.get('collision_free_pct'), '{:.0f}')} | "
            f"{fmt(phys.get('supported_pct'), '{:.0f}')} | {fmt(phys.get('in_bounds_pct'), '{:.0f}')} | "
            f"{(str(verdicts['true']) + '/' + str(verdicts['constraints'])) if verdicts else '–'} | "
            f"{r['seconds']:.1f} | {r['tokens']} | {'; '.join(r['failing']) or '–'} |")
    lines += ["", "## Prompts", ""] + [f"- **{r['id']}** {r['prompt']}" for r in rows] + [""] + METHOD
    return "\n".join(lines)


def write_legacy(cases: list[BenchmarkCase], runs: dict[str, dict[str, Any]], args: Any) -> list[dict[str, Any]]:
    """Evaluate and score the legacy scenes, write docs/benchmark_legacy.md and its chart;
    returns the rows."""
    made = [r["out"] for r in runs.values() if r["status"] == 0 and (r["out"] / "layout.json").is_file()]
    evaluations = evaluate(made, args)
    rows = [score_case(c, runs[c.id], evaluations.get(str(runs[c.id]["out"]))) for c in cases]
    chart_path = args.docs / "benchmark_legacy_chart.png"
    series = [Series(s, [r["objects"] or r["expected"] for r in rows if r["setting"] == s],
                     [r["score"] for r in rows if r["setting"] == s], colour)
              for s, colour in (("indoor", (40, 110, 200)), ("outdoor", (220, 120, 30)))]
    scatter_png(series, chart_path, title="legacy benchmark score vs scene size", x_label="objects",
                y_label="score", x_max=60)
    (args.docs / "benchmark_legacy.md").write_text(markdown(rows, args, chart_path.name), encoding="utf-8")
    return rows
