"""Wall time of ``generate`` offline with Workbench at 512 px, Blender start-up included.

    python scripts/benchmark_generate.py [--repeats 3] [--out docs/benchmark_generate.md]
    python scripts/benchmark_generate.py --waste [--repeats 3]   # refreshes the "pipeline waste" table only

Each run is a fresh ``python -m setdresser generate`` subprocess (so importing bpy, i.e.
starting Blender, is counted), timed from launch to exit. Writes a Markdown table with the
median and worst wall time per prompt and the per-stage times of the median run.
"""

from __future__ import annotations

import argparse
import json
import logging
import os
import platform
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
TARGET_S = 20.0
PROMPTS = (
    "a desk against the north wall with a lamp on it, an office chair in front of the desk and a bookshelf in the "
    "corner",
    "a round dining table with four chairs around it and a vase on the table",
    "a sofa facing a tv on a tv stand, a rug in front of the sofa and a floor lamp next to the sofa",
    "a tent next to a campfire with three logs around the campfire and two trees behind the tent",
    "a bed against the north wall with a nightstand on each side and a table lamp on each nightstand",
)

log = logging.getLogger("benchmark_generate")


def read_report(out: Path) -> dict:
    """report.json with timings.json's stage times merged in (report/3 keeps the clock out)."""
    report = json.loads((out / "report.json").read_text(encoding="utf-8"))
    path = out / "timings.json"
    timings = json.loads(path.read_text(encoding="utf-8")) if path.is_file() else {}
    return report | {key: timings[key] for key in ("timings_s", "total_s") if key in timings}


def run_once(prompt: str, out: Path, seed: int, extra: tuple[str, ...] = ()) -> tuple[float, dict]:
    """One timed generate; returns (wall seconds, report.json)."""
    command = [sys.executable, "-m", "setdresser", "generate", prompt, "--out", str(out), "--seed", str(seed),
               "--render", "workbench", "--resolution", "512", "--force", *extra]
    started = time.perf_counter()
    done = subprocess.run(command, capture_output=True, text=True, cwd=ROOT, timeout=300)
    wall = time.perf_counter() - started
    if done.returncode != 0:
        raise RuntimeError(f"generate failed ({done.returncode}) for {prompt!r}: {done.stderr.strip()[-400:]}")
    return wall, read_report(out)


