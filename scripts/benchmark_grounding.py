"""The grounding benchmark (issue 17): Nr3D-style referring expressions over this project's own
scenes, with gold ids from an independent oracle (tests/benchmark/grounding/oracle.py), grounded
by the CSP of ``core/edit``. Both halves of the scene split are run and reported apart; only the
tuned half is read by tests.

    python scripts/benchmark_grounding.py                      # prints the table
    python scripts/benchmark_grounding.py --out docs/benchmark_grounding.md
"""

from __future__ import annotations

import argparse
import logging
import sys
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT / "tests" / "benchmark"))

from grounding.run import BUCKETS, Tally, run_split  # noqa: E402


def table(tallies: dict[str, Tally]) -> list[str]:
    """Markdown rows: accuracy per bucket per half."""
    lines = ["| bucket | " + " | ".join(f"{h} (right/total)" for h in tallies) + " |",
             "|---|" + "---|" * len(tallies)]
    for bucket in (*BUCKETS, None):
        cells = []
        for t in tallies.values():
            right = sum(t.right[b] for b in ([bucket] if bucket else BUCKETS))
            total = sum(t.total[b] for b in ([bucket] if bucket else BUCKETS))
            cells.append(f"{right / total:.3f} ({right}/{total})" if total else "-")
        lines.append(f"| {bucket or '**all**'} | " + " | ".join(cells) + " |")
    return lines


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--out", type=Path, default=None, help="write the report (markdown) here")
    args = parser.parse_args(argv)
    logging.basicConfig(level=logging.ERROR)
    started = time.perf_counter()
    tallies = {half: run_split(half) for half in ("tuned", "heldout")}
    lines = ["# Grounding benchmark (issue 17)", "",
             "Referring expressions generated from offline-solved scenes (tests/benchmark/grounding/scenes.json, "
             "each scene also after 'remove' edits), gold ids from the benchmark's own geometry, grounded by "
             "`core/edit` (parse + CSP). `view` cases are view-dependent (camera frame); the rest are not.",
             "Regenerate: `python scripts/benchmark_grounding.py --out docs/benchmark_grounding.md`.", "",
             *table(tallies), "", f"{sum(t.count() for t in tallies.values())} expressions in "
             f"{time.perf_counter() - started:.0f} s.", ""]
    for half, t in tallies.items():
        lines += [f"Misses ({half}): {len(t.misses)}", ""] + [f"- {m}" for m in t.misses[:30]] + [""]
    text = "\n".join(lines)
    print(text)
    if args.out:
        args.out.write_text(text, encoding="utf-8")
    return 0


if __name__ == "__main__":
    sys.exit(main())
