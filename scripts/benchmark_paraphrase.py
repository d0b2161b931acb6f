"""Paraphrase invariance of the offline reader: does another wording of the same content give the
same plan? Every tuned and dev prompt whose plan reads well (it plans, and nothing is left not
understood) is rewritten by each meaning-preserving transform of tests/benchmark/paraphrase; the
paraphrase's plan (``offline_plan(..., complete=True, seed=0)``) is compared with the original's:
object count per category and the multiset of relations (kind, theme and landmark categories,
wall/side/corner), names ignored. Never reads the held-out half.

    python scripts/benchmark_paraphrase.py [--out docs/benchmark_paraphrase.md] [--json /tmp/para.json]
                                           [--transforms fronting,politeness] [--limit N]
"""

from __future__ import annotations

import argparse
import glob
import json
import logging
import sys
from pathlib import Path
from typing import Any

from setdresser.blender_addon.core.stage_set import offline_plan
from setdresser.tests.benchmark.paraphrase.compare import diff, signature
from setdresser.tests.benchmark.paraphrase.transforms import TRANSFORMS

ROOT = Path(__file__).resolve().parents[1]


def prompt_files() -> list[Path]:
    """The tuned half and the dev sets (never the held-out half)."""
    dev = sorted(Path(p) for p in glob.glob(str(ROOT / "tests" / "benchmark" / "dev" / "*.json")))
    return [ROOT / "tests" / "benchmark" / "tuned" / "prompts.json", *dev]


def readable_prompts(limit: int | None) -> list[tuple[str, str, dict[str, Any]]]:
    """(id, prompt, plan signature) of each prompt whose plan reads well."""
    out = []
    for path in prompt_files():
        for p in json.loads(path.read_text())["prompts"]:
            try:
                graph = offline_plan(p["prompt"], complete=True, seed=0)
            except Exception:  # noqa: BLE001 - a prompt that does not plan is not a baseline
                continue
            if not graph.unparsed:
                out.append((p["id"], p["prompt"], signature(graph)))
    return out[:limit] if limit else out


def run(names: list[str], limit: int | None) -> tuple[dict[str, list[int]], list[dict[str, Any]]]:
    """Per transform [tried, identical, differs, fails to plan]; and the differing cases."""
    tally = {n: [0, 0, 0, 0] for n in names}
    cases: list[dict[str, Any]] = []
    for pid, prompt, base in readable_prompts(limit):
        for name in names:
            para = TRANSFORMS[name](prompt)
            if para is None or para == prompt:
                continue
            tally[name][0] += 1
            try:
                found = diff(base, signature(offline_plan(para, complete=True, seed=0)))
            except Exception as e:  # noqa: BLE001 - a paraphrase that no longer plans differs
                found = {"error": f"{type(e).__name__}: {e}"}
            tally[name][1 if not found else 3 if "error" in found else 2] += 1
            if found:
                cases.append({"id": pid, "transform": name, "prompt": prompt, "paraphrase": para, "diff": found})
    return tally, cases


def table(tally: dict[str, list[int]]) -> list[str]:
    """Markdown rows: per transform, prompts tried / identical / differs."""
    rows = ["| transform | tried | plan identical | differs | no plan | invariance |", "|---|---|---|---|---|---|"]
    totals = [0, 0, 0, 0]
    for name, (tried, same, differs, failed) in tally.items():
        totals = [a + b for a, b in zip(totals, (tried, same, differs, failed))]
        rate = f"{100 * same / tried:.1f}%" if tried else "-"
        rows.append(f"| {name} | {tried} | {same} | {differs} | {failed} | {rate} |")
    rate = f"{100 * totals[1] / totals[0]:.1f}%" if totals[0] else "-"
    rows.append(f"| **all** | {totals[0]} | {totals[1]} | {totals[2]} | {totals[3]} | {rate} |")
    return rows


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--out", type=Path, help="write the table (markdown) here")
    parser.add_argument("--json", type=Path, help="write the differing (prompt, paraphrase, diff) here")
    parser.add_argument("--transforms", help="comma-separated: " + ", ".join(TRANSFORMS))
    parser.add_argument("--limit", type=int, help="only the first N readable prompts")
    args = parser.parse_args(argv)
    logging.disable(logging.WARNING)
    names = args.transforms.split(",") if args.transforms else list(TRANSFORMS)
    tally, cases = run(names, args.limit)
    rows = table(tally)
    print("\n".join(rows))
    if args.out:
        args.out.write_text("# Paraphrase invariance (offline reader, seed 0)\n\n" + __doc__.split("\n\n")[0]
                            + "\n\n" + "\n".join(rows) + "\n")
    if args.json:
        args.json.write_text(json.dumps(cases, indent=1))
    return 0


if __name__ == "__main__":
    sys.exit(main())
