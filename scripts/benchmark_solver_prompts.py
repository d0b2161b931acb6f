"""How often the offline solver holds its own program on the tuned and dev prompts (no bpy).

    python scripts/benchmark_solver_prompts.py [--seeds 0-3] [--sets tuned,dev] [--files near,walls]
        [--cases ID,ID] [--jobs 1] [--out /tmp/solver_bench] [--effort 1.0]

Every prompt of the tuned half (tests/benchmark/tuned/prompts.json) and of every dev set
(tests/benchmark/dev/*.json; never the held-out half) goes through the real generate flow
(``core/pipeline.run`` driven with the offline stages: plan -> code -> [solve -> audit ->
revise]*, the CLI's default of 3 rounds), with a builder that places each object exactly as
planned (no Blender: no mesh bounds, no settling). The best round's audit (the same crisp
checks and physics as ``generate``) says which of the program's constraints hold.

Writes OUT/solver_prompts.md (scenes whose program fully holds vs not, failures by relation
kind, seconds per scene) and OUT/solver_prompts.json (every scene's failing relations:
prompt id, seed, relation, objects) for triage. Not part of the tests: it solves ~1500 scenes.
"""

from __future__ import annotations

import argparse
import json
import logging
import sys
import time
from collections import Counter
from concurrent.futures import ProcessPoolExecutor
from pathlib import Path
from typing import Any

from setdresser.blender_addon.core import pipeline as pl
from setdresser.blender_addon.core.effects import STAGE_EFFECTS, answer_with_stages
from setdresser.blender_addon.core.stage_set import offline_stages

ROOT = Path(__file__).resolve().parents[1]
log = logging.getLogger("benchmark_solver_prompts")


def parse_args(argv: list[str] | None = None) -> argparse.Namespace:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--seeds", default="0", help="a seed, a range (0-3) or a list (0,2)")
    parser.add_argument("--sets", default="tuned,dev", help="tuned, dev or both")
    parser.add_argument("--files", help="dev set names to keep (comma-separated, e.g. near,walls2)")
    parser.add_argument("--cases", help="prompt ids to keep (comma-separated)")
    parser.add_argument("--cases-from", type=Path, help="keep the prompt ids of an earlier run's rows.jsonl (same set)")
    parser.add_argument("--report", type=Path, help="only write the report of an earlier run's rows.jsonl")
    parser.add_argument("--jobs", type=int, default=1)
    parser.add_argument("--effort", type=float, default=1.0)
    parser.add_argument("--max-iterations", type=int, default=3)
    parser.add_argument("--out", type=Path, default=Path("/tmp/solver_prompts"))
    return parser.parse_args(argv)


def seeds_of(text: str) -> list[int]:
    """"0-3" -> [0, 1, 2, 3]; "0,2" -> [0, 2]."""
    if "-" in text:
        lo, hi = text.split("-", 1)
        return list(range(int(lo), int(hi) + 1))
    return [int(s) for s in text.split(",") if s.strip()]


def prompts_of(args: argparse.Namespace) -> list[dict[str, Any]]:
    """The selected prompts, each with its set name (never the held-out half)."""
    files: list[tuple[str, Path]] = []
    sets = {s.strip() for s in args.sets.split(",")}
    if "tuned" in sets:
        files.append(("tuned", ROOT / "tests" / "benchmark" / "tuned" / "prompts.json"))
    if "dev" in sets:
        keep = {f.strip() for f in args.files.split(",")} if args.files else None
        files += [(p.stem, p) for p in sorted((ROOT / "tests" / "benchmark" / "dev").glob("*.json"))
                  if keep is None or p.stem in keep]
    cases = {c.strip() for c in args.cases.split(",")} if args.cases else None
    if args.cases_from:
        cases = (cases or set()) | {json.loads(line)["id"] for line in args.cases_from.read_text().splitlines() if line}
    out = []
    for name, path in files:
        assert "heldout" not in path.parts
        for p in json.loads(path.read_text())["prompts"]:
            if cases is None or p["id"] in cases:
                out.append({"id": p["id"], "set": name, "prompt": p["prompt"]})
    return out


def _fulfil(stages: Any, effect: Any) -> Any:
    """The offline stages; the build places every object as planned."""
    if isinstance(effect, STAGE_EFFECTS):
        return answer_with_stages(stages, effect)
    if isinstance(effect, pl.NeedBuild):
        return pl.BuildOutcome(placed=list(effect.layout.objects))
    if isinstance(effect, pl.NeedRender):
        return {}
    return None  # NeedSave


