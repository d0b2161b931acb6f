"""``generate --llm openai`` end to end against the local OpenAI-compatible test server:
real HTTP through the real client, a revision by the vision reviewer, per-iteration files,
and a failing endpoint ending in one line with exit 1."""

from __future__ import annotations

import json
import os
import subprocess
import sys
from pathlib import Path

import pytest

TESTS = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(TESTS))
sys.path.insert(0, str(TESTS / "unit" / "llm"))
from llm_replies import ACCEPT, ASSETS, CODE_REPLY, GRAPH, REVIEW  # noqa: E402
from support.openai_server import OpenAIServer, json_reply, openai_server, status, text  # noqa: E402,F401

ROOT = TESTS.parent
KEY = "sk-generate-test-key"


def generate(server: OpenAIServer, out: Path, *extra: str) -> subprocess.CompletedProcess[str]:
    command = [sys.executable, "-m", "setdresser", "generate", "a lamp on a desk", "--out", str(out), "--llm", "openai",
               "--base-url", server.url, "--model", "test-model", "--llm-timeout", "5", "--render", "workbench",
               "--resolution", "96", "--effort", "0.333", *extra]
    env = dict(os.environ, OPENAI_API_KEY=KEY)
    env.pop("OPENAI_BASE_URL", None)
    return subprocess.run(command, capture_output=True, text=True, timeout=180, env=env, cwd=ROOT)


@pytest.mark.blender
def test_the_reviewer_revises_once_then_accepts(openai_server: OpenAIServer, tmp_path: Path) -> None:
    openai_server.script(json_reply(ASSETS), json_reply(GRAPH), text(CODE_REPLY), json_reply(REVIEW), json_reply(ACCEPT))
    out = tmp_path / "llm"
    done = generate(openai_server, out, "--max-iterations", "3")
    assert done.returncode == 0, done.stderr
    report = json.loads((out / "report.json").read_text())
    assert report["llm"]["backend"] == "openai" and report["llm"]["calls"] == 5
    assert report["llm"]["tokens"]["prompt"] > 0 and report["llm"]["stages"]["reviewer"]["calls"] == 2
    assert [r["iteration"] for r in report["iterations"]] == [1, 2]
    for number in ("01", "02"):
        folder = out / "iterations" / number
        for name in ("program.py", "audit.json", "render.png", "review_view2.png", "review_top.png"):
            assert (folder / name).is_file(), f"iterations/{number}/{name}"
    assert 'weight=2.0' in (out / "iterations" / "02" / "program.py").read_text()
    # the reviewer saw the three views of iteration 1 as images
    assert len(openai_server.requests[3].image_urls()) == 3  # final, second perspective, top (issue 15)
    lines = (out / "transcript.jsonl").read_text().splitlines()
    assert len(lines) == 5
    for path in out.rglob("*"):
        if path.is_file() and path.suffix in (".json", ".jsonl", ".py"):
            assert KEY not in path.read_text(), path.name
    layout = json.loads((out / "layout.json").read_text())
    assert sorted(o["id"] for o in layout["objects"]) == ["desk_1", "lamp_1"]


@pytest.mark.blender
def test_a_failing_endpoint_ends_in_one_line_naming_the_stage(openai_server: OpenAIServer, tmp_path: Path) -> None:
    openai_server.script(*[status(500, "boom")] * 6)
    done = generate(openai_server, tmp_path / "fail", "--llm-retries", "2")
    assert done.returncode == 1
    assert "Traceback" not in done.stderr
    errors = [line for line in done.stderr.splitlines() if "error" in line]
    assert len(errors) == 1 and "assets" in errors[0] and "127.0.0.1" in errors[0], done.stderr
