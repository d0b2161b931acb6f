"""Run the public benchmark: generate every selected prompt through the real CLI, score it
with its own checks, write docs/benchmark.md (pass rate and mean score per half and style,
next to a saved baseline) and the rows as JSON.

    python scripts/benchmark.py [--set tuned|heldout|legacy|all] [--style room,paper] [--cases sp01,rm03]
                                [--seed 0] [--jobs 2] [--llm offline|openai] [--render none|workbench]
                                [--baseline docs/benchmark_baseline.json] [--save-baseline PATH --label TEXT]

Sets: ``tuned`` and ``heldout`` are the fidelity halves (tests/benchmark/tuned, .../heldout);
``legacy`` is the older 49-prompt set (also written to docs/benchmark_legacy.md with the
``evaluate`` metrics); ``all`` is the three. Each prompt is a fresh ``python -m setdresser
generate`` subprocess (offline, no render, by default).
"""

from __future__ import annotations

import argparse
import datetime as dt
import json
import logging
import subprocess
import sys
from pathlib import Path
from typing import Any

from setdresser.tests.benchmark import legacy_report
from setdresser.tests.benchmark.fidelity import prompt_sets, report_md, runner
from setdresser.tests.benchmark.prompts import CASES

ROOT = Path(__file__).resolve().parents[1]
log = logging.getLogger("benchmark")


def parse_args(argv: list[str] | None = None) -> argparse.Namespace:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--set", dest="sets", choices=("tuned", "heldout", "legacy", "all"), default="all")
    parser.add_argument("--prompts", type=Path,
                        help="a prompts file of the same schema (e.g. a dev set under tests/benchmark/dev/) "
                             "instead of --set")
    parser.add_argument("--style", help="comma-separated styles: " + ", ".join(prompt_sets.STYLES))
    parser.add_argument("--cases", help="comma-separated prompt ids (default: all of the set)")
    parser.add_argument("--seed", type=int, default=0)
    parser.add_argument("--jobs", type=int, default=1, help="generate subprocesses at once (default 1)")
    parser.add_argument("--llm", choices=("offline", "openai"), default="offline")
    parser.add_argument("--render", choices=("none", "workbench"), default="none")
    parser.add_argument("--resolution", type=int, default=256, help="render width (default 256)")
    parser.add_argument("--effort", type=float, default=1.0, help="the solver's counted work (generate's default 1)")
    parser.add_argument("--out", type=Path, default=ROOT / "out" / "benchmark", help="where the scenes go")
    parser.add_argument("--docs", type=Path, default=ROOT / "docs", help="where benchmark.md goes")
    parser.add_argument("--baseline", type=Path, default=ROOT / "docs" / "benchmark_baseline.json",
                        help="saved figures to show next to this run's (skipped when absent)")
    parser.add_argument("--save-baseline", type=Path, help="also save this run's figures as a baseline file")
    parser.add_argument("--label", default="previous release", help="the name of the saved baseline's column")
    parser.add_argument("--views", action="store_true", help="legacy set: let evaluate make its targeted renders")
    return parser.parse_args(argv)


def selected(args: argparse.Namespace) -> tuple[list[dict[str, Any]], list[Any]]:
    """(fidelity prompts, legacy cases) chosen by --set, --style and --cases."""
    if args.prompts:
        prompts, legacy = prompt_sets.load_file(args.prompts), []
    else:
        halves = prompt_sets.HALVES if args.sets == "all" else [h for h in prompt_sets.HALVES if h == args.sets]
        prompts = [p for h in halves for p in prompt_sets.load_half(h)]
        legacy = list(CASES) if args.sets in ("legacy", "all") else []
    if args.style:
        styles = {s.strip() for s in args.style.split(",") if s.strip()}
        if unknown := sorted(styles - set(prompt_sets.STYLES) - {"legacy"}):
            raise SystemExit(f"unknown style(s): {', '.join(unknown)}")
        prompts = [p for p in prompts if p["style"] in styles]
        legacy = legacy if "legacy" in styles else []
    if args.cases:
        wanted = {c.strip() for c in args.cases.split(",") if c.strip()}
        if unknown := sorted(wanted - {p["id"] for p in prompts} - {c.id for c in legacy}):
            raise SystemExit(f"unknown case id(s) for this selection: {', '.join(unknown)}")
        prompts = [p for p in prompts if p["id"] in wanted]
        legacy = [c for c in legacy if c.id in wanted]
    return prompts, legacy


def run_info(args: argparse.Namespace, argv: list[str] | None) -> dict[str, str]:
    commit = subprocess.run(["git", "rev-parse", "--short", "HEAD"], cwd=ROOT, capture_output=True,
                            text=True, check=False).stdout.strip() or "unknown"
    shown = " ".join(argv if argv is not None else sys.argv[1:])
    return {"date": f"{dt.datetime.now(dt.timezone.utc):%Y-%m-%d %H:%M} UTC", "commit": commit, "llm": args.llm,
            "render": args.render, "seed": str(args.seed), "command": f"python scripts/benchmark.py {shown}".strip(),
            "baseline_path": str(args.baseline.relative_to(ROOT)) if args.baseline.is_relative_to(ROOT)
            else str(args.baseline)}


def main(argv: list[str] | None = None) -> int:
    logging.basicConfig(level=logging.INFO, format="%(message)s")
    args = parse_args(argv)
    prompts, legacy = selected(args)
    if not prompts and not legacy:
        raise SystemExit("no prompt selected")
    settings = runner.RunSettings(out=args.out, llm=args.llm, render=args.render, resolution=args.resolution,
                                  seed=args.seed, effort=args.effort, jobs=args.jobs, cwd=ROOT)
    items = [(p["id"], p["prompt"]) for p in prompts] + [(c.id, c.prompt) for c in legacy]
    runs = runner.generate_all(items, settings, log)
    rows = [runner.score_prompt(p, runs[p["id"]]) for p in prompts]
    if legacy:
        legacy_rows = legacy_report.write_legacy(legacy, {c.id: runs[c.id] for c in legacy}, args)
        rows += [legacy_report.fidelity_row(c, r) for c, r in zip(legacy, legacy_rows, strict=True)]
    info = run_info(args, argv)
    baseline = runner.load_baseline(args.baseline)
    args.docs.mkdir(parents=True, exist_ok=True)
    (args.docs / "benchmark.md").write_text(report_md.markdown(rows, info, baseline), encoding="utf-8")
    (args.out / "fidelity_rows.json").write_text(json.dumps(rows, indent=1, default=str) + "\n", encoding="utf-8")
    if args.save_baseline:
        doc = runner.baseline_document(rows, args.label, info["commit"])
        args.save_baseline.write_text(json.dumps(doc, indent=1) + "\n", encoding="utf-8")
    for half, styles in runner.summarise(rows).items():
        fig = styles["all"]
        log.info("%s: %d/%d passed (%.0f%%), mean score %.3f", half, fig["passed"], fig["prompts"],
                 100 * fig["pass_rate"], fig["mean_score"])
    log.info("wrote %s", args.docs / "benchmark.md")
    return 0


if __name__ == "__main__":
    sys.exit(main())
