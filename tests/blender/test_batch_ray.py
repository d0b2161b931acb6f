"""``setdresser batch`` on a real local Ray (2 workers, offline, no render): 12 scenes, one
worker killed mid-batch; every scene ends complete exactly once, index.jsonl agrees with the
folders, and running the same command again does no work. Without Ray, ``--workers 1`` runs
in-process and says so, and ``--workers 2`` is refused."""

from __future__ import annotations

import importlib.util
import json
import os
import signal
import subprocess
import sys
import time
from pathlib import Path

import pytest

# found, not imported: importing ray here would fix its settings for this process
pytestmark = [pytest.mark.blender,
              pytest.mark.skipif(importlib.util.find_spec("ray") is None, reason="needs the batch extra (ray)")]

ROOT = Path(__file__).resolve().parents[2]
PROMPTS = ["a desk with a chair in front of it", "a bed with a nightstand beside it",
           "a sofa facing a tv", "a table with a vase on it", "a bookshelf against the north wall",
           "an armchair next to a floor lamp"]
FAST = ["--render", "none", "--effort", "0.167", "--max-iterations", "1"]


def batch_command(prompts: Path, out: Path, *extra: str) -> list[str]:
    return [sys.executable, "-m", "setdresser", "batch", str(prompts), "--out", str(out), *FAST, *extra]


def env() -> dict[str, str]:
    """Ray without auth, telemetry or ports on the network interface (loopback only)."""
    return dict(os.environ, RAY_AUTH_MODE="disabled", RAY_USAGE_STATS_ENABLED="0", PYTHONHASHSEED="0",
                RAY_ENABLE_WINDOWS_OR_OSX_CLUSTER="0")


def kill_a_worker_mid_batch(out: Path, process: subprocess.Popen, after: int = 3, limit_s: float = 300) -> int:
    """Once ``after`` scenes are complete, SIGKILL the Ray worker of a scene in progress; its pid."""
    deadline = time.monotonic() + limit_s
    while time.monotonic() < deadline and process.poll() is None:
        done = len(list((out / "scenes").iterdir())) if (out / "scenes").is_dir() else 0
        records = sorted((out / ".work").glob("*/worker.json")) if (out / ".work").is_dir() else []
        for record in records if done >= after else []:
            try:
                pid = json.loads(record.read_text())["pid"]
            except (OSError, ValueError):
                continue
            os.kill(pid, signal.SIGKILL)
            return pid
        time.sleep(0.1)
    raise AssertionError("no scene was in progress after the first ones finished")


def read_index(out: Path) -> list[dict]:
    return [json.loads(line) for line in (out / "index.jsonl").read_text().splitlines() if line.strip()]


def test_twelve_scenes_two_workers_one_killed_then_a_rerun_does_nothing(tmp_path: Path) -> None:
    prompts, out = tmp_path / "prompts.txt", tmp_path / "batch"
    prompts.write_text("\n".join(PROMPTS) + "\n")
    command = batch_command(prompts, out, "--workers", "2", "--variants", "2", "--retries", "2")
    process = subprocess.Popen(command, stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True, env=env(),
                               cwd=ROOT)
    killed = kill_a_worker_mid_batch(out, process)
    _, stderr = process.communicate(timeout=900)
    assert process.returncode == 0, stderr[-3000:]

    rows = read_index(out)
    assert len(rows) == 12 and len({r["scene_id"] for r in rows}) == 12
    assert {(r["prompt"], r["seed"]) for r in rows} == {(p, s) for p in PROMPTS for s in (0, 1)}
    assert all(r["status"] == "ok" for r in rows)
    retried = [r for r in rows if r["attempts"] > 1]
    assert len(retried) >= 1, f"the scene of killed worker {killed} was not retried"
    folders = sorted(p.name for p in (out / "scenes").iterdir())
    assert folders == sorted(r["scene_id"] for r in rows), "a scene folder is missing or duplicated"
    for row in rows:
        folder = out / row["dir"]
        for name in ("layout.json", "report.json", "scene.blend", "manifest.json", "batch.json"):
            assert (folder / name).is_file(), (row["scene_id"], name)
        report = json.loads((folder / "report.json").read_text())
        assert (report["prompt"], report["seed"]) == (row["prompt"], row["seed"])
        assert row["metrics"]["objects"] == report["final"]["objects"]
    assert not (out / ".work").exists(), "an attempt's work folder was left behind"
    assert "12 scenes" in (out / "summary.md").read_text()

    before = {p.name: p.stat().st_mtime_ns for p in (out / "scenes").iterdir()}
    again = subprocess.run(command, capture_output=True, text=True, env=env(), cwd=ROOT, timeout=300, check=False)
    assert again.returncode == 0, again.stderr[-3000:]
    assert "(12 already there)" in " ".join(again.stderr.split())
    assert {p.name: p.stat().st_mtime_ns for p in (out / "scenes").iterdir()} == before
    assert [r["scene_id"] for r in read_index(out)] == [r["scene_id"] for r in rows]
    assert all(r["attempts"] == s["attempts"] for r, s in zip(read_index(out), rows))


