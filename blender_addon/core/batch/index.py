"""A batch's ``index.jsonl`` rows and its summary (figures, the Markdown page).

A row joins the job (prompt, seed, settings), the attempt's outcome (status, attempts, exit,
wall time, error) and, for a finished scene, its report.json (relations held, physics,
object count, stage timings, LLM tokens).
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

from .jobs import SceneJob
from .layout import SCENES_DIR


def scene_row(job: SceneJob, outcome: Mapping[str, Any], report: Mapping[str, Any] | None,
              attempts: int, timings: Mapping[str, Any] | None = None) -> dict[str, Any]:
    """The index.jsonl line of one scene; its stage times from the scene's ``timings.json``
    (``timings``), or from a ``report/2`` that still held them."""
    row: dict[str, Any] = {
        "scene_id": job.scene_id, "prompt": job.prompt, "seed": job.seed, "line": job.line,
        "settings": job.to_dict()["settings"], "status": outcome["status"], "attempts": attempts,
        "exit": outcome.get("exit"), "error": outcome.get("error", ""), "host": outcome.get("host"),
        "dir": f"{SCENES_DIR}/{job.scene_id}" if outcome["status"] == "ok" else None,
        "timings_s": {"wall": outcome.get("wall_s")}, "metrics": None, "tokens": None,
        # Unix times of the last attempt's generate process (throughput, and what ran at once)
        "started_at": outcome.get("started_at"), "finished_at": outcome.get("finished_at"),
    }
    if report is not None:
        final = report.get("final", {})
        row["metrics"] = {"objects": final.get("objects"), "relations_held": final.get("satisfied"),
                          "relations": final.get("total"), "physics_valid": final.get("physics_valid"),
                          "iterations": len(report.get("iterations", [])), "unparsed": list(report.get("unparsed", []))}
        clock = timings if timings is not None else report
        row["timings_s"].update({"generate": clock.get("total_s"), **clock.get("timings_s", {})})
        llm = report.get("llm", {})
        row["tokens"] = {"backend": llm.get("backend"), **dict(llm.get("tokens", {}))}
    return row


def passed(row: Mapping[str, Any]) -> bool:
    """A scene passes when it was made, every relation holds and its physics is valid."""
    m = row.get("metrics") or {}
    return row["status"] == "ok" and bool(m.get("physics_valid")) and m.get("relations_held") == m.get("relations")


def summarise(rows: Sequence[Mapping[str, Any]], seconds: float | None = None) -> dict[str, Any]:
    """Counts, pass rates, mean times and token totals over the rows."""
    ok = [r for r in rows if r["status"] == "ok"]
    walls = [float(r["timings_s"]["wall"]) for r in ok if r["timings_s"].get("wall")]
    tokens = [r["tokens"] for r in ok if r.get("tokens")]
    out = {"scenes": len(rows), "done": len(ok), "failed": sum(r["status"] == "failed" for r in rows),
           "passed": sum(passed(r) for r in rows),
           "pass_rate": round(sum(passed(r) for r in rows) / len(rows), 4) if rows else 0.0,
           "made_rate": round(len(ok) / len(rows), 4) if rows else 0.0,
           "mean_scene_s": round(sum(walls) / len(walls), 2) if walls else None,
           "tokens": {"prompt": sum(int(t.get("prompt", 0)) for t in tokens),
                      "completion": sum(int(t.get("completion", 0)) for t in tokens)},
           "retried": sum(int(r.get("attempts", 1)) > 1 for r in rows)}
    if seconds:
        out["seconds"] = round(seconds, 1)
    return out


def _pct(value: float) -> str:
    return f"{100 * value:.0f}%"


def summary_markdown(rows: Sequence[Mapping[str, Any]], figures: Mapping[str, Any], chart: str | None) -> str:
    """The batch's summary.md."""
    lines = ["# Batch summary", "",
             (f"{figures['scenes']} scenes: {figures['done']} made, {figures['failed']} failed, "
              f"{figures['passed']} passed (every relation holds, physics valid)."), "",
             "| figure | value |", "|---|---|",
             f"| made | {figures['done']} / {figures['scenes']} ({_pct(figures['made_rate'])}) |",
             f"| passed | {figures['passed']} / {figures['scenes']} ({_pct(figures['pass_rate'])}) |",
             f"| retried | {figures['retried']} |",
             f"| mean scene wall time | {figures['mean_scene_s'] if figures['mean_scene_s'] is not None else '–'} s |",
             f"| LLM tokens (prompt / completion) | {figures['tokens']['prompt']} / "
             f"{figures['tokens']['completion']} |"]
    if figures.get("seconds"):
        lines.append(f"| this run's wall time | {figures['seconds']} s |")
    if chart:
        lines += ["", f"![relations held against scene size]({chart})"]
    lines += ["", "## Scenes", "", "| scene | seed | status | objects | relations held | physics | wall s | prompt |",
              "|---|---|---|---|---|---|---|---|"]
    for r in rows:
        m = r.get("metrics") or {}
        held = f"{m['relations_held']}/{m['relations']}" if m else "–"
        physics = ("ok" if m.get("physics_valid") else "violated") if m else "–"
        text = str(r["prompt"]).replace("|", "\\|")
        text = text if len(text) <= 70 else text[:69] + "…"
        detail = r["status"] if r["status"] == "ok" else f"failed: {str(r.get('error', ''))[:60]}"
        lines.append(f"| {r['scene_id']} | {r['seed']} | {detail} | {m.get('objects', '–')} | {held} | {physics} | "
                     f"{r['timings_s'].get('wall') or '–'} | {text} |")
    return "\n".join(lines) + "\n"
