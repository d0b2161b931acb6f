"""Issue 21's benchmark: how much of each generated scene stays put under rigid-body physics,
and what the dynamic check costs. Writes docs/benchmark_physics.md.

    python scripts/benchmark_physics.py [--set stacking,heldout,tuned] [--limit N] [--seed 0]
                                        [--timing 25,50,100] [--out docs/benchmark_physics.md]

Every prompt is generated offline through the real CLI (a fresh subprocess, no render; the
pipeline settles each build and revises what moves), then ``check-physics`` settles the saved
scene once more, independently: an object is unstable when it moves more than 2 cm or turns
more than 5 degrees in 2 simulated seconds. ``--timing`` builds synthetic rooms of N objects
(tables carrying stacks of books) in this process and times the dynamic check alone.
"""

from __future__ import annotations

import argparse
import json
import os
import subprocess
import sys
import tempfile
import time
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parents[1]
STACKING = ROOT / "tests" / "benchmark" / "stability" / "prompts.json"
SCENESMITH_SCENES = 96.0  # % of scenes stable under simulation, as published (SceneSmith, 2026)


def parse_args(argv: list[str] | None = None) -> argparse.Namespace:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--set", default="stacking,heldout,tuned", help="comma-separated: stacking, heldout, tuned")
    parser.add_argument("--limit", type=int, default=0, help="prompts per set at most (0: all)")
    parser.add_argument("--seed", type=int, default=0)
    parser.add_argument("--timing", default="25,50,100", help="object counts for the cost table ('' to skip)")
    parser.add_argument("--out", type=Path, default=ROOT / "docs" / "benchmark_physics.md")
    parser.add_argument("--timing-only", action="store_true",
                        help="only time the check and rewrite the cost table of the existing --out")
    return parser.parse_args(argv)


def prompts_of(name: str) -> list[dict[str, Any]]:
    """The prompts of one set: the stacking prompts, or a half of the public benchmark."""
    if name == "stacking":
        return list(json.loads(STACKING.read_text(encoding="utf-8"))["prompts"])
    from setdresser.tests.benchmark.fidelity import prompt_sets

    return [{"id": p["id"], "prompt": p["prompt"]} for p in prompt_sets.load_half(name)]


def _cli(*args: str) -> subprocess.CompletedProcess[str]:
    return subprocess.run([sys.executable, "-m", "setdresser", *args], capture_output=True, text=True, check=False,
                          cwd=ROOT.parent, timeout=900)


def run_prompt(prompt: dict[str, Any], seed: int, folder: Path) -> dict[str, Any]:
    """Generate one prompt and settle its scene; the row of the table."""
    out = folder / prompt["id"]
    done = _cli("generate", prompt["prompt"], "--out", str(out), "--render", "none", "--seed", str(seed), "--force")
    if done.returncode != 0:
        return {"id": prompt["id"], "error": (done.stderr.strip().splitlines() or ["?"])[-1]}
    checked = _cli("check-physics", str(out), "--json")
    if checked.returncode != 0:
        return {"id": prompt["id"], "error": (checked.stderr.strip().splitlines() or ["?"])[-1]}
    physics = json.loads(checked.stdout)
    report = json.loads((out / "report.json").read_text(encoding="utf-8"))
    return {"id": prompt["id"], "prompt": prompt["prompt"], "objects": len(physics["objects"]) + len(physics["held"]),
            "unstable": physics["unstable"], "static_unstable": report["final"]["checks"].get("unstable", []),
            "moved": {o["id"]: [o["moved"], o["turned_deg"]] for o in physics["objects"] if o["unstable"]}}


TIMING_RUNS = 3