CLUSTER = """
import sys, ray
context = ray.init(num_cpus=2, include_dashboard=False)
print(context.address_info["address"], flush=True)
sys.stdin.read()  # until the test closes stdin
ray.shutdown()
"""


def test_the_same_batch_runs_on_an_existing_cluster_by_address(tmp_path: Path) -> None:
    """--address: the batch connects to a Ray it did not start, and leaves it running."""
    cluster = subprocess.Popen([sys.executable, "-c", CLUSTER], stdin=subprocess.PIPE, stdout=subprocess.PIPE,
                               stderr=subprocess.DEVNULL, text=True, env=env())
    try:
        address = cluster.stdout.readline().strip()
        assert address.startswith("127.0.0.1:"), address
        prompts, out = tmp_path / "prompts.txt", tmp_path / "batch"
        prompts.write_text("\n".join(PROMPTS[:2]) + "\n")
        done = subprocess.run(batch_command(prompts, out, "--address", address), capture_output=True, text=True,
                              env=env(), cwd=ROOT, timeout=300, check=False)
        assert done.returncode == 0, done.stderr[-3000:]
        assert [r["status"] for r in read_index(out)] == ["ok", "ok"]
        assert cluster.poll() is None, "the batch stopped a cluster it did not start"
    finally:
        cluster.communicate(input="", timeout=120)


def test_without_ray_one_worker_runs_in_process_and_a_bad_prompt_fails_alone(tmp_path: Path) -> None:
    prompts = tmp_path / "prompts.jsonl"
    prompts.write_text(json.dumps({"prompt": "qwerty asdfgh zxcvbn"}) + "\n" +
                       json.dumps({"prompt": PROMPTS[0], "seed": 3, "export": "glb"}) + "\n")
    hide_ray = "import sys; sys.modules['ray'] = None; from setdresser.blender_addon.cli import main; sys.exit(main())"
    refused = subprocess.run([sys.executable, "-c", hide_ray, "batch", str(prompts), "--out", str(tmp_path / "b"),
                              "--workers", "2"], capture_output=True, text=True, env=env(), cwd=ROOT, timeout=120,
                             check=False)
    assert refused.returncode == 2 and "--workers" in refused.stderr and "setdresser[batch]" in refused.stderr
    done = subprocess.run([sys.executable, "-c", hide_ray, "batch", str(prompts), "--out", str(tmp_path / "b"),
                           "--workers", "1", *FAST], capture_output=True, text=True, env=env(), cwd=ROOT, timeout=300,
                          check=False)
    assert done.returncode == 1, done.stderr[-3000:]  # one scene failed; the batch went on
    assert "Ray is not installed" in " ".join(done.stderr.split())
    bad, good = read_index(tmp_path / "b")
    assert bad["status"] == "failed" and bad["attempts"] == 1 and bad["exit"] == 2, bad  # bad input: no retry
    assert "found no object" in bad["error"] and bad["dir"] is None
    assert (tmp_path / "b" / "logs" / f"{bad['scene_id']}.log").is_file()
    assert good["status"] == "ok" and good["seed"] == 3 and good["settings"]["export"] == ["glb"]
    manifest = json.loads((tmp_path / "b" / good["dir"] / "manifest.json").read_text())
    assert {"export/scene.glb", "export/nodes.json"} <= {f["path"] for f in manifest["files"]}  # the line's export
    assert sorted(p.name for p in (tmp_path / "b" / "scenes").iterdir()) == [good["scene_id"]]
    assert "1 failed" in (tmp_path / "b" / "summary.md").read_text()


def test_a_stopped_batch_writes_its_index_and_the_same_command_finishes_the_rest(tmp_path: Path) -> None:
    """SIGTERM (a scheduler's stop) ends the batch like Ctrl-C: exit 130, the index shows what
    was done and what is pending, and running the same command again makes only the rest."""
    prompts, out = tmp_path / "prompts.txt", tmp_path / "b"
    prompts.write_text("\n".join(PROMPTS[:3]) + "\n")
    hide_ray = "import sys; sys.modules['ray'] = None; from setdresser.blender_addon.cli import main; sys.exit(main())"
    command = [sys.executable, "-c", hide_ray, "batch", str(prompts), "--out", str(out), "--workers", "1", *FAST]
    process = subprocess.Popen(command, stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True, env=env(), cwd=ROOT)
    deadline = time.monotonic() + 240
    while time.monotonic() < deadline and not ((out / "scenes").is_dir() and any((out / "scenes").iterdir())):
        time.sleep(0.1)
    process.send_signal(signal.SIGTERM)
    _, stderr = process.communicate(timeout=120)
    assert process.returncode == 130, stderr[-2000:]
    statuses = [r["status"] for r in read_index(out)]
    made = sorted(p.name for p in (out / "scenes").iterdir())
    assert statuses.count("ok") == len(made) >= 1 and statuses.count("pending") == 3 - len(made)
    again = subprocess.run(command, capture_output=True, text=True, env=env(), cwd=ROOT, timeout=300, check=False)
    assert again.returncode == 0, again.stderr[-2000:]
    assert f"({len(made)} already there)" in " ".join(again.stderr.split())
    assert [r["status"] for r in read_index(out)] == ["ok", "ok", "ok"]
