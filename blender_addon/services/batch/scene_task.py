"""One scene of a batch: ``setdresser generate`` in its own process (bpy is not thread-safe and
keeps state), written into a private work folder and moved into ``DIR/scenes/<id>`` only when
complete, so a scene folder is either whole or absent.

This is the function a Ray task runs (it is also called directly when Ray is not installed).
It returns a plain dict; a crash of the generate process is reported as ``retryable``.
"""

from __future__ import annotations

import ctypes
import json
import os
import shutil
import signal
import socket
import subprocess
import sys
import time
import uuid
from collections.abc import Mapping
from pathlib import Path
from typing import Any

from ...core.batch.jobs import SceneJob, generate_argv
from ...core.solve_record import EXIT_CUT_SHORT
from ...core.batch.layout import BATCH_RECORD, INCOMPLETE_DIR, LOG_DIR, SCENES_DIR, WORK_DIR, is_complete

GENERATE_TIMEOUT_S = 3600
PR_SET_PDEATHSIG = 1


def _die_with_parent() -> None:  # pragma: no cover - runs in the child between fork and exec
    """Linux: the generate process is killed when the worker that started it dies."""
    try:
        ctypes.CDLL(None, use_errno=True).prctl(PR_SET_PDEATHSIG, signal.SIGKILL)
    except (OSError, AttributeError):
        pass


def run_scene(job_data: Mapping[str, Any], root: str, attempt: int, python: str | None = None) -> dict[str, Any]:
    """Make one scene under ``root`` (the batch's DIR); returns its outcome record."""
    job = SceneJob.from_dict(job_data)
    base = Path(root)
    final = base / SCENES_DIR / job.scene_id
    if is_complete(final):
        return _already_published(job, final, attempt)
    work = base / WORK_DIR / f"{job.scene_id}.{uuid.uuid4().hex[:8]}"
    work.mkdir(parents=True)
    (work / "worker.json").write_text(json.dumps({"pid": os.getpid(), "host": socket.gethostname(),
                                                  "attempt": attempt}), encoding="utf-8")
    scene = work / "scene"
    command = [python or sys.executable, "-m", "setdresser", *generate_argv(job, scene)]
    started, started_at = time.perf_counter(), time.time()
    with open(work / "generate.log", "w", encoding="utf-8") as log_file:
        try:
            done = subprocess.run(command, stdout=log_file, stderr=subprocess.STDOUT, timeout=GENERATE_TIMEOUT_S,
                                  preexec_fn=_die_with_parent if sys.platform == "linux" else None, check=False)
            code = done.returncode
        except subprocess.TimeoutExpired:
            code = -int(signal.SIGKILL)
    seconds = time.perf_counter() - started
    window = (started_at, time.time())
    error = _last_error(work / "generate.log") if code else ""
    _keep_log(work / "generate.log", base / LOG_DIR / f"{job.scene_id}.log")
    if code in (0, EXIT_CUT_SHORT) and is_complete(scene, require_record=False):
        record = _outcome(job, "ok", attempt, seconds, code, "", window=window)
        record["cut_short"] = code == EXIT_CUT_SHORT  # the time cap cut a solve short: may not repeat
        _publish(scene, final, record)
        shutil.rmtree(work, ignore_errors=True)
        return record
    shutil.rmtree(work, ignore_errors=True)
    if code == 0:
        code, error = 1, "generate exited 0 but the scene folder is incomplete"
    # exit 2 is bad input: the same scene would fail again; anything else (a crash, a kill) may not
    return _outcome(job, "failed", attempt, seconds, code, error, retryable=code != 2, window=window)


def _publish(scene: Path, final: Path, record: dict[str, Any]) -> None:
    """Write the batch record into the finished scene, then move it in whole. A folder already
    there that is not complete (files removed from it by hand) is kept aside in DIR/incomplete/."""
    (scene / BATCH_RECORD).write_text(json.dumps(record, indent=2) + "\n", encoding="utf-8")
    final.parent.mkdir(parents=True, exist_ok=True)
    if final.exists() and not is_complete(final):
        aside = final.parent.parent / INCOMPLETE_DIR / f"{final.name}.{uuid.uuid4().hex[:8]}"
        aside.parent.mkdir(parents=True, exist_ok=True)
        final.rename(aside)
    try:
        scene.rename(final)  # atomic on one filesystem: the scene appears whole
    except OSError:
        if not is_complete(final):  # a twin attempt did not finish it either
            raise


def _already_published(job: SceneJob, final: Path, attempt: int) -> dict[str, Any]:
    """The outcome of an attempt that finds its scene already made: a worker killed after it
    published the scene, before it could say so. The folder's record counts this attempt too, so
    index.jsonl and the files agree (a later run rebuilds the index from the files)."""
    path = final / BATCH_RECORD
    try:
        record = json.loads(path.read_text(encoding="utf-8"))
    except (OSError, ValueError):
        return _outcome(job, "ok", attempt, 0.0, 0, "", skipped=True)
    if int(record.get("attempt", 1)) < attempt:
        record["attempt"] = attempt
        partial = final / f".{BATCH_RECORD}.{uuid.uuid4().hex[:8]}"
        partial.write_text(json.dumps(record, indent=2) + "\n", encoding="utf-8")
        partial.replace(path)
    return {**record, "skipped": True}


def _outcome(job: SceneJob, status: str, attempt: int, seconds: float, code: int, error: str, *,
             retryable: bool = False, skipped: bool = False,
             window: tuple[float, float] | None = None) -> dict[str, Any]:
    return {"scene_id": job.scene_id, "status": status, "attempt": attempt, "exit": code,
            "wall_s": round(seconds, 3), "error": error, "retryable": retryable, "skipped": skipped,
            "host": socket.gethostname(), "started_at": round(window[0], 3) if window else None,
            "finished_at": round(window[1], 3) if window else None}


def _last_error(log: Path) -> str:
    """The last line of generate's output that says what went wrong (or its last line)."""
    lines = [ln.strip() for ln in log.read_text(encoding="utf-8", errors="replace").splitlines() if ln.strip()]
    if not lines:
        return "generate printed nothing (killed?)"
    line = next((ln for ln in reversed(lines) if "error" in ln.lower()), lines[-1])
    return line.removeprefix("error: ")[:300]


def _keep_log(log: Path, target: Path) -> None:
    target.parent.mkdir(parents=True, exist_ok=True)
    shutil.copyfile(log, target)
