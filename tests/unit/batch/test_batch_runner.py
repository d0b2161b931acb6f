"""The batch runner without Ray or Blender: the scene task is replaced by a stand-in that makes
(or fails to make) scene folders, to check retries, skipping, the index and the lock."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import pytest
from setdresser.blender_addon.core.batch.jobs import SceneSettings, read_jobs
from setdresser.blender_addon.core.batch.layout import BATCH_RECORD, COMPLETE_FILES
from setdresser.blender_addon.core.errors import BadInput
from setdresser.blender_addon.services.batch import runner

REPORT = {"final": {"objects": 1, "satisfied": 1, "total": 1, "physics_valid": True}, "iterations": [{}],
          "llm": {"backend": "offline", "tokens": {"prompt": 0, "completion": 0}}}


class StandIn:
    """run_scene's stand-in: fails the scenes in ``crash`` (retryable) ``times`` times, else makes them."""

    def __init__(self, crash: set[str] = frozenset(), times: int = 99) -> None:
        self.crash, self.times, self.calls = crash, times, []

    def __call__(self, job_data: dict[str, Any], root: str, attempt: int) -> dict[str, Any]:
        job_id = job_data["scene_id"]
        self.calls.append((job_id, attempt))
        base = {"scene_id": job_id, "attempt": attempt, "wall_s": 1.0, "host": "here"}
        if job_id in self.crash and attempt <= self.times:
            return {**base, "status": "failed", "exit": -9, "error": "killed", "retryable": True}
        folder = Path(root) / "scenes" / job_id
        folder.mkdir(parents=True)
        for name in COMPLETE_FILES:
            (folder / name).write_text(json.dumps(REPORT))
        outcome = {**base, "status": "ok", "exit": 0, "error": "", "retryable": False}
        (folder / BATCH_RECORD).write_text(json.dumps(outcome))
        return outcome


@pytest.fixture
def jobs(tmp_path: Path) -> list:
    prompts = tmp_path / "prompts.txt"
    prompts.write_text("a desk\na bed\na sofa\n")
    return read_jobs(prompts, SceneSettings(render="none"))


def run(jobs: list, out: Path, stand_in: StandIn, monkeypatch: pytest.MonkeyPatch, retries: int = 2):
    monkeypatch.setattr(runner, "run_scene", stand_in)
    return runner.run_batch(jobs, runner.BatchOptions(out=out, retries=retries, use_ray=False))


def index(out: Path) -> list[dict]:
    return [json.loads(line) for line in (out / "index.jsonl").read_text().splitlines()]


