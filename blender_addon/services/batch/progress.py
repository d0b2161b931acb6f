"""The batch's terminal display (rich, on stderr): a progress bar with done / failed / running,
scenes per minute and an ETA while it runs, and a summary table at the end."""

from __future__ import annotations

import time
from collections.abc import Mapping, Sequence
from pathlib import Path
from typing import Any, Self

from rich.console import Console
from rich.progress import BarColumn, Progress, TextColumn
from rich.table import Table

from .runner import BatchState


def rate_and_eta(state: BatchState, now: float | None = None) -> tuple[float, float | None]:
    """(scenes per minute over this run's finished scenes, seconds left or None)."""
    elapsed = (now if now is not None else time.perf_counter()) - state.started
    finished = state.done + state.failed
    if finished == 0 or elapsed <= 0:
        return 0.0, None
    per_minute = 60.0 * finished / elapsed
    left = state.total - state.skipped - finished
    return per_minute, 60.0 * left / per_minute


def _clock(seconds: float | None) -> str:
    if seconds is None:
        return "–"
    minutes, secs = divmod(round(seconds), 60)
    hours, minutes = divmod(minutes, 60)
    return f"{hours}:{minutes:02d}:{secs:02d}" if hours else f"{minutes}:{secs:02d}"


def _seconds(value: float | None) -> str:
    return "–" if value is None else f"{value:.1f}"


class BatchDisplay:
    """Context manager around rich's Progress; :meth:`update` is the runner's progress callback."""

    def __init__(self, total: int) -> None:
        self.console = Console(stderr=True, highlight=False)
        self.progress = Progress(TextColumn("[bold cyan]batch[/]"), BarColumn(), TextColumn("{task.fields[counts]}"),
                                 console=self.console, transient=False)
        self.task = self.progress.add_task("batch", total=total, counts="starting")

    def __enter__(self) -> Self:
        self.progress.start()
        return self

    def __exit__(self, *exc: object) -> None:
        self.progress.stop()

    def note(self, text: str) -> None:
        """A line above the bar."""
        self.console.print(f"[bold yellow]   note[/] {text}")

    def update(self, state: BatchState) -> None:
        """Redraw from the runner's state."""
        per_minute, left = rate_and_eta(state)
        counts = (f"{state.done + state.skipped} done ({state.skipped} already) · {state.failed} failed · "
                  f"{state.running} running · {per_minute:.1f} scenes/min · ETA {_clock(left)}")
        self.progress.update(self.task, completed=state.done + state.skipped + state.failed, counts=counts)

    def summary(self, rows: Sequence[Mapping[str, Any]], figures: Mapping[str, Any], skipped: int, out: Path) -> None:
        """The closing table: one line per scene, then the totals and where the files are."""
        table = Table(title="batch summary", show_lines=False)
        for column in ("scene", "seed", "status", "objects", "relations", "wall s"):
            table.add_column(column)
        for r in rows:
            m = r.get("metrics") or {}
            status = r["status"] if r["status"] == "ok" else f"[red]{r['status']}[/]: {str(r.get('error', ''))[:50]}"
            table.add_row(str(r["scene_id"]), str(r["seed"]), status, str(m.get("objects", "–")),
                          f"{m['relations_held']}/{m['relations']}" if m else "–",
                          _seconds(r["timings_s"].get("wall")))
        self.console.print(table)
        self.console.print(f"[bold green]   done[/] {figures['done']}/{figures['scenes']} made "
                           f"({skipped} already there), {figures['failed']} failed, {figures['passed']} passed; "
                           f"index {out / 'index.jsonl'}, summary {out / 'summary.md'}")
