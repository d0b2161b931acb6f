"""scripts/benchmark.py end to end on a few prompts (real generate and evaluate subprocesses):
a fidelity prompt and a legacy prompt, saved as a baseline, then shown next to a second run."""

from __future__ import annotations

import json
import subprocess
import sys
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[2]
SCRIPT = str(ROOT / "scripts" / "benchmark.py")


def _bench(*args: str, timeout: int = 600) -> subprocess.CompletedProcess[str]:
    return subprocess.run([sys.executable, SCRIPT, *args], capture_output=True, text=True, timeout=timeout, check=False)


@pytest.mark.blender
def test_benchmark_script_scores_fidelity_and_legacy_prompts_and_keeps_a_baseline(tmp_path: Path) -> None:
    docs, out, base = tmp_path / "docs", tmp_path / "scenes", tmp_path / "baseline.json"
    done = _bench("--set", "all", "--cases", "sp02,i01", "--out", str(out), "--docs", str(docs), "--jobs", "2",
                  "--save-baseline", str(base), "--label", "before")
    assert done.returncode == 0, done.stderr[-2000:]
    page = (docs / "benchmark.md").read_text()
    assert "| tuned | (a) explicit spatial sentences | 1 |" in page and "| legacy | legacy 49-prompt set | 1 |" in page
    assert "| sp02 | spatial |" in page and (docs / "benchmark_legacy.md").is_file()
    rows = json.loads((out / "fidelity_rows.json").read_text())
    assert [r["id"] for r in rows] == ["sp02", "i01"] and all(0.0 <= r["score"] <= 1.0 for r in rows)
    assert {c["name"] for c in rows[0]["checks"]} >= {"one desk", "no big overlaps", "no labelled grey boxes"}
    saved = json.loads(base.read_text())
    assert saved["label"] == "before" and set(saved["prompts"]) == {"sp02", "i01"}

    again = _bench("--set", "tuned", "--cases", "sp02", "--out", str(out), "--docs", str(docs), "--baseline", str(base))
    assert again.returncode == 0, again.stderr[-2000:]
    page = (docs / "benchmark.md").read_text()
    assert "before: pass rate" in page and "| legacy |" not in page.split("## Failure classes")[0]


def test_unknown_case_or_style_is_refused(tmp_path: Path) -> None:
    done = _bench("--cases", "zz9", "--out", str(tmp_path), timeout=120)
    assert done.returncode != 0 and "zz9" in done.stderr
    done = _bench("--style", "poetry", "--out", str(tmp_path), timeout=120)
    assert done.returncode != 0 and "poetry" in done.stderr