def timing_rows(counts: list[int]) -> list[tuple[int, float, float]]:
    """Wall and CPU seconds the dynamic check takes for synthetic rooms of ``count`` objects
    (in-process; the fastest of TIMING_RUNS runs)."""
    from setdresser.blender_addon.bl.boxes import build_box
    from setdresser.blender_addon.bl.compose import build_scene
    from setdresser.blender_addon.bl.render import configure
    from setdresser.blender_addon.bl.scene_setup import empty_scene, our_collection
    from setdresser.blender_addon.bl.settle_scene import check_collection
    from setdresser.blender_addon.core.model import (
        Bounds,
        Layout,
        PhysicsChecks,
        PlacedObject,
    )

    rows = []
    for count in counts:
        objects = []
        for index in range(count // 4):
            x, y = (index % 8) * 1.2 - 4.2, (index // 8) * 1.2 - 4.2
            objects.append(PlacedObject(f"table_{index}", "table", None, (x, y, 0.0), (0, 0, 0), (0.8, 0.8, 0.45),
                                        (x - 0.4, y - 0.4, 0.0), (x + 0.4, y + 0.4, 0.45)))
            for level in range(3):
                z = 0.45 + 0.04 * level
                objects.append(PlacedObject(f"book_{index}_{level}", "book", None, (x, y, z), (0, 0, 0),
                                            (0.19, 0.25, 0.04), (x - 0.095, y - 0.125, z),
                                            (x + 0.095, y + 0.125, z + 0.04),
                                            support=f"table_{index}"))
        scene = empty_scene()
        configure(scene, "workbench", 64)
        layout = Layout(objects, [], PhysicsChecks(), Bounds((-5.0, -5.0, 0.0), (5.0, 5.0, 3.0)), "timing", 0)
        collection = our_collection(scene, layout.prompt)
        build_scene(scene, collection, layout, build_box)
        runs = []
        for _ in range(TIMING_RUNS):
            started, cpu = time.perf_counter(), time.process_time()
            check_collection(collection)
            runs.append((time.perf_counter() - started, time.process_time() - cpu))
        rows.append((len(objects), *min(runs)))
    return rows


def markdown(results: dict[str, list[dict[str, Any]]], timing: list[tuple[int, float, float]], seed: int) -> str:
    """docs/benchmark_physics.md."""
    lines = ["# Scenes that stand up (issue 21)", "",
             f"Generated offline (seed {seed}, `python scripts/benchmark_physics.py`), each saved scene then settled",
             "for 2 s under Blender's rigid-body world by `check-physics` (floor, walls and hung things fixed):",
             "an object that moves more than 2 cm or turns more than 5 degrees is unstable.", "",
             "| set | scenes | objects | objects that stay put | scenes where all stay put |",
             "|---|---:|---:|---:|---:|"]
    for name, rows in results.items():
        ok = [r for r in rows if "error" not in r]
        objects = sum(r["objects"] for r in ok)
        still = objects - sum(len(r["unstable"]) for r in ok)
        scenes = sum(not r["unstable"] for r in ok)
        lines.append(f"| {name} | {len(ok)} | {objects} | {100 * still / max(objects, 1):.1f} % "
                     f"| {100 * scenes / max(len(ok), 1):.1f} % |")
    lines.append(f"| SceneSmith (2026, published) | | | | {SCENESMITH_SCENES:.0f} % |")
    lines += ["", "Unstable objects (moved m, turned deg), and failed runs:", ""]
    for name, rows in results.items():
        for row in rows:
            if row.get("error"):
                lines.append(f"- {name} {row['id']}: error: {row['error']}")
            elif row["unstable"]:
                moved = ", ".join(f"{k} ({v[0]:.2f} m, {v[1]:.0f} deg)" for k, v in row["moved"].items())
                lines.append(f"- {name} {row['id']} \"{row['prompt']}\": {moved}")
    if timing:
        lines += ["", *timing_markdown(timing)]
    return "\n".join(lines) + "\n"


TIMING_HEAD = "Cost of the dynamic check"


def timing_markdown(timing: list[tuple[int, float, float]]) -> list[str]:
    """The cost table: wall seconds (best of the runs) and the CPU seconds of that run."""
    load = os.getloadavg()[0] if hasattr(os, "getloadavg") else float("nan")
    return [f"{TIMING_HEAD} (synthetic rooms: tables with stacks of three books; this machine, shared",
            f"by other jobs: load average {load:.1f} on {os.cpu_count()} cores; best of {TIMING_RUNS} runs). CPU",
            "seconds are the process's (all its threads); on a loaded machine the wall time is several",
            "times the CPU time.", "", "| objects | seconds (wall) | CPU seconds |", "|---:|---:|---:|",
            *[f"| {count} | {wall:.2f} | {cpu:.2f} |" for count, wall, cpu in timing]]


def main(argv: list[str] | None = None) -> int:
    args = parse_args(argv)
    if args.timing_only:
        text = args.out.read_text(encoding="utf-8")
        kept = text[: text.index(TIMING_HEAD)] if TIMING_HEAD in text else text + "\n"
        timing = timing_rows([int(c) for c in args.timing.split(",") if c.strip()])
        args.out.write_text(kept + "\n".join(timing_markdown(timing)) + "\n", encoding="utf-8")
        print(f"wrote {args.out}")
        return 0
    results: dict[str, list[dict[str, Any]]] = {}
    with tempfile.TemporaryDirectory(prefix="setdresser_physics_") as tmp:
        for name in [s.strip() for s in args.set.split(",") if s.strip()]:
            prompts = prompts_of(name)[: args.limit or None]
            results[name] = []
            for prompt in prompts:
                row = run_prompt(prompt, args.seed, Path(tmp))
                results[name].append(row)
                print(f"{name} {row['id']}: {row.get('error') or (row['unstable'] or 'stable')}", flush=True)
    timing = timing_rows([int(c) for c in args.timing.split(",") if c.strip()]) if args.timing else []
    args.out.write_text(markdown(results, timing, args.seed), encoding="utf-8")
    (args.out.with_suffix(".json")).write_text(json.dumps(results, indent=1) + "\n", encoding="utf-8")
    print(f"wrote {args.out}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
