"""Run a batch's scenes on Ray (a local Ray started here, or a cluster at ``address``), or one
at a time in this process when Ray is not installed.

Every scene is a task running :func:`scene_task.run_scene` (``generate`` in its own process).
Scenes already complete under DIR are skipped. A crashed or killed worker, or a generate that
crashed, is retried up to ``retries`` times, then reported failed; the batch goes on. The
index is rewritten atomically (every few seconds and at the end), so it is consistent whenever the
batch stops, and a re-run rebuilds it from the scene folders.
"""

from __future__ import annotations

import fcntl
import importlib.util
import json
import logging
import os
import shutil
import time
from collections.abc import Callable, Iterator, Sequence
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any, Self

from ...core.batch.index import scene_row
from ...core.batch.jobs import SceneJob
from ...core.batch.layout import BATCH_RECORD, INDEX_FILE, LOCK_FILE, SCENES_DIR, WORK_DIR, is_complete
from ...core.errors import BadInput
from .scene_task import run_scene

log = logging.getLogger(__name__)

# index.jsonl is rewritten at most this often while scenes finish (and always at the end); a
# scene's own folder (batch.json) is the record a re-run trusts, so a stale index loses nothing
INDEX_INTERVAL_S = 2.0


@dataclass
class BatchOptions:
    """How the batch runs (``address`` None: a local Ray with ``workers`` CPUs)."""

    out: Path
    workers: int = 1
    retries: int = 2
    address: str | None = None
    use_ray: bool = True


@dataclass
class BatchState:
    """What a progress display needs, updated as scenes finish."""

    total: int
    skipped: int = 0
    done: int = 0
    failed: int = 0
    running: int = 0
    started: float = field(default_factory=time.perf_counter)
    rows: dict[str, dict[str, Any]] = field(default_factory=dict)


Progress = Callable[[BatchState], None]


def ray_available() -> bool:
    """Whether the ``batch`` extra (Ray) is installed (found, not imported: importing fixes
    Ray's settings, which :func:`ray_session.open_ray` sets first for a local Ray)."""
    try:
        return importlib.util.find_spec("ray") is not None
    except (ImportError, ValueError):  # ValueError: a module entry without a spec (hidden in tests)
        return False


def completed_row(job: SceneJob, root: Path) -> dict[str, Any]:
    """The index row of a scene already complete under DIR (from its own files)."""
    folder = root / SCENES_DIR / job.scene_id
    record = json.loads((folder / BATCH_RECORD).read_text(encoding="utf-8"))
    report, timings = scene_documents(folder)
    return scene_row(job, record, report, int(record.get("attempt", 1)), timings)


def scene_documents(folder: Path) -> tuple[dict[str, Any], dict[str, Any] | None]:
    """A made scene's ``report.json`` and its ``timings.json`` (None when absent: an older run)."""
    report = json.loads((folder / "report.json").read_text(encoding="utf-8"))
    timings = folder / "timings.json"
    return report, json.loads(timings.read_text(encoding="utf-8")) if timings.is_file() else None


def write_index(root: Path, jobs: Sequence[SceneJob], rows: dict[str, dict[str, Any]]) -> None:
    """DIR/index.jsonl in the PROMPTS file's order, one line per scene (pending ones too)."""
    lines = []
    for job in jobs:
        row = rows.get(job.scene_id) or scene_row(job, {"status": "pending"}, None, 0)
        lines.append(json.dumps(row, ensure_ascii=False, sort_keys=True))
    partial = root / f".{INDEX_FILE}.partial"
    partial.write_text("\n".join(lines) + "\n", encoding="utf-8")
    partial.replace(root / INDEX_FILE)


class BatchLock:
    """One batch at a time per DIR (a second one is refused, naming DIR)."""

    def __init__(self, root: Path) -> None:
        self.path = root / LOCK_FILE
        self.handle: Any = None

    def __enter__(self) -> Self:
        self.handle = open(self.path, "w", encoding="utf-8")
        try:
            fcntl.flock(self.handle, fcntl.LOCK_EX | fcntl.LOCK_NB)
        except BlockingIOError:
            self.handle.close()
            raise BadInput("another batch is running into this folder", f"--out {self.path.parent}") from None
        return self

    def __exit__(self, *exc: object) -> None:
        fcntl.flock(self.handle, fcntl.LOCK_UN)
        self.handle.close()


