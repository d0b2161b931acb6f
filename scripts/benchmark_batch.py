"""Batch throughput: scenes per minute of ``setdresser batch`` with 1 and 2 local Ray workers,
offline, for Workbench at 256 px and for ``--render none``; the scaling ratio (2 workers over 1,
ideal 2.0 on 2 cores) is the figure that matters. Writes docs/benchmark_batch.md.

    python scripts/benchmark_batch.py [--scenes 8] [--workers 1,2] [--renders workbench,none] [--docs docs]

Each configuration is one fresh ``python -m setdresser batch`` subprocess into an empty folder,
timed from launch to exit (Ray's start-up included, and also shown apart: the batch's own
``summary.json`` time starts after the CLI has imported, the per-scene mean is from index.jsonl).
"""

from __future__ import annotations

import argparse
import datetime as dt
import json
import os
import subprocess
import sys
import tempfile
import time
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parents[1]
PROMPTS = ["a desk against the north wall with a chair in front of it", "a bed with a nightstand beside it",
           "a sofa facing a tv with a coffee table between them", "a dining table with four chairs around it",
           "a bookshelf in the corner and an armchair next to a floor lamp", "a kitchen table with a vase on it",
           "two beds with a nightstand between them", "a desk with a lamp on it and a bookshelf beside it"]


def parse_args(argv: list[str] | None = None) -> argparse.Namespace:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--scenes", type=int, default=16, help="scenes per configuration (default 16)")
    parser.add_argument("--workers", default="1,2", help="worker counts to compare (default 1,2)")
    parser.add_argument("--renders", default="workbench,none", help="render settings (default workbench,none)")
    parser.add_argument("--docs", type=Path, default=ROOT / "docs", help="where benchmark_batch.md goes")
    return parser.parse_args(argv)


def run_one(scenes: int, workers: int, render: str, folder: Path) -> dict[str, Any]:
    """One batch; returns its timings and counts."""
    prompts = folder / "prompts.txt"
    chosen = [PROMPTS[i % len(PROMPTS)] + ("" if i < len(PROMPTS) else f" (take {i // len(PROMPTS) + 1})")
              for i in range(scenes)]
    prompts.write_text("\n".join(chosen) + "\n", encoding="utf-8")
    out = folder / "batch"
    command = [sys.executable, "-m", "setdresser", "batch", str(prompts), "--out", str(out), "--workers", str(workers),
               "--render", render, "--resolution", "256", "--llm", "offline"]
    env = dict(os.environ, RAY_AUTH_MODE="disabled", RAY_USAGE_STATS_ENABLED="0")
    started = time.perf_counter()
    done = subprocess.run(command, capture_output=True, text=True, env=env, cwd=ROOT, check=False)
    wall = time.perf_counter() - started
    if done.returncode != 0:
        raise SystemExit(f"batch failed ({done.returncode}): {done.stderr[-1500:]}")
    summary = json.loads((out / "summary.json").read_text(encoding="utf-8"))
    rows = [json.loads(line) for line in (out / "index.jsonl").read_text(encoding="utf-8").splitlines() if line]
    starts = [r["started_at"] for r in rows if r.get("started_at")]
    ends = [r["finished_at"] for r in rows if r.get("finished_at")]
    steady = 60.0 * summary["done"] / (max(ends) - min(starts)) if starts and ends else 0.0
    return {"steady_per_minute": steady, "workers": workers, "render": render, "scenes": scenes,
            "made": summary["done"], "wall_s": wall,
            "batch_s": summary["seconds"], "per_minute": 60.0 * summary["done"] / wall,
            "mean_scene_s": summary["mean_scene_s"], "passed": summary["passed"],
            "generate_s": sum(r["timings_s"].get("generate") or 0 for r in rows) / max(1, len(rows))}


def markdown(results: list[dict[str, Any]], args: argparse.Namespace) -> str:
    commit = subprocess.run(["git", "rev-parse", "--short", "HEAD"], cwd=ROOT, capture_output=True, text=True,
                            check=False).stdout.strip() or "unknown"
    lines = ["# Batch throughput", "",
             (f"Run: {dt.datetime.now(dt.UTC):%Y-%m-%d %H:%M} UTC, commit `{commit}`, {os.cpu_count()} cores "
              f"(shared with other work), offline, {args.scenes} scenes per configuration, one fresh `setdresser "
              "batch` each (local Ray started in-process). Reproduce: `python scripts/benchmark_batch.py`."), "",
             ("| render | workers | scenes made | wall s (launch to exit) | scenes / min | scaling | "
              "scenes / min, first scene start to last scene end | scaling (same) | mean scene wall s "
              "| mean generate s (in-process part) |"), "|---|---|---|---|---|---|---|---|---|---|"]
    for r in results:
        base = next((b for b in results if b["render"] == r["render"] and b["workers"] == 1), None)
        ratio = f"{r['per_minute'] / base['per_minute']:.2f}" if base else "–"
        steady = f"{r['steady_per_minute'] / base['steady_per_minute']:.2f}" if base else "–"
        lines.append(f"| {r['render']}{' 256 px' if r['render'] == 'workbench' else ''} | {r['workers']} | "
                     f"{r['made']}/{r['scenes']} | {r['wall_s']:.1f} | {r['per_minute']:.1f} | {ratio} | "
                     f"{r['steady_per_minute']:.1f} | {steady} | {r['mean_scene_s']} | {r['generate_s']:.2f} |")
    lines += ["", ("How to read it: *scenes / min* counts Ray's start-up (about 6 s here) and the CLI's imports, "
              "the next figure only the span from the first scene's start to the last one's end (steady state); "
              "*mean scene wall s* is one `generate` subprocess (Python and Blender start-up, plan, solve, build, "
              "render, save), *mean generate s* the part generate itself reports (`report.json` total_s). "
              "The gap between them is process start-up paid per scene, which is why each scene is a process "
              "(bpy keeps state and is not thread-safe) and why scaling stays below the ideal 2.0 when the two "
              "cores are also running Ray's own processes and other people's work. See docs/scale.md for "
              "a cluster.")]
    return "\n".join(lines) + "\n"


def main(argv: list[str] | None = None) -> int:
    args = parse_args(argv)
    results = []
    for render in [r.strip() for r in args.renders.split(",") if r.strip()]:
        for workers in [int(w) for w in args.workers.split(",") if w.strip()]:
            with tempfile.TemporaryDirectory(prefix="setdresser-batch-") as folder:
                result = run_one(args.scenes, workers, render, Path(folder))
            print(f"{render} x{workers}: {result['per_minute']:.1f} scenes/min ({result['wall_s']:.1f} s)", flush=True)
            results.append(result)
    args.docs.mkdir(parents=True, exist_ok=True)
    (args.docs / "benchmark_batch.md").write_text(markdown(results, args), encoding="utf-8")
    (args.docs / "benchmark_batch.json").write_text(json.dumps(results, indent=1) + "\n", encoding="utf-8")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
