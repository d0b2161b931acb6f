"""``python -m setdresser batch PROMPTS --out DIR``: many scenes, on Ray, resumable.

PROMPTS is a text file (one prompt a line) or JSONL (``prompt``, ``seed``, ``variants``,
``llm``, ``render``, ``resolution``, ``time_budget``, ``max_iterations``, ``export`` per line).
Each scene is ``generate`` in its own process, in ``DIR/scenes/<id>``; ``DIR/index.jsonl``
lists every scene and ``DIR/summary.md`` sums the batch up. Re-running skips finished scenes.
"""

from __future__ import annotations

import argparse
from collections.abc import Callable
import json
import signal
import time
from pathlib import Path
from typing import Any

from ..core.batch.index import summarise, summary_markdown
from ..core.batch.jobs import LLM_CHOICES, RENDER_CHOICES, SceneSettings, read_jobs
from ..core.batch.layout import CHART_FILE, SUMMARY_FILE
from ..core.errors import BadInput
from . import add_budget_arguments
from ..core.export.formats import parse_formats


def add_arguments(parser: argparse.ArgumentParser) -> None:
    """The batch flags (scene flags are generate's, applied to every line that does not set them)."""
    parser.add_argument("prompts", type=Path, help="a text file (one prompt a line) or a .jsonl file")
    parser.add_argument("--out", required=True, type=Path, help="the batch folder (created if missing)")
    parser.add_argument("--variants", type=int, default=1, help="seeds per prompt: seed, seed+1, ... (default 1)")
    parser.add_argument("--seed", type=int, default=0, help="first seed of a line that names none (default 0)")
    parser.add_argument("--workers", type=int, default=None, help="local Ray workers (default: the machine's cores)")
    parser.add_argument("--address", default=None,
                        help="run on an existing Ray cluster: 'auto' or ray://host:port (DIR must be shared)")
    parser.add_argument("--retries", type=int, default=2, help="retries of a scene whose worker crashed (default 2)")
    parser.add_argument("--llm", choices=LLM_CHOICES, default="offline", help="backend (default offline)")
    parser.add_argument("--render", choices=RENDER_CHOICES, default="workbench", help="render (default workbench)")
    parser.add_argument("--resolution", type=int, default=256, help="image width (default 256)")
    add_budget_arguments(parser)
    parser.add_argument("--max-iterations", type=int, default=3, help="rounds per scene at most (default 3)")
    parser.add_argument("--export", default=None, help="formats for every scene (glb, gltf, usd, fbx, obj)")


def check_args(args: argparse.Namespace) -> None:
    """Reject bad flags (BadInput names the flag) before anything starts."""
    from ..services.batch.runner import ray_available, worker_count

    args.workers = worker_count(args.workers)
    if args.workers < 1:
        raise BadInput(f"must be at least 1, got {args.workers}", "--workers")
    if args.retries < 0:
        raise BadInput(f"must be 0 or more, got {args.retries}", "--retries")
    if args.out.exists() and not args.out.is_dir():
        raise BadInput("exists and is not a folder", f"--out {args.out}")
    args.use_ray = ray_available()
    if not args.use_ray and (args.workers > 1 or args.address):
        flag = "--address" if args.address else "--workers"
        raise BadInput("needs Ray, which is not installed (pip install 'setdresser[batch]'), "
                       "or run with --workers 1", flag)


def run(args: argparse.Namespace) -> int:
    """Run the batch; exit 0 when every scene was made, 1 when some failed."""
    check_args(args)
    settings = SceneSettings(llm=args.llm, render=args.render, resolution=args.resolution,
                             time_budget=args.time_budget, effort=args.effort, max_iterations=args.max_iterations,
                             export=parse_formats(args.export) if args.export else ())
    jobs = read_jobs(args.prompts, settings, seed=args.seed, variants=args.variants)
    from ..services.batch.progress import BatchDisplay
    from ..services.batch.runner import BatchOptions, run_batch

    display = BatchDisplay(len(jobs))
    if not args.use_ray:
        display.note("Ray is not installed: running one scene at a time in this process "
                     "(pip install 'setdresser[batch]' for parallel workers)")
    options = BatchOptions(out=args.out, workers=args.workers, retries=args.retries, address=args.address,
                           use_ray=args.use_ray)
    started = time.perf_counter()
    stop = _Stop()
    previous = {sig: signal.signal(sig, stop.interrupt) for sig in (signal.SIGTERM, signal.SIGINT)}
    try:  # a scheduler's stop (SIGTERM) ends like Ctrl-C, the index written
        with display:
            state = run_batch(jobs, options, stop.guard(display.update))
    finally:
        for sig, handler in previous.items():
            signal.signal(sig, handler)
    rows = [state.rows[j.scene_id] for j in jobs]
    figures = summarise(rows, time.perf_counter() - started)
    write_summary(args.out, rows, figures)
    display.summary(rows, figures, state.skipped, args.out)
    return 0 if figures["failed"] == 0 else 1


class _Stop:
    """SIGTERM/SIGINT end the batch like Ctrl-C. The handler raises at once; a raise Python drops (one
    landing in a fork handler or a finaliser, where exceptions are only printed) is raised again at
    the next progress update, so a stop is never lost."""

    def __init__(self) -> None:
        self.requested = False

    def interrupt(self, signum: int, frame: Any) -> None:
        self.requested = True
        raise KeyboardInterrupt

    def guard(self, update: Callable[[Any], None]) -> Callable[[Any], None]:
        def guarded(state: Any) -> None:
            update(state)
            if self.requested:
                raise KeyboardInterrupt
        return guarded


def write_summary(out: Path, rows: list[dict[str, Any]], figures: dict[str, Any]) -> None:
    """DIR/summary.md and its chart (relations held against objects, made and failed)."""
    from ..core.evaluation.chart import Series, scatter_png

    made = [r for r in rows if r.get("metrics")]
    points = [(float(r["metrics"]["objects"] or 0),
               (r["metrics"]["relations_held"] or 0) / max(1, r["metrics"]["relations"] or 0)) for r in made]
    chart = None
    if points:
        scatter_png([Series("scenes", [p[0] for p in points], [p[1] for p in points], (40, 110, 200))],
                    out / CHART_FILE, title="relations held vs scene size", x_label="objects",
                    y_label="held", x_max=max(10.0, max(p[0] for p in points) + 1))
        chart = CHART_FILE
    (out / SUMMARY_FILE).write_text(summary_markdown(rows, figures, chart), encoding="utf-8")
    (out / "summary.json").write_text(json.dumps(figures, indent=2) + "\n", encoding="utf-8")