def run_batch(jobs: Sequence[SceneJob], options: BatchOptions, progress: Progress | None = None) -> BatchState:
    """Make every scene not yet complete; returns the final state (rows for every scene)."""
    root = options.out
    root.mkdir(parents=True, exist_ok=True)
    with BatchLock(root):
        shutil.rmtree(root / WORK_DIR, ignore_errors=True)  # attempts of a batch that was stopped
        state = BatchState(total=len(jobs))
        todo = []
        for job in jobs:
            if is_complete(root / SCENES_DIR / job.scene_id):
                state.rows[job.scene_id] = completed_row(job, root)
                state.skipped += 1
            else:
                todo.append(job)
        write_index(root, jobs, state.rows)
        notify = progress or (lambda _state: None)
        notify(state)
        run = _ray_outcomes if options.use_ray else _local_outcomes
        written = time.monotonic()
        try:
            for job, outcome, attempts in run(todo, options, state, notify):
                _record(root, job, outcome, attempts, state)
                if time.monotonic() - written >= INDEX_INTERVAL_S:  # per scene would be O(n^2) in a big batch
                    write_index(root, jobs, state.rows)
                    written = time.monotonic()
                notify(state)
        finally:  # also when interrupted: the index shows every scene finished so far
            write_index(root, jobs, state.rows)
        state.running = 0
        notify(state)
        shutil.rmtree(root / WORK_DIR, ignore_errors=True)
    return state


def _record(root: Path, job: SceneJob, outcome: dict[str, Any], attempts: int, state: BatchState) -> None:
    """Count a finished scene and make its index row."""
    report, timings = None, None
    if outcome["status"] == "ok":
        report, timings = scene_documents(root / SCENES_DIR / job.scene_id)
        state.done += 1
    else:
        state.failed += 1
    state.rows[job.scene_id] = scene_row(job, outcome, report, attempts, timings)


def _local_outcomes(todo: Sequence[SceneJob], options: BatchOptions, state: BatchState,
                    notify: Progress) -> Iterator[tuple[SceneJob, dict[str, Any], int]]:
    """One scene at a time in this process (no Ray)."""
    for job in todo:
        attempt = 1
        state.running = 1
        notify(state)
        while True:
            outcome = run_scene(job.to_dict(), str(options.out), attempt)
            if outcome["status"] == "ok" or not outcome["retryable"] or attempt > options.retries:
                break
            log.warning("%s: attempt %d failed (%s); retrying", job.scene_id, attempt, outcome["error"])
            attempt += 1
        state.running = 0
        yield job, outcome, attempt


def _ray_outcomes(todo: Sequence[SceneJob], options: BatchOptions, state: BatchState,
                  notify: Progress) -> Iterator[tuple[SceneJob, dict[str, Any], int]]:
    """Every scene as a Ray task; at most twice the cluster's CPUs queued at once."""
    import ray

    from .ray_session import crash_outcome, open_ray

    with open_ray(options) as (task, capacity):
        queue = list(reversed(todo))
        flying: dict[Any, tuple[SceneJob, int]] = {}

        def submit(job: SceneJob, attempt: int) -> None:
            flying[task.remote(job.to_dict(), str(options.out.resolve()), attempt)] = (job, attempt)

        while queue or flying:
            while queue and len(flying) < 2 * capacity:
                submit(queue.pop(), 1)
            state.running = min(len(flying), capacity)
            notify(state)
            ready, _ = ray.wait(list(flying), num_returns=1, timeout=1.0)
            for ref in ready:
                job, attempt = flying.pop(ref)
                try:
                    outcome = ray.get(ref)
                except (ray.exceptions.RayError, OSError) as exc:  # the worker died or the task raised
                    outcome = crash_outcome(job, attempt, exc)
                if outcome["status"] != "ok" and outcome["retryable"] and attempt <= options.retries:
                    log.warning("%s: attempt %d failed (%s); retrying", job.scene_id, attempt, outcome["error"])
                    submit(job, attempt + 1)
                    continue
                yield job, outcome, attempt
        state.running = 0


def worker_count(requested: int | None) -> int:
    """``--workers``'s default: the machine's cores."""
    return requested if requested is not None else max(1, os.cpu_count() or 1)
