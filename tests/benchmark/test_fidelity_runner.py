"""The runner's scoring, summaries, baseline file and Markdown page on output folders written
by hand (no generate subprocess: that is tests/benchmark/test_benchmark_script.py)."""

from __future__ import annotations

import json
from pathlib import Path

from setdresser.tests.benchmark.fidelity import prompt_sets, report_md, runner
from setdresser.tests.benchmark.fidelity_cases import CHAIR, NORTH
from setdresser.tests.benchmark.layouts import layout, obj

TUNED = {p["id"]: p for p in prompt_sets.load_half("tuned")}
INFO = {"date": "today", "commit": "abc123", "llm": "offline", "render": "none", "seed": "0",
        "command": "python scripts/benchmark.py"}


def _run(tmp_path: Path, pid: str, objects: list, status: int = 0, report: dict | None = None) -> dict:
    out = tmp_path / pid
    out.mkdir(parents=True)
    if status == 0:
        (out / "layout.json").write_text(json.dumps(layout(objects)))
        (out / "report.json").write_text(json.dumps(report or {"warnings": [], "unparsed": []}))
    return {"out": out, "status": status, "seconds": 1.0, "error": "error: found no object" if status else ""}


def _rows(tmp_path: Path) -> list[dict]:
    """sp43 satisfied, rm01 failed to generate, and a tuned prompt standing in for a held-out one
    (the tests never read a held-out prompt) with nothing it asks for in the scene."""
    desk = obj("desk_1", "desk", 0, 0, (1.4, 0.7, 0.75), color=["white"])
    chair = obj("chair_1", "office chair", 0, -0.65, CHAIR, yaw=NORTH, color=[0.02, 0.02, 0.02], material="leather")
    held = {**TUNED["sp01"], "id": "zz99", "half": "heldout"}
    return [runner.score_prompt(TUNED["sp43"], _run(tmp_path, "sp43", [desk, chair],
                                                    report={"unparsed": ["at a"], "warnings": []})),
            runner.score_prompt(TUNED["rm01"], _run(tmp_path, "rm01", [], status=2)),
            runner.score_prompt(held, _run(tmp_path, held["id"], [obj("x", "crate", 0, 0, (0.5, 0.5, 0.5))]))]


def test_rows_carry_the_verdict_the_checks_and_what_was_not_understood(tmp_path: Path) -> None:
    good, failed, held = _rows(tmp_path)
    assert good["passed"] and good["score"] == 1.0 and good["not_understood"] == ["at a"]
    assert not failed["passed"] and failed["score"] == 0.0 and failed["status"] == 2
    assert all("exit 2" in c["detail"] for c in failed["checks"])
    assert not held["passed"] and held["half"] == "heldout"


def test_summary_and_failure_classes_per_half_and_style(tmp_path: Path) -> None:
    rows = _rows(tmp_path)
    summary = runner.summarise(rows)
    assert summary["tuned"]["spatial"] == {"prompts": 1, "passed": 1, "pass_rate": 1.0, "mean_score": 1.0}
    assert summary["tuned"]["all"]["passed"] == 1 and summary["tuned"]["all"]["prompts"] == 2
    classes = runner.failure_classes(rows)
    assert classes["tuned"]["generate failed"] == 1 and classes["heldout"]["count"] >= 1


def test_the_page_shows_both_halves_the_baseline_and_held_out_prompts_only_in_aggregate(tmp_path: Path) -> None:
    rows = _rows(tmp_path)
    base = runner.baseline_document([{**r, "passed": False, "score": 0.25} for r in rows], "previous release", "old1")
    path = tmp_path / "baseline.json"
    path.write_text(json.dumps(base))
    page = report_md.markdown(rows, INFO, runner.load_baseline(path))
    assert "| tuned | (a) explicit spatial sentences | 1 | 1 | 100% | 1.000 | 0% | 0.250 |" in page
    assert "| heldout |" in page and "previous release: pass rate" in page
    assert "| sp43 | spatial | yes 1.00 | no 0.25 |" in page and "generate failed" in page
    assert rows[2]["id"] not in page and rows[2]["prompt"] not in page


def test_a_missing_baseline_is_no_column_and_a_foreign_file_is_refused(tmp_path: Path) -> None:
    assert runner.load_baseline(tmp_path / "absent.json") is None
    (tmp_path / "other.json").write_text("{}")
    try:
        runner.load_baseline(tmp_path / "other.json")
    except SystemExit as exc:
        assert "other.json" in str(exc)
    else:
        raise AssertionError("a file that is no baseline was accepted")
