"""scripts/benchmark.py end to end on two prompts (real generate and evaluate subprocesses)."""

from __future__ import annotations

import json
import subprocess
import sys
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[2]
pytestmark = pytest.mark.blender


def test_benchmark_script_writes_the_table_and_the_chart(tmp_path: Path) -> None:
    done = subprocess.run([sys.executable, str(ROOT / "scripts" / "benchmark.py"), "--cases", "i01,o04", "--render",
                           "none", "--llm", "offline", "--out", str(tmp_path / "scenes"), "--docs", str(tmp_path / "docs")],
                          capture_output=True, text=True, timeout=600)
    assert done.returncode == 0, done.stderr[-2000:]
    table = (tmp_path / "docs" / "benchmark.md").read_text()
    assert "| i01 | indoor | 3/3 |" in table and "| o04 | outdoor | 3/3 |" in table
    assert "mean benchmark score" in table and "![score against scene size](benchmark_chart.png)" in table
    assert (tmp_path / "docs" / "benchmark_chart.png").read_bytes()[:8] == b"\x89PNG\r\n\x1a\n"
    rows = json.loads((tmp_path / "scenes" / "benchmark_rows.json").read_text())
    assert [r["id"] for r in rows] == ["i01", "o04"]
    assert all(0.0 <= r["score"] <= 1.0 and r["seconds"] > 0 and "physics" in r for r in rows)


def test_unknown_case_is_refused(tmp_path: Path) -> None:
    done = subprocess.run([sys.executable, str(ROOT / "scripts" / "benchmark.py"), "--cases", "zz9", "--out",
                           str(tmp_path)], capture_output=True, text=True, timeout=120)
    assert done.returncode != 0 and "zz9" in done.stderr
