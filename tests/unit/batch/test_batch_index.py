"""index.jsonl rows, the batch summary and its page, and the progress rate/ETA."""

from __future__ import annotations

from setdresser.blender_addon.core.batch.index import passed, scene_row, summarise, summary_markdown
from setdresser.blender_addon.core.batch.jobs import SceneJob, SceneSettings

JOB = SceneJob("a-desk-s0-12345678", "a desk | with a chair", 0, SceneSettings(), 1)
REPORT = {"final": {"objects": 2, "satisfied": 3, "total": 4, "physics_valid": True}, "iterations": [{}, {}],
          "unparsed": ["fancy"], "total_s": 4.2, "timings_s": {"solve": 1.5, "build": 0.5},
          "llm": {"backend": "openai", "tokens": {"prompt": 100, "completion": 20}}}


def test_a_made_scene_row_has_metrics_timings_and_tokens() -> None:
    row = scene_row(JOB, {"status": "ok", "exit": 0, "wall_s": 6.0, "error": "", "host": "h"}, REPORT, 2)
    assert row["dir"] == "scenes/a-desk-s0-12345678" and row["attempts"] == 2
    assert row["metrics"] == {"objects": 2, "relations_held": 3, "relations": 4, "physics_valid": True,
                              "iterations": 2, "unparsed": ["fancy"]}
    assert row["timings_s"] == {"wall": 6.0, "generate": 4.2, "solve": 1.5, "build": 0.5}
    assert row["tokens"] == {"backend": "openai", "prompt": 100, "completion": 20}
    assert not passed(row)  # 3 of 4 relations
    held = scene_row(JOB, {"status": "ok", "wall_s": 1.0}, {**REPORT, "final": {**REPORT["final"], "satisfied": 4}}, 1)
    assert passed(held)


def test_stage_times_come_from_timings_json_when_the_report_has_none() -> None:
    """report/3 keeps the wall clock out (it is byte-stable); timings.json holds the times."""
    report = {k: v for k, v in REPORT.items() if k not in ("total_s", "timings_s")}
    timings = {"schema": "setdresser.timings/1", "total_s": 3.0, "timings_s": {"solve": 2.0}}
    row = scene_row(JOB, {"status": "ok", "wall_s": 5.0}, report, 1, timings)
    assert row["timings_s"] == {"wall": 5.0, "generate": 3.0, "solve": 2.0}


def test_summary_counts_failures_retries_and_tokens_and_the_page_escapes_prompts() -> None:
    ok = scene_row(JOB, {"status": "ok", "wall_s": 6.0}, {**REPORT, "final": {**REPORT["final"], "satisfied": 4}}, 2)
    bad = scene_row(JOB, {"status": "failed", "exit": -9, "wall_s": 1.0, "error": "killed"}, None, 3)
    figures = summarise([ok, bad], seconds=30)
    assert figures == {"scenes": 2, "done": 1, "failed": 1, "passed": 1, "pass_rate": 0.5, "made_rate": 0.5,
                       "mean_scene_s": 6.0, "tokens": {"prompt": 100, "completion": 20}, "retried": 2,
                       "seconds": 30}
    page = summary_markdown([ok, bad], figures, "summary.png")
    assert "| passed | 1 / 2 (50%) |" in page and "![relations held" in page
    assert "failed: killed" in page and "a desk \\| with a chair" in page and bad["dir"] is None


def test_progress_rate_and_eta() -> None:
    from setdresser.blender_addon.services.batch.progress import rate_and_eta
    from setdresser.blender_addon.services.batch.runner import BatchState

    state = BatchState(total=10, skipped=2, done=3, failed=1, started=100.0)
    per_minute, left = rate_and_eta(state, now=160.0)
    assert per_minute == 4.0 and left == 60.0  # 4 left at 4 a minute
    assert rate_and_eta(BatchState(total=3, started=0.0), now=5.0) == (0.0, None)
