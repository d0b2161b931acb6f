"""Run benchmark prompts through the real CLI (``python -m setdresser generate``), score each
output folder with the prompt's own checks, and summarise per half and style.

Each prompt is a fresh subprocess (``--jobs`` of them at once); nothing is imported from the
product except by that subprocess.
"""

from __future__ import annotations

import json
import subprocess
import sys
import time
from collections import Counter
from concurrent.futures import ThreadPoolExecutor
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from .scene import read_run
from .scoring import score

GENERATE_TIMEOUT_S = 600


@dataclass(frozen=True)
class RunSettings:
    """How generate is called."""

    out: Path
    llm: str = "offline"
    render: str = "none"
    resolution: int = 256
    seed: int = 0
    effort: float = 1.0
    jobs: int = 1
    cwd: Path | None = None


def generate(prompt_id: str, text: str, settings: RunSettings) -> dict[str, Any]:
    """One generate subprocess; returns its exit status, wall seconds and last stderr line."""
    out = settings.out / prompt_id
    command = [sys.executable, "-m", "setdresser", "generate", text, "--out", str(out), "--force",
               "--llm", settings.llm, "--seed", str(settings.seed), "--render", settings.render,
               "--resolution", str(settings.resolution), "--effort", repr(settings.effort)]
    started = time.perf_counter()
    try:
        done = subprocess.run(command, cwd=settings.cwd, capture_output=True, text=True, check=False,
                              timeout=GENERATE_TIMEOUT_S)
        status, lines = done.returncode, done.stderr.strip().splitlines()
    except subprocess.TimeoutExpired:
        status, lines = 124, [f"timed out after {GENERATE_TIMEOUT_S} s"]
    error = next((ln.strip() for ln in reversed(lines) if "error" in ln.lower()), lines[-1].strip() if lines else "")
    return {"out": out, "status": status, "seconds": time.perf_counter() - started, "error": error if status else ""}


def generate_all(items: list[tuple[str, str]], settings: RunSettings, log: Any = None) -> dict[str, dict[str, Any]]:
    """Generate every (id, prompt) with ``settings.jobs`` subprocesses at once; {id: run}."""
    settings.out.mkdir(parents=True, exist_ok=True)

    def one(item: tuple[str, str]) -> tuple[str, dict[str, Any]]:
        run = generate(item[0], item[1], settings)
        if log is not None:
            log.info("%s: exit %d in %.1f s %s", item[0], run["status"], run["seconds"], run["error"])
        return item[0], run
    with ThreadPoolExecutor(max_workers=max(1, settings.jobs)) as pool:
        return dict(pool.map(one, items))


def not_understood(out: Path) -> list[str]:
    """The parts of the prompt report.json says were not understood (information only)."""
    path = out / "report.json"
    if not path.is_file():
        return []
    report = json.loads(path.read_text(encoding="utf-8"))
    return [str(u) for u in report.get("unparsed", []) or []]


def score_prompt(prompt: dict[str, Any], run: dict[str, Any]) -> dict[str, Any]:
    """The row of one fidelity prompt: verdict, score, every check and the run's facts."""
    failure = f"generate failed (exit {run['status']}): {run['error']}" if run["status"] else "no layout.json"
    view = read_run(run["out"], setting=prompt.get("setting", "indoor")) if run["status"] == 0 else None
    result = score(prompt, view, failure)
    return {"id": prompt["id"], "half": prompt["half"], "style": prompt["style"], "prompt": prompt["prompt"],
            "passed": result.passed, "score": round(result.score, 4), "status": run["status"],
            "seconds": round(run["seconds"], 2), "error": run["error"], "objects": len(view.things) if view else 0,
            "not_understood": not_understood(run["out"]),
            "checks": [{"name": c.name, "kind": c.kind, "required": c.required, "ok": c.ok, "detail": c.detail}
                       for c in result.checks]}


def summarise(rows: list[dict[str, Any]]) -> dict[str, dict[str, dict[str, float]]]:
    """{half: {style or "all": {"prompts", "passed", "pass_rate", "mean_score"}}}."""
    out: dict[str, dict[str, dict[str, float]]] = {}
    for half in sorted({r["half"] for r in rows}):
        in_half = [r for r in rows if r["half"] == half]
        groups = {s: [r for r in in_half if r["style"] == s] for s in sorted({r["style"] for r in in_half})}
        groups["all"] = in_half
        out[half] = {s: _figures(g) for s, g in groups.items()}
    return out


def _figures(rows: list[dict[str, Any]]) -> dict[str, float]:
    passed = sum(1 for r in rows if r["passed"])
    return {"prompts": len(rows), "passed": passed, "pass_rate": round(passed / len(rows), 4) if rows else 0.0,
            "mean_score": round(sum(r["score"] for r in rows) / len(rows), 4) if rows else 0.0}


def failure_classes(rows: list[dict[str, Any]]) -> dict[str, Counter[str]]:
    """Failing required checks counted by kind, per half (generate failures as "generate failed")."""
    out: dict[str, Counter[str]] = {}
    for r in rows:
        counter = out.setdefault(r["half"], Counter())
        if r.get("status"):
            counter["generate failed"] += 1
            continue
        for c in r.get("checks", []):
            if c["required"] and not c["ok"]:
                counter[c["kind"]] += 1
    return out


def baseline_document(rows: list[dict[str, Any]], label: str, commit: str) -> dict[str, Any]:
    """What a later run compares with: the summary and each prompt's verdict and score."""
    return {"schema": "setdresser.benchmark-baseline/1", "label": label, "commit": commit,
            "summary": summarise(rows),
            "prompts": {r["id"]: {"passed": r["passed"], "score": r["score"]} for r in rows}}


def load_baseline(path: Path | None) -> dict[str, Any] | None:
    """A saved baseline (None when the path is None or absent)."""
    if path is None or not path.is_file():
        return None
    doc = json.loads(path.read_text(encoding="utf-8"))
    if doc.get("schema") != "setdresser.benchmark-baseline/1":
        raise SystemExit(f"{path}: not a setdresser.benchmark-baseline/1 document")
    return doc