def run_one(job: tuple[dict[str, Any], int, float, int]) -> dict[str, Any]:
    """One prompt at one seed: the best round's failing constraints and physics."""
    item, seed, effort, rounds = job
    row: dict[str, Any] = {"id": item["id"], "set": item["set"], "seed": seed}
    start = time.perf_counter()
    try:
        stages = offline_stages(complete=True, seed=seed)
        request = pl.GenerateRequest(prompt=item["prompt"], seed=seed, max_iterations=rounds, effort=effort,
                                     render="none", settle=False)
        result = pl.drive(pl.run(request), lambda e: _fulfil(stages, e), lambda _e: None)
    except Exception as error:  # noqa: BLE001 - a plan/code error is a row, not the end of the run
        row.update(error=f"{type(error).__name__}: {error}", seconds=time.perf_counter() - start)
        return row
    layout = result.layout
    checks = layout.checks
    row.update(seconds=round(time.perf_counter() - start, 2), objects=len(layout.objects),
               constraints=len(layout.constraints), rounds=len(result.iterations),
               failed=[{"relation": r.relation, "args": list(r.args), "score": round(float(r.score), 3)}
                       for r in layout.constraints if not r.satisfied],
               physics={"collisions": [list(c[:2]) for c in checks.collisions],
                        "unsupported": list(checks.unsupported), "out_of_bounds": list(checks.out_of_bounds)}
               if checks is not None and not checks.valid else {})
    return row


def report(rows: list[dict[str, Any]], seeds: list[int]) -> str:
    """The markdown summary."""
    ok = [r for r in rows if "error" not in r]
    held = [r for r in ok if not r["failed"]]
    phys = [r for r in ok if r["physics"]]
    kinds: Counter[str] = Counter(f["relation"] for r in ok for f in r["failed"])
    scenes_by_kind: Counter[str] = Counter(k for r in ok for k in {f["relation"] for f in r["failed"]})
    total = sum(r["constraints"] for r in ok)
    secs = [r["seconds"] for r in rows]
    lines = [f"# Offline solver on its own programs (seeds {','.join(map(str, seeds))})", "",
             "| | count |", "|---|---|",
             f"| scenes (prompt x seed) | {len(rows)} |",
             f"| plan/code errors | {len(rows) - len(ok)} |",
             f"| program fully holds | {len(held)} ({100 * len(held) / max(1, len(ok)):.1f}%) |",
             f"| some constraint fails | {len(ok) - len(held)} |",
             f"| physics not valid | {len(phys)} |",
             f"| constraints failing / total | {sum(kinds.values())} / {total} |",
             f"| seconds per scene (mean / max) | {sum(secs) / max(1, len(secs)):.2f} / {max(secs, default=0):.1f} |",
             "", "## Failures by relation kind", "", "| relation | failing constraints | scenes |", "|---|---|---|"]
    lines += [f"| {k} | {n} | {scenes_by_kind[k]} |" for k, n in kinds.most_common()]
    lines += ["", "## By set", "", "| set | scenes | fully hold |", "|---|---|---|"]
    for name in sorted({r["set"] for r in rows}):
        mine = [r for r in ok if r["set"] == name]
        lines.append(f"| {name} | {len(mine)} | {sum(not r['failed'] for r in mine)} |")
    return "\n".join(lines) + "\n"


def main(argv: list[str] | None = None) -> int:
    args = parse_args(argv)
    logging.basicConfig(level=logging.WARNING)
    seeds = seeds_of(args.seeds)
    if args.report:
        rows = [json.loads(line) for line in args.report.read_text().splitlines() if line]
        return _write(args.out, rows, sorted({r["seed"] for r in rows}))
    jobs = [(item, seed, args.effort, args.max_iterations) for item in prompts_of(args) for seed in seeds]
    rows: list[dict[str, Any]] = []
    args.out.mkdir(parents=True, exist_ok=True)
    with (args.out / "rows.jsonl").open("w") as stream:  # as they come, to triage a long run early
        with ProcessPoolExecutor(args.jobs) as pool:
            for i, row in enumerate(pool.map(run_one, jobs, chunksize=2) if args.jobs > 1 else map(run_one, jobs)):
                rows.append(row)
                stream.write(json.dumps(row) + "\n")
                stream.flush()
                if (i + 1) % 50 == 0:
                    print(f"{i + 1}/{len(jobs)}", file=sys.stderr, flush=True)
    return _write(args.out, rows, seeds)


def _write(out: Path, rows: list[dict[str, Any]], seeds: list[int]) -> int:
    """The markdown report and the JSON of failing relations under ``out``."""
    out.mkdir(parents=True, exist_ok=True)
    (out / "solver_prompts.md").write_text(report(rows, seeds))
    failing = [{"id": r["id"], "set": r["set"], "seed": r["seed"], "relation": f["relation"], "objects": f["args"]}
               for r in rows for f in r.get("failed", [])]
    (out / "solver_prompts.json").write_text(json.dumps({"rows": rows, "failing": failing}, indent=1))
    print(report(rows, seeds))
    return 0


if __name__ == "__main__":
    sys.exit(main())