def bench(prompts: tuple[str, ...], repeats: int) -> list[dict]:
    """Time every prompt ``repeats`` times; one row per prompt."""
    rows = []
    with tempfile.TemporaryDirectory(prefix="setdresser-bench-") as tmp:
        for index, prompt in enumerate(prompts):
            runs = [run_once(prompt, Path(tmp) / f"p{index}", seed=0) for _ in range(repeats)]
            walls = sorted(w for w, _ in runs)
            median_report = sorted(runs, key=lambda r: r[0])[len(runs) // 2][1]
            final = median_report["final"]
            rows.append({"prompt": prompt, "median": statistics.median(walls), "worst": walls[-1],
                         "objects": final["objects"], "held": f"{final['satisfied']}/{final['total']}",
                         "physics": "ok" if final["physics_valid"] else "violated",
                         "iterations": len(median_report["iterations"]), "stages": median_report["timings_s"]})
            log.info("%.2fs median  %s", rows[-1]["median"], prompt)
    return rows


def to_markdown(rows: list[dict], repeats: int) -> str:
    """The report page."""
    stages = ("plan", "code", "solve", "build", "audit", "render", "save")
    lines = [
        "# Benchmark: `generate` offline, Workbench, 512 px",
        "",
        f"Wall time of `python -m setdresser generate PROMPT --render workbench --resolution 512` as a fresh "
        f"subprocess (Blender start-up included), {repeats} runs per prompt, seed 0. Target: under {TARGET_S:.0f} s.",
        f"Machine: {os.cpu_count()} CPU cores ({platform.processor() or platform.machine()}), "
        f"Python {platform.python_version()}; written by `scripts/benchmark_generate.py`.",
        "",
        "| prompt | objects | relations held | physics | iterations | median s | worst s |",
        "|---|---|---|---|---|---|---|",
    ]
    for row in rows:
        lines.append(f"| {row['prompt']} | {row['objects']} | {row['held']} | {row['physics']} | {row['iterations']} "
                     f"| {row['median']:.2f} | {row['worst']:.2f} |")
    worst = max(row["worst"] for row in rows)
    verdict = "meets" if worst < TARGET_S else "MISSES"
    lines += ["", f"Slowest run: {worst:.2f} s, which {verdict} the {TARGET_S:.0f} s target.", "",
              "Seconds per stage in the median run (the rest is Python and Blender start-up and file writing):", "",
              "| prompt | " + " | ".join(stages) + " |", "|---" * (len(stages) + 1) + "|"]
    for row in rows:
        cells = " | ".join(f"{row['stages'].get(s, 0.0):.2f}" for s in stages)
        lines.append(f"| {row['prompt'][:48]}… | {cells} |")
    return "\n".join(lines) + "\n"


# The offline loop before issue 11: review views rendered though nothing offline reads them,
# and a revision equal to its round solved again. (--top-view now renders the second
# perspective view too, so "before" pays for one render more than it did.)
BEFORE = ("--top-view", "--resolve-unchanged")
WASTE_PROMPTS = (
    "a classroom with 24 desks in a grid facing the blackboard",
    PROMPTS[4],
    PROMPTS[3],
)
WASTE_BEGIN, WASTE_END = "<!-- waste:begin (scripts/benchmark_generate.py --waste) -->", "<!-- waste:end -->"


def bench_waste(prompts: tuple[str, ...], repeats: int) -> list[dict]:
    """Before/now pairs run alternately (so load drifts hit both alike); one row per prompt."""
    rows = []
    with tempfile.TemporaryDirectory(prefix="setdresser-waste-") as tmp:
        for index, prompt in enumerate(prompts):
            before, now = [], []
            for _ in range(repeats):
                before.append(run_once(prompt, Path(tmp) / f"b{index}", 0, BEFORE))
                now.append(run_once(prompt, Path(tmp) / f"n{index}", 0))
            b, n = statistics.median(w for w, _ in before), statistics.median(w for w, _ in now)
            rows.append({"prompt": prompt, "before": b, "now": n, "iterations": (len(before[0][1]["iterations"]),
                         len(now[0][1]["iterations"])), "render": (before[0][1]["timings_s"].get("render", 0.0),
                                                                   now[0][1]["timings_s"].get("render", 0.0))})
            log.info("%.2fs -> %.2fs  %s", b, n, prompt)
    return rows


def _scripted_llm_run(out: Path, extra: tuple[str, ...]) -> tuple[float, dict]:
    """``generate --llm openai`` against the local scripted server (tests/support): the reviewer
    hands back the coder's script unchanged, then accepts (the before loop solves it again)."""
    sys.path[:0] = [str(ROOT / "tests"), str(ROOT / "tests" / "unit" / "llm")]
    from llm_replies import ACCEPT, ASSETS, CODE_REPLY, GRAPH, SCRIPT  # noqa: E402
    from support.openai_server import OpenAIServer, json_reply, text  # noqa: E402

    same = {"accepted": False, "revised_script": SCRIPT, "issues": [{"relation": "against_wall", "ids": ["desk_1"],
                                                                      "problem": "check again", "fix": "same script"}]}
    with OpenAIServer() as server:
        server.script(json_reply(ASSETS), json_reply(GRAPH), text(CODE_REPLY), json_reply(same), json_reply(ACCEPT))
        command = [sys.executable, "-m", "setdresser", "generate", UNCHANGED_PROMPT, "--out", str(out), "--force",
                   "--llm", "openai", "--base-url", server.url, "--model", "scripted", "--render", "workbench",
                   "--resolution", "512", *extra]
        env = dict(os.environ, OPENAI_API_KEY="sk-benchmark-scripted-key-0000000000")
        started = time.perf_counter()
        done = subprocess.run(command, capture_output=True, text=True, cwd=ROOT, timeout=300, env=env)
        wall = time.perf_counter() - started
    if done.returncode != 0:
        raise RuntimeError(f"scripted LLM run failed ({done.returncode}): {done.stderr.strip()[-400:]}")
    return wall, read_report(out)


UNCHANGED_PROMPT = "a lamp on a desk"


def bench_unchanged(repeats: int) -> dict:
    """The reviewer returns the program unchanged: before, it is solved, built, rendered and
    reviewed again; now the round stands."""
    with tempfile.TemporaryDirectory(prefix="setdresser-waste-") as tmp:
        before, now = [], []
        for _ in range(repeats):
            before.append(_scripted_llm_run(Path(tmp) / "b", ("--resolve-unchanged",)))
            now.append(_scripted_llm_run(Path(tmp) / "n", ()))
    b, n = statistics.median(w for w, _ in before), statistics.median(w for w, _ in now)
    log.info("%.2fs -> %.2fs  reviewer returns the script unchanged", b, n)
    return {"prompt": f"{UNCHANGED_PROMPT} (LLM, scripted server: the reviewer returns the script unchanged)",
            "before": b, "now": n, "iterations": (len(before[0][1]["iterations"]), len(now[0][1]["iterations"])),
            "render": (before[0][1]["timings_s"].get("render", 0.0), now[0][1]["timings_s"].get("render", 0.0))}


def waste_markdown(rows: list[dict], repeats: int) -> str:
    """The "pipeline waste" section: median wall time before and now, measured in the same run."""
    lines = [WASTE_BEGIN, "## Pipeline waste (issue 11): offline runs render only render.png", "",
             f"Same prompts, seed 0, {repeats} runs each, before/now alternating in one run; *before* = "
             f"`{' '.join(BEFORE)}` (the review views rendered, unchanged revisions re-solved, as offline runs "
             "did before; the review views now include the second perspective, one render more than before). "
             "The last row is an LLM run against the local scripted server whose reviewer hands back the "
             "script unchanged; *before* = `--resolve-unchanged` (it was solved, built, rendered and reviewed "
             "again).",
             f"Machine: {os.cpu_count()} CPU cores, shared; load average at the end {os.getloadavg()[0]:.1f}.", "",
             "| prompt | iterations before / now | render s before / now | median s before | median s now "
             "| saved s | now / before |", "|---|---|---|---|---|---|---|"]
    for row in rows:
        lines.append(f"| {row['prompt'][:60]} | {row['iterations'][0]} / {row['iterations'][1]} "
                     f"| {row['render'][0]:.2f} / {row['render'][1]:.2f} | {row['before']:.2f} | {row['now']:.2f} "
                     f"| {row['before'] - row['now']:.2f} | {row['now'] / row['before']:.2f} |")
    return "\n".join(lines + [WASTE_END]) + "\n"


def replace_section(page: str, section: str) -> str:
    """``page`` with its waste section replaced (or appended)."""
    if WASTE_BEGIN in page and WASTE_END in page:
        head, rest = page.split(WASTE_BEGIN, 1)
        return head + section.rstrip("\n") + rest.split(WASTE_END, 1)[1]
    return page.rstrip("\n") + "\n\n" + section


def main() -> int:
    """Run the benchmark and write the report page."""
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--repeats", type=int, default=3)
    parser.add_argument("--out", type=Path, default=ROOT / "docs" / "benchmark_generate.md")
    parser.add_argument("--waste", action="store_true", help="only the before/now table of the pipeline waste")
    args = parser.parse_args()
    logging.basicConfig(level=logging.INFO, format="%(message)s")
    old = args.out.read_text(encoding="utf-8") if args.out.exists() else ""
    if args.waste:
        rows = bench_waste(WASTE_PROMPTS, args.repeats) + [bench_unchanged(args.repeats)]
        args.out.write_text(replace_section(old, waste_markdown(rows, args.repeats)), encoding="utf-8")
        log.info("wrote %s", args.out)
        return 0
    rows = bench(PROMPTS, args.repeats)
    page = to_markdown(rows, args.repeats)
    if WASTE_BEGIN in old:  # keep the waste table
        page = replace_section(page, old[old.index(WASTE_BEGIN):old.index(WASTE_END) + len(WASTE_END)] + "\n")
    args.out.write_text(page, encoding="utf-8")
    log.info("wrote %s", args.out)
    return 0


if __name__ == "__main__":
    sys.exit(main())