def test_a_crashing_scene_is_retried_then_reported_failed_and_the_batch_goes_on(
        jobs: list, tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    bed = jobs[1].scene_id
    stand_in = StandIn(crash={bed})
    state = run(jobs, tmp_path / "out", stand_in, monkeypatch, retries=2)
    assert [a for j, a in stand_in.calls if j == bed] == [1, 2, 3]
    assert (state.done, state.failed, state.skipped) == (2, 1, 0)
    rows = index(tmp_path / "out")
    assert [r["status"] for r in rows] == ["ok", "failed", "ok"] and rows[1]["attempts"] == 3
    assert rows[1]["error"] == "killed" and rows[1]["dir"] is None


def test_a_scene_that_succeeds_on_a_retry_is_ok_with_its_attempts(
        jobs: list, tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    stand_in = StandIn(crash={jobs[0].scene_id}, times=1)
    run(jobs, tmp_path / "out", stand_in, monkeypatch)
    assert [(r["status"], r["attempts"]) for r in index(tmp_path / "out")] == [("ok", 2), ("ok", 1), ("ok", 1)]


def test_complete_scenes_are_skipped_stale_work_is_cleared_and_the_index_rebuilt(
        jobs: list, tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    out = tmp_path / "out"
    run(jobs[:2], out, StandIn(), monkeypatch)
    (out / ".work" / "stale.1234").mkdir(parents=True)
    (out / "index.jsonl").write_text("garbage\n")
    stand_in = StandIn()
    state = run(jobs, out, stand_in, monkeypatch)
    assert stand_in.calls == [(jobs[2].scene_id, 1)] and state.skipped == 2
    assert [r["status"] for r in index(out)] == ["ok", "ok", "ok"] and not (out / ".work").exists()


def test_an_incomplete_scene_folder_is_made_again_and_kept_aside(tmp_path: Path) -> None:
    from setdresser.blender_addon.services.batch.scene_task import _publish

    final = tmp_path / "scenes" / "a-desk-s0-1"
    final.mkdir(parents=True)
    (final / "layout.json").write_text("{}")  # the rest was removed by hand
    fresh = tmp_path / ".work" / "a-desk-s0-1.abc" / "scene"
    fresh.mkdir(parents=True)
    for name in COMPLETE_FILES:
        (fresh / name).write_text("new")
    _publish(fresh, final, {"status": "ok"})
    assert (final / "scene.blend").read_text() == "new" and (final / BATCH_RECORD).is_file()
    (kept,) = (tmp_path / "incomplete").iterdir()
    assert (kept / "layout.json").read_text() == "{}"


def test_a_retry_that_finds_its_scene_published_counts_itself_in_the_folders_record(
        jobs: list, tmp_path: Path) -> None:
    """A worker killed after it published its scene, before it said so: the retry finds the scene
    made; the row and the folder's batch.json both count two attempts, so an index rebuilt from the
    files (the next run of the same batch) agrees with the first."""
    from setdresser.blender_addon.services.batch.scene_task import run_scene

    job = jobs[0]
    final = tmp_path / "scenes" / job.scene_id
    final.mkdir(parents=True)
    for name in COMPLETE_FILES:
        (final / name).write_text(json.dumps(REPORT))
    first = {"scene_id": job.scene_id, "status": "ok", "attempt": 1, "exit": 0, "wall_s": 4.2, "error": "",
             "retryable": False, "host": "here"}
    (final / BATCH_RECORD).write_text(json.dumps(first))
    outcome = run_scene(job.to_dict(), str(tmp_path), 2)
    assert outcome["status"] == "ok" and outcome["skipped"] and outcome["attempt"] == 2
    assert outcome["wall_s"] == 4.2, "the row keeps the time of the attempt that made the scene"
    assert json.loads((final / BATCH_RECORD).read_text())["attempt"] == 2
    assert runner.completed_row(job, tmp_path)["attempts"] == 2
    assert sorted(p.name for p in final.iterdir()) == sorted([*COMPLETE_FILES, BATCH_RECORD])


def test_a_second_batch_into_the_same_folder_is_refused(jobs: list, tmp_path: Path) -> None:
    out = tmp_path / "out"
    out.mkdir()
    with runner.BatchLock(out), pytest.raises(BadInput, match="another batch is running"):
        runner.run_batch(jobs, runner.BatchOptions(out=out, use_ray=False))


def test_a_stop_signal_whose_raise_python_dropped_ends_the_batch_at_the_next_update(
        jobs: list, tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    """The full suite saw a SIGTERM land in logging's fork handler, where Python only prints the
    KeyboardInterrupt: the batch went on and exited 0. The stop is remembered and raised at the next
    progress update; the index is written with what was done and what is pending."""
    import signal

    from setdresser.blender_addon.cli.batch import _Stop

    stop, seen = _Stop(), []

    def swallowing_stand_in(job_data: dict[str, Any], root: str, attempt: int) -> dict[str, Any]:
        outcome = StandIn()(job_data, root, attempt)
        if not seen:
            try:  # the signal arrives where Python drops the exception
                stop.interrupt(signal.SIGTERM, None)
            except KeyboardInterrupt:
                seen.append("dropped")
        return outcome

    monkeypatch.setattr(runner, "run_scene", swallowing_stand_in)
    with pytest.raises(KeyboardInterrupt):
        runner.run_batch(jobs, runner.BatchOptions(out=tmp_path / "b", retries=0, use_ray=False),
                         stop.guard(lambda state: None))
    assert seen == ["dropped"]
    assert [r["status"] for r in index(tmp_path / "b")] == ["ok", "pending", "pending"]
